/**
 * The S-curve's points from an analysis: cumulative PV, EV and AC per period end, and the forecast
 * spend from the status period on. x is measured in periods from the start of the grid (x = k at
 * the end of period k), so the data date sits at AT, the periods elapsed at the status date. The
 * Overview (app/dashboard/components/sCurve.ts) and the PDF (core/report/charts.ts) both draw these.
 */
import { formatEndDate } from '../format';
import type { Analysis } from '../evm/types';

export interface SCurvePoints {
  xs: number[];
  /** "Start", then each period's end date (or its label). */
  xLabels: string[];
  pv: (number | null)[];
  ev: (number | null)[];
  ac: (number | null)[];
  forecast: (number | null)[];
  /** Whether the forecast reaches past the status period (else it is not drawn). */
  hasForecast: boolean;
  /** The data date's x, null when the analysis has neither a date nor a time-based AT. */
  markerX: number | null;
}

/** Null when the analysis has no reporting periods. */
export function sCurvePoints(analysis: Analysis): SCurvePoints | null {
  const periods = analysis.series.map((p) => p.period);
  if (periods.length === 0) return null;
  // x = 0 is the start of the grid, where cumulative PV is 0 by definition (PV_0 = 0). EV and AC
  // get no value there: the engine knows them only where it had a status, and never invents one.
  const xs = [0, ...periods.map((p) => p.index)];
  const xLabels = ['Start', ...periods.map((p) => (p.end ? formatEndDate(p.end) : p.label))];
  // Forecast from the status period on: actual to date, then the ETC spread to the EAC.
  const byIndex = new Map(analysis.cashFlow.map((r) => [r.index, r.cumulative.forecast]));
  const forecast: (number | null)[] = [null, ...periods.map((p) => (p.index >= analysis.statusPeriod ? (byIndex.get(p.index) ?? null) : null))];
  const at = analysis.schedule.at.value;
  return {
    xs,
    xLabels,
    pv: [0, ...periods.map((p) => p.pv)],
    ev: [null, ...periods.map((p) => p.ev)],
    ac: [null, ...periods.map((p) => p.ac)],
    forecast,
    hasForecast: forecast.some((v, i) => v !== null && xs[i] > analysis.statusPeriod),
    markerX: at !== null || analysis.dataDate ? (at ?? analysis.statusPeriod) : null,
  };
}
