/**
 * The Monte Carlo kernel against analytic answers, at fixed seeds. Tolerances come from the
 * sampling error of each estimate (z = 4 times its standard error), never from a guess:
 *  - a mean: 4σ/√N; a variance: 4·√((μ4 − σ⁴)/N) with the sample's fourth moment;
 *  - a proportion p: 4·√(p(1 − p)/N);
 *  - a percentile P_p: between the true quantiles at p ± 4·√(p(1 − p)/N) (distribution-free).
 */
import { describe, expect, it } from 'vitest';
import { finishResults, mergePartials, prepareRisk, runRisk, simulate, type RiskModel } from '../../../src/core/risk';
import { buildNetwork, type LinkSpec } from './networks';
import { invert, lognormalCdfRef, meanSd, pertCdfRef, triangularCdfRef } from './reference';

const meanTol = (sd: number, n: number) => (4 * sd) / Math.sqrt(n);
const propTol = (p: number, n: number) => 4 * Math.sqrt((p * (1 - p)) / n);

/** A network from ids and links plus per-id durations/distributions. */
function model(ids: string[], links: LinkSpec[], spec: Record<string, { d: number; dist?: RiskModel['distributions'] extends ReadonlyArray<infer D> | undefined ? D : never }>, extra: Partial<RiskModel> = {}): RiskModel & { node: (id: string) => number } {
  const net = buildNetwork(ids, links);
  return {
    network: net,
    duration: net.ids.map((id) => spec[id]?.d ?? 0),
    distributions: net.ids.map((id) => spec[id]?.dist ?? null),
    ...extra,
    node: (id: string) => net.node.get(id) as number,
  };
}

describe('deterministic logic: all four link types, lags and leads', () => {
  // A(10) →FS+2→ B(5); A →SS+3→ C(8); A →FF+1→ D(4); A →SF+20→ E(6); A →FS−4→ G(3).
  const links: LinkSpec[] = [
    { pred: 'A', succ: 'B', type: 'FS', lag: 2 },
    { pred: 'A', succ: 'C', type: 'SS', lag: 3 },
    { pred: 'A', succ: 'D', type: 'FF', lag: 1 },
    { pred: 'A', succ: 'E', type: 'SF', lag: 20 },
    { pred: 'A', succ: 'G', type: 'FS', lag: -4 },
  ];
  const m = model(['A', 'B', 'C', 'D', 'E', 'G'], links, { A: { d: 10 }, B: { d: 5 }, C: { d: 8 }, D: { d: 4 }, E: { d: 6 }, G: { d: 3 } });
  m.targets = ['B', 'C', 'D', 'E', 'G'].map(m.node);

  it('early finishes and the project finish are the hand-computed ones in every iteration', () => {
    const r = runRisk(m, { seed: 1, iterations: 37 });
    // B: 10 + 2 + 5 = 17; C: 3 + 8 = 11; D: 10 + 1 = 11; E: 0 + 20 = 20; G: 10 − 4 + 3 = 9.
    expect(r.targets.map((t) => [t.min, t.max])).toEqual([[17, 17], [11, 11], [11, 11], [20, 20], [9, 9]]);
    expect([r.finish.min, r.finish.max, r.finish.deterministic, r.finish.deterministicConfidence]).toEqual([20, 20, 20, 1]);
  });

  it('criticality follows total float: A drives E through SF, the others have float', () => {
    const r = runRisk(m, { seed: 1, iterations: 37 });
    const ci = (id: string) => r.activities.criticality[m.node(id)];
    expect(['A', 'B', 'C', 'D', 'E', 'G'].map(ci)).toEqual([1, 0, 0, 0, 1, 0]);
  });

  it('an earliest start (constraint) holds a node back', () => {
    const net = buildNetwork(['A', 'B'], [{ pred: 'A', succ: 'B' }]);
    const r = runRisk({ network: net, duration: [10, 5], earliestStart: [0, 30] }, { seed: 1, iterations: 5 });
    expect(r.finish.max).toBe(35);
    expect(Array.from(r.activities.criticality)).toEqual([0, 1]);
  });
});

