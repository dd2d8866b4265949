/**
 * Spend per period: planned, earned, actual and forecast, each for the period and cumulative.
 *
 * Cells that cannot exist are blank: earned and actual after the status period, the forecast up to
 * it. Inside the past, a period whose own spend is not known (the spend between two statuses
 * several periods apart, or before the first status) shows a dash with its reason for screen
 * readers; the amount sits in the period that closes the gap, marked "covers n periods", or in the
 * "Before first status" row. The status period is marked.
 */
import type { Analysis, CashFlowRow } from '../../../core/evm/types';
import { formatAmount, formatDateText, type FormatContext } from './valueFormat';

export interface CashFlowTableProps {
  analysis: Analysis;
}

type Col = 'planned' | 'earned' | 'actual' | 'forecast';
const COLS: readonly Col[] = ['planned', 'earned', 'actual', 'forecast'];
const HEAD: Record<Col, string> = { planned: 'Planned', earned: 'Earned', actual: 'Actual', forecast: 'Forecast' };

/** The period's name in the table and the chart: its end date, else the source's label. */
export function periodName(r: Pick<CashFlowRow, 'end' | 'label'>): string {
  return r.end ? formatDateText(r.end) : r.label;
}

export function CashFlowTable({ analysis }: CashFlowTableProps) {
  const ctx: Pick<FormatContext, 'basis' | 'currency'> = { basis: analysis.measureBasis, currency: analysis.project.currency };
  const S = analysis.statusPeriod;
  const rows = analysis.cashFlow;
  const before = analysis.cashFlowInfo?.beforeFirstStatus ?? null;
  const amount = (v: number) => formatAmount(v, ctx);

  /** Whether a cell exists at all for this period (blank when not). */
  const exists = (col: Col, k: number, cumulative: boolean) => {
    if (col === 'planned') return true;
    if (col === 'forecast') return cumulative ? k >= S : k > S;
    return k <= S;
  };
  const unknownWhy = (col: Col) =>
    col === 'actual' || col === 'earned'
      ? `not known for this period alone: the ${col === 'actual' ? 'spend' : 'value earned'} is shown where the next status closes the gap`
      : 'not known';
  const cell = (r: CashFlowRow, col: Col, cumulative: boolean) => {
    const v = cumulative ? r.cumulative[col] : col === 'planned' ? r.planned : r[col];
    const key = `${cumulative ? 'c' : 'p'}-${col}`;
    if (!exists(col, r.index, cumulative) || (col === 'actual' && analysis.cashFlowInfo?.actualSource === 'none') || (col === 'forecast' && analysis.cashFlowInfo?.actualSource === 'none'))
      return <td key={key} className="num" data-col={key} data-blank="" />;
    if (v === null)
      return (
        <td key={key} className="num cash-flow__unknown" data-col={key}>
          <span aria-hidden="true">–</span>
          <span className="sr-only">{unknownWhy(col)}</span>
        </td>
      );
    const spans = !cumulative && (col === 'actual' || col === 'earned') && r.spansFrom !== undefined ? r.index - r.spansFrom + 1 : 0;
    return (
      <td key={key} className="num" data-col={key} data-value={v}>
        {amount(v)}
        {spans > 1 ? (
          <span className="cash-flow__covers" title={`Spend since ${periodName(rows[r.spansFrom! - 2] ?? rows[0])}: the periods in between are not known one by one`}>
            {' '}
            covers {spans} periods
          </span>
        ) : null}
      </td>
    );
  };

  return (
    <div className="cash-flow" tabIndex={0} role="region" aria-label="Cash flow table (scrolls)">
      <table className="cash-flow__table">
        <caption className="sr-only">Cash flow per period, for the period and cumulative. Blank cells cannot exist: earned and actual after the data date, the forecast before it.</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="cash-flow__period">
              Period end
            </th>
            <th scope="colgroup" colSpan={4}>
              In the period
            </th>
            <th scope="colgroup" colSpan={4}>
              Cumulative
            </th>
          </tr>
          <tr>
            {[...COLS, ...COLS].map((c, i) => (
              <th key={i} scope="col" className="num">
                {HEAD[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before ? (
            <tr className="cash-flow__before" data-row="before">
              <th scope="row" className="cash-flow__period">
                Before first status
              </th>
              <td className="num" data-col="p-planned" data-blank="" />
              <td className="num" data-col="p-earned" data-value={before.earned ?? undefined}>
                {before.earned === null ? '' : amount(before.earned)}
              </td>
              <td className="num" data-col="p-actual" data-value={before.actual ?? undefined}>
                {before.actual === null ? '' : amount(before.actual)}
              </td>
              <td className="num" data-col="p-forecast" data-blank="" />
              <td className="num" colSpan={4}>
                <span className="muted cash-flow__note">Up to {periodName(rows[before.firstStatus - 1] ?? rows[0])}; not known period by period</span>
              </td>
            </tr>
          ) : null}
          {rows.map((r) => {
            const status = r.index === S;
            return (
              <tr key={r.index} data-period={r.index} className={status ? 'cash-flow__status' : undefined} aria-current={status ? 'true' : undefined}>
                <th scope="row" className="cash-flow__period">
                  {periodName(r)}
                  {status ? <span className="badge badge-muted cash-flow__badge">Data date</span> : null}
                </th>
                {COLS.map((c) => cell(r, c, false))}
                {COLS.map((c) => cell(r, c, true))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
