/**
 * The cash-flow chart's geometry (src/core/chart/cashFlowChart.ts), which the SVG and the PDF
 * both draw: bars stand on the period axis' zero and reach their value, lines pass through the
 * band centres at their cumulative value, gaps stay gaps, and the "before first status" amount
 * is a bar on the cumulative axis in its own band.
 */
import { describe, expect, it } from 'vitest';
import { cashFlowChartGeometry } from '../../../src/core/chart/cashFlowChart';
import { buildCashFlow } from '../../../src/core/evm/cashflow';
import type { PeriodPoint } from '../../../src/core/evm/types';

const pts = (pv: number[], ev: (number | null)[], ac: (number | null)[]): PeriodPoint[] =>
  pv.map((p, i) => ({ index: i + 1, end: null, label: `P${i + 1}`, pv: p, ev: ev[i] ?? null, ac: ac[i] ?? null }));
const opts = { width: 600, height: 300, formatTick: (v: number) => String(v), unit: 'GBP', statusPeriod: 2 };

describe('cash-flow chart geometry', () => {
  const flow = buildCashFlow({ points: pts([100, 300, 600, 1_000], [90, 250], [100, 320]), statusPeriod: 2, status: { pv: 300, ev: 250, ac: 320 }, etc: 800 });
  const g = cashFlowChartGeometry(flow.rows, flow.info.beforeFirstStatus, opts);
  const yPer = (v: number) => {
    const [t0, t1] = [g.periodAxis.ticks[0], g.periodAxis.ticks.at(-1)!];
    return t0.y + ((v - t0.value) / (t1.value - t0.value)) * (t1.y - t0.y);
  };
  const yCum = (v: number) => {
    const [t0, t1] = [g.cumulativeAxis.ticks[0], g.cumulativeAxis.ticks.at(-1)!];
    return t0.y + ((v - t0.value) / (t1.value - t0.value)) * (t1.y - t0.y);
  };

  it('one band per period, side by side, filling the plot', () => {
    expect(g.bands.map((b) => b.period)).toEqual([1, 2, 3, 4]);
    expect(g.bands[0].x0).toBeCloseTo(g.plot.left, 9);
    expect(g.bands.at(-1)!.x1).toBeCloseTo(g.plot.right, 9);
    for (let i = 1; i < 4; i++) expect(g.bands[i].x0).toBeCloseTo(g.bands[i - 1].x1, 9);
  });

  it('a bar for every known period value, from zero to its value on the period axis, inside its band', () => {
    const key = (s: string, p: number) => g.bars.find((b) => b.series === s && b.period === p);
    // Planned in all 4 periods; earned and actual in 1-2; forecast in 3-4.
    expect(g.bars.map((b) => `${b.series}${b.period}`).sort()).toEqual(['actual1', 'actual2', 'earned1', 'earned2', 'forecast3', 'forecast4', 'planned1', 'planned2', 'planned3', 'planned4']);
    for (const b of g.bars) {
      const band = g.bands.find((x) => x.period === b.period)!;
      expect(b.x).toBeGreaterThanOrEqual(band.x0);
      expect(b.x + b.width).toBeLessThanOrEqual(band.x1 + 1e-9);
      expect(b.y + b.height).toBeCloseTo(g.baseline, 6);
      expect(b.y).toBeCloseTo(yPer(b.value), 6);
    }
    expect(key('actual', 2)!.value).toBe(220);
    expect(key('forecast', 4)!.value).toBeCloseTo((800 * 4) / 7, 9);
    // Actual and forecast share the third slot (never in the same period).
    expect(key('actual', 1)!.x - key('planned', 1)!.x).toBeCloseTo(key('forecast', 3)!.x - key('planned', 3)!.x, 9);
  });

  it('cumulative lines through the band centres, with gaps where unknown; the forecast joins actual at the status', () => {
    const line = (s: string) => g.lines.find((l) => l.series === s)!;
    expect(line('planned').points.map((p) => p?.value)).toEqual([100, 300, 600, 1_000]);
    expect(line('actual').points.map((p) => p?.value ?? null)).toEqual([100, 320, null, null]);
    expect(line('forecast').points.map((p) => p?.value ?? null)).toEqual([null, 320, expect.closeTo(320 + (800 * 3) / 7, 9), expect.closeTo(1_120, 9)]);
    for (const l of g.lines)
      l.points.forEach((p, i) => {
        if (!p) return;
        expect(p.x).toBeCloseTo(g.bands[i].centre, 9);
        expect(p.y).toBeCloseTo(yCum(p.value), 6);
      });
    expect(line('actual').path.split('M')).toHaveLength(2); // one run, no gap inside
  });

  it('both axes start at zero and cover their values; their titles name the unit', () => {
    expect(g.periodAxis.ticks[0].value).toBe(0);
    expect(g.periodAxis.ticks.at(-1)!.value).toBeGreaterThanOrEqual(800 * (4 / 7));
    expect(g.cumulativeAxis.ticks.at(-1)!.value).toBeGreaterThanOrEqual(1_120);
    expect(g.periodAxis.title.text).toBe('Per period (GBP)');
    expect(g.cumulativeAxis.title.text).toBe('Cumulative (GBP)');
  });

  it('the status line at the periods elapsed', () => {
    const at = cashFlowChartGeometry(flow.rows, null, { ...opts, statusAt: 1.5 });
    expect(at.status!.x).toBeCloseTo((at.bands[1].x0 + at.bands[1].x1) / 2, 9);
    expect(g.status!.x).toBeCloseTo(g.bands[1].x1, 9);
  });

  it('"before first status": its own band at the left with bars on the cumulative axis, never spread', () => {
    const f = buildCashFlow({ points: pts([100, 300, 600, 800, 1_000], [0, null, null], [0, null, null]), statusPeriod: 4, status: { pv: 800, ev: 700, ac: 750 }, etc: 300 });
    const b = cashFlowChartGeometry(f.rows, f.info.beforeFirstStatus, { ...opts, statusPeriod: 4 });
    expect(b.bands[0].period).toBeNull();
    expect(b.bands[0].x0).toBeCloseTo(b.plot.left, 9);
    const before = b.bars.filter((x) => x.period === null);
    expect(before.map((x) => [x.series, x.value, x.axis])).toEqual([
      ['earned', 700, 'cumulative'],
      ['actual', 750, 'cumulative'],
    ]);
    // No actual bar in periods 2-4: their own spend is not known.
    expect(b.bars.filter((x) => x.series === 'actual' && x.period !== null).map((x) => x.period)).toEqual([1]);
    // The actual line: 0 at period 1, gap, 750 at the status.
    const actual = b.lines.find((l) => l.series === 'actual')!;
    expect(actual.points.map((p) => p?.value ?? null)).toEqual([0, null, null, 750, null]);
    expect(actual.lonePoints.map((p) => p.period)).toEqual([1, 4]);
    expect(b.xLabels[0].text).toMatch(/^Before/);
  });

  it('labels never overlap, even at a phone width with many periods', () => {
    const many = buildCashFlow({ points: pts(Array.from({ length: 60 }, (_, i) => (i + 1) * 10), [10], [12]), statusPeriod: 1, status: { pv: 10, ev: 10, ac: 12 }, etc: 600 });
    const narrow = cashFlowChartGeometry(many.rows, null, { ...opts, width: 320, statusPeriod: 1, formatPeriod: (r) => `w/e 2025-01-${String(r.index).padStart(2, '0')}` });
    const spans = narrow.xLabels.map((l) => {
      const w = l.text.length * 7;
      const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
      return [x0, x0 + w] as const;
    });
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
    for (const [a, z] of spans) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(z).toBeLessThanOrEqual(320);
    }
  });
});

