/**
 * Time-phasing: spreading each activity's budget over its baseline dates on working time, to give
 * planned value (PV) at any instant and the cumulative PV curve over a period grid.
 *
 * An activity's share of its budget planned by time t is F(u), where u is the fraction of the
 * activity's *working* time elapsed by t on its own calendar (so no budget is planned over
 * weekends and holidays) and F is the spread profile. Milestones plan their whole budget at
 * their date.
 *
 * MS Project fixed cost accrual: a share φ of an activity's budget may be planned at one instant
 * instead of with the work, the fixed cost MS Project accrues at the start (φ_s) or at the finish
 * (φ_e). Then PV(t) = w·[φ_s·[t > s] + (1 − φ_s − φ_e)·F(u)] for s < t < f, w for t ≥ f and 0 for
 * t ≤ s (one of φ_s, φ_e is zero). The shares travel in `Spans.accrual`, which only the callers
 * that plan money set (fixedCostAccrual.ts); P6, Excel and Asta imports never carry one.
 *
 * Speed: every calendar is compiled once into a cumulative working-minutes index, the period ends
 * are converted once per calendar, and each activity only touches the periods its span overlaps
 * (full budget for later periods is added through a difference array). 100k activities over 260
 * weekly periods is a few tens of milliseconds (bench/RESULTS.md).
 */
import { compileCalendar, cumulativeWorkingMinutes, standardCalendar, type CompiledCalendar } from '../calendar';
import { FixedAccrualCode, type ColumnarActivities } from '../model/columnar';

export type SpreadProfile = 'linear' | 'front-loaded' | 'back-loaded' | 'bell';
export const SPREAD_PROFILES: readonly SpreadProfile[] = ['linear', 'front-loaded', 'back-loaded', 'bell'];

/** F(u): the share of the budget planned when a fraction u of the working time has elapsed. */
export function profileFraction(profile: SpreadProfile, u: number): number {
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  switch (profile) {
    case 'linear':
      return u;
    case 'front-loaded':
      return 1 - (1 - u) * (1 - u); // density 2(1−u): most spend early
    case 'back-loaded':
      return u * u; // density 2u: most spend late
    case 'bell':
      return u * u * (3 - 2 * u); // Beta(2,2) CDF: slow start, peak mid-way, slow finish
  }
}

/** The compiled calendars of a schedule, indexed like `ColumnarActivities.calendars`. */
export interface CalendarSet {
  compiled: CompiledCalendar[];
  /** Used for activities with calendarIndex −1. */
  fallback: CompiledCalendar;
}

export function compileCalendars(c: Pick<ColumnarActivities, 'calendars'>, defaultCalendarId?: string): CalendarSet {
  const byId = new Map(c.calendars.map((cal) => [cal.id, cal]));
  const compiled = c.calendars.map((cal) => compileCalendar(cal, { calendarsById: byId }));
  const defIndex = defaultCalendarId === undefined ? -1 : c.calendars.findIndex((cal) => cal.id === defaultCalendarId);
  const fallback = defIndex >= 0 ? compiled[defIndex] : compiled.length === 1 ? compiled[0] : compileCalendar(standardCalendar());
  return { compiled, fallback };
}

/**
 * The span each activity's budget is spread over: baseline dates, else planned dates, else
 * actual/forecast dates (a pair with only one date uses it for both ends). Also the spans' ends in cumulative working minutes on the activity's
 * calendar (`startCum`, `finishCum`), and the compiled-calendar slot of each activity.
 */
export interface Spans {
  start: Float64Array;
  finish: Float64Array;
  startCum: Float64Array;
  finishCum: Float64Array;
  /** Index into `calendarsInUse`. */
  calSlot: Int32Array;
  calendarsInUse: CompiledCalendar[];
  /** Activities without any usable date pair (their budget cannot be phased). */
  undated: number[];
  /**
   * Shares of each weight planned at one instant (fixed cost accrued at the start or finish); absent
   * means every weight follows the profile. Set by `withFixedCostAccrual` (fixedCostAccrual.ts).
   */
  accrual?: InstantShares;
}

