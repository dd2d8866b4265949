/**
 * The Monte Carlo kernel: runs iterations [from, to) of a prepared model and returns a mergeable
 * partial (./partial.ts).
 *
 * Layout (PERFORMANCE_NOTES.md §4.2–4.3): structure of arrays, node-major with LANES iterations
 * side by side ([node][lane]), so one sweep over the network serves LANES iterations: the link's
 * index, type and lag are loaded once per sweep and the inner loops are short and contiguous.
 * Scratch arrays are allocated once per call; the sweep loop allocates nothing.
 *
 * Per sweep: draw durations (inverse CDF of counter-based uniforms, correlation by a one-factor
 * Gaussian copula), apply risk events, sum cost, forward pass (early dates, finish T = the latest
 * early finish), backward pass (late finish; critical when total float ≤ 1e-6 h), and accumulate
 * criticality counts and exact moment sums.
 */
import { LINK_FF, LINK_FS, LINK_SS } from '../cpm/network';
import { correlatedUniform } from './correlation';
import { DIST_FIXED, DIST_PERT, DIST_TRIANGULAR, DIST_UNIFORM, normalQuantile, PERT_CELLS, sampleCompiled } from './distributions';
import { carry, roundInt, type RiskPartial } from './partial';
import type { PreparedRisk } from './prepare';
import { iterationKeys, uniform } from './rng';

/**
 * Iterations per sweep. Measured on the 10k-activity synthetic model, ns per activity-iteration:
 * 4 lanes 64, 8 lanes 51, 16 lanes 47.5, 32 lanes 51.
 */
export const LANES = 16;
/** Total float at or below this many hours counts as critical (rounding in long chains stays far below it). */
export const CRITICAL_FLOAT = 1e-6;

export interface SimulateOptions {
  seed: number;
  /** Total iterations of the run; [from, to) defaults to all of them. */
  iterations: number;
  from?: number;
  to?: number;
}

