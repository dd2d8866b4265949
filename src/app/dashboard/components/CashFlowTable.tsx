/**
 * Spend per period: planned, earned, actual and forecast, each for the period and cumulative.
 * Earned and actual are blank (n/a) where no status is known; the status period is marked.
 */
import type { Analysis } from '../../../core/evm/types';
import { formatAmount, formatDateText, type FormatContext } from './valueFormat';

export interface CashFlowTableProps {
  analysis: Analysis;
}

export function CashFlowTable({ analysis }: CashFlowTableProps) {
  const ctx: Pick<FormatContext, 'basis' | 'currency'> = { basis: analysis.measureBasis, currency: analysis.project.currency };
  const a = (v: number | null) => (v === null ? 'n/a' : formatAmount(v, ctx));
  return (
    <div className="cash-flow">
      <table className="cash-flow__table">
        <caption className="sr-only">Cash flow per period, for the period and cumulative</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
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
            {['Planned', 'Earned', 'Actual', 'Forecast', 'Planned', 'Earned', 'Actual', 'Forecast'].map((h, i) => (
              <th key={i} scope="col" className="num">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {analysis.cashFlow.map((r) => {
            const status = r.index === analysis.statusPeriod;
            return (
              <tr key={r.index} className={status ? 'cash-flow__status' : undefined} aria-current={status ? 'true' : undefined}>
                <th scope="row">
                  {r.end ? formatDateText(r.end) : r.label}
                  {status ? <span className="badge badge-muted cash-flow__badge">Data date</span> : null}
                </th>
                <td className="num">{a(r.planned)}</td>
                <td className="num">{a(r.earned)}</td>
                <td className="num">{a(r.actual)}</td>
                <td className="num">{a(r.forecast)}</td>
                <td className="num">{a(r.cumulative.planned)}</td>
                <td className="num">{a(r.cumulative.earned)}</td>
                <td className="num">{a(r.cumulative.actual)}</td>
                <td className="num">{a(r.cumulative.forecast)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
