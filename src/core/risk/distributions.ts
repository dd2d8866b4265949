/**
 * Duration distributions, compiled to a kind code and four numbers per activity so the kernel
 * samples by inverse CDF with no objects and no branches beyond one switch (PERFORMANCE_NOTES.md
 * §4.6). Inverse-CDF sampling keeps every duration monotone in its uniform, which the Spearman
 * pass relies on (rank of the duration = rank of the uniform) and which makes ρ = 1 comonotone.
 *
 * All values are working hours. Parameters are absolute (not factors of the deterministic duration):
 * the rules that turn "−10 % / +25 %" into hours live outside the kernel.
 */

/** Triangular with min ≤ most likely ≤ max. */
export interface TriangularSpec { kind: 'triangular'; min: number; mostLikely: number; max: number }
/** BetaPERT (λ = 4): Beta(1 + 4r, 1 + 4(1 − r)) on [min, max], r = (mostLikely − min)/(max − min); mean (min + 4·ml + max)/6. */
export interface PertSpec { kind: 'pert'; min: number; mostLikely: number; max: number }
export interface UniformSpec { kind: 'uniform'; min: number; max: number }
/**
 * Pertmaster's Trigen: a triangular distribution given by a low and a high value that sit at the
 * `lowPercentile` and `highPercentile` (e.g. 0.1 and 0.9), not at its ends. The ends are solved for.
 */
export interface TrigenSpec { kind: 'trigen'; low: number; mostLikely: number; high: number; lowPercentile: number; highPercentile: number }
/**
 * Lognormal of the duration itself (not shifted), given either by the duration's own mean and
 * standard deviation, or by its P10 and P90.
 */
export type LognormalSpec = { kind: 'lognormal'; by: 'mean-sd'; mean: number; sd: number } | { kind: 'lognormal'; by: 'p10-p90'; p10: number; p90: number };
export type DurationDistribution = TriangularSpec | PertSpec | UniformSpec | TrigenSpec | LognormalSpec;

/** Kind codes in the compiled arrays. Trigen compiles to a triangular with solved ends. */
export const DIST_FIXED = 0;
export const DIST_UNIFORM = 1;
export const DIST_TRIANGULAR = 2;
export const DIST_PERT = 3;
export const DIST_LOGNORMAL = 4;

/** BetaPERT inverse-CDF tables: this many cells per table, linear in between (KS error ≤ 1/2048). */
export const PERT_CELLS = 2048;
/** The mode's relative position r is rounded to a multiple of 1/PERT_R_STEPS (moves it ≤ 0.1 % of the range). */
export const PERT_R_STEPS = 512;

/**
 * Every BetaPERT shape's table once computed (≈ 20 ms each, at most PERT_R_STEPS + 1 of 16 KB):
 * a pure memo, so a second run or a worker's next range does not rebuild them.
 */
const SHAPES = new Map<number, Float64Array>();

/** Inverse-CDF tables of BetaPERT shapes, built on first use and shared by every activity of that shape. */
export class PertTables {
  /** All tables back to back, PERT_CELLS + 1 values each. */
  data = new Float64Array(0);
  private byStep = new Map<number, number>();

  /** Offset of the table for relative mode position r (0..1). */
  offsetFor(r: number): number {
    const step = Math.round(Math.min(1, Math.max(0, r)) * PERT_R_STEPS);
    const known = this.byStep.get(step);
    if (known !== undefined) return known;
    let table = SHAPES.get(step);
    if (!table) {
      const rq = step / PERT_R_STEPS;
      table = betaQuantileTable(1 + 4 * rq, 1 + 4 * (1 - rq), PERT_CELLS);
      SHAPES.set(step, table);
    }
    const offset = this.data.length;
    const grown = new Float64Array(offset + table.length);
    grown.set(this.data);
    grown.set(table, offset);
    this.data = grown;
    this.byStep.set(step, offset);
    return offset;
  }
}

