/**
 * The cash-flow chart's geometry: per-period bars (planned, earned, actual, forecast) on the left
 * axis and cumulative lines on the right axis, one band per period of the toolbar's grid, an
 * optional "before first status" band at the left, and the status-date line.
 *
 * Pure (no DOM), so the SVG on screen (src/ui/charts/CashFlowChart.tsx) and the PDF/Excel builders
 * draw the same picture from the same numbers: every position is in the chart's own pixel space,
 * origin top-left, y growing downwards.
 *
 * Why two axes: a period's spend is a small fraction of the cumulative spend (1/50th on a weekly
 * grid), so on one axis the bars would be slivers. Why "before first status" is on the cumulative
 * axis: it is an amount accumulated over many periods, the point the cumulative actual line grows
 * from, not one period's spend, and drawn at period scale it would squash every other bar.
 */
import type { CashFlowBefore, CashFlowRow } from '../evm/types';
import { labelIndices, linePath, linearScale, niceTicks, type LinearScale } from './scale';

export type CashFlowSeriesId = 'planned' | 'earned' | 'actual' | 'forecast';

/** Drawing order and slot of each series inside a period's band: actual and forecast never share a period. */
export const CASH_FLOW_SERIES: readonly CashFlowSeriesId[] = ['planned', 'earned', 'actual', 'forecast'];

export interface CashFlowChartOptions {
  width: number;
  height: number;
  /** Tick labels, e.g. compact money ("£1.2m"). */
  formatTick: (value: number) => string;
  /** The x-axis label of a period (default its `label`). */
  formatPeriod?: (row: CashFlowRow) => string;
  /** The unit in the axis titles: a currency code ("GBP"), or "hours". */
  unit: string;
  /** Periods elapsed at the status date (fractional), for the status line; default the end of the status period. */
  statusAt?: number | null;
  statusPeriod: number;
  /** Average width of a label character, in pixels (default 7, the screen's 12 px font). */
  charWidth?: number;
}

export interface AxisTick {
  value: number;
  y: number;
  label: string;
}

export interface ChartText {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
}

export interface CashFlowBand {
  /** 1-based period index; null for the "before first status" band. */
  period: number | null;
  x0: number;
  x1: number;
  centre: number;
}

export interface CashFlowBar {
  series: CashFlowSeriesId;
  /** 1-based period index; null for the "before first status" bar. */
  period: number | null;
  axis: 'period' | 'cumulative';
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CashFlowLinePoint {
  period: number;
  x: number;
  y: number;
  value: number;
}

export interface CashFlowLine {
  series: CashFlowSeriesId;
  /** One entry per period; null where the cumulative value is unknown (a gap, never a zero). */
  points: (CashFlowLinePoint | null)[];
  /** SVG path data with gaps ("M … L … M …"). */
  path: string;
  /** Known points with no known neighbour: a path draws nothing there, so draw a dot. */
  lonePoints: CashFlowLinePoint[];
}

export interface CashFlowChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  periodAxis: { title: ChartText; ticks: AxisTick[] };
  cumulativeAxis: { title: ChartText; ticks: AxisTick[] };
  /** The y of value 0 on the period axis (the bars' base). */
  baseline: number;
  bands: CashFlowBand[];
  bars: CashFlowBar[];
  lines: CashFlowLine[];
  xLabels: ChartText[];
  /** The status-date line, when the status is inside the grid. */
  status: { x: number; label: ChartText } | null;
}

const MARGIN_TOP = 30;
const MARGIN_BOTTOM = 34;
const TICK_GAP = 8;
/** Roughly how wide an x-axis label is, for thinning them out. */
const X_LABEL_GAP = 84;

