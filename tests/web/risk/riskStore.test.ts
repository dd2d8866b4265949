/**
 * Risk setup and snapshots (issue 15) through the data worker's API (src/local/backend.ts), in
 * Node against the real store (PouchDB on fake-indexeddb): the seed chosen once and kept, rules
 * checked with the core's messages, the model built from the latest import, a run saved as a
 * snapshot and read back (dates, P80, top activities), renamed and deleted; a teammate sees both
 * documents after a sync, a viewer changes nothing, and a project's delete and move carry them.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { finishResults, prepareRisk, simulate } from '../../../src/core/risk';
import { snapshotResults } from '../../../src/core/risk/snapshot';
import type { DataBackend } from '../../../src/local/backend';
import { RISK_SNAPSHOT_ACTIVITIES, type RiskProjectSetup } from '../../../src/local/contracts';
import { moveProject } from '../../../src/local/sync/move';
import { projectDocIds } from '../../../src/local/sync/projectDocs';
import { exchange, teamDevice } from '../local/teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function importInto(api: DataBackend, schedule: Schedule, projectId: string | null, fileName = 'site.xer') {
  const staged = await api.stage(jsonOf([schedule]), { fileName, format: 'xer', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId }]);
  return saved;
}

const schedule = () => syntheticSchedule({ activities: 300, seed: 11, statusAt: 0.4 });

/** A run as the pool does it, on this thread: prepare, simulate, finish, label. */
async function run(api: DataBackend, projectId: string, setup: RiskProjectSetup) {
  const m = await api.prepareRiskRun(projectId, setup);
  const prep = prepareRisk(m.model);
  const results = snapshotResults(finishResults(prep, simulate(prep, { seed: setup.seed, iterations: setup.iterations })), m.labels);
  return { m, results };
}

describe('risk setup', () => {
  it('chooses a seed once and keeps it; defaults stated; the overrides grid shows each range and its source', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const first = await api.getRiskSetup(saved.projectId);
    expect(first.saved).toBe(true);
    expect(Number.isInteger(first.setup.seed) && first.setup.seed >= 0 && first.setup.seed <= 0xffffffff).toBe(true);
    expect(first.setup).toMatchObject({ rules: [], overrides: [], iterations: 1000 });
    expect((await api.getRiskSetup(saved.projectId)).setup.seed).toBe(first.setup.seed);
    expect(first.importId).toBe(saved.importId);
    const open = first.activities.filter((a) => a.remaining > 0);
    expect(open.length).toBeGreaterThan(0);
    for (const a of open) {
      expect(a.source).toBe('Default rule');
      expect(a.low).toBeCloseTo(a.remaining * 0.9, 6);
      expect(a.high).toBeCloseTo(a.remaining * 1.25, 6);
    }
    expect(first.codeValues.map((c) => c.codeTypeId)).toEqual(['PHASE', 'AREA']);

    // A rule on one code value, and an override on one activity: both show as sources.
    const target = open[0];
    const setup: RiskProjectSetup = {
      ...first.setup,
      rules: [{ id: 'r1', name: 'Construction', target: { kind: 'code', codeTypeId: 'PHASE', value: 'CON' }, distribution: 'pert', minPct: -5, mostLikelyPct: 5, maxPct: 40 }],
      overrides: [{ activityId: target.activityId, distribution: 'triangular', min: 1, mostLikely: 2, max: 3 }],
    };
    const after = await api.saveRiskSetup(saved.projectId, setup, first.seen);
    expect(after.setup.rules).toEqual(setup.rules);
    const byId = new Map(after.activities.map((a) => [a.activityId, a]));
    expect(byId.get(target.activityId)).toMatchObject({ source: 'Override', low: 1, mostLikely: 2, high: 3 });
    expect(after.activities.some((a) => a.source === 'Rule: Construction')).toBe(true);
    expect(after.activities.some((a) => a.source.startsWith('None (no rule covers it)'))).toBe(true);

    await expect(api.saveRiskSetup(saved.projectId, { ...setup, rules: [{ ...setup.rules[0], minPct: 50 }] })).rejects.toThrow('Construction: the low (50%), most likely (5%) and high (40%) must be in that order.');
    await expect(api.saveRiskSetup(saved.projectId, { ...setup, iterations: 5 })).rejects.toThrow(/Iterations must be a whole number from 10/);
    const many = Array.from({ length: 6000 }, (_, i) => ({ activityId: `A-long-activity-identifier-${i}`, distribution: 'triangular' as const, min: 1, mostLikely: 2, max: 3 }));
    await expect(api.saveRiskSetup(saved.projectId, { ...setup, overrides: many })).rejects.toThrow(/more than the 600 kB a project's setup may hold/);
  });

  it('a project with no import: the setup opens, a run says what to do', async () => {
    const { api } = await teamDevice(ANN);
    const p = await api.createProject({ name: 'Empty' });
    const v = await api.getRiskSetup(p.id);
    expect(v).toMatchObject({ importId: null, activities: [] });
    await expect(api.prepareRiskRun(p.id, v.setup)).rejects.toThrow(/no imported schedule, so there is nothing to simulate/);
  });
});

