/**
 * The data worker's API (contracts.ts DataApi), put together from the per-feature handlers. The
 * worker entry (workers/data.worker.ts) only exposes what this returns; tests call it directly, in
 * Node, against the same store code.
 */
import { AccountSession, openAccountStore, type OpenStore } from './account';
import { collabHandlers, type Identity } from './collab';
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
  // Who writes comments, VARs and imports: set by useAccount.
  const who: Identity = { userId: null, name: null };
  const staging = stagingHandlers(session, opts.buildId, opts.now, () => (who.userId ? { id: who.userId, name: who.name ?? '' } : null));
  const collab = collabHandlers(session, who, { buildId: opts.buildId, now: opts.now });
  const projects = projectHandlers(session);
  return {
    async useAccount(userId, name) {
      session.use(userId);
      who.userId = userId;
      if (name && typeof name.name === 'string' && name.name.trim()) who.name = name.name.trim().slice(0, 200);
    },
    async subscribe(listener: (event: StoreEvent) => void) {
      session.whenOpen((store) => store.subscribe(listener));
    },
    ...projects,
    async listProjects() {
      return collab.withChanges(await projects.listProjects());
    },
    ...deviceHandlers(session, () => staging.clear()),
    stage: staging.stage,
    commit: staging.commit,
    discard: staging.discard,
    staging: { stagedCount: staging.stagedCount },
    ...periodTableHandlers(session),
    ...dashboardHandlers(session, opts.buildId, opts.now),
    ...mappingHandlers(session),
    listComments: collab.listComments,
    addComment: collab.addComment,
    editComment: collab.editComment,
    setCommentResolved: collab.setCommentResolved,
    deleteComment: collab.deleteComment,
    resolveCommentConflict: collab.resolveCommentConflict,
    listVariances: collab.listVariances,
    saveVariance: collab.saveVariance,
    setVarianceStatus: collab.setVarianceStatus,
    resolveVarianceConflict: collab.resolveVarianceConflict,
    markProjectSeen: collab.markProjectSeen,
  };
}
