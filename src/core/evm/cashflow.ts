/**
 * Cash flow: planned, earned, actual and forecast spend per period, incremental and cumulative.
 *
 * Forecast = actual up to the status period. After it, the estimate to complete (from the
 * selected EAC) is spread over the remaining periods in the shape of `remainingShape`: the
 * bottom-up phasing of each activity's remaining cost over its forecast dates when the schedule
 * has them, otherwise the remaining planned value. The shape is scaled so the forecast ends at
 * the selected EAC exactly.
 */
import type { CashFlowRow, PeriodPoint } from './types';

export function cashFlow(
  points: PeriodPoint[],
  statusPeriod: number,
  status: { pv: number; ev: number; ac: number | null },
  etc: number | null,
  remainingShape?: Float64Array | null,
): CashFlowRow[] {
  const P = points.length;
  // Incremental forecast after the status period.
  const after = new Float64Array(P);
  if (etc !== null && etc > 0) {
    let shape = remainingShape ?? null;
    let total = 0;
    if (shape) for (let k = statusPeriod; k < P; k++) total += shape[k];
    if (!shape || !(total > 0)) {
      // Remaining planned value per period after the status date.
      shape = new Float64Array(P);
      for (let k = statusPeriod; k < P; k++) {
        const prevPv = k === statusPeriod ? Math.max(status.pv, points[k - 1].pv) : points[k - 1].pv;
        shape[k] = Math.max(0, points[k].pv - prevPv);
      }
      total = 0;
      for (let k = statusPeriod; k < P; k++) total += shape[k];
    }
    if (!(total > 0)) {
      // Nothing left in the plan (the job runs past its planned finish): spread evenly.
      shape = new Float64Array(P);
      for (let k = statusPeriod; k < P; k++) shape[k] = 1;
      total = P - statusPeriod;
    }
    if (total > 0) for (let k = statusPeriod; k < P; k++) after[k] = (etc * shape[k]) / total;
  }

  const rows: CashFlowRow[] = [];
  // A spend forecast continues from actual spend; with no actuals recorded there is none.
  const noActuals = status.ac === null;
  let cumForecast = 0;
  let prevEv: number | null = 0;
  let prevAc: number | null = 0;
  let prevPv = 0;
  for (let idx = 0; idx < P; idx++) {
    const p = points[idx];
    const k = idx + 1;
    const ev = k === statusPeriod ? status.ev : k < statusPeriod ? p.ev : null;
    const ac = k === statusPeriod ? status.ac : k < statusPeriod ? p.ac : null;
    const earned = ev === null || prevEv === null ? null : ev - prevEv;
    const actual = ac === null || prevAc === null ? null : ac - prevAc;
    let forecast: number;
    if (k < statusPeriod) forecast = ac === null ? 0 : ac - cumForecast;
    else if (k === statusPeriod) forecast = (status.ac ?? 0) - cumForecast;
    else forecast = after[idx];
    cumForecast += forecast;
    rows.push({
      index: k,
      label: p.label,
      end: p.end,
      planned: p.pv - prevPv,
      earned,
      actual,
      forecast: noActuals ? null : forecast,
      cumulative: { planned: p.pv, earned: ev, actual: ac, forecast: noActuals ? null : cumForecast },
    });
    prevPv = p.pv;
    if (k <= statusPeriod) {
      prevEv = ev;
      prevAc = ac;
    }
  }
  return rows;
}
