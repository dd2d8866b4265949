import './setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import type { ActivityRow, LocalStore } from '../../../src/local/store';
import { freshStore } from './helpers';

const sortRows = (rows: ActivityRow[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('the Dexie activity table', () => {
  let store: LocalStore;
  let schedule: Schedule;
  let projectId: string;
  let importId: string;

  beforeAll(async () => {
    store = await freshStore();
    schedule = syntheticSchedule({ activities: 2500, seed: 3 });
    ({ projectId, importId } = await store.saveImport(schedule, { fileName: 's.xer', format: 'xer', fileSize: 1 }));
  });
  afterAll(async () => {
    await store.destroy();
  });

  it('holds one row per activity whose fields are the activity\'s own', async () => {
    const rows = await store.activityRows(projectId, importId);
    expect(rows).toHaveLength(2500);
    const wbsCode = new Map(schedule.wbs.map((w) => [w.id, w.code]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const a of schedule.activities) {
      const r = byId.get(a.id)!;
      expect(r).toBeDefined();
      expect(r.projectId).toBe(projectId);
      expect(r.importId).toBe(importId);
      expect(r.code).toBe(a.code);
      expect(r.name).toBe(a.name);
      expect(r.wbsId).toBe(a.wbsId);
      expect(r.wbsCode).toBe(wbsCode.get(a.wbsId!));
      expect(r.budget).toBe(a.budgetCost);
      expect(r.actual).toBe(a.actualCost);
      expect(r.remaining).toBe(a.remainingCost);
      // synthetic.ts writes physical percent complete only.
      expect(r.percentComplete).toBe(a.percentComplete.physical);
      for (const f of ['baselineStart', 'baselineFinish', 'plannedStart', 'plannedFinish', 'actualStart', 'actualFinish', 'forecastStart', 'forecastFinish'] as const) {
        expect(r[f]).toBe(a[f]);
      }
    }
  });

  it('is indexed by activity code', async () => {
    const a = schedule.activities[1234];
    const hits = await store.derived.activities.where('code').equals(a.code).toArray();
    expect(hits.map((h) => h.id)).toEqual([a.id]);
  });

  it('comes back identical from rebuildDerived after Dexie is wiped', async () => {
    const before = sortRows(await store.activityRows(projectId, importId));
    await store.derived.activities.clear();
    await store.derived.meta.clear();
    expect(await store.activityRows(projectId, importId)).toEqual([]);
    const result = await store.rebuildDerived();
    expect(result.importsRebuilt).toBe(1);
    expect(sortRows(await store.activityRows(projectId, importId))).toEqual(before);
  });

  it('is checkpointed: a refresh with nothing new reads no changes and keeps the rows', async () => {
    const result = await store.refreshDerived();
    expect(result.changes).toBe(0);
    expect(await store.derived.activities.count()).toBe(2500);
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
    const { projectId, importId } = await a.saveImport(schedule, { fileName: 'team.xer', format: 'xer', fileSize: 1 });
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
    expect(await b.activityRows(projectId, importId)).toEqual([]);
    const [listed] = await b.listImports(projectId);
    expect(listed.complete).toBe(false);
    await expect(b.loadSchedule(projectId)).rejects.toMatchObject({ code: 'incomplete' });

    // 2. The activity chunk arrives: the activities are all there, but the import is still not whole.
    await put([lastAct]);
    await b.refreshDerived();
    expect(await b.activityRows(projectId, importId)).toEqual([]);
    expect((await b.listImports(projectId))[0].complete).toBe(false);

    // 3. The last chunk arrives.
    await put([aRel]);
    const r = await b.refreshDerived();
    expect(r.importsRebuilt).toBe(1);
    expect(sortRows(await b.activityRows(projectId, importId))).toEqual(sortRows(await a.activityRows(projectId, importId)));
    expect((await b.listImports(projectId))[0].complete).toBe(true);
    expect(await b.loadSchedule(projectId)).toEqual(schedule);

    // 4. A teammate deletes the project; real PouchDB replication carries the tombstones over.
    await a.deleteProject(projectId);
    await a.pouch.replicate.to(b.pouch);
    const gone = await b.refreshDerived();
    expect(gone.projectsRemoved).toBe(1);
    expect(await b.derived.activities.count()).toBe(0);
    expect(await b.listProjects()).toEqual([]);
  });
});
