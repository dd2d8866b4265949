/**
 * MSPDI calendars → canonical calendars.
 *
 * Mapping decisions:
 * - Calendar id = the MSPDI UID as a string; `baseCalendarId` = BaseCalendarUID when that
 *   calendar is in the file (resource calendars derive from a base calendar).
 * - Work week: WeekDay DayType 1..7 = Sunday..Saturday. A derived calendar lists only the days
 *   it changes; the model has no per-day inheritance, so when a derived calendar changes any day
 *   its week is its base's week (resolved through the chain) with those days replaced, and when
 *   it changes none it inherits the whole week (empty `workWeek`). A base calendar that omits a
 *   day gets MS Project's default for it (Monday–Friday working 08:00–12:00 and 13:00–17:00).
 *   A working day or exception without WorkingTimes also means those default hours.
 * - Times: FromTime/ToTime `HH:mm:ss`; a ToTime of 00:00 ends at midnight (1440).
 * - hoursPerDay: MSPDI has no per-calendar hours per day; MS Project converts durations to days
 *   with the project's MinutesPerDay, so every calendar gets that (÷ 60; 8 when absent).
 * - Exceptions come in two forms, both read: the pre-2007 WeekDay with DayType 0 and a
 *   TimePeriod, and the 2007+ `Exceptions` element (a date range, or a recurrence: daily,
 *   weekly by DaysOfWeek, monthly/yearly by day of month or by position). Project 2007+ may
 *   write both for the same dates; then the `Exceptions` form wins. Each becomes one model
 *   exception per day.
 * - WorkWeeks (alternate weeks for a date range, Project 2007+) become per-day exceptions on the
 *   days where they differ from the calendar's own week, unless an exception already covers
 *   that day.
 */
import { STANDARD_DAY } from '../../calendar/presets';
import { dateOfDayIndex, dayIndexOfDate, isoDateOfDayIndex, parseIsoDate, weekdayOfDayIndex } from '../../calendar/days';
import type { Calendar, CalendarException, ImportWarning, WorkInterval } from '../../model/schedule';
import type { MspdiCalendar, MspdiException } from './document';

/** Longest run of days one exception or work week may expand to (~110 years). */
const MAX_EXPANSION_DAYS = 40_000;

type Week = WorkInterval[][];

const defaultWeek = (): Week => Array.from({ length: 7 }, (_, w) => (w === 0 || w === 6 ? [] : STANDARD_DAY.map(([s, e]) => [s, e] as const)));

export function mapCalendars(cals: MspdiCalendar[], minutesPerDay: number | undefined, warn: (w: ImportWarning) => void): Calendar[] {
  const hoursPerDay = minutesPerDay !== undefined && minutesPerDay > 0 && minutesPerDay <= 1440 ? minutesPerDay / 60 : 8;
  const byUid = new Map<number, MspdiCalendar>();
  for (const c of cals) {
    if (c.uid === undefined || !Number.isFinite(c.uid)) {
      warn({ message: `A calendar${c.name ? ` ("${c.name}")` : ''} has no UID and was skipped; tasks using it fall back to the project calendar.`, where: 'Project/Calendars' });
      continue;
    }
    if (byUid.has(c.uid)) {
      warn({ message: `Two calendars have UID ${c.uid}; the second ("${c.name ?? ''}") was skipped.`, where: `Calendar UID ${c.uid}` });
      continue;
    }
    byUid.set(c.uid, c);
  }

  // Resolved weeks, base first; a cycle of base calendars is broken where it closes.
  const resolved = new Map<number, Week>();
  const resolving = new Set<number>();
  // Calendars in byUid all have a UID (checked above).
  const uidOf = (c: MspdiCalendar): number => c.uid as number;
  const weekOf = (c: MspdiCalendar): Week => {
    const done = resolved.get(uidOf(c));
    if (done) return done;
    const base = baseOf(c);
    let week: Week;
    if (base && !resolving.has(uidOf(base))) {
      resolving.add(uidOf(c));
      week = weekOf(base).map((d) => d.map(([s, e]) => [s, e] as const));
      resolving.delete(uidOf(c));
    } else {
      if (base) warn({ message: `Calendar "${c.name ?? c.uid}" and its base calendars form a loop; it was read as a base calendar.`, where: `Calendar UID ${c.uid}` });
      week = defaultWeek();
    }
    for (const d of c.weekDays) {
      const dt = d.dayType ?? -1;
      if (dt >= 1 && dt <= 7) week[dt - 1] = dayIntervals(d.working, d.times, c, warn);
    }
    resolved.set(uidOf(c), week);
    return week;
  };
  const baseOf = (c: MspdiCalendar): MspdiCalendar | undefined => {
    const b = c.baseUid ?? -1;
    return b >= 0 && b !== c.uid ? byUid.get(b) : undefined;
  };

  const out: Calendar[] = [];
  for (const c of byUid.values()) {
    const base = baseOf(c);
    if ((c.baseUid ?? -1) >= 0 && !base && !c.isBase) {
      warn({ message: `Calendar "${c.name ?? c.uid}" is based on calendar UID ${c.baseUid}, which is not in the file; MS Project's standard week was used for the days it does not set.`, where: `Calendar UID ${c.uid}` });
    }
    const ownDays = c.weekDays.some((d) => (d.dayType ?? -1) >= 1 && (d.dayType ?? -1) <= 7);
    const week = weekOf(c);
    const cal: Calendar = {
      id: String(c.uid),
      name: c.name ?? `Calendar ${c.uid}`,
      hoursPerDay,
      // Inherit the whole week when the calendar changes no day (keeps resource calendars light).
      workWeek: base && !ownDays ? [] : week,
      exceptions: exceptionsOf(c, week, warn),
    };
    if (base) cal.baseCalendarId = String(uidOf(base));
    out.push(cal);
  }
  return out;
}

