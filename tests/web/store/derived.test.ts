import './setup';
import { Dexie } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { openLocalStore, type LocalStore } from '../../../src/local/store';
import { freshStore } from './helpers';

describe('the Dexie tables', () => {
  let store: LocalStore;
  let projectId: string;
  let importId: string;

  beforeAll(async () => {
    store = await freshStore();
    ({ projectId, importId } = await store.saveImport(syntheticSchedule({ activities: 2500, seed: 3 }), { fileName: 's.xer', format: 'xer', fileSize: 1 }));
  });
  afterAll(async () => {
    await store.destroy();
  });

  it('hold no activity table (no screen read it; writing it was most of a save) but know the import is complete', async () => {
    expect(store.derived.tables.map((t) => t.name).sort()).toEqual(['analyses', 'meta', 'prefs']);
    expect(await store.derived.meta.get(`import-state:${projectId}:${importId}`)).toEqual({ key: `import-state:${projectId}:${importId}`, value: { complete: true } });
    expect((await store.listImports(projectId)).map((i) => i.complete)).toEqual([true]);
  });

  it('come back from rebuildDerived after Dexie is wiped', async () => {
    await store.derived.meta.clear();
    expect(await store.derived.meta.count()).toBe(0);
    const result = await store.rebuildDerived();
    expect(result.importsRebuilt).toBe(1);
    expect(await store.derived.meta.get(`import-state:${projectId}:${importId}`)).toMatchObject({ value: { complete: true } });
  });

  it('are checkpointed: a refresh with nothing new reads no changes', async () => {
    const result = await store.refreshDerived();
    expect(result.changes).toBe(0);
  });

  it('keep cached results as objects, not JSON text', async () => {
    const value = { cpi: 0.93, series: [1, 2, 3], nested: { at: '2026-01-01T00:00' } };
    await store.cacheAnalysis(projectId, importId, 'k', value);
    const row = await store.derived.analyses.get([projectId, importId, 'k']);
    expect(row?.value).toEqual(value);
    expect(row).not.toHaveProperty('json');
  });
});

describe("the projection after this tab's own save", () => {
  /** Counts the changes the projection reads back from PouchDB (the indexeddb adapter loads each in full). */
  function countChanges(store: LocalStore): { read: number } {
    const counter = { read: 0 };
    const db = store.pouch as unknown as { changes: (opts: object) => Promise<{ results: unknown[] }> };
    const real = db.changes.bind(db);
    db.changes = async (opts) => {
      const res = await real(opts);
      counter.read += res.results.length;
      return res;
    };
    return counter;
  }

  it('notes the import without reading its documents back', async () => {
    const store = await freshStore();
    try {
      const first = await store.saveImport(syntheticSchedule({ activities: 600, seed: 1 }), { fileName: 'a.xer', format: 'xer', fileSize: 1 });
      await store.cacheAnalysis(first.projectId, first.importId, 'k', { cpi: 1 });
      const changes = countChanges(store);
      const next = await store.saveImport(syntheticSchedule({ activities: 3000, seed: 2 }), { projectId: first.projectId, fileName: 'b.xer', format: 'xer', fileSize: 1 });
      expect(changes.read).toBe(0);
      expect((await store.listImports(first.projectId)).map((i) => [i.importId, i.complete])).toEqual([
        [first.importId, true],
        [next.importId, true],
      ]);
      // As a run would, it dropped the project's cached analyses (their history changed).
      expect(await store.cachedAnalysis(first.projectId, first.importId, 'k')).toBeUndefined();
      expect((await store.refreshDerived()).changes).toBe(0);
    } finally {
      await store.destroy();
    }
  });

  it('reads the changes after all when something else was written during the save', async () => {
    const store = await freshStore();
    try {
      const changes = countChanges(store);
      const db = store.pouch as unknown as { bulkDocs: (docs: unknown, ...rest: unknown[]) => Promise<unknown> };
      const real = db.bulkDocs.bind(db);
      let once = false;
      db.bulkDocs = async (docs, ...rest) => {
        const r = await real(docs, ...rest);
        const list = (Array.isArray(docs) ? docs : (docs as { docs: { type?: string }[] }).docs) as { type?: string }[];
        if (!once && list.some((d) => d.type === 'chunk')) {
          once = true;
          // A teammate's project arrives by sync between two batches of this save.
          await real([{ _id: 'project:teammate1', type: 'project', projectId: 'teammate1', name: 'Synced in', currency: 'GBP', createdAt: 'x', updatedAt: 'x' }]);
        }
        return r;
      };
      const saved = await store.saveImport(syntheticSchedule({ activities: 3000, seed: 3 }), { fileName: 'c.xer', format: 'xer', fileSize: 1 });
      db.bulkDocs = real;
      expect(once).toBe(true);
      expect(changes.read).toBeGreaterThan(0);
      expect((await store.listImports(saved.projectId)).map((i) => i.complete)).toEqual([true]);
      expect((await store.listProjects()).map((p) => p.name).sort()).toEqual(['Synced in', 'Synthetic 3,000-activity project (seed 3)'].sort());
      expect((await store.refreshDerived()).changes).toBe(0);
    } finally {
      await store.destroy();
    }
  });
});

