/**
 * Baselines (issue 14) on seeded synthetic schedules: the plan "set current as baseline" takes,
 * applying a plan as the PMB before the analysis, and comparing two plans (every activity, WBS
 * element and control account, in working days). Target: 20k activities compare in well under a
 * second (set here at 250 ms).
 */
import { applyBaseline, compareBaselines, planOfCurrent, planOfFile } from '../src/core/evm';
import { syntheticSchedule } from '../src/core/model';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

function inputs(n: number) {
  const schedule = syntheticSchedule({ activities: n, seed: 42 });
  return { n, schedule, file: planOfFile(schedule), current: planOfCurrent(schedule) };
}

type Ctx = ReturnType<typeof inputs>;

export const baselinesSuite: BenchSuite<Ctx> = {
  id: 'baselines',
  sizes: [1_000, 20_000, 100_000],
  label: sizeLabel,
  setup: inputs,
  cases(n): BenchCase<Ctx>[] {
    const runs = n >= 100_000 ? 9 : n >= 20_000 ? 15 : 50;
    return [
      { name: 'plan of the current dates and budgets', runs, fn: (x) => planOfCurrent(x.schedule) },
      { name: 'apply a plan as the PMB', runs, fn: (x) => applyBaseline(x.schedule, x.current) },
      { name: 'compare baseline with current status', runs, targetMs: n === 20_000 ? 250 : undefined, fn: (x) => compareBaselines(x.file, x.current) },
    ];
  },
};
