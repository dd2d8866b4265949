import './setup';
/**
 * The data worker with its sync engine wired in (src/local/backend.ts, account.ts, syncHandlers.ts),
 * as two or three "devices" (each its own backend over its own IndexedDB databases, fake-indexeddb)
 * against one real server (the Express app and its /db gateway on 127.0.0.1):
 *
 * - a project imported on one device of a user appears in the other's list, and its dashboard is
 *   the same to the last figure; the page hears "projects-changed" when it arrives;
 * - a viewer's device receives the team's projects, shows them as the viewer's, and refuses every
 *   write with a message saying why and what to do;
 * - the same project renamed on both devices while offline: both names kept (a conflict), and both
 *   devices show the same one once they reconnect;
 * - an access token that has expired when sync starts is refreshed once, and sync goes on;
 * - the per-account database of earlier builds is migrated into the home team's on the first start,
 *   losing nothing: the same projects and dashboards, and the old databases gone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { createDataBackend, type DataBackend } from '../../../src/local/backend';
import type { DashboardResult, SyncTeam } from '../../../src/local/contracts';
import { projectDashboard } from '../../../src/local/dashboard';
import { localStoreNameFor, openLocalStore } from '../../../src/local/store';
import { deviceDbName } from '../../../src/local/sync/names';
import { listConflicts, readMutable } from '../../../src/local/sync/mutable';
import { ensureHomeTeam } from '../../../server/teams/home';
import { gateway, until, type Gateway } from '../../server/sync/deviceHelpers';
import { closeDevices, hushCheckpointNotes, NOW, startDevice, trackBackend, wiredDevice, type WiredDevice } from './wiredDevices';
import { tokenFor } from '../../server/sync/helpers';

const OPENING = { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' } as const;
const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;
const meta = (fileName: string) => ({ fileName, format: 'Primavera P6 XER', fileSize: 1234 });

let g: Gateway;

beforeEach(async () => {
  g = await gateway('earnest-wired-');
  hushCheckpointNotes();
});

afterEach(() => closeDevices(g));

interface DeviceOptions {
  userId?: string;
  teams?: SyncTeam[];
  refresh?: () => Promise<string | null>;
}

/** A device of Ada (the team's owner) unless told otherwise, in her personal space unless told otherwise (wiredDevices.ts). */
function device(name: string, opts: DeviceOptions = {}): WiredDevice {
  const teams = opts.teams ?? [{ id: g.w.teamId, name: 'Ada', role: 'owner', isHome: true }];
  return wiredDevice(name, opts.userId ?? g.w.ownerId, teams, opts.refresh ? { refresh: opts.refresh } : {});
}

const start = (d: WiredDevice, accessToken?: string | null): Promise<void> => startDevice(g, d, accessToken);

/** The dashboard computed afresh from what the device holds (no cached result). */
async function freshDashboard(api: DataBackend, projectId: string): Promise<DashboardResult> {
  const { store } = await api.session.spaceOf(projectId);
  await store.derived.analyses.clear();
  return projectDashboard(store, projectId, OPENING, NOW, 'fresh');
}

async function importOn(api: DataBackend, schedule: Schedule, fileName: string, projectId: string | null = null) {
  const staged = await api.stage(jsonOf([schedule]), meta(fileName));
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId }]);
  return saved;
}

