/** Race-safe write helpers over PouchDB's optimistic concurrency (409 on a stale `_rev`). */

interface PouchLikeError {
  status?: number;
  name?: string;
}

export function isConflict(err: unknown): boolean {
  const e = err as PouchLikeError | null;
  return !!e && (e.status === 409 || e.name === 'conflict');
}

export function isNotFound(err: unknown): boolean {
  const e = err as PouchLikeError | null;
  return !!e && (e.status === 404 || e.name === 'not_found');
}

export class UpsertConflictError extends Error {
  override name = 'UpsertConflictError';
  constructor(
    readonly docId: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`Could not update "${docId}": still conflicting after ${attempts} attempts.`, { cause });
  }
}

export interface UpsertOptions {
  /** Maximum number of read-modify-write attempts (default 30). */
  maxAttempts?: number;
}

export type UpsertResult<T> =
  | { updated: true; doc: T & PouchDB.Core.IdMeta & PouchDB.Core.RevisionIdMeta }
  | { updated: false; doc: (T & PouchDB.Core.IdMeta & PouchDB.Core.GetMeta) | null };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Read-modify-write with retries on conflict. `fn` receives the current document (or null when it
 * does not exist or is deleted) and returns the new content, or null to leave it unchanged. `fn` may
 * run several times, so it must be free of side effects. `_id` and `_rev` are set by upsert.
 */
export async function upsert<T extends object>(
  db: PouchDB.Database<T>,
  id: string,
  fn: (doc: (T & PouchDB.Core.IdMeta & PouchDB.Core.GetMeta) | null) => T | null,
  options: UpsertOptions = {},
): Promise<UpsertResult<T>> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 30);
  let lastError: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    let current: (T & PouchDB.Core.IdMeta & PouchDB.Core.GetMeta) | null = null;
    try {
      current = await db.get(id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const next = fn(current);
    if (next === null) return { updated: false, doc: current };
    const doc = { ...next, _id: id } as T & PouchDB.Core.IdMeta & Partial<PouchDB.Core.RevisionIdMeta>;
    if (current) doc._rev = current._rev;
    else delete doc._rev;
    try {
      const res = await db.put(doc);
      return { updated: true, doc: { ...doc, _rev: res.rev } };
    } catch (err) {
      if (!isConflict(err)) throw err;
      lastError = err;
      // Jittered, growing back-off so that contenders spread out.
      await sleep(Math.random() * Math.min(50, 2 * attempt));
    }
  }
  throw new UpsertConflictError(id, maxAttempts, lastError);
}

/**
 * Creates the document unless one with the same `_id` exists. Returns true when created, false for
 * a duplicate (409). This is how uniqueness is enforced: the unique key is the `_id`.
 */
export async function createIfAbsent<T extends object>(
  db: PouchDB.Database<T>,
  doc: T & PouchDB.Core.IdMeta,
): Promise<boolean> {
  if ('_rev' in doc) throw new Error('createIfAbsent: the document must not have a _rev.');
  try {
    await db.put(doc);
    return true;
  } catch (err) {
    if (isConflict(err)) return false;
    throw err;
  }
}
