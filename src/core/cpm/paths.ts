/**
 * Driving paths: each node's driving link is the one whose candidate date set its early date in
 * the forward pass (CpmSchedule.driving). Following them back from any activity gives the chain
 * of activities that drives it, and from the project's last activity, the longest path.
 */
import { workingMinutesBetween } from '../calendar';
import type { CpmNetwork } from './compile';
import { linkDate } from './links';
import { LINK_FS, LINK_SS } from './network';
import type { ResolvedCpmOptions } from './options';
import type { CpmSchedule } from './result';

/**
 * The driving path into an activity: its id first, then its driving predecessor, and so on back
 * to an activity driven by the data date or a constraint. Throws a RangeError for an unknown id.
 */
export function drivingPath(r: CpmSchedule, activityId: string): string[] {
  const start = r.net.indexOf.get(activityId);
  if (start === undefined) throw new RangeError(`No activity "${activityId}" in this schedule`);
  const path: string[] = [];
  // Driving links always point to a lower node index, so the walk ends; the bound is a guard.
  for (let i = start, guard = 0; i >= 0 && guard <= r.net.n; guard++) {
    path.push(r.net.ids[i]);
    const d = r.driving[i];
    i = d >= 0 ? r.net.predIdx[d] : -1;
  }
  return path;
}

/**
 * Marks (critical[i] = 1) the longest path: every unfinished node that finishes last, and back from
 * each marked node every predecessor whose link drives it, i.e. asks for exactly its early date
 * (no working time between: P6's "relationship free float 0"). Ties are all followed, as P6's
 * driving-path flag shows them.
 */
export function markLongestPath(net: CpmNetwork, opt: ResolvedCpmOptions, es: Float64Array, ef: Float64Array, finish: number, critical: Uint8Array): void {
  const { n, predStart, predIdx, predType, calendars, cal, actStart, actFinish } = net;
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    if (ef[i] === finish && actFinish[i] !== actFinish[i]) {
      critical[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop() as number;
    const c = calendars[cal[i]];
    const started = actStart[i] === actStart[i];
    for (let e = predStart[i]; e < predStart[i + 1]; e++) {
      const p = predIdx[e];
      if (critical[p] === 1) continue;
      const v = linkDate(net, opt, es, ef, started, e);
      if (v === -Infinity) continue;
      const t = predType[e];
      const target = t === LINK_FS || t === LINK_SS ? es[i] : ef[i];
      if (workingMinutesBetween(c, v, target) <= 0) {
        critical[p] = 1;
        stack.push(p);
      }
    }
  }
}
