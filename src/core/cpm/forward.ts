/**
 * The forward pass: early start and finish of every node, one sweep in topological order, plus
 * the spans of level-of-effort and WBS-summary nodes (which never drive anything, so they are
 * fitted around the others afterwards).
 *
 * Rules (P6's, as its stored dates show them):
 * - A link gives a start candidate (FS: predecessor finish + lag, SS: predecessor start + lag) or a
 *   finish candidate (FF: finish + lag, SF: start + lag). Lags count on the link's calendar
 *   (CpmNetwork.lagCal); a zero lag adds nothing, not even a move to working time.
 * - Nothing unfinished starts before the data date (a data date inside working hours stays as
 *   it is: P6 stores 09:40 starts).
 * - Finished work keeps its actual dates, but in the logic it is what P6 makes of it: a node of
 *   zero remaining duration sitting at the data date itself, or later when (retained logic) an
 *   unfinished predecessor still holds it back. That position is the least a link out of it
 *   asks; a lag on such a link runs from the actual date. P6 8.1 stores these positions as the
 *   finished activity's early and late dates, and its successors' dates follow from both.
 * - In-progress work: its remaining duration runs from the data date, or (retained logic) from
 *   the latest of the data date and what its predecessors still ask (FS and FF links; SS and SF
 *   links from started predecessors are met); under progress override its predecessors are
 *   ignored, finished predecessors drive nothing. Its early start is the remaining early start,
 *   as P6 stores it (early_start_date = restart_date).
 * - SS lags from a started predecessor count from its remaining early start, or from its actual
 *   start when the option says so (P6 sched_lag_early_start_flag = N).
 * - A task starts at the next working minute of its calendar and finishes when its working
 *   minutes have elapsed (a finish at 17:00, never next morning). A finish candidate later than
 *   that pushes the finish, as computed (a negative lag can leave it at Monday 08:00, as in P6),
 *   and pulls the start along, keeping the duration.
 * - A finish milestone sits at the moment its predecessors finish (17:00, or 09:40 when that is
 *   when they finish); a start milestone at the next working minute.
 * - Constraints (primary and secondary) act on unstarted work only, as in P6.
 * - With expected finish dates (P6's option, on by default) remaining work runs from its start to
 *   its expected finish when it has one after that start, whatever its remaining duration says.
 * - With `progressFrom: 'actual-progress'` (MS Project) progressed work is not moved at all:
 *   finished work keeps its actual dates and remaining work resumes where the actuals stopped.
 *
 * drv[i] is the link (an index into the pred* arrays) that set node i's early date, or −1 when the
 * data date or a constraint did.
 */
import { addWorkingMinutes, isWorkingTime, nextWorkingTime, previousWorkingTimeEnd, workingMinutesBetween } from '../calendar';
import type { CpmNetwork } from './compile';
import { linkDate } from './links';
import type { ResolvedCpmOptions } from './options';

// Local copies of ./codes.ts and ./network.ts constants: an imported binding is a module-cell
// load V8 does not fold when modules are not bundled (vitest, tsx), which costs several
// nanoseconds per read in these loops (see calendar/arithmetic.ts). tests/unit/cpm checks them.
const CSTR_FINISH_ON = 4;
const CSTR_FINISH_ON_OR_AFTER = 6;
const CSTR_MANDATORY_FINISH = 8;
const CSTR_MANDATORY_START = 7;
const CSTR_START_ON = 1;
const CSTR_START_ON_OR_AFTER = 3;
const KIND_FINISH_MILESTONE = 2;
const KIND_LOE = 3;
const KIND_START_MILESTONE = 1;
const KIND_SUMMARY = 4;
const LINK_FF = 2;
const LINK_FS = 0;
const LINK_SS = 1;