describe('risk snapshots', () => {
  it('saves a run with dates, P80 and the top activities; lists, renames, deletes', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const { setup } = await api.getRiskSetup(saved.projectId);
    const { m, results } = await run(api, saved.projectId, setup);
    expect(m.importId).toBe(saved.importId);
    expect(results.finish.dates.p80 >= results.finish.dates.p50).toBe(true);
    expect(results.finish.dates.p50 >= results.finish.dates.p10).toBe(true);
    const row = await api.saveRiskSnapshot(saved.projectId, { name: '  Before   mitigation ', seed: setup.seed, iterations: setup.iterations, setup, results, importId: m.importId, dataDate: m.dataDate });
    expect(row).toMatchObject({ name: 'Before mitigation', createdBy: ANN.name, seed: setup.seed, iterations: 1000, p80Finish: results.finish.dates.p80, rulesSummary: 'Default: every task −10% / +25%' });
    const got = await api.getRiskSnapshot(saved.projectId, row.id);
    // What was stored is what was shown: the results round-trip (NaN had become null already).
    expect(got.results).toEqual(JSON.parse(JSON.stringify(results)));
    expect(got.results.activities.length).toBeLessThanOrEqual(RISK_SNAPSHOT_ACTIVITIES);
    expect(got.results.activities[0].code).toMatch(/\S/);
    expect((await api.latestRiskSnapshot(saved.projectId))?.id).toBe(row.id);

    // A second run with a wider rule finishes later at P80.
    const wide: RiskProjectSetup = { ...setup, rules: [{ id: 'w', name: 'Everything', target: { kind: 'all' }, distribution: 'triangular', minPct: 0, mostLikelyPct: 20, maxPct: 80 }] };
    const second = await run(api, saved.projectId, wide);
    expect(second.results.finish.p80).toBeGreaterThan(results.finish.p80);
    const row2 = await api.saveRiskSnapshot(saved.projectId, { name: 'Wider', seed: wide.seed, iterations: wide.iterations, setup: wide, results: second.results, importId: second.m.importId, dataDate: second.m.dataDate });
    expect((await api.listRiskSnapshots(saved.projectId)).map((r) => r.name)).toEqual(['Wider', 'Before mitigation']);
    expect(row2.rulesSummary).toBe('Everything 0% / 20% / +80%');

    expect((await api.renameRiskSnapshot(saved.projectId, row.id, 'Baseline risk', row.seen)).name).toBe('Baseline risk');
    await expect(api.renameRiskSnapshot(saved.projectId, row.id, ' ')).rejects.toThrow('Give the snapshot a name');
    await api.deleteRiskSnapshot(saved.projectId, row2.id);
    expect((await api.listRiskSnapshots(saved.projectId)).map((r) => r.name)).toEqual(['Baseline risk']);
    await expect(api.getRiskSnapshot(saved.projectId, row2.id)).rejects.toThrow(/not in this project any more/);
  });

  it('a certain risk event on the most critical activity delays the finish; one naming no activity is refused', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const { setup } = await api.getRiskSetup(saved.projectId);
    const before = await run(api, saved.projectId, setup);
    const top = before.results.activities[0];
    expect(top.criticality).toBeGreaterThan(0.5);
    const withRisk: RiskProjectSetup = { ...setup, events: [{ id: 'e1', name: 'Ground conditions', probability: 1, hits: [{ activityId: top.activityId, schedule: { min: 80, mostLikely: 80, max: 80 } }] }] };
    await api.saveRiskSetup(saved.projectId, withRisk);
    const after = await run(api, saved.projectId, withRisk);
    expect(after.results.finish.p50).toBeGreaterThan(before.results.finish.p50 + 40);
    await expect(api.saveRiskSetup(saved.projectId, { ...withRisk, events: [{ ...withRisk.events[0], probability: 1.5 }] })).rejects.toThrow('Ground conditions: the probability must be between 0% and 100%.');
    await expect(api.prepareRiskRun(saved.projectId, { ...withRisk, events: [{ ...withRisk.events[0], hits: [{ activityId: 'gone' }] }] })).rejects.toThrow(/The risk "Ground conditions" names an activity that is not in this schedule \(gone\)/);
  });

  it('a correlation group by target and a cost range are kept, widen the run, and bad ones are refused', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const { setup } = await api.getRiskSetup(saved.projectId);
    const before = await run(api, saved.projectId, setup);
    const wider: RiskProjectSetup = { ...setup, correlations: [{ name: 'Everything', target: { kind: 'all' }, rho: 1 }], costUncertainty: { min: 0.9, mostLikely: 1, max: 1.3 } };
    const view = await api.saveRiskSetup(saved.projectId, wider);
    expect(view.setup.correlations).toEqual(wider.correlations);
    expect(view.setup.costUncertainty).toEqual(wider.costUncertainty);
    const after = await run(api, saved.projectId, wider);
    // Durations in lockstep spread the finish; a cost range widens the cost.
    expect(after.results.finish.sd).toBeGreaterThan(before.results.finish.sd);
    expect(after.results.notes.join(' ')).toMatch(/Correlation group "Everything": \d+ activities move together, rank correlation 1\./);
    expect(after.results.cost!.sd).toBeGreaterThan(before.results.cost!.sd);
    await expect(api.saveRiskSetup(saved.projectId, { ...wider, correlations: [{ name: 'Civils', rho: 0.5 }] })).rejects.toThrow('Civils: choose what the group applies to.');
    await expect(api.saveRiskSetup(saved.projectId, { ...wider, correlations: [{ name: 'Civils', target: { kind: 'all' }, rho: 1.2 }] })).rejects.toThrow('Civils: the correlation must be between 0 and 1.');
    await expect(api.saveRiskSetup(saved.projectId, { ...wider, correlations: [{ name: 'Civils', target: { kind: 'wbs' } as never, rho: 0.5 }] })).rejects.toThrow(/Civils: choose what it applies to/);
    await expect(api.saveRiskSetup(saved.projectId, { ...wider, costUncertainty: { min: 1.2, mostLikely: 1, max: 1.3 } })).rejects.toThrow('Cost uncertainty: enter low, most likely and high, in that order.');
  });

  it('refuses results that are incomplete or too large', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const { setup } = await api.getRiskSetup(saved.projectId);
    const { m, results } = await run(api, saved.projectId, setup);
    const base = { name: 'X', seed: setup.seed, iterations: setup.iterations, setup, importId: m.importId, dataDate: m.dataDate };
    await expect(api.saveRiskSnapshot(saved.projectId, { ...base, results: { ...results, finish: undefined } as never })).rejects.toThrow(/incomplete, so they were not saved/);
    const huge = { ...results, notes: Array.from({ length: 20000 }, (_, i) => `A long assumption number ${i} about the calendars used.`) };
    await expect(api.saveRiskSnapshot(saved.projectId, { ...base, results: huge })).rejects.toThrow(/more than the 900 kB a snapshot may hold/);
    expect(await api.listRiskSnapshots(saved.projectId)).toEqual([]);
  });
});