describe('serial chain = sum of triangulars', () => {
  const ids = Array.from({ length: 10 }, (_, i) => `T${i}`);
  const links = ids.slice(1).map((id, i) => ({ pred: ids[i], succ: id }));
  const tri = ids.map((_, i) => ({ a: 10 + i, m: 15 + 2 * i, b: 30 + 3 * i }));
  const spec = Object.fromEntries(ids.map((id, i) => [id, { d: tri[i].m, dist: { kind: 'triangular' as const, min: tri[i].a, mostLikely: tri[i].m, max: tri[i].b } }]));
  const N = 20_000;
  const r = runRisk(model(ids, links, spec), { seed: 2024, iterations: N });
  const mean = tri.reduce((s, t) => s + (t.a + t.m + t.b) / 3, 0);
  const variance = tri.reduce((s, t) => s + (t.a * t.a + t.m * t.m + t.b * t.b - t.a * t.m - t.a * t.b - t.m * t.b) / 18, 0);

  it('mean and variance of the finish are the analytic ones', () => {
    expect(Math.abs(r.finish.mean - mean)).toBeLessThan(meanTol(Math.sqrt(variance), N));
    const part = simulate(prepareRisk(model(ids, links, spec)), { seed: 2024, iterations: N });
    const { m4 } = meanSd(part.finish);
    expect(Math.abs(r.finish.sd ** 2 - variance)).toBeLessThan(4 * Math.sqrt((m4 - variance * variance) / N));
  });

  it('every activity is critical, and each one’s mean and SD are its triangular’s', () => {
    expect(Array.from(r.activities.criticality).every((c) => c === 1)).toBe(true);
    ids.forEach((_, i) => {
      const t = tri[i];
      const sd = Math.sqrt((t.a * t.a + t.m * t.m + t.b * t.b - t.a * t.m - t.a * t.b - t.m * t.b) / 18);
      expect(Math.abs(r.activities.meanDuration[i] - (t.a + t.m + t.b) / 3)).toBeLessThan(meanTol(sd, N));
      // Pearson r(d_i, T) of independent summands is σ_i / σ_T.
      expect(Math.abs(r.activities.sensitivity[i] - sd / Math.sqrt(variance))).toBeLessThan(4 / Math.sqrt(N));
      // SSI = CI · σ_i / σ_T = the same here.
      expect(Math.abs(r.activities.ssi[i] - sd / Math.sqrt(variance))).toBeLessThan(0.02);
    });
  });

  it('the deterministic finish (sum of most likely) has the confidence the convolved CDF gives, within sampling error', () => {
    expect(r.finish.deterministic).toBe(240);
    // P(S ≤ 240) by convolving the ten triangulars' cell masses on a 0.05 h grid.
    const h = 0.05;
    let pmf = new Float64Array([1]);
    let origin = 0;
    for (const t of tri) {
      const F = triangularCdfRef(t.a, t.m, t.b);
      const cells = Math.round((t.b - t.a) / h);
      const mass = new Float64Array(cells);
      for (let j = 0; j < cells; j++) mass[j] = F(t.a + (j + 1) * h) - F(t.a + j * h);
      const next = new Float64Array(pmf.length + cells - 1);
      for (let x = 0; x < pmf.length; x++) if (pmf[x] > 0) for (let j = 0; j < cells; j++) next[x + j] += pmf[x] * mass[j];
      pmf = next;
      origin += t.a + h / 2;
    }
    let p = 0;
    for (let x = 0; x < pmf.length && origin + x * h <= 240; x++) p += pmf[x];
    // Discretisation moves each summand by at most h/2: allow the CDF's change over 10·h/2 = 0.25 h (< 0.005).
    expect(Math.abs(r.finish.deterministicConfidence - p)).toBeLessThan(propTol(p, N) + 0.005);
    // Not a trivial 0 or 1: the most-likely sum is about the 4th percentile.
    expect(p).toBeGreaterThan(0.01);
    expect(p).toBeLessThan(0.5);
  });
});

