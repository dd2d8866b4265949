/**
 * The Monte Carlo kernel: runs iterations [from, to) of a prepared model and returns a mergeable
 * partial (./partial.ts).
 *
 * Layout (PERFORMANCE_NOTES.md §4.2–4.3): structure of arrays, node-major with LANES iterations
 * side by side ([node][lane]), so one sweep over the network serves LANES iterations: the link's
 * index, type and lag are loaded once per sweep and the inner loops are short and contiguous.
 * Scratch arrays are allocated once per call; a sweep allocates nothing.
 *
 * A sweep is five phases, each its own function so that V8 inlines the small helpers (the hash,
 * the inverse CDFs) into each phase's loops: one big function exhausts the optimiser's inlining
 * budget and leaves them as calls, measured ~2× slower overall.
 *  1. durations: inverse CDF of counter-based uniforms; correlation by a one-factor Gaussian copula;
 *  2. risk events: occurrence, one shared severity, impacts on duration and cost;
 *  3. cost: (fixed + rate × duration) × factor;
 *  4. forward pass: early dates, finish T = the latest early finish, target finishes;
 *  5. backward pass: late finish, critical when total float ≤ CRITICAL_FLOAT, exact moment sums;
 *     then, per milestone target, the same pass back from the milestone's own finish over the
 *     nodes that can reach it, for its criticality index and sensitivity (each target costs about
 *     one more backward pass over its predecessors).
 */
import { LINK_FF, LINK_FS, LINK_SS } from '../cpm/network';
import { correlatedUniform } from './correlation';
import { DIST_FIXED, DIST_PERT, DIST_TRIANGULAR, DIST_UNIFORM, normalQuantile, PERT_CELLS, sampleCompiled } from './distributions';
import { carry, type RiskPartial } from './partial';
import type { PreparedRisk } from './prepare';
import { iterationKeys } from './rng';

/**
 * Iterations per sweep. Measured on the 10k-activity synthetic model, ns per activity-iteration:
 * 4 lanes 64, 8 lanes 51, 16 lanes 47.5, 32 lanes 51.
 */
export const LANES = 16;
/** Total float at or below this many hours counts as critical (rounding in long chains stays far below it). */
export const CRITICAL_FLOAT = 1e-6;
/**
 * Sums of a, a² and a·t grow by at most LANES × 2^40 per sweep (|a|, |t| ≤ 2^20, ./prepare.ts), so
 * lo (below 2^32 after a carry) stays an exact integer below 2^53 if carried every 2^52 / (LANES × 2^40) sweeps.
 */
const CARRY_SWEEPS = 4096 / LANES;

export interface SimulateOptions {
  seed: number;
  /** Total iterations of the run; [from, to) defaults to all of them. */
  iterations: number;
  from?: number;
  to?: number;
}

/** Per-call scratch and outputs shared by the phases. */
interface Sweep {
  L: number;
  d: Float64Array;
  /** Early starts of the node being scheduled, one per lane. */
  es: Float64Array;
  ef: Float64Array;
  lf: Float64Array;
  keys: Uint32Array;
  zg: Float64Array;
  occurred: Uint8Array;
  T: Float64Array;
  tq: Float64Array;
  cl: Float64Array;
  varies: Uint8Array;
  negativeImpact: boolean;
  critical: Float64Array;
  sumA: Float64Array;
  sumA2: Float64Array;
  sumAT: Float64Array;
  eventCount: Float64Array;
  /** Late finishes on a milestone's own backward pass, and its quantized finish deviation per lane. */
  lt: Float64Array;
  tt: Float64Array;
  targetCritical: Float64Array[];
  targetSumAT: Float64Array[];
}

