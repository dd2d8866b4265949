/**
 * Reading and deleting a database a page at a time, for the sweeps (server/auth/sweep.ts and
 * server/retention/): a sweep never loads a whole database, and a delete that conflicts (someone
 * changed or removed the doc meanwhile) is left alone rather than retried, so two sweeps running at
 * once on two instances cannot fight.
 */
import { isNotFound } from './writes';

/** Rows per allDocs page and per bulk delete. */
export const PAGE_SIZE = 500;
/** The end of a prefix range: sorts after every id that starts with the prefix. */
export const HIGH = '\ufff0';

export type AnyDoc = { _id: string; _rev: string; type?: string } & Record<string, unknown>;

/**
 * Every doc whose id is in [startkey, endkey] (endkey defaults to the end of the `startkey` prefix),
 * a page at a time.
 */
export async function* docsInRange(
  db: PouchDB.Database,
  startkey: string,
  endkey: string = startkey + HIGH,
  pageSize: number = PAGE_SIZE,
): AsyncGenerator<AnyDoc> {
  let from = startkey;
  for (;;) {
    const page = await db.allDocs({ startkey: from, endkey, include_docs: true, limit: pageSize });
    for (const row of page.rows) if (row.doc) yield row.doc as unknown as AnyDoc;
    if (page.rows.length < pageSize) return;
    // Just after the last id (not skip: 1, which would miss a row if that id is deleted meanwhile).
    from = `${page.rows[page.rows.length - 1].id}\u0000`;
  }
}

/** Every doc whose id starts with `prefix`, a page at a time. */
export function docsWithPrefix(db: PouchDB.Database, prefix: string, pageSize: number = PAGE_SIZE): AsyncGenerator<AnyDoc> {
  return docsInRange(db, prefix, prefix + HIGH, pageSize);
}

/** Deletes these docs (at the revisions read); returns how many were deleted. Conflicts are skipped. */
export async function removeDocs(db: PouchDB.Database, docs: readonly { _id: string; _rev: string }[]): Promise<number> {
  if (docs.length === 0) return 0;
  const results = await db.bulkDocs(docs.map((d) => ({ _id: d._id, _rev: d._rev, _deleted: true })));
  return results.filter((r) => 'ok' in r && r.ok).length;
}

/**
 * Deletes every doc in the range for which `shouldDelete` is true, in batches of a page; returns
 * how many were deleted.
 */
export async function deleteWhere(
  db: PouchDB.Database,
  range: { prefix: string } | { startkey: string; endkey: string },
  shouldDelete: (doc: AnyDoc) => boolean,
): Promise<number> {
  const docs = 'prefix' in range ? docsWithPrefix(db, range.prefix) : docsInRange(db, range.startkey, range.endkey);
  let deleted = 0;
  const batch: AnyDoc[] = [];
  for await (const doc of docs) {
    if (shouldDelete(doc)) batch.push(doc);
    if (batch.length >= PAGE_SIZE) deleted += await removeDocs(db, batch.splice(0));
  }
  return deleted + (await removeDocs(db, batch));
}

/** Deletes one doc by id if it exists (any revision); true when this call deleted it. */
export async function deleteById(db: PouchDB.Database, id: string, keep?: (doc: AnyDoc) => boolean): Promise<boolean> {
  let doc: AnyDoc;
  try {
    doc = (await db.get(id)) as unknown as AnyDoc;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  if (keep?.(doc)) return false;
  return (await removeDocs(db, [doc])) === 1;
}
