import { describe, it, expect } from 'vitest';
import {
  addWorkingHours,
  addWorkingMinutes,
  compileCalendar,
  continuousCalendar,
  cumulativeWorkingMinutes,
  dayIndexOfMinute,
  isWorkingTime,
  makeCalendar,
  nextWorkingTime,
  previousWorkingTimeEnd,
  sixDayCalendar,
  standardCalendar,
  workingDaysBetween,
  workingHoursBetween,
  workingMinutesBetween,
  workingMinutesOnDay,
} from '../../../src/core/calendar';
import { fromMinutes, toMinutes } from '../../../src/core/model/dates';
import { naive } from './reference';

const t = toMinutes;
const std = compileCalendar(standardCalendar());

/** addWorkingHours on a compiled calendar, formatted back to text. */
const plusHours = (cc: ReturnType<typeof compileCalendar>, from: string, hours: number): string =>
  fromMinutes(addWorkingHours(cc, t(from), hours));

describe('standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00)', () => {
  // 2025-06-13 is a Friday, 2025-06-16 the Monday after.
  it('carries work across the weekend: Fri 16:00 + 2 h = Mon 09:00', () => {
    expect(plusHours(std, '2025-06-13T16:00', 2)).toBe('2025-06-16T09:00');
  });

  it('skips the lunch break', () => {
    expect(plusHours(std, '2025-06-16T11:00', 2)).toBe('2025-06-16T14:00');
    expect(plusHours(std, '2025-06-16T12:30', 1)).toBe('2025-06-16T14:00');
    expect(workingMinutesBetween(std, t('2025-06-16T11:30'), t('2025-06-16T13:30'))).toBe(60);
    expect(isWorkingTime(std, t('2025-06-16T12:00'))).toBe(false);
    expect(isWorkingTime(std, t('2025-06-16T11:59'))).toBe(true);
    expect(isWorkingTime(std, t('2025-06-16T13:00'))).toBe(true);
  });

  it('finishes on the end of an interval, not at the next start (end-of-interval convention)', () => {
    expect(plusHours(std, '2025-06-13T08:00', 8)).toBe('2025-06-13T17:00');
    expect(plusHours(std, '2025-06-13T09:00', 8)).toBe('2025-06-16T09:00'); // 7 h on Friday, 1 h on Monday
    expect(plusHours(std, '2025-06-16T11:30', 0.5)).toBe('2025-06-16T12:00');
    expect(plusHours(std, '2025-06-16T08:00', 40)).toBe('2025-06-20T17:00');
  });

  it('subtracts to the start of an interval, not the previous end (mirror convention)', () => {
    expect(plusHours(std, '2025-06-16T09:00', -2)).toBe('2025-06-13T16:00');
    expect(plusHours(std, '2025-06-16T10:00', -2)).toBe('2025-06-16T08:00');
    expect(plusHours(std, '2025-06-16T14:00', -1)).toBe('2025-06-16T13:00');
    expect(plusHours(std, '2025-06-16T14:00', -1.5)).toBe('2025-06-16T11:30');
    expect(plusHours(std, '2025-06-20T17:00', -40)).toBe('2025-06-16T08:00');
  });

  it('adding zero returns the start unchanged, even outside working time', () => {
    for (const s of ['2025-06-14T10:00', '2025-06-16T12:30', '2025-06-16T09:17', '2025-06-13T17:00']) {
      expect(addWorkingMinutes(std, t(s), 0)).toBe(t(s));
    }
  });

  it('moves into working time first when starting outside it', () => {
    expect(plusHours(std, '2025-06-14T10:00', 1)).toBe('2025-06-16T09:00');
    expect(plusHours(std, '2025-06-14T10:00', -1)).toBe('2025-06-13T16:00');
    expect(plusHours(std, '2025-06-16T06:00', 0.25)).toBe('2025-06-16T08:15');
    expect(plusHours(std, '2025-06-16T20:00', -0.25)).toBe('2025-06-16T16:45');
  });

  it('counts between signed, with weekends worth nothing', () => {
    expect(workingMinutesBetween(std, t('2025-06-16T08:00'), t('2025-06-16T17:00'))).toBe(480);
    expect(workingMinutesBetween(std, t('2025-06-16T17:00'), t('2025-06-16T08:00'))).toBe(-480);
    expect(workingMinutesBetween(std, t('2025-06-13T17:00'), t('2025-06-16T08:00'))).toBe(0);
    expect(workingHoursBetween(std, t('2025-06-16T08:00'), t('2025-06-23T08:00'))).toBe(40);
    expect(workingDaysBetween(std, t('2025-06-16T08:00'), t('2025-06-23T08:00'))).toBe(5);
    expect(workingDaysBetween(std, t('2025-06-16T13:00'), t('2025-06-16T17:00'))).toBe(0.5);
  });

  it('nextWorkingTime and previousWorkingTimeEnd', () => {
    const next = (s: string) => fromMinutes(nextWorkingTime(std, t(s)));
    const prev = (s: string) => fromMinutes(previousWorkingTimeEnd(std, t(s)));
    expect(next('2025-06-16T09:30')).toBe('2025-06-16T09:30');
    expect(next('2025-06-16T08:00')).toBe('2025-06-16T08:00');
    expect(next('2025-06-16T12:00')).toBe('2025-06-16T13:00');
    expect(next('2025-06-13T17:00')).toBe('2025-06-16T08:00');
    expect(next('2025-06-14T12:00')).toBe('2025-06-16T08:00');
    expect(prev('2025-06-16T09:30')).toBe('2025-06-16T09:30');
    expect(prev('2025-06-16T12:00')).toBe('2025-06-16T12:00');
    expect(prev('2025-06-16T12:40')).toBe('2025-06-16T12:00');
    expect(prev('2025-06-16T08:00')).toBe('2025-06-13T17:00');
    expect(prev('2025-06-16T07:00')).toBe('2025-06-13T17:00');
    expect(prev('2025-06-15T23:59')).toBe('2025-06-13T17:00');
  });

  it('works in fractional minutes without rounding', () => {
    const mon8 = t('2025-06-16T08:00');
    expect(addWorkingMinutes(std, mon8, 0.5)).toBe(mon8 + 0.5);
    expect(workingMinutesBetween(std, mon8 - 30, mon8 + 0.25)).toBe(0.25);
    expect(addWorkingMinutes(std, t('2025-06-16T12:00') - 0.5, 1)).toBe(t('2025-06-16T13:00') + 0.5);
    expect(addWorkingMinutes(std, t('2025-06-16T13:00') + 0.5, -1)).toBe(t('2025-06-16T12:00') - 0.5);
  });

  it('working minutes per day and the cumulative origin', () => {
    expect(workingMinutesOnDay(std, dayIndexOfMinute(t('2025-06-16')))).toBe(480);
    expect(workingMinutesOnDay(std, dayIndexOfMinute(t('2025-06-14')))).toBe(0);
    expect(workingMinutesOnDay(std, dayIndexOfMinute(t('2200-06-16')))).toBe(480); // a Monday, beyond the table
    expect(cumulativeWorkingMinutes(std, t('1990-01-01'))).toBe(0);
    expect(cumulativeWorkingMinutes(std, t('1990-01-01T09:00'))).toBe(60); // a Monday
    expect(cumulativeWorkingMinutes(std, t('1989-12-29T16:00'))).toBe(-60); // the Friday before
    expect(() => workingMinutesOnDay(std, 1.5)).toThrow(RangeError);
  });

  it('propagates NaN (missing dates in the columnar model)', () => {
    expect(cumulativeWorkingMinutes(std, NaN)).toBeNaN();
    expect(workingMinutesBetween(std, NaN, t('2025-06-16'))).toBeNaN();
    expect(addWorkingMinutes(std, NaN, 60)).toBeNaN();
    expect(addWorkingMinutes(std, t('2025-06-16'), NaN)).toBeNaN();
    expect(nextWorkingTime(std, NaN)).toBeNaN();
    expect(previousWorkingTimeEnd(std, Infinity)).toBeNaN();
    expect(isWorkingTime(std, NaN)).toBe(false);
  });
});

