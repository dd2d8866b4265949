/**
 * The store's one error type, and the two guards every database call goes through: a timeout
 * (PouchDB has hung rather than rejected on a full disk, pouchdb #6954, #7025, #6817) and the
 * translation of quota failures into a message a user can act on.
 */

export type StoreErrorCode =
  /** The browser's storage for the site is full. */
  | 'quota'
  /** A database call did not answer in time (often a full disk, or another tab blocking an upgrade). */
  | 'timeout'
  /** The project or import asked for is not on this device. */
  | 'not-found'
  /** The import is known but some of its documents have not arrived yet (sync in progress). */
  | 'incomplete'
  /** The data given cannot be stored as it is (a bug upstream, or a bad argument). */
  | 'invalid'
  /** The browser refused to open or write the database for another reason. */
  | 'failed'
  /** The data on this device is in a newer layout than this build writes: reload to update. */
  | 'newer-layout'
  /** The user's role in the team that holds the data does not allow changes (a viewer). */
  | 'role';

export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What to tell the user when storage is full; `context` says what was being done ("saving …"). */
export function quotaMessage(context: string): string {
  return (
    `Your browser's storage for Earnest is full, so Earnest could not finish ${context}. ` +
    'Nothing was changed. Free space by deleting projects or old imports you no longer need (synced ' +
    'projects can be downloaded again), or free disk space on this device, then try again.'
  );
}

/** True for the many shapes a quota failure takes (DOMException, PouchDB-wrapped, Dexie-wrapped). */
export function isQuotaError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const o = cur as { name?: unknown; message?: unknown; reason?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
    if (o.name === 'QuotaExceededError' || o.code === 22 || o.code === 'quota') return true;
    const text = `${typeof o.message === 'string' ? o.message : ''} ${typeof o.reason === 'string' ? o.reason : ''}`;
    if (/quota|disk is full|no space left/i.test(text)) return true;
    cur = o.inner ?? o.cause;
  }
  return false;
}

/**
 * Turns anything a database call threw into a StoreError. `context` is what was being done, as a
 * phrase that follows "while" ("saving the import of site.xer"), so the user knows which action failed.
 */
export function toStoreError(e: unknown, context: string): StoreError {
  if (e instanceof StoreError) return e;
  if (isQuotaError(e)) return new StoreError('quota', quotaMessage(context), { cause: e });
  const detail = e instanceof Error ? e.message : typeof e === 'object' && e !== null && 'reason' in e ? String((e as { reason: unknown }).reason) : String(e);
  return new StoreError(
    'failed',
    `Earnest's local database failed while ${context}: ${detail || 'no detail given'}. Nothing else was changed. ` +
      'Reload the page and try again; if it keeps failing, your browser may be blocking site storage (private browsing, or storage disabled for this site).',
    { cause: e },
  );
}

/** Default limit for one database call. Big bulk writes are split so each stays well under it. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Resolves or rejects with `work`, or rejects with a 'timeout' StoreError after `ms`. Errors are
 * translated with `toStoreError`. The underlying call cannot be cancelled; if it completes later
 * its result is dropped, which is why every write path is safe to retry or to clean up.
 */
export async function guarded<T>(work: Promise<T> | (() => Promise<T>), context: string, ms: number = DEFAULT_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new StoreError(
          'timeout',
          `Earnest's local database did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`} while ${context}. ` +
            "This usually means the browser's storage is full or another Earnest tab is holding the database. " +
            'Close other Earnest tabs, free some disk space, then reload and try again.',
        ),
      );
    }, ms);
  });
  try {
    const p = typeof work === 'function' ? work() : work;
    return await Promise.race([p, timeout]);
  } catch (e) {
    throw toStoreError(e, context);
  } finally {
    clearTimeout(timer);
  }
}
