import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { StoreError, type LocalStore } from '../../../src/local/store';
import { allDocs, freshStore } from './helpers';

const opened: LocalStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.destroy().catch(() => undefined);
});
async function store(): Promise<LocalStore> {
  const s = await freshStore();
  opened.push(s);
  return s;
}
const small = (seed: number, activities = 200): Schedule => syntheticSchedule({ activities, seed });

describe('projects', () => {
  it('are created, listed and renamed', async () => {
    const s = await store();
    const created = await s.createProject({ name: '  Riverside   pumping station ', code: 'RPS-01', currency: 'eur' });
    expect(created).toMatchObject({ name: 'Riverside pumping station', code: 'RPS-01', currency: 'EUR', importCount: 0, activityCount: 0 });
    await new Promise((r) => setTimeout(r, 5));
    await s.renameProject(created.id, 'Riverside PS');
    const [row] = await s.listProjects();
    expect(row.id).toBe(created.id);
    expect(row.name).toBe('Riverside PS');
    expect(row.updatedAt > created.updatedAt).toBe(true);
    expect(row.createdAt).toBe(created.createdAt);
  });

  it('refuse bad names and currencies with a message saying what to do', async () => {
    const s = await store();
    await expect(s.createProject({ name: '   ' })).rejects.toThrow('A project needs a name. Type one and try again.');
    await expect(s.createProject({ name: 'x'.repeat(201) })).rejects.toThrow(/at most 200 characters; this one has 201/);
    await expect(s.createProject({ name: 'A', currency: 'EURO' })).rejects.toThrow(/"EURO" is not a currency code/);
    await expect(s.renameProject('nope1', 'B')).rejects.toMatchObject({ code: 'not-found' });
    expect(await s.listProjects()).toEqual([]);
  });

  it('take name, code and currency from the first import', async () => {
    const s = await store();
    const sched = syntheticSchedule({ activities: 20, seed: 2, currency: 'USD' });
    const { projectId } = await s.saveImport(sched, { fileName: 'a.xer', format: 'xer', fileSize: 1 });
    const [row] = await s.listProjects();
    expect(row).toMatchObject({ id: projectId, name: sched.project.name, code: 'SYN20', currency: 'USD', importCount: 1, activityCount: 20 });
    // A file with no project name is named after the file.
    const unnamed = syntheticSchedule({ activities: 5, seed: 2 });
    unnamed.project.name = '';
    const b = await s.saveImport(unnamed, { fileName: 'Site programme rev C.xlsx', format: 'xlsx', fileSize: 1 });
    expect((await s.listProjects()).find((p) => p.id === b.projectId)?.name).toBe('Site programme rev C');
    // A currency that is not an ISO code does not stop the import; the project gets the default (GBP).
    const odd = syntheticSchedule({ activities: 5, seed: 3, currency: 'Pounds' });
    const c = await s.saveImport(odd, { fileName: 'odd.csv', format: 'csv', fileSize: 1 });
    expect((await s.listProjects()).find((p) => p.id === c.projectId)?.currency).toBe('GBP');
    expect((await s.loadSchedule(c.projectId)).project.currency).toBe('Pounds'); // the import itself is kept as read
  });

  it('are deleted with every document and derived row, leaving other projects alone', async () => {
    const s = await store();
    const keep = await s.saveImport(small(1), { fileName: 'keep.xer', format: 'xer', fileSize: 1 });
    const gone = await s.saveImport(small(2), { fileName: 'gone-1.xer', format: 'xer', fileSize: 1 });
    await s.saveImport(small(3), { projectId: gone.projectId, fileName: 'gone-2.xer', format: 'xer', fileSize: 1 });
    await s.cacheAnalysis(gone.projectId, gone.importId, 'evm:week', { spi: 0.9 });
    await s.cacheAnalysis(keep.projectId, keep.importId, 'evm:week', { spi: 1.1 });
    const keepDocs = [...(await allDocs(s)).entries()].filter(([id]) => id.includes(keep.projectId));
    const states = (projectId: string) => s.derived.meta.where('key').startsWith(`import-state:${projectId}:`).count();
    expect(await states(gone.projectId)).toBe(2);

    await s.deleteProject(gone.projectId);

    const docs = await allDocs(s);
    expect([...docs.keys()].filter((id) => id.includes(gone.projectId))).toEqual([]);
    expect([...docs.entries()].filter(([id]) => id.includes(keep.projectId))).toEqual(keepDocs);
    expect(await states(gone.projectId)).toBe(0);
    expect(await s.derived.analyses.where('projectId').equals(gone.projectId).count()).toBe(0);
    expect(await states(keep.projectId)).toBe(1);
    expect(await s.cachedAnalysis(keep.projectId, keep.importId, 'evm:week')).toEqual({ spi: 1.1 });
    expect((await s.listImports(keep.projectId)).map((i) => i.complete)).toEqual([true]);
    expect((await s.listProjects()).map((p) => p.id)).toEqual([keep.projectId]);
    // Deleting again is harmless.
    await s.deleteProject(gone.projectId);
  });
});

