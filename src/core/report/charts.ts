/**
 * The report's two charts — the S-curve (cumulative PV, EV, AC and the forecast) and the cash flow
 * (spend per period as bars, cumulative as lines) — as SVG text, which the PDF draws as vector
 * paths and text (pdfmake's svg node).
 *
 * Both are drawn from the screen's own pure geometry in core/chart (the cash flow from
 * cashFlowChart.ts, the S-curve from sCurve.ts and lineChart.ts), so paper and screen show the
 * same picture; only colours, fonts and size are the PDF's.
 */
import { CASH_FLOW_SERIES, cashFlowChartGeometry, type CashFlowChartGeometry, type CashFlowSeriesId, type ChartText } from '../chart/cashFlowChart';
import { chartGeometry } from '../chart/lineChart';
import { sCurvePoints } from '../chart/sCurve';
import { labelIndices, linePath } from '../chart/scale';
import type { Analysis } from '../evm/types';
import { formatEndDate, formatMoney } from '../format';
import { formatFigure, type FigureContext } from './figures';

export const SERIES_COLOURS = { pv: '#4477aa', ev: '#228833', ac: '#cc3311' } as const;

const W = 515;
const H = 230;

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n2 = (v: number): string => (Math.round(v * 10) / 10).toString();

function legend(items: readonly { label: string; colour: string; dashed?: boolean }[], y: number, x0 = 0): string[] {
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
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><text x="0" y="11" font-size="9" font-weight="bold" fill="#111111">${esc(title)}</text>${parts.join('')}</svg>`;


/**
 * The Overview's S-curve on paper: the same points (core/chart/sCurve.ts: from "Start", forecast
 * past the status period, the data date at AT) and the same layout (core/chart/lineChart.ts).
 */
export function sCurveSvg(a: Analysis, ctx: FigureContext): string {
  const pts = sCurvePoints(a);
  if (!pts) return svgOf('S-curve (cumulative)', []);
  const series = [
    { id: 'pv', label: 'PV (planned)', colour: SERIES_COLOURS.pv, values: pts.pv },
    { id: 'ev', label: 'EV (earned)', colour: SERIES_COLOURS.ev, values: pts.ev },
    { id: 'ac', label: a.measureBasis === 'cost' ? 'AC (actual cost)' : 'AC (actual)', colour: SERIES_COLOURS.ac, values: pts.ac },
    ...(pts.hasForecast ? [{ id: 'forecast', label: 'Forecast (to EAC)', colour: SERIES_COLOURS.ac, values: pts.forecast, dashed: true }] : []),
  ];
  const cost = a.measureBasis === 'cost';
  const formatTick = (v: number) => (cost ? formatMoney(v, ctx.currency, { compact: true }) : formatFigure(v, 'amount', ctx));
  const marker = pts.markerX !== null ? { x: pts.markerX } : null;
  const { area, ticks, x, y } = chartGeometry({ xs: pts.xs, series, formatTick, marker }, W, H - CF_TITLE - CF_LEGEND, 3.9);
  const px = pts.xs.map((v) => x(v));
  const out: string[] = [];
  for (const t of ticks) {
    out.push(`<line x1="${n2(area.left)}" y1="${n2(y(t))}" x2="${n2(area.right)}" y2="${n2(y(t))}" stroke="#dddddd" stroke-width="0.5"/>`);
    out.push(`<text x="${n2(area.left - 4)}" y="${n2(y(t) + 2.5)}" font-size="7" text-anchor="end" fill="#444444">${esc(formatTick(t))}</text>`);
  }
  out.push(`<line x1="${n2(area.left)}" y1="${n2(area.bottom)}" x2="${n2(area.right)}" y2="${n2(area.bottom)}" stroke="#666666" stroke-width="0.75"/>`);
  for (const i of labelIndices(pts.xs.length, area.width, 60)) {
    const anchor = i === 0 ? 'start' : i === pts.xs.length - 1 ? 'end' : 'middle';
    out.push(`<text x="${n2(px[i])}" y="${n2(area.bottom + 14)}" font-size="7" text-anchor="${anchor}" fill="#444444">${esc(pts.xLabels[i])}</text>`);
  }
  if (marker && Number.isFinite(marker.x)) {
    const mx = n2(x(marker.x));
    out.push(`<line x1="${mx}" y1="${n2(area.top - 8)}" x2="${mx}" y2="${n2(area.bottom)}" stroke="#888888" stroke-width="0.75" stroke-dasharray="2 2"/>`);
    out.push(`<text x="${n2(x(marker.x) + 4)}" y="${n2(area.top - 10)}" font-size="7" fill="#444444">Data date</text>`);
  }
  for (const s of series) {
    const d = linePath(px, s.values.map((v) => (v === null ? null : y(v))));
    if (d) out.push(`<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="1.5" stroke-linejoin="round"${s.dashed ? ' stroke-dasharray="4 3"' : ''}/>`);
    // A value with no known neighbour would be an invisible zero-length line: dot it, as on screen.
    s.values.forEach((v, i) => {
      if (v !== null && (s.values[i - 1] ?? null) === null && (s.values[i + 1] ?? null) === null) out.push(`<circle cx="${n2(px[i])}" cy="${n2(y(v))}" r="2.5" fill="${s.colour}"/>`);
    });
  }
  const items = series.map((s) => ({ label: s.label, colour: s.colour, dashed: s.dashed }));
  return svgOf('S-curve (cumulative)', [`<g transform="translate(0,${CF_TITLE})">${out.join('')}</g>`, ...legend(items, H - 4, 0)]);
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
