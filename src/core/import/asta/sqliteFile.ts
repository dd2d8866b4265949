/**
 * The newer Powerproject .pp form: an SQLite database, read with sql.js (SQLite compiled to
 * WebAssembly). sql.js was chosen over @sqlite.org/sqlite-wasm because it opens a database from
 * bytes in memory and queries it synchronously, which is all a reader in a worker needs; the
 * official build centres on OPFS persistence and an asynchronous worker API.
 *
 * The WebAssembly is compiled once by `prepareAsta()` (async); the read itself is synchronous like
 * every other reader. sql.js is imported dynamically so that only an Asta import downloads it.
 *
 * Table and column names are MPXJ's (AstaSqliteReader): the main project is PROJID 0 (other
 * PROJIDs are baselines kept in the same database); a table's key is `ID`, which is renamed to
 * the text form's `<TABLE>ID`; durations are `"<kind>,<months>,<hours>"` text; a calendar's
 * work patterns and exceptions, and a work pattern's shifts, are packed into text columns.
 */
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { ImportCancelled, ImportError, inFile, type ImportOptions } from '../types';
import { COLUMN_KINDS, type AstaRow, type AstaTables, type Cell, type ColumnKind } from './tables';
import { astaNumber, basicTimeMinutes, basicTimestamp, epochTimestamp, sqliteDuration, sqliteTimestamp } from './values';

/** SQLite's 16-byte file header. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/** sql.js copies the file into WebAssembly memory (at most 4 GB, and the worker's own limits). */
export const MAX_SQLITE_BYTES = 512 * 2 ** 20;

