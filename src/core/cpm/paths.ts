/**
 * Driving paths: each node's driving link is the one whose candidate date set its early date in
 * the forward pass (CpmSchedule.driving). Following them back from any activity gives the chain
 * of activities that drives it, and from the project's last activity, the longest path.
 */
import type { CpmNetwork } from './compile';
import type { CpmSchedule } from './schedule';

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

/** Marks (critical[i] = 1) every node on a driving path into a node that finishes last. */
export function markLongestPath(net: CpmNetwork, ef: Float64Array, driving: Int32Array, finish: number, critical: Uint8Array): void {
  for (let end = 0; end < net.n; end++) {
    if (ef[end] !== finish) continue;
    for (let i = end; i >= 0 && critical[i] === 0; ) {
      critical[i] = 1;
      const d = driving[i];
      i = d >= 0 ? net.predIdx[d] : -1;
    }
  }
}
