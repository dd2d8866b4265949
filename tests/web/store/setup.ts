/**
 * Node stand-ins for what the store finds in a browser page. Import this FIRST in every store
 * test: Dexie and PouchDB look for IndexedDB when their modules load.
 *
 * - fake-indexeddb provides IndexedDB, so the tests run PouchDB's real `indexeddb` adapter and
 *   real Dexie rather than the memory adapter.
 * - pouchdb-browser reads `self.setImmediate` at load (a browser/worker global).
 * - The indexeddb adapter's blob-support probe reads `navigator.userAgent`; Node 20 has no
 *   `navigator`, and without one the probe throws inside an IndexedDB callback and the database
 *   never opens.
 */
import 'fake-indexeddb/auto';

const g = globalThis as Record<string, unknown>;
g.self ??= globalThis;
if (typeof g.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js' }, configurable: true, writable: true });
}