/** Compiles one distribution into `par[o..o+3]`; returns its kind code. Throws a plain Error with what is wrong. */
export function compileDistribution(d: DurationDistribution, par: Float64Array, o: number, pert: PertTables): number {
  switch (d.kind) {
    case 'uniform':
      need(d.min <= d.max, `uniform needs min ≤ max (got ${d.min}, ${d.max})`);
      par[o] = d.min;
      par[o + 1] = d.max - d.min;
      return d.max > d.min ? DIST_UNIFORM : fixed(par, o, d.min);
    case 'triangular':
      need(d.min <= d.mostLikely && d.mostLikely <= d.max, `triangular needs min ≤ most likely ≤ max (got ${d.min}, ${d.mostLikely}, ${d.max})`);
      return triangular(par, o, d.min, d.mostLikely, d.max);
    case 'trigen': {
      const { a, b } = solveTrigen(d);
      return triangular(par, o, a, d.mostLikely, b);
    }
    case 'pert':
      need(d.min <= d.mostLikely && d.mostLikely <= d.max, `BetaPERT needs min ≤ most likely ≤ max (got ${d.min}, ${d.mostLikely}, ${d.max})`);
      if (d.max === d.min) return fixed(par, o, d.min);
      par[o] = d.min;
      par[o + 1] = d.max - d.min;
      par[o + 2] = pert.offsetFor((d.mostLikely - d.min) / (d.max - d.min));
      return DIST_PERT;
    case 'lognormal': {
      let mu: number, sigma: number;
      if (d.by === 'mean-sd') {
        need(d.mean > 0 && d.sd >= 0, `lognormal needs mean > 0 and sd ≥ 0 (got ${d.mean}, ${d.sd})`);
        sigma = Math.sqrt(Math.log(1 + (d.sd * d.sd) / (d.mean * d.mean)));
        mu = Math.log(d.mean) - (sigma * sigma) / 2;
      } else {
        need(d.p10 > 0 && d.p10 <= d.p90, `lognormal needs 0 < P10 ≤ P90 (got ${d.p10}, ${d.p90})`);
        const z90 = normalQuantile(0.9);
        mu = (Math.log(d.p10) + Math.log(d.p90)) / 2;
        sigma = (Math.log(d.p90) - Math.log(d.p10)) / (2 * z90);
      }
      if (sigma === 0) return fixed(par, o, Math.exp(mu));
      par[o] = mu;
      par[o + 1] = sigma;
      return DIST_LOGNORMAL;
    }
  }
}

