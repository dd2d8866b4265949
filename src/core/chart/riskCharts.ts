/**
 * The Risk tab's charts as pure geometry (issue 15): the finish-date (or cost) histogram with its
 * cumulative curve and percentile marks, cumulative curves of two snapshots on one axis, the date ×
 * cost scatter and the tornado of top drivers. Positions are in the chart's own pixel space, origin
 * top-left; labels come formatted by the caller (dates for hours, money for cost), so the same
 * geometry serves any unit. src/ui/charts/RiskCharts.tsx draws them in SVG.
 */
import { linePath, linearScale, niceTicks, plotArea, round2, type ChartBox } from './scale';

export interface Tick {
  /** Pixel position along its axis. */
  at: number;
  label: string;
}

export interface Mark {
  label: string;
  value: number;
  x: number;
  /** The mark's share of iterations at or below it (0..1), when known: the cumulative curve there. */
  y: number | null;
  /** Label row above the plot (0 nearest): marks close together take different rows so labels never overlap. */
  level: number;
}

/** Rows for mark labels centred at `xs`, each about `chars × charWidth` wide: the lowest row where it clears the labels already there. */
export function labelLevels(marks: readonly { x: number; label: string }[], charWidth = 7): number[] {
  const order = marks.map((m, i) => i).sort((a, b) => marks[a].x - marks[b].x);
  const rightEdge: number[] = [];
  const out = new Array<number>(marks.length).fill(0);
  for (const i of order) {
    const half = (marks[i].label.length * charWidth) / 2 + 4;
    let level = 0;
    while (rightEdge[level] !== undefined && rightEdge[level] > marks[i].x - half) level++;
    rightEdge[level] = marks[i].x + half;
    out[i] = level;
  }
  return out;
}

export interface HistogramInput {
  /** Bin edges (bins + 1, ascending) and counts per bin; cumulative[b] = share at edges[b + 1]. */
  edges: readonly number[];
  counts: readonly number[];
  cumulative: readonly number[];
}

export interface HistogramGeometry {
  plot: { left: number; right: number; top: number; bottom: number };
  bars: { x: number; y: number; width: number; height: number; count: number; from: number; to: number }[];
  /** The cumulative curve (right axis, 0..100%) through the bin edges. */
  cumulativePath: string;
  xTicks: Tick[];
  /** Left axis: iterations per bin. */
  countTicks: Tick[];
  /** Right axis: cumulative share. */
  shareTicks: Tick[];
  marks: Mark[];
}

const BOX_MARGIN = { top: 52, right: 48, bottom: 44, left: 48 };

function cumulativeAt(h: HistogramInput, v: number): number {
  const e = h.edges;
  if (e.length < 2 || v < e[0]) return 0;
  if (v >= e[e.length - 1]) return 1;
  let b = 0;
  while (b < e.length - 2 && v >= e[b + 1]) b++;
  const before = b === 0 ? 0 : h.cumulative[b - 1];
  const span = e[b + 1] - e[b];
  return before + (span > 0 ? ((v - e[b]) / span) * (h.cumulative[b] - before) : 0);
}

/**
 * X ticks kept about `minGap` px apart, each labelled by `format`: at evenly spaced values, or,
 * given `candidates` (values whose labels are exact, such as histogram edges with their dates),
 * at evenly spaced ones of those, so no label is an interpolation.
 */
function xTicksOf(lo: number, hi: number, x: (v: number) => number, format: (v: number) => string, width: number, minGap: number, candidates?: readonly number[]): Tick[] {
  // One interval fewer than would fit: the end labels are anchored inwards and need the room.
  const n = Math.max(1, Math.min(6, Math.floor(width / minGap) - 1));
  const out: Tick[] = [];
  if (candidates && candidates.length > 0) {
    const c = [...new Set(candidates.filter(Number.isFinite))].sort((a, b) => a - b);
    const step = Math.max(1, Math.ceil((c.length - 1) / n));
    for (let i = 0; i < c.length; i += step) out.push({ at: round2(x(c[i])), label: format(c[i]) });
    return out;
  }
  for (let i = 0; i <= n; i++) {
    const v = lo + ((hi - lo) * i) / n;
    out.push({ at: round2(x(v)), label: format(v) });
  }
  return out;
}

