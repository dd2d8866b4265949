/**
 * Total and free float, in working hours on each activity's calendar, as P6 reports them.
 *
 * Total float: finish float = late − early finish (P6's default), start float = late − early
 * start, or the smaller. Free float: the least slack of any successor link (how far this
 * activity's date can move before a successor's early date moves, never below 0), or up to the
 * project end without successors; none for work with an expected finish (P6).
 */
import { addWorkingMinutes, workingMinutesBetween } from '../calendar';
import type { CpmNetwork } from './compile';
import { limits } from './links';
import type { ResolvedCpmOptions } from './options';

// Local copies of ./codes.ts and ./network.ts constants (imported bindings are slow to read in
// these loops when modules are not bundled: see forward.ts). tests/unit/cpm checks them.
const KIND_SUMMARY = 4;
const LINK_FF = 2;
const LINK_FS = 0;
const LINK_SS = 1;

/** Total float in working hours on each activity's calendar (NaN for finished work). */
export function totalFloats(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, ls: Float64Array, lf: Float64Array, tf: Float64Array): void {
  const { n, calendars, cal, kind, actFinish, projectCal } = net;
  for (let i = 0; i < n; i++) {
    if (actFinish[i] === actFinish[i] || es[i] !== es[i]) {
      tf[i] = NaN;
      continue;
    }
    const c = calendars[kind[i] === KIND_SUMMARY ? projectCal : cal[i]];
    const fin = workingMinutesBetween(c, ef[i], lf[i]);
    const sta = workingMinutesBetween(c, es[i], ls[i]);
    tf[i] = (opt.floatType === 0 ? fin : opt.floatType === 1 ? sta : fin < sta ? fin : sta) / 60;
  }
}

/** Free float in working hours on each activity's calendar (NaN for finished work). */
export function freeFloats(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, openEnd: number, ff: Float64Array): void {
  const { n, succStart, succIdx, succLink, predType, lagMin, lagCal, calendars, cal, kind, actStart, actFinish, projectCal } = net;
  const fromActual = opt.ssLagFromActualStart;
  for (let i = 0; i < n; i++) {
    if (actFinish[i] === actFinish[i] || es[i] !== es[i]) {
      ff[i] = NaN;
      continue;
    }
    // P6 gives work with an expected finish no free float: its finish is set, not floating.
    if (opt.useExpectedFinish && net.expFinish[i] === net.expFinish[i]) {
      ff[i] = 0;
      continue;
    }
    const c = calendars[kind[i] === KIND_SUMMARY ? projectCal : cal[i]];
    let free = Infinity;
    let linked = false;
    for (let q = succStart[i]; q < succStart[i + 1]; q++) {
      const s = succIdx[q];
      const e = succLink[q];
      if (!limits(net, opt, s, e)) continue;
      linked = true;
      const t = predType[e];
      let base = t === LINK_FS || t === LINK_FF ? ef[i] : es[i];
      if (t !== LINK_FS && t !== LINK_FF && fromActual && actStart[i] === actStart[i]) base = actStart[i];
      // The lag comes off the successor's date (on the link's calendar), and the slack is counted
      // on this activity's calendar from its own date: a lag over the lag calendar's holidays then
      // gives the slack P6 stores.
      const lag = lagMin[e];
      const target = t === LINK_FS || t === LINK_SS ? es[s] : ef[s];
      const limit = lag === 0 ? target : addWorkingMinutes(calendars[lagCal[e]], target, -lag);
      const slack = workingMinutesBetween(c, base, limit);
      if (slack < free) free = slack;
    }
    if (!linked) free = workingMinutesBetween(c, ef[i], openEnd);
    // Never negative: a successor held early by a constraint or the data date leaves no free
    // float, not a debt (P6 stores 0; negative float shows in total float).
    ff[i] = free > 0 ? free / 60 : 0;
  }
}
