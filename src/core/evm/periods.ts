/**
 * Reporting period grids: weekly, monthly, or the user's own period ends.
 *
 * A period is identified by its end instant, an exclusive upper bound in epoch minutes: a week
 * that ends on Friday ends at Saturday 00:00, so the whole of Friday belongs to it. Labels show
 * the last day inside the period.
 */
import { AnalysisInputError } from '../model/errors';
import { MINUTES_PER_DAY, dateOnly, dayOfWeek, startOfDay, toMinutes, type EpochMinutes, type LocalDateTime } from '../model/dates';

export type PeriodSpec =
  /**
   * Weeks. `anchor` is one period end (default: the data date, so the status falls exactly on a
   * period boundary); without an anchor, weeks end on `weekEndsOn` (0 = Sunday … 6 = Saturday,
   * default 0) at midnight.
   */
  | { kind: 'week'; anchor?: EpochMinutes; weekEndsOn?: number }
  /** Calendar months. */
  | { kind: 'month' }
  /** The user's own period ends: a date means the end of that day; a date-time is taken as is. */
  | { kind: 'custom'; ends: LocalDateTime[] };

export interface PeriodGrid {
  /** Start of the first period. */
  start: EpochMinutes;
  /** End of each period, ascending. */
  ends: Float64Array;
  labels: string[];
}

/** A grid longer than this is almost certainly bad dates (a 1900 or 2200 date in a file). */
export const MAX_PERIODS = 5000;

const WEEK = 7 * MINUTES_PER_DAY;

/** The grid of periods covering [from, to] (to inclusive: the last period's end is ≥ to). */
export function periodGrid(spec: PeriodSpec, from: EpochMinutes, to: EpochMinutes): PeriodGrid {
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new AnalysisInputError('The period grid needs a dated start and end: give the activities baseline (or planned) dates and the project a data date.');
  if (to < from) to = from;
  const ends: number[] = [];
  let start: number;
  if (spec.kind === 'week') {
    let anchor = spec.anchor;
    if (anchor === undefined) {
      const endsOn = spec.weekEndsOn ?? 0;
      // Midnight after the first `endsOn` day on or after `from`.
      const d0 = startOfDay(from);
      const shift = (endsOn - dayOfWeek(d0) + 7) % 7;
      anchor = d0 + (shift + 1) * MINUTES_PER_DAY;
    }
    // First end strictly after `from`.
    let e = anchor + Math.floor((from - anchor) / WEEK + 1) * WEEK;
    start = e - WEEK;
    for (;;) {
      ends.push(e);
      if (e >= to) break;
      e += WEEK;
      if (ends.length > MAX_PERIODS) throw tooMany(from, to);
    }
  } else if (spec.kind === 'month') {
    const d = new Date(from * 60000);
    let y = d.getUTCFullYear();
    let m = d.getUTCMonth();
    start = Date.UTC(y, m, 1) / 60000;
    for (;;) {
      m++;
      if (m === 12) {
        m = 0;
        y++;
      }
      const e = Date.UTC(y, m, 1) / 60000;
      ends.push(e);
      if (e >= to && e > from) break;
      if (ends.length > MAX_PERIODS) throw tooMany(from, to);
    }
  } else {
    const given = spec.ends
      .map((t) => (/T|\s\d/.test(t) ? toMinutes(t) : toMinutes(t) + MINUTES_PER_DAY))
      .sort((a, b) => a - b)
      .filter((v, i, a) => i === 0 || v !== a[i - 1]);
    if (given.length === 0) throw new AnalysisInputError('Custom periods need at least one period end: add a period end date, or choose weekly or monthly periods.');
    if (given.length > MAX_PERIODS) throw tooMany(from, to);
    ends.push(...given);
    // Extend with the last period length so the grid still covers the whole plan.
    const len = given.length > 1 ? given[given.length - 1] - given[given.length - 2] : WEEK;
    while (ends[ends.length - 1] < to) {
      ends.push(ends[ends.length - 1] + len);
      if (ends.length > MAX_PERIODS) throw tooMany(from, to);
    }
    start = Math.min(from, ends[0] - (given.length > 1 ? given[1] - given[0] : WEEK));
  }
  const out = Float64Array.from(ends);
  return { start, ends: out, labels: labelsFor(spec, out) };
}

function labelsFor(spec: PeriodSpec, ends: Float64Array): string[] {
  return Array.from(ends, (e) => {
    const lastDay = dateOnly(e - 1);
    if (spec.kind === 'month') return lastDay.slice(0, 7);
    if (spec.kind === 'week') return `w/e ${lastDay}`;
    return lastDay;
  });
}

function tooMany(from: number, to: number): AnalysisInputError {
  return new AnalysisInputError(
    `The schedule spans ${dateOnly(from)} to ${dateOnly(to)}, more than ${MAX_PERIODS} periods: check for a wrong date in the file, or use monthly periods.`,
  );
}

/**
 * Actual time at an instant, in periods: whole periods elapsed plus the elapsed fraction of the
 * period the instant falls in (Lipke's ES calculator v2 handles partial periods the same way).
 */
export function periodsElapsed(grid: PeriodGrid, t: EpochMinutes): number {
  const { ends, start } = grid;
  if (t <= start) return 0;
  let prev = start;
  for (let k = 0; k < ends.length; k++) {
    if (t <= ends[k]) return k + (t - prev) / (ends[k] - prev);
    prev = ends[k];
  }
  // Past the grid: continue with the last period's length.
  const len = lastPeriodLength(grid);
  return ends.length + (t - ends[ends.length - 1]) / len;
}

/** The instant `x` periods after the grid start (inverse of periodsElapsed). */
export function instantAtPeriods(grid: PeriodGrid, x: number): EpochMinutes {
  const { ends, start } = grid;
  if (x <= 0) return start;
  const k = Math.floor(x);
  const frac = x - k;
  if (k < ends.length) {
    const prev = k === 0 ? start : ends[k - 1];
    return prev + frac * (ends[k] - prev);
  }
  const len = lastPeriodLength(grid);
  return ends[ends.length - 1] + (x - ends.length) * len;
}

/** Length of the grid's last period: how far the grid extends beyond its end. */
function lastPeriodLength(grid: PeriodGrid): number {
  const { ends, start } = grid;
  return ends.length > 1 ? ends[ends.length - 1] - ends[ends.length - 2] : ends[0] - start;
}
