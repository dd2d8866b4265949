/**
 * Working-time arithmetic on a compiled calendar.
 *
 * **The one idea.** Everything is expressed through `cum(t)`, the working minutes from the
 * compiled origin to instant t (`cumulativeWorkingMinutes`). It is a continuous, non-decreasing,
 * piecewise-linear function of t: slope 1 inside working intervals, flat elsewhere, negative
 * before the origin. With the compiled tables it costs two array reads (./compile.ts):
 *
 *     cum(t) = dayCumulative[day − originDay] + patternMinuteCum[pattern(day)·1441 + minuteOfDay]
 *
 * and outside the table it is weekly-periodic arithmetic, also O(1). So
 * - `workingMinutesBetween(a, b) = cum(b) − cum(a)`: O(1), signed, exactly additive
 *   (between(a,b) + between(b,c) = between(a,c)) and antisymmetric;
 * - adding works in the other direction: find where cum reaches `cum(start) + minutes` by a
 *   search over `dayCumulative` (galloping from a guess made with the calendar's average working
 *   minutes per day, then binary: O(log n) at worst), then walk that day's few intervals.
 *
 * **Conventions** (each is tested in tests/unit/calendar):
 * - A working interval [s, e) holds minutes s … e−1: 17:00 itself is not working time on the
 *   standard calendar, 08:00 is.
 * - `addWorkingMinutes(start, +m)` returns the *earliest* instant at which m working minutes have
 *   elapsed. A finish that lands exactly on the end of an interval is that end (Friday 17:00),
 *   never the next working morning (Monday 08:00). Both are "the same working instant" (equal
 *   cum), and a finish date of Friday 17:00 is what planners expect.
 * - `addWorkingMinutes(start, −m)` is the mirror image: the *latest* instant at which the
 *   remaining work would be m minutes, so a start that lands exactly on the beginning of an
 *   interval is that beginning (Monday 08:00), not the previous evening (Friday 17:00).
 *   Consequently add(add(s, m), −m) = s for every working instant s, and
 *   add(add(f, −m), m) = f for every instant f that ends a working minute.
 * - Adding 0 returns `start` unchanged, even when it is outside working time. Adding a non-zero
 *   amount from non-working time first moves to the working time in that direction
 *   (Saturday 10:00 + 1 h = Monday 09:00).
 * - Minutes may be fractional; results are then fractional too (no rounding is done here).
 * - NaN in, NaN out: the columnar model stores a missing date as NaN, and time-phasing passes
 *   such values straight through. Infinite inputs also give NaN.
 * - Days: `workingDaysBetween` divides by the calendar's `hoursPerDay`, so "days" are calendar
 *   working days of that many hours, not calendar dates.
 *
 * The hot paths (`cumulativeWorkingMinutes`, `workingMinutesBetween`, `addWorkingMinutes`,
 * `isWorkingTime`, `nextWorkingTime`, `previousWorkingTimeEnd`) allocate nothing.
 */
import type { EpochMinutes } from '../model/dates';
import type { CompiledCalendar } from './compile';
import { isoDateOfDayIndex } from './days';

// Local copies of MINUTES_PER_DAY, compile.ts's PATTERN_STRIDE and days.ts's EPOCH_SUNDAY_DAY:
// reading an imported binding is a module-cell load V8 does not constant-fold when modules are
// not bundled (vitest, tsx), which measured at ~13 ns per call in the hot path. Checked by a test.
/** Minutes in a day. */
export const DAY = 1440;
/** Entries per pattern in `patternMinuteCum` (minutes 0..1440). */
export const STRIDE = 1441;
/** Day index of Sunday 1970-01-04, the anchor of weekly periodicity. */
export const SUNDAY = 3;

/** Day index (days since 1970-01-01) of the day an epoch minute falls in. */
export function dayIndexOfMinute(minute: EpochMinutes): number {
  return Math.floor(minute / DAY);
}

