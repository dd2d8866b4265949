/**
 * Reference distributions for the risk tests, written independently of src/core/risk (other
 * formulas, numeric integration instead of continued fractions), so a mistake in the kernel's own
 * math cannot also hide in the reference.
 */

/** Φ(z), Abramowitz & Stegun 26.2.17 (absolute error < 7.5e-8). */
export function phi(z: number): number {
  const x = Math.abs(z);
  const t = 1 / (1 + 0.2316419 * x);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp(-(x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

/** Inverse of a continuous increasing CDF on [lo, hi] by bisection. */
export function invert(cdf: (x: number) => number, p: number, lo: number, hi: number): number {
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export const triangularCdfRef = (a: number, m: number, b: number) => (x: number) =>
  x <= a ? 0 : x >= b ? 1 : x <= m ? ((x - a) * (x - a)) / ((b - a) * (m - a)) : 1 - ((b - x) * (b - x)) / ((b - a) * (b - m));

/** BetaPERT CDF on [a, b] with mode m, by Simpson integration of the Beta density (fine grid, cached). */
export function pertCdfRef(a: number, m: number, b: number): (x: number) => number {
  const r = (m - a) / (b - a);
  const al = 1 + 4 * r;
  const be = 1 + 4 * (1 - r);
  const G = 20000;
  const pdf = (x: number) => Math.pow(x, al - 1) * Math.pow(1 - x, be - 1);
  const cum = new Float64Array(G + 1);
  const h = 1 / G;
  for (let j = 0; j < G; j++) {
    const x0 = j * h;
    cum[j + 1] = cum[j] + (h / 6) * (pdf(x0) + 4 * pdf(x0 + h / 2) + pdf(x0 + h));
  }
  const total = cum[G];
  return (x: number) => {
    const y = (x - a) / (b - a);
    if (y <= 0) return 0;
    if (y >= 1) return 1;
    const j = Math.min(G - 1, Math.floor(y / h));
    const x0 = j * h;
    const dx = y - x0;
    // Simpson over the partial cell.
    const part = (dx / 6) * (pdf(x0) + 4 * pdf(x0 + dx / 2) + pdf(y));
    return (cum[j] + part) / total;
  };
}

export const lognormalCdfRef = (mu: number, sigma: number) => (x: number) => (x <= 0 ? 0 : phi((Math.log(x) - mu) / sigma));

/** Kolmogorov–Smirnov statistic D of samples against a CDF. */
export function ksStatistic(samples: ArrayLike<number>, cdf: (x: number) => number): number {
  const s = Float64Array.from(samples).sort();
  const N = s.length;
  let D = 0;
  for (let k = 0; k < N; k++) {
    const F = cdf(s[k]);
    D = Math.max(D, (k + 1) / N - F, F - k / N);
  }
  return D;
}

/** KS critical value at α = 0.001 (a fixed seed either passes or fails; this is the tolerance). */
export const ksCritical = (N: number) => 1.95 / Math.sqrt(N);

export function meanSd(xs: ArrayLike<number>): { mean: number; sd: number; m4: number } {
  let s = 0;
  for (let k = 0; k < xs.length; k++) s += xs[k];
  const mean = s / xs.length;
  let v = 0;
  let m4 = 0;
  for (let k = 0; k < xs.length; k++) {
    const d = xs[k] - mean;
    v += d * d;
    m4 += d * d * d * d;
  }
  return { mean, sd: Math.sqrt(v / xs.length), m4: m4 / xs.length };
}
