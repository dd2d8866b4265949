/**
 * The S-curve's data from an analysis: cumulative PV, EV and AC per period end, and the forecast
 * spend from the status period on. x is measured in periods from the start of the grid (x = k at
 * the end of period k), so the data date sits at AT, the periods elapsed at the status date.
 * Pure, so positions and gaps can be tested without rendering.
 */
import type { Analysis } from '../../../core/evm/types';
import type { ChartMarker, LineSeries } from '../../../ui/charts/LineChart';
import { formatDataDate } from '../../../core/format';
import { formatAmount, formatDateText, type FormatContext } from './valueFormat';

export interface SCurveData {
  xs: number[];
  xLabels: string[];
  series: LineSeries[];
  marker: ChartMarker | null;
  summary: string;
}

export function sCurveData(analysis: Analysis, ctx: FormatContext): SCurveData {
  const periods = analysis.series.map((p) => p.period);
  if (periods.length === 0) {
    return { xs: [], xLabels: [], series: [], marker: null, summary: 'There are no reporting periods, so there is no S-curve to draw.' };
  }
  // x = 0 is the start of the grid, where cumulative PV is 0 by definition (PV_0 = 0). EV and AC
  // get no value there: the engine knows them only where it had a status, and never invents one.
  const xs = [0, ...periods.map((p) => p.index)];
  const xLabels = ['Start', ...periods.map((p) => (p.end ? formatDateText(p.end) : p.label))];
  const pv: (number | null)[] = [0, ...periods.map((p) => p.pv)];
  const ev: (number | null)[] = [null, ...periods.map((p) => p.ev)];
  const ac: (number | null)[] = [null, ...periods.map((p) => p.ac)];
  // Forecast from the status period on: actual to date, then the ETC spread to the EAC.
  const byIndex = new Map(analysis.cashFlow.map((r) => [r.index, r.cumulative.forecast]));
  const forecast: (number | null)[] = [null, ...periods.map((p) => (p.index >= analysis.statusPeriod ? (byIndex.get(p.index) ?? null) : null))];
  const hasForecast = forecast.some((v, i) => v !== null && xs[i] > analysis.statusPeriod);

  const series: LineSeries[] = [
    { id: 'pv', label: 'PV (planned)', colour: 'var(--chart-pv)', values: pv },
    { id: 'ev', label: 'EV (earned)', colour: 'var(--chart-ev)', values: ev },
    { id: 'ac', label: ctx.basis === 'cost' ? 'AC (actual cost)' : 'AC (actual)', colour: 'var(--chart-ac)', values: ac },
  ];
  if (hasForecast) series.push({ id: 'forecast', label: 'Forecast (to EAC)', colour: 'var(--chart-ac)', values: forecast, dashed: true });

  const at = analysis.schedule.at.value;
  const dataDate = analysis.dataDate ? formatDataDate(analysis.dataDate) : null;
  const marker: ChartMarker | null =
    at !== null || analysis.dataDate
      ? {
          x: at ?? analysis.statusPeriod,
          label: 'Data date',
          description: dataDate && dataDate !== 'n/a' ? `Data date ${dataDate}` : `Data date (period ${analysis.statusPeriod})`,
        }
      : null;

  return { xs, xLabels, series, marker, summary: summaryOf(analysis, ctx, periods.length, forecast) };
}

function summaryOf(analysis: Analysis, ctx: FormatContext, count: number, forecast: (number | null)[]): string {
  const a = (v: number | null) => (v === null ? 'n/a' : formatAmount(v, ctx));
  const c = analysis.cost;
  const last = analysis.series[count - 1]?.period;
  const parts: string[] = [];
  parts.push(
    `S-curve over ${count} ${count === 1 ? ctx.periodUnit : `${ctx.periodUnit}s`}: cumulative planned value rises to ${a(last ? last.pv : null)}${last?.end ? ` by ${formatDateText(last.end)}` : ''}.`,
  );
  const when = analysis.dataDate ? `At the data date (${formatDataDate(analysis.dataDate)})` : `At the status period`;
  parts.push(`${when} PV is ${a(c.pv.value)}, EV ${a(c.ev.value)} and AC ${a(c.ac.value)}.`);
  const end = [...forecast].reverse().find((v) => v !== null) ?? null;
  if (end !== null) parts.push(`Forecast spend reaches ${a(end)} at completion.`);
  return parts.join(' ');
}