describe('parallel paths: merge bias = expected maximum of independent paths', () => {
  const N = 20_000;

  it('two iid uniforms (10, 30): E[max] = 10 + 20·2/3, CI = 0.5 each', () => {
    const m = model(['S', 'A', 'B', 'F'], [{ pred: 'S', succ: 'A' }, { pred: 'S', succ: 'B' }, { pred: 'A', succ: 'F' }, { pred: 'B', succ: 'F' }], {
      A: { d: 20, dist: { kind: 'uniform', min: 10, max: 30 } },
      B: { d: 20, dist: { kind: 'uniform', min: 10, max: 30 } },
    });
    const r = runRisk(m, { seed: 77, iterations: N });
    // max of two U(0,1) is Beta(2, 1): mean 2/3, variance 1/18.
    expect(Math.abs(r.finish.mean - (10 + (20 * 2) / 3))).toBeLessThan(meanTol(20 / Math.sqrt(18), N));
    const ciA = r.activities.criticality[m.node('A')];
    const ciB = r.activities.criticality[m.node('B')];
    expect(Math.abs(ciA - 0.5)).toBeLessThan(propTol(0.5, N));
    expect(ciA + ciB).toBe(1);
    expect(r.activities.criticality[m.node('S')]).toBe(1);
    expect(r.activities.criticality[m.node('F')]).toBe(1);
    // The deterministic (most likely) 20 h sits at P(max ≤ 20) = 0.25.
    expect(Math.abs(r.finish.deterministicConfidence - 0.25)).toBeLessThan(propTol(0.25, N));
    // For U, V iid on (0, 1) and M = max: Pearson r(U, M) = (1/24)/√(1/12 · 1/18) = 0.6124 and
    // Spearman ρ(U, M) = 12·E[U·M²] − 3 = 12·0.3 − 3 = 0.6 (M² is M's CDF). SE ≤ 1/√N; the u-rank
    // approximation adds O(1/√N).
    for (const id of ['A', 'B']) {
      expect(Math.abs(r.activities.sensitivity[m.node(id)] - Math.sqrt(216) / 24)).toBeLessThan(4 / Math.sqrt(N));
      expect(Math.abs(r.activities.cruciality[m.node(id)] - 0.6)).toBeLessThan(4 / Math.sqrt(N));
    }
    expect(Number.isNaN(r.activities.cruciality[m.node('S')])).toBe(true);
    expect(r.tornado.map((t) => t.id).sort()).toEqual(['A', 'B']);
  });

  it('three iid triangulars (10, 15, 30): E[max] = a + ∫(1 − F³) by numeric integration', () => {
    const ids = ['S', 'A', 'B', 'C', 'F'];
    const links = ['A', 'B', 'C'].flatMap((x) => [{ pred: 'S', succ: x }, { pred: x, succ: 'F' }]);
    const dist = { kind: 'triangular' as const, min: 10, mostLikely: 15, max: 30 };
    const m = model(ids, links, { A: { d: 15, dist }, B: { d: 15, dist }, C: { d: 15, dist } });
    const part = simulate(prepareRisk(m), { seed: 5, iterations: N });
    const F = triangularCdfRef(10, 15, 30);
    let integral = 0;
    const steps = 20_000;
    const h = 20 / steps;
    for (let j = 0; j < steps; j++) {
      const x = 10 + (j + 0.5) * h;
      integral += (1 - F(x) ** 3) * h;
    }
    const s = meanSd(part.finish);
    expect(Math.abs(s.mean - (10 + integral))).toBeLessThan(meanTol(s.sd, N));
    // Merge bias: the expected maximum is well above one path's mean, 55/3.
    expect(10 + integral - 55 / 3).toBeGreaterThan(2);
  });

  it('CI where the critical path is known: A ~ U(0, 40) beside a fixed 30 is critical when A > 30, 25 % of the time', () => {
    const m = model(['S', 'A', 'B', 'F'], [{ pred: 'S', succ: 'A' }, { pred: 'S', succ: 'B' }, { pred: 'A', succ: 'F' }, { pred: 'B', succ: 'F' }], {
      A: { d: 20, dist: { kind: 'uniform', min: 0, max: 40 } },
      B: { d: 30 },
    });
    const r = runRisk(m, { seed: 8, iterations: N });
    expect(Math.abs(r.activities.criticality[m.node('A')] - 0.25)).toBeLessThan(propTol(0.25, N));
    expect(Math.abs(r.activities.criticality[m.node('B')] - 0.75)).toBeLessThan(propTol(0.75, N));
  });
});

