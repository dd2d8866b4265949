/**
 * The Risk tab's chart geometry (src/core/chart/riskCharts.ts): bars proportional to counts, the
 * cumulative curve from 0% at the first edge to 100% at the last, marks where their values fall
 * (and at the curve's height there), two runs' curves on one axis, the scatter inside its plot and
 * the tornado's bars on the right side of zero for positive drivers.
 */
import { describe, expect, it } from 'vitest';
import { curvesGeometry, histogramGeometry, scatterGeometry, tornadoGeometry } from '../../../src/core/chart/riskCharts';

const h = { edges: [0, 10, 20, 30, 40], counts: [10, 40, 30, 20], cumulative: [0.1, 0.5, 0.8, 1] };
const fmt = (v: number) => `d${Math.round(v)}`;

describe('risk chart geometry', () => {
  it('histogram: bars by count, cumulative curve 0 → 100%, marks on the curve', () => {
    const g = histogramGeometry(h, [{ label: 'P80', value: 30 }, { label: 'Deterministic', value: 15 }], { width: 600, height: 300, formatX: fmt });
    expect(g.bars).toHaveLength(4);
    // Heights proportional to counts.
    expect(g.bars[1].height / g.bars[0].height).toBeCloseTo(4, 1);
    expect(g.bars[0].x).toBe(g.plot.left);
    // Curve starts at the bottom at the first edge and ends at the top at the last.
    expect(g.cumulativePath.startsWith(`M${g.plot.left},${g.plot.bottom}`)).toBe(true);
    expect(g.cumulativePath.endsWith(`${g.plot.right},${g.plot.top}`)).toBe(true);
    const p80 = g.marks[0];
    expect(p80.x).toBeCloseTo(g.plot.left + (g.plot.right - g.plot.left) * 0.75, 1);
    expect(p80.y).toBeCloseTo(g.plot.bottom - 0.8 * (g.plot.bottom - g.plot.top), 1);
    // Half-way through bin 1 (10..20, 10% → 50%): 30%.
    expect(g.marks[1].y).toBeCloseTo(g.plot.bottom - 0.3 * (g.plot.bottom - g.plot.top), 1);
    expect(g.xTicks[0].label).toBe('d0');
    expect(g.xTicks.at(-1)!.label).toBe('d40');
    expect(g.shareTicks.map((t) => t.label)).toEqual(['0%', '25%', '50%', '75%', '100%']);
  });

  it('curves of two runs share one axis: the later run lies to the right', () => {
    const later = { edges: h.edges.map((e) => e + 20), counts: h.counts, cumulative: h.cumulative };
    const g = curvesGeometry([{ id: 'a', h }, { id: 'b', h: later }], [], { width: 600, height: 300, formatX: fmt });
    const firstX = (path: string) => Number(path.slice(1).split(',')[0]);
    expect(firstX(g.curves[1].path)).toBeGreaterThan(firstX(g.curves[0].path));
    expect(g.xTicks.at(-1)!.label).toBe('d60');
  });

  it('scatter points stay in the plot; P80 lines where their values are', () => {
    const g = scatterGeometry([1, 2, 3], [100, 300, 200], { width: 400, height: 300, formatX: fmt, formatY: (v) => `£${v}`, xLine: 2, yLine: 200 });
    for (const p of g.points) {
      expect(p.x).toBeGreaterThanOrEqual(g.plot.left);
      expect(p.x).toBeLessThanOrEqual(g.plot.right);
      expect(p.y).toBeGreaterThanOrEqual(g.plot.top);
      expect(p.y).toBeLessThanOrEqual(g.plot.bottom);
    }
    expect(g.xLine).toBeCloseTo((g.plot.left + g.plot.right) / 2, 1);
    expect(g.points[1].y).toBeLessThan(g.points[0].y);
  });

  it('tornado: positive bars start at zero and go right, negative ones end at zero', () => {
    const g = tornadoGeometry([{ label: 'A', value: 0.8 }, { label: 'B', value: -0.4 }, { label: 'C', value: NaN }], { width: 500 });
    expect(g.rows[0].x).toBe(g.zero);
    expect(g.rows[0].width).toBeGreaterThan(g.rows[1].width);
    expect(g.rows[1].x + g.rows[1].width).toBeCloseTo(g.zero, 1);
    expect(g.rows[1].negative).toBe(true);
    expect(g.rows[2].width).toBe(0);
  });
});

describe('risk chart ticks', () => {
  it('given exact values (edges with dates), ticks sit on them only', () => {
    const g = histogramGeometry(h, [], { width: 600, height: 300, formatX: fmt, tickValues: h.edges });
    expect(g.xTicks.map((t) => t.label).every((l) => ['d0', 'd10', 'd20', 'd30', 'd40'].includes(l))).toBe(true);
    expect(g.xTicks[0].at).toBe(g.plot.left);
    const narrow = histogramGeometry(h, [], { width: 200, height: 300, formatX: fmt, tickValues: h.edges });
    expect(narrow.xTicks.length).toBeLessThan(g.xTicks.length);
  });
});

describe('mark labels', () => {
  it('close marks take different rows; far ones share the first', () => {
    const g = histogramGeometry(h, [{ label: 'P10', value: 10 }, { label: 'Deterministic 4%', value: 10.5 }, { label: 'P90', value: 38 }], { width: 360, height: 300, formatX: fmt });
    expect(g.marks[0].level).not.toBe(g.marks[1].level);
    expect(g.marks[2].level).toBe(0);
  });
});
