/**
 * Correlation between the durations of a group of activities: a one-factor Gaussian copula.
 *
 * A group with rank correlation ρ draws one common normal z_g per iteration; member i's normal is
 * z_i = √r·z_g + √(1 − r)·ε_i with its own ε_i, so every pair has normal correlation r, and
 * u_i = Φ(z_i) feeds the member's inverse CDF. A Gaussian copula's Spearman correlation is
 * (6/π)·asin(r/2), so r = 2·sin(πρ/6) gives exactly ρ (./prepare.ts). ρ = 1 skips the normal
 * round trip: every member reads the group's own uniform (comonotone, to the last bit).
 *
 * Why not Iman–Conover (PERFORMANCE_NOTES.md §4.8): it reorders a whole block of N samples, so an
 * iteration's draws would depend on which other iterations share its block, breaking the
 * counter-based promise that a range gives the same numbers however a pool splits the run. The
 * copula streams: one common draw per group per iteration, O(1) per member, no matrix. The price is
 * that a group has one ρ for all pairs and ρ ≥ 0 (an equicorrelated group of three or more cannot
 * be strongly negative anyway); per-pair matrices would need a Cholesky factor, also streamable.
 */
import { normalCdf, normalQuantile } from './distributions';

/** Correlated uniforms are kept this far inside (0, 1), the range of direct draws (./rng.ts). */
const U_EDGE = 0.5 / 4294967296;

/** Member uniform from the group's common normal `zg` and the member's own uniform `own`. */
export function correlatedUniform(load: number, ownWeight: number, zg: number, own: number): number {
  const u = normalCdf(load * zg + ownWeight * normalQuantile(own));
  return u < U_EDGE ? U_EDGE : u > 1 - U_EDGE ? 1 - U_EDGE : u;
}