describe('risk events', () => {
  const N = 10_000;
  const chain = (events: RiskModel['events'], cost?: RiskModel['cost']) => model(['S', 'A', 'F'], [{ pred: 'S', succ: 'A' }, { pred: 'A', succ: 'F' }], { A: { d: 40 } }, { events, cost });

  it('a 100 %-probability event with a fixed impact is a deterministic delay', () => {
    const m = chain([{ id: 'R1', probability: 1, hits: [{ node: 1, schedule: { min: 16, mostLikely: 16, max: 16 } }] }]);
    const r = runRisk(m, { seed: 3, iterations: 500 });
    expect([r.finish.min, r.finish.max]).toEqual([56, 56]);
    expect(r.events[0].occurred).toBe(1);
  });

  it('a 100 %-probability event with a three-point impact shifts the finish by the impact’s distribution', () => {
    const m = chain([{ id: 'R1', probability: 1, hits: [{ node: 1, schedule: { min: 8, mostLikely: 16, max: 40 } }] }]);
    const r = runRisk(m, { seed: 3, iterations: N });
    const sd = Math.sqrt((64 + 256 + 1600 - 128 - 320 - 640) / 18);
    expect(Math.abs(r.finish.mean - (40 + 64 / 3))).toBeLessThan(meanTol(sd, N));
    const F = triangularCdfRef(48, 56, 80);
    for (const p of [10, 50, 90]) {
      const d = propTol(p / 100, N);
      expect(r.finish.percentiles[p]).toBeGreaterThanOrEqual(invert(F, p / 100 - d, 48, 80));
      expect(r.finish.percentiles[p]).toBeLessThanOrEqual(invert(F, p / 100 + d, 48, 80));
    }
  });

  it('a 30 % event occurs 30 % of the time and moves the mean finish by its mean impact when it does', () => {
    const m = chain([{ id: 'R1', probability: 0.3, hits: [{ node: 1, schedule: { min: 8, mostLikely: 16, max: 40 } }] }]);
    const r = runRisk(m, { seed: 4, iterations: N });
    expect(Math.abs(r.events[0].occurred - 0.3)).toBeLessThan(propTol(0.3, N));
    const sd = Math.sqrt((64 + 256 + 1600 - 128 - 320 - 640) / 18);
    expect(Math.abs(r.events[0].finishDelta - 64 / 3)).toBeLessThan(meanTol(sd, 0.3 * N) + 0.01);
    expect(Math.abs(r.finish.deterministicConfidence - 0.7)).toBeLessThan(propTol(0.7, N));
  });

  it('an event’s cost impact adds to the cost, with the severity it shares with its delay', () => {
    const m = chain([{ id: 'R1', probability: 1, hits: [{ node: 1, schedule: { min: 0, mostLikely: 10, max: 20 }, cost: { min: 100, mostLikely: 200, max: 300 } }] }], { fixed: [0, 0, 0], ratePerHour: [0, 0, 0] });
    const r = runRisk(m, { seed: 4, iterations: 2000 });
    // One severity draw: the cost impact is 100 + 10 × the schedule impact, exactly.
    const part = simulate(prepareRisk(m), { seed: 4, iterations: 2000 });
    for (let k = 0; k < 2000; k++) expect(part.cost[k]).toBeCloseTo(100 + 10 * (part.finish[k] - 40), 6);
    expect(r.cost?.deterministic).toBe(0);
  });
});