export function forwardPass(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, drv: Int32Array): void {
  const { n, predStart, predType, calendars, cal, kind, actStart, actFinish, remMin, actMin, expFinish, cstrType, cstrDate, cstr2Type, cstr2Date } = net;
  const dd = opt.dataDate === opt.dataDate ? opt.dataDate : -Infinity;
  for (let i = 0; i < n; i++) {
    const k = kind[i];
    drv[i] = -1;
    if (k === KIND_SUMMARY) {
      es[i] = NaN;
      ef[i] = NaN;
      continue;
    }
    const as = actStart[i];
    const started = as === as;
    const done = actFinish[i] === actFinish[i];
    if (started && opt.actualProgress) {
      // MS Project: finished work stays where it happened; remaining work resumes where the
      // actual work stopped, whatever the predecessors (they cannot move work already begun).
      es[i] = as;
      if (done) ef[i] = actFinish[i];
      else {
        const c = calendars[cal[i]];
        const resume = actMin[i] > 0 ? addWorkingMinutes(c, as, actMin[i]) : as;
        ef[i] = addWorkingMinutes(c, resume, remMin[i]);
      }
      continue;
    }
    const c = calendars[cal[i]];
    let sC = -Infinity;
    let fC = -Infinity;
    let sL = -1;
    let fL = -1;
    if (!started || !opt.progressOverride) {
      for (let e = predStart[i]; e < predStart[i + 1]; e++) {
        const v = linkDate(net, opt, es, ef, started, e);
        if (v === -Infinity) continue;
        const t = predType[e];
        if (t === LINK_FS || t === LINK_SS) {
          if (v > sC) { sC = v; sL = e; }
        } else if (v > fC) { fC = v; fL = e; }
      }
    }
    if (done && !(sC > dd) && !(fC > dd)) {
      // Finished and not held back: it sits at the data date itself (not moved to working time).
      const t = dd === -Infinity ? actFinish[i] : dd;
      es[i] = t;
      ef[i] = t;
      continue;
    }
    // Start: the links, the data date, then start constraints (unstarted work only).
    let s = sC;
    let sDrv = sL;
    if (dd > s) { s = dd; sDrv = -1; }
    const ct = started ? 0 : cstrType[i];
    const cd = cstrDate[i];
    if ((ct === CSTR_START_ON || ct === CSTR_START_ON_OR_AFTER) && cd > s) { s = cd; sDrv = -1; }
    else if (ct === CSTR_MANDATORY_START && cd === cd) { s = cd > dd ? cd : dd; sDrv = -1; }
    // A secondary constraint (P6) limits the early dates the same way.
    const ct2 = started ? 0 : cstr2Type[i];
    const cd2 = cstr2Date[i];
    if ((ct2 === CSTR_START_ON || ct2 === CSTR_START_ON_OR_AFTER) && cd2 > s) { s = cd2; sDrv = -1; }

    if (k === KIND_FINISH_MILESTONE || k === KIND_START_MILESTONE) {
      let t = s;
      let d = sDrv;
      if (fC > t) { t = fC; d = fL; }
      if ((ct === CSTR_FINISH_ON || ct === CSTR_FINISH_ON_OR_AFTER) && cd > t) { t = cd; d = -1; }
      if ((ct2 === CSTR_FINISH_ON || ct2 === CSTR_FINISH_ON_OR_AFTER) && cd2 > t) { t = cd2; d = -1; }
      if (ct === CSTR_MANDATORY_FINISH && cd === cd) { t = cd > dd ? cd : dd; d = -1; }
      if (k === KIND_START_MILESTONE) t = nextWorkingTime(c, t);
      else if (!isWorkingTime(c, t) && !isWorkingTime(c, t - 1)) t = nextWorkingTime(c, t);
      es[i] = t;
      ef[i] = t;
      drv[i] = d;
      continue;
    }
    if (k === KIND_LOE) {
      if (done) {
        es[i] = as;
        ef[i] = actFinish[i];
        continue;
      }
      // Start from its predecessors; the finish is fitted to its successors in loeFinishes.
      es[i] = s === -Infinity ? s : nextWorkingTime(c, s);
      ef[i] = fC;
      drv[i] = sDrv;
      continue;
    }
    s = s === -Infinity ? s : nextWorkingTime(c, s);
    let dur = done ? 0 : remMin[i];
    // With expected finish dates, the remaining work runs from its start to the expected finish;
    // an expected finish that is already behind the start is ignored (P6 keeps the duration).
    const xf = expFinish[i];
    if (opt.useExpectedFinish && xf > s) dur = workingMinutesBetween(c, s, xf);
    let f = addWorkingMinutes(c, s, dur);
    let d = sDrv;
    let push = -Infinity;
    if (fC > f) { push = fC; d = fL; }
    if ((ct === CSTR_FINISH_ON || ct === CSTR_FINISH_ON_OR_AFTER) && cd > f && cd > push) { push = cd; d = -1; }
    if ((ct2 === CSTR_FINISH_ON || ct2 === CSTR_FINISH_ON_OR_AFTER) && cd2 > f && cd2 > push) { push = cd2; d = -1; }
    if (ct === CSTR_MANDATORY_FINISH && cd === cd) {
      f = previousWorkingTimeEnd(c, cd);
      s = addWorkingMinutes(c, f, -dur);
      if (s < dd) { s = nextWorkingTime(c, dd); f = addWorkingMinutes(c, s, dur); }
      d = -1;
    } else if (push > f) {
      // Kept as computed: a finish that a negative lag puts at 08:00 Monday stays there (P6 too).
      f = push;
      s = addWorkingMinutes(c, f, -dur);
    }
    es[i] = s;
    ef[i] = f;
    drv[i] = d;
  }
}

