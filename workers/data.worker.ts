/**
 * The data worker: the device's backend (src/local: the PouchDB + Dexie store and the per-feature
 * handlers), so schedules of any size go file → import worker → here → IndexedDB without being
 * parsed or measured on the page's thread. Its interface is src/local/contracts.ts DataApi.
 */
import * as Comlink from 'comlink';
import { createDataBackend } from '../src/local/backend';

/** The app build (vite.config.ts `define`): cached results from an older engine are not reused. */
const BUILD_ID = typeof __EARNEST_BUILD__ === 'string' ? __EARNEST_BUILD__ : 'dev';

Comlink.expose(createDataBackend({ buildId: BUILD_ID }));