function need(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

function fixed(par: Float64Array, o: number, v: number): number {
  par[o] = v;
  return DIST_FIXED;
}

function triangular(par: Float64Array, o: number, a: number, m: number, b: number): number {
  if (b === a) return fixed(par, o, a);
  par[o] = a;
  par[o + 1] = b;
  par[o + 2] = (m - a) / (b - a);
  par[o + 3] = b - a;
  return DIST_TRIANGULAR;
}

/**
 * The inverse CDF of a compiled distribution at u ∈ (0, 1). Kept small so V8 inlines it into the
 * kernel's lane loop.
 */
export function sampleCompiled(kind: number, par: Float64Array, o: number, pert: Float64Array, u: number): number {
  switch (kind) {
    case DIST_UNIFORM:
      return par[o] + u * par[o + 1];
    case DIST_TRIANGULAR: {
      const fc = par[o + 2];
      return u < fc ? par[o] + par[o + 3] * Math.sqrt(u * fc) : par[o + 1] - par[o + 3] * Math.sqrt((1 - u) * (1 - fc));
    }
    case DIST_PERT: {
      const x = u * PERT_CELLS;
      const c = x | 0;
      const t = par[o + 2] + c;
      const lo = pert[t];
      return par[o] + par[o + 1] * (lo + (x - c) * (pert[t + 1] - lo));
    }
    case DIST_LOGNORMAL:
      return Math.exp(par[o] + par[o + 1] * normalQuantile(u));
    default:
      return par[o];
  }
}

/**
 * Trigen → triangular(a, mostLikely, b) with F(low) = lowPercentile and F(high) = highPercentile.
 * Each end solves a quadratic given the other; alternating them converges in a few dozen steps.
 */
export function solveTrigen(d: TrigenSpec): { a: number; b: number } {
  const { low: L, mostLikely: m, high: H, lowPercentile: pL, highPercentile: pH } = d;
  need(L <= m && m <= H, `trigen needs low ≤ most likely ≤ high (got ${L}, ${m}, ${H})`);
  need(pL >= 0 && pL < 0.5 && pH > 0.5 && pH <= 1, `trigen needs 0 ≤ low percentile < 0.5 < high percentile ≤ 1 (got ${pL}, ${pH})`);
  const qH = 1 - pH;
  const delta = m - L;
  const eps = H - m;
  let a = L;
  let b = H;
  const scale = Math.max(1e-9, H - L, Math.abs(m));
  for (let k = 0; k < 500; k++) {
    // Left end: x = m − a solves (x − δ)² = pL·x·(x + c), c = b − m, the larger root.
    const c = b - m;
    const bl = 2 * delta + pL * c;
    const x = (bl + Math.sqrt(Math.max(0, bl * bl - 4 * (1 - pL) * delta * delta))) / (2 * (1 - pL));
    const na = m - x;
    // Right end: y = b − m solves (y − ε)² = qH·y·(y + e), e = m − a.
    const e = m - na;
    const br = 2 * eps + qH * e;
    const y = qH === 1 ? 0 : (br + Math.sqrt(Math.max(0, br * br - 4 * (1 - qH) * eps * eps))) / (2 * (1 - qH));
    const nb = m + y;
    const moved = Math.abs(na - a) + Math.abs(nb - b);
    a = na;
    b = nb;
    if (moved <= 1e-13 * scale) break;
  }
  const fL = b > a ? triangularCdf(L, a, m, b) : 0;
  const fH = b > a ? triangularCdf(H, a, m, b) : 1;
  need(Number.isFinite(a) && Number.isFinite(b) && Math.abs(fL - pL) < 1e-7 && Math.abs(fH - pH) < 1e-7, `trigen (${L}, ${m}, ${H}) at P${pL * 100}/P${pH * 100} has no triangular distribution`);
  return { a, b };
}

export function triangularCdf(x: number, a: number, m: number, b: number): number {
  if (x <= a) return 0;
  if (x >= b) return 1;
  return x <= m ? ((x - a) * (x - a)) / ((b - a) * (m - a)) : 1 - ((b - x) * (b - x)) / ((b - a) * (b - m));
}

// ---------------------------------------------------------------------------------------------
// Normal distribution

/** Φ⁻¹(p) by Acklam's rational approximation (relative error < 1.15e-9). */
export function normalQuantile(p: number): number {
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q - 2.549732539343734) * q + 4.374664141464968) * q + 2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1);
  }
  if (p > 0.97575) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((-7.784894002430293e-3 * q - 3.223964580411365e-1) * q - 2.400758277161838) * q - 2.549732539343734) * q + 4.374664141464968) * q + 2.938163982698783) /
      ((((7.784695709041462e-3 * q + 3.224671290700398e-1) * q + 2.445134137142996) * q + 3.754408661907416) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((-3.969683028665376e1 * r + 2.209460984245205e2) * r - 2.759285104469687e2) * r + 1.38357751867269e2) * r - 3.066479806614716e1) * r + 2.506628277459239) * q) /
    (((((-5.447609879822406e1 * r + 1.615858368580409e2) * r - 1.556989798598866e2) * r + 6.680131188771972e1) * r - 1.328068155288572e1) * r + 1);
}

/** Φ(z) through erfc (Numerical Recipes' Chebyshev fit, fractional error < 1.2e-7). */
export function normalCdf(z: number): number {
  const x = -z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return 0.5 * (x >= 0 ? y : 2 - y);
}

// ---------------------------------------------------------------------------------------------
// Beta distribution, for the BetaPERT tables

/** ln Γ(x) (Lanczos, g = 7; ~15 digits for x > 0). */
function lnGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let s = c[0];
  for (let i = 1; i < 9; i++) s += c[i] / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
}

/** Regularized incomplete beta I_x(α, β) by its continued fraction (Lentz). */
export function betaCdf(x: number, alpha: number, beta: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lbt = lnGamma(alpha + beta) - lnGamma(alpha) - lnGamma(beta) + alpha * Math.log(x) + beta * Math.log(1 - x);
  if (x < (alpha + 1) / (alpha + beta + 2)) return (Math.exp(lbt) * betaFraction(x, alpha, beta)) / alpha;
  return 1 - (Math.exp(lbt) * betaFraction(1 - x, beta, alpha)) / beta;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Quantiles of Beta(α, β) at u = 0, 1/cells, …, 1, by bisection on the exact CDF. */
function betaQuantileTable(alpha: number, beta: number, cells: number): Float64Array {
  const out = new Float64Array(cells + 1);
  out[cells] = 1;
  let lo = 0;
  for (let j = 1; j < cells; j++) {
    const u = j / cells;
    // Quantiles increase with u: start each search at the previous one.
    let a = lo;
    let b = 1;
    for (let k = 0; k < 60 && b - a > 1e-15; k++) {
      const mid = (a + b) / 2;
      if (betaCdf(mid, alpha, beta) < u) a = mid;
      else b = mid;
    }
    out[j] = (a + b) / 2;
    lo = a;
  }
  return out;
}
