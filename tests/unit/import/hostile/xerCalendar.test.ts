/** XER calendar data from damaged files: exception day numbers no date can hold. */
import { describe, expect, it } from 'vitest';
import { readCalendarData, readXer } from '../../../../src/core/import/xer';
import { analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { CALENDAR, PROJECT, PROJWBS, TASK, bytes, xer } from '../xer/helpers';

const withException = (d: string) => `(0||CalendarData()((0||DaysOfWeek()((0||2()((0||0(s|08:00|f|16:00)())))))(0||Exceptions()((0||0(d|${d})())(0||1(d|45292)())))))`;

describe('XER calendar exception days out of range', () => {
  it('clamps 1e308 and -1e308 to 2199-12-31 and 1900-01-01 and says so, instead of throwing "Invalid time value"', () => {
    const hi = readCalendarData(withException('1e308'));
    expect(hi.exceptions.map((e) => e.date)).toEqual(['2024-01-01', '2199-12-31']);
    expect(hi.problems).toEqual(["exception day number 1e308 lies outside 1900–2199, so it was moved to 2199-12-31 (check the calendar's exceptions in P6)"]);
    const lo = readCalendarData(withException('-1e308'));
    expect(lo.exceptions.map((e) => e.date)).toEqual(['1900-01-01', '2024-01-01']);
    expect(lo.problems[0]).toMatch(/-1e308 lies outside 1900–2199, so it was moved to 1900-01-01/);
  });

  it('keeps ordinary day numbers as they are, with no warning', () => {
    const ok = readCalendarData(withException('45293'));
    expect(ok.exceptions.map((e) => e.date)).toEqual(['2024-01-01', '2024-01-02']);
    expect(ok.problems).toEqual([]);
  });

  it('a whole XER with such a calendar imports with a warning naming the calendar row, and analyses', () => {
    const cal = { ...CALENDAR, rows: [[10, 'Y', 'Standard', '', '', 'CA_Base', 8, withException('1e308')]] };
    const { schedules } = readXer(bytes(xer([PROJECT, cal, PROJWBS, TASK])), { fileName: 'site.xer' });
    const w = schedules[0].source?.warnings ?? [];
    expect(w.some((x) => /Calendar "Standard": exception day number 1e308 lies outside 1900–2199/.test(x.message) && /CALENDAR row 1/.test(x.where ?? ''))).toBe(true);
    expect(() => analyseSchedule(schedules[0])).not.toThrow();
  });
});