describe('correlation', () => {
  const N = 20_000;
  const dists = {
    A: { kind: 'triangular' as const, min: 10, mostLikely: 20, max: 40 },
    B: { kind: 'pert' as const, min: 5, mostLikely: 10, max: 30 },
    C: { kind: 'uniform' as const, min: 20, max: 30 },
    D: { kind: 'lognormal' as const, by: 'mean-sd' as const, mean: 20, sd: 5 },
  };
  const ids = ['A', 'B', 'C', 'D'];
  const links = [{ pred: 'A', succ: 'B' }, { pred: 'B', succ: 'C' }, { pred: 'C', succ: 'D' }];
  const sigma = Math.sqrt(Math.log(1 + 0.0625));
  const mu = Math.log(20) - (sigma * sigma) / 2;
  const quantile = (p: number) =>
    invert(triangularCdfRef(10, 20, 40), p, 10, 40) + invert(pertCdfRef(5, 10, 30), p, 5, 30) + (20 + 10 * p) + invert(lognormalCdfRef(mu, sigma), p, 0, 200);

  it('ρ = 1 is the comonotone sum: each P-value is the sum of the marginals’ quantiles', () => {
    const m = model(ids, links, Object.fromEntries(ids.map((id) => [id, { d: 20, dist: dists[id as keyof typeof dists] }])));
    m.correlations = [{ name: 'all', nodes: ids.map(m.node), rho: 1 }];
    const r = runRisk(m, { seed: 99, iterations: N });
    for (const p of [10, 50, 80, 90]) {
      const d = propTol(p / 100, N);
      expect(r.finish.percentiles[p]).toBeGreaterThanOrEqual(quantile(p / 100 - d));
      expect(r.finish.percentiles[p]).toBeLessThanOrEqual(quantile(p / 100 + d));
    }
    // Uncorrelated, the spread is narrower: P90 − P10 well below the comonotone one.
    const free = runRisk({ ...m, correlations: [] }, { seed: 99, iterations: N });
    expect(free.finish.p90 - free.finish.p10).toBeLessThan(0.8 * (r.finish.p90 - r.finish.p10));
  });

  it('ρ = 0.6 between two uniforms gives Var(A + B) = 2σ²(1 + ρ) (for uniform marginals Pearson = Spearman)', () => {
    const u = { kind: 'uniform' as const, min: 0, max: 12 };
    const m = model(['A', 'B'], [{ pred: 'A', succ: 'B' }], { A: { d: 6, dist: u }, B: { d: 6, dist: u } });
    m.correlations = [{ nodes: [0, 1], rho: 0.6 }];
    const part = simulate(prepareRisk(m), { seed: 12, iterations: N });
    const s = meanSd(part.finish);
    const target = 2 * 12 * (1 + 0.6);
    expect(Math.abs(s.sd ** 2 - target)).toBeLessThan(4 * Math.sqrt((s.m4 - s.sd ** 4) / N));
    // And not what independence would give (2σ² = 24).
    expect(Math.abs(s.sd ** 2 - 24)).toBeGreaterThan(4 * Math.sqrt((s.m4 - s.sd ** 4) / N));
  });
});

describe('cost', () => {
  it('E[cost] = cost to date + (fixed + rate × E[d]) × E[factor], time-dependent cost following duration', () => {
    const N = 20_000;
    const m = model(['A'], [], { A: { d: 20, dist: { kind: 'uniform', min: 10, max: 30 } } }, {
      cost: { fixed: [1000], ratePerHour: [10], uncertainty: [{ min: 0.9, mostLikely: 1, max: 1.3 }], costToDate: 500 },
    });
    const r = runRisk(m, { seed: 21, iterations: N });
    const cost = r.cost!;
    expect(cost.deterministic).toBe(500 + 1000 + 10 * 20);
    expect(Math.abs(cost.mean - (500 + 1200 * (3.2 / 3)))).toBeLessThan(meanTol(cost.sd, N));
    // Joint confidence can be no higher than either marginal one.
    expect(r.joint!.deterministicConfidence).toBeLessThanOrEqual(Math.min(cost.deterministicConfidence, r.finish.deterministicConfidence));
    expect(r.joint!.finish.length).toBe(2000);
    expect(r.joint!.p80Confidence).toBeLessThan(0.8);
    expect(r.joint!.p80Confidence).toBeGreaterThan(0.6);
  });
});

