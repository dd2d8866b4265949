/**
 * From a (merged) partial to what the Risk tab, the CLI and a risk snapshot show. Deterministic:
 * the same prepared model, seed and set of iterations give the same numbers, bit for bit.
 *
 * Metric definitions (PERFORMANCE_NOTES.md §1.2), over the N iterations, T = project finish:
 *  - criticality index CI_i = share of iterations with total float ≤ 1e-6 h;
 *  - duration sensitivity = Pearson correlation of d_i (after risk-event impacts) with T, signed;
 *    |it| is the cruciality CRI(r);
 *  - Spearman cruciality = rank correlation of the activity's own duration draw with T, signed
 *    (./sensitivity.ts, u-rank method);
 *  - SSI_i = CI_i · σ(d_i) / σ(T).
 * Correlations are NaN where undefined: an activity that never varies, or a finish that never does.
 */
import { iterationsOf, roundInt, total, type RiskPartial } from './partial';
import type { PreparedRisk } from './prepare';
import { spearmanCruciality } from './sensitivity';
import { summarize, type DistributionSummary } from './stats';

export interface FinishOptions {
  /** Histogram bins (default 40). */
  bins?: number;
  /** Most points in the date × cost scatter (default 2,000). */
  scatterPoints?: number;
  /** Drivers in the tornado (default 20). */
  tornadoSize?: number;
  /** Rank drivers by |Spearman| (default) or |Pearson|. */
  tornadoBy?: 'spearman' | 'pearson';
  /** Run the Spearman pass (default true; about 1 ns per varying activity and iteration). */
  spearman?: boolean;
}

export interface ActivityRisk {
  /** Criticality index, 0..1. */
  criticality: Float64Array;
  meanDuration: Float64Array;
  sdDuration: Float64Array;
  /** Pearson r(d_i, T), signed. */
  sensitivity: Float64Array;
  /** Spearman ρ(d_i, T), signed (NaN when not run or the activity has no distribution). */
  cruciality: Float64Array;
  /** Schedule sensitivity index, 0..1. */
  ssi: Float64Array;
}

export interface TornadoEntry {
  node: number;
  id: string;
  criticality: number;
  sensitivity: number;
  cruciality: number;
  ssi: number;
}

export interface EventRisk {
  id: string;
  probability: number;
  /** Share of iterations in which it occurred. */
  occurred: number;
  /** Mean finish when it occurred minus mean finish when it did not, hours (NaN if it always or never occurred). */
  finishDelta: number;
}

/** One activity's indices against a milestone's finish. */
export interface TargetDriver {
  node: number;
  id: string;
  /** Spearman ρ against the milestone's finish (NaN when the Spearman pass was not run). */
  cruciality: number;
  /** Pearson r against the milestone's finish. */
  sensitivity: number;
  /** Share of iterations in which the activity was critical to the milestone. */
  criticality: number;
}

export interface TargetRisk extends DistributionSummary {
  node: number;
  id: string;
  /**
   * Per node, against the milestone's own finish: criticality (zero float on the milestone's own
   * backward pass), Pearson sensitivity, Spearman cruciality and SSI. Nodes that cannot reach the
   * milestone have criticality 0 and NaN correlations: they cannot move it, and a correlation
   * computed for them would be sampling noise.
   */
  activities: Pick<ActivityRisk, 'criticality' | 'sensitivity' | 'cruciality' | 'ssi'>;
  /**
   * The milestone's own drivers: the activities whose durations move its finish most (|Spearman ρ|
   * largest first, |Pearson r| when the Spearman pass was not run).
   */
  drivers: TargetDriver[];
}

export interface JointRisk {
  /** A deterministic sample of iterations (every k-th), finish and cost side by side. */
  finish: Float64Array;
  cost: Float64Array;
  /** Share of iterations finishing by the deterministic finish and within the deterministic cost. */
  deterministicConfidence: number;
  /** Share finishing by the P80 finish and within the P80 cost (below 0.8 unless the two move together). */
  p80Confidence: number;
}

