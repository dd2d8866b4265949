import './setup';
/**
 * Moving a project between spaces through the data worker (DataApi.moveProject, src/local/projectMoves.ts)
 * with real PouchDB devices (fake-indexeddb) and the real gateway, as wired.test.ts does:
 *
 * - a project with an import and a comment moved from Ada's personal space to a team she edits in:
 *   her teammate's device receives it with the comment; neither of Ada's devices lists it in her
 *   personal space any more; the page hears 'projects-changed';
 * - refused, with nothing moved, for a viewer of the target team, offline, and when the team is at
 *   its projects limit (the gateway's message, which says how to raise it);
 * - a move interrupted while waiting for the server (tab closed) finishes when sync starts again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { priceCatalogueFromEnv } from '../../../src/core/plans';
import type { DataBackend } from '../../../src/local/backend';
import type { MoveProgress, SyncTeam } from '../../../src/local/contracts';
import { moveProject as moveEngine, unfinishedMoves } from '../../../src/local/sync/move';
import { projectDocIds } from '../../../src/local/sync/projectDocs';
import { teamDbName } from '../../../server/store';
import { ensureHomeTeam } from '../../../server/teams/home';
import { projectLimitMessage, teamLimits } from '../../../server/teams/limits';
import { addMember, setMemberRole } from '../../../server/teams/membership';
import { gateway, until, type Gateway } from '../../server/sync/deviceHelpers';
import { closeDevices, hushCheckpointNotes, startDevice, wiredDevice, type WiredDevice } from './wiredDevices';

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

let g: Gateway;
const TOM = 'user:tom@example.com';
let tomTeam: string;

beforeEach(async () => {
  g = await gateway('earnest-move-');
  // Tom's own team, where Ada works too (as each test says).
  tomTeam = await ensureHomeTeam(g.w.store, TOM, Date.now());
  hushCheckpointNotes();
});

afterEach(() => closeDevices(g));

type Device = WiredDevice;
const device = (name: string, userId: string, teams: SyncTeam[], tag?: string): Device => wiredDevice(name, userId, teams, tag ? { tag } : {});
const start = (d: Device) => startDevice(g, d);

const adaTeams = (role: SyncTeam['role']): SyncTeam[] => [
  { id: g.w.teamId, name: 'Ada', role: 'owner', isHome: true },
  { id: tomTeam, name: 'Site team', role, isHome: false },
];
const tomTeams = (): SyncTeam[] => [{ id: tomTeam, name: 'Tom', role: 'owner', isHome: true }];

async function projectWithComment(api: DataBackend) {
  const staged = await api.stage(jsonOf([syntheticSchedule({ activities: 300, seed: 7, statusAt: 0.5 })]), { fileName: 'bridge.xer', format: 'Primavera P6 XER', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
  await api.addComment(saved.projectId, { kind: 'project' }, 'Steel delivery slipped two weeks.');
  return saved.projectId;
}

describe('moving a project from the personal space to a team', () => {
  it('reaches the teammate with its comment and leaves the personal space on both of the owner’s devices', async () => {
    await addMember(g.w.store, tomTeam, g.w.ownerId, 'editor', Date.now());
    const a = device('a', g.w.ownerId, adaTeams('editor'));
    const b = device('b', g.w.ownerId, adaTeams('editor'));
    const tom = device('tom', TOM, tomTeams());
    await Promise.all([start(a), start(b), start(tom)]);
    const projectId = await projectWithComment(a.api);
    await until(async () => (await b.api.listProjects()).some((p) => p.id === projectId && p.teamId === g.w.teamId), 20_000, 'the project on Ada’s second device');

    const steps: MoveProgress['step'][] = [];
    a.events.length = 0;
    const moved = await a.api.moveProject(projectId, tomTeam, (p) => steps.push(p.step));
    expect(moved).toEqual({ projectId, teamId: tomTeam, teamName: 'Site team' });
    expect(steps).toEqual(['copying', 'sending', 'removing', 'done']);
    expect(a.events.some((e) => e.kind === 'projects-changed')).toBe(true);
    // On this device: listed once, in the team.
    const rowsA = (await a.api.listProjects()).filter((p) => p.id === projectId);
    expect(rowsA.map((r) => [r.teamId, r.teamName, r.role])).toEqual([[tomTeam, 'Site team', 'editor']]);
    expect((await a.api.listComments(projectId)).map((c) => c.text)).toEqual(['Steel delivery slipped two weeks.']);

    // Tom (a member of the team) receives it with its import and the comment.
    await until(async () => (await tom.api.listImports(projectId).catch(() => [])).some((i) => i.complete), 20_000, 'the project on Tom’s device');
    await until(async () => (await tom.api.listComments(projectId).catch(() => [])).length === 1, 20_000, 'the comment on Tom’s device');
    expect((await tom.api.listComments(projectId))[0].text).toBe('Steel delivery slipped two weeks.');
    // Ada's other device: gone from the personal space, in the team.
    await until(
      async () => {
        const rows = (await b.api.listProjects()).filter((p) => p.id === projectId);
        return rows.length === 1 && rows[0].teamId === tomTeam;
      },
      20_000,
      'the project in the team and nowhere else on Ada’s second device',
    );
    const homeA = (await a.api.session.home()).store.pouch;
    const homeB = (await b.api.session.home()).store.pouch;
    expect(await projectDocIds(homeA, projectId)).toEqual([]);
    await until(async () => (await projectDocIds(homeB, projectId)).length === 0, 20_000, 'the deletion on Ada’s second device');
    expect(await unfinishedMoves(homeA)).toEqual([]);
    expect(await a.api.dashboard(projectId)).toMatchObject({ analysis: { project: { name: expect.any(String) } } });
  });

  it('is refused for a viewer of the team, offline, and when the team is at its projects limit; nothing moves', async () => {
    await addMember(g.w.store, tomTeam, g.w.ownerId, 'viewer', Date.now());
    const a = device('a', g.w.ownerId, adaTeams('viewer'));
    await start(a);
    const projectId = await projectWithComment(a.api);
    const stays = async () => {
      const rows = (await a.api.listProjects()).filter((p) => p.id === projectId);
      expect(rows.map((r) => r.teamId)).toEqual([g.w.teamId]);
      expect(await projectDocIds((await a.api.session.space(tomTeam)).store.pouch, projectId)).toEqual([]);
    };
    await expect(a.api.moveProject(projectId, tomTeam)).rejects.toThrow('You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.');
    await expect(a.api.moveProject(projectId, 'team:nobody')).rejects.toThrow('You are not a member of that team (any more)');

    // An editor now, but offline.
    await setMemberRole(g.w.store, tomTeam, g.w.ownerId, 'editor', Date.now());
    a.teams = adaTeams('editor');
    await start(a);
    await a.api.setOnline(false);
    await expect(a.api.moveProject(projectId, tomTeam)).rejects.toThrow(
      'Moving a project needs a connection: the team’s server must have the copy before it leaves your personal space.',
    );
    await stays();

    // Online, the team full: the gateway's refusal, with how to raise the limit; the copy is undone.
    await a.api.setOnline(true);
    const limits = await teamLimits(g.w.store, TOM, Date.now(), priceCatalogueFromEnv(process.env));
    await g.w.store.db(teamDbName(tomTeam)).bulkDocs(Array.from({ length: limits.projects }, (_, i) => ({ _id: `project:full${i}`, type: 'project', projectId: `full${i}`, name: `Full ${i}` })));
    const refusal = a.api.moveProject(projectId, tomTeam);
    await expect(refusal).rejects.toThrow(`Site team cannot take this project: ${projectLimitMessage(limits)} Nothing was moved: the project stays in your personal space.`);
    await expect(refusal).rejects.toThrow('/app/account');
    await stays();
    expect(await unfinishedMoves((await a.api.session.home()).store.pouch)).toEqual([]);
    expect((await a.api.listComments(projectId)).length).toBe(1);
  });
});

describe('a move interrupted while waiting for the team’s server', () => {
  it('finishes when sync starts again, and not before the server has the copy', async () => {
    await addMember(g.w.store, tomTeam, g.w.ownerId, 'editor', Date.now());
    const a = device('a', g.w.ownerId, adaTeams('editor'));
    await start(a);
    const projectId = await projectWithComment(a.api);
    const home = await a.api.session.home();
    const team = await a.api.session.space(tomTeam);
    // The tab closes during the gate: journalled, copied, nothing deleted.
    await expect(
      moveEngine(home.store.pouch, team.store.pouch, projectId, {
        targetName: team.store.name,
        beforeDelete: () => Promise.reject(new Error('The tab was closed.')),
      }),
    ).rejects.toThrow('The tab was closed.');
    expect(await unfinishedMoves(home.store.pouch)).toMatchObject([{ projectId, stage: 'gate' }]);
    expect((await projectDocIds(home.store.pouch, projectId)).length).toBeGreaterThan(0);

    // Sync starts again (sign-in, reload): the move finishes through the gate.
    await start(a);
    await until(async () => (await unfinishedMoves(home.store.pouch)).length === 0, 20_000, 'the move to finish');
    expect(await projectDocIds(home.store.pouch, projectId)).toEqual([]);
    const tom = device('tom', TOM, tomTeams());
    await start(tom);
    await until(async () => (await tom.api.listComments(projectId).catch(() => [])).length === 1, 20_000, 'the moved project on Tom’s device');
    expect((await a.api.listProjects()).filter((p) => p.id === projectId).map((p) => p.teamId)).toEqual([tomTeam]);
  });
});
