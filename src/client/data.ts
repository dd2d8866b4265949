/**
 * The page's handle on the data worker (local store + analysis). One worker per tab, started on
 * first use and replaced if it ever crashes, so a failure costs one call, never the session.
 */
import * as Comlink from 'comlink';
import type { DataWorkerApi } from '../../workers/data.worker';

let current: { worker: Worker; api: Comlink.Remote<DataWorkerApi> } | null = null;

function start() {
  const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'earnest-data' });
  const entry = { worker, api: Comlink.wrap<DataWorkerApi>(worker) };
  worker.addEventListener('error', () => {
    // A crashed worker is dropped; the next call starts a fresh one over the same IndexedDB.
    if (current === entry) current = null;
    worker.terminate();
  });
  current = entry;
  return entry;
}

/** The data worker's API. */
export function dataApi(): Comlink.Remote<DataWorkerApi> {
  return (current ?? start()).api;
}
