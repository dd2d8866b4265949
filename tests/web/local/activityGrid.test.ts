/**
 * The activity grid's worker call (contracts.ts ActivityGridApi, src/local/activities/grid.ts), run
 * against the real store: windows of the sorted, filtered list, figures that add up to the
 * dashboard's, float from the saved file, a status date chosen on the toolbar, and its refusals.
 */
import '../store/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { createDataBackend, type DataBackend } from '../../../src/local/backend';
import { MAX_GRID_WINDOW } from '../../../src/local/activities/grid';
import { openLocalStore, type LocalStore } from '../../../src/local/store';

const stores: LocalStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.destroy().catch(() => undefined);
});

const NOW = new Date('2026-03-02T09:00:00');

function backend(): DataBackend {
  const api = createDataBackend({
    buildId: 'test-build',
    now: () => NOW,
    teams: [{ id: 'home-team', name: 'Personal', role: 'owner', isHome: true }],
    session: { memory: null, migrate: async () => undefined },
    open: async () => {
      const s = await openLocalStore({ name: `grid_${Math.random().toString(36).slice(2, 10)}`, broadcast: false });
      stores.push(s);
      return s;
    },
  });
  void api.useAccount('user-1');
  return api;
}

async function saved(api: DataBackend, schedule: Schedule): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify([schedule])).buffer as ArrayBuffer;
  const staged = await api.stage(json, { fileName: 'site.xer', format: 'Primavera P6 XER', fileSize: 1 });
  const [s] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
  return s.projectId;
}

describe('activityGrid', () => {
  it('sends a window of the list, whose figures over every window add up to the dashboard', async () => {
    const api = backend();
    const schedule = syntheticSchedule({ activities: 1200, seed: 5 });
    const id = await saved(api, schedule);
    const first = await api.activityGrid(id, { offset: 0, limit: 100 });
    expect(first).toMatchObject({ total: 1200, activities: 1200, offset: 0 });
    expect(first.rows).toHaveLength(100);
    expect(first.rows.map((r) => r.code)).toEqual(schedule.activities.slice(0, 100).map((a) => a.code));
    const last = await api.activityGrid(id, { offset: 1150, limit: 100 });
    expect(last.rows).toHaveLength(50);
    expect(last.rows.at(-1)!.code).toBe(schedule.activities.at(-1)!.code);

    let ev = 0;
    let pv = 0;
    for (let o = 0; o < 1200; o += MAX_GRID_WINDOW) {
      const page = await api.activityGrid(id, { offset: o, limit: MAX_GRID_WINDOW });
      for (const r of page.rows) {
        ev += r.ev;
        pv += r.pv;
      }
    }
    const dash = await api.dashboard(id, { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' });
    expect(first.dataDate).toBe(dash.analysis.dataDate);
    expect(ev).toBeCloseTo(dash.analysis.cost.ev.value!, 4);
    expect(pv).toBeCloseTo(dash.analysis.cost.pv.value!, 4);
  });

  it('sorts by float from the file (blanks last) and filters by ID, name or WBS, in the worker', async () => {
    const api = backend();
    const schedule = syntheticSchedule({ activities: 400, seed: 9 });
    // Float as a P6 export carries it, in hours; every third activity has none (completed work).
    schedule.activities.forEach((a, i) => {
      if (i % 3 !== 0) a.totalFloat = ((i * 37) % 200) - 40;
    });
    const id = await saved(api, schedule);
    const asc = await api.activityGrid(id, { sort: { key: 'totalFloatDays', dir: 'asc' }, offset: 0, limit: 500 });
    const floats = asc.rows.map((r) => r.totalFloatDays);
    const known = floats.filter((f): f is number => f !== null);
    expect(asc.withFloat).toBe(known.length);
    expect(known.length).toBe(schedule.activities.filter((a) => a.totalFloat !== undefined).length);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(floats.slice(known.length).every((f) => f === null)).toBe(true);
    expect(known[0]).toBeLessThan(0);

    const desc = await api.activityGrid(id, { sort: { key: 'totalFloatDays', dir: 'desc' }, offset: 0, limit: 5 });
    expect(desc.rows[0].totalFloatDays).toBe(Math.max(...known));

    const code = schedule.activities[123].code;
    const found = await api.activityGrid(id, { filter: code.toLowerCase(), offset: 0, limit: 50 });
    expect(found.rows.map((r) => r.code)).toContain(code);
    expect(found.rows.every((r) => r.code.toLowerCase().includes(code.toLowerCase()) || r.name.toLowerCase().includes(code.toLowerCase()) || r.wbs.toLowerCase().includes(code.toLowerCase()) || r.wbsName.toLowerCase().includes(code.toLowerCase()))).toBe(true);
    expect(found.total).toBe(found.rows.length);
    expect(found.activities).toBe(400);
    const none = await api.activityGrid(id, { filter: 'no activity is called this', offset: 0, limit: 50 });
    expect(none).toMatchObject({ total: 0, rows: [] });
  });

  it('measures at the status date the toolbar chose, never sends more than a window, and refuses a bad date or project', async () => {
    const api = backend();
    const schedule = syntheticSchedule({ activities: 800, seed: 2 });
    const id = await saved(api, schedule);
    const own = await api.activityGrid(id, { offset: 0, limit: 10_000 });
    expect(own.rows).toHaveLength(MAX_GRID_WINDOW);
    const early = await api.activityGrid(id, { dataDate: '2020-01-01', offset: 0, limit: 10 });
    expect(early.dataDate.slice(0, 10)).toBe('2020-01-01');
    const dash = await api.dashboard(id, { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi', dataDate: '2020-01-01' });
    let ev = 0;
    for (let o = 0; o < 800; o += MAX_GRID_WINDOW) for (const r of (await api.activityGrid(id, { dataDate: '2020-01-01', offset: o, limit: MAX_GRID_WINDOW })).rows) ev += r.ev;
    expect(ev).toBeCloseTo(dash.analysis.cost.ev.value!, 4);
    await expect(api.activityGrid(id, { dataDate: 'soon', offset: 0, limit: 10 })).rejects.toThrow(/is not a date/);
    await expect(api.activityGrid('not a valid id!', { offset: 0, limit: 10 })).rejects.toThrow(/not valid/);
  });
});
