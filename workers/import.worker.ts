/**
 * The import worker: reads one untrusted file into the canonical model (src/local/imports/readFile.ts).
 * Disposable: the page starts a fresh one per file and terminates it when done, on cancel, on
 * timeout or after a crash. Its interface is src/local/contracts.ts ImportWorkerApi.
 */
import * as Comlink from 'comlink';
import type { ImportWorkerApi } from '../src/local/contracts';
import { readScheduleFile, transferablesOf } from '../src/local/imports/readFile';
// sql.js's WebAssembly for Asta's SQLite .pp files, as a URL: fetched only when such a file arrives,
// and precached with the rest of the app (vite.config.ts globPatterns) so it works offline.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';

const env = { locateWasm: () => sqlWasmUrl };

const api: ImportWorkerApi = {
  async parse(buffer, options, onProgress) {
    const out = await readScheduleFile(buffer, options, onProgress, env);
    // The schedules' JSON is transferred to the page, which transfers it on to the data worker.
    return Comlink.transfer(out, transferablesOf(out));
  },
};

Comlink.expose(api);
