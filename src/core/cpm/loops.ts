/**
 * Logic loops: the message that names one, so a planner can find and break it in P6 or MS Project.
 */
import type { Activity } from '../model/schedule';

/** An activity as messages show it: code and name. */
export const activityLabel = (a: Activity): string => (a.name ? `${a.code} ${a.name}` : a.code);

/**
 * One loop among the activities Kahn's algorithm could not place (indeg > 0), as "A → B → A",
 * predecessor first, with what to do about it. relPred/relSucc are the links as activity indexes.
 */
export function loopMessage(acts: readonly Activity[], indeg: Int32Array, relPred: number[], relSucc: number[]): string {
  // Walk predecessors inside the unplaced set until a node repeats: that stretch is a loop.
  const preds = new Map<number, number>();
  for (let k = 0; k < relPred.length; k++) if (indeg[relSucc[k]] > 0 && indeg[relPred[k]] > 0 && !preds.has(relSucc[k])) preds.set(relSucc[k], relPred[k]);
  let v = -1;
  for (let i = 0; i < indeg.length; i++) if (indeg[i] > 0) { v = i; break; }
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  while (!seenAt.has(v)) {
    seenAt.set(v, path.length);
    path.push(v);
    v = preds.get(v) as number;
  }
  const loop = path.slice(seenAt.get(v)).reverse(); // predecessor first
  const size = loop.length;
  loop.push(loop[0]);
  // A long loop is shown by its first ten links and its last, so the message stays readable.
  const shown = size <= 12 ? loop.map((i) => activityLabel(acts[i])).join(' → ') : `${loop.slice(0, 10).map((i) => activityLabel(acts[i])).join(' → ')} → … (${size - 11} more) → ${loop.slice(-2).map((i) => activityLabel(acts[i])).join(' → ')}`;
  const stuck = [...indeg].filter((d) => d > 0).length;
  return `Logic loop: ${shown}. Break one of these links in the source schedule (P6, MS Project) and import again.${
    stuck > size ? ` ${stuck} activities in all lie on or after loops.` : ''
  }`;
}

