/**
 * What one link asks, in each direction: the date a predecessor's link asks of its successor in
 * the forward pass (`linkDate`), and whether a link limits its predecessor's late dates in the
 * backward pass (`limits`). Both passes, the floats and the driving paths use them, so the rules
 * for progress, LOE and summaries live in one place.
 */
import { addWorkingMinutes } from '../calendar';
import type { CpmNetwork } from './compile';
import type { ResolvedCpmOptions } from './options';

// Local copies of ./codes.ts and ./network.ts constants (imported bindings are slow to read in
// these loops when modules are not bundled: see forward.ts). tests/unit/cpm checks them.
const KIND_LOE = 3;
const KIND_SUMMARY = 4;
const LINK_FF = 2;
const LINK_FS = 0;
const LINK_SF = 3;
const LINK_SS = 1;

/**
 * The date link e asks of its successor in the forward pass: a start (FS, SS) or a finish (FF,
 * SF), on the link's calendar; −Infinity when the link asks nothing (an LOE or summary
 * predecessor, a finished one under progress override, a start-type link from a started
 * predecessor into started work). The forward pass takes the latest; paths.ts finds every link
 * that meets it (the driving ones).
 */
export function linkDate(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, started: boolean, e: number): number {
  const { predIdx, predType, lagMin, lagCal, calendars, kind, actStart, actFinish } = net;
  const p = predIdx[e];
  const pk = kind[p];
  if (pk === KIND_LOE || pk === KIND_SUMMARY) return -Infinity; // they span, they do not drive
  // Under progress override, finished work has met every link out of it.
  if (opt.progressOverride && actFinish[p] === actFinish[p]) return -Infinity;
  const t = predType[e];
  // Retained logic: a started activity has met its start-type links from started predecessors.
  if (started && (t === LINK_SS || t === LINK_SF) && actStart[p] === actStart[p]) return -Infinity;
  const base = t === LINK_FS || t === LINK_FF ? ef[p] : opt.ssLagFromActualStart && actStart[p] === actStart[p] ? actStart[p] : es[p];
  const lag = lagMin[e];
  if (actFinish[p] === actFinish[p]) {
    // Finished predecessor: the lag runs from its actual date, but the link never asks for
    // less than its logic position (the data date, or later if retained logic held it back).
    const actual = t === LINK_FS || t === LINK_FF ? actFinish[p] : actStart[p];
    const v = lag === 0 ? actual : addWorkingMinutes(calendars[lagCal[e]], actual, lag);
    return base > v ? base : v;
  }
  return lag === 0 ? base : addWorkingMinutes(calendars[lagCal[e]], base, lag);
}

/**
 * True when the link e into successor s limits its predecessor's late dates. LOE and summary
 * successors limit nothing. Under retained logic every other successor does, a finished one from
 * its zero-duration logic position (forward.ts). Under progress override a finished successor
 * limits nothing, and a started one only through finish-type links (FF, SF): its start is behind
 * it, its finish is not. P6's stored late dates show exactly this.
 */
export function limits(net: CpmNetwork, opt: ResolvedCpmOptions, s: number, e: number): boolean {
  const k = net.kind[s];
  if (k === KIND_LOE || k === KIND_SUMMARY) return false;
  if ((opt.progressOverride || opt.actualProgress) && net.actFinish[s] === net.actFinish[s]) return false;
  if (!opt.progressOverride || net.actStart[s] !== net.actStart[s]) return true;
  const t = net.predType[e];
  return t === LINK_FF || t === LINK_SF;
}
