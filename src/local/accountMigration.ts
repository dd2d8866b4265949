/**
 * The first start of team sync on a device: what the per-account database of earlier builds
 * (`user_<hash>`, store/accountStore.ts) holds moves into the home team's device database, which
 * syncs, before that database is opened (sync/migrate.ts: every revision, verified, then the old
 * database destroyed). Its derived tables go too; the new database's are rebuilt from its documents.
 */
import { Dexie } from 'dexie';
import { localStoreNameFor } from './store';
import { guarded, StoreError } from './store/errors';
import { withLock } from './store/pending';
import { openPouch } from './store/pouch';
import { migrateAccountDatabase, MigrationError, type MigrationReport } from './sync/migrate';

/** Moving several hundred MB of schedules can take minutes on a slow laptop. */
const MIGRATION_TIMEOUT_MS = 15 * 60_000;

/** True unless the browser lists its databases and neither the old database nor its derived tables are there. */
async function mayExist(name: string, adapter: string): Promise<boolean> {
  if (adapter !== 'indexeddb') return true;
  const idb = (globalThis as { indexedDB?: { databases?: () => Promise<{ name?: string }[]> } }).indexedDB;
  if (!idb?.databases) return true;
  try {
    const names = (await idb.databases()).map((d) => d.name);
    return names.includes(`_pouch_${name}`) || names.includes(`${name}__derived`);
  } catch {
    return true;
  }
}

/**
 * Migrates the account's old database into `targetName` (the home team's device database), when
 * there is one. Returns the report, or null when there was nothing to migrate. Held under a Web
 * Lock, so two tabs starting at once migrate once. A failure leaves the old database as it was and
 * throws a StoreError saying so (the next start tries again).
 */
export async function migrateOldAccountDatabase(userId: string, targetName: string, adapter = 'indexeddb'): Promise<MigrationReport | null> {
  const sourceName = await localStoreNameFor(userId);
  if (!(await mayExist(sourceName, adapter))) return null;
  return withLock(`earnest:migrate:${sourceName}`, async () => {
    if (!(await mayExist(sourceName, adapter))) return null;
    const source = openPouch(sourceName, adapter);
    const info = await guarded(() => source.info(), 'checking for projects saved before team sync', 60_000);
    let report: MigrationReport | null = null;
    if (info.doc_count === 0 && Number(info.update_seq) === 0) {
      await source.destroy();
    } else {
      const target = openPouch(targetName, adapter);
      try {
        report = await guarded(() => migrateAccountDatabase(source, target, { sourceName }), 'moving your projects into your personal space', MIGRATION_TIMEOUT_MS);
      } catch (e) {
        const cause = e instanceof StoreError && e.cause ? e.cause : e;
        if (cause instanceof MigrationError) throw new StoreError('failed', cause.message, { cause });
        throw e;
      } finally {
        await target.close().catch(() => undefined);
      }
    }
    await guarded(() => Dexie.delete(`${sourceName}__derived`), 'removing the old derived tables', 60_000);
    return report;
  });
}
