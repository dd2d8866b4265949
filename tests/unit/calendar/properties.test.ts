/**
 * Property tests: the algebra of working time (additivity, antisymmetry, inverse of add), and a
 * comparison with the naive minute-by-minute reference in ./reference.ts on several calendars,
 * some compiled with a deliberately short table so that instants cross its edges.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addWorkingMinutes,
  compileCalendar,
  continuousCalendar,
  cumulativeWorkingMinutes,
  isWorkingTime,
  makeCalendar,
  nextWorkingTime,
  previousWorkingTimeEnd,
  standardCalendar,
  workingMinutesBetween,
  type CompiledCalendar,
} from '../../../src/core/calendar';
import { toMinutes } from '../../../src/core/model/dates';
import type { Calendar } from '../../../src/core/model/schedule';
import { naive, type NaiveCalendar } from './reference';

const t = toMinutes;

interface Case {
  name: string;
  cc: CompiledCalendar;
  ref: NaiveCalendar;
  lo: number;
  hi: number;
  /** Largest |minutes| the naive add can walk quickly on this calendar. */
  maxAdd: number;
}

const ukHolidays = [
  '2024-12-25', '2024-12-26', '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26',
  '2025-08-25', '2025-12-25', '2025-12-26', '2026-01-01', '2026-04-03', '2026-04-06',
];
const uk = makeCalendar({
  id: 'uk',
  workDays: [1, 2, 3, 4, 5],
  holidays: ukHolidays,
  exceptions: [
    { date: '2025-06-14', intervals: [[480, 720]], name: 'Working Saturday' },
    { date: '2025-12-24', intervals: [[480, 720]], name: 'Christmas Eve' },
    { date: '2025-07-04', intervals: [[420, 600], [660, 900], [960, 1140]] },
  ],
});

// Night shift across midnight: 22:00–06:00 Monday night to Saturday morning.
const night = makeCalendar({
  id: 'night',
  workWeek: [[[1320, 1440]], [[0, 360], [1320, 1440]], [[0, 360], [1320, 1440]], [[0, 360], [1320, 1440]], [[0, 360], [1320, 1440]], [[0, 360]], []],
  hoursPerDay: 8,
  holidays: ['2025-03-05'],
});

// Half an hour a week, with a few extra sessions: long gaps stress the searches.
const sparse = makeCalendar({
  id: 'sparse',
  workDays: [3],
  dayIntervals: [[540, 570]],
  hoursPerDay: 0.5,
  exceptions: [
    { date: '2025-02-01', intervals: [[0, 1]] },
    { date: '2025-02-05', intervals: [] },
    { date: '2025-11-30', intervals: [[1439, 1440]] },
  ],
});

// A three-month shutdown and a month of double shifts: the average-day guess of the search is
// far out around them, so the galloping search has to run a long way.
const isoDay = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);
const firstDay = Math.floor(t('2025-03-01') / 1440);
const lumpy = makeCalendar({
  id: 'lumpy',
  workDays: [1, 2, 3, 4, 5],
  holidays: Array.from({ length: 92 }, (_, k) => isoDay(firstDay + k)),
  exceptions: Array.from({ length: 31 }, (_, k) => ({ date: isoDay(firstDay + 150 + k), intervals: [[0, 1440]] as [number, number][] })),
});

const c24 = continuousCalendar('c24');
c24.exceptions.push({ date: '2025-12-25', intervals: [] });

// Derived calendar; its hand-flattened equivalent feeds the reference.
const base = makeCalendar({ id: 'base', workDays: [1, 2, 3, 4, 5], holidays: ['2025-12-25', '2025-12-26'] });
const derived = makeCalendar({ id: 'derived', baseCalendarId: 'base', exceptions: [{ date: '2025-12-26', intervals: [[480, 600]] }] });
const derivedFlat: Calendar = {
  ...standardCalendar('flat'),
  exceptions: [
    { date: '2025-12-25', intervals: [] },
    { date: '2025-12-26', intervals: [[480, 600]] },
  ],
};

const near = { lo: t('2023-06-01'), hi: t('2027-06-30') };
const cases: Case[] = [
  { name: 'UK standard, table 2025 only', cc: compileCalendar(uk, { fromYear: 2025, toYear: 2025 }), ref: naive(uk), ...near, maxAdd: 6000 },
  { name: 'UK standard, default table', cc: compileCalendar(uk), ref: naive(uk), ...near, maxAdd: 6000 },
  { name: 'night shift across midnight', cc: compileCalendar(night, { fromYear: 2025, toYear: 2025 }), ref: naive(night), ...near, maxAdd: 6000 },
  { name: 'sparse', cc: compileCalendar(sparse, { fromYear: 2025, toYear: 2025 }), ref: naive(sparse), ...near, maxAdd: 150 },
  { name: 'lumpy (shutdown, double shifts)', cc: compileCalendar(lumpy, { fromYear: 2025, toYear: 2025 }), ref: naive(lumpy), ...near, maxAdd: 6000 },
  { name: '24 h with a holiday', cc: compileCalendar(c24, { fromYear: 2025, toYear: 2025 }), ref: naive(c24), ...near, maxAdd: 20000 },
  {
    name: 'derived from a base',
    cc: compileCalendar(derived, { calendarsById: new Map([base, derived].map((c) => [c.id, c])), fromYear: 2025, toYear: 2025 }),
    ref: naive(derivedFlat),
    ...near,
    maxAdd: 6000,
  },
];

const RUNS = 300;

