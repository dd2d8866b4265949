/**
 * The risk worker pool's scheduling (src/client/riskPool.ts) over the core runner the workers run
 * (src/core/risk/runner.ts), in-process: the same percentiles, criticality and tornado from 1
 * worker and from 3 (different chunk sizes too), equal to a single-thread run; early results on
 * fewer iterations that sharpen to the final ones; cancel stops every worker and resolves nothing.
 */
import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model';
import { finishResults, prepareRisk, riskModelFromSchedule, simulate } from '../../../src/core/risk';
import { createRiskRunner } from '../../../src/core/risk/runner';
import { snapshotResults, type RiskLabels } from '../../../src/core/risk/snapshot';
import { inProcessWorker, poolSize, RiskRunCancelled, runRiskInPool, type RiskProgress } from '../../../src/client/riskPool';

function model() {
  const s = syntheticSchedule({ activities: 400, seed: 5, statusAt: 0.3 });
  const m = riskModelFromSchedule(s, { rules: [] });
  const labels: RiskLabels = { ids: m.model.network.ids, codes: m.codes, names: m.names, origin: m.origin, calendar: m.calendar, deterministicFinish: m.deterministicFinish, costToDate: m.costToDate, notes: m.notes };
  return { m, labels };
}

const spawn = () => inProcessWorker(createRiskRunner());

describe('risk pool', () => {
  it('gives the same results for 1 worker and for 3, equal to one thread', async () => {
    const { m, labels } = model();
    const one = await runRiskInPool(m.model, labels, { seed: 1234, iterations: 1000, workers: 1, chunk: 250, intervalMs: 0, spawn });
    const three = await runRiskInPool(m.model, labels, { seed: 1234, iterations: 1000, workers: 3, chunk: 70, intervalMs: 0, spawn });
    expect(three.iterations).toBe(1000);
    expect(three.finish.percentiles).toEqual(one.finish.percentiles);
    expect([three.finish.dates.p10, three.finish.dates.p50, three.finish.dates.p80, three.finish.dates.p90]).toEqual([one.finish.dates.p10, one.finish.dates.p50, one.finish.dates.p80, one.finish.dates.p90]);
    expect(three).toEqual(one);
    const prep = prepareRisk(m.model);
    const single = snapshotResults(finishResults(prep, simulate(prep, { seed: 1234, iterations: 1000 })), labels);
    expect(one).toEqual(single);
    // A different seed gives a different run (the comparison above could not pass vacuously).
    const other = await runRiskInPool(m.model, labels, { seed: 99, iterations: 1000, workers: 2, intervalMs: 0, spawn });
    expect(other.finish.percentiles).not.toEqual(one.finish.percentiles);
  });

  it('reports progress and early results on fewer iterations, then the final ones', async () => {
    const { m, labels } = model();
    const seen: RiskProgress[] = [];
    const final = await runRiskInPool(m.model, labels, { seed: 7, iterations: 2000, workers: 2, chunk: 50, intervalMs: 5, spawn, onProgress: (p) => seen.push(p) });
    const done = seen.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(2000);
    const early = seen.filter((p) => p.results && p.done < 2000);
    expect(early.length).toBeGreaterThan(0);
    for (const p of early) expect(p.results!.iterations).toBeLessThan(2000);
    expect(seen.at(-1)!.results).toEqual(final);
  });

  it('cancel terminates every worker and saves nothing', async () => {
    const { m, labels } = model();
    const ctl = new AbortController();
    const terminated: number[] = [];
    let k = 0;
    const tracked = () => {
      const id = k++;
      return { ...spawn(), terminate: () => terminated.push(id) };
    };
    const run = runRiskInPool(m.model, labels, { seed: 7, iterations: 5000, workers: 3, chunk: 50, intervalMs: 0, spawn: tracked, signal: ctl.signal, onProgress: (p) => p.done >= 200 && ctl.abort() });
    await expect(run).rejects.toBeInstanceOf(RiskRunCancelled);
    expect(terminated.sort()).toEqual([0, 1, 2]);
  });

  it('sizes the pool to the cores, 1 to 8', () => {
    expect([poolSize(undefined), poolSize(0), poolSize(2), poolSize(16)]).toEqual([1, 1, 2, 8]);
  });
});
