/**
 * Thresholds and acknowledged alerts (issue 14) through the data worker's API (src/local/backend.ts),
 * in Node against the real store (PouchDB on fake-indexeddb): saving and reading the levels, the
 * dashboard judged by them at once (no stale cache) with the pages told, two devices changing
 * different and the same metrics, a viewer refused, acknowledgements keyed by rule, node and status
 * period, and a project's delete and move carrying the documents.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import { defaultThresholds, type ProjectThresholds } from '../../../src/core/insight/thresholds';
import { DEFAULT_RULES } from '../../../src/core/insight/rules';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { DataBackend } from '../../../src/local/backend';
import type { AlertKey, DashboardOptions, StoreEvent } from '../../../src/local/contracts';
import { moveProject } from '../../../src/local/sync/move';
import { ackDocId, thresholdsDocId } from '../../../src/local/thresholds';
import { openLocalStore } from '../../../src/local/store';
import { exchange, teamDevice } from './teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };
const VIEWER = 'You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.';
const BY_CA: DashboardOptions = { breakdown: 'control-account', periods: 'month', eacMethod: 'cpi' };

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function importInto(api: DataBackend, schedule: Schedule, projectId: string | null, fileName = 'site.xer') {
  const staged = await api.stage(jsonOf([schedule]), { fileName, format: 'xer', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId }]);
  return saved;
}

function withLevels(patch: (t: ProjectThresholds) => void): ProjectThresholds {
  const t = defaultThresholds();
  patch(t);
  return t;
}

const cpiAlerts = (alerts: { metric: string; nodeId: string; severity: string }[]) =>
  alerts
    .filter((a) => a.metric === 'cpi')
    .map((a) => `${a.nodeId}:${a.severity}`)
    .sort();

describe('thresholds', () => {
  it('reads the defaults, saves levels and an override, and refuses bad ones with every problem, changing nothing', async () => {
    const { api } = await teamDevice(ANN);
    const p = await api.createProject({ name: 'Tower' });
    const first = await api.readThresholds(p.id);
    expect(first).toMatchObject({ isDefault: true, conflicts: [], thresholds: defaultThresholds() });

    const wanted = withLevels((t) => {
      t.project.cpi = { amber: 0.98, red: 0.93 };
      t.controlAccounts['CA-1-1'] = { code: 'CA-1-1', name: 'Civils', levels: { cpi: { amber: 0.9, red: 0.8 } } };
    });
    const saved = await api.saveThresholds(p.id, wanted);
    expect(saved.isDefault).toBe(false);
    expect(saved.updatedBy).toBe(ANN.name);
    expect((await api.readThresholds(p.id)).thresholds).toEqual(wanted);

    const bad = withLevels((t) => {
      t.project.cpi = { amber: 0.9, red: 0.95 };
      t.project.vacPct = { amber: 2, red: 0.1 };
    });
    await expect(api.saveThresholds(p.id, bad)).rejects.toThrow(
      'These thresholds were not saved:\nProject: the amber level of CPI (0.9) must be less severe than the red level (0.95), so above it: amber warns before red. Change one of them.\nProject: the amber level of VAC% is 200%; it must be between 0.1% and 100%.',
    );
    expect((await api.readThresholds(p.id)).thresholds).toEqual(wanted);

    const reset = await api.resetThresholds(p.id);
    expect(reset).toMatchObject({ isDefault: true, thresholds: defaultThresholds() });
  });

  it('judges the dashboard by the new levels at once (no stale cache), returns the rules, and tells the pages', async () => {
    const { api, store } = await teamDevice(ANN);
    const saved = await importInto(api, syntheticSchedule({ activities: 600, seed: 11, statusAt: 0.5 }), null);
    const pid = saved.projectId;
    const before = await api.dashboard(pid, BY_CA);
    expect(before.rules).toEqual(DEFAULT_RULES);
    // A second call is the cached result: the same alerts.
    expect((await api.dashboard(pid, BY_CA)).alerts).toEqual(before.alerts);
    const cpi = before.analysis.cost.cpi.value as number;
    expect(cpi).toBeGreaterThan(0);

    const events: StoreEvent[] = [];
    store.subscribe((e) => events.push(e));
    // Red just above the project's CPI: the project's CPI alert must turn critical.
    await api.saveThresholds(pid, withLevels((t) => (t.project.cpi = { amber: cpi + 0.02, red: cpi + 0.01 })));
    expect(events).toContainEqual({ kind: 'projects-changed' });

    const after = await api.dashboard(pid, BY_CA);
    expect(after.rules?.find((r) => r.id === 'cpi-critical')?.threshold).toBeCloseTo(cpi + 0.01, 12);
    expect(after.alerts.find((a) => a.nodeKind === 'project' && a.metric === 'cpi')?.severity).toBe('critical');
    expect(cpiAlerts(after.alerts)).not.toEqual(cpiAlerts(before.alerts));

    // An override on one account changes that account only.
    const ca = after.analysis.breakdown?.children[0];
    expect(ca?.kind).toBe('control-account');
    const caId = ca?.id as string;
    await api.saveThresholds(
      pid,
      withLevels((t) => {
        t.project.cpi = { amber: cpi + 0.02, red: cpi + 0.01 };
        t.controlAccounts[caId] = { code: caId, levels: { cpi: { amber: 0.02, red: 0.01 } } };
      }),
    );
    const withOverride = await api.dashboard(pid, BY_CA);
    expect(withOverride.alerts.filter((a) => a.nodeId === caId && a.metric === 'cpi')).toEqual([]);
    expect(withOverride.alerts.find((a) => a.nodeKind === 'project' && a.metric === 'cpi')?.severity).toBe('critical');

    // Back to the defaults: the first result again.
    await api.resetThresholds(pid);
    expect((await api.dashboard(pid, BY_CA)).alerts).toEqual(before.alerts);
  });

  it('keeps both changes when two devices change different metrics, and the later when both change one', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    await exchange(ann.store, bob.store);

    await ann.api.saveThresholds(p.id, withLevels((t) => (t.project.cpi = { amber: 0.97, red: 0.92 })));
    await bob.api.saveThresholds(p.id, withLevels((t) => (t.project.spi = { amber: 0.93, red: 0.85 })));
    await exchange(ann.store, bob.store);
    for (const d of [ann, bob]) {
      const v = await d.api.readThresholds(p.id);
      expect(v.thresholds.project.cpi).toEqual({ amber: 0.97, red: 0.92 });
      expect(v.thresholds.project.spi).toEqual({ amber: 0.93, red: 0.85 });
      expect(v.conflicts).toEqual([]);
    }

    // Both change CPI without seeing each other: both kept, the later in force on both devices.
    const annView = await ann.api.readThresholds(p.id);
    const bobView = await bob.api.readThresholds(p.id);
    await ann.api.saveThresholds(p.id, { ...annView.thresholds, project: { ...annView.thresholds.project, cpi: { amber: 0.96, red: 0.91 } } }, annView.seen);
    await bob.api.saveThresholds(p.id, { ...bobView.thresholds, project: { ...bobView.thresholds.project, cpi: { amber: 0.99, red: 0.94 } } }, bobView.seen);
    await exchange(ann.store, bob.store);
    const a = await ann.api.readThresholds(p.id);
    const b = await bob.api.readThresholds(p.id);
    expect(a.thresholds.project.cpi).toEqual(b.thresholds.project.cpi);
    expect(a.conflicts).toEqual(['CPI']);
    expect(b.conflicts).toEqual(['CPI']);
    // Saving again has seen both: the conflict ends everywhere.
    await ann.api.saveThresholds(p.id, { ...a.thresholds, project: { ...a.thresholds.project, cpi: { amber: 0.96, red: 0.91 } } });
    await exchange(ann.store, bob.store);
    expect(await bob.api.readThresholds(p.id)).toMatchObject({ conflicts: [], thresholds: { project: { cpi: { amber: 0.96, red: 0.91 } } } });
  });

  it("a teammate's thresholds judge this device's dashboard once they arrive, cached result or not", async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const saved = await importInto(ann.api, syntheticSchedule({ activities: 200, seed: 5, statusAt: 0.5 }), null);
    const pid = saved.projectId;
    await exchange(ann.store, bob.store);
    const before = await bob.api.dashboard(pid, BY_CA);
    const cpi = before.analysis.cost.cpi.value as number;
    await ann.api.saveThresholds(pid, withLevels((t) => (t.project.cpi = { amber: cpi + 0.02, red: cpi + 0.01 })));
    await exchange(ann.store, bob.store);
    const after = await bob.api.dashboard(pid, BY_CA);
    expect(after.rules?.find((r) => r.id === 'cpi-critical')?.threshold).toBeCloseTo(cpi + 0.01, 12);
    expect(after.alerts.find((a) => a.nodeKind === 'project' && a.metric === 'cpi')?.severity).toBe('critical');
    expect(after.alerts).toEqual((await ann.api.dashboard(pid, BY_CA)).alerts);
  });

  it("refuses a viewer's change and acknowledgement, and still shows the team's thresholds", async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB, { role: 'viewer' });
    const p = await ann.api.createProject({ name: 'Tower' });
    const levels = withLevels((t) => (t.project.cvPct = { amber: 0.08, red: 0.12 }));
    await ann.api.saveThresholds(p.id, levels);
    await exchange(ann.store, bob.store);

    expect((await bob.api.readThresholds(p.id)).thresholds).toEqual(levels);
    await expect(bob.api.saveThresholds(p.id, defaultThresholds())).rejects.toThrow(VIEWER);
    await expect(bob.api.resetThresholds(p.id)).rejects.toThrow(VIEWER);
    await expect(bob.api.acknowledgeAlert(p.id, { ruleId: 'cpi-warning', nodeId: p.id, nodeKind: 'project', period: '2026-02-27' })).rejects.toThrow(VIEWER);
    expect((await bob.api.readThresholds(p.id)).thresholds).toEqual(levels);
  });
});

describe('acknowledgements', () => {
  const key: AlertKey = { ruleId: 'cpi-critical', nodeId: 'CA-1-1', nodeKind: 'control-account', period: '2026-02-27' };

  it('acknowledges with who, when and a note; syncs; a new status period or a new severity is open again; can be taken back', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    const ack = await ann.api.acknowledgeAlert(p.id, key, '  Concrete invoices posted twice; fixed next month.  ');
    expect(ack).toMatchObject({ ...key, by: ANN.name, note: 'Concrete invoices posted twice; fixed next month.' });
    expect(Date.parse(ack.at)).toBeGreaterThan(0);
    // A control account's own rule is the same alert.
    expect(await ann.api.acknowledgeAlert(p.id, { ...key, ruleId: 'cpi-critical@control-account:CA-1-1' })).toMatchObject({ ruleId: 'cpi-critical', note: '' });

    await exchange(ann.store, bob.store);
    const onBob = await bob.api.listAcknowledgements(p.id, key.period);
    expect(onBob).toHaveLength(1);
    expect(onBob[0]).toMatchObject({ ...key, by: ANN.name });
    expect(await bob.api.listAcknowledgements(p.id, '2026-03-27')).toEqual([]);

    await bob.api.unacknowledgeAlert(p.id, key);
    await exchange(ann.store, bob.store);
    expect(await ann.api.listAcknowledgements(p.id, key.period)).toEqual([]);

    await expect(ann.api.acknowledgeAlert(p.id, { ...key, period: '27/02/2026' })).rejects.toThrow('"27/02/2026" is not a status period');
    await expect(ann.api.acknowledgeAlert(p.id, key, 'x'.repeat(1001))).rejects.toThrow('The note is 1,001 characters long; it holds at most 1,000.');
  });
});

describe("a project's documents", () => {
  it('a delete takes the thresholds and acknowledgements with it; a move carries them', async () => {
    const { api, store } = await teamDevice(ANN);
    const p = await api.createProject({ name: 'Tower' });
    const q = await api.createProject({ name: 'Bridge' });
    const key: AlertKey = { ruleId: 'vac-warning', nodeId: p.id, nodeKind: 'project', period: '2026-02-27' };
    for (const id of [p.id, q.id]) {
      await api.saveThresholds(id, withLevels((t) => (t.project.spi = { amber: 0.9, red: 0.8 })));
      await api.acknowledgeAlert(id, { ...key, nodeId: id });
    }
    const live = async (db: typeof store.pouch, id: string) => db.get(id).then(() => true, () => false);
    expect(await live(store.pouch, thresholdsDocId(p.id))).toBe(true);

    await api.deleteProject(p.id);
    expect(await live(store.pouch, thresholdsDocId(p.id))).toBe(false);
    expect(await live(store.pouch, ackDocId(p.id, key))).toBe(false);
    expect(await live(store.pouch, thresholdsDocId(q.id))).toBe(true);

    const target = await openLocalStore({ name: `move_target_${Math.random().toString(36).slice(2)}`, broadcast: false });
    try {
      await moveProject(store.pouch, target.pouch, q.id, { targetName: 'target' });
      expect(await live(target.pouch, thresholdsDocId(q.id))).toBe(true);
      expect(await live(target.pouch, ackDocId(q.id, { ...key, nodeId: q.id }))).toBe(true);
      expect(await live(store.pouch, thresholdsDocId(q.id))).toBe(false);
    } finally {
      await target.destroy();
    }
  });
});
