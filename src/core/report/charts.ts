/**
 * The report's two charts — the S-curve (cumulative PV, EV, AC and the forecast) and the cash flow
 * (spend per period as bars, cumulative as lines) — as SVG text, which the PDF draws as vector
 * paths and text (pdfmake's svg node).
 *
 * The geometry is this module's own, drawn from the analysis's series and cash-flow rows, until
 * the cash-flow chart's pure geometry lands in core (issue 14, cash-flow part); then the cash-flow
 * chart should draw from that so screen and paper match.
 */
import type { Analysis } from '../evm/types';
import { formatEndDate } from '../format';
import { formatFigure, type FigureContext } from './figures';

export const SERIES_COLOURS = { pv: '#4477aa', ev: '#228833', ac: '#cc3311', forecast: '#aa3377' } as const;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const W = 515;
const H = 230;
const PLOT: Box = { left: 62, top: 22, width: W - 62 - 52, height: H - 22 - 40 };

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n2 = (v: number): string => (Math.round(v * 10) / 10).toString();

/** Round tick steps (1, 2, 2.5, 5 × 10^k) covering [min, max] with about five ticks. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  if (out[out.length - 1] < max) out.push(out[out.length - 1] + step);
  return out;
}

interface Scale {
  x: (i: number) => number;
  y: (v: number) => number;
  ticks: number[];
}

function scaleFor(count: number, lo: number, hi: number): Scale {
  const ticks = niceTicks(Math.min(0, lo), Math.max(hi, 1));
  const t0 = ticks[0];
  const t1 = ticks[ticks.length - 1];
  return {
    x: (i) => PLOT.left + (count <= 1 ? PLOT.width / 2 : (i / (count - 1)) * PLOT.width),
    y: (v) => PLOT.top + PLOT.height - ((v - t0) / (t1 - t0 || 1)) * PLOT.height,
    ticks,
  };
}

/** Axes, grid lines, the y labels and a few period labels along x. */
function frame(s: Scale, labels: readonly string[], ctx: FigureContext): string[] {
  const out: string[] = [];
  for (const t of s.ticks) {
    const y = n2(s.y(t));
    out.push(`<line x1="${PLOT.left}" y1="${y}" x2="${PLOT.left + PLOT.width}" y2="${y}" stroke="#dddddd" stroke-width="0.5"/>`);
    out.push(`<text x="${PLOT.left - 4}" y="${n2(s.y(t) + 3)}" font-size="7" text-anchor="end" fill="#444444">${esc(formatFigure(t, 'amount', ctx))}</text>`);
  }
  out.push(`<line x1="${PLOT.left}" y1="${PLOT.top + PLOT.height}" x2="${PLOT.left + PLOT.width}" y2="${PLOT.top + PLOT.height}" stroke="#666666" stroke-width="0.75"/>`);
  const every = Math.max(1, Math.ceil(labels.length / 8));
  labels.forEach((label, i) => {
    if (i % every !== 0 && i !== labels.length - 1) return;
    out.push(`<text x="${n2(s.x(i))}" y="${PLOT.top + PLOT.height + 12}" font-size="7" text-anchor="middle" fill="#444444">${esc(label)}</text>`);
  });
  return out;
}

function polyline(points: readonly (readonly [number, number])[], colour: string, dashed = false): string {
  if (points.length === 0) return '';
  // One known value (EV and AC of a single status, with no history before it): a dot, not nothing.
  if (points.length === 1) return `<circle cx="${n2(points[0][0])}" cy="${n2(points[0][1])}" r="2.8" fill="${colour}"/>`;
  return `<polyline points="${points.map(([x, y]) => `${n2(x)},${n2(y)}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5"${dashed ? ' stroke-dasharray="4 3"' : ''}/>`;
}

function legend(items: readonly { label: string; colour: string; dashed?: boolean }[]): string[] {
  const out: string[] = [];
  let x = PLOT.left;
  const y = H - 10;
  for (const it of items) {
    out.push(`<line x1="${x}" y1="${y - 3}" x2="${x + 14}" y2="${y - 3}" stroke="${it.colour}" stroke-width="2"${it.dashed ? ' stroke-dasharray="3 2"' : ''}/>`);
    out.push(`<text x="${x + 18}" y="${y}" font-size="7.5" fill="#222222">${esc(it.label)}</text>`);
    x += 22 + it.label.length * 4.2;
  }
  return out;
}