describe('two devices of one user', () => {
  it('see the same project: imported on A, it appears in B’s list with the same dashboard, and B’s page is told', async () => {
    const a = device('a');
    const b = device('b');
    await start(a);
    await start(b);
    const schedule = syntheticSchedule({ activities: 600, seed: 11, statusAt: 0.4 });
    const saved = await importOn(a.api, schedule, 'viaduct.xer');

    await until(async () => (await b.api.listImports(saved.projectId).catch(() => [])).some((i) => i.complete), 20_000, 'the import, complete, on B');
    const [onA] = await a.api.listProjects();
    const [onB] = await b.api.listProjects();
    expect(onB).toEqual(onA);
    expect(onB).toMatchObject({ id: saved.projectId, name: schedule.project.name, importCount: 1, activityCount: 600, teamId: g.w.teamId, teamName: 'Ada', role: 'owner' });
    expect(b.events.some((e) => e.kind === 'projects-changed')).toBe(true);

    const dashA = await a.api.dashboard(saved.projectId, OPENING);
    const dashB = await b.api.dashboard(saved.projectId, OPENING);
    expect(dashB).toEqual(dashA);
    expect(dashB).toEqual(await freshDashboard(a.api, saved.projectId));
    expect(dashB.analysis.project.name).toBe(schedule.project.name);

    // A second status imported on B arrives on A as the project's history.
    const next = await importOn(b.api, syntheticSchedule({ activities: 600, seed: 11, statusAt: 0.6 }), 'viaduct-april.xer', saved.projectId);
    await until(async () => (await a.api.listImports(saved.projectId)).filter((i) => i.complete).length === 2, 20_000, 'the second import on A');
    expect((await a.api.dashboard(saved.projectId, OPENING)).analysis).toEqual((await b.api.dashboard(saved.projectId, OPENING)).analysis);
    expect((await a.api.listImports(saved.projectId)).at(-1)?.importId).toBe(next.importId);

    // Sync status reached the page's listener, and nothing waits to be sent.
    const snapshots: unknown[] = [];
    await a.api.subscribeSync((s) => snapshots.push(s));
    await until(async () => (await a.api.pendingChanges()).every((r) => r.pending === 0), 10_000, 'A to have sent everything');
    expect(await a.api.waitForSent(5_000)).toEqual({ sent: true, waiting: [] });
    expect(snapshots.length).toBeGreaterThan(0);
  });

  it('keep both names of a project renamed on each while offline, and show the same one once reconnected', async () => {
    const a = device('a');
    const b = device('b');
    await start(a);
    // A call made before the teams are known (the page asks for them first) waits for them.
    let answered = false;
    const early = b.api.listProjects().then((rows) => ((answered = true), rows));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    await start(b);
    expect(await early).toEqual([]);
    const project = await a.api.createProject({ name: 'Depot' });
    await until(async () => (await b.api.listProjects()).length === 1, 20_000, 'the project on B');

    // Offline as the page reports it (DataApi setOnline): the status says so.
    await a.api.setOnline(false);
    await b.api.setOnline(false);
    expect(a.api.sync.controller()!.getSnapshot()).toMatchObject({ online: false, teams: [{ state: 'offline' }] });
    await a.api.renameProject(project.id, 'Depot North');
    await b.api.renameProject(project.id, 'Depot South');
    expect((await a.api.listProjects())[0].name).toBe('Depot North');
    expect((await b.api.listProjects())[0].name).toBe('Depot South');

    await a.api.setOnline(true);
    await b.api.setOnline(true);
    const conflictsOn = async (api: DataBackend) => listConflicts((await api.session.home()).store.pouch);
    await until(
      async () => {
        const [ca, cb] = [await conflictsOn(a.api), await conflictsOn(b.api)];
        return ca.length === 1 && cb.length === 1 && ca[0].versions.length === 2 && JSON.stringify(ca) === JSON.stringify(cb);
      },
      20_000,
      'both devices to hold both names',
    );
    const [conflict] = await conflictsOn(a.api);
    expect(conflict).toMatchObject({ id: `project:${project.id}`, field: 'name' });
    expect(conflict.versions.map((v) => v.v).sort()).toEqual(['Depot North', 'Depot South']);
    expect(conflict.versions.every((v) => v.who === g.w.ownerId)).toBe(true);
    const nameA = (await a.api.listProjects())[0].name;
    expect((await b.api.listProjects())[0].name).toBe(nameA);
    expect(nameA).toBe(conflict.versions[0].v);
    // One document, no PouchDB conflict left: the merge was written the same on both.
    const docA = await readMutable((await a.api.session.home()).store.pouch, `project:${project.id}`);
    const docB = await readMutable((await b.api.session.home()).store.pouch, `project:${project.id}`);
    expect(docB?.doc._rev).toBe(docA?.doc._rev);
  });

  it('refresh an access token that expired before sync started, once, and sync goes on', async () => {
    let refreshes = 0;
    const a = device('a', {
      refresh: async () => {
        refreshes++;
        return tokenFor(g.w.ownerId);
      },
    });
    const b = device('b');
    await start(a, await tokenFor(g.w.ownerId, Date.now() - 2 * 60 * 60_000));
    await start(b);
    const project = await a.api.createProject({ name: 'Tunnel' });
    await until(async () => (await b.api.listProjects()).some((p) => p.id === project.id), 20_000, 'the project on B');
    expect(refreshes).toBe(1);
    expect(a.api.sync.controller()!.getSnapshot().teams[0].problem ?? null).toBeNull();
  });
});

