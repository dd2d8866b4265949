/**
 * Compiling a `Calendar` into the index that makes working-time arithmetic O(1).
 *
 * Why compile: time-phasing a 100,000-activity schedule over weekly periods asks "how many
 * working minutes lie between a and b" millions of times. Walking work weeks and exception lists
 * per question is far too slow, so each calendar is turned once into flat typed arrays:
 *
 * - **Day patterns.** Every distinct day shape (the seven weekdays, then each distinct set of
 *   exception intervals) gets a pattern id. Pattern `w` for `w` in 0..6 is always weekday `w`
 *   (Sunday first), so days outside the table need no lookup at all.
 * - **Minute table per pattern** (`patternMinuteCum`, 1441 entries per pattern): working minutes
 *   of that day shape before minute m of the day. Lookup instead of a loop over intervals.
 * - **Day table over a horizon** (`dayPattern`, `dayCumulative`): for each day in
 *   [originDay, originDay + dayCount), its pattern and the working minutes from the origin to its
 *   midnight. `dayCumulative` has dayCount + 1 entries; the last is the total of the horizon.
 *
 * Then the working minutes before any instant t are
 * `dayCumulative[day − originDay] + patternMinuteCum[pattern·1441 + minuteOfDay]`, and any
 * difference of two of them is a working-minutes-between. See ./arithmetic.ts.
 *
 * **Horizon.** The table covers `fromYear`-01-01 to the end of `toYear` (default 1990–2060),
 * widened to take in every exception date. Outside it only the work week applies (there are no
 * exceptions there, by construction), so answers beyond the table come from weekly periodicity
 * in O(1): whole weeks × minutes per week + a weekday prefix. Dates outside the horizon are
 * therefore exact, not clamped and not an error; the horizon only decides where the table ends.
 * Cost: 6 bytes a day (Int32 cumulative + Uint16 pattern), ≈ 156 KB for the default 71 years,
 * built in about a millisecond; compile each calendar once and share the result.
 * A table longer than MAX_HORIZON_YEARS (an exception dated 0001-01-01, say) is refused with a
 * AnalysisInputError rather than silently allocating megabytes.
 *
 * **Inheritance (`baseCalendarId`).** Resolved before compiling, through `calendarsById`, to any
 * depth (a cycle or a missing base is an AnalysisInputError). The rule:
 * - work week: a derived calendar whose `workWeek` is empty (length 0) inherits its base's
 *   resolved week, whole. A 7-entry week is the calendar's own, even where a day is empty
 *   (an empty day there means "not working", not "inherit"). Any other length is an error.
 * - exceptions: the base's resolved exceptions, then the derived calendar's; on the same date
 *   the derived calendar's exception replaces the base's (it may even restore a working day by
 *   giving intervals on a base holiday).
 * - `hoursPerDay` and `name` are always the derived calendar's own.
 *
 * **Validation** (AnalysisInputError naming the calendar id and the weekday or date): intervals are
 * integer minutes with 0 ≤ start < end ≤ 1440, sorted and non-overlapping (touching is fine);
 * exception dates are real `YYYY-MM-DD` dates; one date may not carry two different exceptions
 * in the same calendar; `hoursPerDay` is a positive number; and a calendar with no working time
 * in its week and none in any exception is refused (nothing could ever be scheduled on it).
 */
import { MINUTES_PER_DAY } from '../model/dates';
import { AnalysisInputError } from '../model/errors';
import type { Calendar, WorkInterval } from '../model/schedule';
import { EPOCH_SUNDAY_DAY, WEEKDAY_NAMES, dateOfDayIndex, dayIndexOfDate, isoDateOfDayIndex, parseIsoDate, weekdayOfDayIndex } from './days';

/** Entries per pattern in `patternMinuteCum`: minutes 0..1440 inclusive. */
export const PATTERN_STRIDE = MINUTES_PER_DAY + 1;
export const DEFAULT_FROM_YEAR = 1990;
export const DEFAULT_TO_YEAR = 2060;
/** Longest day table compileCalendar will build (≈ 1.1 MB of typed arrays). */
export const MAX_HORIZON_YEARS = 500;
/** Distinct day shapes (7 weekdays + exception shapes): pattern ids are stored as Uint16. */
const MAX_PATTERNS = 65536;

