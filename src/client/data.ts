/**
 * The page's handle on the data worker (local store + analysis). One worker per tab and account,
 * started on first use and replaced if it ever crashes, so a failure costs one call, never the
 * session. Each account has its own local database on the device: when a different person signs
 * in, the old worker is stopped and a new one opens their database.
 */
import * as Comlink from 'comlink';
import type { DataWorkerApi } from '../../workers/data.worker';
import { useSession } from './session';

let current: { worker: Worker; api: Comlink.Remote<DataWorkerApi>; userId: string } | null = null;

function start(userId: string) {
  const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'earnest-data' });
  const entry = { worker, api: Comlink.wrap<DataWorkerApi>(worker), userId };
  // Comlink delivers calls in order, so everything asked after this runs against this account.
  void entry.api.useAccount(userId);
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
export function dataApi(): Comlink.Remote<DataWorkerApi> {
  const userId = useSession.getState().user?.id ?? '';
  if (current && current.userId !== userId) {
    current.worker.terminate();
    current = null;
  }
  return (current ?? start(userId)).api;
}