describe('signing out and in again', () => {
  it('stops replicating and keeps everything on the device; changes made meanwhile are counted, then sent on the next start', async () => {
    const a = device('a');
    const b = device('b');
    await start(a);
    await start(b);
    const kept = await a.api.createProject({ name: 'Kept' });
    await until(async () => (await b.api.listProjects()).length === 1, 20_000, 'the first project on B');

    await a.api.stopSync();
    expect(a.api.sync.controller()!.getSnapshot().running).toBe(false);
    const later = await a.api.createProject({ name: 'Made after sign-out' });
    expect((await a.api.listProjects()).map((p) => p.id).sort()).toEqual([kept.id, later.id].sort());
    await until(async () => (await a.api.pendingChanges())[0]?.pending === 1, 5_000, 'the waiting change to be counted');
    const [report] = await a.api.pendingChanges();
    expect(report).toMatchObject({ teamId: g.w.teamId, pending: 1, canSend: false });
    expect(await a.api.waitForSent(200)).toMatchObject({ sent: false, waiting: [{ pending: 1 }] });

    await start(a);
    await until(async () => (await b.api.listProjects()).some((p) => p.id === later.id), 20_000, 'the later project on B');
    expect(await a.api.waitForSent(10_000)).toEqual({ sent: true, waiting: [] });
  });
});