/**
 * Level-of-effort finishes: the latest of what its own finish-type predecessors (FF, SF) ask and
 * what its successors allow it to span (FS: up to the successor's start − lag, FF: up to its
 * finish − lag). With neither, its own duration from its start. Run after the forward pass.
 */
export function loeSpans(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array): void {
  const { n, kind, succStart, succIdx, succLink, predType, lagMin, lagCal, calendars, cal, remMin, actFinish } = net;
  const dd = opt.dataDate === opt.dataDate ? opt.dataDate : -Infinity;
  for (let i = n - 1; i >= 0; i--) {
    if (kind[i] !== KIND_LOE || actFinish[i] === actFinish[i]) continue;
    const c = calendars[cal[i]];
    let f = ef[i];
    let s = es[i];
    let sMin = Infinity;
    for (let q = succStart[i]; q < succStart[i + 1]; q++) {
      const sx = succIdx[q];
      const e = succLink[q];
      const t = predType[e];
      const lag = lagMin[e];
      const lc = calendars[lagCal[e]];
      if (t === LINK_FS || t === LINK_FF) {
        const base = t === LINK_FS ? es[sx] : ef[sx];
        const v = lag === 0 ? base : addWorkingMinutes(lc, base, -lag);
        if (v > f) f = v;
      } else {
        const base = t === LINK_SS ? es[sx] : ef[sx];
        const v = lag === 0 ? base : addWorkingMinutes(lc, base, -lag);
        if (v < sMin) sMin = v;
      }
    }
    if (s === -Infinity) s = sMin < Infinity ? sMin : nextWorkingTime(c, dd);
    if (f === -Infinity) f = addWorkingMinutes(c, s, remMin[i]);
    if (f < s) f = s;
    es[i] = s;
    ef[i] = f === f ? previousWorkingTimeEnd(c, f) : f;
  }
}

/** WBS summaries span the earliest start and latest finish of the activities under their WBS element. */
export function summarySpans(net: CpmNetwork, a: Float64Array, b: Float64Array): void {
  const { n, kind, summaryStart, summaryIdx } = net;
  for (let i = 0; i < n; i++) {
    if (kind[i] !== KIND_SUMMARY) continue;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = summaryStart[i]; k < summaryStart[i + 1]; k++) {
      const j = summaryIdx[k];
      if (a[j] < lo) lo = a[j];
      if (b[j] > hi) hi = b[j];
    }
    a[i] = lo === Infinity ? NaN : lo;
    b[i] = hi === -Infinity ? NaN : hi;
  }
}
