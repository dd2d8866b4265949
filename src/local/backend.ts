/**
 * The data worker's API (contracts.ts DataApi), put together from the per-feature handlers. The
 * worker entry (workers/data.worker.ts) only exposes what this returns; tests call it directly, in
 * Node, against the same store code.
 */
import { AccountSession, openAccountStore, type OpenStore } from './account';
import type { DataApi, StoreEvent } from './contracts';
import { dashboardHandlers } from './dashboard';
import { deviceHandlers } from './device';
import { stagingHandlers, type StagingHandlers } from './imports/staging';
import { mappingHandlers } from './mappings';
import { periodTableHandlers } from './periodTables';
import { projectHandlers } from './projects';

export interface DataBackendOptions {
  /** The app build (vite.config.ts `define`): cached results of an older engine are not reused. */
  buildId: string;
  /** How an account's store is opened; default its own database on this device. */
  open?: OpenStore;
  /** The device's clock (today is the status date of last resort). */
  now?: () => Date;
}

export type DataBackend = DataApi & { staging: Pick<StagingHandlers, 'stagedCount'> };

export function createDataBackend(opts: DataBackendOptions): DataBackend {
  const session = new AccountSession(opts.open ?? openAccountStore(opts.buildId));
  const staging = stagingHandlers(session, opts.buildId, opts.now);
  return {
    async useAccount(userId) {
      session.use(userId);
    },
    async subscribe(listener: (event: StoreEvent) => void) {
      session.whenOpen((store) => store.subscribe(listener));
    },
    ...projectHandlers(session),
    ...deviceHandlers(session, () => staging.clear()),
    stage: staging.stage,
    commit: staging.commit,
    discard: staging.discard,
    staging: { stagedCount: staging.stagedCount },
    ...periodTableHandlers(session),
    ...dashboardHandlers(session, opts.buildId, opts.now),
    ...mappingHandlers(session),
  };
}