describe('a viewer', () => {
  it('receives the team’s projects, read-only, and every write is refused with why and what to do', async () => {
    const viewerId = await g.member('vic@example.com', 'viewer');
    const vicHome = await ensureHomeTeam(g.w.store, viewerId, Date.now());
    const owner = device('owner');
    const viewer = device('vic', {
      userId: viewerId,
      teams: [
        { id: vicHome, name: 'Vic', role: 'owner', isHome: true },
        { id: g.w.teamId, name: 'Bridge team', role: 'viewer', isHome: false },
      ],
    });
    await start(owner);
    await start(viewer);
    const saved = await importOn(owner.api, syntheticSchedule({ activities: 300, seed: 5, statusAt: 0.5 }), 'bridge.xer');
    await until(async () => (await viewer.api.listImports(saved.projectId).catch(() => [])).some((i) => i.complete), 20_000, 'the project on the viewer’s device');
    const [row] = await viewer.api.listProjects();
    expect(row).toMatchObject({ id: saved.projectId, teamId: g.w.teamId, teamName: 'Bridge team', role: 'viewer' });
    expect(await viewer.api.dashboard(saved.projectId, OPENING)).toEqual(await owner.api.dashboard(saved.projectId, OPENING));

    const refusal = 'You are a viewer in Bridge team: ask its owner or an admin to make you an editor to change its projects.';
    await expect(viewer.api.renameProject(saved.projectId, 'Mine now')).rejects.toThrow(refusal);
    await expect(viewer.api.deleteProject(saved.projectId)).rejects.toThrow(refusal);
    await expect(viewer.api.createProject({ name: 'Extra', teamId: g.w.teamId })).rejects.toThrow(refusal);
    const staged = await viewer.api.stage(jsonOf([syntheticSchedule({ activities: 300, seed: 5, statusAt: 0.7 })]), meta('bridge-next.xer'));
    // The summary does not offer a project the viewer cannot add to.
    expect(staged.schedules[0].match).toBeUndefined();
    await expect(viewer.api.commit(staged.pendingId, [{ index: 0, projectId: saved.projectId }])).rejects.toThrow(refusal);
    // Nothing was written: the device holds nothing the server lacks.
    const pending = await viewer.api.pendingChanges();
    expect(pending.find((p) => p.teamId === g.w.teamId)?.pending).toBe(0);
    // The viewer's own space stays writable.
    const own = await viewer.api.createProject({ name: 'My notes' });
    expect(own).toMatchObject({ teamId: vicHome, role: 'owner' });

    // The owner's later rename still reaches the viewer.
    await owner.api.renameProject(saved.projectId, 'Bridge (phase 2)');
    await until(async () => (await viewer.api.listProjects()).some((p) => p.name === 'Bridge (phase 2)'), 20_000, 'the rename on the viewer’s device');

    // Made an editor: the same device writes again.
    await viewer.api.startSync({ origin: g.srv.origin, accessToken: await tokenFor(viewerId), teams: [viewer.teams[0], { ...viewer.teams[1], role: 'editor' }] });
    await viewer.api.renameProject(saved.projectId, 'Bridge (viewed)');
    expect((await viewer.api.listProjects()).find((p) => p.id === saved.projectId)).toMatchObject({ name: 'Bridge (viewed)', role: 'editor' });

    // No longer a member: the team stops syncing and leaves the list; its database stays on the device.
    await viewer.api.startSync({ origin: g.srv.origin, accessToken: await tokenFor(viewerId), teams: [viewer.teams[0]] });
    expect((await viewer.api.listProjects()).map((p) => p.id)).toEqual([own.id]);
    expect(viewer.api.sync.controller()!.getSnapshot().teams.map((t) => t.teamId)).toEqual([vicHome]);
    await expect(viewer.api.dashboard(saved.projectId, OPENING)).rejects.toThrow('That project is not on this device');
    await viewer.api.startSync({ origin: g.srv.origin, accessToken: await tokenFor(viewerId), teams: [viewer.teams[0], { ...viewer.teams[1], role: 'editor' }] });
    expect((await viewer.api.listProjects()).find((p) => p.id === saved.projectId)).toMatchObject({ name: 'Bridge (viewed)', teamId: g.w.teamId });
  });
});

