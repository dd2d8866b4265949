/**
 * The S-curve: its data (sCurveData), the rendered SVG (one path per series, gaps for unknown
 * EV/AC, the data-date marker at AT) and the scale helpers of src/ui/charts/scale.ts.
 * Figures from tests/fixtures/README.md: 10 weekly periods, data date = end of week 5, EV/AC known
 * at the snapshot (week 4: 57,000 / 47,500) and the data date (week 5: 80,000 / 89,500).
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SCurveChart, formatContextOf, sCurveData } from '../../../src/app/dashboard/components';
import { LineChart } from '../../../src/ui/charts/LineChart';
import { labelIndices, linePath, linearScale, nearestIndex, niceStep, niceTicks } from '../../../src/ui/charts/scale';
import { riverside, riversideWithoutCosts } from './fixture';
import { all, attr, hasClass, one, render, tag, text } from './html';

const { analysis } = riverside();
const ctx = formatContextOf(analysis);

/** "M1,2 L3,4 M5,6" → [[[1,2],[3,4]],[[5,6]]]: the subpaths and their points. */
function subpaths(d: string): number[][][] {
  return d
    .split('M')
    .filter((s) => s.trim())
    .map((s) => s.split('L').map((p) => p.trim().split(',').map(Number)));
}

describe('sCurveData', () => {
  const d = sCurveData(analysis, ctx);

  it('puts x = 0 at the start and x = k at the end of week k', () => {
    expect(d.xs).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.xLabels[0]).toBe('Start');
    // Week 1 ends Wed 8 Jan 2025 17:00 (weeks end at the data date, 5 Feb 17:00).
    expect(d.xLabels[1]).toBe('8 Jan 2025');
    expect(d.xLabels[5]).toBe('5 Feb 2025');
  });

  it('keeps unknown EV and AC as gaps, never zeros', () => {
    const ev = d.series.find((s) => s.id === 'ev')!.values;
    const ac = d.series.find((s) => s.id === 'ac')!.values;
    expect(ev).toEqual([null, null, null, null, 57_000, 80_000, null, null, null, null, null]);
    expect(ac).toEqual([null, null, null, null, 47_500, 89_500, null, null, null, null, null]);
  });

  it('plots PV from 0 to BAC and the forecast from the status period to the EAC', () => {
    const pv = d.series.find((s) => s.id === 'pv')!.values;
    expect(pv[0]).toBe(0);
    expect(pv[5]).toBe(121_000);
    expect(pv[10]).toBe(225_000);
    const f = d.series.find((s) => s.id === 'forecast')!;
    expect(f.dashed).toBe(true);
    // Nothing before week 5; at week 5 it equals AC; at the end, the EAC (225,000 × 89,500 / 80,000).
    expect(f.values.slice(0, 5).every((v) => v === null)).toBe(true);
    expect(f.values[5]).toBe(89_500);
    expect(f.values[10]).toBeCloseTo(251_718.75, 6);
  });

  it('marks the data date at AT = 5 periods', () => {
    expect(d.marker).toEqual({ x: 5, label: 'Data date', description: 'Data date 5 Feb 2025' });
  });

  it('summarises the chart in words', () => {
    expect(d.summary).toContain('10 weeks');
    expect(d.summary).toContain('PV is £121,000, EV £80,000 and AC £89,500');
    expect(d.summary).toContain('Forecast spend reaches £251,719 at completion');
  });
});

