/**
 * Reporting period grids. A period is identified by its end, an exclusive upper bound: a week
 * ending Friday ends at Saturday 00:00. Labels show the last day inside the period.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PERIODS, instantAtPeriods, periodGrid, periodsElapsed, type PeriodGrid } from '../../../src/core/evm/periods';
import { fromMinutes } from '../../../src/core/model/dates';
import { AnalysisInputError } from '../../../src/core/evm/analyseSchedule';
import { t } from './helpers';

const DAY = 1440;
const WEEK = 7 * DAY;
const ends = (g: PeriodGrid) => Array.from(g.ends, fromMinutes);

describe('weekly grid', () => {
  it('anchored on the data date: the data date is a period end', () => {
    const dd = t('2025-01-15T17:00'); // Wednesday
    const g = periodGrid({ kind: 'week', anchor: dd }, t('2025-01-06T08:00'), t('2025-01-31T17:00'));
    // First end strictly after Mon 6 Jan 08:00 on the Wed-17:00 rhythm is Wed 8 Jan 17:00; last end ≥ 31 Jan.
    expect(ends(g)).toEqual(['2025-01-08T17:00', '2025-01-15T17:00', '2025-01-22T17:00', '2025-01-29T17:00', '2025-02-05T17:00']);
    expect(fromMinutes(g.start)).toBe('2025-01-01T17:00');
    expect(g.ends).toContain(dd);
    expect(periodsElapsed(g, dd)).toBe(2);
    expect(g.labels[1]).toBe('w/e 2025-01-15');
  });

  it('an anchor far from the plan still lands on the same weekly rhythm', () => {
    const g = periodGrid({ kind: 'week', anchor: t('2024-06-05T17:00') }, t('2025-01-06T08:00'), t('2025-01-20T00:00'));
    expect(ends(g)[0]).toBe('2025-01-08T17:00'); // 2024-06-05 + 31 weeks
    for (let k = 1; k < g.ends.length; k++) expect(g.ends[k] - g.ends[k - 1]).toBe(WEEK);
  });

  it('without an anchor weeks end on Sunday by default (at Monday 00:00)', () => {
    const g = periodGrid({ kind: 'week' }, t('2025-01-08T10:00'), t('2025-01-20T10:00'));
    expect(ends(g)).toEqual(['2025-01-13T00:00', '2025-01-20T00:00', '2025-01-27T00:00']);
    expect(g.labels).toEqual(['w/e 2025-01-12', 'w/e 2025-01-19', 'w/e 2025-01-26']);
    expect(fromMinutes(g.start)).toBe('2025-01-06T00:00');
  });

  it('weekEndsOn Friday: the whole of Friday belongs to the week', () => {
    const g = periodGrid({ kind: 'week', weekEndsOn: 5 }, t('2025-01-10T10:00'), t('2025-01-17T23:59'));
    expect(ends(g)).toEqual(['2025-01-11T00:00', '2025-01-18T00:00']);
    expect(g.labels).toEqual(['w/e 2025-01-10', 'w/e 2025-01-17']);
    // Starting exactly at a week end (Sat 00:00), the first period is the next week.
    const g2 = periodGrid({ kind: 'week', weekEndsOn: 5 }, t('2025-01-11T00:00'), t('2025-01-12T00:00'));
    expect(ends(g2)).toEqual(['2025-01-18T00:00']);
  });
});

describe('monthly grid', () => {
  it('calendar months, February of a leap year has 29 days', () => {
    const g = periodGrid({ kind: 'month' }, t('2024-01-15T08:00'), t('2024-03-10T17:00'));
    expect(ends(g)).toEqual(['2024-02-01T00:00', '2024-03-01T00:00', '2024-04-01T00:00']);
    expect(g.labels).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(fromMinutes(g.start)).toBe('2024-01-01T00:00');
    expect((g.ends[1] - g.ends[0]) / DAY).toBe(29);
    // A status at noon on 15 Feb 2024 is 14.5 of 29 days into period 2 → AT = 1.5.
    expect(periodsElapsed(g, t('2024-02-15T12:00'))).toBeCloseTo(1.5, 12);
  });

  it('a month end that is exactly the last instant covered needs no extra month', () => {
    const g = periodGrid({ kind: 'month' }, t('2025-01-01T00:00'), t('2025-02-01T00:00'));
    expect(ends(g)).toEqual(['2025-02-01T00:00']);
  });
});

describe('custom period ends', () => {
  it('a date means the end of that day; a date-time is taken as is', () => {
    const g = periodGrid({ kind: 'custom', ends: ['2025-02-28', '2025-01-31', '2025-03-31T12:00'] }, t('2025-01-06T08:00'), t('2025-03-20T17:00'));
    expect(ends(g)).toEqual(['2025-02-01T00:00', '2025-03-01T00:00', '2025-03-31T12:00']);
    expect(g.labels).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
  });

  it('duplicates are dropped, and the grid is extended with the last period length to cover the plan', () => {
    const g = periodGrid({ kind: 'custom', ends: ['2025-01-31', '2025-01-31', '2025-02-28'] }, t('2025-01-06T08:00'), t('2025-04-10T00:00'));
    // Last length = 1 Mar − 1 Feb = 28 days → 29 Mar, then 26 Apr.
    expect(ends(g)).toEqual(['2025-02-01T00:00', '2025-03-01T00:00', '2025-03-29T00:00', '2025-04-26T00:00']);
    // The first period gets the second period's length: 1 Feb − 28 days = 4 Jan.
    expect(fromMinutes(g.start)).toBe('2025-01-04T00:00');
  });

  it('no ends is an error that says so', () => {
    expect(() => periodGrid({ kind: 'custom', ends: [] }, 0, 10)).toThrow(/at least one period end/);
    expect(() => periodGrid({ kind: 'custom', ends: [] }, 0, 10)).toThrow(AnalysisInputError);
    expect(() => periodGrid({ kind: 'week' }, Number.NaN, 10)).toThrow(AnalysisInputError);
  });
});

describe('absurd spans', () => {
  it('more than MAX_PERIODS weeks or months is refused with advice', () => {
    expect(MAX_PERIODS).toBe(5000);
    const wrong = () => periodGrid({ kind: 'week' }, t('1900-01-01T00:00'), t('2025-01-01T00:00'));
    expect(wrong).toThrow(AnalysisInputError);
    expect(wrong).toThrow('The schedule spans 1900-01-01 to 2025-01-01, more than 5000 periods: check for a wrong date in the file, or use monthly periods.');
    expect(() => periodGrid({ kind: 'month' }, t('1500-01-01T00:00'), t('2025-01-01T00:00'))).toThrow(/more than 5000 periods/);
  });

  it('undated inputs are refused', () => {
    expect(() => periodGrid({ kind: 'month' }, NaN, 0)).toThrow(/needs a dated start and end/);
  });
});

describe('actual time in periods', () => {
  const g = periodGrid({ kind: 'week', anchor: t('2025-01-15T17:00') }, t('2025-01-06T08:00'), t('2025-01-31T17:00'));

  it('whole periods plus the elapsed fraction of the current one', () => {
    expect(periodsElapsed(g, g.start - 100)).toBe(0);
    expect(periodsElapsed(g, t('2025-01-08T17:00'))).toBe(1);
    expect(periodsElapsed(g, t('2025-01-12T05:00'))).toBeCloseTo(1.5, 12); // 3.5 days into week 2
    // Past the grid the last period length continues: one week after the last end → 6.
    expect(periodsElapsed(g, g.ends[4] + WEEK)).toBeCloseTo(6, 12);
    expect(fromMinutes(instantAtPeriods(g, 1.5))).toBe('2025-01-12T05:00');
    expect(instantAtPeriods(g, -3)).toBe(g.start);
  });

  it('property: instantAtPeriods inverts periodsElapsed (and back) on weekly, monthly and custom grids', () => {
    const grids = [
      g,
      periodGrid({ kind: 'month' }, t('2024-01-15T08:00'), t('2024-12-10T17:00')),
      periodGrid({ kind: 'custom', ends: ['2025-01-10', '2025-01-31', '2025-03-31'] }, t('2025-01-06T08:00'), t('2025-05-01T00:00')),
      periodGrid({ kind: 'custom', ends: ['2025-01-31'] }, t('2025-01-06T08:00'), t('2025-01-20T00:00')),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...grids), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), (grid, frac, x) => {
        const span = grid.ends[grid.ends.length - 1] + 3 * WEEK - grid.start;
        const at = grid.start + frac * span;
        const p = periodsElapsed(grid, at);
        expect(Math.abs(instantAtPeriods(grid, p) - at)).toBeLessThan(1e-6);
        const back = periodsElapsed(grid, instantAtPeriods(grid, x));
        expect(Math.abs(back - x)).toBeLessThan(1e-9);
      }),
      { numRuns: 500 },
    );
  });
});