describe('cash-flow chart axis titles', () => {
  const flow = buildCashFlow({ points: pts([1e6, 3e6, 6e6, 1e7], [9e5, 2.5e6], [1e6, 3.2e6]), statusPeriod: 2, status: { pv: 3e6, ev: 2.5e6, ac: 3.2e6 }, etc: 8e6 });
  const fmt = (v: number) => `US$${v / 1e6}m`;
  const extent = (t: { x: number; text: string; anchor: string }) => {
    const w = t.text.length * 7;
    return t.anchor === 'start' ? [t.x, t.x + w] : t.anchor === 'end' ? [t.x - w, t.x] : [t.x - w / 2, t.x + w / 2];
  };
  for (const width of [300, 360, 1000]) {
    it(`do not overlap at ${width} px (stacked on two lines when they do not fit on one)`, () => {
      const g = cashFlowChartGeometry(flow.rows, null, { ...opts, width, formatTick: fmt, unit: 'USD' });
      const [a0, a1] = extent(g.periodAxis.title);
      const [b0, b1] = extent(g.cumulativeAxis.title);
      const sameLine = g.periodAxis.title.y === g.cumulativeAxis.title.y;
      if (sameLine) expect(a1).toBeLessThanOrEqual(b0);
      expect(a0).toBeGreaterThanOrEqual(0);
      expect(b1).toBeLessThanOrEqual(width);
      expect(Math.max(g.periodAxis.title.y, g.cumulativeAxis.title.y)).toBeLessThan(g.plot.top - 8);
      if (width === 1000) expect(sameLine).toBe(true);
    });
  }
});

describe('cash-flow chart gridlines', () => {
  it('both axes have as many ticks, at the same heights, so one set of gridlines serves both', () => {
    const flow = buildCashFlow({ points: pts([1e6, 3e6, 2.1e7, 2.2e8], [9e5, 2.5e6], [1e6, 3.2e6]), statusPeriod: 2, status: { pv: 3e6, ev: 2.5e6, ac: 3.2e6 }, etc: 2.2e8 });
    const g = cashFlowChartGeometry(flow.rows, null, opts);
    expect(g.periodAxis.ticks).toHaveLength(g.cumulativeAxis.ticks.length);
    g.periodAxis.ticks.forEach((t, i) => expect(t.y).toBeCloseTo(g.cumulativeAxis.ticks[i].y, 9));
    expect(g.periodAxis.ticks.at(-1)!.value).toBeGreaterThanOrEqual(Math.max(...flow.rows.map((r) => r.forecast ?? r.planned)));
  });
});
