/**
 * How much of this browser's storage Earnest uses, whether the browser may clear it, and asking it
 * not to. Read on the page (the StorageManager is per origin, so the page and the data worker see
 * the same figures); the data worker keeps its own copy of these calls for the store.
 */

/** The parts of `navigator.storage` used here; any may be missing (older or embedded browsers). */
export interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

export function browserStorage(): StorageManagerLike | undefined {
  return (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator?.storage;
}

/** Bytes, written the way the account page writes them (binary units, en-GB grouping). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes.toLocaleString('en-GB')} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString('en-GB')} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return mb < 10 ? `${mb.toFixed(1)} MB` : `${Math.round(mb).toLocaleString('en-GB')} MB`;
  const gb = mb / 1024;
  return gb < 100 ? `${gb.toFixed(1)} GB` : `${Math.round(gb).toLocaleString('en-GB')} GB`;
}

/** usage / quota as a percentage for people: never "0%" for something stored, never rounded up to 100%. */
export function formatShare(usage: number, quota: number): string | null {
  if (!(quota > 0) || !(usage >= 0)) return null;
  const pct = (usage / quota) * 100;
  if (usage === 0) return '0%';
  if (pct < 0.1) return 'less than 0.1%';
  if (pct < 10) return `${pct.toFixed(1)}%`;
  if (pct < 99.5) return `${Math.round(pct)}%`;
  return pct >= 100 ? '100%' : 'more than 99%';
}

export interface StorageFigures {
  used: string;
  /** null when the browser gives no quota (it reports 0). */
  quota: string | null;
  share: string | null;
  /** usage / quota, 0..1, for a meter; null without a quota. */
  fraction: number | null;
  /** Set when little room is left: what happens and what to do. */
  warning: string | null;
}

/** At or above this share of the quota, imports may start to fail: say so before they do. */
export const STORAGE_WARN_FRACTION = 0.8;

export function storageFigures(estimate: { usage?: number; quota?: number }): StorageFigures {
  const usage = Math.max(0, estimate.usage ?? 0);
  const quota = Math.max(0, estimate.quota ?? 0);
  const fraction = quota > 0 ? Math.min(1, usage / quota) : null;
  return {
    used: formatBytes(usage),
    quota: quota > 0 ? formatBytes(quota) : null,
    share: formatShare(usage, quota),
    fraction,
    warning:
      fraction !== null && fraction >= STORAGE_WARN_FRACTION
        ? `This browser has ${formatBytes(Math.max(0, quota - usage))} left for Earnest. A large import may not fit: delete projects you no longer need here, or free space on the device.`
        : null,
  };
}

/**
 * Whether the browser may clear Earnest's data, and where asking it stands.
 * - unknown: not read yet;
 * - unsupported: the browser cannot say or cannot be asked;
 * - persistent: only the user can clear it;
 * - best-effort: the browser may clear it under storage pressure; `request` says whether we asked.
 */
export type Persistence =
  | { kind: 'unknown' }
  | { kind: 'unsupported' }
  | { kind: 'persistent' }
  | { kind: 'best-effort'; request: 'not-asked' | 'asking' | 'refused' | 'failed' };

export async function readPersistence(sm: StorageManagerLike | undefined): Promise<Persistence> {
  if (!sm?.persisted) return { kind: 'unsupported' };
  try {
    return (await sm.persisted()) ? { kind: 'persistent' } : { kind: 'best-effort', request: sm.persist ? 'not-asked' : 'refused' };
  } catch {
    // Some embedded browsers throw instead of answering.
    return { kind: 'unsupported' };
  }
}

/** Asks for persistent storage (call after a click: Firefox shows the user a question). */
export async function requestPersistence(sm: StorageManagerLike | undefined): Promise<Persistence> {
  if (!sm?.persist) return { kind: 'unsupported' };
  try {
    return (await sm.persist()) ? { kind: 'persistent' } : { kind: 'best-effort', request: 'refused' };
  } catch {
    return { kind: 'best-effort', request: 'failed' };
  }
}

/** What the persistence answer means for someone whose schedules live only here. */
export function persistenceMeaning(p: Persistence): string {
  switch (p.kind) {
    case 'unknown':
      return 'Asking the browser…';
    case 'unsupported':
      return 'This browser does not say whether it keeps site data, and cannot be asked to. Keep your schedule files until your projects are synced to a team.';
    case 'persistent':
      return 'The browser will not clear Earnest’s data to free space. Only you can remove it, here or by clearing this site’s data.';
    case 'best-effort':
      switch (p.request) {
        case 'refused':
          return 'The browser said no. Chrome and Edge decide by themselves and usually agree once Earnest is installed or used often; Firefox asks you. Until then the browser may clear this data when the device runs short of space.';
        case 'failed':
          return 'The browser could not be asked just now. Try again; until then it may clear this data when the device runs short of space.';
        default:
          return 'The browser may clear Earnest’s data when the device runs short of space, and Safari clears data of sites not opened for seven days unless the app is on the Home Screen or Dock.';
      }
  }
}