describe('derived tables of the version before (1)', () => {
  it('lose their activity table and their JSON-text cache on opening, and the store works on', async () => {
    const name = `test_v1_${Math.random().toString(36).slice(2, 8)}`;
    const v1 = new Dexie(`${name}__derived`);
    v1.version(1).stores({ activities: '[projectId+importId+id], [projectId+importId], code', analyses: '[projectId+importId+key], projectId', prefs: 'key', meta: 'key' });
    await v1.open();
    await v1.table('activities').put({ projectId: 'p1', importId: 'i1', id: 'A1', code: 'A1' });
    await v1.table('analyses').put({ projectId: 'p1', importId: 'i1', key: 'old', json: '{"cpi":1}', computedAt: 'x' });
    await v1.table('prefs').put({ key: 'density', value: 'compact' });
    v1.close();

    const s = await openLocalStore({ name });
    try {
      expect(s.derived.verno).toBe(2);
      expect(s.derived.tables.map((t) => t.name)).not.toContain('activities');
      expect(await s.derived.analyses.count()).toBe(0);
      expect(await s.getPref('density')).toBe('compact');
      const saved = await s.saveImport(syntheticSchedule({ activities: 50, seed: 2 }), { fileName: 'after.xer', format: 'xer', fileSize: 1 });
      expect((await s.loadSchedule(saved.projectId)).activities).toHaveLength(50);
    } finally {
      await s.destroy();
    }
  });
});

describe('the projection when documents arrive by sync in any order', () => {
  let a: LocalStore;
  let b: LocalStore;
  beforeAll(async () => {
    a = await freshStore();
    b = await freshStore();
  });
  afterAll(async () => {
    await a.destroy();
    await b.destroy();
  });

  it('shows an import only once its header and every chunk are present', async () => {
    const schedule = syntheticSchedule({ activities: 2200, seed: 11 });
    const { projectId } = await a.saveImport(schedule, { fileName: 'team.xer', format: 'xer', fileSize: 1 });
    const docs = (await a.pouch.allDocs({ include_docs: true })).rows.map((r) => r.doc!);
    const header = docs.find((d) => d._id.startsWith('import:'))!;
    const project = docs.find((d) => d._id.startsWith('project:'))!;
    const chunks = docs.filter((d) => d !== header && d !== project);
    const lastAct = chunks.filter((d) => d._id.startsWith('act:')).at(-1)!;
    const aRel = chunks.find((d) => d._id.startsWith('rel:'))!;
    // Replicated documents keep their revisions (new_edits: false), as PouchDB's replicator writes them.
    const put = (ds: typeof docs) => b.pouch.bulkDocs(ds, { new_edits: false });

    // 1. The project and the header arrive first; one activity and one relationship chunk are missing.
    await put([project, header, ...chunks.filter((d) => d !== lastAct && d !== aRel)]);
    await b.refreshDerived();
    const [listed] = await b.listImports(projectId);
    expect(listed.complete).toBe(false);
    await expect(b.loadSchedule(projectId)).rejects.toMatchObject({ code: 'incomplete' });

    // 2. The activity chunk arrives: the activities are all there, but the import is still not whole.
    await put([lastAct]);
    await b.refreshDerived();
    expect((await b.listImports(projectId))[0].complete).toBe(false);
    await expect(b.loadSchedule(projectId)).rejects.toMatchObject({ code: 'incomplete' });

    // 3. The last chunk arrives.
    await put([aRel]);
    const r = await b.refreshDerived();
    expect(r.importsRebuilt).toBe(1);
    expect(await b.listImports(projectId)).toEqual(await a.listImports(projectId));
    expect((await b.listImports(projectId))[0].complete).toBe(true);
    expect(await b.loadSchedule(projectId)).toEqual(schedule);

    // 4. A teammate deletes the project; real PouchDB replication carries the tombstones over.
    await a.deleteProject(projectId);
    await a.pouch.replicate.to(b.pouch);
    const gone = await b.refreshDerived();
    expect(gone.projectsRemoved).toBe(1);
    expect(await b.derived.meta.where('key').startsWith(`import-state:${projectId}:`).count()).toBe(0);
    expect(await b.listProjects()).toEqual([]);
  });
});