export function histogramGeometry(
  h: HistogramInput,
  marks: readonly { label: string; value: number }[],
  opts: { width: number; height: number; formatX: (v: number) => string; labelWidth?: number; tickValues?: readonly number[] },
): HistogramGeometry {
  const box: ChartBox = { width: opts.width, height: opts.height, margin: BOX_MARGIN };
  const p = plotArea(box);
  const lo = Math.min(h.edges[0] ?? 0, ...marks.map((m) => m.value));
  const hi = Math.max(h.edges[h.edges.length - 1] ?? 1, ...marks.map((m) => m.value));
  const x = linearScale([lo, hi > lo ? hi : lo + 1], [p.left, p.right]);
  const maxCount = Math.max(1, ...h.counts);
  const countTicks = niceTicks(0, maxCount, 4);
  const yc = linearScale([0, countTicks[countTicks.length - 1]], [p.bottom, p.top]);
  const ys = linearScale([0, 1], [p.bottom, p.top]);
  const bars = h.counts.map((count, b) => {
    const x0 = x(h.edges[b]);
    const x1 = x(h.edges[b + 1]);
    return { x: round2(x0), y: round2(yc(count)), width: round2(Math.max(0.5, x1 - x0 - 1)), height: round2(p.bottom - yc(count)), count, from: h.edges[b], to: h.edges[b + 1] };
  });
  const cx = [h.edges[0], ...h.edges.slice(1)].map((v) => x(v));
  const cy = [0, ...h.cumulative].map((s) => ys(s));
  return {
    plot: { left: p.left, right: p.right, top: p.top, bottom: p.bottom },
    bars,
    cumulativePath: linePath(cx, cy),
    xTicks: xTicksOf(lo, hi, x, opts.formatX, p.width, opts.labelWidth ?? 90, opts.tickValues),
    countTicks: countTicks.map((v) => ({ at: round2(yc(v)), label: String(v) })),
    shareTicks: [0, 0.25, 0.5, 0.75, 1].map((s) => ({ at: round2(ys(s)), label: `${Math.round(s * 100)}%` })),
    marks: withLevels(marks.map((m) => ({ label: m.label, value: m.value, x: round2(x(m.value)), y: round2(ys(cumulativeAt(h, m.value))), level: 0 }))),
  };
}

function withLevels(marks: Mark[]): Mark[] {
  const levels = labelLevels(marks);
  return marks.map((m, i) => ({ ...m, level: levels[i] }));
}

export interface CurvesGeometry {
  plot: { left: number; right: number; top: number; bottom: number };
  curves: { id: string; path: string }[];
  xTicks: Tick[];
  shareTicks: Tick[];
  marks: Mark[];
}

/** Cumulative curves (from histograms) of several runs on one value axis: before and after mitigation. */
export function curvesGeometry(
  runs: readonly { id: string; h: HistogramInput }[],
  marks: readonly { label: string; value: number }[],
  opts: { width: number; height: number; formatX: (v: number) => string; labelWidth?: number; tickValues?: readonly number[] },
): CurvesGeometry {
  const p = plotArea({ width: opts.width, height: opts.height, margin: BOX_MARGIN });
  const values = [...runs.flatMap((r) => [r.h.edges[0], r.h.edges[r.h.edges.length - 1]]), ...marks.map((m) => m.value)].filter(Number.isFinite);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = linearScale([lo, hi > lo ? hi : lo + 1], [p.left, p.right]);
  const ys = linearScale([0, 1], [p.bottom, p.top]);
  return {
    plot: { left: p.left, right: p.right, top: p.top, bottom: p.bottom },
    curves: runs.map((r) => ({ id: r.id, path: linePath(r.h.edges.map((v) => x(v)), [0, ...r.h.cumulative].map((s) => ys(s))) })),
    xTicks: xTicksOf(lo, hi, x, opts.formatX, p.width, opts.labelWidth ?? 90, opts.tickValues),
    shareTicks: [0, 0.25, 0.5, 0.75, 1].map((s) => ({ at: round2(ys(s)), label: `${Math.round(s * 100)}%` })),
    marks: withLevels(marks.map((m) => ({ label: m.label, value: m.value, x: round2(x(m.value)), y: null, level: 0 }))),
  };
}

