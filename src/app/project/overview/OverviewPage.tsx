/**
 * /app/projects/:id — the project at a glance (issue 14 "Overview"): the key figures as a dense
 * grid of compact cards, the S-curve, the commentary and the top alerts. The detail (breakdown,
 * cash flow, the variance narratives) is on the other tabs, one click away.
 */
import { MEASURE_BASES } from '../../../core/evm/dictionary';
import { formatDataDate } from '../../../core/format';
import { MathGroup, MetricCards, SCurveChart } from '../../dashboard/components';
import { InputWarnings } from '../../dashboard/components/InputWarnings';
import { Section } from '../../dashboard/components/Dashboard';
import { MeasuredAgainst } from './MeasuredAgainst';
import { RiskForecast } from './RiskForecast';
import { OverviewCommentary } from './OverviewCommentary';
import { useProject } from '../projectContext';
import { TopAlerts } from './TopAlerts';
import './overview.css';

export default function OverviewPage() {
  const p = useProject();
  if (!p.data) return null;
  const { analysis, alerts, commentary } = p.data;
  const basisNote = MEASURE_BASES[analysis.measureBasis].note;
  return (
    <MathGroup>
      <div className="dashboard-view overview">
        <p className="dashboard-view__meta">
          {analysis.dataDate ? <>Status at {formatDataDate(analysis.dataDate)}</> : 'No data date'}
          {basisNote ? <span className="dashboard-view__basis"> · {basisNote}</span> : null}
        </p>
        <MeasuredAgainst data={p.data} projectPath={`/app/projects/${encodeURIComponent(p.id)}`} />
        <RiskForecast data={p.data} projectPath={`/app/projects/${encodeURIComponent(p.id)}`} />
        <InputWarnings warnings={analysis.warnings} />
        <Section title="Key figures" className="overview__figures">
          <MetricCards data={p.data} rules={p.data.rules} />
        </Section>
        <div className="overview__columns">
          <Section title="S-curve" className="dashboard-view__card overview__chart">
            <SCurveChart analysis={analysis} height={280} />
          </Section>
          <Section title="Top alerts" className="dashboard-view__card overview__alerts">
            <TopAlerts alerts={alerts} alertsPath={`/app/projects/${encodeURIComponent(p.id)}/alerts`} comments={p.comments} />
          </Section>
        </div>
        <Section title="Commentary" className="dashboard-view__card overview__commentary">
          <OverviewCommentary commentary={commentary} />
        </Section>
      </div>
    </MathGroup>
  );
}
