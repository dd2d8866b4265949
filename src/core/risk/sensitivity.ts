/**
 * Spearman cruciality, CRI(ρ) = spearman(d_i, T), by the u-rank method of PERFORMANCE_NOTES.md §4.7.
 *
 * A duration is its inverse CDF at its uniform u_i, a monotone map, so rank(d_i) = rank(u_i): no
 * duration needs storing. After the run, T's ranks are known from the stored finishes; this pass
 * regenerates each u_i from the counter-based generator and correlates u_i with rank(T)/N.
 * Using u_i for rank(u_i)/N is the approximation: its error is O(1/√N), the order of the Monte Carlo
 * noise itself. It measures the activity's own uncertainty: risk-event impacts added on top of the
 * draw (not monotone in u) are not part of it; their effect is reported per event instead.
 * Cost: one hash per varying activity and iteration (≈ 1 ns each), single pass, no n × N storage.
 */
import { correlatedUniform } from './correlation';
import { DIST_FIXED, normalQuantile } from './distributions';
import type { PreparedRisk } from './prepare';
import { uniformSums } from './kernel';
import { iterationKeys, uniform } from './rng';

/**
 * Signed Spearman correlation per node between its duration draw and `finish` (NaN for nodes with
 * no distribution). `iterations[k]` is the iteration index of `finish[k]`.
 */
export function spearmanCruciality(prep: PreparedRisk, seed: number, iterations: Int32Array | number[], finish: Float64Array): Float64Array {
  const N = finish.length;
  const n = prep.n;
  const out = new Float64Array(n).fill(NaN);
  if (N < 2) return out;
  const rank = averageRanks(finish);
  let rMean = 0;
  for (let k = 0; k < N; k++) rMean += rank[k];
  rMean /= N;
  let rVar = 0;
  for (let k = 0; k < N; k++) rVar += (rank[k] - rMean) ** 2;
  rVar /= N;
  if (rVar === 0) return out;

  // Iteration keys and centred ranks side by side, then one tight loop over iterations per activity.
  const keyA = new Uint32Array(N);
  const keyB = new Uint32Array(N);
  const keys = new Uint32Array(2);
  const r = new Float64Array(N);
  for (let k = 0; k < N; k++) {
    iterationKeys(seed, iterations[k], keys, 0);
    keyA[k] = keys[0];
    keyB[k] = keys[1];
    r[k] = rank[k] - rMean;
  }
  const { slotDuration, group, groupLoad, groupOwn, groupComonotone, slotGroup } = prep;
  // Σ(u − ū)(r − r̄) = Σu·(r − r̄), since Σ(r − r̄) = 0.
  const finishWith = (i: number, su: number, su2: number, sur: number) => {
    const mu = su / N;
    const vu = su2 / N - mu * mu;
    out[i] = vu > 0 ? sur / N / Math.sqrt(vu * rVar) : NaN;
  };
  const sums = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    if (prep.kind[i] === DIST_FIXED || group[i] >= 0) continue;
    uniformSums(slotDuration[i], keyA, keyB, r, sums);
    finishWith(i, sums[0], sums[1], sums[2]);
  }
  // Correlated activities: the group's common factor once per group, then each member.
  const members: number[][] = Array.from({ length: groupLoad.length }, () => []);
  for (let i = 0; i < n; i++) if (prep.kind[i] !== DIST_FIXED && group[i] >= 0) members[group[i]].push(i);
  const zg = new Float64Array(N);
  for (let g = 0; g < members.length; g++) {
    const list = members[g];
    if (!list.length) continue;
    const comonotone = groupComonotone[g] === 1;
    for (let k = 0; k < N; k++) {
      const u = uniform(keyA[k], keyB[k], slotGroup[g]);
      zg[k] = comonotone ? u : normalQuantile(u);
    }
    for (const i of list) {
      const s = slotDuration[i];
      let su = 0;
      let su2 = 0;
      let sur = 0;
      for (let k = 0; k < N; k++) {
        const u = comonotone ? zg[k] : correlatedUniform(groupLoad[g], groupOwn[g], zg[k], uniform(keyA[k], keyB[k], s));
        su += u;
        su2 += u * u;
        sur += u * r[k];
      }
      finishWith(i, su, su2, sur);
    }
  }
  return out;
}

/** Ranks 1..N of the values, ties sharing their average rank. */
export function averageRanks(values: Float64Array): Float64Array {
  const N = values.length;
  const order = new Uint32Array(N);
  for (let k = 0; k < N; k++) order[k] = k;
  order.sort((a, b) => values[a] - values[b] || a - b);
  const rank = new Float64Array(N);
  let k = 0;
  while (k < N) {
    let e = k + 1;
    while (e < N && values[order[e]] === values[order[k]]) e++;
    const avg = (k + 1 + e) / 2;
    for (let j = k; j < e; j++) rank[order[j]] = avg;
    k = e;
  }
  return rank;
}
