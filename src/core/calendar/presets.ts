/**
 * Ready-made calendars and a small builder for custom ones.
 *
 * Every function returns fresh arrays, so a caller may edit the result (add holidays, change a
 * day) without touching anybody else's calendar.
 */
import type { Calendar, CalendarException, WorkInterval } from '../model/schedule';

/** 08:00–12:00 and 13:00–17:00: the usual 8-hour day with an hour for lunch. */
export const STANDARD_DAY: readonly WorkInterval[] = [
  [8 * 60, 12 * 60],
  [13 * 60, 17 * 60],
];

/** Minutes after midnight of `HH:mm` (24:00 allowed, for the end of a day). */
export function timeOfDay(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  const h = m ? Number(m[1]) : NaN;
  const mi = m ? Number(m[2]) : NaN;
  if (!m || h > 24 || mi > 59 || (h === 24 && mi !== 0)) {
    throw new RangeError(`Not a time of day: "${text}" (expected HH:mm between 00:00 and 24:00)`);
  }
  return h * 60 + mi;
}

/** A working interval from two `HH:mm` times, e.g. `interval('08:00', '12:00')`. */
export function interval(from: string, to: string): WorkInterval {
  return [timeOfDay(from), timeOfDay(to)];
}

const copyDay = (day: readonly WorkInterval[]): WorkInterval[] => day.map(([s, e]) => [s, e] as const);

export interface MakeCalendarOptions {
  id: string;
  /** Defaults to the id. */
  name?: string;
  /**
   * Seven entries, Sunday first. Omit it and give `workDays` (+ `dayIntervals`) instead, or give
   * `baseCalendarId` and omit both to inherit the base calendar's week (see compileCalendar).
   */
  workWeek?: WorkInterval[][];
  /** Working weekdays, 0 = Sunday … 6 = Saturday; each gets `dayIntervals`. */
  workDays?: readonly number[];
  /** The hours of each of `workDays`; default 08:00–12:00 + 13:00–17:00. */
  dayIntervals?: readonly WorkInterval[];
  /**
   * Hours in a working day (used to express durations in days). Default: the longest working
   * weekday of the week given, or 8 when the week is inherited or empty.
   */
  hoursPerDay?: number;
  exceptions?: readonly CalendarException[];
  /** Convenience: non-working dates (`YYYY-MM-DD`, or with a name), added as empty exceptions. */
  holidays?: readonly (string | { date: string; name?: string })[];
  baseCalendarId?: string;
}

/** Builds a `Calendar` from the options (no validation here: compileCalendar validates). */
export function makeCalendar(opts: MakeCalendarOptions): Calendar {
  let workWeek: WorkInterval[][];
  if (opts.workWeek) {
    workWeek = opts.workWeek.map(copyDay);
  } else if (opts.workDays) {
    const day = opts.dayIntervals ?? STANDARD_DAY;
    workWeek = Array.from({ length: 7 }, (_, w) => (opts.workDays?.includes(w) ? copyDay(day) : []));
  } else if (opts.baseCalendarId !== undefined) {
    workWeek = [];
  } else {
    throw new RangeError(`makeCalendar("${opts.id}"): give workWeek, workDays or baseCalendarId`);
  }

  const exceptions: CalendarException[] = (opts.exceptions ?? []).map((x) => ({
    date: x.date,
    intervals: copyDay(x.intervals),
    ...(x.name !== undefined ? { name: x.name } : {}),
  }));
  for (const h of opts.holidays ?? []) {
    const date = typeof h === 'string' ? h : h.date;
    const name = typeof h === 'string' ? undefined : h.name;
    exceptions.push({ date, intervals: [], ...(name !== undefined ? { name } : {}) });
  }

  let hoursPerDay = opts.hoursPerDay;
  if (hoursPerDay === undefined) {
    let longest = 0;
    for (const day of workWeek) {
      let minutes = 0;
      for (const [s, e] of day) minutes += e - s;
      longest = Math.max(longest, minutes);
    }
    hoursPerDay = longest > 0 ? longest / 60 : 8;
  }

  const cal: Calendar = { id: opts.id, name: opts.name ?? opts.id, hoursPerDay, workWeek, exceptions };
  if (opts.baseCalendarId !== undefined) cal.baseCalendarId = opts.baseCalendarId;
  return cal;
}

/** Monday–Friday, 08:00–12:00 and 13:00–17:00, 8 hours a day, no holidays. */
export function standardCalendar(id = 'standard'): Calendar {
  return makeCalendar({ id, name: 'Standard (Mon–Fri, 8 h)', workDays: [1, 2, 3, 4, 5], hoursPerDay: 8 });
}

/** Every minute of every day: 7 × 24 h, 24 hours a day (P6's "24 hour" calendar). */
export function continuousCalendar(id = '24h'): Calendar {
  return makeCalendar({ id, name: 'Continuous (7 × 24 h)', workDays: [0, 1, 2, 3, 4, 5, 6], dayIntervals: [[0, 1440]], hoursPerDay: 24 });
}

/** Monday–Saturday, 08:00–12:00 and 13:00–17:00, 8 hours a day. */
export function sixDayCalendar(id = 'six-day'): Calendar {
  return makeCalendar({ id, name: 'Six-day (Mon–Sat, 8 h)', workDays: [1, 2, 3, 4, 5, 6], hoursPerDay: 8 });
}

/**
 * Sorts working intervals and merges touching or overlapping ones: the form the calendar compiler
 * accepts. Readers use it on whatever periods a file lists (P6 writes 08:00–12:00 and 12:00–17:00).
 */
export function mergeIntervals(intervals: readonly WorkInterval[]): WorkInterval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: WorkInterval[] = [];
  for (const iv of sorted) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) merged[merged.length - 1] = [last[0], Math.max(last[1], iv[1])];
    else merged.push(iv);
  }
  return merged;
}
