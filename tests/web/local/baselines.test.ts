/**
 * Baselines (issue 14) through the data worker's API (src/local/backend.ts), in Node against the
 * real store (PouchDB on fake-indexeddb): create from each source, rename, delete (never the PMB),
 * choose the PMB and see the dashboard's figures follow at once (its cache is keyed by the PMB),
 * compare; two devices replicating (the team sees the same PMB and figures), a viewer refused,
 * and a project's delete and move carrying the baseline documents.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import { analyseSchedule, applyBaseline, planOfCurrent } from '../../../src/core/evm';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { DataBackend } from '../../../src/local/backend';
import { CURRENT_STATUS, LATEST_FILE_BASELINE } from '../../../src/local/contracts';
import { moveProject } from '../../../src/local/sync/move';
import { projectDocIds } from '../../../src/local/sync/projectDocs';
import { exchange, teamDevice } from './teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function importInto(api: DataBackend, schedule: Schedule, projectId: string | null, fileName = 'site.xer') {
  const staged = await api.stage(jsonOf([schedule]), { fileName, format: 'xer', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId }]);
  return saved;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const schedule = () => syntheticSchedule({ activities: 300, seed: 11, statusAt: 0.5 });
/** Cost at completion of the activities that carry work: the BAC of "set current as baseline". */
const atCompletion = (s: Schedule) => sum(s.activities.filter((a) => a.type !== 'summary').map((a) => a.actualCost + a.remainingCost));

