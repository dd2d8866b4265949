import './setup';
/**
 * The offline count of documents waiting (src/local/sync/sent.ts): a tally continued from the last
 * one reads only the changes after it, and still counts exactly what pendingIdsOffline counts from
 * scratch. The changes feed of the device database (indexeddb adapter) loads each changed document
 * whole, so re-reading from `checkedSeq` after every batch of a big save made it five times slower.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pendingIdsOffline, readSyncState, tallyChange, tallyPending, writeSyncState } from '../../../src/local/sync/sent';
import { deviceDb } from './browserDb';

const opened: PouchDB.Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.destroy();
});

/** Counts the documents the changes feed hands over, by wrapping the database's own changes(). */
function countingReads(db: PouchDB.Database): { rows: number } {
  const seen = { rows: 0 };
  const original = db.changes.bind(db) as (o: PouchDB.Core.ChangesOptions) => Promise<PouchDB.Core.ChangesResponse<object>>;
  (db as unknown as { changes: typeof original }).changes = async (o) => {
    const res = await original(o);
    seen.rows += res.results.length;
    return res;
  };
  return seen;
}

describe('tallyPending', () => {
  it('continues from its last tally: each change is read once, and the count matches a count from scratch', async () => {
    const db = deviceDb('sent');
    opened.push(db);
    await writeSyncState(db, { confirmedSeq: 0, checkedSeq: 0, pendingIds: ['earlier:doc'] });
    const state = await readSyncState(db);
    const reads = countingReads(db);
    let tally = await tallyPending(db, state, null);
    expect([...tally.ids]).toEqual(['earlier:doc']);
    // A save in batches, counted after each batch as the sync engine does.
    for (let batch = 0; batch < 6; batch++) {
      await db.bulkDocs(Array.from({ length: 200 }, (_, i) => ({ _id: `chunk:${batch}:${i}`, body: 'x'.repeat(50) })));
      tally = await tallyPending(db, state, tally);
      expect(tally.ids.size).toBe(1 + (batch + 1) * 200);
    }
    // Every change read once (1,200), not again after each batch (200 + 400 + … = 4,200).
    expect(reads.rows).toBe(1200);
    // An edit of a document already counted adds nothing; the same set as counting from scratch.
    await db.put({ ...(await db.get('chunk:0:0')), body: 'y' });
    tally = await tallyPending(db, state, tally);
    expect([...tally.ids].sort()).toEqual([...(await pendingIdsOffline(db, state))].sort());
  });

  it('takes changes from the live feed as they come, so the next tally reads nothing again', async () => {
    const db = deviceDb('sent');
    opened.push(db);
    await writeSyncState(db, { confirmedSeq: 0, checkedSeq: 0, pendingIds: [] });
    const state = await readSyncState(db);
    let tally = await tallyPending(db, state, null);
    const feed = db.changes({ since: tally.seq, live: true, return_docs: false });
    const seen = new Promise<void>((resolve) => {
      let n = 0;
      feed.on('change', (c) => {
        tally = tallyChange(tally, { id: c.id, seq: c.seq });
        if (++n === 300) resolve();
      });
    });
    await db.bulkDocs(Array.from({ length: 300 }, (_, i) => ({ _id: `chunk:${i}` })));
    await seen;
    feed.cancel();
    expect(tally.ids.size).toBe(300);
    const reads = countingReads(db);
    const after = await tallyPending(db, state, tally);
    expect(reads.rows).toBe(0);
    expect(after.ids.size).toBe(300);
  });

  it('starts again from the record when the record changed (the server confirmed some)', async () => {
    const db = deviceDb('sent');
    opened.push(db);
    await writeSyncState(db, { confirmedSeq: 0, checkedSeq: 0, pendingIds: [] });
    const before = await readSyncState(db);
    await db.bulkDocs([{ _id: 'a' }, { _id: 'b' }]);
    const first = await tallyPending(db, before, null);
    expect(first.ids.size).toBe(2);
    // Confirmed: the server has both; a new record checked up to the last change.
    const after = await writeSyncState(db, { confirmedSeq: first.seq, checkedSeq: first.seq, pendingIds: [] });
    await db.put({ _id: 'c' });
    const next = await tallyPending(db, after, first);
    expect([...next.ids]).toEqual(['c']);
  });
});
