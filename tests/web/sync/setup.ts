/**
 * What the engine finds in a browser or worker, for Node: IndexedDB (fake-indexeddb, so PouchDB's
 * real `indexeddb` adapter runs, as in the app), `self`, and a `navigator` for the adapter's probe.
 * Import FIRST: PouchDB looks for these when its modules load.
 */
import 'fake-indexeddb/auto';

const g = globalThis as Record<string, unknown>;
g.self ??= globalThis;
if (typeof g.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js' }, configurable: true, writable: true });
}
