import './setup';
/**
 * The per-account database (`user_<hash>`) moves into the home team's device database losing
 * nothing (src/local/sync/migrate.ts): projects with their import history, renames, remembered
 * mappings, period tables, deletions, conflicting revisions and an interrupted save all arrive; an
 * interrupted migration resumes from its checkpoint; running it again is harmless.
 */
import { describe, expect, it } from 'vitest';
import type { PeriodTable } from '../../../src/core/evm/periodTable';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { localStoreNameFor, openLocalStore, pouchDb } from '../../../src/local/store';
import { deviceDbName } from '../../../src/local/sync/names';
import { migrateAccountDatabase, migrationsOf } from '../../../src/local/sync/migrate';

const table: PeriodTable = {
  valuesAre: 'cumulative',
  rows: [
    { label: 'Jan', end: '2025-01-31', pv: 100, ev: 80, ac: 90 },
    { label: 'Feb', end: '2025-02-28', pv: 250, ev: 200, ac: 230 },
  ],
};

const open = (name: string) => new (pouchDb())(name, { adapter: 'indexeddb' });
const names = async () => (await indexedDB.databases()).map((d) => d.name ?? '');

async function leafRevs(db: PouchDB.Database): Promise<Record<string, string[]>> {
  const res = await db.changes({ style: 'all_docs', return_docs: true });
  return Object.fromEntries(res.results.map((r) => [r.id, r.changes.map((c) => c.rev).sort()]));
}

describe('migrating the per-account database into the home team', () => {
  it('moves everything, resumes after an interruption, and leaves the store working on the new database', async () => {
    const account = 'user:mia@example.com';
    const sourceName = await localStoreNameFor(account);
    const targetName = await deviceDbName(account, '01jt2x7k9qhome');

    // A device used before team sync: two projects (one with two statuses), a renamed project,
    // a deleted one, a period table, a remembered mapping, and a save cut off half-way.
    const old = await openLocalStore({ name: sourceName });
    const first = await old.saveImport(syntheticSchedule({ activities: 1200, seed: 4, statusAt: 0.3 }), { fileName: 'jan.xer', format: 'xer', fileSize: 10 });
    await old.saveImport(syntheticSchedule({ activities: 1200, seed: 4, statusAt: 0.5 }), { fileName: 'feb.xer', format: 'xer', fileSize: 11, projectId: first.projectId });
    const second = await old.createProject({ name: 'Signal upgrade', code: 'SU-1' });
    await old.renameProject(second.id, 'Signal upgrade (phase 2)');
    const gone = await old.createProject({ name: 'Cancelled depot' });
    await old.deleteProject(gone.id);
    await old.savePeriodTable(table, { fileName: 'costs.csv' });
    await old.rememberMapping('Task|Budget|Actual', { Budget: 'budgetCost' });
    const projectsBefore = await old.listProjects();
    const scheduleBefore = await old.loadSchedule(first.projectId);
    await old.close();
    const source = open(sourceName);
    // The interrupted save: one chunk written, its header never, recorded as unfinished.
    await source.put({ _id: `act:${first.projectId}:cutoff:00000`, type: 'chunk', kind: 'act', projectId: first.projectId, importId: 'cutoff', n: 0, items: [] });
    const record = await source.get('_local/earnest-pending').catch(() => ({ _id: '_local/earnest-pending' }));
    await source.put({ ...record, saves: [{ projectId: first.projectId, importId: 'cutoff', isNewProject: false, startedAt: '2026-01-05T09:00:00.000Z' }], deletes: [] });
    // A document with two conflicting revisions (two tabs of an old build): both must arrive.
    await source.bulkDocs([{ _id: 'mapping:conflicted', _rev: '1-aaa', type: 'mapping', signature: 's', corrections: { A: 'x' }, updatedAt: '2026-01-01' }], { new_edits: false });
    await source.bulkDocs([{ _id: 'mapping:conflicted', _rev: '1-bbb', type: 'mapping', signature: 's', corrections: { A: 'y' }, updatedAt: '2026-01-02' }], { new_edits: false });
    const revsBefore = await leafRevs(source);
    const total = Object.keys(revsBefore).length;

    // The home team already has a teammate's document on this device.
    const target = open(targetName);
    await target.put({ _id: 'project:teammate', type: 'project', projectId: 'teammate', name: 'From the team', currency: 'EUR', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

    // Interrupted: the tab closes after the first batch.
    await new Promise<void>((resolve) => {
      const rep = source.replicate.to(target, { batch_size: 5, batches_limit: 1 });
      rep.on('change', () => rep.cancel());
      rep.on('complete', () => resolve());
      rep.on('error', () => resolve());
    });
    const partial = (await target.info()).doc_count - 1;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);

    const report = await migrateAccountDatabase(source, target, { sourceName, now: () => Date.UTC(2026, 0, 5) });
    expect(report.sourceDestroyed).toBe(true);
    expect(report.pendingCarried).toBe(1);
    expect(report.docsWritten).toBeLessThan(total); // resumed from the checkpoint, not from the start
    expect(report.docsWritten).toBeGreaterThanOrEqual(total - partial - 1);
    expect(await migrationsOf(target)).toEqual([{ from: sourceName, at: '2026-01-05T00:00:00.000Z', docs: expect.any(Number) }]);
    expect((await names()).some((n) => n.includes(sourceName) && !n.endsWith('__derived'))).toBe(false);

    // Every leaf revision (tombstones and both conflict sides included) is in the home database.
    const revsAfter = await leafRevs(target);
    for (const [id, revs] of Object.entries(revsBefore)) expect(revsAfter[id], id).toEqual(revs);

    // The store on the home database: the same projects (plus the teammate's), the same schedule
    // with its history, the mapping, and the interrupted save undone.
    await target.close();
    const store = await openLocalStore({ name: targetName });
    expect(store.recovery.savesUndone).toBe(1);
    const projectsAfter = await store.listProjects();
    const strip = (rows: typeof projectsBefore) => rows.map((p) => [p.id, p.name, p.code, p.importCount, p.latestDataDate]).sort();
    expect(strip(projectsAfter.filter((p) => p.id !== 'teammate'))).toEqual(strip(projectsBefore));
    expect(projectsAfter.map((p) => p.name)).toContain('From the team');
    expect(projectsAfter.map((p) => p.name)).not.toContain('Cancelled depot');
    expect(await store.loadSchedule(first.projectId)).toEqual(scheduleBefore);
    expect(await store.recallMapping('Task|Budget|Actual')).toEqual({ Budget: 'budgetCost' });
    expect(await store.pouch.get(`act:${first.projectId}:cutoff:00000`).catch((e: { status: number }) => e.status)).toBe(404);
    await store.close();
    const settled = await leafRevs(open(targetName));

    // Again, with nothing left to move (opening the old name makes an empty database): harmless.
    const again = await migrateAccountDatabase(open(sourceName), open(targetName), { sourceName });
    expect(again).toMatchObject({ docsWritten: 0, sourceDocs: 0, pendingCarried: 0 });
    expect(await leafRevs(open(targetName))).toEqual(settled);
  }, 60_000);
});
