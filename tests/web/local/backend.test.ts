/**
 * The data worker's API (src/local/backend.ts), run in Node against the real store: staging the
 * import worker's JSON, saving with progress, the first dashboard built from the schedule still in
 * memory (and equal to the one built from storage), discarding what the user did not save, what a
 * failed save of a many-project file says, and the hand-over of the JSON by transfer, not copy.
 */
import '../store/setup';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { dashboardOf } from '../../../src/core/insight';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { createDataBackend, type DataBackend } from '../../../src/local/backend';
import type { DashboardResult, DataApi, SaveProgress } from '../../../src/local/contracts';
import { projectDashboard } from '../../../src/local/dashboard';
import { openLocalStore, type LocalStore } from '../../../src/local/store';

const stores: LocalStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.destroy().catch(() => undefined);
});

/** A backend over a fresh database, and that database's store (opened on first use, as in the worker). */
function backend(): { api: DataBackend; store: () => LocalStore } {
  let opened: LocalStore | null = null;
  const api = createDataBackend({
    buildId: 'test-build',
    now: () => NOW,
    // One personal space, known at once (no sync in these tests), and nothing old to migrate.
    teams: [{ id: 'home-team', name: 'Personal', role: 'owner', isHome: true }],
    session: { memory: null, migrate: async () => undefined },
    open: async () => {
      opened = await openLocalStore({ name: `backend_${Math.random().toString(36).slice(2, 10)}`, broadcast: false });
      stores.push(opened);
      return opened;
    },
  });
  void api.useAccount('user-1');
  return { api, store: () => opened as unknown as LocalStore };
}

