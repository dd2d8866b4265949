/**
 * The data worker's sync calls (contracts.ts SyncApi): the sync engine (sync/controller.ts) wired to
 * the account's spaces (account.ts). Each team's store and its replication share one PouchDB handle
 * (the store's); documents that arrive bring the store's derived tables up to date and tell this
 * tab's page and the other tabs that projects changed.
 */
import type { AccountSession } from './account';
import type { PendingReport, SyncApi, SyncStart, WaitResult } from './contracts';
import { pouchDb } from './store';
import type { PouchStatic } from './sync/db';
import { SyncController, type SyncControllerOptions } from './sync/controller';
import { accountHash } from './sync/names';
import { pendingIdsOffline, readSyncState } from './sync/sent';
import type { SyncSnapshot } from './sync/status';
import { createTokenSource, refreshFromServer, type LockManagerLike, type SharedTokenSource } from './sync/tokens';

export interface SyncWiring {
  /** The PouchDB constructor remotes are opened with (default the store's: pouchdb-browser). */
  PouchDB?: PouchStatic;
  /** How a new access token is obtained (default POST <origin>/api/auth/refresh with the cookie). */
  refresh?: (origin: string) => () => Promise<string | null>;
  /** Web Locks and the token channel for the token source (default the browser's). */
  tokens?: { locks?: LockManagerLike | null; channelName?: string | null };
  /** Engine options (tests: network, fetch, backoff, clock, leader lock). */
  engine?: Partial<Omit<SyncControllerOptions, 'origin' | 'PouchDB' | 'openDb' | 'tokens' | 'onPulled'>>;
}

export type SyncHandlers = Omit<SyncApi, 'renameProject'> & {
  /** The engine, once started (diagnostics and tests). */
  controller(): SyncController | null;
  /** Stops and forgets the engine (the account's data is being removed from the device). */
  closeSync(): Promise<void>;
};

/** Document types whose arrival changes what the project list or a project's screens show (comments and VARs: the dashboard and the list's "what changed"; thresholds and acknowledged alerts: the alerts; baselines, the PMB and approved changes: the figures; risk setups and snapshots: the Risk tab and the probabilistic finish). */
const LISTED = /^(project|import|periods|settings|comment|var|thresholds|ack|baseline|pmb|change|craudit|budgetbase|risksetup|risk):/;

const NOT_STARTED = 'Sync has not started on this device yet: connect to the internet and reload the page.';

/** `started`: runs (not awaited) each time sync starts: unfinished moves of projects finish then. */
export function syncHandlers(session: AccountSession, wiring: SyncWiring = {}, hooks: { started?: () => Promise<unknown> } = {}): SyncHandlers {
  let controller: SyncController | null = null;
  let origin: string | null = null;
  let tokens: SharedTokenSource | null = null;
  // What the page last said (setOnline, SyncStart.online); null: it has not said.
  let online: boolean | null = null;
  const listeners = new Set<(snapshot: SyncSnapshot) => void>();

  const forward = (snapshot: SyncSnapshot) => {
    for (const l of listeners) {
      // A page gone away (its proxy rejects) must not stop the others.
      void Promise.resolve()
        .then(() => l(snapshot))
        .catch(() => undefined);
    }
  };

  /** Replicated documents: derived tables catch up, then lists everywhere read again. */
  const pulled = async (teamId: string, ids: string[]) => {
    const { store } = await session.space(teamId);
    await store.refreshDerived().catch(() => undefined);
    session.noteArrived(teamId, ids);
    if (ids.some((id) => LISTED.test(id))) store.notifyChanged();
  };

  async function pendingChanges(): Promise<PendingReport[]> {
    if (controller) return controller.pendingChanges();
    // Never started here: what each team's database holds that no server confirmed, counted offline.
    const out: PendingReport[] = [];
    for (const team of session.knownTeams() ?? []) {
      const db = (await session.space(team.id)).store.pouch;
      const pending = (await pendingIdsOffline(db, await readSyncState(db))).size;
      out.push({ teamId: team.id, teamName: team.name, ...(team.isHome ? { isHome: true } : {}), pending, canSend: false, why: NOT_STARTED });
    }
    return out;
  }

  const closeSync = async () => {
    const c = controller;
    controller = null;
    origin = null;
    await c?.close();
    tokens?.close();
    tokens = null;
  };

  return {
    async startSync(start: SyncStart) {
      if (!start || typeof start.origin !== 'string' || !/^https?:\/\//.test(start.origin)) throw new Error('startSync needs the page’s origin (location.origin).');
      if (!Array.isArray(start.teams)) throw new Error('startSync needs the list of teams (GET /api/teams).');
      if (typeof start.online === 'boolean') online = start.online;
      await session.setTeams(start.teams);
      const teams = session.knownTeams();
      const userId = session.userId;
      if (!teams || !userId) return; // No team known yet (offline on a first start): nothing to replicate.
      if (controller && origin !== start.origin) await closeSync();
      if (!tokens) {
        tokens = createTokenSource({ initial: start.accessToken, refresh: (wiring.refresh ?? refreshFromServer)(start.origin), ...wiring.tokens });
      } else if (start.accessToken) tokens.set(start.accessToken);
      if (!controller) {
        origin = start.origin;
        const hash = await accountHash(userId);
        controller = new SyncController({
          leaderLock: { name: `earnest-sync-${hash}` },
          // Online state comes from the page (setOnline) when it reports one.
          ...(online !== null ? { network: null } : {}),
          ...wiring.engine,
          origin: start.origin,
          PouchDB: wiring.PouchDB ?? pouchDb(),
          // The store's own handle: one per database, shared by the store and its replication.
          openDb: async (team) => (await session.space(team.id)).store.pouch,
          tokens,
          onPulled: pulled,
        });
        controller.subscribe(forward);
      }
      if (online !== null) controller.setOnline(online);
      controller.start(teams.map((t) => ({ id: t.id, name: t.name, role: t.role, is_home: t.isHome })));
      forward(controller.getSnapshot());
      void hooks.started?.().catch(() => undefined);
    },

    async subscribeSync(listener) {
      listeners.add(listener);
      if (controller) forward(controller.getSnapshot());
    },

    pendingChanges,

    async waitForSent(timeoutMs: number): Promise<WaitResult> {
      if (controller) return controller.waitForSent({ timeoutMs });
      const waiting = (await pendingChanges()).filter((r) => r.pending > 0);
      return { sent: waiting.length === 0, waiting };
    },

    async stopSync() {
      await controller?.stop();
    },

    async setOnline(on: boolean) {
      if (typeof on !== 'boolean') return;
      online = on;
      controller?.setOnline(on);
    },

    controller: () => controller,
    closeSync,
  };
}