export interface ScatterGeometry {
  plot: { left: number; right: number; top: number; bottom: number };
  points: { x: number; y: number }[];
  xTicks: Tick[];
  yTicks: Tick[];
  /** The P80 finish and P80 cost lines (the joint-confidence quadrant). */
  xLine: number | null;
  yLine: number | null;
}

export function scatterGeometry(
  xs: readonly number[],
  ys: readonly number[],
  opts: { width: number; height: number; formatX: (v: number) => string; formatY: (v: number) => string; xLine?: number; yLine?: number; tickValues?: readonly number[] },
): ScatterGeometry {
  const p = plotArea({ width: opts.width, height: opts.height, margin: { top: 16, right: 16, bottom: 44, left: 72 } });
  const xv = [...xs, ...(opts.xLine !== undefined ? [opts.xLine] : [])];
  const yv = [...ys, ...(opts.yLine !== undefined ? [opts.yLine] : [])];
  const xlo = Math.min(...xv);
  const xhi = Math.max(...xv);
  const yt = niceTicks(Math.min(...yv), Math.max(...yv), 4);
  const x = linearScale([xlo, xhi > xlo ? xhi : xlo + 1], [p.left, p.right]);
  const y = linearScale([yt[0], yt[yt.length - 1]], [p.bottom, p.top]);
  const n = Math.min(xs.length, ys.length);
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) points.push({ x: round2(x(xs[i])), y: round2(y(ys[i])) });
  return {
    plot: { left: p.left, right: p.right, top: p.top, bottom: p.bottom },
    points,
    xTicks: xTicksOf(xlo, xhi, x, opts.formatX, p.width, 90, opts.tickValues?.filter((v) => v >= xlo && v <= xhi)),
    yTicks: yt.map((v) => ({ at: round2(y(v)), label: opts.formatY(v) })),
    xLine: opts.xLine !== undefined ? round2(x(opts.xLine)) : null,
    yLine: opts.yLine !== undefined ? round2(y(opts.yLine)) : null,
  };
}

export interface TornadoGeometry {
  /** Where the zero line is and how far the bars reach (value ±1). */
  zero: number;
  rows: { label: string; value: number; y: number; x: number; width: number; height: number; negative: boolean }[];
  ticks: Tick[];
  height: number;
  labelWidth: number;
}

/** Horizontal bars of signed correlations (−1..1) around a centre line, one row per driver, in the order given. */
export function tornadoGeometry(entries: readonly { label: string; value: number }[], opts: { width: number; rowHeight?: number; labelWidth?: number }): TornadoGeometry {
  const rowHeight = opts.rowHeight ?? 24;
  const labelWidth = Math.min(opts.labelWidth ?? 200, Math.round(opts.width * 0.42));
  const top = 8;
  const left = labelWidth + 8;
  const right = Math.max(left + 40, opts.width - 12);
  const x = linearScale([-1, 1], [left, right]);
  const zero = round2(x(0));
  const rows = entries.map((e, i) => {
    const v = Number.isFinite(e.value) ? Math.max(-1, Math.min(1, e.value)) : 0;
    const xv = x(v);
    return { label: e.label, value: e.value, y: top + i * rowHeight, x: round2(Math.min(xv, zero)), width: round2(Math.abs(xv - zero)), height: rowHeight - 6, negative: v < 0 };
  });
  const bottom = top + entries.length * rowHeight;
  return { zero, rows, ticks: [-1, -0.5, 0, 0.5, 1].map((v) => ({ at: round2(x(v)), label: v.toFixed(1) })), height: bottom + 28, labelWidth };
}
