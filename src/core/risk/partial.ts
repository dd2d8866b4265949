/**
 * What one run over a range of iterations leaves behind, and how ranges combine.
 *
 * A partial holds (1) one value per iteration for the project finish, each target and the cost,
 * in iteration order within its ranges, and (2) per-node accumulators that are sums over
 * iterations. The sums are of integers (./prepare.ts quantization), carried as hi + lo doubles,
 * so adding partials in any grouping gives bit-identical totals: results depend on the seed and
 * the set of iterations only, never on how a pool split them. Everything is a typed array, so a
 * worker can transfer a partial without copying.
 */
export interface RiskPartial {
  seed: number;
  /** Nodes, events and targets of the model it was run on (checked on merge). */
  n: number;
  events: number;
  targets: number;
  /** Disjoint iteration ranges, sorted: [from0, to0, from1, to1, …]. */
  ranges: number[];
  /** Simulated project finish per iteration (working hours from the data date). */
  finish: Float64Array;
  /** Simulated cost per iteration; empty when the model has no cost. */
  cost: Float64Array;
  /** Per target (model order): its simulated finish per iteration. */
  targetFinish: Float64Array[];
  /** Per node: iterations in which it was critical (total float 0). */
  critical: Float64Array;
  /** Per node, exact integer sums of a = quantized (d − det), a², and a·t with t = quantized (T − detFinish), each as hi + lo. */
  sumA: Float64Array;
  sumA2: Float64Array;
  sumAT: Float64Array;
  /**
   * Per target (model order), per node: iterations in which the node was critical to that
   * milestone (zero float on the milestone's own backward pass), and Σ a·t with t = the
   * milestone's quantized (finish − deterministic finish), hi + lo like `sumAT`. Σa and Σa² are
   * the node's own and shared with the project.
   */
  targetCritical: Float64Array[];
  targetSumAT: Float64Array[];
  /** Per event: occurrences, and Σ t over the iterations where it occurred. */
  eventCount: Float64Array;
  eventSumT: Float64Array;
}

/** Number of iterations a partial covers. */
export function iterationsOf(p: Pick<RiskPartial, 'ranges'>): number {
  let c = 0;
  for (let r = 0; r < p.ranges.length; r += 2) c += p.ranges[r + 1] - p.ranges[r];
  return c;
}

const TWO_32 = 4294967296;
const ROUNDER = 6755399441055744;

/** x rounded to the nearest integer, ties to even (the 1.5·2^52 trick; exact for |x| < 2^51). */
export function roundInt(x: number): number {
  return x + ROUNDER - ROUNDER;
}

/** Moves whole multiples of 2^32 from lo (index n + i) into hi (index i): both stay exact. */
export function carry(acc: Float64Array, i: number, n: number): void {
  const lo = acc[n + i];
  const c = Math.floor(lo / TWO_32) * TWO_32;
  acc[i] += c;
  acc[n + i] = lo - c;
}

/** The exact sum an accumulator holds, rounded once. */
export function total(acc: Float64Array, i: number, n: number): number {
  return acc[i] + acc[n + i];
}

/**
 * Combines partials of the same model and seed whose ranges do not overlap (in any order, e.g.
 * as workers report). The result is the same partial a single run over the union would give.
 */
export function mergePartials(parts: readonly RiskPartial[]): RiskPartial {
  if (parts.length === 0) throw new Error('mergePartials needs at least one partial.');
  const first = parts[0];
  for (const p of parts) {
    if (p.seed !== first.seed || p.n !== first.n || p.events !== first.events || p.targets !== first.targets) {
      throw new Error('mergePartials: the partials come from different models or seeds; run every range with the same prepared model and seed.');
    }
  }
  // Segments in iteration order, each pointing at its partial and offset there.
  const segs: { from: number; to: number; part: RiskPartial; at: number }[] = [];
  for (const p of parts) {
    let at = 0;
    for (let r = 0; r < p.ranges.length; r += 2) {
      segs.push({ from: p.ranges[r], to: p.ranges[r + 1], part: p, at });
      at += p.ranges[r + 1] - p.ranges[r];
    }
  }
  segs.sort((a, b) => a.from - b.from);
  const ranges: number[] = [];
  for (let s = 0; s < segs.length; s++) {
    if (s > 0 && segs[s].from < segs[s - 1].to) throw new Error(`mergePartials: iterations ${segs[s].from}–${segs[s - 1].to - 1} were run twice; give each range once.`);
    if (segs[s].from === segs[s].to) continue;
    if (ranges.length && ranges[ranges.length - 1] === segs[s].from) ranges[ranges.length - 1] = segs[s].to;
    else ranges.push(segs[s].from, segs[s].to);
  }
  const count = segs.reduce((c, s) => c + s.to - s.from, 0);
  const hasCost = parts.some((p) => p.cost.length > 0);
  for (const p of parts) {
    if (hasCost && p.cost.length !== iterationsOf(p)) throw new Error('mergePartials: some partials carry cost and some do not; run every range with the same prepared model.');
  }
  const finish = new Float64Array(count);
  const cost = new Float64Array(hasCost ? count : 0);
  const targetFinish = Array.from({ length: first.targets }, () => new Float64Array(count));
  let w = 0;
  for (const s of segs) {
    const len = s.to - s.from;
    finish.set(s.part.finish.subarray(s.at, s.at + len), w);
    if (hasCost) cost.set(s.part.cost.subarray(s.at, s.at + len), w);
    for (let t = 0; t < first.targets; t++) targetFinish[t].set(s.part.targetFinish[t].subarray(s.at, s.at + len), w);
    w += len;
  }
  const n = first.n;
  const critical = new Float64Array(n);
  const sumA = new Float64Array(2 * n);
  const sumA2 = new Float64Array(2 * n);
  const sumAT = new Float64Array(2 * n);
  const eventCount = new Float64Array(first.events);
  const eventSumT = new Float64Array(first.events);
  const targetCritical = Array.from({ length: first.targets }, () => new Float64Array(n));
  const targetSumAT = Array.from({ length: first.targets }, () => new Float64Array(2 * n));
  for (const p of parts) {
    for (let i = 0; i < n; i++) critical[i] += p.critical[i];
    for (let t = 0; t < first.targets; t++) for (let i = 0; i < n; i++) targetCritical[t][i] += p.targetCritical[t][i];
    const sums: [Float64Array, Float64Array][] = [
      [sumA, p.sumA],
      [sumA2, p.sumA2],
      [sumAT, p.sumAT],
    ];
    for (let t = 0; t < first.targets; t++) sums.push([targetSumAT[t], p.targetSumAT[t]]);
    for (const [acc, src] of sums) {
      for (let i = 0; i < n; i++) {
        acc[i] += src[i];
        acc[n + i] += src[n + i];
        carry(acc, i, n);
      }
    }
    for (let e = 0; e < first.events; e++) {
      eventCount[e] += p.eventCount[e];
      eventSumT[e] += p.eventSumT[e];
    }
  }
  return { seed: first.seed, n, events: first.events, targets: first.targets, ranges, finish, cost, targetFinish, critical, sumA, sumA2, sumAT, targetCritical, targetSumAT, eventCount, eventSumT };
}

/** The buffers of a partial, for `postMessage(partial, transferablesOf(partial))` from a worker. */
export function transferablesOf(p: RiskPartial): ArrayBuffer[] {
  const arrays = [p.finish, p.cost, ...p.targetFinish, p.critical, p.sumA, p.sumA2, p.sumAT, ...p.targetCritical, ...p.targetSumAT, p.eventCount, p.eventSumT];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}
