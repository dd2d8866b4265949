/**
 * Tombstones (deletions) for given leaf revisions, written so that no PouchDB write carries two
 * revisions of the same document.
 *
 * Why not one bulkDocs: PouchDB (9.0, every adapter) merges each document of a write into that
 * document's revision tree in place, before it decides whether the write conflicts. A tombstone
 * refused with 409 (its leaf was replaced meanwhile: a teammate's edit arrived by replication)
 * stays grafted on the tree it was merged into, and when the same call then writes another
 * revision of that document, the tree it stores includes the refused tombstone as a leaf. With the
 * LevelDB and memory adapters that leaf has no content: nothing can read it, so it can never be
 * sent, the server lacks it for ever and the device says "syncing 1" for good. With the IndexedDB
 * adapter the refused deletion takes effect after all. One revision per document per call keeps a
 * refused write out of anything stored.
 */
import type { Db } from './db';

export interface LeafRef {
  id: string;
  rev: string;
}

/** One answer per leaf, in the order given: written, or PouchDB's error row (409: replaced meanwhile). */
export type TombstoneResult = { ok: true; rev: string } | { ok: false; status: number | undefined; error: PouchDB.Core.Error };

/**
 * Writes a tombstone for each leaf. Leaves of different documents share a call; the second leaf
 * of a document goes in the next call, and so on (a document rarely has more than two).
 */
export async function writeTombstones(db: Db, leaves: readonly LeafRef[]): Promise<TombstoneResult[]> {
  const results: TombstoneResult[] = new Array<TombstoneResult>(leaves.length);
  // Round k holds the k-th leaf of each document.
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  leaves.forEach((leaf, i) => {
    const k = seen.get(leaf.id) ?? 0;
    seen.set(leaf.id, k + 1);
    (rounds[k] ??= []).push(i);
  });
  for (const round of rounds) {
    const written = await db.bulkDocs(round.map((i) => ({ _id: leaves[i].id, _rev: leaves[i].rev, _deleted: true })));
    written.forEach((r, j) => {
      results[round[j]] =
        'error' in r && r.error
          ? { ok: false, status: (r as PouchDB.Core.Error).status, error: r as PouchDB.Core.Error }
          : { ok: true, rev: (r as PouchDB.Core.Response).rev };
    });
  }
  return results;
}