/** A calendar compiled for fast arithmetic. Treat every field as read-only. */
export interface CompiledCalendar {
  readonly id: string;
  readonly name: string;
  readonly hoursPerDay: number;
  /** The calendar after inheritance: own week (7 entries) and merged exceptions, sorted by date. */
  readonly resolved: Calendar;
  /** First year of the day table and last year (inclusive), after widening for exceptions. */
  readonly fromYear: number;
  readonly toYear: number;
  /** Day index (days since 1970-01-01) of the first day in the table: the cumulative origin. */
  readonly originDay: number;
  /** Days in the table. */
  readonly dayCount: number;
  /**
   * Working minutes from the origin to the start of each table day; dayCount + 1 entries.
   * Int32 is enough: MAX_HORIZON_YEARS of 24 h days is 2.6e8 minutes.
   */
  readonly dayCumulative: Int32Array;
  /** Pattern id of each table day. */
  readonly dayPattern: Uint16Array;
  /** Per pattern, working minutes before minute m (m = 0..1440), stride PATTERN_STRIDE. */
  readonly patternMinuteCum: Int16Array;
  /** Working minutes of each pattern (a whole day of that shape). */
  readonly patternTotal: Int32Array;
  /** Intervals of pattern p are intervalStart/End/Before[patternOffset[p] .. patternOffset[p+1]). */
  readonly patternOffset: Int32Array;
  readonly intervalStart: Int32Array;
  readonly intervalEnd: Int32Array;
  /** Working minutes of the same day before each interval starts. */
  readonly intervalBefore: Int32Array;
  /** Working minutes of the week before each weekday starts, Sunday first; [7] = weekTotal. */
  readonly weekPrefix: Float64Array;
  /** Working minutes in one ordinary week (0 when only exceptions have working time). */
  readonly weekTotal: number;
  /** Weekly-periodic cumulative (see weeklyCumulativeAtDay) at originDay and at originDay + dayCount. */
  readonly weeklyAtOrigin: number;
  readonly weeklyAtEnd: number;
  /** Table days per working minute (dayCount / total): the search's first guess. 0 if no work. */
  readonly daysPerWorkingMinute: number;
}

export interface CompileOptions {
  /** Where base calendars are looked up (it may hold the calendar itself; it is not required to). */
  calendarsById?: ReadonlyMap<string, Calendar>;
  /** First year of the day table; default 1990. */
  fromYear?: number;
  /** Last year (inclusive) of the day table; default 2060. */
  toYear?: number;
}

/**
 * Weekly-periodic cumulative working minutes at the start of a day, counted from the Sunday
 * 1970-01-04: only the work week, no exceptions. Differences of it are exact outside the table.
 */
export function weeklyCumulativeAtDay(weekPrefix: Float64Array, weekTotal: number, dayIndex: number): number {
  const k = dayIndex - EPOCH_SUNDAY_DAY;
  const q = Math.floor(k / 7);
  return q * weekTotal + weekPrefix[k - q * 7];
}

interface ResolvedException {
  intervals: WorkInterval[];
  name?: string;
}

function fail(calId: string, msg: string): never {
  throw new AnalysisInputError(`Calendar "${shownId(calId)}": ${msg}`);
}

/**
 * A calendar id as a message shows it: on one line and at most 60 characters, since the id comes
 * from the file (a damaged one can hold line breaks and kilobytes of other records).
 */
