/** Shared bits of the store tests: a fresh store per test and raw views of what it wrote. */
import { openLocalStore, type LocalStore, type OpenLocalStoreOptions } from '../../../src/local/store';

let counter = 0;

/** A store on a database no other test uses (fake-indexeddb keeps databases for the whole file). */
export async function freshStore(opts: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  counter++;
  return openLocalStore({ name: `test_${counter}_${Math.random().toString(36).slice(2, 8)}`, ...opts });
}

/** Every live document (no tombstones), by id, with its revision. */
export async function allDocs(store: LocalStore): Promise<Map<string, Record<string, unknown>>> {
  const res = await store.pouch.allDocs({ include_docs: true });
  return new Map(res.rows.map((r) => [r.id, r.doc as unknown as Record<string, unknown>]));
}

/** UTF-8 size of a document as JSON (what CouchDB and replication count). */
export const docBytes = (doc: unknown): number => new TextEncoder().encode(JSON.stringify(doc)).length;