export interface RiskResults {
  seed: number;
  iterations: number;
  /** Iteration ranges behind these figures, [from, to) pairs (all of [0, N) once a run completes). */
  ranges: number[];
  finish: DistributionSummary;
  cost: DistributionSummary | null;
  joint: JointRisk | null;
  targets: TargetRisk[];
  activities: ActivityRisk;
  tornado: TornadoEntry[];
  events: EventRisk[];
}

export function finishResults(prep: PreparedRisk, part: RiskPartial, opts: FinishOptions = {}): RiskResults {
  if (part.n !== prep.n || part.events !== prep.eventProb.length || part.targets !== prep.targets.length) {
    throw new Error('finishResults: the partial was run on a different model.');
  }
  const N = iterationsOf(part);
  const n = prep.n;
  const bins = opts.bins ?? 40;
  const finish = summarize(part.finish, prep.detFinish, bins);
  const cost = prep.hasCost ? summarize(part.cost, prep.detCost, bins) : null;
  const ids = prep.net.ids;
  const targetSummaries = Array.from(prep.targets, (node, t) => ({ node, id: ids[node], ...summarize(part.targetFinish[t], prep.detTargets[t], bins) }));

  // Joint confidence and the scatter sample.
  let joint: JointRisk | null = null;
  if (cost && N > 0) {
    const step = Math.max(1, Math.ceil(N / (opts.scatterPoints ?? 2000)));
    const m = Math.ceil(N / step);
    const sf = new Float64Array(m);
    const sc = new Float64Array(m);
    for (let j = 0; j < m; j++) {
      sf[j] = part.finish[j * step];
      sc[j] = part.cost[j * step];
    }
    const tDet = prep.detFinish * (1 + 1e-9) + 1e-9;
    const cDet = prep.detCost + 1e-9 * Math.max(1, Math.abs(prep.detCost));
    let both = 0;
    let both80 = 0;
    for (let k = 0; k < N; k++) {
      if (part.finish[k] <= tDet && part.cost[k] <= cDet) both++;
      if (part.finish[k] <= finish.p80 && part.cost[k] <= cost.p80) both80++;
    }
    joint = { finish: sf, cost: sc, deterministicConfidence: both / N, p80Confidence: both80 / N };
  }

  // Per-activity indices from the exact sums. Each activity's quantized mean and variance serve the
  // project's figures and every milestone's.
  const { sum: st, mean: tMean, variance: tVar } = quantizedMoments(part.finish, prep.detFinish, prep.qTInv);
  const aMean = new Float64Array(n);
  const aVar = new Float64Array(n);
  const criticality = new Float64Array(n);
  const meanDuration = new Float64Array(n);
  const sdDuration = new Float64Array(n);
  const sensitivity = new Float64Array(n).fill(NaN);
  const ssi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    criticality[i] = N ? part.critical[i] / N : NaN;
    const q = prep.q[i];
    aMean[i] = total(part.sumA, i, n) / N;
    aVar[i] = Math.max(0, total(part.sumA2, i, n) / N - aMean[i] * aMean[i]);
    meanDuration[i] = prep.det[i] + q * aMean[i];
    sdDuration[i] = q * Math.sqrt(aVar[i]);
    if (aVar[i] > 0 && tVar > 0) sensitivity[i] = (total(part.sumAT, i, n) / N - aMean[i] * tMean) / Math.sqrt(aVar[i] * tVar);
    ssi[i] = finish.sd > 0 ? (criticality[i] * sdDuration[i]) / finish.sd : 0;
  }

  let cruciality: Float64Array;
  let its: Int32Array | null = null;
  if (opts.spearman === false || N < 2) cruciality = new Float64Array(n).fill(NaN);
  else {
    its = new Int32Array(N);
    let w = 0;
    for (let r = 0; r < part.ranges.length; r += 2) for (let k = part.ranges[r]; k < part.ranges[r + 1]; k++) its[w++] = k;
    cruciality = spearmanCruciality(prep, part.seed, its, part.finish);
  }

  // Each milestone: the same indices against its own finish.
  const tornadoSize = opts.tornadoSize ?? 20;
  const targets: TargetRisk[] = targetSummaries.map((summary, t) => {
    const tf = part.targetFinish[t];
    const { mean: mMean, variance: mVar } = quantizedMoments(tf, prep.detTargets[t], prep.qTInv);
    const crit = new Float64Array(n);
    const sens = new Float64Array(n).fill(NaN);
    const tssi = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      crit[i] = N ? part.targetCritical[t][i] / N : NaN;
      // Nodes that cannot reach the milestone never enter its pass: their Σa·t stays 0, which is not their correlation.
      if (aVar[i] > 0 && mVar > 0 && prep.targetMember[t][i]) sens[i] = (total(part.targetSumAT[t], i, n) / N - aMean[i] * mMean) / Math.sqrt(aVar[i] * mVar);
      tssi[i] = summary.sd > 0 ? (crit[i] * sdDuration[i]) / summary.sd : 0;
    }
    const cruc = its && N >= 2 ? spearmanCruciality(prep, part.seed, its, tf) : new Float64Array(n).fill(NaN);
    for (let i = 0; i < n; i++) if (!prep.targetMember[t][i]) cruc[i] = NaN;
    const rank = (i: number) => {
      const v = !Number.isNaN(cruc[i]) ? cruc[i] : sens[i];
      return Number.isNaN(v) ? -1 : Math.abs(v);
    };
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (rank(i) >= 0) order.push(i);
    order.sort((a, b) => rank(b) - rank(a) || a - b);
    const drivers = order.slice(0, tornadoSize).map((i) => ({ node: i, id: ids[i], cruciality: cruc[i], sensitivity: sens[i], criticality: crit[i] }));
    return { ...summary, activities: { criticality: crit, sensitivity: sens, cruciality: cruc, ssi: tssi }, drivers };
  });

  const by = opts.tornadoBy ?? 'spearman';
  const score = (i: number) => {
    const s = by === 'spearman' && !Number.isNaN(cruciality[i]) ? cruciality[i] : sensitivity[i];
    return Number.isNaN(s) ? -1 : Math.abs(s);
  };
  const ranked: number[] = [];
  for (let i = 0; i < n; i++) if (score(i) >= 0) ranked.push(i);
  ranked.sort((a, b) => score(b) - score(a) || a - b);
  const tornado = ranked.slice(0, opts.tornadoSize ?? 20).map((i) => ({ node: i, id: ids[i], criticality: criticality[i], sensitivity: sensitivity[i], cruciality: cruciality[i], ssi: ssi[i] }));

  const events: EventRisk[] = prep.eventIds.map((id, e) => {
    const c = part.eventCount[e];
    const delta = c > 0 && c < N ? (prep.qT * part.eventSumT[e]) / c - (prep.qT * (st - part.eventSumT[e])) / (N - c) : NaN;
    return { id, probability: prep.eventProb[e], occurred: N ? c / N : NaN, finishDelta: delta };
  });

  return { seed: part.seed, iterations: N, ranges: part.ranges.slice(), finish, cost, joint, targets, activities: { criticality, meanDuration, sdDuration, sensitivity, cruciality, ssi }, tornado, events };
}

