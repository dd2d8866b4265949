/**
 * One simulation from the Risk tab (issue 15): the data worker builds the model from the latest
 * import (its arrays transferred here, never computed here), the pool of risk workers runs it
 * (riskPool.ts), and the finished run is saved as a risk snapshot through the data worker. A
 * cancelled or failed run saves nothing.
 */
import type { RiskProjectSetup, RiskSnapshotRow } from '../local/contracts';
import type { RiskSnapshotResults } from '../core/risk/snapshot';
import { dataApi } from './data';
import { runRiskInPool, type RiskProgress } from './riskPool';

export interface RiskRunOutcome {
  results: RiskSnapshotResults;
  row: RiskSnapshotRow | null;
  /** Why it was not saved (a viewer, a full device), when it was not. */
  notSaved: string | null;
  elapsedMs: number;
}

export async function runRisk(projectId: string, setup: RiskProjectSetup, opts: { name: string; save: boolean; signal?: AbortSignal; onProgress?: (p: RiskProgress) => void }): Promise<RiskRunOutcome> {
  const m = await dataApi().prepareRiskRun(projectId, setup);
  let elapsedMs = 0;
  const results = await runRiskInPool(m.model, m.labels, {
    seed: setup.seed,
    iterations: setup.iterations,
    signal: opts.signal,
    onProgress: (p) => {
      elapsedMs = p.elapsedMs;
      opts.onProgress?.(p);
    },
  });
  if (!opts.save) return { results, row: null, notSaved: null, elapsedMs };
  try {
    const row = await dataApi().saveRiskSnapshot(projectId, { name: opts.name, seed: setup.seed, iterations: setup.iterations, setup, results, importId: m.importId, dataDate: m.dataDate, elapsedMs });
    return { results, row, notSaved: null, elapsedMs };
  } catch (e) {
    return { results, row: null, notSaved: e instanceof Error ? e.message : String(e), elapsedMs };
  }
}
