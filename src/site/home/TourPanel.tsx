/**
 * The product tour's panels (loaded lazily): the built-in sample project through the real engine,
 * shown with the app's own dashboard components: metric cards with "show the math", the S-curve,
 * the control-account breakdown, the commentary and the alerts.
 */
import { useMemo } from 'react';
import { AlertsList } from '../../app/dashboard/components/AlertsList';
import { BreakdownTable } from '../../app/dashboard/components/BreakdownTable';
import { metricCards } from '../../app/dashboard/components/cardModels';
import { CommentaryPanel } from '../../app/dashboard/components/CommentaryPanel';
import { MetricCard } from '../../app/dashboard/components/MetricCards';
import { SCurveChart } from '../../app/dashboard/components/SCurveChart';
import { MathGroup } from '../../app/dashboard/components/ShowMath';
import { formatContextOf, formatDateText } from '../../app/dashboard/components/valueFormat';
import '../../app/dashboard/dashboard.css';
import { analyseSample, type SampleResults } from './sampleProject';
import type { TourTabId } from './tourTabs';
import './tour.css';

/** The cards the Dashboard tab shows, in order. */
const DASHBOARD_CARDS = ['spi', 'cpi', 'spit', 'eac', 'tcpiBac', 'forecastFinish'] as const;

let cached: SampleResults | null = null;
/** The sample's results, computed once per page (a few milliseconds: fourteen activities). */
function sample(): SampleResults {
  cached ??= analyseSample();
  return cached;
}

function Meta({ results }: { results: SampleResults }) {
  const a = results.analysis;
  return (
    <p className="tour-panel__meta">
      <strong>{a.project.name}</strong> · status at {a.dataDate ? formatDateText(a.dataDate) : 'n/a'} · {a.series.length} monthly periods · sample data
    </p>
  );
}

function DashboardTab({ results }: { results: SampleResults }) {
  const { analysis } = results;
  const ctx = useMemo(() => formatContextOf(analysis), [analysis]);
  const cards = useMemo(() => {
    const all = metricCards(analysis, ctx);
    return DASHBOARD_CARDS.map((id) => all.find((c) => c.id === id)).filter((c) => c !== undefined);
  }, [analysis, ctx]);
  return (
    <MathGroup>
      <Meta results={results} />
      <h3 className="tour-panel__heading">Key figures</h3>
      <ul className="metric-cards tour-panel__cards">
        {cards.map((card) => (
          <li key={card.id}>
            <MetricCard card={card} ctx={ctx} />
          </li>
        ))}
      </ul>
      <h3 className="tour-panel__heading">S-curve</h3>
      <SCurveChart analysis={analysis} height={280} />
    </MathGroup>
  );
}

function AnalyserTab({ results }: { results: SampleResults }) {
  const { analysis, commentary } = results;
  return (
    <>
      <Meta results={results} />
      {analysis.breakdown ? (
        <>
          <h3 className="tour-panel__heading">Control account breakdown</h3>
          <BreakdownTable root={analysis.breakdown} currency={analysis.project.currency} basis={analysis.measureBasis} />
        </>
      ) : null}
      <h3 className="tour-panel__heading">Commentary</h3>
      <div className="tour-panel__commentary">
        <CommentaryPanel commentary={commentary} />
      </div>
    </>
  );
}

function AlertsTab({ results }: { results: SampleResults }) {
  return (
    <>
      <Meta results={results} />
      <h3 className="tour-panel__heading">Alerts at the default thresholds</h3>
      <p className="tour-panel__note">
        Each alert names the project or control account, the figure and the threshold it crossed. A critical breach of a measure replaces its warning.
      </p>
      <AlertsList alerts={results.alerts} limit={Infinity} />
    </>
  );
}

export default function TourPanel({ tab }: { tab: TourTabId }) {
  const results = sample();
  return (
    <div className="tour-panel">
      {tab === 'dashboard' ? <DashboardTab results={results} /> : tab === 'analyser' ? <AnalyserTab results={results} /> : <AlertsTab results={results} />}
    </div>
  );
}
