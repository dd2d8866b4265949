/**
 * Which local database holds a signed-in person's projects on this device.
 *
 * Each account gets its own PouchDB database (and derived Dexie tables) on each device, so a
 * second person signing in on a shared site laptop never sees the first one's projects, and
 * signing out destroys nothing: the same person signing in again finds their work where they left
 * it, synced or not. The name is a hash of the account id, so the browser's storage listing does
 * not spell out anybody's email address.
 *
 * Builds before per-account stores kept everything in one `team_local` database. The first account
 * to open its store on a device adopts that data (replicated across, then the old database is
 * deleted), so nothing saved before is lost.
 */
import { Dexie } from 'dexie';
import { guarded, StoreError } from './errors';
import { withLock } from './pending';
import { openPouch, type Db } from './pouch';

/** The single database of builds before per-account stores. */
export const LEGACY_STORE_NAME = 'team_local';
const ADOPT_LOCK = 'earnest:adopt-legacy-store';

/** The local database name for an account: `user_` and 32 hex digits of the id's SHA-256. */
export async function localStoreNameFor(userId: string): Promise<string> {
  if (typeof userId !== 'string' || !userId.trim()) {
    throw new StoreError('invalid', 'Sign in to open your projects: the local store belongs to an account.');
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId)));
  const hex = Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `user_${hex}`;
}

/**
 * Moves the documents of the pre-account `team_local` database into `target`, then deletes it and
 * its derived tables. Returns how many documents were moved (0 when there was nothing to adopt).
 * Held under a Web Lock so two tabs opening at once adopt once; the old database is deleted only
 * after replication reported every document written, so a failure leaves it for the next attempt.
 */
export async function adoptLegacyStore(target: Db, adapter: string, timeoutMs: number): Promise<number> {
  // Most devices never had the old database: when the browser can list databases, skip the
  // open-check-delete round (opening would create it just to delete it again).
  if (adapter === 'indexeddb' && !(await mayHoldLegacyStore())) return 0;
  return withLock(ADOPT_LOCK, async () => {
    const legacy = openPouch(LEGACY_STORE_NAME, adapter);
    const info = await guarded(() => legacy.info(), 'checking for projects saved before sign-in', timeoutMs);
    let moved = 0;
    if (info.doc_count > 0) {
      // Whole schedules can be large: allow far longer than one database call.
      const result = await guarded(
        () => legacy.replicate.to(target),
        'moving projects saved before sign-in into your account',
        Math.max(timeoutMs, 10 * 60_000),
      );
      if (!result.ok || result.doc_write_failures > 0) {
        throw new StoreError(
          'failed',
          `Earnest could not move ${result.doc_write_failures} of the documents saved on this device before sign-in into your account. They are kept where they were; reload to try again.`,
        );
      }
      moved = result.docs_written;
    }
    await guarded(() => legacy.destroy(), 'removing the old local database', timeoutMs);
    await guarded(() => Dexie.delete(`${LEGACY_STORE_NAME}__derived`), 'removing the old derived tables', timeoutMs);
    return moved;
  });
}

/** False only when the browser lists its databases and the old one is not among them. */
async function mayHoldLegacyStore(): Promise<boolean> {
  const idb = (globalThis as { indexedDB?: { databases?: () => Promise<{ name?: string }[]> } }).indexedDB;
  if (!idb?.databases) return true;
  try {
    const names = (await idb.databases()).map((d) => d.name);
    // The indexeddb adapter names its database `_pouch_<name>`.
    return names.includes(`_pouch_${LEGACY_STORE_NAME}`) || names.includes(`${LEGACY_STORE_NAME}__derived`);
  } catch {
    return true;
  }
}