describe('baselines in the project', () => {
  it('creates "current as baseline", makes it the PMB and the dashboard’s PV and BAC follow at once; AC does not move', async () => {
    const { api } = await teamDevice(ANN);
    const s = schedule();
    const saved = await importInto(api, s, null);
    const before = await api.dashboard(saved.projectId, { periods: 'month' });
    // The dashboard names the PMB it measured against, so the overview can say so.
    expect(before.pmb).toEqual({ name: 'Baseline in the latest import', builtIn: true });
    const initial = await api.listBaselines(saved.projectId);
    expect(initial).toMatchObject({ pmbId: LATEST_FILE_BASELINE, pmbConflict: null });
    expect(initial.baselines).toHaveLength(1);
    expect(initial.baselines[0]).toMatchObject({ id: LATEST_FILE_BASELINE, builtIn: true, pmb: true, available: true });

    const sources = await api.baselineSources(saved.projectId);
    const current = sources.find((o) => o.source.kind === 'current')!;
    expect(current.label).toMatch(/^Current dates and budgets of site\.xer \(status /);
    const b = await api.createBaseline(saved.projectId, current.source, '  Re-plan   March ');
    expect(b).toMatchObject({ name: 'Re-plan March', pmb: false, builtIn: false, createdBy: ANN.name, available: true, source: { kind: 'current', importId: saved.importId } });

    const list = await api.setPmb(saved.projectId, b.id);
    expect(list.pmbId).toBe(b.id);
    expect(list.baselines.filter((x) => x.pmb).map((x) => x.id)).toEqual([b.id]);

    const after = await api.dashboard(saved.projectId, { periods: 'month' });
    expect(after.analysis.cost.bac.value).toBeCloseTo(atCompletion(s), 4);
    expect(after.analysis.cost.bac.value).not.toBeCloseTo(before.analysis.cost.bac.value as number, 0);
    expect(after.analysis.cost.ac.value).toBeCloseTo(before.analysis.cost.ac.value as number, 6);
    expect(after.analysis.cost.pv.value).not.toBeCloseTo(before.analysis.cost.pv.value as number, 0);
    expect(after.importWarnings.some((w) => w.message === 'PV and BAC are measured against the performance measurement baseline "Re-plan March".')).toBe(true);
    expect(after.pmb).toEqual({ name: 'Re-plan March', builtIn: false });
    // The same figures the core gives for the schedule measured against that plan.
    const oracle = analyseSchedule(applyBaseline(s, planOfCurrent(s)).schedule, { periods: 'month', dataDate: before.analysis.dataDate as string });
    for (const m of ['pv', 'ev', 'ac', 'bac'] as const) expect(after.analysis.cost[m].value).toBeCloseTo(oracle.cost[m].value as number, 6);

    // Back to the built-in baseline: the first figures again.
    await api.setPmb(saved.projectId, LATEST_FILE_BASELINE);
    const back = await api.dashboard(saved.projectId, { periods: 'month' });
    expect(back.analysis.cost.bac.value).toBeCloseTo(before.analysis.cost.bac.value as number, 6);
    expect(back.analysis.cost.pv.value).toBeCloseTo(before.analysis.cost.pv.value as number, 6);
    expect(back.pmb).toEqual({ name: 'Baseline in the latest import', builtIn: true });
  });

  it('the PMB holds across the next status import: BAC stays the baseline’s', async () => {
    const { api } = await teamDevice(ANN);
    const s = schedule();
    const saved = await importInto(api, s, null);
    const b = await api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Contract');
    await api.setPmb(saved.projectId, b.id);
    // Next month: every remaining cost grows by 10%, which would move a "current" BAC.
    const next = { ...s, project: { ...s.project, dataDate: undefined }, activities: s.activities.map((a) => ({ ...a, remainingCost: a.remainingCost * 1.1 })) };
    await importInto(api, next, saved.projectId, 'site-next.xer');
    const d = await api.dashboard(saved.projectId, { periods: 'month' });
    expect(d.analysis.cost.bac.value).toBeCloseTo(atCompletion(s), 4);
  });

  it('renames, refuses to delete the PMB or touch the built-in one, deletes another, and compares', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const a = await api.createBaseline(saved.projectId, { kind: 'file', importId: saved.importId }, 'Contract');
    const b = await api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Re-plan');
    expect((await api.renameBaseline(saved.projectId, a.id, 'Contract baseline', a.seen)).name).toBe('Contract baseline');
    await expect(api.renameBaseline(saved.projectId, a.id, '   ')).rejects.toThrow('Give the baseline a name');
    await expect(api.renameBaseline(saved.projectId, a.id, 'x'.repeat(121))).rejects.toThrow('a baseline name holds at most 120');
    await expect(api.renameBaseline(saved.projectId, LATEST_FILE_BASELINE, 'Mine')).rejects.toThrow(/built in and keeps its name/);
    await expect(api.deleteBaseline(saved.projectId, LATEST_FILE_BASELINE)).rejects.toThrow(/built in and cannot be deleted/);
    await api.setPmb(saved.projectId, b.id);
    await expect(api.deleteBaseline(saved.projectId, b.id)).rejects.toThrow('"Re-plan" is the performance measurement baseline: make another baseline the PMB first, then delete this one.');

    // The file's own baseline against itself (as a named copy): nothing changed.
    const same = await api.compareBaselines(saved.projectId, LATEST_FILE_BASELINE, a.id);
    expect(same.summary).toMatchObject({ added: 0, removed: 0, changed: 0, budgetChange: 0 });
    // Against the current status: the same as the core computes.
    const vsCurrent = await api.compareBaselines(saved.projectId, a.id, CURRENT_STATUS);
    const vsB = await api.compareBaselines(saved.projectId, a.id, b.id);
    expect(vsCurrent.summary).toEqual(vsB.summary);
    expect(vsCurrent.summary.changed).toBeGreaterThan(0);
    expect(vsCurrent.unit).toBe('working days');
    await expect(api.compareBaselines(saved.projectId, a.id, a.id)).rejects.toThrow(/two different baselines/);

    await api.deleteBaseline(saved.projectId, a.id);
    expect((await api.listBaselines(saved.projectId)).baselines.map((x) => x.name)).toEqual(['Baseline in the latest import', 'Re-plan']);
    await expect(api.compareBaselines(saved.projectId, a.id, b.id)).rejects.toThrow(/not in this project any more/);
  });

  it('refuses a source that is not in the project, and a baseline the import does not hold', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    await expect(api.createBaseline(saved.projectId, { kind: 'current', importId: 'nope123' }, 'X')).rejects.toThrow(/not part of this project/);
    await expect(api.createBaseline(saved.projectId, { kind: 'stored', importId: saved.importId, baselineId: 'baseline-4' }, 'X')).rejects.toThrow(/holds no such baseline/);
    await expect(api.createBaseline(saved.projectId, { kind: 'whatever' } as never, 'X')).rejects.toThrow(/what to take this baseline from/);
  });

  it('offers an import’s own baselines (MS Project Baseline n) as sources and measures against one', async () => {
    const { api } = await teamDevice(ANN);
    const s = schedule();
    const tasks = s.activities.filter((a) => a.type !== 'summary');
    // Baseline 1: every activity's budget doubled.
    s.baselines = [{ id: 'baseline-1', name: 'Baseline 1', activities: tasks.map((a) => ({ activityId: a.id, start: a.baselineStart, finish: a.baselineFinish, budgetCost: a.budgetCost * 2 })) }];
    const saved = await importInto(api, s, null, 'tower.xml');
    const option = (await api.baselineSources(saved.projectId)).find((o) => o.source.kind === 'stored')!;
    expect(option).toMatchObject({ label: expect.stringMatching(/^Baseline 1 in tower\.xml/), suggestedName: 'Baseline 1', activities: tasks.length });
    const before = await api.dashboard(saved.projectId);
    const b = await api.createBaseline(saved.projectId, option.source, option.suggestedName);
    expect(b.sourceLabel).toMatch(/^Baseline 1 in tower\.xml/);
    await api.setPmb(saved.projectId, b.id);
    const after = await api.dashboard(saved.projectId);
    expect(after.analysis.cost.bac.value).toBeCloseTo(2 * (before.analysis.cost.bac.value as number), 4);
    expect(after.analysis.cost.pv.value).toBeCloseTo(2 * (before.analysis.cost.pv.value as number), 4);
    expect(after.analysis.cost.ac.value).toBeCloseTo(before.analysis.cost.ac.value as number, 6);
  });
});