describe('findMatchingProject', () => {
  it('proposes the project with the same source project code, then the same name', async () => {
    const s = await store();
    const a = small(1); // code SYN200
    const { projectId: pa } = await s.saveImport(a, { fileName: 'a.xer', format: 'xer', fileSize: 1 });
    const other = syntheticSchedule({ activities: 30, seed: 5 });
    other.project.code = 'HOSP-2';
    other.project.name = 'St Mary Hospital Extension';
    const { projectId: pb } = await s.saveImport(other, { fileName: 'b.xml', format: 'mspdi', fileSize: 1 });
    await s.renameProject(pa, 'Renamed by the user'); // the file's code still identifies it

    const byCode = small(9);
    byCode.project.name = 'Something else entirely';
    expect(await s.findMatchingProject(byCode)).toMatchObject({ matchedBy: 'code', id: pa, name: 'Renamed by the user' });

    const byName = syntheticSchedule({ activities: 10, seed: 1 });
    byName.project.code = 'NEW-CODE';
    byName.project.name = '  st mary   hospital EXTENSION ';
    expect(await s.findMatchingProject(byName)).toMatchObject({ matchedBy: 'name', id: pb, name: 'St Mary Hospital Extension' });

    const none = syntheticSchedule({ activities: 10, seed: 1 });
    none.project.code = 'ZZZ';
    none.project.name = 'Unrelated';
    expect(await s.findMatchingProject(none)).toBeNull();
  });
});

describe('remembered column mappings', () => {
  it('round-trip, merge later corrections and keep signatures apart', async () => {
    const s = await store();
    const sig = 'xlsx|Activity ID|Activity Name|Budget (£)|% Compl.';
    expect(await s.recallMapping(sig)).toBeNull();
    await s.rememberMapping(sig, { 'Budget (£)': 'budgetCost', '% Compl.': 'percentComplete.physical' });
    expect(await s.recallMapping(sig)).toEqual({ 'Budget (£)': 'budgetCost', '% Compl.': 'percentComplete.physical' });
    await s.rememberMapping(sig, { '% Compl.': null, Notes: 'udf.Notes' });
    expect(await s.recallMapping(sig)).toEqual({ 'Budget (£)': 'budgetCost', '% Compl.': null, Notes: 'udf.Notes' });
    expect(await s.recallMapping(sig + ' ')).toBeNull();
    // One PouchDB document per signature, so it syncs to the team.
    const mappingDocs = [...(await allDocs(s)).entries()].filter(([id]) => id.startsWith('mapping:'));
    expect(mappingDocs).toHaveLength(1);
    expect(mappingDocs[0][1].signature).toBe(sig);
  });

  it('refuses malformed corrections', async () => {
    const s = await store();
    await expect(s.rememberMapping('', {})).rejects.toBeInstanceOf(StoreError);
    await expect(s.rememberMapping('sig', { a: 3 } as unknown as Record<string, string>)).rejects.toThrow('The correction for column "a" must name a field or be null.');
    await expect(s.rememberMapping('sig', null as unknown as Record<string, string>)).rejects.toThrow(/must be an object/);
  });
});

describe('preferences and cached analyses', () => {
  it('round-trip, and a new import clears the project cache (its history changed)', async () => {
    const s = await store();
    await s.setPref('theme.density', { compact: true });
    expect(await s.getPref('theme.density')).toEqual({ compact: true });
    expect(await s.getPref('missing')).toBeUndefined();

    const a = await s.saveImport(small(1, 50), { fileName: 'a.xer', format: 'xer', fileSize: 1 });
    await s.cacheAnalysis(a.projectId, a.importId, 'evm|week|cost', { cpi: 0.93, points: [1, 2, 3] });
    expect(await s.cachedAnalysis(a.projectId, a.importId, 'evm|week|cost')).toEqual({ cpi: 0.93, points: [1, 2, 3] });
    await s.saveImport(small(1, 50), { projectId: a.projectId, fileName: 'b.xer', format: 'xer', fileSize: 1 });
    expect(await s.cachedAnalysis(a.projectId, a.importId, 'evm|week|cost')).toBeUndefined();
    expect(await s.getPref('theme.density')).toEqual({ compact: true });
  });
});
