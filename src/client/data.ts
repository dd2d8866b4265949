/**
 * The page's handle on the data worker (the device's backend, src/local). One worker per tab and
 * account, started on first use and replaced if it ever crashes, so a failure costs one call, never
 * the session. Each account has its own local database on the device: when a different person signs
 * in, the old worker is stopped and a new one opens their database.
 *
 * Sync (issue 13) runs in the same worker: right after naming the account the page hands it the
 * user's teams (GET /api/teams) and the access token (startSync), and again on signing in again or
 * after a change of teams (restartSync); its status lands in syncStatus.ts; sign-out stops it
 * (stopSync). Later tokens reach the worker on the `earnest-auth-token` channel (api.ts).
 *
 * The worker also speaks unasked (contracts.ts StoreEvent): another tab changed projects, or this
 * tab's build is older than the data on the device. `useLocalStoreEvents` holds what it said, for
 * the project list to refresh and the reload banner to show.
 */
import * as Comlink from 'comlink';
import { create } from 'zustand';
import type { DataApi, StoreEvent, SyncTeam } from '../local/contracts';
import { currentAccessToken, onAuthChange } from './api';
import { useSession } from './session';
import { setSyncSnapshot } from './syncStatus';
import { teamsApi } from './teamsApi';

export interface LocalStoreEvents {
  /** Bumped each time another tab changes this account's projects: lists read again when it moves. */
  projectsChanged: number;
  /** Set when this tab must reload: it no longer saves anything (data written by a newer build). */
  readOnly: { message: string; layout: number } | null;
}

export const useLocalStoreEvents = create<LocalStoreEvents>(() => ({ projectsChanged: 0, readOnly: null }));

/** Applies what the data worker announced. */
export function noteStoreEvent(event: StoreEvent): void {
  if (event.kind === 'projects-changed') useLocalStoreEvents.setState((s) => ({ projectsChanged: s.projectsChanged + 1 }));
  else useLocalStoreEvents.setState({ readOnly: { message: event.message, layout: event.layout } });
}

type Entry = { worker: Worker; api: Comlink.Remote<DataApi>; userId: string; retryOnline?: boolean };
let current: Entry | null = null;

/** The user's teams as the worker takes them; [] when the server cannot be asked (the worker then uses the ones it remembers). */
async function fetchTeams(): Promise<{ teams: SyncTeam[]; fetched: boolean }> {
  try {
    const list = await teamsApi.list();
    return { teams: list.map((t) => ({ id: t.id, name: t.name, role: t.role, isHome: t.is_home })), fetched: true };
  } catch {
    return { teams: [], fetched: false };
  }
}

/**
 * Tells the worker's sync which teams to replicate and with which token: right after useAccount,
 * and again whenever they change (restartSync). Without a network the worker serves the teams it
 * remembers; the list is asked for again when the network returns.
 */
async function startSyncFor(entry: Entry): Promise<void> {
  teamsCheckedAt = Date.now();
  const { teams, fetched } = await fetchTeams();
  if (current !== entry) return;
  if (!fetched && !entry.retryOnline && typeof window !== 'undefined') {
    entry.retryOnline = true;
    window.addEventListener(
      'online',
      () => {
        entry.retryOnline = false;
        startSyncFor(entry).catch((err: unknown) => console.error('Sync could not start:', err));
      },
      { once: true },
    );
  }
  await entry.api.startSync({ origin: location.origin, accessToken: currentAccessToken(), teams, online: navigator.onLine });
}

function start(userId: string) {
  const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'earnest-data' });
  const entry = { worker, api: Comlink.wrap<DataApi>(worker), userId };
  // Comlink delivers calls in order, so everything asked after this runs against this account.
  void entry.api.useAccount(userId, { name: useSession.getState().user?.email ?? '' });
  void entry.api.subscribe(Comlink.proxy(noteStoreEvent));
  void entry.api.subscribeSync(Comlink.proxy(setSyncSnapshot));
  // Calls made meanwhile wait in the worker for the team list (or use the one it remembers).
  startSyncFor(entry).catch((err: unknown) => console.error('Sync could not start:', err));
  // The worker's sync follows the page's online state (contracts.ts setOnline says why).
  const reportOnline = () => {
    if (current === entry) void entry.api.setOnline(navigator.onLine);
  };
  window.addEventListener('online', reportOnline);
  window.addEventListener('offline', reportOnline);
  worker.addEventListener('error', () => {
    // A crashed worker is dropped; the next call starts a fresh one over the same IndexedDB.
    if (current === entry) current = null;
    worker.terminate();
  });
  current = entry;
  return entry;
}

/**
 * The data worker's API for the signed-in account. /app is guarded, so someone is signed in here;
 * if not, the worker's calls reject with "Sign in to open your projects…".
 */
export function dataApi(): Comlink.Remote<DataApi> {
  const userId = useSession.getState().user?.id ?? '';
  if (current && current.userId !== userId) {
    current.worker.terminate();
    current = null;
    useLocalStoreEvents.setState({ readOnly: null });
    setSyncSnapshot(null);
  }
  return (current ?? start(userId)).api;
}

/**
 * Asks the server for the user's teams again and hands them to the worker's sync (after joining or
 * leaving a team, a role change, or signing in again). Starts the worker if it is not running.
 */
export function restartSync(): Promise<void> {
  const before = current;
  dataApi();
  // A worker started just now has asked for them already.
  return current && current === before ? startSyncFor(current) : Promise.resolve();
}

/** Starts the data worker, and with it sync, if it is not running yet (the signed-in app opening on a page that reads no projects). */
export function ensureSync(): void {
  dataApi();
}

/**
 * Stops the worker's replication (sign-out); its data stays on the device. Does nothing when no
 * worker is running (nothing was replicating).
 */
export async function stopSync(): Promise<void> {
  await current?.api.stopSync();
}

/**
 * Teams and roles change elsewhere (an owner makes this user an editor, a team is left on another
 * device): when the tab comes back into view the list is asked for again, at most once a minute.
 */
const TEAMS_RECHECK_MS = 60_000;
let teamsCheckedAt = 0;
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !current || Date.now() - teamsCheckedAt < TEAMS_RECHECK_MS) return;
    teamsCheckedAt = Date.now();
    startSyncFor(current).catch((err: unknown) => console.error('Sync could not start:', err));
  });
}

// Signing in again (the same person, this worker still open): sync starts again with the new session.
onAuthChange((user) => {
  if (user && current?.userId === user.id) startSyncFor(current).catch((err: unknown) => console.error('Sync could not start:', err));
});

/**
 * Hands schedules' JSON from the import worker to the data worker, transferred (never copied): the
 * page's `json` is empty afterwards. `api` is the data worker's (tests pass one over a MessageChannel).
 */
export function stageSchedules(json: ArrayBuffer, meta: { fileName: string; format: string; fileSize: number }, api: Pick<Comlink.Remote<DataApi>, 'stage'> = dataApi()) {
  return api.stage(Comlink.transfer(json, [json]), meta);
}