function shownId(id: string): string {
  const one = String(id).replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

function checkIntervals(calId: string, where: string, intervals: unknown): WorkInterval[] {
  if (!Array.isArray(intervals)) fail(calId, `${where}: working intervals must be an array of [start, end] pairs`);
  const list = intervals as unknown[];
  const out: WorkInterval[] = [];
  let prevEnd = -1;
  for (let k = 0; k < list.length; k++) {
    const iv = list[k];
    if (!Array.isArray(iv) || iv.length !== 2) fail(calId, `${where}: interval #${k + 1} is not a [start, end] pair`);
    const [s, e] = iv as unknown[];
    const shown = `[${String(s)}, ${String(e)})`;
    if (typeof s !== 'number' || typeof e !== 'number' || !Number.isInteger(s) || !Number.isInteger(e)) {
      fail(calId, `${where}: interval #${k + 1} ${shown} must be whole minutes after midnight`);
    }
    const si = s as number;
    const ei = e as number;
    if (si < 0 || ei > MINUTES_PER_DAY) fail(calId, `${where}: interval #${k + 1} ${shown} is outside the day (0..1440 minutes)`);
    if (si >= ei) fail(calId, `${where}: interval #${k + 1} ${shown} ends before or when it starts`);
    if (si < prevEnd) fail(calId, `${where}: interval #${k + 1} ${shown} overlaps or precedes the one before it (intervals must be sorted and non-overlapping)`);
    prevEnd = ei;
    out.push([si, ei]);
  }
  return out;
}

function ownExceptions(cal: Calendar): Map<number, ResolvedException> {
  const map = new Map<number, ResolvedException>();
  if (!Array.isArray(cal.exceptions)) fail(cal.id, 'exceptions must be an array');
  for (const x of cal.exceptions) {
    const day = typeof x.date === 'string' ? parseIsoDate(x.date) : null;
    if (day === null) fail(cal.id, `exception date "${shownId(String(x.date))}" is not a real YYYY-MM-DD date`);
    const intervals = checkIntervals(cal.id, `exception ${x.date}`, x.intervals);
    const prev = map.get(day as number);
    if (prev && JSON.stringify(prev.intervals) !== JSON.stringify(intervals)) {
      fail(cal.id, `exception ${x.date} is given twice with different hours; keep one`);
    }
    map.set(day as number, { intervals, ...(x.name !== undefined ? { name: x.name } : {}) });
  }
  return map;
}

interface Resolved {
  week: WorkInterval[][];
  exceptions: Map<number, ResolvedException>;
}

function resolve(cal: Calendar, byId: ReadonlyMap<string, Calendar> | undefined, chain: string[]): Resolved {
  if (chain.includes(cal.id)) {
    throw new AnalysisInputError(`Calendar "${shownId(chain[0])}": base calendars form a cycle (${[...chain, cal.id].map(shownId).join(' → ')})`);
  }
  const path = [...chain, cal.id];
  if (!Array.isArray(cal.workWeek)) fail(cal.id, 'workWeek must be an array of seven days, Sunday first');

  let base: Resolved | null = null;
  if (cal.baseCalendarId !== undefined && cal.baseCalendarId !== '') {
    const b = byId?.get(cal.baseCalendarId);
    if (!b) {
      fail(cal.id, `base calendar "${shownId(cal.baseCalendarId)}" was not found${byId ? '' : ' (pass calendarsById to compileCalendar)'}`);
    }
    base = resolve(b as Calendar, byId, path);
  }

  let week: WorkInterval[][];
  if (cal.workWeek.length === 0 && base) {
    week = base.week;
  } else if (cal.workWeek.length === 7) {
    week = cal.workWeek.map((day, w) => checkIntervals(cal.id, WEEKDAY_NAMES[w], day));
  } else {
    week = fail(
      cal.id,
      `workWeek has ${cal.workWeek.length} days; it needs seven (Sunday first)${base ? ', or none to inherit the base calendar\u2019s week' : ''}`,
    );
  }

  const exceptions = new Map(base ? base.exceptions : []);
  for (const [day, x] of ownExceptions(cal)) exceptions.set(day, x);
  return { week, exceptions };
}

const patternKey = (intervals: readonly WorkInterval[]): string => intervals.map(([s, e]) => `${s}-${e}`).join(',');

function yearOption(calId: string, name: string, v: number | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  if (!Number.isInteger(v)) fail(calId, `${name} must be a whole year, got ${String(v)}`);
  return v;
}

/**
 * Resolves inheritance, validates and builds the O(1) index of a calendar (see the file comment
 * for the rules). Throws an AnalysisInputError naming the calendar and the weekday or date on bad data.
 */
export function compileCalendar(cal: Calendar, opts: CompileOptions = {}): CompiledCalendar {
  if (typeof cal.hoursPerDay !== 'number' || !(cal.hoursPerDay > 0) || !Number.isFinite(cal.hoursPerDay)) {
    fail(cal.id, `hoursPerDay must be a positive number of hours, got ${String(cal.hoursPerDay)}`);
  }
  const { week, exceptions } = resolve(cal, opts.calendarsById, []);

  // ---- patterns: 0..6 are the weekdays, then each distinct exception shape.
  const patterns: WorkInterval[][] = week.map((d) => d);
  const byKey = new Map<string, number>();
  week.forEach((d, w) => {
    const key = patternKey(d);
    if (!byKey.has(key)) byKey.set(key, w);
  });
  const exceptionDays = [...exceptions.keys()].sort((a, b) => a - b);
  const exceptionPattern = new Map<number, number>();
  let exceptionWork = 0;
  for (const day of exceptionDays) {
    const iv = (exceptions.get(day) as ResolvedException).intervals;
    if (iv.length > 0) exceptionWork++;
    const key = patternKey(iv);
    let p = byKey.get(key);
    if (p === undefined) {
      p = patterns.length;
      patterns.push(iv);
      byKey.set(key, p);
    }
    exceptionPattern.set(day, p);
  }

  const P = patterns.length;
  if (P > MAX_PATTERNS) fail(cal.id, `has ${P - 7} differently shaped exception days; at most ${MAX_PATTERNS - 7} are supported`);
  const patternMinuteCum = new Int16Array(P * PATTERN_STRIDE);
  const patternTotal = new Int32Array(P);
  const patternOffset = new Int32Array(P + 1);
  const nIntervals = patterns.reduce((n, iv) => n + iv.length, 0);
  const intervalStart = new Int32Array(nIntervals);
  const intervalEnd = new Int32Array(nIntervals);
  const intervalBefore = new Int32Array(nIntervals);
  let k = 0;
  for (let p = 0; p < P; p++) {
    patternOffset[p] = k;
    const base = p * PATTERN_STRIDE;
    let acc = 0;
    let minute = 0;
    for (const [s, e] of patterns[p]) {
      for (; minute < s; minute++) patternMinuteCum[base + minute] = acc;
      intervalStart[k] = s;
      intervalEnd[k] = e;
      intervalBefore[k] = acc;
      k++;
      for (; minute < e; minute++) patternMinuteCum[base + minute] = acc++;
    }
    for (; minute <= MINUTES_PER_DAY; minute++) patternMinuteCum[base + minute] = acc;
    patternTotal[p] = acc;
  }
  patternOffset[P] = k;

  const weekPrefix = new Float64Array(8);
  for (let w = 0; w < 7; w++) weekPrefix[w + 1] = weekPrefix[w] + patternTotal[w];
  const weekTotal = weekPrefix[7];
  if (weekTotal === 0 && exceptionWork === 0) {
    fail(cal.id, 'has no working time: every weekday is empty and no exception adds working hours');
  }

  // ---- horizon, widened to hold every exception.
  let fromYear = yearOption(cal.id, 'fromYear', opts.fromYear, DEFAULT_FROM_YEAR);
  let toYear = yearOption(cal.id, 'toYear', opts.toYear, DEFAULT_TO_YEAR);
  if (fromYear > toYear) fail(cal.id, `fromYear ${fromYear} is after toYear ${toYear}`);
  if (exceptionDays.length > 0) {
    const firstYear = dateOfDayIndex(exceptionDays[0]).year;
    const lastYear = dateOfDayIndex(exceptionDays[exceptionDays.length - 1]).year;
    fromYear = Math.min(fromYear, firstYear);
    toYear = Math.max(toYear, lastYear);
  }
  if (toYear - fromYear + 1 > MAX_HORIZON_YEARS) {
    const span = `${fromYear}–${toYear}`;
    fail(
      cal.id,
      `its exceptions and horizon span ${span}, more than ${MAX_HORIZON_YEARS} years; check for mistyped exception dates (first ${isoDateOfDayIndex(exceptionDays[0] ?? 0)}, last ${isoDateOfDayIndex(exceptionDays[exceptionDays.length - 1] ?? 0)})`,
    );
  }
  const originDay = dayIndexOfDate(fromYear, 1, 1);
  const endDay = dayIndexOfDate(toYear + 1, 1, 1);
  const dayCount = endDay - originDay;

  const dayPattern = new Uint16Array(dayCount);
  let w = weekdayOfDayIndex(originDay);
  for (let i = 0; i < dayCount; i++) {
    dayPattern[i] = w;
    w = w === 6 ? 0 : w + 1;
  }
  for (const [day, p] of exceptionPattern) dayPattern[day - originDay] = p;
  const dayCumulative = new Int32Array(dayCount + 1);
  for (let i = 0; i < dayCount; i++) dayCumulative[i + 1] = dayCumulative[i] + patternTotal[dayPattern[i]];

  const resolved: Calendar = {
    id: cal.id,
    name: cal.name,
    hoursPerDay: cal.hoursPerDay,
    workWeek: week.map((d) => d.map(([s, e]) => [s, e] as const)),
    exceptions: exceptionDays.map((day) => {
      const x = exceptions.get(day) as ResolvedException;
      return { date: isoDateOfDayIndex(day), intervals: x.intervals.map(([s, e]) => [s, e] as const), ...(x.name !== undefined ? { name: x.name } : {}) };
    }),
  };

  return {
    id: cal.id,
    name: cal.name,
    hoursPerDay: cal.hoursPerDay,
    resolved,
    fromYear,
    toYear,
    originDay,
    dayCount,
    dayCumulative,
    dayPattern,
    patternMinuteCum,
    patternTotal,
    patternOffset,
    intervalStart,
    intervalEnd,
    intervalBefore,
    weekPrefix,
    weekTotal,
    weeklyAtOrigin: weeklyCumulativeAtDay(weekPrefix, weekTotal, originDay),
    weeklyAtEnd: weeklyCumulativeAtDay(weekPrefix, weekTotal, endDay),
    daysPerWorkingMinute: dayCumulative[dayCount] > 0 ? dayCount / dayCumulative[dayCount] : 0,
  };
}
