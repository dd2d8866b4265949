/**
 * The store's layout version (issue 13, "A second tab never goes stale or corrupts data"): checked
 * when the store opens, older databases migrated step by step through the migration table, and a
 * build that finds data newer than it writes stops writing and says to reload.
 */
import './setup';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { LAYOUT_DOC_ID, openLocalStore, pouchDb, STORE_LAYOUT_VERSION, type LocalStore, type Migration, type OpenLocalStoreOptions } from '../../../src/local/store';
import { allDocs } from './helpers';

const opened: LocalStore[] = [];
afterEach(async () => {
  // Each database once, by its last store (the earlier ones are closed).
  const last = new Map(opened.splice(0).map((s) => [s.name, s]));
  for (const s of last.values()) await s.destroy().catch(() => undefined);
});
const uniqueName = () => `layout_${Math.random().toString(36).slice(2, 10)}`;
async function open(name: string, opts: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  const s = await openLocalStore({ name, broadcast: false, ...opts });
  opened.push(s);
  return s;
}
const small = (seed: number) => syntheticSchedule({ activities: 120, seed });
const marker = async (s: LocalStore) => (await s.pouch.get<{ version: number; build: string }>(LAYOUT_DOC_ID)) as { version: number; build: string };

/**
 * A fake layout 2: import headers gain `sourceFormat` (the format in upper case), as a real
 * migration would rewrite documents. Written to be idempotent, as migrations must be.
 */
const toV2: Migration = async (db) => {
  const res = await db.allDocs<{ type?: string; format?: string; layout?: number }>({ include_docs: true, startkey: 'import:', endkey: 'import:\ufff0' });
  const docs = res.rows.flatMap((r) => (r.doc && r.doc.type === 'import' ? [{ ...r.doc, layout: 2, sourceFormat: String(r.doc.format).toUpperCase() }] : []));
  await db.bulkDocs(docs);
};