export function simulate(prep: PreparedRisk, opts: SimulateOptions): RiskPartial {
  const from = opts.from ?? 0;
  const to = opts.to ?? opts.iterations;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to >= from && to <= opts.iterations)) {
    throw new Error(`simulate: iteration range ${from}–${to} must be whole numbers with 0 ≤ from ≤ to ≤ iterations (${opts.iterations}).`);
  }
  const seed = opts.seed >>> 0;
  const K = LANES;
  const { n, kind, hitNode, hitSchedule, targets, detFinish, qTInv, hasCost } = prep;
  const count = to - from;
  const E = prep.eventProb.length;
  const nT = targets.length;

  // Which nodes can vary (a distribution or an event hit): the others skip the moment sums.
  const varies = new Uint8Array(n);
  for (let i = 0; i < n; i++) varies[i] = kind[i] !== DIST_FIXED ? 1 : 0;
  let negativeImpact = false;
  for (let h = 0; h < hitNode.length; h++) {
    if (hitSchedule[4 * h + 1] !== 0 || hitSchedule[4 * h] !== 0) varies[hitNode[h]] = 1;
    if (hitSchedule[4 * h] < 0) negativeImpact = true;
  }
  const s: Sweep = {
    L: K,
    d: new Float64Array(n * K),
    es: new Float64Array(K),
    ef: new Float64Array(n * K),
    lf: new Float64Array(n * K),
    keys: new Uint32Array(2 * K),
    zg: new Float64Array(Math.max(1, prep.groupLoad.length * K)),
    occurred: new Uint8Array(Math.max(1, E * K)),
    T: new Float64Array(K),
    tq: new Float64Array(K),
    cl: new Float64Array(K),
    varies,
    negativeImpact,
    critical: new Float64Array(n),
    sumA: new Float64Array(2 * n),
    sumA2: new Float64Array(2 * n),
    sumAT: new Float64Array(2 * n),
    eventCount: new Float64Array(E),
    lt: new Float64Array(nT > 0 ? n * K : 0),
    tt: new Float64Array(K),
    targetCritical: Array.from({ length: nT }, () => new Float64Array(n)),
    targetSumAT: Array.from({ length: nT }, () => new Float64Array(2 * n)),
  };
  const finish = new Float64Array(count);
  const cost = new Float64Array(hasCost ? count : 0);
  const targetFinish = Array.from({ length: nT }, () => new Float64Array(count));
  const eventSumT = new Float64Array(E);

  let sweeps = 0;
  for (let k0 = from; k0 < to; k0 += K) {
    const L = Math.min(K, to - k0);
    s.L = L;
    if (++sweeps === CARRY_SWEEPS) {
      sweeps = 0;
      carryAll(s);
    }
    for (let l = 0; l < L; l++) iterationKeys(seed, k0 + l, s.keys, 2 * l);
    drawDurations(prep, s);
    applyEvents(prep, s);
    if (hasCost) {
      sumCost(prep, s);
      for (let l = 0; l < L; l++) cost[k0 - from + l] = s.cl[l];
    }
    forwardPass(prep, s);
    for (let l = 0; l < L; l++) {
      finish[k0 - from + l] = s.T[l];
      s.tq[l] = roundInt((s.T[l] - detFinish) * qTInv);
    }
    for (let t = 0; t < nT; t++) {
      const b = targets[t] * K;
      const out = targetFinish[t];
      for (let l = 0; l < L; l++) out[k0 - from + l] = s.ef[b + l];
    }
    for (let e = 0; e < E; e++) {
      const eb = e * K;
      for (let l = 0; l < L; l++) if (s.occurred[eb + l]) eventSumT[e] += s.tq[l];
    }
    backwardPass(prep, s);
    for (let t = 0; t < nT; t++) targetPass(prep, s, t);
  }
  carryAll(s);

  return {
    seed,
    n,
    events: E,
    targets: nT,
    ranges: count > 0 ? [from, to] : [],
    finish,
    cost,
    targetFinish,
    critical: s.critical,
    sumA: s.sumA,
    sumA2: s.sumA2,
    sumAT: s.sumAT,
    targetCritical: s.targetCritical,
    targetSumAT: s.targetSumAT,
    eventCount: s.eventCount,
    eventSumT,
  };
}