/** Pattern id of a day: the table's entry inside the horizon, the weekday outside it. */
function patternOfDay(cc: CompiledCalendar, day: number): number {
  const i = day - cc.originDay;
  if (i >= 0 && i < cc.dayCount) return cc.dayPattern[i];
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * Working minutes from the compiled origin (1 January of `cc.fromYear`, 00:00) to `minute`;
 * negative before the origin. Differences of it are working minutes between instants, which is
 * what time-phasing code uses in its inner loops. O(1), allocation-free. NaN for NaN.
 */
export function cumulativeWorkingMinutes(cc: CompiledCalendar, minute: EpochMinutes): number {
  if (!Number.isFinite(minute)) return NaN;
  const d = Math.floor(minute / DAY);
  const m = minute - d * DAY;
  const i = d - cc.originDay;
  let base: number;
  let p: number;
  if (i >= 0 && i < cc.dayCount) {
    base = cc.dayCumulative[i];
    p = cc.dayPattern[i];
  } else {
    // Outside the table only the work week applies: whole weeks plus a weekday prefix.
    const k = d - SUNDAY;
    const q = Math.floor(k / 7);
    p = k - q * 7;
    const weekly = q * cc.weekTotal + cc.weekPrefix[p];
    base = i < 0 ? weekly - cc.weeklyAtOrigin : cc.dayCumulative[cc.dayCount] + weekly - cc.weeklyAtEnd;
  }
  const f = Math.floor(m);
  const b = p * STRIDE + f;
  const lo = cc.patternMinuteCum[b];
  return m === f ? base + lo : base + lo + (cc.patternMinuteCum[b + 1] - lo) * (m - f);
}

/** Working minutes from `from` to `to`; negative when `to` is before `from`. O(1). */
export function workingMinutesBetween(cc: CompiledCalendar, from: EpochMinutes, to: EpochMinutes): number {
  return cumulativeWorkingMinutes(cc, to) - cumulativeWorkingMinutes(cc, from);
}

/** Working hours from `from` to `to` (signed). */
export function workingHoursBetween(cc: CompiledCalendar, from: EpochMinutes, to: EpochMinutes): number {
  return workingMinutesBetween(cc, from, to) / 60;
}

/** Working days of `cc.hoursPerDay` hours from `from` to `to` (signed). */
export function workingDaysBetween(cc: CompiledCalendar, from: EpochMinutes, to: EpochMinutes): number {
  return workingMinutesBetween(cc, from, to) / (cc.hoursPerDay * 60);
}

/** Working minutes on a day, by day index (`dayIndexOfMinute`, days since 1970-01-01). */
export function workingMinutesOnDay(cc: CompiledCalendar, dayIndex: number): number {
  if (!Number.isInteger(dayIndex)) throw new RangeError(`workingMinutesOnDay: day index must be a whole number, got ${dayIndex}`);
  return cc.patternTotal[patternOfDay(cc, dayIndex)];
}

/** True when `minute` lies inside a working interval [start, end) of its day. */
export function isWorkingTime(cc: CompiledCalendar, minute: EpochMinutes): boolean {
  if (!Number.isFinite(minute)) return false;
  const d = Math.floor(minute / DAY);
  const f = Math.floor(minute - d * DAY);
  if (f >= DAY) return false;
  const b = patternOfDay(cc, d) * STRIDE + f;
  return cc.patternMinuteCum[b + 1] !== cc.patternMinuteCum[b];
}

function noWorkingTime(cc: CompiledCalendar, direction: 'before' | 'after'): RangeError {
  const edge = direction === 'before' ? cc.originDay : cc.originDay + cc.dayCount;
  return new RangeError(
    `Calendar "${cc.id}" has no working time ${direction} ${isoDateOfDayIndex(edge)}: its work week is empty and only its exceptions hold working hours`,
  );
}

// In-day inverses. `r` is working minutes into the day of pattern p.
/** Earliest minute of the day by which r > 0 working minutes have elapsed (an interval end if exact). */
function earliestInDay(cc: CompiledCalendar, p: number, r: number): number {
  const end = cc.patternOffset[p + 1];
  for (let k = cc.patternOffset[p]; k < end; k++) {
    const x = r - cc.intervalBefore[k];
    if (x <= cc.intervalEnd[k] - cc.intervalStart[k]) return cc.intervalStart[k] + x;
  }
  return cc.intervalEnd[end - 1];
}

/** Latest minute of the day by which only r (0 ≤ r < day total) working minutes have elapsed. */
function latestInDay(cc: CompiledCalendar, p: number, r: number): number {
  const end = cc.patternOffset[p + 1];
  for (let k = cc.patternOffset[p]; k < end; k++) {
    const x = r - cc.intervalBefore[k];
    if (x < cc.intervalEnd[k] - cc.intervalStart[k]) return cc.intervalStart[k] + x;
  }
  return cc.intervalEnd[end - 1];
}

/**
 * Smallest j in [lo, hi] with cum[j] ≥ T, given cum[hi] ≥ T. Galloping (exponential) search
 * outwards from `guess`, then binary search: O(log distance) from a good guess, O(log n) at worst.
 */
function firstAtLeast(cum: Int32Array, T: number, lo: number, hi: number, guess: number): number {
  const g = guess < lo ? lo : guess > hi ? hi : guess;
  let step = 1;
  if (cum[g] >= T) {
    let good = g;
    for (;;) {
      const probe = good - step;
      if (probe < lo) break;
      if (cum[probe] < T) {
        lo = probe + 1;
        break;
      }
      good = probe;
      step += step;
    }
    hi = good;
  } else {
    let bad = g;
    for (;;) {
      const probe = bad + step;
      if (probe > hi) break;
      if (cum[probe] >= T) {
        hi = probe;
        break;
      }
      bad = probe;
      step += step;
    }
    lo = bad + 1;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid] >= T) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Largest i in [lo, hi] with cum[i] ≤ T, given cum[lo] ≤ T. Galloping from `guess`, as above. */
function lastAtMost(cum: Int32Array, T: number, lo: number, hi: number, guess: number): number {
  const g = guess < lo ? lo : guess > hi ? hi : guess;
  let step = 1;
  if (cum[g] <= T) {
    let good = g;
    for (;;) {
      const probe = good + step;
      if (probe > hi) break;
      if (cum[probe] > T) {
        hi = probe - 1;
        break;
      }
      good = probe;
      step += step;
    }
    lo = good;
  } else {
    let bad = g;
    for (;;) {
      const probe = bad - step;
      if (probe < lo) break;
      if (cum[probe] <= T) {
        lo = probe;
        break;
      }
      bad = probe;
      step += step;
    }
    hi = bad - 1;
  }
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (cum[mid] <= T) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * min{ t : cum(t) ≥ T }. Inside the table the answer's day index j−1 comes from the first j in
 * [lo, hi] with dayCumulative[j] ≥ T (callers narrow lo/hi and guess j from what they know).
 * Outside, weekly arithmetic.
 */
function earliestReaching(cc: CompiledCalendar, T: number, lo: number, hi: number, guess: number): number {
  const cum = cc.dayCumulative;
  const n = cc.dayCount;
  let day: number;
  let p: number;
  let r: number;
  if (T > cum[0] && T <= cum[n]) {
    const j = firstAtLeast(cum, T, lo, hi, guess);
    day = cc.originDay + j - 1;
    p = cc.dayPattern[j - 1];
    r = T - cum[j - 1];
  } else {
    const wt = cc.weekTotal;
    const before = T <= cum[0];
    if (wt === 0) throw noWorkingTime(cc, before ? 'before' : 'after');
    const V = before ? T - cum[0] + cc.weeklyAtOrigin : T - cum[n] + cc.weeklyAtEnd;
    // Week q is the one in which V is reached: q·wt < V ≤ (q+1)·wt.
    let q = Math.ceil(V / wt) - 1;
    let rem = V - q * wt;
    if (rem <= 0) {
      q--;
      rem += wt;
    } else if (rem > wt) {
      q++;
      rem -= wt;
    }
    const wp = cc.weekPrefix;
    p = 0;
    while (wp[p + 1] < rem) p++;
    day = SUNDAY + q * 7 + p;
    r = rem - wp[p];
  }
  return day * DAY + earliestInDay(cc, p, r);
}

/** max{ t : cum(t) ≤ T }, from the last i in [lo, hi] with dayCumulative[i] ≤ T. */
function latestAt(cc: CompiledCalendar, T: number, lo: number, hi: number, guess: number): number {
  const cum = cc.dayCumulative;
  const n = cc.dayCount;
  let day: number;
  let p: number;
  let r: number;
  if (T >= cum[0] && T < cum[n]) {
    const i = lastAtMost(cum, T, lo, hi, guess);
    day = cc.originDay + i;
    p = cc.dayPattern[i];
    r = T - cum[i];
  } else {
    const wt = cc.weekTotal;
    const before = T < cum[0];
    if (wt === 0) throw noWorkingTime(cc, before ? 'before' : 'after');
    const V = before ? T - cum[0] + cc.weeklyAtOrigin : T - cum[n] + cc.weeklyAtEnd;
    // Week q holds V: q·wt ≤ V < (q+1)·wt.
    let q = Math.floor(V / wt);
    let rem = V - q * wt;
    if (rem < 0) {
      q--;
      rem += wt;
    } else if (rem >= wt) {
      q++;
      rem -= wt;
    }
    const wp = cc.weekPrefix;
    p = 6;
    while (wp[p] > rem) p--;
    day = SUNDAY + q * 7 + p;
    r = rem - wp[p];
  }
  return day * DAY + latestInDay(cc, p, r);
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/**
 * The instant `minutes` working minutes after `start` (before it, when negative). See the file
 * comment for the conventions: an exact finish on an interval end returns that end; an exact
 * start (negative minutes) on an interval beginning returns that beginning; 0 returns `start`.
 * O(log days travelled) from the average-day guess, O(log days in the table) at worst. Throws a RangeError only for a calendar that runs out of working time
 * (an empty work week whose exceptions end).
 */
export function addWorkingMinutes(cc: CompiledCalendar, start: EpochMinutes, minutes: number): EpochMinutes {
  if (minutes === 0) return start;
  if (!Number.isFinite(start) || !Number.isFinite(minutes)) return NaN;
  const c = cumulativeWorkingMinutes(cc, start);
  const T = c + minutes;
  if (T === c) return start; // |minutes| below the precision of c
  const s = Math.floor(start / DAY) - cc.originDay;
  const n = cc.dayCount;
  // The finish day is on or after the start day (forward) / the start day or before (backward);
  // the calendar's average working minutes per day give a guess that is usually a day or two out.
  const days = Math.floor(Math.abs(minutes) * cc.daysPerWorkingMinute);
  return minutes > 0
    ? earliestReaching(cc, T, clamp(s + 1, 1, n), n, s + 1 + days)
    : latestAt(cc, T, 0, clamp(s, 0, n - 1), s - days);
}

/** `addWorkingMinutes` in hours. */
export function addWorkingHours(cc: CompiledCalendar, start: EpochMinutes, hours: number): EpochMinutes {
  return addWorkingMinutes(cc, start, hours * 60);
}

/**
 * The first working minute at or after `minute`: `minute` itself when it is working time,
 * otherwise the beginning of the next working interval (Friday 17:30 → Monday 08:00).
 */
export function nextWorkingTime(cc: CompiledCalendar, minute: EpochMinutes): EpochMinutes {
  if (!Number.isFinite(minute)) return NaN;
  if (isWorkingTime(cc, minute)) return minute;
  const s = Math.floor(minute / DAY) - cc.originDay;
  return latestAt(cc, cumulativeWorkingMinutes(cc, minute), clamp(s, 0, cc.dayCount - 1), cc.dayCount - 1, s);
}

/**
 * The end of the working time at or before `minute`: `minute` itself when the minute just
 * before it is working time (it ends or lies inside an interval), otherwise the end of the
 * previous working interval (Monday 07:00 → Friday 17:00).
 */
export function previousWorkingTimeEnd(cc: CompiledCalendar, minute: EpochMinutes): EpochMinutes {
  if (!Number.isFinite(minute)) return NaN;
  if (Number.isInteger(minute) && isWorkingTime(cc, minute - 1)) return minute;
  const s = Math.floor(minute / DAY) - cc.originDay;
  return earliestReaching(cc, cumulativeWorkingMinutes(cc, minute), 1, clamp(s + 1, 1, cc.dayCount), s + 1);
}
