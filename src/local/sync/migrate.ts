/**
 * Moves what today lives in the per-account database (`user_<hash>`, store/accountStore.ts) into
 * the user's home-team database, which syncs. Nothing is lost:
 *
 *   1. every document is replicated with its whole revision tree (deleted ones and conflicts too);
 *      replication keeps checkpoints, so an interrupted migration resumes where it stopped;
 *   2. every leaf revision of the source is checked to be in the target (`revsDiff` finds none
 *      missing), else nothing further happens and the source stays as it was;
 *   3. the store's record of unfinished saves and deletions (`_local/earnest-pending`, which
 *      replication does not carry) is merged into the target's, so the store finishes or undoes
 *      them there;
 *   4. `_local/earnest-migrations` in the target records what was migrated;
 *   5. only then is the source destroyed (unless `keepSource`).
 *
 * Running it again is harmless (idempotent): a finished migration replicates nothing new and
 * verifies again. The derived tables of the old database (`<name>__derived`, Dexie) are the
 * store's to delete; the new database's are rebuilt from its documents.
 */
import { hasStatus, type Db } from './db';

/** The store's record of unfinished work (store/pending.ts `PENDING_ID`). */
export const STORE_PENDING_ID = '_local/earnest-pending';
export const MIGRATIONS_ID = '_local/earnest-migrations';

export interface MigrationReport {
  /** Documents (revisions) written into the target by this run. */
  docsWritten: number;
  /** Documents the source held (live ones). */
  sourceDocs: number;
  /** Unfinished saves and deletions carried over. */
  pendingCarried: number;
  /** The source was destroyed. */
  sourceDestroyed: boolean;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

interface PendingShape {
  _id: string;
  _rev?: string;
  saves?: { importId?: string }[];
  deletes?: string[];
}

async function getOrNull<T>(db: Db, id: string): Promise<(T & { _rev?: string }) | null> {
  try {
    return (await db.get(id)) as unknown as T & { _rev?: string };
  } catch (e) {
    if (hasStatus(e, 404)) return null;
    throw e;
  }
}

async function putRetrying<T extends { _id: string; _rev?: string }>(db: Db, id: string, change: (current: T | null) => T): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const current = await getOrNull<T>(db, id);
    const next = change(current);
    try {
      await db.put(current?._rev ? { ...next, _rev: current._rev } : next);
      return;
    } catch (e) {
      if (!hasStatus(e, 409) || attempt >= 5) throw e;
    }
  }
}

/** Every leaf revision of `source` (deleted ones included) that `target` does not have. */
async function missingInTarget(source: Db, target: Db): Promise<number> {
  let missing = 0;
  let since: number | string = 0;
  for (;;) {
    const res = await source.changes({ since, limit: 500, style: 'all_docs', return_docs: true });
    const rows = res.results as unknown as { id: string; seq: number | string; changes: { rev: string }[] }[];
    if (rows.length === 0) return missing;
    const diff: Record<string, string[]> = {};
    for (const r of rows) diff[r.id] = r.changes.map((c) => c.rev);
    const lacks = (await target.revsDiff(diff)) as Record<string, { missing?: string[] }>;
    for (const v of Object.values(lacks)) missing += v.missing?.length ?? 0;
    if (rows.length < 500) return missing;
    since = rows[rows.length - 1].seq;
  }
}

export async function migrateAccountDatabase(
  source: Db,
  target: Db,
  opts: { sourceName: string; keepSource?: boolean; now?: () => number },
): Promise<MigrationReport> {
  const info = await source.info();
  const result = await source.replicate.to(target, { batch_size: 50 });
  if (!result.ok || result.doc_write_failures > 0) {
    throw new MigrationError(
      `Earnest could not copy ${result.doc_write_failures} of the documents saved on this device into your personal space. They are kept where they were; reload to try again.`,
    );
  }
  const missing = await missingInTarget(source, target);
  if (missing > 0) {
    throw new MigrationError(`${missing} revisions saved on this device did not arrive in your personal space. They are kept where they were; reload to try again.`);
  }

  // Unfinished saves and deletions: merged by import id and project id, so a repeat adds nothing.
  const pending = await getOrNull<PendingShape>(source, STORE_PENDING_ID);
  let carried = 0;
  if (pending && ((pending.saves?.length ?? 0) > 0 || (pending.deletes?.length ?? 0) > 0)) {
    await putRetrying<PendingShape>(target, STORE_PENDING_ID, (current) => {
      const saves = [...(current?.saves ?? [])];
      const deletes = [...(current?.deletes ?? [])];
      carried = 0;
      for (const s of pending.saves ?? []) {
        if (!saves.some((x) => x.importId === s.importId)) {
          saves.push(s);
          carried++;
        }
      }
      for (const d of pending.deletes ?? []) {
        if (!deletes.includes(d)) {
          deletes.push(d);
          carried++;
        }
      }
      return { ...(current ?? {}), _id: STORE_PENDING_ID, saves, deletes };
    });
  }

  const at = new Date((opts.now ?? Date.now)()).toISOString();
  await putRetrying<{ _id: string; _rev?: string; migrations: { from: string; at: string; docs: number }[] }>(target, MIGRATIONS_ID, (current) => {
    const migrations = (current?.migrations ?? []).filter((m) => m.from !== opts.sourceName);
    return { _id: MIGRATIONS_ID, migrations: [...migrations, { from: opts.sourceName, at, docs: info.doc_count }] };
  });

  let destroyed = false;
  if (!opts.keepSource) {
    await source.destroy();
    destroyed = true;
  }
  return { docsWritten: result.docs_written, sourceDocs: info.doc_count, pendingCarried: carried, sourceDestroyed: destroyed };
}

/** What `_local/earnest-migrations` says was migrated into this database. */
export async function migrationsOf(target: Db): Promise<{ from: string; at: string; docs: number }[]> {
  const doc = await getOrNull<{ migrations?: { from: string; at: string; docs: number }[] }>(target, MIGRATIONS_ID);
  return doc?.migrations ?? [];
}