describe('holidays and exceptions', () => {
  const uk = standardCalendar('uk');
  uk.exceptions.push(
    { date: '2025-12-25', intervals: [], name: 'Christmas Day' },
    { date: '2025-12-26', intervals: [], name: 'Boxing Day' },
    { date: '2026-01-01', intervals: [], name: "New Year's Day" },
  );
  const cc = compileCalendar(uk);

  it('skips UK bank holidays', () => {
    // Wed 24 Dec 16:00: one hour that day, then Thu 25, Fri 26 (holidays) and the weekend.
    expect(plusHours(cc, '2025-12-24T16:00', 4)).toBe('2025-12-29T11:00');
    expect(plusHours(cc, '2025-12-31T16:00', 2)).toBe('2026-01-02T09:00');
    expect(plusHours(cc, '2025-12-29T08:00', -0.5)).toBe('2025-12-24T16:30');
    expect(plusHours(cc, '2026-01-02T08:00', -1)).toBe('2025-12-31T16:00');
    expect(fromMinutes(nextWorkingTime(cc, t('2025-12-25T10:00')))).toBe('2025-12-29T08:00');
    expect(fromMinutes(previousWorkingTimeEnd(cc, t('2026-01-01T10:00')))).toBe('2025-12-31T17:00');
    expect(isWorkingTime(cc, t('2025-12-25T10:00'))).toBe(false);
  });

  it('counts ten weekdays over Christmas as seven working days', () => {
    expect(workingDaysBetween(cc, t('2025-12-22'), t('2026-01-05'))).toBe(7);
    expect(workingMinutesOnDay(cc, dayIndexOfMinute(t('2025-12-26')))).toBe(0);
  });

  it('works a Saturday given as an exception, and a short day', () => {
    const sat = makeCalendar({
      id: 'sat',
      workDays: [1, 2, 3, 4, 5],
      exceptions: [
        { date: '2025-06-14', intervals: [[480, 720]], name: 'Working Saturday' },
        { date: '2025-06-20', intervals: [[480, 600]], name: 'Early finish' },
      ],
    });
    const sc = compileCalendar(sat);
    expect(plusHours(sc, '2025-06-13T16:00', 2)).toBe('2025-06-14T09:00');
    expect(plusHours(sc, '2025-06-13T16:00', 6)).toBe('2025-06-16T09:00');
    expect(plusHours(sc, '2025-06-13T16:00', 5)).toBe('2025-06-14T12:00'); // 1 h Friday + the whole Saturday
    expect(plusHours(sc, '2025-06-16T09:00', -2)).toBe('2025-06-14T11:00');
    expect(workingMinutesOnDay(sc, dayIndexOfMinute(t('2025-06-14')))).toBe(240);
    expect(workingHoursBetween(sc, t('2025-06-16'), t('2025-06-23'))).toBe(34);
    expect(plusHours(sc, '2025-06-20T09:00', 1)).toBe('2025-06-20T10:00');
    expect(plusHours(sc, '2025-06-20T09:00', 2)).toBe('2025-06-23T09:00');
  });
});

