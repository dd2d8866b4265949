/**
 * The data worker's API (contracts.ts DataApi), put together from the per-feature handlers. The
 * worker entry (workers/data.worker.ts) only exposes what this returns; tests call it directly, in
 * Node, against the same store and sync code.
 */
import { activityGridHandlers } from './activities/grid';
import { AccountSession, openTeamStore, type AccountSessionOptions, type OpenTeamStore } from './account';
import { baselinesHandlers } from './baselines';
import { changesHandlers } from './changes';
import { collabHandlers, type Identity } from './collab';
import type { DataApi, StoreEvent, SyncTeam } from './contracts';
import { dashboardHandlers } from './dashboard';
import { deviceHandlers } from './device';
import { stagingHandlers, type StagingHandlers } from './imports/staging';
import { mappingHandlers } from './mappings';
import { periodTableHandlers } from './periodTables';
import { portfolioHandlers } from './portfolio';
import { projectMoves } from './projectMoves';
import { projectHandlers } from './projects';
import { reportHandlers } from './reports';
import { riskHandlers } from './risk';
import { syncHandlers, type SyncHandlers, type SyncWiring } from './syncHandlers';
import { thresholdsHandlers } from './thresholds';

export interface DataBackendOptions {
  /** The app build (vite.config.ts `define`): cached results of an older engine are not reused. */
  buildId: string;
  /** How a team's store is opened; default its device database (indexeddb). */
  open?: OpenTeamStore;
  /** The migration of the old per-account database and the remembered team list (tests). */
  session?: Omit<AccountSessionOptions, 'open'>;
  /** Teams known before startSync (tests that do not sync). */
  teams?: SyncTeam[];
  /** How the sync engine reaches the server (tests). */
  sync?: SyncWiring;
  /** The device's clock (today is the status date of last resort). */
  now?: () => Date;
}

export type DataBackend = DataApi & {
  staging: Pick<StagingHandlers, 'stagedCount'>;
  /** The account's spaces (tests). */
  session: AccountSession;
  sync: Pick<SyncHandlers, 'controller' | 'closeSync'>;
};

export function createDataBackend(opts: DataBackendOptions): DataBackend {
  const session = new AccountSession({ ...opts.session, open: opts.open ?? openTeamStore(opts.buildId) });
  // Who writes comments, VARs and imports: set by useAccount.
  const who: Identity = { userId: null, name: null };
  // Moves need the sync engine (their gate); unfinished ones finish whenever sync starts.
  const sync = syncHandlers(session, opts.sync, { started: () => moves.resumeAll() });
  const staging = stagingHandlers(
    session,
    opts.buildId,
    opts.now,
    () => (who.userId ? { id: who.userId, name: who.name ?? '' } : null),
    (teamId) => sync.controller()?.hold(teamId) ?? (() => undefined),
  );
  const collab = collabHandlers(session, who, { buildId: opts.buildId, now: opts.now });
  const projects = projectHandlers(session, who);
  const moves = projectMoves(session, () => sync.controller());
  // Collaboration calls run like the others: never while a change of spaces closes a store.
  const inSession =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      session.run(() => f(...args));
  const backend: Omit<DataBackend, 'exportReport'> = {
    async useAccount(userId, name) {
      session.use(userId);
      who.userId = userId;
      if (name && typeof name.name === 'string' && name.name.trim()) who.name = name.name.trim().slice(0, 200);
      if (opts.teams) await session.setTeams(opts.teams);
    },
    async subscribe(listener: (event: StoreEvent) => void) {
      session.subscribe(listener);
    },
    ...projects,
    listProjects: () => session.run(async () => collab.withChanges(await session.listProjects())),
    ...deviceHandlers(session, async () => {
      staging.clear();
      await sync.closeSync();
    }),
    stage: staging.stage,
    commit: staging.commit,
    discard: staging.discard,
    staging: { stagedCount: staging.stagedCount },
    ...periodTableHandlers(session),
    ...dashboardHandlers(session, opts.buildId, opts.now),
    ...portfolioHandlers(session, opts.buildId, opts.now),
    ...mappingHandlers(session),
    activityGrid: activityGridHandlers(session, opts.now).activityGrid,
    startSync: sync.startSync,
    subscribeSync: sync.subscribeSync,
    pendingChanges: sync.pendingChanges,
    waitForSent: sync.waitForSent,
    stopSync: sync.stopSync,
    setOnline: sync.setOnline,
    session,
    sync: { controller: sync.controller, closeSync: sync.closeSync },
    listComments: inSession(collab.listComments),
    addComment: inSession(collab.addComment),
    editComment: inSession(collab.editComment),
    setCommentResolved: inSession(collab.setCommentResolved),
    deleteComment: inSession(collab.deleteComment),
    resolveCommentConflict: inSession(collab.resolveCommentConflict),
    listVariances: inSession(collab.listVariances),
    saveVariance: inSession(collab.saveVariance),
    setVarianceStatus: inSession(collab.setVarianceStatus),
    resolveVarianceConflict: inSession(collab.resolveVarianceConflict),
    markProjectSeen: inSession(collab.markProjectSeen),
    moveProject: (projectId, toTeamId, onProgress) => moves.moveProject(projectId, toTeamId, onProgress),
    ...baselinesHandlers(session, who, { now: opts.now }),
    ...changesHandlers(session, who, { buildId: opts.buildId, now: opts.now }),
    ...thresholdsHandlers(session, who, { now: opts.now }),
    ...riskHandlers(session, who, { now: opts.now }),
  };
  // Reports read the project through the calls above, so they show exactly what the screens do.
  return { ...backend, ...reportHandlers(session, backend, opts.now) };
}