const svgOf = (title: string, parts: string[]): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><text x="${PLOT.left}" y="12" font-size="9" font-weight="bold" fill="#111111">${esc(title)}</text>${parts.join('')}</svg>`;

const periodLabel = (a: Analysis, i: number): string => {
  const p = a.series[i]?.period;
  return p?.end ? formatEndDate(p.end) : (p?.label ?? String(i + 1));
};

/** Cumulative PV over every period, EV and AC to the status period, and the forecast spend beyond. */
export function sCurveSvg(a: Analysis, ctx: FigureContext): string {
  const n = a.series.length;
  const values: number[] = [];
  for (const p of a.series) values.push(p.period.pv, p.period.ev ?? 0, p.period.ac ?? 0);
  for (const r of a.cashFlow) if (r.cumulative.forecast !== null) values.push(r.cumulative.forecast);
  const s = scaleFor(n, Math.min(...values, 0), Math.max(...values, 0));
  const pts = (get: (i: number) => number | null) => {
    const out: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const v = get(i);
      if (v !== null) out.push([s.x(i), s.y(v)]);
    }
    return out;
  };
  const forecast = pts((i) => (i >= a.statusPeriod - 1 ? (a.cashFlow[i]?.cumulative.forecast ?? null) : null));
  const parts = [
    ...frame(s, a.series.map((_, i) => periodLabel(a, i)), ctx),
    polyline(pts((i) => a.series[i].period.pv), SERIES_COLOURS.pv),
    polyline(forecast, SERIES_COLOURS.forecast, true),
    polyline(pts((i) => a.series[i].period.ac), SERIES_COLOURS.ac),
    polyline(pts((i) => a.series[i].period.ev), SERIES_COLOURS.ev),
  ];
  if (a.statusPeriod >= 1 && a.statusPeriod <= n) {
    const x = n2(s.x(a.statusPeriod - 1));
    parts.push(`<line x1="${x}" y1="${PLOT.top}" x2="${x}" y2="${PLOT.top + PLOT.height}" stroke="#888888" stroke-width="0.75" stroke-dasharray="2 2"/>`);
  }
  parts.push(
    ...legend([
      { label: 'PV (planned)', colour: SERIES_COLOURS.pv },
      { label: 'EV (earned)', colour: SERIES_COLOURS.ev },
      { label: 'AC (actual)', colour: SERIES_COLOURS.ac },
      { label: 'Forecast', colour: SERIES_COLOURS.forecast, dashed: true },
    ]),
  );
  return svgOf('S-curve (cumulative)', parts);
}

/**
 * Planned, actual and forecast spend per period as bars (left axis), and cumulative planned and
 * actual-then-forecast spend as lines on their own scale (right axis), as cost engineers draw it.
 */
export function cashFlowSvg(a: Analysis, ctx: FigureContext): string {
  const rows = a.cashFlow;
  const n = rows.length;
  const perPeriod: number[] = [0];
  for (const r of rows) perPeriod.push(r.planned, r.actual ?? 0, r.forecast ?? 0);
  const s = scaleFor(n, Math.min(...perPeriod), Math.max(...perPeriod));
  const slot = PLOT.width / Math.max(n, 1);
  const bw = Math.max(0.6, (slot * 0.8) / 3);
  const x0 = (i: number) => PLOT.left + i * slot + slot * 0.1;
  const mid = (i: number) => x0(i) + 1.5 * bw;
  const bars: string[] = [];
  const bar = (i: number, k: number, v: number | null, colour: string) => {
    if (v === null || v === 0) return;
    const y = s.y(Math.max(v, 0));
    const h = Math.abs(s.y(v) - s.y(0));
    bars.push(`<rect x="${n2(x0(i) + k * bw)}" y="${n2(Math.min(y, s.y(0)))}" width="${n2(bw)}" height="${n2(h)}" fill="${colour}" fill-opacity="0.75"/>`);
  };
  rows.forEach((r, i) => {
    bar(i, 0, r.planned, SERIES_COLOURS.pv);
    bar(i, 1, r.actual, SERIES_COLOURS.ac);
    // Future periods carry the forecast; up to the status period it equals the actual, drawn once.
    bar(i, 2, i >= a.statusPeriod ? r.forecast : null, SERIES_COLOURS.forecast);
  });
  // Cumulative lines on the right-hand scale.
  const cumValues = [0, ...rows.flatMap((r) => [r.cumulative.planned, r.cumulative.actual ?? 0, r.cumulative.forecast ?? 0])];
  const c = scaleFor(n, 0, Math.max(...cumValues));
  const cumLine = (get: (i: number) => number | null) => {
    const pts: [number, number][] = [];
    rows.forEach((_, i) => {
      const v = get(i);
      if (v !== null) pts.push([mid(i), c.y(v)]);
    });
    return pts;
  };
  const right: string[] = c.ticks.map(
    (t) => `<text x="${PLOT.left + PLOT.width + 2}" y="${n2(c.y(t) + 3)}" font-size="6.5" fill="#666666">${esc(formatFigure(t, 'amount', ctx))}</text>`,
  );
  const parts = [
    ...frame({ ...s, x: mid }, rows.map((r) => (r.end ? formatEndDate(r.end) : r.label)), ctx),
    ...bars,
    polyline(cumLine((i) => rows[i].cumulative.planned), SERIES_COLOURS.pv),
    polyline(cumLine((i) => rows[i].cumulative.forecast ?? rows[i].cumulative.actual), SERIES_COLOURS.forecast, true),
    polyline(cumLine((i) => rows[i].cumulative.actual), SERIES_COLOURS.ac),
    ...right,
    ...legend([
      { label: 'Planned', colour: SERIES_COLOURS.pv },
      { label: 'Actual', colour: SERIES_COLOURS.ac },
      { label: 'Forecast', colour: SERIES_COLOURS.forecast },
      { label: 'Cumulative (right scale)', colour: '#666666' },
    ]),
  ];
  return svgOf('Cash flow: spend per period (bars) and cumulative (lines)', parts);
}
