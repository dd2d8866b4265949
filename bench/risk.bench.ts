/**
 * Monte Carlo schedule and cost risk (issue 15): one core, seeded synthetic schedules with
 * PERFORMANCE_NOTES.md §5.1's uncertainty mix (tests/unit/risk/networks.ts syntheticRiskModel):
 * distributions on every working activity, N/50 risk events, 20 correlation groups, cost with
 * uncertainty, three milestone targets. "Every output" = prepare + simulate + finishResults
 * (percentiles, histograms, cost, joint scatter, criticality, Pearson, Spearman pass, SSI,
 * tornado, events, targets). Targets: 10k activities × 1,000 iterations ≤ 0.8 s; × 10,000 ≤ 8 s.
 */
import { syntheticSchedule } from '../src/core/model';
import { finishResults, prepareRisk, runRisk, simulate, type RiskModel } from '../src/core/risk';
import { syntheticRiskModel } from '../tests/unit/risk/networks';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

interface RiskCtx {
  n: number;
  model: RiskModel;
}

export const riskSuite: BenchSuite<RiskCtx> = {
  id: 'risk',
  // 3,614: the schedule behind Full Monte's published ≈ 30 s for 1,000 iterations.
  sizes: [3_614, 10_000, 50_000],
  label: (n) => (n % 1000 ? `${n.toLocaleString('en')} activities` : sizeLabel(n)),
  setup(n) {
    return { n, model: syntheticRiskModel(syntheticSchedule({ activities: n, seed: 42 }), 7) };
  },
  cases(n): BenchCase<RiskCtx>[] {
    const cases: BenchCase<RiskCtx>[] = [
      {
        name: 'Monte Carlo × 1,000 iterations, every output',
        targetMs: n === 10_000 ? 800 : undefined,
        runs: n >= 50_000 ? 3 : 5,
        warmup: 1,
        fn: (x) => runRisk(x.model, { seed: 1, iterations: 1000 }),
      },
      {
        name: 'Monte Carlo × 1,000 iterations, kernel only (simulate)',
        runs: n >= 50_000 ? 3 : 5,
        warmup: 1,
        fn: (x) => {
          const prep = prepareRisk(x.model);
          return simulate(prep, { seed: 1, iterations: 1000 });
        },
      },
    ];
    if (n === 10_000) {
      cases.push({
        name: 'Monte Carlo × 10,000 iterations, every output',
        targetMs: 8000,
        runs: 3,
        warmup: 1,
        fn: (x) => {
          const prep = prepareRisk(x.model);
          return finishResults(prep, simulate(prep, { seed: 1, iterations: 10_000 }));
        },
      });
    }
    return cases;
  },
};
