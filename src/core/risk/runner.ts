/**
 * One risk worker's state (workers/risk.worker.ts exposes this; src/client/riskPool.ts drives a
 * pool of them). Each worker prepares its own copy of the model once, then simulates the chunks of
 * iterations it is handed, adding each into what it holds. One of them also "collects": the others
 * hand it what they hold (take(), which empties theirs, so nothing is counted twice), it merges
 * that into everything collected so far and finishes the results. The page thread only passes
 * messages; merging and finishing happen here.
 *
 * Partials merge exactly (./partial.ts), so the results depend on the seed and the iterations
 * only, never on how many workers ran or which chunks each took.
 */
import type { RiskModel } from './model';
import { iterationsOf, mergePartials, type RiskPartial } from './partial';
import { prepareRisk, type PreparedRisk } from './prepare';
import { simulate } from './kernel';
import { finishResults, type FinishOptions } from './results';
import { snapshotResults, type RiskLabels, type RiskSnapshotResults, type SnapshotOptions } from './snapshot';

export interface RiskRunner {
  /** Validates and compiles the model (once per run). */
  prepare(model: RiskModel, labels: RiskLabels): void;
  /** Simulates iterations [from, to) of a run of `iterations` and adds them to what this runner holds; returns how many it holds. */
  simulate(seed: number, iterations: number, from: number, to: number): number;
  /** What this runner holds, handed over and forgotten here (null when it holds nothing). */
  take(): RiskPartial | null;
  /**
   * Adds `parts` and what this runner holds to everything collected, and finishes the results of
   * all of it (null when nothing has been simulated yet).
   */
  collect(parts: readonly RiskPartial[], opts?: FinishOptions & SnapshotOptions): RiskSnapshotResults | null;
}

export function createRiskRunner(): RiskRunner {
  let prep: PreparedRisk | null = null;
  let labels: RiskLabels | null = null;
  let own: RiskPartial | null = null;
  let collected: RiskPartial | null = null;
  const ready = (): PreparedRisk => {
    if (!prep) throw new Error('This risk worker has no model: prepare it first.');
    return prep;
  };
  return {
    prepare(model, l) {
      prep = prepareRisk(model);
      labels = l;
      own = null;
      collected = null;
    },
    simulate(seed, iterations, from, to) {
      const p = simulate(ready(), { seed, iterations, from, to });
      own = own ? mergePartials([own, p]) : p;
      return iterationsOf(own);
    },
    take() {
      const p = own;
      own = null;
      return p;
    },
    collect(parts, opts = {}) {
      const all = [...(collected ? [collected] : []), ...parts, ...(own ? [own] : [])];
      own = null;
      if (all.length === 0) return null;
      collected = all.length === 1 ? all[0] : mergePartials(all);
      if (!labels) throw new Error('This risk worker has no model: prepare it first.');
      return snapshotResults(finishResults(ready(), collected, opts), labels, opts);
    },
  };
}