/** Per activity, the share of its weight planned at one instant and which instant (FixedAccrualCode). */
export interface InstantShares {
  share: Float64Array;
  /** FixedAccrualCode: 0 none, 1 the span's start, 2 its finish. */
  at: Uint8Array;
}

// φ_s and φ_e of activity i (numbers, not a tuple, so the hot loops allocate nothing).
const startShare = (acc: InstantShares | undefined, i: number): number => (acc && acc.at[i] === FixedAccrualCode.Start ? acc.share[i] : 0);
const endShare = (acc: InstantShares | undefined, i: number): number => (acc && acc.at[i] === FixedAccrualCode.End ? acc.share[i] : 0);

export function activitySpans(c: ColumnarActivities, cals: CalendarSet): Spans {
  const n = c.count;
  const start = new Float64Array(n);
  const finish = new Float64Array(n);
  const startCum = new Float64Array(n);
  const finishCum = new Float64Array(n);
  const calSlot = new Int32Array(n);
  const calendarsInUse: CompiledCalendar[] = [];
  const slotOf = new Map<CompiledCalendar, number>();
  const undated: number[] = [];
  for (let i = 0; i < n; i++) {
    // First date pair with at least one date: baseline, then planned, then actual/forecast. A
    // pair with one date (a milestone holding only its finish) is dated by that one date.
    let s = c.baselineStart[i];
    let f = c.baselineFinish[i];
    if (Number.isNaN(s) && Number.isNaN(f)) {
      s = c.plannedStart[i];
      f = c.plannedFinish[i];
    }
    if (Number.isNaN(s) && Number.isNaN(f)) {
      s = Number.isNaN(c.actualStart[i]) ? c.forecastStart[i] : c.actualStart[i];
      f = Number.isNaN(c.actualFinish[i]) ? c.forecastFinish[i] : c.actualFinish[i];
    }
    if (Number.isNaN(s) && !Number.isNaN(f)) s = f;
    if (Number.isNaN(f) && !Number.isNaN(s)) f = s;
    if (f < s) f = s;
    start[i] = s;
    finish[i] = f;
    const ci = c.calendarIndex[i];
    const cal = ci >= 0 ? cals.compiled[ci] : cals.fallback;
    let slot = slotOf.get(cal);
    if (slot === undefined) {
      slot = calendarsInUse.length;
      calendarsInUse.push(cal);
      slotOf.set(cal, slot);
    }
    calSlot[i] = slot;
    if (Number.isNaN(s)) {
      undated.push(i);
      startCum[i] = NaN;
      finishCum[i] = NaN;
    } else {
      startCum[i] = cumulativeWorkingMinutes(cal, s);
      finishCum[i] = cumulativeWorkingMinutes(cal, f);
    }
  }
  return { start, finish, startCum, finishCum, calSlot, calendarsInUse, undated };
}

/**
 * Planned fraction of activity i at time t, given t's cumulative working minutes on the
 * activity's calendar (`tCum`). When a span holds no working time at all (e.g. it lies on a
 * weekend) elapsed calendar time is used instead, so its budget is still planned. A share
 * accrued at the start counts from the first instant after the start; one accrued at the finish
 * only at the finish (`Spans.accrual`).
 */
export function plannedFraction(sp: Spans, i: number, t: number, tCum: number, profile: SpreadProfile): number {
  const s = sp.start[i];
  const f = sp.finish[i];
  if (Number.isNaN(s)) return 0;
  if (t >= f) return 1;
  if (t <= s) return 0;
  const w = sp.finishCum[i] - sp.startCum[i];
  const u = w > 0 ? (tCum - sp.startCum[i]) / w : (t - s) / (f - s);
  const phiS = startShare(sp.accrual, i);
  const phiE = endShare(sp.accrual, i);
  return phiS + (1 - phiS - phiE) * profileFraction(profile, u);
}