function dayIntervals(working: boolean, times: [number, number][], c: MspdiCalendar, warn: (w: ImportWarning) => void): WorkInterval[] {
  if (!working) return [];
  if (times.length === 0) return STANDARD_DAY.map(([s, e]) => [s, e] as const);
  const list: [number, number][] = [];
  for (const [from, to0] of times) {
    const to = to0 === 0 ? 1440 : to0;
    if (to <= from) {
      warn({ message: `Calendar "${c.name ?? c.uid}" has working time ${hhmm(from)}–${hhmm(to0)} that crosses midnight; it was cut at midnight.`, where: `Calendar UID ${c.uid}` });
      if (from < 1440) list.push([from, 1440]);
      continue;
    }
    list.push([from, to]);
  }
  list.sort((a, b) => a[0] - b[0]);
  // Merge overlaps (the model wants sorted, non-overlapping intervals).
  const merged: [number, number][] = [];
  for (const iv of list) {
    const last = merged[merged.length - 1];
    if (last && iv[0] < last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  return merged;
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function exceptionsOf(c: MspdiCalendar, week: Week, warn: (w: ImportWarning) => void): CalendarException[] {
  const byDay = new Map<number, CalendarException>();
  const where = `Calendar UID ${c.uid}`;
  const label = c.name ?? String(c.uid);
  // Pre-2007 form first, so the 2007+ form overrides it on the same dates.
  for (const d of c.weekDays) {
    if (d.dayType !== 0) continue;
    const range = dayRange(d.from, d.to);
    if (!range) {
      warn({ message: `Calendar "${label}" has an exception (WeekDay DayType 0) without a readable date range; it was skipped.`, where });
      continue;
    }
    const intervals = dayIntervals(d.working, d.times, c, warn);
    forEachDay(range[0], range[1], label, warn, (day) => byDay.set(day, { date: isoDateOfDayIndex(day), intervals: copy(intervals) }));
  }
  for (const x of c.exceptions) {
    const days = expandException(x, label, warn);
    if (!days) continue;
    const intervals = dayIntervals(x.working, x.times, c, warn);
    for (const day of days) {
      const e: CalendarException = { date: isoDateOfDayIndex(day), intervals: copy(intervals) };
      if (x.name) e.name = x.name;
      byDay.set(day, e);
    }
  }
  // Alternate work weeks: only where they differ from the calendar's own week.
  for (const ww of c.workWeeks) {
    const range = dayRange(ww.from, ww.to);
    if (!range) continue;
    const alt: (WorkInterval[] | undefined)[] = new Array(7);
    for (const d of ww.days) {
      const dt = d.dayType ?? -1;
      if (dt >= 1 && dt <= 7) alt[dt - 1] = dayIntervals(d.working, d.times, c, warn);
    }
    forEachDay(range[0], range[1], label, warn, (day) => {
      if (byDay.has(day)) return;
      const w = weekdayOfDayIndex(day);
      const iv = alt[w];
      if (iv === undefined || sameIntervals(iv, week[w])) return;
      const e: CalendarException = { date: isoDateOfDayIndex(day), intervals: copy(iv) };
      if (ww.name) e.name = ww.name;
      byDay.set(day, e);
    });
  }
  return [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
}

const copy = (iv: readonly WorkInterval[]): WorkInterval[] => iv.map(([s, e]) => [s, e] as const);
const sameIntervals = (a: readonly WorkInterval[], b: readonly WorkInterval[]) => a.length === b.length && a.every(([s, e], i) => s === b[i][0] && e === b[i][1]);

/** First and last day index of a FromDate/ToDate pair (ToDate is usually 23:59 of the last day). */
function dayRange(from: string | undefined, to: string | undefined): [number, number] | null {
  const a = from ? parseIsoDate(from.slice(0, 10)) : null;
  const b = to ? parseIsoDate(to.slice(0, 10)) : a;
  if (a === null || b === null || b < a) return null;
  // A ToDate of exactly midnight ends the previous day.
  const end = to && to.length >= 16 && to.slice(11, 16) === '00:00' && b > a ? b - 1 : b;
  return [a, end];
}

function forEachDay(first: number, last: number, label: string, warn: (w: ImportWarning) => void, fn: (day: number) => void): void {
  if (last - first >= MAX_EXPANSION_DAYS) {
    warn({ message: `Calendar "${label}" has an exception or work week spanning ${last - first + 1} days; only the first ${MAX_EXPANSION_DAYS} were read.`, where: `Calendar "${label}"` });
    last = first + MAX_EXPANSION_DAYS - 1;
  }
  for (let d = first; d <= last; d++) fn(d);
}

/**
 * The days an `Exceptions/Exception` covers. Types (MS Project's pjExceptionType; MPXJ reads the
 * same fields the same way): 1 daily and 7 "by day count" every Period days; 6 weekly on the
 * DaysOfWeek bitmask (1 = Sunday … 64 = Saturday) every Period weeks; 4 monthly on MonthDay and
 * 5 monthly on the MonthPosition-th (0 = first … 4 = last) MonthItem (3 = Sunday … 9 =
 * Saturday) every Period months; 2 and 3 the same once a year in Month (0 = January). The
 * recurrence runs from FromDate and stops after ToDate or after Occurrences days.
 */
function expandException(x: MspdiException, label: string, warn: (w: ImportWarning) => void): number[] | null {
  const range = dayRange(x.from, x.to);
  const where = `Calendar "${label}"`;
  if (!range) {
    warn({ message: `Calendar "${label}" has an exception${x.name ? ` ("${x.name}")` : ''} without a readable date range; it was skipped.`, where });
    return null;
  }
  const [first, last0] = range;
  const period = x.period !== undefined && x.period > 0 ? x.period : 1;
  const limit = x.enteredByOccurrences && x.occurrences !== undefined && x.occurrences > 0 ? x.occurrences : Infinity;
  const monthItem = x.monthItem ?? -1;
  const last = Math.min(last0, first + MAX_EXPANSION_DAYS - 1);
  if (last0 > last) warn({ message: `Calendar "${label}" has an exception spanning ${last0 - first + 1} days; only the first ${MAX_EXPANSION_DAYS} were read.`, where });
  const out: number[] = [];
  const push = (d: number) => {
    if (d >= first && d <= last && out.length < limit) out.push(d);
  };
  const start = dateOfDayIndex(first);
  switch (x.type) {
    case 1:
    case 7:
      for (let d = first; d <= last && out.length < limit; d += period) push(d);
      return out;
    case 6:
    case 8: {
      const mask = x.daysOfWeek !== undefined && x.daysOfWeek > 0 ? x.daysOfWeek : 1 << weekdayOfDayIndex(first);
      const weekStart = first - weekdayOfDayIndex(first);
      for (let d = first; d <= last && out.length < limit; d++) {
        const weekNo = Math.floor((d - weekStart) / 7);
        if (weekNo % period === 0 && mask & (1 << weekdayOfDayIndex(d))) push(d);
      }
      return out;
    }
    case 2:
    case 3:
    case 4:
    case 5: {
      const yearly = x.type === 2 || x.type === 3;
      const positional = x.type === 3 || x.type === 5;
      if (positional && !(monthItem >= 3 && monthItem <= 9)) {
        warn({ message: `Calendar "${label}" has a recurring exception${x.name ? ` ("${x.name}")` : ''} on a "day/weekday/weekend day" position, which this reader does not expand; it was skipped.`, where });
        return null;
      }
      const step = yearly ? 12 * period : period;
      let y = start.year;
      let m = yearly && x.month !== undefined && x.month >= 0 && x.month <= 11 ? x.month + 1 : start.month;
      if (yearly && dayIndexOfDate(y, m, 1) + 31 < first) y++; // this year's month already passed
      for (let guard = 0; guard < 5000 && out.length < limit; guard++) {
        const d = positional ? nthWeekday(y, m, monthItem - 3, x.monthPosition ?? 0) : dayOfMonth(y, m, x.monthDay ?? NaN);
        if (d !== null && d > last) break;
        if (d !== null) push(d);
        m += step;
        while (m > 12) {
          m -= 12;
          y++;
        }
        if (dayIndexOfDate(y, m, 1) > last) break;
      }
      return out;
    }
    default:
      warn({ message: `Calendar "${label}" has an exception of unknown recurrence type ${x.type}; it was read as a plain date range.`, where });
      for (let d = first; d <= last; d++) push(d);
      return out;
  }
}

function dayOfMonth(y: number, m: number, day: number): number | null {
  if (!(day >= 1 && day <= 31)) return null;
  const d = dayIndexOfDate(y, m, day);
  return dateOfDayIndex(d).month === m ? d : null; // the 31st of a 30-day month does not occur
}

/** The position-th (0 = first … 3 = fourth, 4 = last) weekday (0 = Sunday) of a month. */
function nthWeekday(y: number, m: number, weekday: number, position: number): number | null {
  const firstDay = dayIndexOfDate(y, m, 1);
  const nextMonth = m === 12 ? dayIndexOfDate(y + 1, 1, 1) : dayIndexOfDate(y, m + 1, 1);
  if (position >= 4) {
    let d = nextMonth - 1;
    while (weekdayOfDayIndex(d) !== weekday) d--;
    return d;
  }
  let d = firstDay;
  while (weekdayOfDayIndex(d) !== weekday) d++;
  d += 7 * Math.max(0, position);
  return d < nextMonth ? d : null;
}