describe('other presets', () => {
  it('24-hour calendar counts wall-clock time', () => {
    const c24 = compileCalendar(continuousCalendar());
    expect(plusHours(c24, '2025-06-14T10:00', 48)).toBe('2025-06-16T10:00');
    expect(plusHours(c24, '2025-06-14T10:00', -24)).toBe('2025-06-13T10:00');
    expect(workingMinutesBetween(c24, t('2024-01-01'), t('2025-01-01'))).toBe(366 * 1440);
    expect(workingDaysBetween(c24, t('2025-06-01'), t('2025-07-01'))).toBe(30);
    expect(nextWorkingTime(c24, t('2025-06-14T23:59'))).toBe(t('2025-06-14T23:59'));
    // Midnight is the end of a working interval: adding up to it returns 24:00 = next 00:00.
    expect(plusHours(c24, '2025-06-14T23:00', 1)).toBe('2025-06-15T00:00');
  });

  it('six-day calendar works Saturdays', () => {
    const six = compileCalendar(sixDayCalendar());
    expect(plusHours(six, '2025-06-13T16:00', 2)).toBe('2025-06-14T09:00');
    expect(plusHours(six, '2025-06-14T16:00', 2)).toBe('2025-06-16T09:00');
    expect(workingHoursBetween(six, t('2025-06-16'), t('2025-06-23'))).toBe(48);
  });
});

describe('multi-year spans', () => {
  it('2025 holds 261 weekdays', () => {
    expect(workingDaysBetween(std, t('2025-01-01'), t('2026-01-01'))).toBe(261);
  });

  it('matches a day-by-day count across decades and beyond the table (1990–2060)', () => {
    const ref = naive(standardCalendar());
    const spans: [string, string][] = [
      ['2020-01-01T10:00', '2030-01-01T15:30'],
      ['1985-03-04T11:00', '1995-07-08T09:00'],
      ['2055-02-02T08:30', '2071-12-31T23:59'],
      ['1901-05-06T12:00', '2101-05-06T12:00'],
      ['2100-01-01T00:00', '2110-06-15T13:45'],
    ];
    for (const [a, b] of spans) {
      expect(workingMinutesBetween(std, t(a), t(b))).toBe(ref.betweenByDays(t(a), t(b)));
      expect(workingMinutesBetween(std, t(b), t(a))).toBe(-ref.betweenByDays(t(a), t(b)));
    }
  });

  it('adds multi-year durations and returns exactly', () => {
    const ref = naive(standardCalendar());
    const start = t('2024-02-28T15:00');
    const tenYears = 10 * 261 * 480 + 1234;
    const end = addWorkingMinutes(std, start, tenYears);
    expect(ref.betweenByDays(start, end)).toBe(tenYears);
    expect(isWorkingTime(std, end - 1)).toBe(true);
    expect(addWorkingMinutes(std, end, -tenYears)).toBe(start);
    // Far outside the table, in both directions.
    const far = addWorkingMinutes(std, t('2055-06-01T09:00'), 20 * 261 * 480);
    expect(ref.betweenByDays(t('2055-06-01T09:00'), far)).toBe(20 * 261 * 480);
    const back = addWorkingMinutes(std, t('1995-06-01T09:00'), -20 * 261 * 480);
    expect(ref.betweenByDays(back, t('1995-06-01T09:00'))).toBe(20 * 261 * 480);
    expect(isWorkingTime(std, back)).toBe(true);
  });
});