/** Phase 1: every node's duration in every lane. */
function drawDurations(prep: PreparedRisk, s: Sweep): void {
  const K = LANES;
  const { L, d, keys, zg } = s;
  const { n, kind, par, pert, slotDuration, group, groupLoad, groupOwn, groupComonotone, slotGroup } = prep;
  // Common factors of the correlation groups (the uniform itself for a comonotone group).
  for (let g = 0; g < groupLoad.length; g++) {
    const sg = slotGroup[g];
    const gb = g * K;
    if (groupComonotone[g]) for (let l = 0; l < L; l++) zg[gb + l] = kernelUniform(keys[2 * l], keys[2 * l + 1], sg);
    else for (let l = 0; l < L; l++) zg[gb + l] = normalQuantile(kernelUniform(keys[2 * l], keys[2 * l + 1], sg));
  }
  for (let i = 0; i < n; i++) {
    const b = i * K;
    const kd = kind[i];
    const o = 4 * i;
    if (kd === DIST_FIXED) {
      const v = par[o];
      for (let l = 0; l < L; l++) d[b + l] = v;
      continue;
    }
    const slot = slotDuration[i];
    const g = group[i];
    if (g >= 0) {
      const gb = g * K;
      if (groupComonotone[g]) for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, zg[gb + l]);
      else {
        const A = groupLoad[g];
        const B = groupOwn[g];
        for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, correlatedUniform(A, B, zg[gb + l], kernelUniform(keys[2 * l], keys[2 * l + 1], slot)));
      }
    } else if (kd === DIST_TRIANGULAR) {
      // One loop per kind, so the lane loop holds no switch (the common kinds written out).
      const a = par[o];
      const hi = par[o + 1];
      const fc = par[o + 2];
      const r = par[o + 3];
      for (let l = 0; l < L; l++) {
        const u = kernelUniform(keys[2 * l], keys[2 * l + 1], slot);
        d[b + l] = u < fc ? a + r * Math.sqrt(u * fc) : hi - r * Math.sqrt((1 - u) * (1 - fc));
      }
    } else if (kd === DIST_PERT) {
      const a = par[o];
      const r = par[o + 1];
      const t0 = par[o + 2];
      for (let l = 0; l < L; l++) {
        const x = kernelUniform(keys[2 * l], keys[2 * l + 1], slot) * PERT_CELLS;
        const c = x | 0;
        const lo = pert[t0 + c];
        d[b + l] = a + r * (lo + (x - c) * (pert[t0 + c + 1] - lo));
      }
    } else if (kd === DIST_UNIFORM) {
      const a = par[o];
      const r = par[o + 1];
      for (let l = 0; l < L; l++) d[b + l] = a + r * kernelUniform(keys[2 * l], keys[2 * l + 1], slot);
    } else {
      for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, kernelUniform(keys[2 * l], keys[2 * l + 1], slot));
    }
  }
}

/** Phase 2: risk events. Also starts each lane's cost at the cost to date. */
function applyEvents(prep: PreparedRisk, s: Sweep): void {
  const K = LANES;
  const { L, d, keys, occurred, cl, eventCount } = s;
  const { eventProb, slotOccurs, slotSeverity, hitStart, hitNode, hitSchedule, hitCost, costToDate } = prep;
  for (let l = 0; l < L; l++) cl[l] = costToDate;
  for (let e = 0; e < eventProb.length; e++) {
    const p = eventProb[e];
    const so = slotOccurs[e];
    const ss = slotSeverity[e];
    const eb = e * K;
    for (let l = 0; l < L; l++) {
      const ka = keys[2 * l];
      const kb = keys[2 * l + 1];
      if (kernelUniform(ka, kb, so) >= p) {
        occurred[eb + l] = 0;
        continue;
      }
      occurred[eb + l] = 1;
      eventCount[e]++;
      const u = kernelUniform(ka, kb, ss);
      for (let h = hitStart[e]; h < hitStart[e + 1]; h++) {
        d[hitNode[h] * K + l] += triangularAt(hitSchedule, 4 * h, u);
        cl[l] += triangularAt(hitCost, 4 * h, u);
      }
    }
  }
  if (s.negativeImpact) {
    for (let h = 0; h < hitNode.length; h++) {
      const b = hitNode[h] * K;
      for (let l = 0; l < L; l++) if (d[b + l] < 0) d[b + l] = 0;
    }
  }
}

/** Phase 3: cost = (fixed + rate × duration) × factor, summed into each lane. */
function sumCost(prep: PreparedRisk, s: Sweep): void {
  const K = LANES;
  const { L, d, keys, cl } = s;
  const { costNodes, costFixed, costRate, costKind, costPar, slotCost } = prep;
  for (let c = 0; c < costNodes.length; c++) {
    const i = costNodes[c];
    const b = i * K;
    const f = costFixed[i];
    const rate = costRate[i];
    const o = 4 * i;
    if (costKind[i] === DIST_FIXED) {
      const fac = costPar[o];
      for (let l = 0; l < L; l++) cl[l] += (f + rate * d[b + l]) * fac;
      continue;
    }
    const slot = slotCost[i];
    const a = costPar[o];
    const hi = costPar[o + 1];
    const fc = costPar[o + 2];
    const r = costPar[o + 3];
    for (let l = 0; l < L; l++) {
      const u = kernelUniform(keys[2 * l], keys[2 * l + 1], slot);
      cl[l] += (f + rate * d[b + l]) * (u < fc ? a + r * Math.sqrt(u * fc) : hi - r * Math.sqrt((1 - u) * (1 - fc)));
    }
  }
}