/** The import worker's answer for `schedules`: UTF-8 JSON in an ArrayBuffer. */
const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;
const meta = (fileName: string) => ({ fileName, format: 'Primavera P6 XER', fileSize: 1234 });
const OPENING = { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' } as const;
const NOW = new Date('2026-03-02T09:00:00');

/**
 * The dashboard as a fresh data worker builds it from storage alone (after a reload): another store
 * on the same database, nothing cached. Also says how many times it loaded a schedule.
 */
async function fromStorage(s: LocalStore, projectId: string): Promise<{ result: DashboardResult; loads: number }> {
  await s.derived.analyses.clear();
  const other = await openLocalStore({ name: s.name, broadcast: false });
  try {
    const loads = countLoads(other);
    const result = await projectDashboard(other, projectId, OPENING, NOW, 'test-build');
    return { result, loads: loads.count };
  } finally {
    await other.close();
  }
}

/** Counts the store's full loads of a schedule from IndexedDB. */
function countLoads(s: LocalStore): { count: number } {
  const counter = { count: 0 };
  const real = s.loadSchedule.bind(s);
  s.loadSchedule = (...args) => {
    counter.count++;
    return real(...args);
  };
  return counter;
}

describe('staging and saving an import', () => {
  it('describes the staged file, saves it with progress, and opens the first dashboard without reading it back', async () => {
    const { api, store } = backend();
    const schedule = syntheticSchedule({ activities: 3000, seed: 7 });
    const staged = await api.stage(jsonOf([schedule]), meta('site.xer'));
    expect(staged.schedules).toHaveLength(1);
    expect(staged.schedules[0]).toMatchObject({ index: 0, name: schedule.project.name, activities: 3000, relationships: schedule.relationships.length, match: undefined });
    expect(api.staging.stagedCount()).toBe(1);

    const progress: SaveProgress[] = [];
    const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }], (p) => progress.push(p));
    expect(saved).toMatchObject({ isNewProject: true, warnings: [] });
    expect(saved).not.toHaveProperty('schedule');
    expect(api.staging.stagedCount()).toBe(0);

    // Progress: documents written, never going back, up to all of them; then the dashboard.
    const writing = progress.filter((p) => p.phase === 'writing');
    expect(writing.length).toBeGreaterThan(2);
    const total = writing[0].total;
    expect(total).toBeGreaterThan(10);
    expect(writing.every((p) => p.total === total && p.schedule === 1 && p.schedules === 1)).toBe(true);
    expect(writing.map((p) => p.done)).toEqual([...writing.map((p) => p.done)].sort((a, b) => a - b));
    expect(writing.at(-1)!.done).toBe(total);
    expect(progress.at(-1)).toEqual({ phase: 'analysing', done: 0, total: 1, schedule: 1, schedules: 1 });

    const loads = countLoads(store());
    const first = await api.dashboard(saved.projectId, OPENING);
    expect(loads.count).toBe(0);
    // The same options in another order are the same dashboard.
    await api.dashboard(saved.projectId, { eacMethod: 'cpi', periods: 'month', breakdown: 'wbs' });
    expect(loads.count).toBe(0);

    // Built from storage instead, it is the same dashboard to the last figure and sentence.
    const stored = await fromStorage(store(), saved.projectId);
    expect(stored.loads).toBe(1);
    expect(first).toEqual(stored.result);
    expect(first.analysis.project.name).toBe(schedule.project.name);
  });

  it('builds the first dashboard of a next status with the earlier status as history, as storage would', async () => {
    const { api, store } = backend();
    const early = syntheticSchedule({ activities: 400, seed: 3, statusAt: 0.3 });
    const late = syntheticSchedule({ activities: 400, seed: 3, statusAt: 0.5 });
    const s1 = await api.stage(jsonOf([early]), meta('march.xer'));
    const [one] = await api.commit(s1.pendingId, [{ index: 0, projectId: null }]);
    const s2 = await api.stage(jsonOf([late]), meta('april.xer'));
    // The file matches the project it continues.
    expect(s2.schedules[0].match?.id).toBe(one.projectId);
    const [two] = await api.commit(s2.pendingId, [{ index: 0, projectId: one.projectId }]);
    expect(two.projectId).toBe(one.projectId);

    const loads = countLoads(store());
    const first = await api.dashboard(one.projectId, OPENING);
    expect(loads.count).toBe(0);
    const stored = await fromStorage(store(), one.projectId);
    expect(stored.loads).toBe(1);
    expect(stored.result).toEqual(first);
    // And the history counts: the latest status alone gives another dashboard.
    const alone = dashboardOf(analyseSchedule(late, { ...OPENING, today: '2026-03-02T00:00' }), OPENING);
    expect(first.analysis.series).not.toEqual(alone.analysis.series);
  });

  it('prepares nothing for an older status imported late: the project still opens at its latest', async () => {
    const { api, store } = backend();
    const late = syntheticSchedule({ activities: 300, seed: 5, statusAt: 0.6 });
    const early = syntheticSchedule({ activities: 300, seed: 5, statusAt: 0.2 });
    const [one] = await api.commit((await api.stage(jsonOf([late]), meta('late.xer'))).pendingId, [{ index: 0, projectId: null }]);
    const latestFirst = await api.dashboard(one.projectId, OPENING);
    await api.commit((await api.stage(jsonOf([early]), meta('early.xer'))).pendingId, [{ index: 0, projectId: one.projectId }]);
    const loads = countLoads(store());
    const after = await api.dashboard(one.projectId, OPENING);
    expect(loads.count).toBe(1);
    expect(after.analysis.dataDate).toBe(latestFirst.analysis.dataDate);
  });

  it('drops staged schedules the user did not save', async () => {
    const { api } = backend();
    const staged = await api.stage(jsonOf([syntheticSchedule({ activities: 50, seed: 1 })]), meta('left.xer'));
    expect(api.staging.stagedCount()).toBe(1);
    await api.discard(staged.pendingId);
    expect(api.staging.stagedCount()).toBe(0);
    await expect(api.commit(staged.pendingId, [{ index: 0, projectId: null }])).rejects.toThrow(/^Nothing was saved: this import is no longer waiting to be saved/);
    expect(await api.listProjects()).toEqual([]);
  });

  it('says which projects of a many-project file were saved when a later one fails, and shows no half of it', async () => {
    const { api, store } = backend();
    const a = syntheticSchedule({ activities: 200, seed: 1 });
    const b = syntheticSchedule({ activities: 12000, seed: 2 });
    b.project.name = 'Second project';
    const staged = await api.stage(jsonOf([a, b]), meta('programme.xer'));
    await api.listProjects(); // opens the store, so its writes can be made to fail
    const db = store().pouch as unknown as { bulkDocs: (docs: unknown, ...rest: unknown[]) => Promise<unknown> };
    const real = db.bulkDocs.bind(db);
    let second = false;
    let secondBatches = 0;
    db.bulkDocs = (docs, ...rest) => {
      const list = (Array.isArray(docs) ? docs : (docs as { docs: unknown[] }).docs) as { type?: string; _deleted?: boolean }[];
      // Saving the second project: two batches of its chunks go in, then the disk is full, and
      // stays full while the save tries to remove what it wrote.
      if (second && list.some((d) => d.type === 'chunk' || d._deleted) && ++secondBatches > 2) {
        return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      }
      return real(docs, ...rest);
    };
    const progress: SaveProgress[] = [];
    const err = await api
      .commit(staged.pendingId, [{ index: 0, projectId: null }, { index: 1, projectId: null }], (p) => {
        progress.push(p);
        if (p.schedule === 2) second = true;
      })
      .then(
        () => null,
        (e: Error) => e,
      );
    db.bulkDocs = real;
    expect(err).not.toBeNull();
    expect(err!.message.startsWith(`“${a.project.name}” was saved; “Second project” not: programme.xer: Your browser's storage for Earnest is full`)).toBe(true);
    expect(err!.message).toContain('deleting projects or old imports');
    expect(err!.message).toContain('free disk space on this device');
    expect(secondBatches).toBeGreaterThan(2);
    const listed = await api.listProjects();
    expect(listed.map((p) => p.name)).toEqual([a.project.name]);
    expect(progress.some((p) => p.schedule === 2 && p.schedules === 2)).toBe(true);
  });
});

describe('the hand-over of the import worker’s JSON', () => {
  it('is a transfer: the page keeps no copy of the bytes', async () => {
    const { stageSchedules } = await import('../../../src/client/data');
    const { api } = backend();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port1 as unknown as Comlink.Endpoint);
    const remote = Comlink.wrap<DataApi>(port2 as unknown as Comlink.Endpoint);
    try {
      const json = jsonOf([syntheticSchedule({ activities: 500, seed: 9 })]);
      expect(json.byteLength).toBeGreaterThan(100_000);
      const staged = await stageSchedules(json, meta('handed.xer'), remote);
      expect(json.byteLength).toBe(0);
      expect(staged.schedules[0].activities).toBe(500);
    } finally {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    }
  });
});