describe('milestones', () => {
  it('a target milestone gets its own distribution: here exactly the duration before it', () => {
    const m = model(['A', 'M', 'B'], [{ pred: 'A', succ: 'M' }, { pred: 'M', succ: 'B' }], {
      A: { d: 10, dist: { kind: 'uniform', min: 5, max: 25 } },
      B: { d: 10, dist: { kind: 'uniform', min: 5, max: 15 } },
    });
    m.targets = [m.node('M')];
    const prep = prepareRisk(m);
    const part = simulate(prep, { seed: 1, iterations: 4000 });
    const r = finishResults(prep, part);
    const t = r.targets[0];
    expect(t.id).toBe('M');
    expect(t.deterministic).toBe(10);
    expect(Math.abs(t.deterministicConfidence - 0.25)).toBeLessThan(propTol(0.25, 4000));
    expect(t.min).toBeGreaterThanOrEqual(5);
    expect(t.max).toBeLessThanOrEqual(25);
    for (let k = 0; k < 4000; k++) expect(part.finish[k]).toBeGreaterThan(part.targetFinish[0][k]);
  });

  it("a milestone's own drivers: what comes before it drives it, what comes after does not", () => {
    const m = model(['A', 'M', 'B'], [{ pred: 'A', succ: 'M' }, { pred: 'M', succ: 'B' }], {
      A: { d: 10, dist: { kind: 'uniform', min: 5, max: 25 } },
      B: { d: 10, dist: { kind: 'uniform', min: 5, max: 45 } },
    });
    m.targets = [m.node('M')];
    const N = 4000;
    const prep = prepareRisk(m);
    const r = finishResults(prep, simulate(prep, { seed: 3, iterations: N }));
    const drivers = r.targets[0].drivers;
    // M finishes when A does: A's rank correlation with M is 1 up to the u-rank approximation.
    expect(drivers[0].id).toBe('A');
    expect(drivers[0].cruciality).toBeGreaterThan(0.99);
    // B comes after M: it cannot move M, so it is no driver of M at all.
    expect(drivers.map((d) => d.id)).not.toContain('B');
    const b = m.node('B');
    expect(r.targets[0].activities.criticality[b]).toBe(0);
    expect(r.targets[0].activities.cruciality[b]).toBeNaN();
    // The project's finish is driven by both, B (the wider range) the most.
    expect(r.tornado[0].id).toBe('B');
  });

  it("a milestone's own criticality index and sensitivity come from its own backward pass", () => {
    // Two paths into M (A: U(5,25), C: U(5,15)), then B after M. M finishes at max(A, C).
    // P(A > C) = ∫₅¹⁵ (25 − c)/20 · 1/10 dc = 0.75, so A is critical to M in 75% of iterations, C in 25%.
    const m = model(['A', 'C', 'M', 'B'], [{ pred: 'A', succ: 'M' }, { pred: 'C', succ: 'M' }, { pred: 'M', succ: 'B' }], {
      A: { d: 15, dist: { kind: 'uniform', min: 5, max: 25 } },
      C: { d: 10, dist: { kind: 'uniform', min: 5, max: 15 } },
      B: { d: 10, dist: { kind: 'uniform', min: 5, max: 45 } },
    });
    m.targets = [m.node('M')];
    const N = 8000;
    const prep = prepareRisk(m);
    const r = finishResults(prep, simulate(prep, { seed: 11, iterations: N }));
    const t = r.targets[0].activities;
    const [a, c, ms, b] = ['A', 'C', 'M', 'B'].map(m.node);
    expect(Math.abs(t.criticality[a] - 0.75)).toBeLessThan(propTol(0.75, N));
    expect(Math.abs(t.criticality[c] - 0.25)).toBeLessThan(propTol(0.25, N));
    expect(t.criticality[ms]).toBe(1);
    // B is on every path to the project's end, yet never critical to M.
    expect(r.activities.criticality[b]).toBe(1);
    expect(t.criticality[b]).toBe(0);
    // M = max(A, C): both move it upwards, A (wider, usually the later) the more; B not at all.
    expect(t.sensitivity[a]).toBeGreaterThan(t.sensitivity[c]);
    expect(t.sensitivity[c]).toBeGreaterThan(0);
    expect(t.sensitivity[b]).toBeNaN();
    // Against the project's finish A's r is diluted by B's wide range; against M it is not.
    expect(t.sensitivity[a]).toBeGreaterThan(r.activities.sensitivity[a]);
    expect(r.targets[0].drivers[0].id).toBe('A');
    expect(r.targets[0].drivers[0].criticality).toBe(t.criticality[a]);
  });

  it('milestone figures are the same however the iterations are split', () => {
    const m = model(['A', 'C', 'M', 'B'], [{ pred: 'A', succ: 'M' }, { pred: 'C', succ: 'M' }, { pred: 'M', succ: 'B' }], {
      A: { d: 15, dist: { kind: 'uniform', min: 5, max: 25 } },
      C: { d: 10, dist: { kind: 'triangular', min: 5, mostLikely: 8, max: 15 } },
      B: { d: 10, dist: { kind: 'uniform', min: 5, max: 45 } },
    });
    m.targets = [m.node('M')];
    const prep = prepareRisk(m);
    const whole = finishResults(prep, simulate(prep, { seed: 5, iterations: 3000 }));
    const parts = [[0, 700], [700, 1900], [1900, 3000]].map(([from, to]) => simulate(prep, { seed: 5, iterations: 3000, from, to }));
    const split = finishResults(prep, mergePartials(parts.reverse()));
    expect(Array.from(split.targets[0].activities.criticality)).toEqual(Array.from(whole.targets[0].activities.criticality));
    expect(Array.from(split.targets[0].activities.sensitivity)).toEqual(Array.from(whole.targets[0].activities.sensitivity));
  });
});

