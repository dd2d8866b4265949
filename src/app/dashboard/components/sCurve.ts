/**
 * The S-curve's data for the Overview's chart: the points of core/chart/sCurve.ts (which the PDF
 * draws too) with the screen's colours, names, data-date text and a summary for screen readers.
 */
import type { Analysis } from '../../../core/evm/types';
import type { ChartMarker, LineSeries } from '../../../core/chart/lineChart';
import { sCurvePoints } from '../../../core/chart/sCurve';
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
  const pts = sCurvePoints(analysis);
  if (!pts) return { xs: [], xLabels: [], series: [], marker: null, summary: 'There are no reporting periods, so there is no S-curve to draw.' };
  const series: LineSeries[] = [
    { id: 'pv', label: 'PV (planned)', colour: 'var(--chart-pv)', values: pts.pv },
    { id: 'ev', label: 'EV (earned)', colour: 'var(--chart-ev)', values: pts.ev },
    { id: 'ac', label: ctx.basis === 'cost' ? 'AC (actual cost)' : 'AC (actual)', colour: 'var(--chart-ac)', values: pts.ac },
  ];
  if (pts.hasForecast) series.push({ id: 'forecast', label: 'Forecast (to EAC)', colour: 'var(--chart-ac)', values: pts.forecast, dashed: true });

  const dataDate = analysis.dataDate ? formatDataDate(analysis.dataDate) : null;
  const marker: ChartMarker | null =
    pts.markerX !== null
      ? {
          x: pts.markerX,
          label: 'Data date',
          description: dataDate && dataDate !== 'n/a' ? `Data date ${dataDate}` : `Data date (period ${analysis.statusPeriod})`,
        }
      : null;

  return { xs: pts.xs, xLabels: pts.xLabels, series, marker, summary: summaryOf(analysis, ctx, analysis.series.length, pts.forecast) };
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
