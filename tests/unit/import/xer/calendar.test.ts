/** P6 calendar data (clndr_data): the structured-text format in its variants, and the corpus calendars. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStructuredText, readCalendarData, readXer, serialDate } from '../../../../src/core/import/xer';
import { parseTime } from '../../../../src/core/import/xer/calendar';
import { calendarData } from '../../../../src/core/model/writers/xer';
import { syntheticCalendars } from '../../../../src/core/model/synthetic';

const day = (n: number, hours: string) => `(0||${n}()(${hours}))`;
const hrs = (...iv: string[]) => iv.map((x, i) => `(0||${i}(${x})())`).join('');

describe('clndr_data', () => {
  it('reads serial exception days from 1899-12-30 (41519 = 2013-09-02, 45292 = 2024-01-01, 0 = 1899-12-30)', () => {
    expect(serialDate(41519)).toBe('2013-09-02');
    expect(serialDate(45292)).toBe('2024-01-01');
    expect(serialDate(0)).toBe('1899-12-30');
    expect(serialDate(60)).toBe('1900-02-28'); // no phantom 1900-02-29 with this epoch
  });

  it('reads times as H:mm, HH:mm, 12-hour, 24:00', () => {
    expect([parseTime('8:00'), parseTime('08:00'), parseTime('17:30'), parseTime('8:00 AM'), parseTime('12:00 PM'), parseTime('12:00 AM'), parseTime('5:00 pm'), parseTime('24:00')]).toEqual([480, 480, 1050, 480, 720, 0, 1020, 1440]);
    expect([parseTime('25:00'), parseTime('8'), parseTime(''), parseTime(undefined)]).toEqual([null, null, null, null]);
  });

  it('reads a work week in either s/f order, splitting a day into intervals; 1 = Sunday', () => {
    const data = `(0||CalendarData()((0||DaysOfWeek()(${day(1, '')}${day(2, hrs('s|08:00|f|12:00', 'f|17:00|s|13:00'))}${day(3, hrs('f|16:00|s|8:00'))}${day(7, hrs('s|07:00|f|11:00'))}))))`;
    const c = readCalendarData(data);
    expect(c.problems).toEqual([]);
    expect(c.workWeek).toEqual([[], [[480, 720], [780, 1020]], [[480, 960]], [], [], [], [[420, 660]]]);
  });

  it('reads an interval ending at 00:00 as running to midnight, and splits a night shift', () => {
    const c = readCalendarData(`(0||CalendarData()((0||DaysOfWeek()(${day(2, hrs('s|13:00|f|00:00', 's|01:00|f|12:00'))}${day(3, hrs('s|22:00|f|06:00'))}))))`);
    expect(c.workWeek[1]).toEqual([[60, 720], [780, 1440]]);
    expect(c.workWeek[2]).toEqual([[0, 360], [1320, 1440]]);
  });

  it('skips whitespace and DEL (0x7F) between records, as P6 writes line breaks', () => {
    const data = `(0||CalendarData()(\x7f\x7f  (0||DaysOfWeek()(\r\n    ${day(2, `\x7f\x7f  ${hrs('s|08:00|f|16:00')}`)}))\x7f\x7f(0||VIEW(ShowTotal|Y)())  (0||Exceptions()(\n (0||0(d|45292)())\n (0||1(d|45293)(${hrs('s|08:00|f|12:00')}))))))`;
    const c = readCalendarData(data);
    expect(c.problems).toEqual([]);
    expect(c.workWeek[1]).toEqual([[480, 960]]);
    expect(c.exceptions).toEqual([
      { date: '2024-01-01', intervals: [] },
      { date: '2024-01-02', intervals: [[480, 720]] },
    ]);
  });

  it('falls back to P6\'s Mon–Fri 08:00–16:00 without DaysOfWeek or with unreadable data, and says so', () => {
    const none = readCalendarData('(0||CalendarData()((0||Exceptions()((0||0(d|45292)())))))');
    expect(none.workWeek.map((d) => d.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
    expect(none.workWeek[1]).toEqual([[480, 960]]);
    expect(none.exceptions).toHaveLength(1);
    expect(none.problems[0]).toMatch(/no DaysOfWeek/);
    const bad = readCalendarData('(0||CalendarData()((0||DaysOfWeek()(');
    expect(bad.workWeek[3]).toEqual([[480, 960]]);
    expect(bad.problems[0]).toMatch(/calendar data unreadable \(unexpected end at character/);
    expect(readCalendarData('').problems[0]).toMatch(/no calendar data/);
    expect(readCalendarData('garbage').problems[0]).toMatch(/does not start with/);
  });

  it('keeps one exception per date, sorted, and ignores one without a day number', () => {
    const c = readCalendarData('(0||CalendarData()((0||DaysOfWeek()())(0||Exceptions()((0||0(d|45293)())(0||1(d|45292)())(0||2(d|45293)())(0||3()())))))');
    expect(c.exceptions.map((e) => e.date)).toEqual(['2024-01-01', '2024-01-02']);
    expect(c.problems).toEqual([expect.stringMatching(/exception without a day number/)]);
  });

  it('parses the structure generically (names, attributes, children)', () => {
    const r = parseStructuredText('(0||VIEW(ShowTotal|Y|Other|N)((1||child()())))');
    expect(r).toEqual({ name: 'VIEW', attrs: { ShowTotal: 'Y', Other: 'N' }, children: [{ name: 'child', attrs: {}, children: [] }] });
    expect(() => parseStructuredText('(x||a()())')).toThrow(/missing record number/);
  });

  it('round-trips the synthetic calendars through the writer\'s clndr_data', () => {
    for (const cal of syntheticCalendars(2024, 2026)) {
      const back = readCalendarData(calendarData(cal));
      expect(back.problems).toEqual([]);
      expect(back.workWeek).toEqual(cal.workWeek.map((d) => d.map(([a, b]) => [a, b])));
      expect(back.exceptions.map((e) => [e.date, e.intervals])).toEqual(cal.exceptions.map((e) => [e.date, e.intervals]).sort());
    }
  });
});

const dir = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/xer');
const have = existsSync(dir);
if (!have) console.warn(`[xer calendar.test] sample corpus not found at ${dir}; corpus calendar tests skipped.`);

describe.skipIf(!have)('corpus calendars', () => {
  const cals = (f: string) => readXer(new Uint8Array(readFileSync(path.join(dir, f)))).schedules[0].calendars;

  it('reads every calendar of every corpus file without problems', () => {
    for (const f of ['pyp6xer_SP10_COST_LOADED.xer', 'aspose_test.xer', 'aspose_encoding1251.xer', 'jaggelas_test.xer', 'mpxj_PredecessorCalendar.xer', 'mpxj_percent-complete-8.4.xer', 'mpxj_resource-rates-test.xer']) {
      const r = readXer(new Uint8Array(readFileSync(path.join(dir, f))));
      for (const s of r.schedules) {
        expect(s.source!.warnings.filter((w) => w.where?.startsWith('CALENDAR') && !/no DaysOfWeek|no calendar data/.test(w.message))).toEqual([]);
        for (const c of s.calendars) {
          expect(c.workWeek).toHaveLength(7);
          for (const d of c.workWeek) for (const [a, b] of d) expect(a >= 0 && a < b && b <= 1440).toBe(true);
        }
      }
    }
  });

  it('aspose_encoding1251.xer "7x24": 01:00–12:00 and 13:00–24:00 every day, exceptions with own hours (8:00 written without a zero)', () => {
    const c = cals('aspose_encoding1251.xer').find((x) => x.name === '7x24')!;
    expect(c.workWeek.every((d) => JSON.stringify(d) === JSON.stringify([[60, 720], [780, 1440]]))).toBe(true);
    // (0||9(d|36992)((0||0(f|12:00|s|8:00)())(0||1(f|17:00|s|13:00)()))) → 2001-04-11 08–12, 13–17.
    expect(c.exceptions.find((e) => e.date === '2001-04-11')).toEqual({ date: '2001-04-11', intervals: [[480, 720], [780, 1020]] });
    expect(c.hoursPerDay).toBe(22);
  });

  it('aspose_encoding1251.xer "CP10B05 ANA 6 DAY" (spaced layout, s before f): Friday off, Sunday on', () => {
    const c = cals('aspose_encoding1251.xer').find((x) => x.name === 'CP10B05 ANA 6 DAY')!;
    expect(c.workWeek[5]).toEqual([]); // Friday = day 6
    expect(c.workWeek[0]).toEqual([[480, 720], [780, 1020]]); // Sunday = day 1
    expect(c.exceptions).toHaveLength(46);
    expect(c.exceptions.find((e) => e.date === serialDate(41561))!.intervals).toEqual([[480, 960]]);
  });
});