export function cashFlowChartGeometry(rows: readonly CashFlowRow[], before: CashFlowBefore | null, opts: CashFlowChartOptions): CashFlowChartGeometry {
  const { width, height, formatTick } = opts;
  const cw = opts.charWidth ?? 7;
  const label = opts.formatPeriod ?? ((r: CashFlowRow) => r.label);
  const amount = (r: CashFlowRow, s: CashFlowSeriesId) => (s === 'planned' ? r.planned : r[s]);
  const cumulative = (r: CashFlowRow, s: CashFlowSeriesId) => r.cumulative[s];

  // Value domains.
  const per: number[] = [0];
  const cum: number[] = [0];
  for (const r of rows) {
    for (const s of CASH_FLOW_SERIES) {
      const v = amount(r, s);
      if (v !== null && Number.isFinite(v)) per.push(v);
      const c = cumulative(r, s);
      if (c !== null && Number.isFinite(c)) cum.push(c);
    }
  }
  if (before) for (const v of [before.earned, before.actual]) if (v !== null && Number.isFinite(v)) cum.push(v);
  // Both axes get the same number of intervals (the shorter one extends upwards by its own
  // step), so one set of gridlines carries the labels of both.
  const perTicks = niceTicks(Math.min(...per), Math.max(...per), 5);
  const cumTicks = niceTicks(Math.min(...cum), Math.max(...cum), 5);
  const extend = (ts: number[], n: number) => {
    const step = ts.length > 1 ? ts[1] - ts[0] : 1;
    while (ts.length - 1 < n) ts.push(Number((ts[ts.length - 1] + step).toPrecision(12)));
  };
  const intervals = Math.max(perTicks.length, cumTicks.length) - 1;
  extend(perTicks, intervals);
  extend(cumTicks, intervals);
  const widestTick = (ts: number[]) => Math.max(...ts.map((t) => formatTick(t).length)) * cw;
  // The axis titles sit above their axes; when both do not fit on one line (a phone), the
  // cumulative one goes on a second line and the plot starts lower.
  const unit = opts.unit;
  const titles = { period: `Per period (${unit})`, cumulative: `Cumulative (${unit})` };
  const left0 = Math.max(36, widestTick(perTicks) + TICK_GAP + 6);
  const right0 = Math.max(left0 + 1, width - Math.max(36, widestTick(cumTicks) + TICK_GAP + 6));
  const stacked = left0 + (titles.period.length + titles.cumulative.length) * cw + 16 > right0;
  const top = MARGIN_TOP + (stacked ? 14 : 0);
  const left = left0;
  const right = right0;
  const bottom = Math.max(top + 1, height - MARGIN_BOTTOM);
  const yPer = linearScale([perTicks[0], perTicks[perTicks.length - 1]], [bottom, top]);
  const yCum = linearScale([cumTicks[0], cumTicks[cumTicks.length - 1]], [bottom, top]);
  const tick = (y: LinearScale) => (t: number): AxisTick => ({ value: t, y: y(t), label: formatTick(t) });

  // Bands: the "before first status" band (twice a period, within limits) then one per period.
  const plotWidth = right - left;
  const n = rows.length;
  const beforeWidth = before ? Math.min(Math.max(28, (2 * plotWidth) / (n + 2)), plotWidth * 0.2) : 0;
  const bandWidth = n > 0 ? (plotWidth - beforeWidth) / n : 0;
  const periodsX0 = left + beforeWidth;
  const bands: CashFlowBand[] = [];
  if (before) bands.push({ period: null, x0: left, x1: periodsX0, centre: left + beforeWidth / 2 });
  rows.forEach((r, i) => {
    const x0 = periodsX0 + i * bandWidth;
    bands.push({ period: r.index, x0, x1: x0 + bandWidth, centre: x0 + bandWidth / 2 });
  });

  // Bars: three slots per band (planned, earned, actual-or-forecast), 80% of the band.
  const bars: CashFlowBar[] = [];
  const bar = (series: CashFlowSeriesId, period: number | null, axis: 'period' | 'cumulative', value: number, band: CashFlowBand, slot: number, slots: number) => {
    const group = (band.x1 - band.x0) * 0.8;
    const w = Math.max(1, group / slots);
    const x = band.centre - group / 2 + slot * (group / slots);
    const y = axis === 'period' ? yPer : yCum;
    const y0 = y(0);
    const y1 = y(value);
    bars.push({ series, period, axis, value, x, y: Math.min(y0, y1), width: w, height: Math.abs(y1 - y0) });
  };
  const slotOf: Record<CashFlowSeriesId, number> = { planned: 0, earned: 1, actual: 2, forecast: 2 };
  for (const [i, r] of rows.entries()) {
    const band = bands[i + (before ? 1 : 0)];
    for (const s of CASH_FLOW_SERIES) {
      const v = amount(r, s);
      if (v === null || !Number.isFinite(v)) continue;
      bar(s, r.index, 'period', v, band, slotOf[s], 3);
    }
  }
  if (before) {
    const band = bands[0];
    if (before.earned !== null) bar('earned', null, 'cumulative', before.earned, band, 0, 2);
    if (before.actual !== null) bar('actual', null, 'cumulative', before.actual, band, 1, 2);
  }

  // Cumulative lines through the band centres.
  const lines: CashFlowLine[] = CASH_FLOW_SERIES.map((s) => {
    const points = rows.map((r, i): CashFlowLinePoint | null => {
      const v = cumulative(r, s);
      if (v === null || !Number.isFinite(v)) return null;
      return { period: r.index, x: bands[i + (before ? 1 : 0)].centre, y: yCum(v), value: v };
    });
    const lonePoints = points.filter((p, i): p is CashFlowLinePoint => p !== null && !points[i - 1] && !points[i + 1]);
    return { series: s, points, path: linePath(points.map((p, i) => p?.x ?? bands[i + (before ? 1 : 0)].centre), points.map((p) => p?.y ?? null)), lonePoints };
  });

  // x labels: as many period labels as fit, and "Before first status" under its band.
  const xLabels: ChartText[] = [];
  const labelY = bottom + 18;
  if (before) xLabels.push({ x: left, y: labelY, text: beforeWidth >= 90 ? 'Before first status' : 'Before', anchor: 'start' });
  const firstFree = before ? left + Math.max(beforeWidth, 'Before'.length * cw) + 12 : -Infinity;
  for (const i of labelIndices(n, plotWidth - beforeWidth, X_LABEL_GAP)) {
    const text = label(rows[i]);
    const c = bands[i + (before ? 1 : 0)].centre;
    const half = (text.length * cw) / 2;
    let anchor: ChartText['anchor'] = 'middle';
    let x = c;
    if (c - half < left) {
      anchor = 'start';
      x = Math.max(left, bands[i + (before ? 1 : 0)].x0);
    } else if (c + half > right) {
      anchor = 'end';
      x = Math.min(right, bands[i + (before ? 1 : 0)].x1);
    }
    const x0 = anchor === 'start' ? x : anchor === 'end' ? x - 2 * half : x - half;
    if (x0 < firstFree) continue;
    xLabels.push({ x, y: labelY, text, anchor });
  }

  // The status line at the status date (periods elapsed), else the end of the status period.
  let status: CashFlowChartGeometry['status'] = null;
  if (n > 0 && opts.statusPeriod >= 1 && opts.statusPeriod <= n) {
    const at = opts.statusAt ?? opts.statusPeriod;
    const x = periodsX0 + Math.min(Math.max(at, 0), n) * bandWidth;
    status = { x, label: { x: x + 4 > right - 70 ? x - 4 : x + 4, y: top - 8, text: 'Data date', anchor: x + 4 > right - 70 ? 'end' : 'start' } };
  }

  return {
    width,
    height,
    plot: { left, right, top, bottom },
    periodAxis: { title: { x: stacked ? 0 : left, y: 12, text: titles.period, anchor: 'start' }, ticks: perTicks.map(tick(yPer)) },
    cumulativeAxis: { title: { x: stacked ? width : right, y: stacked ? 26 : 12, text: titles.cumulative, anchor: 'end' }, ticks: cumTicks.map(tick(yCum)) },
    baseline: yPer(0),
    bands,
    bars,
    lines,
    xLabels,
    status,
  };
}