describe('risk with the team', () => {
  it('syncs the setup and snapshots; a viewer reads them and changes nothing', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB, { role: 'viewer' });
    const saved = await importInto(ann.api, schedule(), null);
    const { setup } = await ann.api.getRiskSetup(saved.projectId);
    const { m, results } = await run(ann.api, saved.projectId, setup);
    const row = await ann.api.saveRiskSnapshot(saved.projectId, { name: 'Before', seed: setup.seed, iterations: 1000, setup, results, importId: m.importId, dataDate: m.dataDate });
    await exchange(ann.store, bob.store);
    const seen = await bob.api.getRiskSetup(saved.projectId);
    expect(seen.setup.seed).toBe(setup.seed);
    expect((await bob.api.listRiskSnapshots(saved.projectId)).map((r) => [r.name, r.p80Finish])).toEqual([['Before', results.finish.dates.p80]]);
    const viewer = 'You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.';
    await expect(bob.api.saveRiskSetup(saved.projectId, { ...setup, iterations: 2000 })).rejects.toThrow(viewer);
    await expect(bob.api.saveRiskSnapshot(saved.projectId, { name: 'Mine', seed: setup.seed, iterations: 1000, setup, results, importId: m.importId, dataDate: m.dataDate })).rejects.toThrow(viewer);
    await expect(bob.api.renameRiskSnapshot(saved.projectId, row.id, 'Mine')).rejects.toThrow(viewer);
    await expect(bob.api.deleteRiskSnapshot(saved.projectId, row.id)).rejects.toThrow(viewer);
    // A viewer can still run (nothing is saved by running).
    expect((await run(bob.api, saved.projectId, seen.setup)).results.finish.p80).toBe(results.finish.p80);
  });

  it('a viewer opening a project nobody has set up sees defaults, unsaved', async () => {
    const ann = await teamDevice(ANN);
    const bob = await teamDevice(BOB, { role: 'viewer' });
    const saved = await importInto(ann.api, schedule(), null);
    await exchange(ann.store, bob.store);
    const v = await bob.api.getRiskSetup(saved.projectId);
    expect(v.saved).toBe(false);
    // The same seed on every visit, so the viewer's reruns repeat.
    expect((await bob.api.getRiskSetup(saved.projectId)).setup.seed).toBe(v.setup.seed);
    expect(await bob.store.pouch.get(`risksetup:${saved.projectId}`).catch(() => null)).toBeNull();
  });

  it('the documents are the project’s: moved with it and deleted with it', async () => {
    const from = await teamDevice(ANN);
    const to = await teamDevice(ANN);
    const saved = await importInto(from.api, schedule(), null);
    const { setup } = await from.api.getRiskSetup(saved.projectId);
    const { m, results } = await run(from.api, saved.projectId, setup);
    const row = await from.api.saveRiskSnapshot(saved.projectId, { name: 'Before', seed: setup.seed, iterations: 1000, setup, results, importId: m.importId, dataDate: m.dataDate });
    const ids = [`risksetup:${saved.projectId}`, `risk:${saved.projectId}:${row.id}`];
    expect(await projectDocIds(from.store.pouch, saved.projectId)).toEqual(expect.arrayContaining(ids));
    await moveProject(from.store.pouch, to.store.pouch, saved.projectId, { targetName: 'team' });
    expect(await projectDocIds(to.store.pouch, saved.projectId)).toEqual(expect.arrayContaining(ids));
    expect(await projectDocIds(from.store.pouch, saved.projectId)).toEqual([]);
    await to.store.refreshDerived();
    expect((await to.api.getRiskSetup(saved.projectId)).setup.seed).toBe(setup.seed);
    expect((await to.api.listRiskSnapshots(saved.projectId)).map((r) => r.id)).toEqual([row.id]);

    await to.api.deleteProject(saved.projectId);
    const left = await to.store.pouch.allDocs({ keys: ids });
    expect(left.rows.map((r) => ('value' in r && r.value ? r.value.deleted : false))).toEqual([true, true]);
  });
});

