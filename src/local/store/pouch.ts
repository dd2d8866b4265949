/**
 * PouchDB, opened with the `indexeddb` adapter (OFFLINE_NOTES §3.4.8: the improved adapter, chosen
 * from the start so there is never an idb → indexeddb migration), and the few calls the store
 * makes, each behind a timeout and in bounded batches.
 */
import PouchDB from 'pouchdb-browser';
import IndexedDbAdapter from 'pouchdb-adapter-indexeddb';
import { guarded, StoreError, toStoreError } from './errors';
import { rangeOf } from './ids';

export type Db = PouchDB.Database;

let indexedDbRegistered = false;

/** The PouchDB class with the indexeddb adapter registered (once). */
export function pouchDb(): PouchDB.Static {
  if (!indexedDbRegistered) {
    PouchDB.plugin(IndexedDbAdapter);
    indexedDbRegistered = true;
  }
  return PouchDB;
}

export function openPouch(name: string, adapter: string): Db {
  return new (pouchDb())(name, { adapter });
}

/** Every row of a key range, read in pages so no single call holds the whole range. */
export async function readRange<T extends object>(db: Db, prefix: string, context: string, timeoutMs: number, opts: { docs: boolean; pageSize?: number }): Promise<{ id: string; rev: string; doc?: PouchDB.Core.ExistingDocument<T> }[]> {
  // Chunk documents approach 1 MB each: 10 per page keeps one call's work small whatever the import.
  const pageSize = opts.pageSize ?? (opts.docs ? 10 : 5000);
  const { startkey, endkey } = rangeOf(prefix);
  const out: { id: string; rev: string; doc?: PouchDB.Core.ExistingDocument<T> }[] = [];
  let from = startkey;
  let skip = 0;
  for (;;) {
    const res = await guarded(() => db.allDocs<T>({ startkey: from, endkey, skip, limit: pageSize, include_docs: opts.docs }), context, timeoutMs);
    for (const r of res.rows) out.push({ id: r.id, rev: r.value.rev, doc: r.doc as PouchDB.Core.ExistingDocument<T> | undefined });
    if (res.rows.length < pageSize) return out;
    // Continue after the last key seen (skip it, it was already read).
    from = res.rows[res.rows.length - 1].id;
    skip = 1;
  }
}

/** Gets a document, or null when it does not exist or was deleted. */
export async function getOrNull<T extends object>(db: Db, id: string, context: string, timeoutMs: number): Promise<PouchDB.Core.ExistingDocument<T> | null> {
  try {
    return await guarded(() => db.get<T>(id), context, timeoutMs);
  } catch (e) {
    if (e instanceof StoreError && isNotFound(e.cause)) return null;
    throw e;
  }
}

export function isNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 404;
}

export function isConflict(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 409;
}

const BATCH_DOCS = 200;
const BATCH_BYTES = 3_000_000;

/**
 * Writes documents in batches (bounded in count and, given `sizeOf`, in bytes so each call finishes
 * well within the timeout) and fails on the first document PouchDB refused. `onBatch` runs after
 * each batch (the save uses it to know what it has written).
 */
export async function writeDocs(
  db: Db,
  docs: readonly PouchDB.Core.PutDocument<object>[],
  context: string,
  timeoutMs: number,
  opts: {
    sizeOf?: (doc: PouchDB.Core.PutDocument<object>) => number;
    onBatch?: (written: readonly PouchDB.Core.PutDocument<object>[]) => void;
    /** Per-document failures that are not failures (a delete of a document already gone). */
    tolerate?: (err: PouchDB.Core.Error) => boolean;
    /**
     * The documents are new, under ids nothing else writes (an import's chunks: the import id is
     * fresh). They are written with a first revision of our own (`new_edits: false`, as the
     * replicator writes), so PouchDB does not hash each one to make it: an MD5 of its JSON, ~0.8 s
     * for a 100k-activity import.
     */
    fresh?: boolean;
  } = {},
): Promise<void> {
  let batch: PouchDB.Core.PutDocument<object>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    const current = batch;
    batch = [];
    bytes = 0;
    const results = opts.fresh
      ? await guarded(() => db.bulkDocs(current.map((d) => ({ ...d, _rev: firstRevision() })), { new_edits: false }), context, timeoutMs)
      : await guarded(() => db.bulkDocs(current), context, timeoutMs);
    for (const r of results) {
      if ('error' in r && r.error) {
        const err = r as PouchDB.Core.Error;
        if (opts.tolerate?.(err)) continue;
        throw toStoreError(err, `${context} (document ${err.id ?? '?'}: ${err.name ?? err.reason ?? 'refused'})`);
      }
    }
    opts.onBatch?.(current);
  };
  for (const d of docs) {
    const size = opts.sizeOf?.(d) ?? 0;
    if (batch.length >= BATCH_DOCS || (batch.length > 0 && bytes + size > BATCH_BYTES)) await flush();
    batch.push(d);
    bytes += size;
  }
  await flush();
}

/** A first revision (`1-` and 32 random hex digits), as PouchDB makes when not hashing. */
export function firstRevision(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `1-${hex}`;
}

/** Deletes documents by id and revision (tombstones, so the deletion syncs to the team). */
export async function deleteDocs(db: Db, rows: readonly { id: string; rev: string }[], context: string, timeoutMs: number): Promise<void> {
  await writeDocs(
    db,
    rows.map((r) => ({ _id: r.id, _rev: r.rev, _deleted: true })),
    context,
    timeoutMs,
    { tolerate: (err) => err.status === 404 },
  );
}