/**
 * Phase 4: early finish of every node; T = the latest early finish. Early starts live only in a
 * lane-sized buffer (a predecessor's start is its finish − duration), which saves one n × LANES
 * array of memory traffic per sweep.
 */
function forwardPass(prep: PreparedRisk, s: Sweep): void {
  const K = LANES;
  const { L, d, es, ef, T } = s;
  const { n, floor } = prep;
  const { predStart, predIdx, predType, predLag } = prep.net;
  for (let l = 0; l < L; l++) T[l] = 0;
  for (let i = 0; i < n; i++) {
    const b = i * K;
    const fl = floor[i];
    for (let l = 0; l < L; l++) es[l] = fl;
    for (let p = predStart[i], pe = predStart[i + 1]; p < pe; p++) {
      const jb = predIdx[p] * K;
      const lag = predLag[p];
      const t = predType[p];
      if (t === LINK_FS) {
        for (let l = 0; l < L; l++) {
          const v = ef[jb + l] + lag;
          if (v > es[l]) es[l] = v;
        }
      } else if (t === LINK_SS) {
        for (let l = 0; l < L; l++) {
          const v = ef[jb + l] - d[jb + l] + lag;
          if (v > es[l]) es[l] = v;
        }
      } else if (t === LINK_FF) {
        for (let l = 0; l < L; l++) {
          const v = ef[jb + l] + lag - d[b + l];
          if (v > es[l]) es[l] = v;
        }
      } else {
        for (let l = 0; l < L; l++) {
          const v = ef[jb + l] - d[jb + l] + lag - d[b + l];
          if (v > es[l]) es[l] = v;
        }
      }
    }
    for (let l = 0; l < L; l++) {
      const f = es[l] + d[b + l];
      ef[b + l] = f;
      if (f > T[l]) T[l] = f;
    }
  }
}

/** Phase 5: late finishes back from T, criticality counts and the moment sums. */
function backwardPass(prep: PreparedRisk, s: Sweep): void {
  const K = LANES;
  const { L, d, ef, lf, T, tq, varies, critical, sumA, sumA2, sumAT } = s;
  const { n, det, qInv } = prep;
  const { succStart, succIdx, succLink, predType, predLag } = prep.net;
  for (let i = n - 1; i >= 0; i--) {
    const b = i * K;
    const s0 = succStart[i];
    const s1 = succStart[i + 1];
    if (s0 === s1) {
      for (let l = 0; l < L; l++) lf[b + l] = T[l];
    } else {
      for (let l = 0; l < L; l++) lf[b + l] = Infinity;
      for (let x = s0; x < s1; x++) {
        const jb = succIdx[x] * K;
        const link = succLink[x];
        const lag = predLag[link];
        const t = predType[link];
        if (t === LINK_FS) {
          for (let l = 0; l < L; l++) {
            const v = lf[jb + l] - d[jb + l] - lag;
            if (v < lf[b + l]) lf[b + l] = v;
          }
        } else if (t === LINK_SS) {
          for (let l = 0; l < L; l++) {
            const v = lf[jb + l] - d[jb + l] - lag + d[b + l];
            if (v < lf[b + l]) lf[b + l] = v;
          }
        } else if (t === LINK_FF) {
          for (let l = 0; l < L; l++) {
            const v = lf[jb + l] - lag;
            if (v < lf[b + l]) lf[b + l] = v;
          }
        } else {
          for (let l = 0; l < L; l++) {
            const v = lf[jb + l] - lag + d[b + l];
            if (v < lf[b + l]) lf[b + l] = v;
          }
        }
      }
    }
    let cc = 0;
    for (let l = 0; l < L; l++) if (lf[b + l] - ef[b + l] <= CRITICAL_FLOAT) cc++;
    critical[i] += cc;
    if (varies[i]) {
      const qi = qInv[i];
      const dt = det[i];
      let sa = 0;
      let sa2 = 0;
      let sat = 0;
      for (let l = 0; l < L; l++) {
        const a = roundInt((d[b + l] - dt) * qi);
        sa += a;
        sa2 += a * a;
        sat += a * tq[l];
      }
      sumA[n + i] += sa;
      sumA2[n + i] += sa2;
      sumAT[n + i] += sat;
    }
  }
}

/**
 * Phase 5b: a milestone's own backward pass. Late finishes run back from the milestone's simulated
 * finish over the nodes that can reach it (successors outside that set do not constrain it), so
 * "critical to the milestone" means zero float against the milestone, not against the project end.
 */
