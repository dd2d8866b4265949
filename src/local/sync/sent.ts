/**
 * Which of this device's changes the server has: the count behind "n changes waiting" and the
 * sign-out warning, exact rather than estimated.
 *
 * The device database keeps `_local/earnest-sync-state` (never replicated):
 * - `confirmedSeq`: every local change up to this sequence is known to be on the server;
 * - `checkedSeq` and `pendingIds`: at the last check the server lacked exactly these documents
 *   among those changed up to `checkedSeq`;
 * - `lastSyncedAt`.
 * Offline, the documents waiting are `pendingIds` plus whatever changed after `checkedSeq` (only
 * this device writes while offline). Online, after replication goes idle, `confirmSent` asks the
 * server which leaf revisions it lacks (`_revs_diff`, allowed for every role, viewers included),
 * so documents that arrived from the team, or that a viewer could not send, are counted right.
 */
import { hasStatus, type Db } from './db';

export const SYNC_STATE_ID = '_local/earnest-sync-state';

export interface SyncStateRecord {
  confirmedSeq: number | string;
  checkedSeq: number | string;
  pendingIds: string[];
  lastSyncedAt: number | null;
}

interface SyncStateDoc extends Partial<SyncStateRecord> {
  _id: string;
  _rev?: string;
}

const PAGE = 500;
const EMPTY: SyncStateRecord = { confirmedSeq: 0, checkedSeq: 0, pendingIds: [], lastSyncedAt: null };

function recordOf(doc: SyncStateDoc): SyncStateRecord {
  return {
    confirmedSeq: doc.confirmedSeq ?? 0,
    checkedSeq: doc.checkedSeq ?? doc.confirmedSeq ?? 0,
    pendingIds: Array.isArray(doc.pendingIds) ? doc.pendingIds : [],
    lastSyncedAt: doc.lastSyncedAt ?? null,
  };
}

export async function readSyncState(db: Db): Promise<SyncStateRecord> {
  try {
    return recordOf(await db.get<SyncStateDoc>(SYNC_STATE_ID));
  } catch (e) {
    if (hasStatus(e, 404)) return { ...EMPTY };
    throw e;
  }
}

export async function writeSyncState(db: Db, patch: Partial<SyncStateRecord>): Promise<SyncStateRecord> {
  for (let attempt = 0; ; attempt++) {
    let current: SyncStateDoc;
    try {
      current = await db.get<SyncStateDoc>(SYNC_STATE_ID);
    } catch (e) {
      if (!hasStatus(e, 404)) throw e;
      current = { _id: SYNC_STATE_ID };
    }
    const next: SyncStateDoc = { ...current, ...recordOf(current), ...patch };
    try {
      await db.put(next);
      return recordOf(next);
    } catch (e) {
      if (!hasStatus(e, 409) || attempt >= 5) throw e;
    }
  }
}

interface ChangeRow {
  id: string;
  seq: number | string;
  changes: { rev: string }[];
}

async function changesSince(db: Db, since: number | string, limit: number): Promise<ChangeRow[]> {
  const res = await db.changes({ since, limit, style: 'all_docs', return_docs: true });
  return res.results as unknown as ChangeRow[];
}

/** The documents waiting to be sent, as far as this device can tell without the server. */
export async function pendingIdsOffline(db: Db, state: SyncStateRecord): Promise<Set<string>> {
  return (await tallyPending(db, state, null)).ids;
}

/**
 * A count of the documents waiting, kept between counts: which record it started from, and how far
 * along the changes it has read.
 */
export interface PendingTally {
  readonly record: SyncStateRecord;
  readonly seq: number | string;
  readonly ids: Set<string>;
}

/**
 * `pendingIdsOffline`, continued from `previous` when that tally started from the same record:
 * only the changes after it are read. Why: the device database's changes feed loads each changed
 * document in full (the indexeddb adapter keeps the body with its revision), and a save writes
 * hundreds of large chunk documents in batches. Counting from `checkedSeq` after every batch read
 * every chunk again and again: a 100,000-activity save took 12–19 s instead of 2.6 s (bench/RESULTS.md).
 */
export async function tallyPending(db: Db, state: SyncStateRecord, previous: PendingTally | null): Promise<PendingTally> {
  const going = previous !== null && previous.record === state;
  const ids = going ? new Set(previous.ids) : new Set(state.pendingIds);
  let from = going ? previous.seq : state.checkedSeq;
  for (;;) {
    const rows = await changesSince(db, from, PAGE);
    for (const r of rows) ids.add(r.id);
    if (rows.length > 0) from = rows[rows.length - 1].seq;
    if (rows.length < PAGE) return { record: state, seq: from, ids };
  }
}

/**
 * Asks `remote` which documents changed since `state.confirmedSeq` it lacks, and returns the
 * updated record (not yet written): `confirmedSeq` moves up to the first document the server
 * lacks, `checkedSeq` to the last change read.
 */
export async function confirmSent(db: Db, remote: Db, state: SyncStateRecord): Promise<SyncStateRecord> {
  const pendingIds: string[] = [];
  let confirmed = state.confirmedSeq;
  let checked = state.confirmedSeq;
  let from = state.confirmedSeq;
  for (;;) {
    const rows = await changesSince(db, from, PAGE);
    if (rows.length === 0) break;
    const diff: Record<string, string[]> = {};
    for (const r of rows) diff[r.id] = r.changes.map((c) => c.rev);
    const missing = (await remote.revsDiff(diff)) as Record<string, { missing?: string[] }>;
    for (const r of rows) {
      if ((missing[r.id]?.missing?.length ?? 0) > 0) pendingIds.push(r.id);
      else if (pendingIds.length === 0) confirmed = r.seq;
      checked = r.seq;
    }
    if (rows.length < PAGE) break;
    from = rows[rows.length - 1].seq;
  }
  return { ...state, confirmedSeq: confirmed, checkedSeq: checked, pendingIds };
}

/**
 * A change the live feed just reported, added to the tally without reading anything: the feed
 * already carries its id and sequence, so the next tallyPending finds nothing new to read.
 */
export function tallyChange(tally: PendingTally, change: { id: string; seq: number | string }): PendingTally {
  tally.ids.add(change.id);
  return { record: tally.record, seq: change.seq, ids: tally.ids };
}
