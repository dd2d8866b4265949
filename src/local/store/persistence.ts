/**
 * Asking the browser to keep Earnest's data, and how much room is left. Browsers may evict
 * "best-effort" storage under pressure, and Safari deletes script-writable storage of sites not
 * used for seven days unless installed (OFFLINE_NOTES §3.4.7); persisted storage is exempt.
 */
import type { StorageEstimate } from '../contracts';

export type { StorageEstimate };

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

function storageManager(): StorageManagerLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage;
}

/**
 * Asks for persistent storage. Resolves true when granted (or already granted), false when refused
 * or the browser cannot say. Chrome grants it silently to installed or frequently used sites;
 * Firefox asks the user, so call it after a user action such as the first import.
 */
export async function requestPersistence(): Promise<boolean> {
  const sm = storageManager();
  try {
    if (sm?.persisted && (await sm.persisted())) return true;
    return sm?.persist ? await sm.persist() : false;
  } catch {
    // Some embedded browsers throw instead of answering; that is a "no".
    return false;
  }
}

/** How full this site's storage is, or null where the browser does not say. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  const sm = storageManager();
  if (!sm?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await sm.estimate();
    let persisted: boolean | null = null;
    if (sm.persisted) persisted = await sm.persisted().catch(() => null);
    return { usage, quota, fractionUsed: quota > 0 ? usage / quota : 0, persisted };
  } catch {
    return null;
  }
}