describe('the first start after team sync arrived', () => {
  it('migrates the per-account database into the personal space: the same projects and dashboards, the old databases gone', async () => {
    const userId = g.w.ownerId;
    const oldName = await localStoreNameFor(userId);
    const old = await openLocalStore({ name: oldName, broadcast: false, buildId: 'test-build' });
    const first = await old.saveImport(syntheticSchedule({ activities: 800, seed: 21, statusAt: 0.3 }), { fileName: 'jan.xer', format: 'xer', fileSize: 10 });
    await old.saveImport(syntheticSchedule({ activities: 800, seed: 21, statusAt: 0.5 }), { fileName: 'feb.xer', format: 'xer', fileSize: 11, projectId: first.projectId });
    const second = await old.createProject({ name: 'Signal upgrade', code: 'SU-1' });
    await old.renameProject(second.id, 'Signal upgrade (phase 2)');
    await old.rememberMapping('Task|Budget', { Budget: 'budgetCost' });
    const before = await old.listProjects();
    const dashboardBefore = await projectDashboard(old, first.projectId, OPENING, NOW, 'test-build');
    await old.close();

    // The app's own opener and migration (indexeddb names as on a real device).
    const api = createDataBackend({ buildId: 'test-build', now: () => NOW, session: { memory: null }, sync: { refresh: () => () => tokenFor(userId), tokens: { locks: null, channelName: null }, engine: { network: null, leaderLock: undefined } } });
    trackBackend(api);
    await api.useAccount(userId);
    await api.startSync({ origin: g.srv.origin, accessToken: await tokenFor(userId), teams: [{ id: g.w.teamId, name: 'Ada', role: 'owner', isHome: true }] });

    const after = await api.listProjects();
    expect(after.map(({ teamId: _t, teamName: _n, role: _r, ...row }) => row)).toEqual(before);
    expect(after.every((r) => r.teamId === g.w.teamId)).toBe(true);
    expect(await api.dashboard(first.projectId, OPENING)).toEqual(dashboardBefore);
    expect(await api.recallMapping('Task|Budget')).toEqual({ Budget: 'budgetCost' });
    const home = await api.session.home();
    expect(home.store.name).toBe(await deviceDbName(userId, g.w.teamId));
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(`_pouch_${oldName}`);
    expect(names).not.toContain(`${oldName}__derived`);

    // And they sync: a second device of the user receives them.
    const b = device('b');
    await start(b);
    await until(async () => (await b.api.listProjects()).length === before.length, 20_000, 'the migrated projects on a second device');
    await until(async () => (await b.api.listImports(first.projectId)).filter((i) => i.complete).length === 2, 20_000, 'both imports on the second device');
    expect(await b.api.dashboard(first.projectId, OPENING)).toEqual(dashboardBefore);
  });

  it('offline on that first start, serves the old database until the teams are known, then migrates it', async () => {
    const userId = 'user:olga@example.com';
    const oldName = await localStoreNameFor(userId);
    const old = await openLocalStore({ name: oldName, broadcast: false, buildId: 'test-build' });
    const project = await old.createProject({ name: 'Substation' });
    await old.close();
    const olgaHome = await ensureHomeTeam(g.w.store, userId, Date.now());
    const teams: SyncTeam[] = [{ id: olgaHome, name: 'Olga', role: 'owner', isHome: true }];

    const api = createDataBackend({ buildId: 'test-build', now: () => NOW, sync: { refresh: () => () => tokenFor(userId), tokens: { locks: null, channelName: null }, engine: { network: null, leaderLock: undefined } } });
    trackBackend(api);
    await api.useAccount(userId);
    // No network: the page could not ask for the teams, and this device never knew them.
    await api.startSync({ origin: g.srv.origin, accessToken: null, teams: [] });
    expect((await api.listProjects()).map((p) => p.name)).toEqual(['Substation']);
    const offlineEdit = await api.createProject({ name: 'Made offline' });
    expect(api.sync.controller()).toBeNull();

    // Back online: the teams arrive, the old database moves into the personal space, sync starts.
    await api.startSync({ origin: g.srv.origin, accessToken: await tokenFor(userId), teams });
    const rows = await api.listProjects();
    expect(rows.map((r) => r.id).sort()).toEqual([project.id, offlineEdit.id].sort());
    expect(rows.every((r) => r.teamId === olgaHome)).toBe(true);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(`_pouch_${oldName}`);
    // They reach the server: another device of hers receives both.
    const other = device('olga2', { userId, teams });
    await start(other);
    await until(async () => (await other.api.listProjects()).length === 2, 20_000, 'the migrated projects on her other device');

    // A later start with no network knows the teams: it serves the personal space at once.
    await api.sync.closeSync();
    await api.session.close();
    const later = createDataBackend({ buildId: 'test-build', now: () => NOW });
    trackBackend(later);
    await later.useAccount(userId);
    expect((await later.listProjects()).map((r) => [r.id, r.teamId]).sort()).toEqual(rows.map((r) => [r.id, r.teamId]).sort());
  });
});
