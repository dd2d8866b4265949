/**
 * The version of the document layout a database holds, checked every time the store opens, and the
 * migrations that bring an older database up to this build's layout.
 *
 * Every import header and period table carries `layout` (docs.ts), and the database keeps a
 * `_local/earnest-layout` marker (never replicated: each device migrates its own copy) saying which
 * layout its documents are in. Opening a database:
 *   - with no marker: a new database, or one written before markers existed (layout 1): marked;
 *   - at an older layout: each migration n → n + 1 runs in turn, the marker moving after each, so
 *     an interrupted migration resumes at the step it stopped (migrations must be idempotent);
 *   - at a newer layout (a newer build in another tab migrated it): this build must not write to
 *     it, since it would write documents the newer code cannot trust. The store opens read-only
 *     and says to reload.
 * Two tabs opening at once migrate once: the check runs under a Web Lock.
 */
import { guarded, StoreError } from './errors';
import { withLock } from './pending';
import { isNotFound, type Db } from './pouch';

/** One step: rewrites what a database at layout n holds so that it is at layout n + 1. */
export type Migration = (db: Db, context: { timeoutMs: number }) => Promise<void>;

/** Migrations from layout n to n + 1, keyed by n. Layout 1 is the first, so there are none yet. */
export type MigrationTable = Readonly<Record<number, Migration>>;
export const MIGRATIONS: MigrationTable = {};

export const LAYOUT_DOC_ID = '_local/earnest-layout';

interface LayoutDoc {
  _id: string;
  _rev?: string;
  version: number;
  /** The build that last wrote the marker (for the message when it is newer than this one). */
  build: string;
  updatedAt: string;
}

export interface LayoutCheck {
  /** The layout the database was at when opened. */
  found: number;
  /** The layouts migrated from, in order (empty when none ran). */
  migrated: number[];
  /** Set when the database is at a newer layout than this build's: the store must not write. */
  newer?: { layout: number; build?: string };
}

async function readMarker(db: Db, timeoutMs: number): Promise<LayoutDoc | null> {
  try {
    return await guarded(() => db.get<LayoutDoc>(LAYOUT_DOC_ID), 'reading the layout version of the local database', timeoutMs);
  } catch (e) {
    if (e instanceof StoreError && isNotFound(e.cause)) return null;
    throw e;
  }
}

async function writeMarker(db: Db, previous: LayoutDoc | null, version: number, build: string, timeoutMs: number): Promise<LayoutDoc> {
  const doc: LayoutDoc = { _id: LAYOUT_DOC_ID, version, build, updatedAt: new Date().toISOString() };
  if (previous?._rev) doc._rev = previous._rev;
  const res = await guarded(() => db.put(doc), 'recording the layout version of the local database', timeoutMs);
  return { ...doc, _rev: res.rev };
}

export async function checkLayout(db: Db, opts: { name: string; version: number; migrations: MigrationTable; build: string; timeoutMs: number }): Promise<LayoutCheck> {
  const { version, migrations, build, timeoutMs } = opts;
  return withLock(`earnest:${opts.name}:layout`, async () => {
    let marker = await readMarker(db, timeoutMs);
    let found: number;
    if (marker && Number.isInteger(marker.version) && marker.version >= 1) found = marker.version;
    else {
      // No marker: documents without one were written by layout 1, the one before markers.
      const info = await guarded(() => db.info(), 'reading the local database', timeoutMs);
      found = info.doc_count > 0 ? 1 : version;
    }
    if (found > version) return { found, migrated: [], newer: { layout: found, build: marker?.build } };
    const migrated: number[] = [];
    for (let n = found; n < version; n++) {
      const step = migrations[n];
      if (!step) {
        throw new StoreError('failed', `This version of Earnest cannot bring the projects on this device from layout ${n} to ${n + 1} (no migration for it). Nothing was changed. Update Earnest (reload the page); if this stays, contact support.`);
      }
      await step(db, { timeoutMs });
      marker = await writeMarker(db, marker, n + 1, build, timeoutMs);
      migrated.push(n);
    }
    if (!marker || marker.version !== version) await writeMarker(db, marker, version, build, timeoutMs);
    return { found, migrated };
  });
}

/** What the user reads when this tab can no longer write: what happened and what to do. */
export function newerLayoutMessage(found: number, mine: number): string {
  return (
    `A newer version of Earnest has updated the projects on this device (data layout ${found}; this tab reads layout ${mine}). ` +
    'This tab has stopped saving so that nothing is written in the old layout. Reload the page to use the new version; nothing has been lost.'
  );
}