export function isSqlite(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  for (let i = 0; i < 16; i++) if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

let sqlJs: SqlJsStatic | null = null;
let loading: Promise<SqlJsStatic> | null = null;

/**
 * Loads and compiles sql.js's WebAssembly once. The browser passes `locateWasm` (the bundled
 * sql-wasm.wasm URL); Node finds the file beside sql.js itself.
 */
export async function prepareAsta(options: { locateWasm?: (file: string) => string } = {}): Promise<void> {
  if (sqlJs) return;
  loading ??= import('sql.js').then(async (mod: { default?: unknown }) => {
    // sql.js is CommonJS (`module.exports = initSqlJs`): bundlers and Node expose it as `default`.
    const init = (mod.default ?? mod) as (config?: { locateFile?: (file: string) => string }) => Promise<SqlJsStatic>;
    const located = options.locateWasm;
    return init(located ? { locateFile: (file: string) => located(file) } : undefined);
  });
  try {
    sqlJs = await loading;
  } catch (e) {
    loading = null;
    throw e;
  }
}

/** Tables whose key column `ID` is called `<TABLE>ID` in the text form (and in COLUMN_KINDS). */
const KEY_ALIAS: Record<string, string> = {
  BAR: 'BARID',
  EXPANDED_TASK: 'EXPANDED_TASKID',
  TASK: 'TASKID',
  MILESTONE: 'MILESTONEID',
  HAMMOCK_TASK: 'HAMMOCK_TASKID',
  WBS_ENTRY: 'WBS_ENTRYID',
  PROJECT_SUMMARY: 'PROJECT_SUMMARYID',
};

/** Lookup tables shared by every project in the database (MPXJ reads them without a PROJID filter). */
const SHARED_TABLES = new Set(['EXCEPTIONN', 'WORK_PATTERN', 'USERR']);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function decode(v: SqlValue, kind: ColumnKind): Cell {
  if (v === null || v instanceof Uint8Array) return null;
  switch (kind) {
    case 'str':
      return String(v);
    case 'num':
      return astaNumber(v);
    case 'date':
      return sqliteTimestamp(v);
    case 'time':
      return typeof v === 'string' ? basicTimeMinutes(v) : null;
    case 'dur':
      return sqliteDuration(v)?.hours ?? null;
  }
}

/** Reads an SQLite .pp file into tables. Throws ImportError for a file it cannot read. */
export function readAstaSqliteTables(bytes: Uint8Array, options: ImportOptions): AstaTables {
  const where = inFile(options.fileName);
  if (!sqlJs) {
    throw new Error('readAsta was called on an SQLite .pp file before prepareAsta() resolved: await prepareAsta() once (in the import worker) before reading Asta files.');
  }
  if (bytes.length > MAX_SQLITE_BYTES) {
    throw new ImportError(
      `${where}The file is ${(bytes.length / 2 ** 20).toFixed(0)} MB; Powerproject files up to ${MAX_SQLITE_BYTES / 2 ** 20} MB can be read in the browser. Remove old baselines from the programme in Powerproject, or export it as MS Project XML, and import that.`,
    );
  }
  let db: Database | null = null;
  try {
    try {
      db = new sqlJs.Database(bytes);
      return readTables(db, options);
    } catch (e) {
      if (e instanceof ImportError || e instanceof ImportCancelled) throw e;
      const detail = e instanceof Error ? e.message : String(e);
      throw new ImportError(
        `${where}The Powerproject database could not be read (SQLite says: ${detail}). The file may be damaged or cut short: copy it again from where it was saved, or open it in Powerproject and export it as MS Project XML, and import that file.`,
      );
    }
  } finally {
    db?.close();
  }
}

function readTables(db: Database, options: ImportOptions): AstaTables {
  const present = new Map<string, string>();
  const listed = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'");
  for (const [name] of listed[0]?.values ?? []) if (typeof name === 'string') present.set(name.toUpperCase(), name);
  if (!present.has('PROJECT_SUMMARY') && !present.has('TASK') && !present.has('BAR')) {
    throw new ImportError(
      `${inFile(options.fileName)}This SQLite database is not a Powerproject programme: it has none of the PROJECT_SUMMARY, BAR or TASK tables. Choose the .pp file saved by Asta Powerproject, or export the programme as MS Project XML and import that.`,
    );
  }
  const rows = new Map<string, AstaRow[]>();
  const warnings: AstaTables['warnings'] = [];
  let version: number | undefined;
  const schema = present.get('DODSCHEM');
  if (schema) {
    const v = db.exec(`SELECT * FROM ${quote(schema)} LIMIT 1`)[0];
    const i = v?.columns.findIndex((c) => c.toUpperCase() === 'SCHVER') ?? -1;
    const cell = i >= 0 ? v.values[0]?.[i] : null;
    const n = typeof cell === 'number' || typeof cell === 'string' ? astaNumber(cell) : null;
    if (n !== null) version = n;
  }
  let count = 0;
  for (const [tableName, kinds] of Object.entries(COLUMN_KINDS)) {
    const actual = present.get(tableName);
    if (!actual) continue;
    const info = db.exec(`PRAGMA table_info(${quote(actual)})`)[0];
    const columnNames = new Map<string, string>();
    for (const r of info?.values ?? []) if (typeof r[1] === 'string') columnNames.set(r[1].toUpperCase(), r[1]);
    const selected: { name: string; kind: ColumnKind; sql: string }[] = [];
    for (const [name, kind] of Object.entries(kinds)) {
      const col = columnNames.get(name) ?? (KEY_ALIAS[tableName] === name ? columnNames.get('ID') : undefined);
      if (col) selected.push({ name, kind, sql: quote(col) });
    }
    if (selected.length === 0) continue;
    const projid = columnNames.get('PROJID');
    const filter = projid && !SHARED_TABLES.has(tableName) ? ` WHERE ${quote(projid)} = 0` : '';
    const stmt = db.prepare(`SELECT ${selected.map((s) => s.sql).join(', ')} FROM ${quote(actual)}${filter}`);
    const list: AstaRow[] = [];
    try {
      while (stmt.step()) {
        const values = stmt.get();
        const row: AstaRow = {};
        selected.forEach((s, i) => {
          row[s.name] = decode(values[i], s.kind);
          if (s.kind === 'dur' && !(values[i] instanceof Uint8Array) && sqliteDuration(values[i] as string | number | null)?.elapsed) row[`${s.name}_ELAPSED`] = 1;
        });
        list.push(row);
        if ((++count & 4095) === 0) {
          if (options.isCancelled?.()) throw new ImportCancelled();
          options.onProgress?.({ phase: 'parsing', bytesRead: 0, totalBytes: 0, rows: count });
        }
      }
    } finally {
      stmt.free();
    }
    rows.set(tableName, list);
  }
  unpackCalendars(rows, warnings);
  return { form: 'sqlite', ...(version !== undefined ? { version } : {}), rows, warnings };
}

/**
 * The SQLite form packs what the text form keeps in TIME_ENTRY, EXCEPTION_ASSIGNMENT and work
 * pattern assignments into text columns; this unpacks them into rows of the text form's shape so
 * one calendar builder serves both. Layouts per MPXJ AstaSqliteReader (createTimeEntryRowList,
 * createExceptionAssignmentRowList, createWorkPatternAssignmentRowList).
 */
function unpackCalendars(rows: Map<string, AstaRow[]>, warnings: AstaTables['warnings']): void {
  const timeEntries: AstaRow[] = [];
  for (const wp of rows.get('WORK_PATTERN') ?? []) {
    const shifts = typeof wp.SHIFTS === 'string' ? wp.SHIFTS : null;
    if (!shifts) continue;
    const items = shifts.split(/[,:]/);
    const before = timeEntries.length;
    let ok = true;
    // items[0] is a count; then per day: two values, the number of entries, and entries of (exception type, start, end).
    let i = 1;
    while (i < items.length && ok) {
      i += 2;
      const n = Number(items[i]);
      i++;
      if (!Number.isInteger(n) || n < 0 || i + n * 3 > items.length) {
        ok = false;
        break;
      }
      for (let k = 0; k < n; k++, i += 3) {
        timeEntries.push({ TIME_ENTRYID: wp.ID, EXCEPTION: astaNumber(items[i]), START_TIME: basicTimeMinutes(items[i + 1]) ?? 0, END_TIME: basicTimeMinutes(items[i + 2]) ?? 0 });
      }
    }
    if (!ok) {
      timeEntries.length = before;
      warnings.push({ message: `Work pattern "${String(wp.NAME ?? wp.ID)}": its shifts could not be read, so calendars using it fall back to Monday–Friday 08:00–17:00.`, where: `WORK_PATTERN ${String(wp.ID)}` });
    }
  }
  if (timeEntries.length) rows.set('TIME_ENTRY', timeEntries);

  const exceptions: AstaRow[] = [];
  const patterns: AstaRow[] = [];
  for (const cal of rows.get('CALENDAR') ?? []) {
    if (typeof cal.EXCEPTIONS === 'string' && cal.EXCEPTIONS) {
      const items = cal.EXCEPTIONS.split(/[,:]/);
      for (let i = 1; i + 1 < items.length; i += 3) {
        exceptions.push({ EXCEPTION_ASSIGNMENTID: cal.ID, START_DATE: epochTimestamp(items[i]), END_DATE: epochTimestamp(items[i + 1]), EXCEPTIOO: astaNumber(items[i + 2] ?? null) });
      }
    }
    if (typeof cal.WORK_PATTERNS === 'string' && cal.WORK_PATTERNS) {
      const items = cal.WORK_PATTERNS.split(/[,:]/);
      for (let i = 1; i + 4 < items.length; i += 5) {
        patterns.push({ WORK_PATTERN_ASSIGNMENTID: cal.ID, WORK_PATTERN: astaNumber(items[i + 1]), START_DATE: basicTimestamp(items[i + 3]), END_DATE: basicTimestamp(items[i + 4]) });
      }
    }
  }
  if (exceptions.length) rows.set('EXCEPTION_ASSIGNMENT', exceptions);
  if (patterns.length) rows.set('WORK_PATTERN_ASSIGNMENT', patterns);
}
