/**
 * The cash-flow table's rows and columns on the table kit (tests/web/dashboard/cashFlowColumns.test.ts).
 *
 * Cells that cannot exist are blank: earned and actual after the status period, the forecast up to
 * it (and actual and forecast throughout when the file records no actuals). Inside the past, a
 * period whose own spend is not known shows a dash with its reason for screen readers; the amount
 * sits in the period that closes the gap ("covers n periods") or in the "Before first status" row.
 * Sort and CSV read the unrounded value; blanks and dashes sort last and are empty CSV cells.
 */
import type { Analysis, CashFlowBefore, CashFlowRow } from '../../../core/evm/types';
import type { TableColumn } from '../../../ui/table';
import { formatAmount, formatDateText, type FormatContext } from './valueFormat';

export type CashFlowSeries = 'planned' | 'earned' | 'actual' | 'forecast';
export const CASH_FLOW_SERIES: readonly CashFlowSeries[] = ['planned', 'earned', 'actual', 'forecast'];
const NAME: Record<CashFlowSeries, string> = { planned: 'Planned', earned: 'Earned', actual: 'Actual', forecast: 'Forecast' };

/** A row of the table: the spend before the first status (when the file does not place it), or a period. */
export type CashFlowTableRow = { kind: 'before'; before: CashFlowBefore; firstStatusName: string } | { kind: 'period'; row: CashFlowRow; status: boolean };

/** What one cell holds: nothing (it cannot exist), a dash with its reason, or an amount. */
export type CashFlowCell = { kind: 'blank' } | { kind: 'unknown'; why: string } | { kind: 'value'; value: number; spans: number };

/** The period's name in the table and the chart: its end date, else the source's label. */
export function periodName(r: Pick<CashFlowRow, 'end' | 'label'>): string {
  return r.end ? formatDateText(r.end) : r.label;
}

/** The rows in period order, the "Before first status" row first. */
export function cashFlowTableRows(analysis: Analysis): CashFlowTableRow[] {
  const rows = analysis.cashFlow;
  const before = analysis.cashFlowInfo?.beforeFirstStatus ?? null;
  const out: CashFlowTableRow[] = [];
  if (before) out.push({ kind: 'before', before, firstStatusName: periodName(rows[before.firstStatus - 1] ?? rows[0] ?? { end: null, label: '' }) });
  for (const row of rows) out.push({ kind: 'period', row, status: row.index === analysis.statusPeriod });
  return out;
}

const unknownWhy = (s: CashFlowSeries) =>
  s === 'actual' || s === 'earned'
    ? `not known for this period alone: the ${s === 'actual' ? 'spend' : 'value earned'} is shown where the next status closes the gap`
    : 'not known';

/** The cell of series `s`, for the period or cumulative, in one row. */
export function cashFlowCell(analysis: Pick<Analysis, 'statusPeriod' | 'cashFlowInfo'>, r: CashFlowTableRow, s: CashFlowSeries, cumulative: boolean): CashFlowCell {
  const noActuals = analysis.cashFlowInfo?.actualSource === 'none';
  if (r.kind === 'before') {
    // Only the period's own earned and actual exist before the first status; null stays an empty cell.
    if (cumulative || s === 'planned' || s === 'forecast') return { kind: 'blank' };
    const v = r.before[s];
    return v === null ? { kind: 'blank' } : { kind: 'value', value: v, spans: 0 };
  }
  const row = r.row;
  const k = row.index;
  const S = analysis.statusPeriod;
  const exists = s === 'planned' ? true : s === 'forecast' ? (cumulative ? k >= S : k > S) : k <= S;
  if (!exists || (noActuals && (s === 'actual' || s === 'forecast'))) return { kind: 'blank' };
  const v = cumulative ? row.cumulative[s] : row[s];
  if (v === null) return { kind: 'unknown', why: unknownWhy(s) };
  const spans = !cumulative && (s === 'actual' || s === 'earned') && row.spansFrom !== undefined ? k - row.spansFrom + 1 : 0;
  return { kind: 'value', value: v, spans };
}

const valueOf = (c: CashFlowCell): number | null => (c.kind === 'value' ? c.value : null);

export function cashFlowColumns(analysis: Pick<Analysis, 'statusPeriod' | 'cashFlowInfo' | 'cashFlow' | 'measureBasis' | 'project'>): TableColumn<CashFlowTableRow>[] {
  const ctx: Pick<FormatContext, 'basis' | 'currency'> = { basis: analysis.measureBasis, currency: analysis.project.currency };
  const rows = analysis.cashFlow;
  const series = (cumulative: boolean) =>
    CASH_FLOW_SERIES.map((s): TableColumn<CashFlowTableRow> => {
      const cell = (r: CashFlowTableRow) => cashFlowCell(analysis, r, s, cumulative);
      return {
        id: `${cumulative ? 'c' : 'p'}-${s}`,
        label: cumulative ? `Cum. ${NAME[s].toLowerCase()}` : NAME[s],
        title: cumulative ? `Cumulative ${NAME[s].toLowerCase()} to the period end` : `${NAME[s]} in the period`,
        numeric: true,
        sortValue: (r) => valueOf(cell(r)),
        csvValue: (r) => valueOf(cell(r)),
        cellClass: (r) => (cell(r).kind === 'unknown' ? 'cash-flow__unknown' : undefined),
        cellData: (r) => {
          const c = cell(r);
          // The before row's empty earned/actual is "none before the first status", not a cell that cannot exist.
          if (c.kind === 'blank') return r.kind === 'before' && !cumulative && (s === 'earned' || s === 'actual') ? {} : { 'data-blank': '' };
          return c.kind === 'value' ? { 'data-value': c.value } : {};
        },
        render: (r) => {
          const c = cell(r);
          if (c.kind === 'blank') return null;
          if (c.kind === 'unknown')
            return (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">{c.why}</span>
              </>
            );
          const from = r.kind === 'period' && r.row.spansFrom !== undefined ? (rows[r.row.spansFrom - 2] ?? rows[0]) : undefined;
          return (
            <>
              {formatAmount(c.value, ctx)}
              {c.spans > 1 && from ? (
                <span className="cash-flow__covers" title={`Spend since ${periodName(from)}: the periods in between are not known one by one`}>
                  {' '}
                  covers {c.spans} periods
                </span>
              ) : null}
            </>
          );
        },
      };
    });
  return [
    {
      id: 'period',
      label: 'Period end',
      required: true,
      className: 'cash-flow__period',
      // The spend before the first status sorts before the first period.
      sortValue: (r) => (r.kind === 'before' ? -1 : r.row.index),
      csvValue: (r) => (r.kind === 'before' ? 'Before first status' : r.row.end ? r.row.end.slice(0, 10) : r.row.label),
      render: (r) =>
        r.kind === 'before' ? (
          <>
            Before first status
            <span className="muted cash-flow__note"> up to {r.firstStatusName}; not known period by period</span>
          </>
        ) : (
          <>
            {periodName(r.row)}
            {r.status ? <span className="badge badge-muted cash-flow__badge">Data date</span> : null}
          </>
        ),
    },
    ...series(false),
    ...series(true),
  ];
}
