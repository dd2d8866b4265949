/**
 * Unfinished work, so an interrupted save or delete is finished or undone the next time the store
 * opens. The record is a `_local` document: PouchDB never replicates those, which matters — chunks
 * that arrive by sync without their header yet are a teammate's import in flight, not debris, and
 * only chunks this device started writing may be cleaned up.
 *
 * Two tabs can share the database, so a save holds a Web Lock (`navigator.locks`) while it runs and
 * recovery skips any save whose lock is still held. Without Web Locks (old browsers, Node) there
 * is one tab to think about and recovery proceeds.
 */
import { guarded } from './errors';
import { isConflict, isNotFound, type Db } from './pouch';

const PENDING_ID = '_local/earnest-pending';

export interface PendingSave {
  projectId: string;
  importId: string;
  /** The save was creating its project: undoing it removes the project too. */
  isNewProject: boolean;
  startedAt: string;
}

export interface PendingRecord {
  saves: PendingSave[];
  /** Projects whose deletion started and must be finished. */
  deletes: string[];
}

interface PendingDoc extends PendingRecord {
  _id: string;
  _rev?: string;
}

/** Serialises marker updates within this page (PouchDB would answer two racing puts with a 409). */
let queue: Promise<unknown> = Promise.resolve();

export async function readPending(db: Db, timeoutMs: number): Promise<PendingRecord> {
  try {
    const doc = await guarded(() => db.get<PendingDoc>(PENDING_ID), 'reading the list of unfinished saves', timeoutMs);
    return { saves: doc.saves ?? [], deletes: doc.deletes ?? [] };
  } catch (e) {
    if (isNotFound((e as { cause?: unknown }).cause)) return { saves: [], deletes: [] };
    throw e;
  }
}

/** Applies `change` to the marker, retrying when another tab updated it in between. */
export function updatePending(db: Db, change: (r: PendingRecord) => PendingRecord, timeoutMs: number): Promise<void> {
  const run = async () => {
    for (let attempt = 0; ; attempt++) {
      let current: PendingDoc;
      try {
        current = await db.get<PendingDoc>(PENDING_ID);
      } catch (e) {
        if (!isNotFound(e)) throw e;
        current = { _id: PENDING_ID, saves: [], deletes: [] };
      }
      const next = change({ saves: current.saves ?? [], deletes: current.deletes ?? [] });
      try {
        await db.put<PendingDoc>({ ...current, ...next });
        return;
      } catch (e) {
        if (!isConflict(e) || attempt >= 5) throw e;
      }
    }
  };
  const p = queue.then(() => guarded(run, 'recording an unfinished save', timeoutMs));
  queue = p.catch(() => undefined);
  return p;
}

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean }, cb: (lock: unknown) => Promise<T> | T): Promise<T>;
  request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T>;
}

function locks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks;
}

export const saveLockName = (dbName: string, importId: string): string => `earnest:${dbName}:save:${importId}`;
export const deleteLockName = (dbName: string, projectId: string): string => `earnest:${dbName}:delete:${projectId}`;

/** Runs `work` holding the named lock when Web Locks exist (so other tabs see it is alive). */
export function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const l = locks();
  return l ? l.request(name, () => work()) : work();
}

/** Runs `work` only if no one holds the lock; returns false when it is held. */
export async function ifUnlocked(name: string, work: () => Promise<void>): Promise<boolean> {
  const l = locks();
  if (!l) {
    await work();
    return true;
  }
  return l.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await work();
    return true;
  });
}
