/**
 * Change control (issue 14) through the data worker's API, in Node against the real store
 * (PouchDB on fake-indexeddb): the change log's lifecycle and audit trail, the dashboard applying
 * approved changes (BAC and PV from the change's period on, EV and AC untouched) with its cache
 * key following the approved set, the reconciliation, two devices syncing (numbers claimed
 * offline, concurrent edits kept), a viewer refused, and a project's delete and move carrying the
 * documents.
 */
import '../store/setup';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeLine } from '../../../src/core/changes';
import { parseSchedule } from '../../../src/core/model';
import type { Schedule } from '../../../src/core/model/schedule';
import type { DataBackend } from '../../../src/local/backend';
import type { StoreEvent } from '../../../src/local/contracts';
import { moveProject } from '../../../src/local/sync/move';
import { exchange, teamDevice } from './teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };

const riverside = (): Schedule => parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));
const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function projectWithStatus(api: DataBackend): Promise<string> {
  const staged = await api.stage(jsonOf([riverside()]), { fileName: 'riverside.json', format: 'json', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
  return saved.projectId;
}

const CA200 = { id: 'CA-200', kind: 'control-account' as const, code: 'CA-200', name: 'Mechanical' };
const CA100 = { id: 'CA-100', kind: 'control-account' as const, code: 'CA-100', name: 'Civils' };
const april = (account: ChangeLine['account'], amount: number): ChangeLine => ({ account, from: '2025-03-01', to: '2025-03-31', period: '2025-03', amount });

describe('the change log', () => {
  it('creates, edits, submits and approves a change, numbering it and recording each step in the audit trail', async () => {
    const { api } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    const log0 = await api.listChanges(p);
    expect(log0).toMatchObject({ changes: [], statusDate: '2025-02-05T17:00', earliestLineDay: '2025-02-06', canEdit: true, canApprove: true });
    expect(log0.accounts.map((a) => a.id)).toEqual(['CA-100', 'CA-200']);
    // From the status date on, then a year after the plan's last period (added scope often falls after it).
    expect(log0.periods.slice(0, 3).map((x) => [x.label, x.from, x.to])).toEqual([
      ['2025-02', '2025-02-06', '2025-02-28'],
      ['2025-03', '2025-03-01', '2025-03-31'],
      ['2025-04', '2025-04-01', '2025-04-30'],
    ]);
    expect(log0.periods.at(-1)).toEqual({ label: '2026-04', from: '2026-04-01', to: '2026-04-30' });
    expect((await api.listChanges(p, { periods: 'week' })).periods[0]).toEqual({ label: 'w/e 2025-02-12', from: '2025-02-06', to: '2025-02-11' });

    const c = await api.saveChange(p, null, { title: ' Extra pump ', type: 'scope' });
    expect(c).toMatchObject({ number: 'CR-001', status: 'draft', title: 'Extra pump', lines: [], createdBy: ANN, total: 0 });
    await expect(api.setChangeStatus(p, c.id, 'pending')).rejects.toThrow('CR-001 has no budget lines: add at least one control account, period and amount.');
    await expect(api.setChangeStatus(p, c.id, 'approved')).rejects.toThrow('CR-001 is draft: you cannot approve it from there. A draft change can submit.');
    const edited = await api.saveChange(p, c.id, { lines: [april(CA200, 30000)], description: 'Client asked for a third pump.' }, c.seen);
    expect(edited.total).toBe(30000);
    const pending = await api.setChangeStatus(p, c.id, 'pending');
    expect(pending).toMatchObject({ status: 'pending', requester: ANN });
    await expect(api.saveChange(p, c.id, { title: 'x' })).rejects.toThrow('CR-001 is pending: return it to draft before changing it, then submit it again.');
    const approved = await api.setChangeStatus(p, c.id, 'approved', 'Agreed at the change board.');
    expect(approved).toMatchObject({ status: 'approved', approver: ANN, decisionNote: 'Agreed at the change board.', approvedStatusDate: '2025-02-05T17:00' });
    await expect(api.setChangeStatus(p, c.id, 'draft')).rejects.toThrow(/approved, so it is part of the PMB and can no longer change/);
    await expect(api.deleteChange(p, c.id)).rejects.toThrow(/only a draft can be deleted/);

    const trail = await api.changeAudit(p, c.id);
    expect(trail.map((e) => e.action)).toEqual(['approved', 'submitted', 'edited', 'created']);
    expect(trail.every((e) => e.who?.id === ANN.id && e.number === 'CR-001')).toBe(true);
    const edit = trail.find((e) => e.action === 'edited')!;
    expect(edit.fields.map((f) => f.field).sort()).toEqual(['description', 'lines']);
    expect(edit.fields.find((f) => f.field === 'description')).toEqual({ field: 'description', from: '', to: 'Client asked for a third pump.' });
    expect(trail[0].fields.find((f) => f.field === 'status')).toEqual({ field: 'status', from: 'pending', to: 'approved' });
    expect(trail[0].note).toBe('Agreed at the change board.');

    const second = await api.saveChange(p, null, { title: 'Scaffold' });
    expect(second.number).toBe('CR-002');
    expect(await api.deleteChange(p, second.id)).toEqual({ deleted: true });
    expect((await api.listChanges(p)).changes.map((x) => x.number)).toEqual(['CR-001']);
  });

  it('refuses bad input with messages that say what to do', async () => {
    const { api } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    await expect(api.saveChange(p, null, { type: 'bribe' as never })).rejects.toThrow(/is not a type of change/);
    await expect(api.saveChange(p, null, { lines: [{ ...april(CA200, 1), from: 'soon' }] })).rejects.toThrow('Line 1 has no period: pick one of the project\'s periods.');
    await expect(api.saveChange(p, null, { lines: [{ ...april(CA200, Number.NaN) }] })).rejects.toThrow(/the amount is not a number/);
    await expect(api.setReserves(p, { managementReserve: -1, undistributedBudget: 0 })).rejects.toThrow(/management reserve must be a number of zero or more/);
  });

  it('refuses to approve budget before the status date (no retroactive change)', async () => {
    const { api } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    const c = await api.saveChange(p, null, { title: 'Back-dated', lines: [{ account: CA200, from: '2025-02-01', to: '2025-02-28', period: '2025-02', amount: 1000 }] });
    await api.setChangeStatus(p, c.id, 'pending');
    await expect(api.setChangeStatus(p, c.id, 'approved')).rejects.toThrow(
      'Line 1 of CR-001 (CA-200, 2025-02) puts budget before the status date 2025-02-05. Performance already recorded is never changed retroactively (ANSI/EIA-748): move the budget to a period from 2025-02-06 on.',
    );
    expect((await api.listChanges(p)).changes[0].status).toBe('pending');
  });
});

describe('approved changes in the dashboard', () => {
  it('revise BAC and PV from the change period on, leave EV and AC, and never come from the cache of the old PMB', async () => {
    const { api } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    const events: StoreEvent[] = [];
    await api.subscribe((e) => events.push(e));
    const options = { breakdown: 'control-account' as const, periods: 'month' as const };
    const before = await api.dashboard(p, options);
    // Asked twice: the second answer is the cached one.
    expect(await api.dashboard(p, options)).toEqual(before);
    const c = await api.saveChange(p, null, { title: 'Extra pump', lines: [april(CA200, 30000)] });
    await api.setChangeStatus(p, c.id, 'pending');
    expect((await api.dashboard(p, options)).analysis.cost.bac.value).toBe(225000); // pending: not in the PMB
    const seen = events.length;
    await api.setChangeStatus(p, c.id, 'approved');
    expect(events.slice(seen).some((e) => e.kind === 'projects-changed')).toBe(true);

    const after = await api.dashboard(p, options);
    const a0 = before.analysis;
    const a1 = after.analysis;
    expect(a1.cost.bac.value).toBe(a0.cost.bac.value! + 30000);
    expect(after.changeControl).toEqual({ numbers: ['CR-001'], bacChange: 30000, later: 0 });
    expect(a1.cost.ev.value).toBe(a0.cost.ev.value);
    expect(a1.cost.ac.value).toBe(a0.cost.ac.value);
    expect(a1.cost.pv.value).toBe(a0.cost.pv.value);
    const pv = (a: typeof a0, label: string) => a.series.find((x) => x.period.label === label)!.period.pv;
    expect(pv(a1, '2025-01')).toBe(pv(a0, '2025-01'));
    expect(pv(a1, '2025-02')).toBe(pv(a0, '2025-02'));
    expect(pv(a1, '2025-03')).toBe(pv(a0, '2025-03') + 30000);
    expect(a1.breakdown!.children.find((n) => n.id === 'CA-200')!.cost.bac.value).toBe(125000 + 30000);

    // At an earlier status date than the approval, the PMB is as it stood then.
    const earlier = await api.dashboard(p, { ...options, dataDate: '2025-01-20' });
    expect(earlier.analysis.cost.bac.value).toBe(225000);
    expect(earlier.changeControl).toEqual({ numbers: [], bacChange: 0, later: 1 });
  });

  it('reconciles CBB = PMB + MR and PMB = distributed + UB across an MR draw and a UB distribution', async () => {
    const { api } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    const r0 = await api.setReserves(p, { managementReserve: 20000, undistributedBudget: 15000 });
    expect(r0).toMatchObject({ managementReserve: 20000, undistributedBudget: 15000, set: true });
    const approve = async (fields: Parameters<DataBackend['saveChange']>[2]) => {
      const c = await api.saveChange(p, null, fields);
      await api.setChangeStatus(p, c.id, 'pending');
      return api.setChangeStatus(p, c.id, 'approved');
    };
    await approve({ title: 'Standby generator', type: 'mr-draw', lines: [april(CA100, 8000)] });
    await approve({ title: 'Distribute commissioning', type: 'ub-distribution', lines: [april(CA200, 10000)] });
    const tooMuch = await api.saveChange(p, null, { title: 'Big draw', type: 'mr-draw', lines: [april(CA100, 12001)] });
    await api.setChangeStatus(p, tooMuch.id, 'pending');
    await expect(api.setChangeStatus(p, tooMuch.id, 'approved')).rejects.toThrow('CR-003 draws 12,001 from management reserve, but only 12,000 is left. Reduce the draw, or record the reserve the contract holds on the Changes tab.');

    const log = await api.listChanges(p);
    const r = log.reconciliation!;
    expect(r.start).toEqual({ distributed: 225000, ub: 15000, mr: 20000, pmb: 240000, cbb: 260000 });
    expect(r.current).toEqual({ distributed: 243000, ub: 5000, mr: 12000, pmb: 248000, cbb: 260000 });
    expect(r.steps.map((s) => [s.number, s.distributed, s.ub, s.mr, s.cbb])).toEqual([
      ['CR-001', 8000, 0, -8000, 0],
      ['CR-002', 10000, -10000, 0, 0],
    ]);
    // The distributed budget is the BAC the measures use.
    expect((await api.dashboard(p, { breakdown: 'wbs', periods: 'month' })).analysis.cost.bac.value).toBe(r.current.distributed);
    const reserveTrail = await api.changeAudit(p, null);
    expect(reserveTrail[0]).toMatchObject({ action: 'reserves set', changeId: null, who: ANN });
  });
});

describe('a project measured from a period table', () => {
  it('says its approved changes are not in its figures, rather than showing a BAC that ignores them silently', async () => {
    const { api } = await teamDevice(ANN);
    const rows = [
      { label: 'Jan', end: '2025-01-31', pv: 100, ev: 90, ac: 95 },
      { label: 'Feb', end: '2025-02-28', pv: 200, ev: 180, ac: 190 },
      { label: 'Mar', end: '2025-03-31', pv: 300, ev: null, ac: null },
    ];
    const { projectId: p } = await api.savePeriodTable({ valuesAre: 'cumulative', rows }, { fileName: 'monthly.csv' });
    const log = await api.listChanges(p);
    expect(log.statusDate).toBe('2025-03-31');
    const c = await api.saveChange(p, null, { title: 'Extra', lines: [{ account: CA200, from: '2025-04-01', to: '2025-04-30', period: 'Apr', amount: 50 }] });
    await api.setChangeStatus(p, c.id, 'pending');
    await api.setChangeStatus(p, c.id, 'approved');
    const d = await api.dashboard(p);
    expect(d.analysis.warnings.join(' ')).toMatch(/figures come from a period table, which has no control-account budgets, so its approved changes are not applied/);
  });
});

describe('two devices', () => {
  it('numbers claimed offline on both show apart, and the later takes the next free number when it moves on', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const p = await projectWithStatus(ann.api);
    await exchange(ann.store, bob.store);
    const a = await ann.api.saveChange(p, null, { title: 'From the laptop', lines: [april(CA100, 100)] });
    const b = await bob.api.saveChange(p, null, { title: 'From the tablet', lines: [april(CA200, 200)] });
    expect([a.number, b.number]).toEqual(['CR-001', 'CR-001']);
    await exchange(ann.store, bob.store);
    const onAnn = (await ann.api.listChanges(p)).changes;
    const onBob = (await bob.api.listChanges(p)).changes;
    expect(onAnn.map((x) => [x.id, x.number])).toEqual(onBob.map((x) => [x.id, x.number]));
    const later = onAnn.find((x) => x.duplicateNumber)!;
    expect(later.number).toMatch(/^CR-001-[a-z0-9]{4}$/);
    const laterOwner = later.id === a.id ? ann.api : bob.api;
    const moved = await laterOwner.setChangeStatus(p, later.id, 'pending');
    expect(moved).toMatchObject({ number: 'CR-002', duplicateNumber: false });
    expect((await laterOwner.changeAudit(p, later.id))[0]).toMatchObject({ action: 'renumbered', fields: [{ field: 'number', from: later.number, to: 'CR-002' }] });
  });

  it('keeps both of two concurrent edits as a conflict until someone chooses, on both devices; the audit trail holds both', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const p = await projectWithStatus(ann.api);
    const c = await ann.api.saveChange(p, null, { title: 'Pump', lines: [april(CA200, 100)] });
    await exchange(ann.store, bob.store);
    await ann.api.saveChange(p, c.id, { title: 'Third pump' });
    await bob.api.saveChange(p, c.id, { title: 'Standby pump' });
    await exchange(ann.store, bob.store);
    const onAnn = (await ann.api.listChanges(p)).changes[0];
    expect(onAnn.conflicts).toHaveLength(1);
    expect(onAnn.conflicts[0].versions.map((v) => v.value).sort()).toEqual(['Standby pump', 'Third pump']);
    expect((await bob.api.listChanges(p)).changes[0].conflicts).toEqual(onAnn.conflicts);
    await expect(ann.api.setChangeStatus(p, c.id, 'pending')).rejects.toThrow(/Two versions of the title of CR-001 were saved at the same time on two devices: choose one/);
    const chosen = await ann.api.resolveChangeConflict(p, c.id, 'title', 'Standby pump');
    expect(chosen).toMatchObject({ title: 'Standby pump', conflicts: [] });
    await exchange(ann.store, bob.store);
    expect((await bob.api.listChanges(p)).changes[0]).toMatchObject({ title: 'Standby pump', conflicts: [] });
    const trail = await bob.api.changeAudit(p, c.id);
    expect(trail.filter((e) => e.action === 'edited').map((e) => e.who?.name).sort()).toEqual([ANN.name, BOB.name]);
    expect(trail[0].action).toBe('conflict resolved');
  });

  it("a teammate's approval reaches the other device's dashboard", async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const p = await projectWithStatus(ann.api);
    await exchange(ann.store, bob.store);
    const opts = { breakdown: 'wbs' as const, periods: 'month' as const };
    expect((await bob.api.dashboard(p, opts)).analysis.cost.bac.value).toBe(225000);
    const c = await ann.api.saveChange(p, null, { title: 'Extra pump', lines: [april(CA200, 5000)] });
    await ann.api.setChangeStatus(p, c.id, 'pending');
    await ann.api.setChangeStatus(p, c.id, 'approved');
    await exchange(ann.store, bob.store);
    expect((await bob.api.dashboard(p, opts)).analysis.cost.bac.value).toBe(230000);
  });
});

