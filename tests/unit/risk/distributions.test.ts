/**
 * Each duration distribution, sampled by the real kernel (one activity, so the project finish is
 * its duration), passes a Kolmogorov–Smirnov test against its CDF at α = 0.001, and its defining
 * properties (PERT mean, Trigen and lognormal percentiles) hold within sampling error.
 */
import { describe, expect, it } from 'vitest';
import { prepareRisk, RiskModelError, simulate, solveTrigen, type DurationDistribution } from '../../../src/core/risk';
import { buildNetwork } from './networks';
import { invert, ksCritical, ksStatistic, lognormalCdfRef, meanSd, pertCdfRef, phi, triangularCdfRef } from './reference';

const N = 20_000;

function samplesOf(dist: DurationDistribution, seed = 11): Float64Array {
  const net = buildNetwork(['A'], []);
  const prep = prepareRisk({ network: net, duration: [10], distributions: [dist] });
  return simulate(prep, { seed, iterations: N }).finish;
}

/** Share of samples ≤ x, and the z = 4 tolerance of a proportion p. */
const shareAtMost = (xs: Float64Array, x: number) => xs.reduce((c, v) => c + (v <= x ? 1 : 0), 0) / xs.length;
const propTol = (p: number) => 4 * Math.sqrt((p * (1 - p)) / N);

describe('duration samplers pass a KS test against their CDF', () => {
  it('uniform', () => {
    const xs = samplesOf({ kind: 'uniform', min: 12, max: 30 });
    expect(ksStatistic(xs, (x) => Math.min(1, Math.max(0, (x - 12) / 18)))).toBeLessThan(ksCritical(N));
  });

  it.each([
    [10, 15, 40],
    [10, 10, 20],
    [10, 20, 20],
  ])('triangular (%d, %d, %d)', (a, m, b) => {
    const xs = samplesOf({ kind: 'triangular', min: a, mostLikely: m, max: b });
    expect(ksStatistic(xs, triangularCdfRef(a, m, b))).toBeLessThan(ksCritical(N));
  });

  it.each([
    [8, 10, 16],
    [0, 5, 10],
    [10, 10, 30],
    [10, 29, 30],
  ])('BetaPERT (%d, %d, %d), and its mean is (a + 4m + b)/6', (a, m, b) => {
    const xs = samplesOf({ kind: 'pert', min: a, mostLikely: m, max: b });
    expect(ksStatistic(xs, pertCdfRef(a, m, b))).toBeLessThan(ksCritical(N));
    const mean = (a + 4 * m + b) / 6;
    const sd = Math.sqrt(((mean - a) * (b - mean)) / 7);
    const s = meanSd(xs);
    expect(Math.abs(s.mean - mean)).toBeLessThan((4 * sd) / Math.sqrt(N));
    // The SE of a sample SD is ≈ σ·√((κ − 1)/(4N)); PERT's kurtosis κ < 3.
    expect(Math.abs(s.sd - sd)).toBeLessThan(4 * sd * Math.sqrt(2 / (4 * N)));
  });

  it('trigen: its low and high sit at the given percentiles', () => {
    const spec = { kind: 'trigen', low: 20, mostLikely: 25, high: 40, lowPercentile: 0.1, highPercentile: 0.9 } as const;
    const { a, b } = solveTrigen(spec);
    expect(a).toBeLessThan(20);
    expect(b).toBeGreaterThan(40);
    // Independent check of the solved ends with the reference CDF.
    const F = triangularCdfRef(a, 25, b);
    expect(F(20)).toBeCloseTo(0.1, 9);
    expect(F(40)).toBeCloseTo(0.9, 9);
    const xs = samplesOf(spec);
    expect(ksStatistic(xs, F)).toBeLessThan(ksCritical(N));
    expect(Math.abs(shareAtMost(xs, 20) - 0.1)).toBeLessThan(propTol(0.1));
    expect(Math.abs(shareAtMost(xs, 40) - 0.9)).toBeLessThan(propTol(0.9));
  });

  it('trigen at P20/P80 with the low at the most likely', () => {
    const spec = { kind: 'trigen', low: 10, mostLikely: 10, high: 18, lowPercentile: 0.2, highPercentile: 0.8 } as const;
    const xs = samplesOf(spec);
    expect(Math.abs(shareAtMost(xs, 10) - 0.2)).toBeLessThan(propTol(0.2));
    expect(Math.abs(shareAtMost(xs, 18) - 0.8)).toBeLessThan(propTol(0.8));
  });

  it('lognormal by the duration’s mean and SD', () => {
    const mean = 40;
    const sd = 12;
    const sigma = Math.sqrt(Math.log(1 + (sd / mean) ** 2));
    const mu = Math.log(mean) - (sigma * sigma) / 2;
    const xs = samplesOf({ kind: 'lognormal', by: 'mean-sd', mean, sd });
    expect(ksStatistic(xs, lognormalCdfRef(mu, sigma))).toBeLessThan(ksCritical(N));
    expect(Math.abs(meanSd(xs).mean - mean)).toBeLessThan((4 * sd) / Math.sqrt(N));
  });

  it('lognormal by P10 and P90', () => {
    const xs = samplesOf({ kind: 'lognormal', by: 'p10-p90', p10: 30, p90: 60 });
    expect(Math.abs(shareAtMost(xs, 30) - 0.1)).toBeLessThan(propTol(0.1));
    expect(Math.abs(shareAtMost(xs, 60) - 0.9)).toBeLessThan(propTol(0.9));
    const z90 = invert(phi, 0.9, -10, 10);
    const mu = (Math.log(30) + Math.log(60)) / 2;
    const sigma = (Math.log(60) - Math.log(30)) / (2 * z90);
    expect(ksStatistic(xs, lognormalCdfRef(mu, sigma))).toBeLessThan(ksCritical(N));
  });

  it('a sampler that is wrong fails the same test (the test has power)', () => {
    // Uniform samples against a triangular CDF over the same range.
    const xs = samplesOf({ kind: 'uniform', min: 10, max: 40 });
    expect(ksStatistic(xs, triangularCdfRef(10, 15, 40))).toBeGreaterThan(ksCritical(N));
  });
});

describe('bad distributions are refused with the activity named', () => {
  const net = buildNetwork(['A100', 'B200'], [{ pred: 'A100', succ: 'B200' }]);
  it.each<[DurationDistribution, RegExp]>([
    [{ kind: 'triangular', min: 10, mostLikely: 5, max: 20 }, /activity B200: triangular needs min ≤ most likely ≤ max/],
    [{ kind: 'uniform', min: -5, max: 20 }, /activity B200: .*durations cannot be negative/],
    [{ kind: 'lognormal', by: 'mean-sd', mean: 0, sd: 1 }, /activity B200: lognormal needs mean > 0/],
    [{ kind: 'trigen', low: 10, mostLikely: 12, high: 20, lowPercentile: 0.6, highPercentile: 0.9 }, /activity B200: trigen needs/],
  ])('%o', (dist, message) => {
    const run = () => prepareRisk({ network: net, duration: [10, 10], distributions: [null, dist] });
    expect(run).toThrow(RiskModelError);
    expect(run).toThrow(message);
  });
});
