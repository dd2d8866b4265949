/**
 * Monte Carlo schedule and cost risk (issue 15), pure and calendar-free: durations, lags and
 * finishes are working hours from the data date (./model.ts).
 *
 *   const prep = prepareRisk(model);                                   // validate + compile once
 *   const part = simulate(prep, { seed, iterations, from, to });       // any range, in any worker
 *   const all = mergePartials([partA, partB, …]);                      // same result for any split
 *   const results = finishResults(prep, all);                          // percentiles, CI, tornado, …
 *
 * `runRisk(model, { seed, iterations })` does all four on one thread.
 */
import type { RiskModel } from './model';
import { prepareRisk } from './prepare';
import { simulate } from './kernel';
import { finishResults, type FinishOptions, type RiskResults } from './results';

export type { DurationDistribution, LognormalSpec, PertSpec, TriangularSpec, TrigenSpec, UniformSpec } from './distributions';
export { normalCdf, normalQuantile, solveTrigen, betaCdf, triangularCdf } from './distributions';
export type { CorrelationGroup, CostModel, EventHit, RiskEvent, RiskModel, ThreePoint } from './model';
export { RiskModelError } from './model';
export type { PreparedRisk } from './prepare';
export { prepareRisk } from './prepare';
export type { SimulateOptions } from './kernel';
export { simulate, LANES, CRITICAL_FLOAT } from './kernel';
export type { RiskPartial } from './partial';
export { mergePartials, iterationsOf, transferablesOf } from './partial';
export type { ActivityRisk, EventRisk, FinishOptions, JointRisk, Plain, RiskResults, TargetRisk, TornadoEntry } from './results';
export { finishResults, plainResults } from './results';
export type { DistributionSummary, Histogram } from './stats';

/** Prepare, simulate every iteration and finish, on the calling thread. */
export function runRisk(model: RiskModel, opts: { seed: number; iterations: number } & FinishOptions): RiskResults {
  const prep = prepareRisk(model);
  return finishResults(prep, simulate(prep, { seed: opts.seed, iterations: opts.iterations }), opts);
}
export * from './uncertainty';
export * from './fromSchedule';