describe('the layout version', () => {
  it('is recorded when a database is created, and nothing is migrated', async () => {
    const s = await open(uniqueName(), { buildId: 'build-a' });
    expect(s.layout).toEqual({ found: STORE_LAYOUT_VERSION, migrated: [] });
    expect(await marker(s)).toMatchObject({ version: STORE_LAYOUT_VERSION, build: 'build-a' });
    expect(s.readOnly).toBeNull();
  });

  it('counts a database written before markers existed as layout 1', async () => {
    const name = uniqueName();
    const s = await open(name);
    const { projectId } = await s.saveImport(small(1), { fileName: 'old.xer', format: 'xer', fileSize: 1 });
    await s.pouch.remove(await s.pouch.get(LAYOUT_DOC_ID));
    await s.close();
    const again = await open(name, { layout: { version: 2, migrations: { 1: toV2 } } });
    expect(again.layout).toEqual({ found: 1, migrated: [1] });
    expect((await again.loadSchedule(projectId)).activities).toHaveLength(120);
  });

  it('migrates a v1 store with a v2 migration: documents rewritten, marker moved, later saves in v2', async () => {
    const name = uniqueName();
    const v1 = await open(name);
    const first = await v1.saveImport(small(1), { fileName: 'one.xer', format: 'xer', fileSize: 1 });
    const second = await v1.saveImport(small(2), { projectId: first.projectId, fileName: 'two.xml', format: 'mspdi', fileSize: 1 });
    const before = await v1.loadSchedule(first.projectId);
    await v1.close();

    const v2 = await open(name, { buildId: 'build-2', layout: { version: 2, migrations: { 1: toV2 } } });
    expect(v2.layout).toEqual({ found: 1, migrated: [1] });
    expect(await marker(v2)).toMatchObject({ version: 2, build: 'build-2' });
    const headers = [...(await allDocs(v2)).values()].filter((d) => d.type === 'import');
    expect(headers.map((h) => [h.importId, h.layout, h.sourceFormat]).sort()).toEqual(
      [
        [first.importId, 2, 'XER'],
        [second.importId, 2, 'MSPDI'],
      ].sort(),
    );
    // What the documents say is unchanged by the migration: the schedule loads as before.
    expect(await v2.loadSchedule(first.projectId)).toEqual(before);
    const third = await v2.saveImport(small(3), { fileName: 'three.xer', format: 'xer', fileSize: 1 });
    expect((await v2.pouch.get<{ layout: number }>(`import:${third.projectId}:${third.importId}`)).layout).toBe(2);

    // Opening again finds it at 2: nothing to do.
    await v2.close();
    const reopened = await open(name, { layout: { version: 2, migrations: { 1: toV2 } } });
    expect(reopened.layout).toEqual({ found: 2, migrated: [] });
  });

  it('resumes a migration that failed part-way, at the step that failed', async () => {
    const name = uniqueName();
    const v1 = await open(name);
    const { projectId } = await v1.saveImport(small(4), { fileName: 'four.xer', format: 'xer', fileSize: 1 });
    await v1.close();
    const steps: number[] = [];
    const toV3: Migration = async () => {
      steps.push(2);
      throw new Error('tab closed mid-migration');
    };
    await expect(open(name, { layout: { version: 3, migrations: { 1: async (db, c) => (steps.push(1), toV2(db, c)), 2: toV3 } } })).rejects.toThrow('tab closed mid-migration');
    const raw = new (pouchDb())(name, { adapter: 'indexeddb' });
    expect((await raw.get<{ version: number }>(LAYOUT_DOC_ID)).version).toBe(2);
    await raw.close();

    const fixed = await open(name, { layout: { version: 3, migrations: { 1: toV2, 2: async () => void steps.push(20) } } });
    expect(fixed.layout).toEqual({ found: 2, migrated: [2] });
    expect(steps).toEqual([1, 2, 20]);
    expect((await fixed.loadSchedule(projectId)).activities).toHaveLength(120);
  });

  it('says clearly when no migration exists for a step, and changes nothing', async () => {
    const name = uniqueName();
    const v1 = await open(name);
    await v1.createProject({ name: 'Kept' });
    await v1.close();
    await expect(open(name, { layout: { version: 2, migrations: {} } })).rejects.toMatchObject({ code: 'failed', message: expect.stringContaining('from layout 1 to 2') });
    const again = await open(name);
    expect((await again.listProjects()).map((p) => p.name)).toEqual(['Kept']);
  });

  it('an older build opening a newer database reads what it can but writes nothing, and says to reload', async () => {
    const name = uniqueName();
    const v1 = await open(name);
    const { projectId } = await v1.saveImport(small(5), { fileName: 'five.xer', format: 'xer', fileSize: 1 });
    await v1.close();
    const v2 = await open(name, { buildId: 'new', layout: { version: 2, migrations: { 1: toV2 } } });
    await v2.close();

    const old = await open(name, { buildId: 'old' });
    expect(old.layout.newer).toEqual({ layout: 2, build: 'new' });
    expect(old.readOnly?.message).toMatch(/^A newer version of Earnest has updated the projects on this device \(data layout 2; this tab reads layout 1\)\. .*Reload the page/);
    const events: unknown[] = [];
    old.subscribe((e) => events.push(e));
    expect(events).toEqual([{ kind: 'read-only', message: old.readOnly!.message, layout: 2, build: 'new' }]);

    const docsBefore = [...(await allDocs(old)).keys()].sort();
    await expect(old.createProject({ name: 'New' })).rejects.toMatchObject({ code: 'newer-layout' });
    await expect(old.saveImport(small(6), { fileName: 'six.xer', format: 'xer', fileSize: 1 })).rejects.toMatchObject({ code: 'newer-layout', message: expect.stringMatching(/^six\.xer: A newer version/) });
    await expect(old.deleteProject(projectId)).rejects.toMatchObject({ code: 'newer-layout' });
    await expect(old.rememberMapping('sig', { a: 'name' })).rejects.toMatchObject({ code: 'newer-layout' });
    expect([...(await allDocs(old)).keys()].sort()).toEqual(docsBefore);
    // The list still shows; an import written in layout 2 is refused rather than misread.
    expect((await old.listProjects()).map((p) => p.id)).toEqual([projectId]);
    await expect(old.loadSchedule(projectId)).rejects.toMatchObject({ code: 'newer-layout', message: expect.stringContaining('Reload the page to open it') });
  });

  it('an older build finding derived tables a newer build has upgraded still opens them (Dexie 4 opens the newer version) and works', async () => {
    const name = uniqueName();
    const v1 = await open(name);
    const { projectId } = await v1.saveImport(small(7), { fileName: 'seven.xer', format: 'xer', fileSize: 1 });
    await v1.close();
    const newer = new Dexie(`${name}__derived`);
    newer.version(3).stores({ analyses: '[projectId+importId+key], projectId', prefs: 'key', meta: 'key', somethingNew: 'key' });
    await newer.open();
    newer.close();
    const old = await open(name);
    expect(old.readOnly).toBeNull();
    expect((await old.listImports(projectId)).map((i) => i.complete)).toEqual([true]);
    expect((await old.loadSchedule(projectId)).activities).toHaveLength(120);
  });
});