function targetPass(prep: PreparedRisk, s: Sweep, t: number): void {
  const K = LANES;
  const { L, d, ef, lt, tt, varies } = s;
  const { n, qTInv, qInv, det } = prep;
  const nodes = prep.targetNodes[t];
  const member = prep.targetMember[t];
  const critical = s.targetCritical[t];
  const sumAT = s.targetSumAT[t];
  const { succStart, succIdx, succLink, predType, predLag } = prep.net;
  const tb = nodes[0] * K;
  const detT = prep.detTargets[t];
  for (let l = 0; l < L; l++) {
    lt[tb + l] = ef[tb + l];
    tt[l] = roundInt((ef[tb + l] - detT) * qTInv);
  }
  for (let x = 0; x < nodes.length; x++) {
    const i = nodes[x];
    const b = i * K;
    if (x > 0) {
      for (let l = 0; l < L; l++) lt[b + l] = Infinity;
      for (let y = succStart[i], ye = succStart[i + 1]; y < ye; y++) {
        const j = succIdx[y];
        if (!member[j]) continue;
        const jb = j * K;
        const link = succLink[y];
        const lag = predLag[link];
        const ty = predType[link];
        if (ty === LINK_FS) {
          for (let l = 0; l < L; l++) {
            const v = lt[jb + l] - d[jb + l] - lag;
            if (v < lt[b + l]) lt[b + l] = v;
          }
        } else if (ty === LINK_SS) {
          for (let l = 0; l < L; l++) {
            const v = lt[jb + l] - d[jb + l] - lag + d[b + l];
            if (v < lt[b + l]) lt[b + l] = v;
          }
        } else if (ty === LINK_FF) {
          for (let l = 0; l < L; l++) {
            const v = lt[jb + l] - lag;
            if (v < lt[b + l]) lt[b + l] = v;
          }
        } else {
          for (let l = 0; l < L; l++) {
            const v = lt[jb + l] - lag + d[b + l];
            if (v < lt[b + l]) lt[b + l] = v;
          }
        }
      }
    }
    let cc = 0;
    for (let l = 0; l < L; l++) if (lt[b + l] - ef[b + l] <= CRITICAL_FLOAT) cc++;
    critical[i] += cc;
    if (varies[i]) {
      const qi = qInv[i];
      const dt = det[i];
      let sat = 0;
      for (let l = 0; l < L; l++) sat += roundInt((d[b + l] - dt) * qi) * tt[l];
      sumAT[n + i] += sat;
    }
  }
}

function carryAll(s: Sweep): void {
  const { varies, sumA, sumA2, sumAT, targetSumAT } = s;
  const n = varies.length;
  for (let i = 0; i < n; i++) {
    if (!varies[i]) continue;
    carry(sumA, i, n);
    carry(sumA2, i, n);
    carry(sumAT, i, n);
    for (const acc of targetSumAT) carry(acc, i, n);
  }
}

/** Triangular (a, b, fc, b − a) at par[o..o+3], inverse CDF at u. */
function triangularAt(par: Float64Array, o: number, u: number): number {
  const fc = par[o + 2];
  return u < fc ? par[o] + par[o + 3] * Math.sqrt(u * fc) : par[o + 1] - par[o + 3] * Math.sqrt((1 - u) * (1 - fc));
}

/**
 * For the Spearman pass (./sensitivity.ts): Σu, Σu² and Σu·r[k] over the iterations whose keys are
 * given, for one slot; in this module so the hash inlines into the loop.
 */
export function uniformSums(slot: number, keyA: Uint32Array, keyB: Uint32Array, r: Float64Array, out: Float64Array): void {
  let su = 0;
  let su2 = 0;
  let sur = 0;
  for (let k = 0; k < r.length; k++) {
    const u = kernelUniform(keyA[k], keyB[k], slot);
    su += u;
    su2 += u * u;
    sur += u * r[k];
  }
  out[0] = su;
  out[1] = su2;
  out[2] = sur;
}

const ROUNDER = 6755399441055744;

/** partial.ts roundInt, kept in this module so the sweep inlines it (see `kernelUniform`). */
function roundInt(x: number): number {
  return x + ROUNDER - ROUNDER;
}

/**
 * rng.ts `uniform`, copied into the kernel's own module: under tsx (Node: the CLI, the bench) V8
 * did not inline the imported one into the loops, measured 4–5× slower per draw.
 * tests/unit/risk/rng.test.ts checks the two copies agree.
 */
export function kernelUniform(keyA: number, keyB: number, slot: number): number {
  let x = keyA ^ slot;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  x ^= keyB;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return ((x >>> 0) + 0.5) * 2.3283064365386963e-10;
}
