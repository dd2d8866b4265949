/**
 * The whole dashboard for one analysis: key figures, the S-curve, commentary, alerts, the
 * breakdown and the cash flow. Purely presentational: the page computes `data` in a worker and
 * passes it in. Each section has an h2; the components inside use h3 and below.
 */
import { useId, type ReactNode } from 'react';
import { MEASURE_BASES } from '../../../core/evm/dictionary';
import { formatDataDate } from '../../../core/format';
import type { AlertRule } from '../../../core/insight/rules';
import { AlertsList } from './AlertsList';
import { BreakdownTable } from './BreakdownTable';
import { CashFlowTable } from './CashFlowTable';
import { CommentaryPanel } from './CommentaryPanel';
import { InputWarnings } from './InputWarnings';
import { MetricCards } from './MetricCards';
import { SCurveChart } from './SCurveChart';
import { MathGroup } from './ShowMath';
import type { CommentHooks, DashboardData } from './types';
import '../dashboard.css';

export interface DashboardProps {
  data: DashboardData;
  rules?: readonly AlertRule[];
  /** Show the per-period cash flow table (default true). */
  showCashFlow?: boolean;
  /** Comment buttons on breakdown rows and alerts (the app's dashboard only). */
  comments?: CommentHooks;
}

/** A dashboard section: an h2 the section is labelled by (the components inside use h3 and below). */
export function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`dashboard-view__section${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="dashboard-view__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Dashboard({ data, rules, showCashFlow = true, comments }: DashboardProps) {
  const { analysis, alerts, commentary } = data;
  const basisNote = MEASURE_BASES[analysis.measureBasis].note;
  return (
    <MathGroup>
      <div className="dashboard-view">
        <p className="dashboard-view__meta">
          {analysis.dataDate ? <>Status at {formatDataDate(analysis.dataDate)}</> : 'No data date'}
          {basisNote ? <span className="dashboard-view__basis"> · {basisNote}</span> : null}
        </p>
        <InputWarnings warnings={analysis.warnings} />
        <Section title="Key figures">
          <MetricCards data={data} rules={rules} />
        </Section>
        <Section title="S-curve" className="dashboard-view__card">
          <SCurveChart analysis={analysis} />
        </Section>
        <div className="dashboard-view__columns">
          <Section title="Commentary" className="dashboard-view__card">
            <CommentaryPanel commentary={commentary} />
          </Section>
          <Section title="Alerts" className="dashboard-view__card">
            <AlertsList alerts={alerts} comments={comments} />
          </Section>
        </div>
        {analysis.breakdown ? (
          <Section title="Breakdown" className="dashboard-view__card">
            <BreakdownTable root={analysis.breakdown} currency={analysis.project.currency} basis={analysis.measureBasis} rules={rules} comments={comments} />
          </Section>
        ) : null}
        {showCashFlow && analysis.cashFlow.length ? (
          <Section title="Cash flow" className="dashboard-view__card">
            <CashFlowTable analysis={analysis} />
          </Section>
        ) : null}
      </div>
    </MathGroup>
  );
}