describe('earned value beside the risk run (issue 15)', () => {
  it('the dashboard cites the latest run: the commentary quotes its P80, and a new run replaces the cited one at once', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, schedule(), null);
    const before = await api.dashboard(saved.projectId);
    expect(before.risk).toBeUndefined();
    expect(before.commentary.paragraphs.map((p) => p.text).join(' ')).not.toContain('risk analysis');

    const { setup } = await api.getRiskSetup(saved.projectId);
    const { m, results } = await run(api, saved.projectId, setup);
    const row = await api.saveRiskSnapshot(saved.projectId, { name: 'Before mitigation', seed: setup.seed, iterations: setup.iterations, setup, results, importId: m.importId, dataDate: m.dataDate });
    const after = await api.dashboard(saved.projectId);
    expect(after.risk).toMatchObject({ id: row.id, name: 'Before mitigation', finishP80: row.p80Finish, iterations: 1000, defaultRangesOnly: true });
    const forecast = after.commentary.paragraphs.find((p) => p.topic === 'forecast')!.text;
    expect(forecast).toContain('The schedule risk analysis (1,000 iterations) gives an 80% chance of finishing by');
    expect(forecast).toContain('Its ranges are the default −10% / +25% on every task');

    const wide: RiskProjectSetup = { ...setup, rules: [{ id: 'w', name: 'Everything', target: { kind: 'all' }, distribution: 'triangular', minPct: 0, mostLikelyPct: 20, maxPct: 80 }] };
    const second = await run(api, saved.projectId, wide);
    // Saved a little later, so it is the newer one.
    await new Promise((r) => setTimeout(r, 5));
    const row2 = await api.saveRiskSnapshot(saved.projectId, { name: 'Wider', seed: wide.seed, iterations: wide.iterations, setup: wide, results: second.results, importId: second.m.importId, dataDate: second.m.dataDate });
    const latest = await api.dashboard(saved.projectId);
    expect(latest.risk).toMatchObject({ id: row2.id, name: 'Wider', finishP80: row2.p80Finish, defaultRangesOnly: false });
    expect(latest.commentary.paragraphs.find((p) => p.topic === 'forecast')!.text).not.toContain('Its ranges are the default');
  });
});
