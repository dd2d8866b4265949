/**
 * The backward pass: late dates, one sweep back through the topological order, and the late
 * starts of level-of-effort activities (floats are in ./floats.ts, ALAP placement in ./alap.ts).
 *
 * Late dates mirror the forward pass: FS and SS links to a successor limit this node's finish or
 * start to the successor's late start − lag, FF and SF to its late finish − lag, with the lag on
 * the link's calendar. Every finish is also bounded by the project end: the must-finish-by date
 * when there is one, else the latest early finish of unfinished work (P6's rule), so open ends
 * (no successor, or only start-type ones) finish there. Which successors limit is `limits`
 * (./links.ts: LOE and summaries never; finished work under retained logic only).
 * A late finish goes back to the end of the previous working time (Friday 17:00, not Monday
 * 08:00); a late start limited by a start-type link stays as computed when it is a working minute.
 */
import { addWorkingMinutes, isWorkingTime, nextWorkingTime, previousWorkingTimeEnd, workingMinutesBetween } from '../calendar';
import type { CpmNetwork } from './compile';
import { limits } from './links';
import type { ResolvedCpmOptions } from './options';

// Local copies of ./codes.ts and ./network.ts constants: an imported binding is a module-cell
// load V8 does not fold when modules are not bundled (vitest, tsx), which costs several
// nanoseconds per read in these loops (see calendar/arithmetic.ts). tests/unit/cpm checks them.
const CSTR_FINISH_ON = 4;
const CSTR_FINISH_ON_OR_BEFORE = 5;
const CSTR_MANDATORY_FINISH = 8;
const CSTR_MANDATORY_START = 7;
const CSTR_START_ON = 1;
const CSTR_START_ON_OR_BEFORE = 2;
const KIND_FINISH_MILESTONE = 2;
const KIND_LOE = 3;
const KIND_START_MILESTONE = 1;
const KIND_SUMMARY = 4;
const LINK_FF = 2;
const LINK_FS = 0;
const LINK_SS = 1;

/**
 * The project's early finish: the latest early finish of unfinished work (finished work's logic
 * position can sit later, pushed by an unfinished predecessor, but finishes nothing), or of all
 * work when everything is finished; −Infinity for an empty network.
 */
export function projectFinish(net: CpmNetwork, ef: Float64Array): number {
  let end = -Infinity;
  let done = -Infinity;
  for (let i = 0; i < net.n; i++) {
    if (net.actFinish[i] === net.actFinish[i]) {
      if (net.actFinish[i] > done) done = net.actFinish[i];
    } else if (ef[i] > end) end = ef[i];
  }
  return end === -Infinity ? done : end;
}