describe('per-activity figures from the exact integer sums', () => {
  it('match the stored samples, at hours from fractions to a million (quantization is far below sampling error)', () => {
    for (const scale of [0.01, 1, 1e6]) {
      const m = model(['A'], [], { A: { d: 10 * scale, dist: { kind: 'triangular', min: 5 * scale, mostLikely: 10 * scale, max: 30 * scale } } });
      const prep = prepareRisk(m);
      const part = simulate(prep, { seed: 6, iterations: 5000 });
      const r = finishResults(prep, part);
      const s = meanSd(part.finish);
      // One activity: its duration is the finish in every iteration.
      expect(Math.abs(r.activities.meanDuration[0] - s.mean)).toBeLessThan(1e-6 * s.sd);
      expect(Math.abs(r.activities.sdDuration[0] - s.sd)).toBeLessThan(1e-5 * s.sd);
      expect(r.activities.sensitivity[0]).toBeCloseTo(1, 9);
      expect(r.activities.cruciality[0]).toBeGreaterThan(0.999);
    }
  });

  it('the tornado ranks the widest activity of a chain first', () => {
    const ids = ['A', 'B', 'C'];
    const m = model(ids, [{ pred: 'A', succ: 'B' }, { pred: 'B', succ: 'C' }], {
      A: { d: 10, dist: { kind: 'uniform', min: 9, max: 11 } },
      B: { d: 10, dist: { kind: 'uniform', min: 0, max: 40 } },
      C: { d: 10, dist: { kind: 'uniform', min: 5, max: 15 } },
    });
    const r = runRisk(m, { seed: 2, iterations: 4000 });
    expect(r.tornado.map((t) => t.id)).toEqual(['B', 'C', 'A']);
  });

  it('an opportunity (negative impact) never makes a duration negative', () => {
    const m = model(['A'], [], { A: { d: 10 } }, { events: [{ id: 'O1', probability: 1, hits: [{ node: 0, schedule: { min: -30, mostLikely: -20, max: -5 } }] }] });
    const r = runRisk(m, { seed: 2, iterations: 1000 });
    expect(r.finish.min).toBe(0);
    expect(r.finish.max).toBeLessThanOrEqual(5);
  });
});
