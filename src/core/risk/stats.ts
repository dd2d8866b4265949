/**
 * Summaries of one simulated quantity (a finish or the cost) from its per-iteration values: sorted
 * once, then percentiles, a fixed-bin histogram with its cumulative curve, and the confidence of
 * the deterministic value.
 */

export interface DistributionSummary {
  iterations: number;
  mean: number;
  /** Standard deviation over the iterations (divisor N). */
  sd: number;
  min: number;
  max: number;
  /**
   * percentiles[p] for p = 0..100: the smallest simulated value that at least p % of iterations
   * do not exceed (sorted[ceil(p·N/100) − 1]; percentiles[0] is the minimum).
   */
  percentiles: Float64Array;
  p10: number;
  p50: number;
  p80: number;
  p90: number;
  /** The deterministic (no-uncertainty) value and the share of iterations at or below it. */
  deterministic: number;
  deterministicConfidence: number;
  histogram: Histogram;
}

/**
 * Equal-width bins from min to max, each closed on the left (the last on both sides);
 * `cumulative[b]` = share of iterations in bins 0..b, the cumulative curve at edges[b + 1].
 */
export interface Histogram {
  edges: Float64Array;
  counts: Uint32Array;
  cumulative: Float64Array;
}

/** Values within this relative distance of the deterministic value count as equal to it. */
const SAME = 1e-9;

export function summarize(values: Float64Array, deterministic: number, bins: number): DistributionSummary {
  const N = values.length;
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let k = 0; k < N; k++) sum += values[k];
  const mean = N ? sum / N : NaN;
  let ss = 0;
  for (let k = 0; k < N; k++) ss += (values[k] - mean) * (values[k] - mean);
  const percentiles = new Float64Array(101);
  for (let p = 0; p <= 100; p++) percentiles[p] = N ? sorted[Math.max(0, Math.ceil((p * N) / 100) - 1)] : NaN;
  const limit = deterministic + SAME * Math.max(1, Math.abs(deterministic));
  return {
    iterations: N,
    mean,
    sd: N ? Math.sqrt(ss / N) : NaN,
    min: N ? sorted[0] : NaN,
    max: N ? sorted[N - 1] : NaN,
    percentiles,
    p10: percentiles[10],
    p50: percentiles[50],
    p80: percentiles[80],
    p90: percentiles[90],
    deterministic,
    deterministicConfidence: N ? countAtMost(sorted, limit) / N : NaN,
    histogram: histogram(sorted, bins),
  };
}

/** Number of sorted values ≤ x (binary search). */
export function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function histogram(sorted: Float64Array, bins: number): Histogram {
  const N = sorted.length;
  if (N === 0) return { edges: new Float64Array(0), counts: new Uint32Array(0), cumulative: new Float64Array(0) };
  const min = sorted[0];
  const max = sorted[N - 1];
  // All iterations equal: one bin of zero width at that value.
  const B = max > min ? Math.max(1, Math.floor(bins)) : 1;
  const width = (max - min) / B;
  const edges = new Float64Array(B + 1);
  for (let b = 0; b <= B; b++) edges[b] = min + b * width;
  edges[B] = max;
  const counts = new Uint32Array(B);
  const cumulative = new Float64Array(B);
  let k = 0;
  for (let b = 0; b < B; b++) {
    const start = k;
    // The last bin is closed on the right, so the maximum lands in it.
    if (b === B - 1) k = N;
    else while (k < N && sorted[k] < edges[b + 1]) k++;
    counts[b] = k - start;
    cumulative[b] = k / N;
  }
  return { edges, counts, cumulative };
}
