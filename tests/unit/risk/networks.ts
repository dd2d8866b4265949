/**
 * Test and bench helper: NetworkArrays built by hand (a minimal Kahn sort), so the Monte Carlo
 * kernel is tested without the CPM engine, which another part of issue 15 builds.
 */
import { LINK_FF, LINK_FS, LINK_SF, LINK_SS, type LinkCode, type NetworkArrays } from '../../../src/core/cpm/network';
import { rng, type Activity, type Schedule } from '../../../src/core/model';
import type { CorrelationGroup, DurationDistribution, EventHit, RiskEvent, RiskModel } from '../../../src/core/risk';

export interface LinkSpec {
  pred: string;
  succ: string;
  type?: 'FS' | 'SS' | 'FF' | 'SF';
  lag?: number;
}

const CODE: Record<string, LinkCode> = { FS: LINK_FS, SS: LINK_SS, FF: LINK_FF, SF: LINK_SF };

/** Topologically sorted CSR arrays; `node.get(id)` is the id's node index. */
export function buildNetwork(ids: readonly string[], links: readonly LinkSpec[]): NetworkArrays & { node: Map<string, number> } {
  const n = ids.length;
  const at = new Map(ids.map((id, i) => [id, i]));
  const indeg = new Int32Array(n);
  const out: number[][] = Array.from({ length: n }, () => []);
  links.forEach((l, k) => {
    const p = at.get(l.pred);
    const s = at.get(l.succ);
    if (p === undefined || s === undefined) throw new Error(`link ${l.pred}→${l.succ}: unknown activity`);
    out[p].push(k);
    indeg[s]++;
  });
  const order: number[] = [];
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue.push(i);
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q];
    order.push(i);
    for (const k of out[i]) {
      const s = at.get(links[k].succ) as number;
      if (--indeg[s] === 0) queue.push(s);
    }
  }
  if (order.length !== n) throw new Error('cycle');
  const node = new Map<string, number>();
  order.forEach((orig, i) => node.set(ids[orig], i));
  const byNode: number[][] = Array.from({ length: n }, () => []);
  links.forEach((l, k) => byNode[node.get(l.succ) as number].push(k));
  const m = links.length;
  const predStart = new Int32Array(n + 1);
  const predIdx = new Int32Array(m);
  const predType = new Uint8Array(m);
  const predLag = new Float64Array(m);
  let w = 0;
  for (let i = 0; i < n; i++) {
    predStart[i] = w;
    for (const k of byNode[i]) {
      predIdx[w] = node.get(links[k].pred) as number;
      predType[w] = CODE[links[k].type ?? 'FS'];
      predLag[w] = links[k].lag ?? 0;
      w++;
    }
  }
  predStart[n] = w;
  const succCount = new Int32Array(n + 1);
  for (let p = 0; p < m; p++) succCount[predIdx[p] + 1]++;
  const succStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) succStart[i + 1] = succStart[i] + succCount[i + 1];
  const fill = succStart.slice(0, n);
  const succIdx = new Int32Array(m);
  const succLink = new Int32Array(m);
  for (let i = 0; i < n; i++) {
    for (let p = predStart[i]; p < predStart[i + 1]; p++) {
      const j = predIdx[p];
      succIdx[fill[j]] = i;
      succLink[fill[j]] = p;
      fill[j]++;
    }
  }
  return { n, ids: order.map((o) => ids[o]), predStart, predIdx, predType, predLag, succStart, succIdx, succLink, node };
}

/** The network of a (synthetic) schedule's activities and relationships, lags in hours. */
export function networkOfSchedule(s: Schedule): NetworkArrays & { node: Map<string, number> } {
  return buildNetwork(
    s.activities.map((a) => a.id),
    s.relationships.map((r) => ({ pred: r.predecessorId, succ: r.successorId, type: r.type, lag: r.lagHours })),
  );
}

/**
 * A risk model on a synthetic schedule with PERFORMANCE_NOTES.md §5.1's uncertainty mix:
 * triangular (0.8d, d, 1.5d) 60 %, BetaPERT (0.85d, d, 1.6d) 30 %, uniform (0.9d, 1.3d) 10 %;
 * N/50 risk events with p ∈ [0.1, 0.5] and impact triangular (2, 5, 15) days on 1–5 activities;
 * 20 correlation groups of 10 activities with ρ ∈ [0.5, 0.8]; cost = 20 % fixed + 80 % per hour
 * of each activity's remaining cost, with a (0.95, 1, 1.15) factor; actual cost to date; three
 * milestones as targets.
 */
export function syntheticRiskModel(s: Schedule, seed = 7): RiskModel & { network: NetworkArrays & { node: Map<string, number> } } {
  const network = networkOfSchedule(s);
  const n = network.n;
  const rand = rng(seed);
  const byId = new Map(s.activities.map((a) => [a.id, a]));
  const acts = network.ids.map((id) => byId.get(id) as Activity);
  const duration = acts.map((a) => a.remainingDuration ?? 0);
  const distributions: (DurationDistribution | null)[] = duration.map((d) => {
    if (d <= 0) return null;
    const r = rand();
    if (r < 0.6) return { kind: 'triangular', min: 0.8 * d, mostLikely: d, max: 1.5 * d };
    if (r < 0.9) return { kind: 'pert', min: 0.85 * d, mostLikely: d, max: 1.6 * d };
    return { kind: 'uniform', min: 0.9 * d, max: 1.3 * d };
  });
  const working: number[] = [];
  for (let i = 0; i < n; i++) if (duration[i] > 0) working.push(i);
  const pick = () => working[Math.floor(rand() * working.length)];
  const events: RiskEvent[] = [];
  for (let e = 0; e < Math.max(1, Math.floor(n / 50)); e++) {
    const hits: EventHit[] = [];
    const k = 1 + Math.floor(rand() * 5);
    for (let h = 0; h < k && working.length; h++) hits.push({ node: pick(), schedule: { min: 16, mostLikely: 40, max: 120 }, cost: { min: 1000, mostLikely: 5000, max: 20000 } });
    events.push({ id: `R${e + 1}`, probability: 0.1 + 0.4 * rand(), hits });
  }
  const taken = new Set<number>();
  const correlations: CorrelationGroup[] = [];
  for (let g = 0; g < 20 && taken.size + 10 <= working.length; g++) {
    const nodes: number[] = [];
    while (nodes.length < 10) {
      const i = pick();
      if (taken.has(i)) continue;
      taken.add(i);
      nodes.push(i);
    }
    correlations.push({ name: `G${g + 1}`, nodes, rho: 0.5 + 0.3 * rand() });
  }
  const fixed = acts.map((a) => 0.2 * (a.remainingCost ?? 0));
  const ratePerHour = acts.map((a, i) => (duration[i] > 0 ? (0.8 * (a.remainingCost ?? 0)) / duration[i] : 0));
  const costToDate = acts.reduce((c, a) => c + (a.actualCost ?? 0), 0);
  const milestones: number[] = [];
  for (let i = 0; i < n; i++) if (duration[i] === 0 && (acts[i].remainingDuration ?? 0) === 0 && !acts[i].actualFinish) milestones.push(i);
  const targets = [0.25, 0.5, 0.75].map((f) => milestones[Math.floor(f * milestones.length)]).filter((t) => t !== undefined);
  return {
    network,
    duration,
    distributions,
    events,
    correlations,
    cost: { fixed, ratePerHour, uncertainty: acts.map(() => ({ min: 0.95, mostLikely: 1, max: 1.15 })), costToDate },
    targets: [...new Set(targets)],
  };
}
