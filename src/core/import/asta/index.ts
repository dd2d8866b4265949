/**
 * Asta Powerproject (.pp) reader: `readAsta(bytes)` → one project's canonical schedule.
 *
 * A .pp file is one of two physical forms: an older text file of positional rows (./textFile.ts,
 * ./layouts.ts) or, in newer versions, an SQLite database (./sqliteFile.ts). Both are
 * read into the same tables (./tables.ts) and built by one builder (./build.ts and its helpers).
 * The table and column facts come from MPXJ's Asta reader (joniles/mpxj, org/mpxj/asta); no
 * public Powerproject file was available to check them, so every import carries ASTA_NOTICE.
 *
 * Reading the SQLite form needs sql.js's WebAssembly: call `await prepareAsta()` once first.
 */
import { ImportCancelled, ImportError, inFile, type ImportOptions, type ImportResult } from '../types';
import { buildAstaSchedule } from './build';
import { isSqlite, readAstaSqliteTables } from './sqliteFile';
import { isAstaText, readAstaTextTables } from './textFile';

export { prepareAsta, isSqlite } from './sqliteFile';
export { isAstaText } from './textFile';
export { ASTA_NOTICE } from './build';

/** True when the bytes look like a Powerproject file of either form (SQLite: any SQLite database). */
export function looksLikeAsta(bytes: Uint8Array): boolean {
  return isAstaText(bytes) || isSqlite(bytes);
}

/**
 * Reads a Powerproject .pp file. Throws `ImportError` (naming the file and what to do) for a file
 * it cannot use, `ImportCancelled` when `options.isCancelled()` turns true, and a plain Error when
 * an SQLite file is read before `prepareAsta()` resolved (a programming error, not the user's).
 */
export function readAsta(bytes: Uint8Array, options: ImportOptions = {}): ImportResult {
  const where = inFile(options.fileName);
  options.onProgress?.({ phase: 'reading', bytesRead: 0, totalBytes: bytes.length, rows: 0 });
  if (bytes.length === 0) {
    throw new ImportError(`${where}The file is empty (0 bytes). Save the programme again in Asta Powerproject and import the new .pp file.`);
  }
  let tables;
  if (isSqlite(bytes)) tables = readAstaSqliteTables(bytes, options);
  else if (isAstaText(bytes)) tables = readAstaTextTables(bytes, options);
  else {
    throw new ImportError(
      `${where}This is not an Asta Powerproject .pp file (it starts neither like a Powerproject text file nor like an SQLite database). Choose the .pp file saved by Powerproject, or export the programme from Powerproject as MS Project XML and import that.`,
    );
  }
  if (options.isCancelled?.()) throw new ImportCancelled();
  const rows = [...tables.rows.values()].reduce((n, list) => n + list.length, 0);
  options.onProgress?.({ phase: 'building', bytesRead: bytes.length, totalBytes: bytes.length, rows });
  let schedule;
  try {
    schedule = buildAstaSchedule(tables, { ...(options.fileName ? { fileName: options.fileName } : {}) });
  } catch (e) {
    // Out of memory or stack on a hostile file: say what to do rather than fail without a word.
    if (!(e instanceof RangeError)) throw e;
    throw new ImportError(
      `${where}This Powerproject file is too large or too deeply nested to read in the browser (${e.message}). Export the programme from Powerproject as MS Project XML and import that file.`,
    );
  }
  if (schedule.activities.length === 0) {
    throw new ImportError(
      `${where}No activities were found in this Powerproject file (no readable TASK or MILESTONE rows). If Powerproject shows activities in it, export the programme as MS Project XML and import that, and tell us through the Contact page so we can read this file too.`,
    );
  }
  options.onProgress?.({ phase: 'done', bytesRead: bytes.length, totalBytes: bytes.length, rows });
  const p = schedule.project;
  return {
    projects: [{ id: p.id, ...(p.code ? { code: p.code } : {}), name: p.name, activities: schedule.activities.length, ...(p.dataDate ? { dataDate: p.dataDate } : {}) }],
    schedules: [schedule],
  };
}