export function simulate(prep: PreparedRisk, opts: SimulateOptions): RiskPartial {
  const from = opts.from ?? 0;
  const to = opts.to ?? opts.iterations;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to >= from && to <= opts.iterations)) {
    throw new Error(`simulate: iteration range ${from}–${to} must be whole numbers with 0 ≤ from ≤ to ≤ iterations (${opts.iterations}).`);
  }
  const seed = opts.seed >>> 0;
  const K = LANES;
  const { n, net, det, floor, kind, par, pert, slotDuration, group, groupLoad, groupOwn, groupComonotone, slotGroup } = prep;
  const { eventProb, slotOccurs, slotSeverity, hitStart, hitNode, hitSchedule, hitCost } = prep;
  const { costNodes, costFixed, costRate, costKind, costPar, slotCost, costToDate, hasCost, targets, qInv, detFinish, qTInv } = prep;
  const { predStart, predIdx, predType, predLag, succStart, succIdx, succLink } = net;
  const count = to - from;
  const G = groupLoad.length;
  const E = eventProb.length;
  const nT = targets.length;

  const d = new Float64Array(n * K);
  const es = new Float64Array(n * K);
  const ef = new Float64Array(n * K);
  const lf = new Float64Array(n * K);
  const keys = new Uint32Array(2 * K);
  const zg = new Float64Array(Math.max(1, G * K));
  const occurred = new Uint8Array(Math.max(1, E * K));
  const T = new Float64Array(K);
  const tq = new Float64Array(K);
  const cl = new Float64Array(K);

  const finish = new Float64Array(count);
  const cost = new Float64Array(hasCost ? count : 0);
  const targetFinish = Array.from({ length: nT }, () => new Float64Array(count));
  const critical = new Float64Array(n);
  const sumA = new Float64Array(2 * n);
  const sumA2 = new Float64Array(2 * n);
  const sumAT = new Float64Array(2 * n);
  const eventCount = new Float64Array(E);
  const eventSumT = new Float64Array(E);

  // Which nodes can vary (a distribution or an event hit): the others skip the moment sums.
  const varies = new Uint8Array(n);
  for (let i = 0; i < n; i++) varies[i] = kind[i] !== DIST_FIXED ? 1 : 0;
  let negativeImpact = false;
  for (let h = 0; h < hitNode.length; h++) {
    if (hitSchedule[4 * h + 1] !== 0 || hitSchedule[4 * h] !== 0) varies[hitNode[h]] = 1;
    if (hitSchedule[4 * h] < 0) negativeImpact = true;
  }

  let sweeps = 0;
  for (let k0 = from; k0 < to; k0 += K) {
    const L = Math.min(K, to - k0);
    if (++sweeps === CARRY_SWEEPS) {
      sweeps = 0;
      carryAll(sumA, sumA2, sumAT, varies, n);
    }
    for (let l = 0; l < L; l++) iterationKeys(seed, k0 + l, keys, 2 * l);

    // Common factors of the correlation groups (the uniform itself for a comonotone group).
    for (let g = 0; g < G; g++) {
      const s = slotGroup[g];
      const gb = g * K;
      if (groupComonotone[g]) for (let l = 0; l < L; l++) zg[gb + l] = uniform(keys[2 * l], keys[2 * l + 1], s);
      else for (let l = 0; l < L; l++) zg[gb + l] = normalQuantile(uniform(keys[2 * l], keys[2 * l + 1], s));
    }

    // Durations.
    for (let i = 0; i < n; i++) {
      const b = i * K;
      const kd = kind[i];
      const o = 4 * i;
      if (kd === DIST_FIXED) {
        const v = par[o];
        for (let l = 0; l < L; l++) d[b + l] = v;
        continue;
      }
      const s = slotDuration[i];
      const g = group[i];
      if (g < 0) {
        // One loop per kind, so the lane loop holds no switch (the common kinds written out).
        if (kd === DIST_TRIANGULAR) {
          const a = par[o];
          const hi = par[o + 1];
          const fc = par[o + 2];
          const r = par[o + 3];
          for (let l = 0; l < L; l++) {
            const u = uniform(keys[2 * l], keys[2 * l + 1], s);
            d[b + l] = u < fc ? a + r * Math.sqrt(u * fc) : hi - r * Math.sqrt((1 - u) * (1 - fc));
          }
        } else if (kd === DIST_PERT) {
          const a = par[o];
          const r = par[o + 1];
          const t0 = par[o + 2];
          for (let l = 0; l < L; l++) {
            const x = uniform(keys[2 * l], keys[2 * l + 1], s) * PERT_CELLS;
            const c = x | 0;
            const lo = pert[t0 + c];
            d[b + l] = a + r * (lo + (x - c) * (pert[t0 + c + 1] - lo));
          }
        } else if (kd === DIST_UNIFORM) {
          const a = par[o];
          const r = par[o + 1];
          for (let l = 0; l < L; l++) d[b + l] = a + r * uniform(keys[2 * l], keys[2 * l + 1], s);
        } else {
          for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, uniform(keys[2 * l], keys[2 * l + 1], s));
        }
      } else if (groupComonotone[g]) {
        const gb = g * K;
        for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, zg[gb + l]);
      } else {
        const gb = g * K;
        const A = groupLoad[g];
        const B = groupOwn[g];
        for (let l = 0; l < L; l++) d[b + l] = sampleCompiled(kd, par, o, pert, correlatedUniform(A, B, zg[gb + l], uniform(keys[2 * l], keys[2 * l + 1], s)));
      }
    }

    // Risk events: occurrence, then one shared severity for all the event's hits.
    for (let l = 0; l < L; l++) cl[l] = costToDate;
    for (let e = 0; e < E; e++) {
      const p = eventProb[e];
      const so = slotOccurs[e];
      const ss = slotSeverity[e];
      const eb = e * K;
      for (let l = 0; l < L; l++) {
        const ka = keys[2 * l];
        const kb = keys[2 * l + 1];
        if (uniform(ka, kb, so) >= p) {
          occurred[eb + l] = 0;
          continue;
        }
        occurred[eb + l] = 1;
        eventCount[e]++;
        const u = uniform(ka, kb, ss);
        for (let h = hitStart[e]; h < hitStart[e + 1]; h++) {
          d[hitNode[h] * K + l] += triangularAt(hitSchedule, 4 * h, u);
          cl[l] += triangularAt(hitCost, 4 * h, u);
        }
      }
    }
    if (negativeImpact) {
      for (let h = 0; h < hitNode.length; h++) {
        const b = hitNode[h] * K;
        for (let l = 0; l < L; l++) if (d[b + l] < 0) d[b + l] = 0;
      }
    }

    // Cost: (fixed + rate × duration) × factor.
    if (hasCost) {
      for (let c = 0; c < costNodes.length; c++) {
        const i = costNodes[c];
        const b = i * K;
        const f = costFixed[i];
        const rate = costRate[i];
        if (costKind[i] === DIST_FIXED) {
          const fac = costPar[4 * i];
          for (let l = 0; l < L; l++) cl[l] += (f + rate * d[b + l]) * fac;
        } else {
          const s = slotCost[i];
          const o = 4 * i;
          const a = costPar[o];
          const hi = costPar[o + 1];
          const fc = costPar[o + 2];
          const r = costPar[o + 3];
          for (let l = 0; l < L; l++) {
            const u = uniform(keys[2 * l], keys[2 * l + 1], s);
            cl[l] += (f + rate * d[b + l]) * (u < fc ? a + r * Math.sqrt(u * fc) : hi - r * Math.sqrt((1 - u) * (1 - fc)));
          }
        }
      }
      for (let l = 0; l < L; l++) cost[k0 - from + l] = cl[l];
    }

    // Forward pass.
    for (let l = 0; l < L; l++) T[l] = 0;
    for (let i = 0; i < n; i++) {
      const b = i * K;
      const fl = floor[i];
      for (let l = 0; l < L; l++) es[b + l] = fl;
      for (let p = predStart[i], pe = predStart[i + 1]; p < pe; p++) {
        const jb = predIdx[p] * K;
        const lag = predLag[p];
        const t = predType[p];
        if (t === LINK_FS) {
          for (let l = 0; l < L; l++) {
            const v = ef[jb + l] + lag;
            if (v > es[b + l]) es[b + l] = v;
          }
        } else if (t === LINK_SS) {
          for (let l = 0; l < L; l++) {
            const v = es[jb + l] + lag;
            if (v > es[b + l]) es[b + l] = v;
          }
        } else if (t === LINK_FF) {
          for (let l = 0; l < L; l++) {
            const v = ef[jb + l] + lag - d[b + l];
            if (v > es[b + l]) es[b + l] = v;
          }
        } else {
          for (let l = 0; l < L; l++) {
            const v = es[jb + l] + lag - d[b + l];
            if (v > es[b + l]) es[b + l] = v;
          }
        }
      }
      for (let l = 0; l < L; l++) {
        const f = es[b + l] + d[b + l];
        ef[b + l] = f;
        if (f > T[l]) T[l] = f;
      }
    }
    for (let l = 0; l < L; l++) {
      finish[k0 - from + l] = T[l];
      tq[l] = roundInt((T[l] - detFinish) * qTInv);
    }
    for (let t = 0; t < nT; t++) {
      const b = targets[t] * K;
      const out = targetFinish[t];
      for (let l = 0; l < L; l++) out[k0 - from + l] = ef[b + l];
    }
    for (let e = 0; e < E; e++) {
      const eb = e * K;
      for (let l = 0; l < L; l++) if (occurred[eb + l]) eventSumT[e] += tq[l];
    }

    // Backward pass, criticality and moment sums.
    for (let i = n - 1; i >= 0; i--) {
      const b = i * K;
      const s0 = succStart[i];
      const s1 = succStart[i + 1];
      if (s0 === s1) {
        for (let l = 0; l < L; l++) lf[b + l] = T[l];
      } else {
        for (let l = 0; l < L; l++) lf[b + l] = Infinity;
        for (let s = s0; s < s1; s++) {
          const jb = succIdx[s] * K;
          const link = succLink[s];
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

  carryAll(sumA, sumA2, sumAT, varies, n);
  return { seed, n, events: E, targets: nT, ranges: count > 0 ? [from, to] : [], finish, cost, targetFinish, critical, sumA, sumA2, sumAT, eventCount, eventSumT };
}

/**
 * Sums of a, a² and a·t grow by at most LANES × 2^40 per sweep (|a|, |t| ≤ 2^20, ./prepare.ts), so
 * lo (below 2^32 after a carry) stays an exact integer below 2^53 if carried every 2^52 / (LANES × 2^40) sweeps.
 */
const CARRY_SWEEPS = 4096 / LANES;

function carryAll(sumA: Float64Array, sumA2: Float64Array, sumAT: Float64Array, varies: Uint8Array, n: number): void {
  for (let i = 0; i < n; i++) {
    if (!varies[i]) continue;
    carry(sumA, i, n);
    carry(sumA2, i, n);
    carry(sumAT, i, n);
  }
}

/** Triangular (a, b, fc, b − a) at par[o..o+3], inverse CDF at u. */
function triangularAt(par: Float64Array, o: number, u: number): number {
  const fc = par[o + 2];
  return u < fc ? par[o] + par[o + 3] * Math.sqrt(u * fc) : par[o + 1] - par[o + 3] * Math.sqrt((1 - u) * (1 - fc));
}