/** PV of every activity at one instant: weight × planned fraction. */
export function plannedValuesAt(sp: Spans, weights: Float64Array, t: number, profile: SpreadProfile = 'linear'): Float64Array {
  const n = weights.length;
  const out = new Float64Array(n);
  const tCum = sp.calendarsInUse.map((cal) => cumulativeWorkingMinutes(cal, t));
  for (let i = 0; i < n; i++) {
    const w = weights[i];
    if (w === 0) continue;
    out[i] = w * plannedFraction(sp, i, t, tCum[sp.calSlot[i]], profile);
  }
  return out;
}

export interface PhasedCurve {
  /** Cumulative PV at each period end, for the whole set. */
  total: Float64Array;
  /** Cumulative PV per group: `byGroup[g * periods + k]`; present when groups were asked for. */
  byGroup: Float64Array | null;
  periods: number;
}

/**
 * Cumulative PV at each period end (`periodEnds`, ascending epoch minutes), in total and, when
 * `groupOf` is given, per group (activities with group −1 count in the total only).
 */
export function timePhase(
  sp: Spans,
  weights: Float64Array,
  periodEnds: Float64Array,
  profile: SpreadProfile = 'linear',
  groupOf?: Int32Array,
  groupCount = 0,
): PhasedCurve {
  const P = periodEnds.length;
  const n = weights.length;
  const total = new Float64Array(P);
  const fullDelta = new Float64Array(P + 1);
  const byGroup = groupOf ? new Float64Array(groupCount * P) : null;
  const groupDelta = groupOf ? new Float64Array(groupCount * (P + 1)) : null;
  const acc = sp.accrual;
  // Period ends in cumulative working minutes, once per calendar in use.
  const endCum = sp.calendarsInUse.map((cal) => {
    const a = new Float64Array(P);
    for (let k = 0; k < P; k++) a[k] = cumulativeWorkingMinutes(cal, periodEnds[k]);
    return a;
  });

  for (let i = 0; i < n; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const s = sp.start[i];
    if (Number.isNaN(s)) continue;
    const f = sp.finish[i];
    const g = groupOf ? groupOf[i] : -1;
    // First period whose end is after the start, and first whose end reaches the finish.
    const kS = upperBound(periodEnds, s);
    const kF = lowerBound(periodEnds, f);
    if (kF < P) {
      fullDelta[kF] += w;
      if (g >= 0 && groupDelta) groupDelta[g * (P + 1) + kF] += w;
    }
    if (kS < kF) {
      const ec = endCum[sp.calSlot[i]];
      const span = sp.finishCum[i] - sp.startCum[i];
      const last = Math.min(kF, P);
      // Inside the span: the share accrued at the start is all planned, the one accrued at the
      // finish none of it, and the rest follows the profile.
      const phiS = startShare(acc, i);
      const phiE = endShare(acc, i);
      const atStart = w * phiS;
      const spread = w * (1 - phiS - phiE);
      for (let k = kS; k < last; k++) {
        const t = periodEnds[k];
        const u = span > 0 ? (ec[k] - sp.startCum[i]) / span : (t - s) / (f - s);
        const v = atStart + spread * profileFraction(profile, u);
        total[k] += v;
        if (g >= 0 && byGroup) byGroup[g * P + k] += v;
      }
    }
  }
  let run = 0;
  for (let k = 0; k < P; k++) {
    run += fullDelta[k];
    total[k] += run;
  }
  if (byGroup && groupDelta) {
    for (let g = 0; g < groupCount; g++) {
      let r = 0;
      for (let k = 0; k < P; k++) {
        r += groupDelta[g * (P + 1) + k];
        byGroup[g * P + k] += r;
      }
    }
  }
  return { total, byGroup, periods: P };
}

/** First index k with a[k] >= x (a ascending); a.length when none. */
export function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index k with a[k] > x (a ascending); a.length when none. */
export function upperBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