describe('baselines with the team', () => {
  it('syncs: a teammate sees the baseline, the PMB and the same figures', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const saved = await importInto(ann.api, schedule(), null);
    const b = await ann.api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Re-plan');
    await ann.api.setPmb(saved.projectId, b.id);
    const annFigures = await ann.api.dashboard(saved.projectId);
    await exchange(ann.store, bob.store);
    const list = await bob.api.listBaselines(saved.projectId);
    expect(list.pmbId).toBe(b.id);
    expect(list.baselines.map((x) => [x.name, x.pmb, x.createdBy])).toEqual([
      ['Baseline in the latest import', false, undefined],
      ['Re-plan', true, ANN.name],
    ]);
    const bobFigures = await bob.api.dashboard(saved.projectId);
    expect(bobFigures.analysis.cost.bac.value).toBeCloseTo(annFigures.analysis.cost.bac.value as number, 6);
    expect(bobFigures.analysis.cost.pv.value).toBeCloseTo(annFigures.analysis.cost.pv.value as number, 6);
  });

  it('two PMBs chosen at once on two devices: both kept as a conflict, one in use everywhere, neither deletable', async () => {
    const laptop = await teamDevice(ANN);
    const tablet = await teamDevice(ANN);
    const saved = await importInto(laptop.api, schedule(), null);
    const x = await laptop.api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'X');
    const y = await laptop.api.createBaseline(saved.projectId, { kind: 'file', importId: saved.importId }, 'Y');
    await exchange(laptop.store, tablet.store);
    await laptop.api.setPmb(saved.projectId, x.id);
    await tablet.api.setPmb(saved.projectId, y.id);
    await exchange(laptop.store, tablet.store);
    const l1 = await laptop.api.listBaselines(saved.projectId);
    const l2 = await tablet.api.listBaselines(saved.projectId);
    expect(l1.pmbId).toBe(l2.pmbId);
    expect(l1.pmbConflict?.map((v) => v.value).sort()).toEqual(['X', 'Y']);
    await expect(laptop.api.deleteBaseline(saved.projectId, x.id)).rejects.toThrow(/is the performance measurement baseline/);
    await expect(laptop.api.deleteBaseline(saved.projectId, y.id)).rejects.toThrow(/is the performance measurement baseline/);
    // Choosing again ends the conflict everywhere.
    await laptop.api.setPmb(saved.projectId, y.id);
    await exchange(laptop.store, tablet.store);
    expect((await tablet.api.listBaselines(saved.projectId))).toMatchObject({ pmbId: y.id, pmbConflict: null });
  });

  it('refuses a viewer’s changes (the gateway would refuse them) but lets them read and compare', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB, { role: 'viewer' });
    const saved = await importInto(ann.api, schedule(), null);
    const b = await ann.api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Re-plan');
    await exchange(ann.store, bob.store);
    const viewer = 'You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.';
    await expect(bob.api.createBaseline(saved.projectId, { kind: 'file', importId: saved.importId }, 'Mine')).rejects.toThrow(viewer);
    await expect(bob.api.setPmb(saved.projectId, b.id)).rejects.toThrow(viewer);
    await expect(bob.api.renameBaseline(saved.projectId, b.id, 'Mine')).rejects.toThrow(viewer);
    await expect(bob.api.deleteBaseline(saved.projectId, b.id)).rejects.toThrow(viewer);
    expect((await bob.api.listBaselines(saved.projectId)).baselines.map((x) => x.name)).toEqual(['Baseline in the latest import', 'Re-plan']);
    expect((await bob.api.compareBaselines(saved.projectId, LATEST_FILE_BASELINE, b.id)).summary.matched).toBeGreaterThan(0);
  });

  it('a move carries the baselines and the PMB to the other space', async () => {
    const from = await teamDevice(ANN);
    const to = await teamDevice(ANN);
    const saved = await importInto(from.api, schedule(), null);
    const b = await from.api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Re-plan');
    await from.api.setPmb(saved.projectId, b.id);
    await moveProject(from.store.pouch, to.store.pouch, saved.projectId, { targetName: 'team' });
    const ids = await projectDocIds(to.store.pouch, saved.projectId);
    expect(ids).toEqual(expect.arrayContaining([`baseline:${saved.projectId}:${b.id}`, `pmb:${saved.projectId}`]));
    expect(await projectDocIds(from.store.pouch, saved.projectId)).toEqual([]);
    await to.store.refreshDerived();
    expect(await to.api.listBaselines(saved.projectId)).toMatchObject({ pmbId: b.id });
  });

  it('the baseline documents are the project’s: moved with it (projectDocIds) and deleted with it', async () => {
    const { api, store } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const b = await api.createBaseline(saved.projectId, { kind: 'current', importId: saved.importId }, 'Re-plan');
    await api.setPmb(saved.projectId, b.id);
    const ids = await projectDocIds(store.pouch, saved.projectId);
    expect(ids).toContain(`baseline:${saved.projectId}:${b.id}`);
    expect(ids).toContain(`pmb:${saved.projectId}`);
    await api.deleteProject(saved.projectId);
    const left = await store.pouch.allDocs({ keys: [`baseline:${saved.projectId}:${b.id}`, `pmb:${saved.projectId}`] });
    expect(left.rows.map((r) => ('value' in r && r.value ? r.value.deleted : false))).toEqual([true, true]);
    expect(await projectDocIds(store.pouch, saved.projectId)).toEqual([]);
  });
});
