/**
 * A risk worker (issue 15): one of the pool src/client/riskPool.ts runs, sized to the device's
 * cores. Each holds its own copy of the model (a few MB for 10,000 activities; copying it per
 * worker keeps them independent) and the core runner's state (src/core/risk/runner.ts). Partials
 * are transferred, never copied.
 */
import * as Comlink from 'comlink';
import { transferablesOf, type RiskPartial } from '../src/core/risk/partial';
import { createRiskRunner } from '../src/core/risk/runner';

const runner = createRiskRunner();

const api = {
  prepare: runner.prepare,
  simulate: runner.simulate,
  take(): RiskPartial | null {
    const p = runner.take();
    return p ? Comlink.transfer(p, transferablesOf(p)) : null;
  },
  collect: runner.collect,
};

export type RiskWorkerApi = typeof api;

Comlink.expose(api);
