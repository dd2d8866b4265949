/**
 * The report's two charts — the S-curve (cumulative PV, EV, AC and the forecast) and the cash flow
 * (spend per period as bars, cumulative as lines) — as SVG text, which the PDF draws as vector
 * paths and text (pdfmake's svg node).
 *
 * The cash flow is drawn from the screen's own geometry (core/chart/cashFlowChart.ts); the S-curve
 * from the same scale and ticks as the screen's (core/chart/scale.ts), in the PDF's simpler frame.
 */
import { CASH_FLOW_SERIES, cashFlowChartGeometry, type CashFlowChartGeometry, type CashFlowSeriesId, type ChartText } from '../chart/cashFlowChart';
import { labelIndices, linearScale, niceTicks } from '../chart/scale';
import type { Analysis } from '../evm/types';
import { formatEndDate, formatMoney } from '../format';
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

interface Scale {
  x: (i: number) => number;
  y: (v: number) => number;
  ticks: number[];
}

function scaleFor(count: number, lo: number, hi: number): Scale {
  const ticks = niceTicks(Math.min(0, lo), Math.max(hi, 1));
  return {
    x: (i) => PLOT.left + (count <= 1 ? PLOT.width / 2 : (i / (count - 1)) * PLOT.width),
    y: linearScale([ticks[0], ticks[ticks.length - 1]], [PLOT.top + PLOT.height, PLOT.top]),
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
  // As many period labels as fit, chosen as the screen chooses them.
  for (const i of labelIndices(labels.length, PLOT.width, 60)) {
    const label = labels[i];
    out.push(`<text x="${n2(s.x(i))}" y="${PLOT.top + PLOT.height + 12}" font-size="7" text-anchor="middle" fill="#444444">${esc(label)}</text>`);
  }
  return out;
}

function polyline(points: readonly (readonly [number, number])[], colour: string, dashed = false): string {
  if (points.length === 0) return '';
  // One known value (EV and AC of a single status, with no history before it): a dot, not nothing.
  if (points.length === 1) return `<circle cx="${n2(points[0][0])}" cy="${n2(points[0][1])}" r="2.8" fill="${colour}"/>`;
  return `<polyline points="${points.map(([x, y]) => `${n2(x)},${n2(y)}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5"${dashed ? ' stroke-dasharray="4 3"' : ''}/>`;
}

function legend(items: readonly { label: string; colour: string; dashed?: boolean }[], y = H - 10, x0 = PLOT.left): string[] {
  const out: string[] = [];
  let x = x0;
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

/** The cash-flow colours of the screen (CashFlowChart.tsx): forecast is the actual's colour, lighter and dashed. */
const CASH_FLOW_COLOURS: Record<CashFlowSeriesId, string> = { planned: SERIES_COLOURS.pv, earned: SERIES_COLOURS.ev, actual: SERIES_COLOURS.ac, forecast: SERIES_COLOURS.ac };
const CASH_FLOW_NAMES: Record<CashFlowSeriesId, string> = { planned: 'Planned (PV)', earned: 'Earned (EV)', actual: 'Actual (AC)', forecast: 'Forecast (to EAC)' };
/** Room under the chart for its legend, and above it for the title. */
const CF_TITLE = 16;
const CF_LEGEND = 16;

const anchorOf = (a: ChartText['anchor']): string => (a === 'start' ? 'start' : a === 'end' ? 'end' : 'middle');
const textAt = (t: ChartText, size: number, fill: string, extra = ''): string =>
  `<text x="${n2(t.x)}" y="${n2(t.y)}" font-size="${size}" text-anchor="${anchorOf(t.anchor)}" fill="${fill}"${extra}>${esc(t.text)}</text>`;

/** The chart's geometry at the PDF's size (exported for the tests, which hold the SVG to it). */
export function cashFlowGeometryOf(a: Analysis, ctx: FigureContext): CashFlowChartGeometry {
  const cost = a.measureBasis === 'cost';
  return cashFlowChartGeometry(a.cashFlow, a.cashFlowInfo?.beforeFirstStatus ?? null, {
    width: W,
    height: H - CF_TITLE - CF_LEGEND,
    // Compact ticks as on screen ("£1.2m"); hours in full.
    formatTick: (v) => (cost ? formatMoney(v, ctx.currency, { compact: true }) : formatFigure(v, 'amount', ctx)),
    formatPeriod: (r) => (r.end ? formatEndDate(r.end) : r.label),
    unit: cost ? a.project.currency : 'hours',
    statusAt: a.schedule.at.value,
    statusPeriod: a.statusPeriod,
    // 7 pt labels: about 3.9 pt a character.
    charWidth: 3.9,
  });
}

/**
 * The Cash flow tab's chart on paper: the same geometry (core/chart/cashFlowChart.ts) as the screen
 * draws — bars per period on the left axis, cumulative lines on the right, the before-first-status
 * band, the data-date line — at the PDF's width, so the two pictures cannot disagree.
 */
export function cashFlowSvg(a: Analysis, ctx: FigureContext): string {
  const before = a.cashFlowInfo?.beforeFirstStatus ?? null;
  const geo = cashFlowGeometryOf(a, ctx);

  const { plot } = geo;
  const out: string[] = [];
  for (const t of geo.cumulativeAxis.ticks) {
    out.push(`<line x1="${n2(plot.left)}" y1="${n2(t.y)}" x2="${n2(plot.right)}" y2="${n2(t.y)}" stroke="#dddddd" stroke-width="0.5"/>`);
    out.push(`<text x="${n2(plot.right + 4)}" y="${n2(t.y + 2.5)}" font-size="7" fill="#444444">${esc(t.label)}</text>`);
  }
  for (const t of geo.periodAxis.ticks) out.push(`<text x="${n2(plot.left - 4)}" y="${n2(t.y + 2.5)}" font-size="7" text-anchor="end" fill="#444444">${esc(t.label)}</text>`);
  out.push(textAt(geo.periodAxis.title, 7.5, '#222222', ' font-weight="bold"'), textAt(geo.cumulativeAxis.title, 7.5, '#222222', ' font-weight="bold"'));
  out.push(`<line x1="${n2(plot.left)}" y1="${n2(geo.baseline)}" x2="${n2(plot.right)}" y2="${n2(geo.baseline)}" stroke="#666666" stroke-width="0.75"/>`);
  for (const l of geo.xLabels) out.push(textAt(l, 7, '#444444'));
  for (const b of geo.bars) {
    const colour = CASH_FLOW_COLOURS[b.series];
    const look = b.series === 'forecast' ? ` fill-opacity="0.3" stroke="${colour}" stroke-width="0.75" stroke-dasharray="3 2"` : b.series === 'planned' ? ' fill-opacity="0.75"' : '';
    out.push(`<rect x="${n2(b.x)}" y="${n2(b.y)}" width="${n2(b.width)}" height="${n2(Math.max(b.height, b.value === 0 ? 0 : 0.5))}" fill="${colour}"${look}/>`);
  }
  if (geo.status) {
    const x = n2(geo.status.x);
    out.push(`<line x1="${x}" y1="${n2(plot.top - 4)}" x2="${x}" y2="${n2(plot.bottom)}" stroke="#888888" stroke-width="0.75" stroke-dasharray="2 2"/>`);
    out.push(textAt(geo.status.label, 7, '#444444'));
  }
  for (const l of geo.lines) {
    if (!l.path) continue;
    const colour = CASH_FLOW_COLOURS[l.series];
    // A white halo under each line keeps it readable over the bars, as on screen.
    out.push(`<path d="${l.path}" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>`);
    out.push(`<path d="${l.path}" fill="none" stroke="${colour}" stroke-width="1.5" stroke-linejoin="round"${l.series === 'forecast' ? ' stroke-dasharray="4 3"' : ''}/>`);
    for (const p of l.lonePoints) out.push(`<circle cx="${n2(p.x)}" cy="${n2(p.y)}" r="2.5" fill="${colour}"/>`);
  }
  const shown = CASH_FLOW_SERIES.filter((s) => geo.bars.some((b) => b.series === s) || geo.lines.some((l) => l.series === s && l.path !== ''));
  const items = shown.map((s) => ({ label: CASH_FLOW_NAMES[s], colour: CASH_FLOW_COLOURS[s], dashed: s === 'forecast' }));
  if (before) items.push({ label: 'Before first status', colour: before.actual !== null ? CASH_FLOW_COLOURS.actual : CASH_FLOW_COLOURS.earned, dashed: false });
  const key = `<text x="${W}" y="11" font-size="7" text-anchor="end" fill="#444444">Bars: each period (left axis) · lines: cumulative (right axis)</text>`;
  return svgOf('Cash flow', [`<g transform="translate(0,${CF_TITLE})">${out.join('')}</g>`, ...legend(items, H - 4, 0), key]);
}