describe.each(cases)('$name', ({ cc, ref, lo, hi, maxAdd }) => {
  const instant = fc.integer({ min: lo, max: hi });
  // Wide instants: decades either side of the table, to exercise the weekly-periodic fallback.
  const wide = fc.integer({ min: t('1940-01-01'), max: t('2110-12-31') });
  const anyInstant = fc.oneof(instant, wide);
  const nearPair = fc.tuple(instant, fc.integer({ min: -40_000, max: 40_000 })).map(([a, d]) => [a, a + d] as const);
  const cum = (x: number) => cumulativeWorkingMinutes(cc, x);

  it('between is antisymmetric and additive', () => {
    fc.assert(
      fc.property(anyInstant, anyInstant, anyInstant, (a, b, c) => {
        expect(workingMinutesBetween(cc, a, b) + workingMinutesBetween(cc, b, a)).toBe(0);
        expect(workingMinutesBetween(cc, a, b) + workingMinutesBetween(cc, b, c)).toBe(workingMinutesBetween(cc, a, c));
        expect(workingMinutesBetween(cc, a, a)).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('add(start, between(start, x)) lands on the working instant of x', () => {
    fc.assert(
      fc.property(anyInstant, anyInstant, (s, x) => {
        const d = workingMinutesBetween(cc, s, x);
        const r = addWorkingMinutes(cc, s, d);
        expect(cum(r)).toBe(cum(x));
        if (d === 0) expect(r).toBe(s);
        // Forward, x ending a working minute (inside an interval or at its end): exactly x.
        if (d > 0 && isWorkingTime(cc, x - 1)) expect(r).toBe(x);
        // Backward, x a working minute (inside an interval or at its start): exactly x.
        if (d < 0 && isWorkingTime(cc, x)) expect(r).toBe(x);
      }),
      { numRuns: RUNS },
    );
  });

  it('add then subtract round-trips on working instants (and the mirror on working ends)', () => {
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: 1, max: 2_000_000 }), (x, m) => {
        const s = nextWorkingTime(cc, x);
        expect(addWorkingMinutes(cc, addWorkingMinutes(cc, s, m), -m)).toBe(s);
        const f = previousWorkingTimeEnd(cc, x);
        expect(addWorkingMinutes(cc, addWorkingMinutes(cc, f, -m), m)).toBe(f);
      }),
      { numRuns: RUNS },
    );
  });

  it('add moves by exactly the minutes asked, onto a working boundary in the direction of travel', () => {
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: -2_000_000, max: 2_000_000 }).filter((m) => m !== 0), (s, m) => {
        const r = addWorkingMinutes(cc, s, m);
        expect(workingMinutesBetween(cc, s, r)).toBe(m);
        if (m > 0) {
          expect(r).toBeGreaterThan(s);
          expect(isWorkingTime(cc, r - 1)).toBe(true);
        } else {
          expect(r).toBeLessThan(s);
          expect(isWorkingTime(cc, r)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('next working time / previous working end are the nearest boundaries with no work between', () => {
    fc.assert(
      fc.property(anyInstant, (x) => {
        const n = nextWorkingTime(cc, x);
        expect(n).toBeGreaterThanOrEqual(x);
        expect(isWorkingTime(cc, n)).toBe(true);
        expect(workingMinutesBetween(cc, x, n)).toBe(0);
        const p = previousWorkingTimeEnd(cc, x);
        expect(p).toBeLessThanOrEqual(x);
        expect(isWorkingTime(cc, p - 1)).toBe(true);
        expect(workingMinutesBetween(cc, p, x)).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('matches the naive minute-by-minute reference: isWorkingTime, between, next, previous end', () => {
    fc.assert(
      fc.property(nearPair, ([a, b]) => {
        expect(isWorkingTime(cc, a)).toBe(ref.isWorking(a));
        expect(workingMinutesBetween(cc, a, b)).toBe(ref.between(a, b));
        expect(nextWorkingTime(cc, a)).toBe(ref.next(a));
        expect(previousWorkingTimeEnd(cc, a)).toBe(ref.previousEnd(a));
      }),
      { numRuns: 150 },
    );
  });

  it('matches the naive reference for add, both directions', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -maxAdd, max: maxAdd }), (s, m) => {
        expect(addWorkingMinutes(cc, s, m)).toBe(ref.add(s, m));
      }),
      { numRuns: 150 },
    );
  });

  it('matches a day-by-day count over long spans', () => {
    fc.assert(
      fc.property(wide, wide, (a, b) => {
        expect(workingMinutesBetween(cc, a, b)).toBe(ref.betweenByDays(a, b));
      }),
      { numRuns: 30 },
    );
  });
});

describe('the table horizon changes speed, never answers', () => {
  const holidays = [...ukHolidays, '2031-05-05'];
  const cal = makeCalendar({ id: 'h', workDays: [1, 2, 3, 4, 5], holidays });
  const small = compileCalendar(cal, { fromYear: 2025, toYear: 2025 });
  const big = compileCalendar(cal, { fromYear: 1900, toYear: 2200 });
  const x = fc.integer({ min: t('1950-01-01'), max: t('2150-12-31') });

  it('between and add agree between a one-year and a 300-year table', () => {
    fc.assert(
      fc.property(x, x, fc.integer({ min: -3_000_000, max: 3_000_000 }), (a, b, m) => {
        expect(workingMinutesBetween(small, a, b)).toBe(workingMinutesBetween(big, a, b));
        expect(addWorkingMinutes(small, a, m)).toBe(addWorkingMinutes(big, a, m));
        expect(nextWorkingTime(small, a)).toBe(nextWorkingTime(big, a));
        expect(previousWorkingTimeEnd(small, a)).toBe(previousWorkingTimeEnd(big, a));
      }),
      { numRuns: 500 },
    );
  });
});
