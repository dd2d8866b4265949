/**
 * /app/projects/:id/cash-flow — planned, earned, actual and forecast spend per period of the
 * toolbar's grid (weeks or months): a chart of bars per period and cumulative lines beside the
 * table (above it on a phone). Figures come from the data worker's analysis (`useProject().data`);
 * this page only lays them out.
 */
import { useCallback, useMemo } from 'react';
import type { CashFlowSeriesId } from '../../../core/chart/cashFlowChart';
import type { Analysis } from '../../../core/evm/types';
import { formatDataDate } from '../../../core/format';
import { CashFlowChart } from '../../../ui/charts/CashFlowChart';
import { CashFlowTable, periodName } from '../../dashboard/components/CashFlowTable';
import { formatAmount, formatContextOf, type FormatContext } from '../../dashboard/components/valueFormat';
import '../../dashboard/dashboard.css';
import { useProject } from '../projectContext';
import './cashflow.css';

const NAMES: Record<CashFlowSeriesId, string> = { planned: 'Planned (PV)', earned: 'Earned (EV)', actual: 'Actual (AC)', forecast: 'Forecast (to EAC)' };

export default function CashFlowPage() {
  const p = useProject();
  const analysis = p.data?.analysis ?? null;
  if (!analysis) return p.error ? null : <p className="muted">Computing the cash flow…</p>;
  if (analysis.cashFlow.length === 0) return <p className="muted">This analysis has no reporting periods, so there is no cash flow: give the activities dates, or import a period table.</p>;
  return <CashFlowView analysis={analysis} />;
}

function CashFlowView({ analysis }: { analysis: Analysis }) {
  const ctx = useMemo(() => formatContextOf(analysis), [analysis]);
  const formatTick = useCallback((v: number) => formatAmount(v, ctx, { compact: true }), [ctx]);
  const formatValue = useCallback((v: number) => formatAmount(v, ctx), [ctx]);
  const info = analysis.cashFlowInfo;
  const before = info?.beforeFirstStatus ?? null;
  const unit = analysis.measureBasis === 'cost' ? analysis.project.currency : 'hours';
  const names = analysis.measureBasis === 'cost' ? NAMES : { ...NAMES, actual: 'Actual (hours)' };
  const summary = useMemo(() => summaryOf(analysis, ctx), [analysis, ctx]);
  return (
    <div className="cash-flow-page">
      <p className="cash-flow-page__lead">
        Spend per {ctx.periodUnit}
        {analysis.dataDate ? `, with the data date ${formatDataDate(analysis.dataDate)}` : ''}
        {analysis.measureBasis === 'cost' ? '' : ' (in hours: the schedule is measured in labour units)'}. Earned and actual run to the data date; the
        forecast spreads the estimate to complete ({formatAmount(analysis.cost.etc.value ?? 0, ctx)}) after it.
      </p>
      {info?.notes.length || analysis.noActualsReason ? (
        <ul className="cash-flow-page__notes" aria-label="How the cash flow was built">
          {analysis.noActualsReason ? <li>{analysis.noActualsReason}</li> : null}
          {info?.notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      ) : null}
      <div className="cash-flow-page__grid">
        <section className="cash-flow-page__chart card" aria-labelledby="cash-flow-chart-title">
          <h2 id="cash-flow-chart-title" className="cash-flow-page__heading">
            Spend per {ctx.periodUnit} and cumulative
          </h2>
          <CashFlowChart
            title="Cash flow: planned, earned, actual and forecast spend per period, with cumulative lines"
            summary={summary}
            rows={analysis.cashFlow}
            before={before}
            statusPeriod={analysis.statusPeriod}
            statusAt={analysis.schedule.at.value}
            unit={unit}
            names={names}
            formatTick={formatTick}
            formatValue={formatValue}
            formatPeriod={periodName}
          />
        </section>
        <section className="cash-flow-page__table" aria-labelledby="cash-flow-table-title">
          <h2 id="cash-flow-table-title" className="cash-flow-page__heading">
            Cash flow table
          </h2>
          <CashFlowTable analysis={analysis} />
        </section>
      </div>
    </div>
  );
}

/** What the chart shows, in words (its text alternative). */
function summaryOf(a: Analysis, ctx: FormatContext): string {
  const f = (v: number | null | undefined) => (v === null || v === undefined ? 'not known' : formatAmount(v, ctx));
  const rows = a.cashFlow;
  const last = rows[rows.length - 1];
  const status = rows[a.statusPeriod - 1];
  const parts = [
    `Cash flow over ${rows.length} ${rows.length === 1 ? ctx.periodUnit : `${ctx.periodUnit}s`} from ${periodName(rows[0])} to ${periodName(last)}: planned spend totals ${f(last.cumulative.planned)}.`,
  ];
  if (status) parts.push(`At the data date (${periodName(status)}) earned value is ${f(status.cumulative.earned)} and actual cost ${f(status.cumulative.actual)}.`);
  const before = a.cashFlowInfo?.beforeFirstStatus;
  if (before && before.actual !== null) parts.push(`${f(before.actual)} of it was spent before the first status and is shown as one amount.`);
  if (last.cumulative.forecast !== null && rows.length > a.statusPeriod) parts.push(`The forecast reaches ${f(last.cumulative.forecast)} by ${periodName(last)}.`);
  let peak: (typeof rows)[number] | null = null;
  for (const r of rows) if (!peak || r.planned > peak.planned) peak = r;
  if (peak) parts.push(`Planned spend peaks at ${f(peak.planned)} in ${periodName(peak)}.`);
  return parts.join(' ');
}
