import { describe, it, expect } from 'vitest';
import {
  MAX_HORIZON_YEARS,
  addWorkingHours,
  addWorkingMinutes,
  compileCalendar,
  continuousCalendar,
  dayIndexOfMinute,
  interval,
  makeCalendar,
  nextWorkingTime,
  previousWorkingTimeEnd,
  sixDayCalendar,
  standardCalendar,
  timeOfDay,
  workingMinutesBetween,
  workingMinutesOnDay,
} from '../../../src/core/calendar';
import { fromMinutes, toMinutes } from '../../../src/core/model/dates';
import { AnalysisInputError } from '../../../src/core/evm/analyseSchedule';
import type { Calendar, WorkInterval } from '../../../src/core/model/schedule';

const t = toMinutes;
const day = (cc: ReturnType<typeof compileCalendar>, date: string): number => workingMinutesOnDay(cc, dayIndexOfMinute(t(date)));

describe('presets and makeCalendar', () => {
  it('standard: Mon–Fri 08:00–12:00 + 13:00–17:00, 8 h/day', () => {
    const cal = standardCalendar();
    expect(cal.id).toBe('standard');
    expect(cal.hoursPerDay).toBe(8);
    expect(cal.workWeek[0]).toEqual([]);
    expect(cal.workWeek[1]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
    expect(cal.workWeek[6]).toEqual([]);
    expect(standardCalendar('S1').id).toBe('S1');
  });

  it('continuous and six-day', () => {
    const c = continuousCalendar();
    expect(c.hoursPerDay).toBe(24);
    expect(c.workWeek.every((d) => d.length === 1 && d[0][0] === 0 && d[0][1] === 1440)).toBe(true);
    const six = sixDayCalendar('6d');
    expect(six.workWeek.map((d) => d.length)).toEqual([0, 2, 2, 2, 2, 2, 2]);
    expect(six.hoursPerDay).toBe(8);
  });

  it('returns fresh arrays each time', () => {
    const a = standardCalendar();
    (a.workWeek[1] as WorkInterval[]).push([1100, 1200]);
    expect(standardCalendar().workWeek[1]).toHaveLength(2);
  });

  it('makeCalendar: workDays + dayIntervals, holidays, default hoursPerDay', () => {
    const cal = makeCalendar({
      id: 'shift',
      workDays: [1, 2, 3, 4],
      dayIntervals: [interval('07:00', '12:00'), interval('12:30', '17:30')],
      holidays: ['2025-12-25', { date: '2025-12-26', name: 'Boxing Day' }],
    });
    expect(cal.hoursPerDay).toBe(10);
    expect(cal.name).toBe('shift');
    expect(cal.exceptions).toEqual([
      { date: '2025-12-25', intervals: [] },
      { date: '2025-12-26', intervals: [], name: 'Boxing Day' },
    ]);
    const cc = compileCalendar(cal);
    expect(day(cc, '2025-12-22')).toBe(600);
    expect(day(cc, '2025-12-25')).toBe(0);
    expect(day(cc, '2025-12-19')).toBe(0); // a Friday
  });

  it('makeCalendar needs a week or a base', () => {
    expect(() => makeCalendar({ id: 'x' })).toThrow(/workWeek, workDays or baseCalendarId/);
    expect(makeCalendar({ id: 'd', baseCalendarId: 'b' }).workWeek).toEqual([]);
  });

  it('timeOfDay parses HH:mm and rejects nonsense', () => {
    expect(timeOfDay('08:30')).toBe(510);
    expect(timeOfDay('24:00')).toBe(1440);
    expect(() => timeOfDay('24:30')).toThrow(RangeError);
    expect(() => timeOfDay('8h')).toThrow(/Not a time of day: "8h"/);
  });
});

describe('base calendar inheritance', () => {
  const base = makeCalendar({
    id: 'BASE',
    workDays: [1, 2, 3, 4, 5],
    holidays: ['2025-12-25', '2025-12-26', '2026-01-01'],
  });
  const site = makeCalendar({
    id: 'SITE',
    baseCalendarId: 'BASE',
    hoursPerDay: 7.5,
    exceptions: [
      { date: '2025-12-26', intervals: [[480, 720]], name: 'Boxing Day morning on site' },
      { date: '2025-06-16', intervals: [], name: 'Site closed' },
    ],
  });
  const shift = makeCalendar({
    id: 'SHIFT',
    baseCalendarId: 'SITE',
    workDays: [1, 2, 3, 4, 5, 6],
    dayIntervals: [[360, 840]],
    exceptions: [{ date: '2026-01-01', intervals: [[360, 600]] }],
  });
  const byId = new Map<string, Calendar>([base, site, shift].map((c) => [c.id, c]));

  it('inherits the base week when its own week is empty, and overrides exceptions by date', () => {
    const cc = compileCalendar(site, { calendarsById: byId });
    expect(cc.hoursPerDay).toBe(7.5);
    expect(cc.resolved.workWeek).toEqual(base.workWeek);
    expect(day(cc, '2025-12-24')).toBe(480);
    expect(day(cc, '2025-12-25')).toBe(0); // inherited holiday
    expect(day(cc, '2025-12-26')).toBe(240); // derived exception replaces the base holiday
    expect(day(cc, '2026-01-01')).toBe(0);
    expect(day(cc, '2025-06-16')).toBe(0); // derived-only holiday
    expect(cc.resolved.exceptions.map((x) => x.date)).toEqual(['2025-06-16', '2025-12-25', '2025-12-26', '2026-01-01']);
    expect(fromMinutes(addWorkingHours(cc, t('2025-12-24T16:00'), 2))).toBe('2025-12-26T09:00');
  });

  it('keeps its own 7-day week and inherits exceptions through two levels', () => {
    const cc = compileCalendar(shift, { calendarsById: byId });
    expect(day(cc, '2025-06-14')).toBe(480); // Saturday worked on its own week
    expect(day(cc, '2025-06-16')).toBe(0); // from SITE
    expect(day(cc, '2025-12-25')).toBe(0); // from BASE
    expect(day(cc, '2025-12-26')).toBe(240); // SITE's override, 08:00–12:00
    expect(day(cc, '2026-01-01')).toBe(240); // its own override of BASE's holiday
    expect(workingMinutesBetween(cc, t('2025-12-26T07:00'), t('2025-12-26T13:00'))).toBe(240);
  });

  it('compiling the base is unaffected by the derived calendars', () => {
    const cc = compileCalendar(base, { calendarsById: byId });
    expect(day(cc, '2025-12-26')).toBe(0);
    expect(day(cc, '2025-06-16')).toBe(480);
  });

  it('reports a missing base, a missing map and a cycle', () => {
    expect(() => compileCalendar(site)).toThrow(/Calendar "SITE": base calendar "BASE" was not found \(pass calendarsById/);
    expect(() => compileCalendar(site, { calendarsById: new Map() })).toThrow(/"SITE".*"BASE" was not found/);
    const a = makeCalendar({ id: 'A', baseCalendarId: 'B' });
    const b = makeCalendar({ id: 'B', baseCalendarId: 'A' });
    const m = new Map([a, b].map((c) => [c.id, c]));
    expect(() => compileCalendar(a, { calendarsById: m })).toThrow(/Calendar "A": base calendars form a cycle \(A → B → A\)/);
  });

  it('throws its guards as AnalysisInputError, so callers can tell bad calendar data from a bug', () => {
    const a = makeCalendar({ id: 'A', baseCalendarId: 'B' });
    const b = makeCalendar({ id: 'B', baseCalendarId: 'A' });
    const m = new Map([a, b].map((c) => [c.id, c]));
    expect(() => compileCalendar(site)).toThrow(AnalysisInputError);
    expect(() => compileCalendar(a, { calendarsById: m })).toThrow(AnalysisInputError);
    const huge = { ...standardCalendar(), exceptions: [{ date: '0001-01-01', intervals: [] }] };
    expect(() => compileCalendar(huge)).toThrow(AnalysisInputError);
    expect(() => compileCalendar({ ...standardCalendar(), hoursPerDay: 0 })).toThrow(AnalysisInputError);
  });

  it('shows a calendar id from a damaged file on one line and cut to 60 characters', () => {
    const id = `737  <ResourceRate>\n    <EffectiveDate>2022-01-01</EffectiveDate>\r\n${'x'.repeat(5000)}`;
    const cal = makeCalendar({ id, baseCalendarId: 'MISSING\nBASE' });
    let message = '';
    try {
      compileCalendar(cal, { calendarsById: new Map() });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe('Calendar "737 <ResourceRate> <EffectiveDate>2022-01-01</EffectiveDate…": base calendar "MISSING BASE" was not found');
  });
});

describe('validation', () => {
  const withDay = (w: number, intervals: WorkInterval[]): Calendar => {
    const cal = standardCalendar('bad');
    cal.workWeek[w] = intervals;
    return cal;
  };

  it('rejects intervals outside the day, reversed, empty, unsorted, overlapping or fractional', () => {
    expect(() => compileCalendar(withDay(1, [[480, 1500]]))).toThrow(/Calendar "bad": Monday: interval #1 \[480, 1500\) is outside the day/);
    expect(() => compileCalendar(withDay(2, [[-10, 60]]))).toThrow(/"bad": Tuesday.*outside the day/);
    expect(() => compileCalendar(withDay(3, [[720, 480]]))).toThrow(/"bad": Wednesday.*ends before or when it starts/);
    expect(() => compileCalendar(withDay(3, [[480, 480]]))).toThrow(/Wednesday.*ends before or when it starts/);
    expect(() => compileCalendar(withDay(4, [[780, 1020], [480, 720]]))).toThrow(/"bad": Thursday: interval #2.*sorted and non-overlapping/);
    expect(() => compileCalendar(withDay(5, [[480, 800], [780, 1020]]))).toThrow(/Friday: interval #2 \[780, 1020\) overlaps/);
    expect(() => compileCalendar(withDay(6, [[480.5, 600]]))).toThrow(/Saturday.*whole minutes/);
    expect(() => compileCalendar(withDay(0, [[480] as unknown as WorkInterval]))).toThrow(/Sunday: interval #1 is not a \[start, end\] pair/);
  });

  it('accepts touching intervals', () => {
    const cc = compileCalendar(withDay(1, [[480, 720], [720, 1020]]));
    expect(workingMinutesOnDay(cc, dayIndexOfMinute(t('2025-06-16')))).toBe(540);
    expect(fromMinutes(addWorkingMinutes(cc, t('2025-06-16T11:00'), 60))).toBe('2025-06-16T12:00');
  });

  it('rejects bad exceptions, naming the date', () => {
    const cal = standardCalendar('bad');
    cal.exceptions.push({ date: '2025-02-30', intervals: [] });
    expect(() => compileCalendar(cal)).toThrow(/Calendar "bad": exception date "2025-02-30" is not a real YYYY-MM-DD date/);
    const cal2 = standardCalendar('bad');
    cal2.exceptions.push({ date: '2025-06-14', intervals: [[600, 500]] });
    expect(() => compileCalendar(cal2)).toThrow(/Calendar "bad": exception 2025-06-14: interval #1 \[600, 500\)/);
    const cal3 = standardCalendar('bad');
    cal3.exceptions.push({ date: '2025-06-14', intervals: [] }, { date: '2025-06-14', intervals: [[480, 720]] });
    expect(() => compileCalendar(cal3)).toThrow(/exception 2025-06-14 is given twice with different hours/);
    const cal4 = standardCalendar('ok');
    cal4.exceptions.push({ date: '2025-06-16', intervals: [] }, { date: '2025-06-16', intervals: [] });
    expect(() => compileCalendar(cal4)).not.toThrow();
  });

  it('rejects a wrong-length week, a bad hoursPerDay and bad horizon options', () => {
    const cal = standardCalendar('bad');
    cal.workWeek = cal.workWeek.slice(1, 6);
    expect(() => compileCalendar(cal)).toThrow(/Calendar "bad": workWeek has 5 days; it needs seven/);
    expect(() => compileCalendar({ ...standardCalendar('bad'), hoursPerDay: 0 })).toThrow(/"bad": hoursPerDay must be a positive number/);
    expect(() => compileCalendar({ ...standardCalendar('bad'), hoursPerDay: NaN })).toThrow(/hoursPerDay/);
    expect(() => compileCalendar(standardCalendar('bad'), { fromYear: 2030, toYear: 2020 })).toThrow(/fromYear 2030 is after toYear 2020/);
    expect(() => compileCalendar(standardCalendar('bad'), { fromYear: 2020.5 })).toThrow(/fromYear must be a whole year/);
  });

  it('rejects a calendar with no working time at all', () => {
    const none = makeCalendar({ id: 'none', workDays: [], holidays: ['2025-01-01'] });
    expect(() => compileCalendar(none)).toThrow(/Calendar "none": has no working time/);
  });

  it('refuses a horizon stretched by a mistyped exception date', () => {
    const cal = standardCalendar('typo');
    cal.exceptions.push({ date: '0001-01-01', intervals: [] });
    expect(() => compileCalendar(cal)).toThrow(new RegExp(`"typo".*more than ${MAX_HORIZON_YEARS} years.*first 0001-01-01`));
  });
});

describe('horizon', () => {
  it('widens the table to hold exceptions outside 1990–2060', () => {
    const cal = standardCalendar('wide');
    cal.exceptions.push({ date: '2099-12-31', intervals: [] }, { date: '1975-01-06', intervals: [] });
    const cc = compileCalendar(cal);
    expect(cc.fromYear).toBe(1975);
    expect(cc.toYear).toBe(2099);
    expect(day(cc, '2099-12-31')).toBe(0); // a Thursday holiday
    expect(day(cc, '2099-12-30')).toBe(480);
    expect(day(cc, '1975-01-06')).toBe(0); // a Monday holiday
  });

  it('an exceptions-only calendar works inside its exceptions and says so when it runs out', () => {
    const cal = makeCalendar({
      id: 'shutdown',
      workDays: [],
      exceptions: [
        { date: '2025-08-04', intervals: [[0, 1440]] },
        { date: '2025-08-05', intervals: [[0, 720]] },
      ],
    });
    const cc = compileCalendar(cal);
    expect(workingMinutesBetween(cc, t('2025-01-01'), t('2026-01-01'))).toBe(2160);
    expect(fromMinutes(addWorkingHours(cc, t('2025-07-01'), 30))).toBe('2025-08-05T06:00');
    expect(fromMinutes(addWorkingHours(cc, t('2025-08-05T12:00'), -36))).toBe('2025-08-04T00:00');
    expect(fromMinutes(nextWorkingTime(cc, t('2025-01-01')))).toBe('2025-08-04T00:00');
    expect(fromMinutes(previousWorkingTimeEnd(cc, t('2030-01-01')))).toBe('2025-08-05T12:00');
    expect(() => addWorkingHours(cc, t('2025-08-05T11:00'), 2)).toThrow(/Calendar "shutdown" has no working time after 2061-01-01/);
    expect(() => addWorkingHours(cc, t('2025-08-04T01:00'), -2)).toThrow(/no working time before 1990-01-01/);
    expect(() => nextWorkingTime(cc, t('2025-08-06'))).toThrow(RangeError);
    expect(() => previousWorkingTimeEnd(cc, t('2025-08-03'))).toThrow(RangeError);
  });
});

describe('hot-path constants', () => {
  it('arithmetic.ts keeps local copies equal to the shared ones', async () => {
    const arith = await import('../../../src/core/calendar/arithmetic');
    const compile = await import('../../../src/core/calendar/compile');
    const days = await import('../../../src/core/calendar/days');
    const dates = await import('../../../src/core/model/dates');
    expect(arith.DAY).toBe(dates.MINUTES_PER_DAY);
    expect(arith.STRIDE).toBe(compile.PATTERN_STRIDE);
    expect(arith.SUNDAY).toBe(days.EPOCH_SUNDAY_DAY);
    expect(days.weekdayOfDayIndex(days.EPOCH_SUNDAY_DAY)).toBe(0);
  });
});
