/**
 * As-late-as-possible placement (P6 CS_ALAP, MS Project ALAP), after the backward pass.
 */
import { addWorkingMinutes, nextWorkingTime, previousWorkingTimeEnd } from '../calendar';
import type { CpmNetwork } from './compile';
import { limits } from './links';
import type { ResolvedCpmOptions } from './options';

// Local copies of ./codes.ts and ./network.ts constants (imported bindings are slow to read in
// these loops when modules are not bundled: see forward.ts). tests/unit/cpm checks them.
const CSTR_ALAP = 9;
const KIND_FINISH_MILESTONE = 2;
const KIND_LOE = 3;
const KIND_START_MILESTONE = 1;
const KIND_SUMMARY = 4;
const LINK_FF = 2;
const LINK_FS = 0;
const LINK_SS = 1;

/**
 * As-late-as-possible activities (unstarted, not LOE/summary) move their early dates as late as
 * their successors' early dates allow (to their late dates when they have none): they use up
 * their free float. Reverse topological order, so a successor that moved first makes room.
 */
export function placeAlap(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, lf: Float64Array): void {
  const { n, succStart, succIdx, succLink, predType, lagMin, lagCal, calendars, cal, kind, actStart, remMin, cstrType } = net;
  for (let i = n - 1; i >= 0; i--) {
    if (cstrType[i] !== CSTR_ALAP || actStart[i] === actStart[i]) continue;
    if (opt.useExpectedFinish && net.expFinish[i] === net.expFinish[i]) continue; // its finish is expected, not movable
    const k = kind[i];
    if (k === KIND_LOE || k === KIND_SUMMARY) continue;
    const c = calendars[cal[i]];
    // Not capped by the late finish: P6 moves an ALAP activity up to its successors even when
    // that leaves it with negative float.
    let f = Infinity;
    for (let q = succStart[i]; q < succStart[i + 1]; q++) {
      const s = succIdx[q];
      const e = succLink[q];
      if (!limits(net, opt, s, e)) continue;
      const t = predType[e];
      const lag = lagMin[e];
      const base = t === LINK_FS || t === LINK_SS ? es[s] : ef[s];
      let v = lag === 0 ? base : addWorkingMinutes(calendars[lagCal[e]], base, -lag);
      // A start-type link limits the finish by way of the start.
      if (t !== LINK_FS && t !== LINK_FF) v = addWorkingMinutes(c, v, remMin[i]);
      if (v < f) f = v;
    }
    if (f === Infinity) f = lf[i];
    if (!(f > ef[i])) continue;
    if (k === KIND_START_MILESTONE) {
      const t = nextWorkingTime(c, f);
      if (t > es[i]) { es[i] = t; ef[i] = t; }
    } else if (k === KIND_FINISH_MILESTONE) {
      const t = previousWorkingTimeEnd(c, f);
      if (t > ef[i]) { es[i] = t; ef[i] = t; }
    } else {
      const fin = previousWorkingTimeEnd(c, f);
      if (fin > ef[i]) {
        ef[i] = fin;
        es[i] = addWorkingMinutes(c, fin, -remMin[i]);
      }
    }
  }
}
