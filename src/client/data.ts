/**
 * The page's handle on the data worker (the device's backend, src/local). One worker per tab and
 * account, started on first use and replaced if it ever crashes, so a failure costs one call, never
 * the session. Each account has its own local database on the device: when a different person signs
 * in, the old worker is stopped and a new one opens their database.
 *
 * The worker also speaks unasked (contracts.ts StoreEvent): another tab changed projects, or this
 * tab's build is older than the data on the device. `useLocalStoreEvents` holds what it said, for
 * the project list to refresh and the reload banner to show.
 */
import * as Comlink from 'comlink';
import { create } from 'zustand';
import type { DataApi, StoreEvent } from '../local/contracts';
import { useSession } from './session';

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

let current: { worker: Worker; api: Comlink.Remote<DataApi>; userId: string } | null = null;

function start(userId: string) {
  const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'earnest-data' });
  const entry = { worker, api: Comlink.wrap<DataApi>(worker), userId };
  // Comlink delivers calls in order, so everything asked after this runs against this account.
  void entry.api.useAccount(userId, { name: useSession.getState().user?.email ?? '' });
  void entry.api.subscribe(Comlink.proxy(noteStoreEvent));
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
  }
  return (current ?? start(userId)).api;
}

/**
 * Hands schedules' JSON from the import worker to the data worker, transferred (never copied): the
 * page's `json` is empty afterwards. `api` is the data worker's (tests pass one over a MessageChannel).
 */
export function stageSchedules(json: ArrayBuffer, meta: { fileName: string; format: string; fileSize: number }, api: Pick<Comlink.Remote<DataApi>, 'stage'> = dataApi()) {
  return api.stage(Comlink.transfer(json, [json]), meta);
}