export function backwardPass(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, ls: Float64Array, lf: Float64Array, openEnd: number): void {
  const { n, succStart, succIdx, succLink, predType, lagMin, lagCal, calendars, cal, kind, actStart, actFinish, remMin, expFinish, cstrType, cstrDate, cstr2Type, cstr2Date } = net;
  const fromActual = opt.ssLagFromActualStart;
  for (let i = n - 1; i >= 0; i--) {
    const k = kind[i];
    if (k === KIND_SUMMARY) continue;
    if ((k === KIND_LOE || opt.actualProgress) && actFinish[i] === actFinish[i]) {
      ls[i] = es[i];
      lf[i] = ef[i];
      continue;
    }
    const c = calendars[cal[i]];
    let fC = Infinity;
    let sC = Infinity;
    let linked = false;
    for (let q = succStart[i]; q < succStart[i + 1]; q++) {
      const s = succIdx[q];
      const e = succLink[q];
      if (!limits(net, opt, s, e)) continue;
      linked = true;
      const t = predType[e];
      const base = t === LINK_FS || t === LINK_SS ? ls[s] : lf[s];
      const lag = lagMin[e];
      let v = lag === 0 ? base : addWorkingMinutes(calendars[lagCal[e]], base, -lag);
      if (t === LINK_FS || t === LINK_FF) {
        if (v < fC) fC = v;
      } else {
        // The lag counts from the actual start, so the link limits the actual start: its float
        // (actual start → v) moves the remaining early start instead, as P6 stores it.
        if (fromActual && actStart[i] === actStart[i]) v = addWorkingMinutes(c, es[i], workingMinutesBetween(c, actStart[i], v));
        if (v < sC) sC = v;
      }
    }
    // The project end bounds every finish: an activity with only start-type successors is
    // open-ended at its finish, as P6 treats it.
    if (!linked || openEnd < fC) fC = openEnd;
    const started = actStart[i] === actStart[i];
    const ct = started ? 0 : cstrType[i];
    const cd = cstrDate[i];
    if ((ct === CSTR_FINISH_ON || ct === CSTR_FINISH_ON_OR_BEFORE) && cd < fC) fC = cd;
    else if ((ct === CSTR_START_ON || ct === CSTR_START_ON_OR_BEFORE) && cd < sC) sC = cd;
    else if (ct === CSTR_MANDATORY_FINISH && cd === cd) { fC = cd; sC = Infinity; }
    else if (ct === CSTR_MANDATORY_START && cd === cd) { sC = cd; fC = Infinity; }
    // A secondary constraint (P6) limits the late dates the same way.
    const ct2 = started ? 0 : cstr2Type[i];
    const cd2 = cstr2Date[i];
    if ((ct2 === CSTR_FINISH_ON || ct2 === CSTR_FINISH_ON_OR_BEFORE) && cd2 < fC) fC = cd2;
    else if ((ct2 === CSTR_START_ON || ct2 === CSTR_START_ON_OR_BEFORE) && cd2 < sC) sC = cd2;

    if (actFinish[i] === actFinish[i]) {
      // Finished work: a zero-duration logic node whose late date is what limits it, as computed
      // (P6 stores Monday 08:00, or the project end on any calendar).
      const t = fC < sC ? fC : sC;
      ls[i] = t;
      lf[i] = t;
      continue;
    }
    if (k === KIND_FINISH_MILESTONE || k === KIND_START_MILESTONE) {
      // A finish milestone sits at the end of the working time before what limits it (Friday
      // 17:00 before a Monday 08:00 successor). A start milestone stays at a working minute, but
      // one limited by a non-working moment (a Sunday start on a 7-day successor) goes back to
      // the end of the previous working time, as P6 stores it.
      const t = fC < sC ? fC : sC;
      const v = k === KIND_START_MILESTONE && isWorkingTime(c, t) ? t : previousWorkingTimeEnd(c, t);
      ls[i] = v;
      lf[i] = v;
      continue;
    }
    // A level of effort keeps its span; so does started work under MS Project's rule, whose late
    // start is its late finish less its whole span (actual and remaining).
    // Work with an expected finish keeps the remaining duration the forward pass gave it.
    const span = k === KIND_LOE || (opt.actualProgress && actStart[i] === actStart[i]) || (opt.useExpectedFinish && expFinish[i] === expFinish[i]);
    const dur = span ? workingMinutesBetween(c, es[i], ef[i]) : actFinish[i] === actFinish[i] ? 0 : remMin[i];
    let f = fC === Infinity ? Infinity : previousWorkingTimeEnd(c, fC);
    let s = f === Infinity ? Infinity : addWorkingMinutes(c, f, -dur);
    if (sC < s) {
      // Kept as computed when it is a working minute or the end of one (a start limited to Friday
      // 17:00 stays there, as P6 stores it); a non-working moment (a Saturday start of a 7-day
      // successor) goes back to the end of the previous working time. The finish follows.
      s = isWorkingTime(c, sC) ? sC : previousWorkingTimeEnd(c, sC);
      f = addWorkingMinutes(c, s, dur);
    }
    ls[i] = s;
    lf[i] = f;
  }
}

/**
 * Level-of-effort late starts mirror their early starts: the latest of what their start-type
 * predecessors allow at those predecessors' late dates (SS: late start + lag, FS: late finish +
 * lag), as P6 stores them. Run after the backward pass (predecessors come earlier in the order).
 */
export function loeLateStarts(net: CpmNetwork, ls: Float64Array, lf: Float64Array): void {
  const { n, kind, predStart, predIdx, predType, lagMin, lagCal, calendars, cal, actFinish } = net;
  for (let i = 0; i < n; i++) {
    if (kind[i] !== KIND_LOE || actFinish[i] === actFinish[i]) continue;
    let s = -Infinity;
    for (let e = predStart[i]; e < predStart[i + 1]; e++) {
      const t = predType[e];
      if (t !== LINK_FS && t !== LINK_SS) continue;
      const p = predIdx[e];
      const base = t === LINK_FS ? lf[p] : ls[p];
      const lag = lagMin[e];
      const v = lag === 0 ? base : addWorkingMinutes(calendars[lagCal[e]], base, lag);
      if (v > s) s = v;
    }
    if (s === -Infinity || s !== s) continue;
    const v = nextWorkingTime(calendars[cal[i]], s);
    ls[i] = v < lf[i] ? v : lf[i];
  }
}