describe('who may do what, and where the documents go', () => {
  it("refuses a viewer's changes in the worker and still shows the team's", async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB, { role: 'viewer' });
    const p = await projectWithStatus(ann.api);
    const c = await ann.api.saveChange(p, null, { title: 'Pump', lines: [april(CA200, 100)] });
    await ann.api.setChangeStatus(p, c.id, 'pending');
    await ann.api.setReserves(p, { managementReserve: 1000, undistributedBudget: 0 });
    await exchange(ann.store, bob.store);
    const viewer = 'You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.';
    const log = await bob.api.listChanges(p);
    expect(log).toMatchObject({ canEdit: false, canApprove: false, roleNote: viewer });
    expect(log.changes.map((x) => x.title)).toEqual(['Pump']);
    await expect(bob.api.saveChange(p, null, { title: 'Mine' })).rejects.toThrow(viewer);
    await expect(bob.api.setChangeStatus(p, c.id, 'approved')).rejects.toThrow(viewer);
    await expect(bob.api.setReserves(p, { managementReserve: 1, undistributedBudget: 0 })).rejects.toThrow(viewer);
    expect((await bob.api.listChanges(p)).changes[0].status).toBe('pending');
  });

  it("deleting the project deletes its changes, reserves and audit trail", async () => {
    const { api, store } = await teamDevice(ANN);
    const p = await projectWithStatus(api);
    await api.saveChange(p, null, { title: 'Pump' });
    await api.setReserves(p, { managementReserve: 10, undistributedBudget: 0 });
    await api.deleteProject(p);
    const left = (await store.pouch.allDocs()).rows.map((r) => r.id).filter((id) => /^(change|craudit|budgetbase):/.test(id));
    expect(left).toEqual([]);
  });

  it('moving the project carries its changes, reserves and audit trail', async () => {
    const ann = await teamDevice(ANN);
    const other = await teamDevice(ANN);
    const p = await projectWithStatus(ann.api);
    const c = await ann.api.saveChange(p, null, { title: 'Pump', lines: [april(CA200, 100)] });
    await ann.api.setReserves(p, { managementReserve: 10, undistributedBudget: 5 });
    await moveProject(ann.store.pouch, other.store.pouch, p, { targetName: 'other' });
    const log = await other.api.listChanges(p);
    expect(log.changes.map((x) => [x.id, x.title])).toEqual([[c.id, 'Pump']]);
    expect(log.reserves).toMatchObject({ managementReserve: 10, undistributedBudget: 5 });
    expect((await other.api.changeAudit(p, c.id)).map((e) => e.action)).toEqual(['created']);
    const left = (await ann.store.pouch.allDocs()).rows.map((r) => r.id).filter((id) => /^(change|craudit|budgetbase):/.test(id));
    expect(left).toEqual([]);
  });
});