/**
 * Σ, mean and variance of a finish's deviations from its deterministic value in the kernel's
 * integer steps (the same quantization as the Σa·t sums, so correlations pair like with like).
 */
function quantizedMoments(values: Float64Array, det: number, qInv: number): { sum: number; mean: number; variance: number } {
  let s1 = 0;
  let s2 = 0;
  for (let k = 0; k < values.length; k++) {
    const x = roundInt((values[k] - det) * qInv);
    s1 += x;
    s2 += x * x;
  }
  const mean = s1 / values.length;
  return { sum: s1, mean, variance: s2 / values.length - mean * mean };
}

/** A value with its typed arrays as plain number arrays (NaN becomes null in JSON). */
export type Plain<T> = T extends Float64Array | Uint32Array ? number[] : T extends readonly (infer U)[] ? Plain<U>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

/**
 * Results as plain JSON-able data, for a risk snapshot stored with the project (PouchDB): typed
 * arrays become arrays; JSON.stringify then writes NaN (an undefined correlation) as null.
 */
export function plainResults(r: RiskResults): Plain<RiskResults> {
  return toPlain(r) as Plain<RiskResults>;
}

function toPlain(v: unknown): unknown {
  if (v instanceof Float64Array || v instanceof Uint32Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(toPlain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toPlain(x)]));
  return v;
}