describe('SCurveChart markup', () => {
  const el = render(createElement(SCurveChart, { analysis }));
  const paths = all(el, hasClass('chart-line'));

  it('draws one path per series', () => {
    expect(paths.map((p) => p.attrs['data-series']).sort()).toEqual(['ac', 'ev', 'forecast', 'pv']);
  });

  it('draws EV as one run over weeks 4–5 only, and PV through all 11 points', () => {
    const ev = subpaths(one(el, attr('data-series', 'ev')).attrs.d);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toHaveLength(2);
    const pv = subpaths(one(el, attr('data-series', 'pv')).attrs.d);
    expect(pv).toHaveLength(1);
    expect(pv[0]).toHaveLength(11);
  });

  it('puts the data-date marker halfway along the x axis (week 5 of 10)', () => {
    const axis = one(el, hasClass('line-chart__x-axis'));
    const marker = one(el, (e) => e.tag === 'line' && hasClass('chart-marker')(e) && 'data-x' in e.attrs);
    const mid = (Number(axis.attrs.x1) + Number(axis.attrs.x2)) / 2;
    expect(Number(marker.attrs.x1)).toBeCloseTo(mid, 1);
    // The last EV point sits on the marker: EV is known at the data date.
    const ev = subpaths(one(el, attr('data-series', 'ev')).attrs.d)[0];
    expect(ev[1][0]).toBeCloseTo(mid, 1);
  });

  it('starts the forecast where AC ends', () => {
    const ac = subpaths(one(el, attr('data-series', 'ac')).attrs.d)[0];
    const f = subpaths(one(el, attr('data-series', 'forecast')).attrs.d)[0];
    expect(f[0]).toEqual(ac[ac.length - 1]);
  });

  it('labels the value axis with compact money', () => {
    const ticks = all(one(el, hasClass('line-chart__grid')), tag('text')).map(text);
    // Values run to the EAC of £251,719, so nice ticks of £50k run to £300k.
    expect(ticks).toEqual(['£0', '£50k', '£100k', '£150k', '£200k', '£250k', '£300k']);
  });

  it('has a text alternative: a summary and a hidden table of every period', () => {
    const frame = one(el, hasClass('line-chart__frame'));
    const summary = one(el, attr('id', frame.attrs['aria-describedby']));
    expect(text(summary)).toContain('PV is £121,000');
    // Hidden by a visually-hidden wrapper (a hidden <table> itself would still take its full width).
    const wrapper = one(el, (e) => e.attrs.class === 'sr-only' && all(e, tag('table')).length === 1);
    const table = one(wrapper, tag('table'));
    const rows = all(one(table, tag('tbody')), tag('tr'));
    expect(rows).toHaveLength(11);
    const week5 = all(rows[5], (e) => e.tag === 'td' || e.tag === 'th').map(text);
    expect(week5).toEqual(['5 Feb 2025', '£121,000', '£80,000', '£89,500', '£89,500']);
    expect(all(rows[1], tag('td')).map(text)).toEqual(['£9,000', 'n/a', 'n/a', 'n/a']);
  });

  it('has a legend naming each series and the data date', () => {
    const legend = text(one(el, hasClass('line-chart__legend')));
    for (const s of ['PV (planned)', 'EV (earned)', 'AC (actual cost)', 'Forecast (to EAC)', 'Data date 5 Feb 2025']) expect(legend).toContain(s);
  });

  it('writes hours, not money, on the axis of a schedule without costs', () => {
    const hours = render(createElement(SCurveChart, { analysis: riversideWithoutCosts().analysis }));
    const ticks = all(one(hours, hasClass('line-chart__grid')), tag('text')).map(text);
    expect(ticks.every((t) => t.endsWith('hours') && !t.includes('£'))).toBe(true);
  });
});

describe('LineChart', () => {
  it('dots a value with no known neighbour, which a line alone would not show', () => {
    const el = render(
      createElement(LineChart, {
        title: 'T',
        summary: 'S',
        xs: [0, 1, 2, 3],
        xLabels: ['a', 'b', 'c', 'd'],
        series: [
          { id: 'lone', label: 'Lone', colour: 'red', values: [null, 5, null, null] },
          { id: 'run', label: 'Run', colour: 'blue', values: [1, 2, 3, 4] },
        ],
        formatTick: String,
        formatValue: String,
      }),
    );
    expect(all(el, hasClass('chart-dot'))).toHaveLength(1);
    expect(one(el, attr('data-series', 'lone')).attrs.d).toMatch(/^M[\d.]+,[\d.]+$/);
    // No marker was given: none drawn.
    expect(all(el, hasClass('chart-marker'))).toHaveLength(0);
  });
});

describe('scale helpers', () => {
  it('maps and inverts a linear scale', () => {
    const s = linearScale([0, 10], [50, 550]);
    expect(s(5)).toBe(300);
    expect(s.invert(300)).toBe(5);
    expect(linearScale([3, 3], [0, 100])(3)).toBe(50);
  });

  it('chooses nice steps and ticks', () => {
    expect(niceStep(251_719, 5)).toBe(50_000);
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(800, 5)).toBe(200);
    expect(niceTicks(0, 251_719, 5)).toEqual([0, 50_000, 100_000, 150_000, 200_000, 250_000, 300_000]);
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-30, 70, 5)[0]).toBe(-40);
  });

  it('breaks a line at nulls', () => {
    expect(linePath([0, 1, 2, 3, 4], [1, 2, null, 4, 5])).toBe('M0,1 L1,2 M3,4 L4,5');
    expect(linePath([0, 1], [null, null])).toBe('');
  });

  it('finds the nearest x', () => {
    expect(nearestIndex([0, 10, 20], 14)).toBe(1);
    expect(nearestIndex([0, 10, 20], 16)).toBe(2);
    expect(nearestIndex([0, 10, 20], -5)).toBe(0);
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it('thins x labels to fit, keeping the last', () => {
    // 11 labels × 96 px need 1,056 px: all fit in 1,100, every other one in 1,000.
    expect(labelIndices(11, 1100, 96)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(labelIndices(11, 1000, 96)).toEqual([0, 2, 4, 6, 8, 10]);
    const few = labelIndices(53, 500, 96);
    expect(few[few.length - 1]).toBe(52);
    expect(few.length).toBeLessThanOrEqual(6);
  });
});
