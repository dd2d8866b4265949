/**
 * The PDF's cash-flow chart is the Cash flow tab's picture: drawn from the screen's own geometry
 * (core/chart/cashFlowChart.ts), every bar, cumulative line, the before-first-status band and the
 * data-date line land in the SVG where the geometry puts them, and the PDF carries its labels.
 * The S-curve likewise draws the Overview's points (core/chart/sCurve.ts) in its layout.
 */
import { describe, expect, it } from 'vitest';
import { analyseSchedule, type Analysis } from '../../../src/core/evm';
import { dashboardOf } from '../../../src/core/insight';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { chartGeometry } from '../../../src/core/chart/lineChart';
import { sCurvePoints } from '../../../src/core/chart/sCurve';
import { linePath } from '../../../src/core/chart/scale';
import { formatMoney } from '../../../src/core/format';
import { cashFlowGeometryOf, cashFlowSvg, sCurveSvg } from '../../../src/core/report/charts';
import { figureContextOf } from '../../../src/core/report/figures';
import { buildPdf } from '../../../src/core/report/pdf';
import { pdfText } from './readBack';

const base = analyseSchedule(syntheticSchedule({ activities: 300, seed: 4, statusAt: 0.5 }), { periods: 'month', breakdown: 'wbs' });
// Spend before the first status that the file does not place in periods: its own band.
const before = { earned: 120_000, actual: 135_000, firstStatus: 1 };
const analysis: Analysis = { ...base, cashFlowInfo: { beforeFirstStatus: before, actualSource: 'statuses', notes: [] } };
const ctx = figureContextOf(analysis);
const r1 = (v: number) => Math.round(v * 10) / 10;
const attrs = (svg: string, tag: string) =>
  [...svg.matchAll(new RegExp(`<${tag} ([^>]*)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/([a-z0-9-]+)="([^"]*)"/g)].map((x) => [x[1], x[2]])));

describe('the PDF cash-flow chart', () => {
  const svg = cashFlowSvg(analysis, ctx);
  const geo = cashFlowGeometryOf(analysis, ctx);

  it('draws every bar of the geometry where it puts it, the before-first-status bars included', () => {
    expect(geo.bars.length).toBeGreaterThan(analysis.cashFlow.length);
    expect(geo.bars.filter((b) => b.period === null).map((b) => [b.series, b.value])).toEqual([
      ['earned', before.earned],
      ['actual', before.actual],
    ]);
    const rects = attrs(svg, 'rect');
    expect(rects).toHaveLength(geo.bars.length);
    geo.bars.forEach((b, i) => {
      expect(Number(rects[i].x)).toBe(r1(b.x));
      expect(Number(rects[i].y)).toBe(r1(b.y));
      expect(Number(rects[i].width)).toBe(r1(b.width));
    });
  });

  it('draws the cumulative lines, the data-date line and the axes of the geometry', () => {
    const paths = attrs(svg, 'path').map((p) => p.d);
    const drawn = geo.lines.filter((l) => l.path);
    expect(drawn.length).toBeGreaterThanOrEqual(3);
    for (const l of drawn) expect(paths, l.series).toContain(l.path);
    expect(geo.status).not.toBeNull();
    expect(attrs(svg, 'line').some((l) => l.x1 === String(r1(geo.status!.x)) && l.x2 === l.x1)).toBe(true);
    for (const t of [...geo.periodAxis.ticks, ...geo.cumulativeAxis.ticks]) expect(svg).toContain(`>${t.label}</text>`);
    expect(svg).toContain(`>Per period (${analysis.project.currency})</text>`);
    expect(svg).toContain(`>Cumulative (${analysis.project.currency})</text>`);
  });

  it('the PDF holds the chart as text and paths: the before-first-status band and the data date are named', async () => {
    const file = await buildPdf({ dashboard: dashboardOf(analysis), variances: [], comments: [], activities: null, generatedAt: '2026-03-02T09:00:00Z' }, 'A4');
    const pdf = await pdfText(file.bytes);
    expect(pdf.text).toContain('Before first status');
    expect(pdf.text).toContain('Data date');
    expect(pdf.text).toContain(`Cumulative (${analysis.project.currency})`);
  }, 30_000);
});

describe('the PDF S-curve', () => {
  it('draws the Overview’s points: from "Start" at 0, the forecast past the status period, the data date at AT', () => {
    const pts = sCurvePoints(analysis)!;
    expect(pts.xs[0]).toBe(0);
    expect(pts.pv[0]).toBe(0);
    expect(pts.xLabels[0]).toBe('Start');
    expect(pts.markerX).toBe(analysis.schedule.at.value);
    const svg = sCurveSvg(analysis, ctx);
    // The same layout (core/chart/lineChart.ts) at the PDF's size, with the screen's compact ticks:
    // each series' path is the line through that geometry's scales, to the screen's rounding.
    const series = [pts.pv, pts.ev, pts.ac, ...(pts.hasForecast ? [pts.forecast] : [])];
    expect(pts.hasForecast).toBe(true);
    const formatTick = (v: number) => formatMoney(v, analysis.project.currency, { compact: true });
    const geo = chartGeometry({ xs: pts.xs, series: series.map((values) => ({ values })), formatTick, marker: { x: pts.markerX! } }, 515, 230 - 32, 3.9);
    const paths = attrs(svg, 'path').map((p) => p.d);
    expect(paths).toEqual(series.map((values) => linePath(pts.xs.map((v) => geo.x(v)), values.map((v) => (v === null ? null : geo.y(v))))));
    for (const t of geo.ticks) expect(svg).toContain(`>${formatTick(t)}</text>`);
    expect(svg).toContain('>Data date</text>');
    expect(svg).toContain('>Start</text>');
  });
});
