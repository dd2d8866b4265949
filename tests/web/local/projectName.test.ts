/**
 * A project's name and its size on this device, through the data worker's API (src/local/projects.ts)
 * over the real store (PouchDB's indexeddb adapter on fake-indexeddb), two devices replicating:
 *
 * - a rename reaches the other device, and carries the renaming user's name;
 * - two renames made without seeing each other are both kept: each device lists the same two
 *   names (who and when), the projects list says "2 names", and both show the same one;
 * - choosing one name ends the conflict on both devices;
 * - the name's limits, and a viewer's rename refused;
 * - projectSizes: each project's documents' JSON length, measured independently here from every
 *   document in the database, largest first, and an import's share remembered once complete.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { DataBackend } from '../../../src/local/backend';
import type { LocalStore } from '../../../src/local/store';
import { exchange, teamDevice } from './teamDevice';



const device = (user: { id: string; name: string }, role: 'owner' | 'viewer' = 'owner') => teamDevice(user, { role, editor: true });

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const BOB = { id: 'user-bob', name: 'bob@site.example' };


const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

describe('renaming a project', () => {
  it('reaches the other device with one name and no conflict', async () => {
    const ann = await device(ANN);
    const bob = await device(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    await exchange(ann.store, bob.store);
    await ann.api.renameProject(p.id, '  Tower   block A ');
    await exchange(ann.store, bob.store);

    const [row] = await bob.api.listProjects();
    expect(row.name).toBe('Tower block A');
    expect(row.nameVersions).toBeUndefined();
    expect(await bob.api.projectNameConflict(p.id)).toBeNull();
    expect(await ann.api.projectNameConflict(p.id)).toBeNull();
  });

  it('keeps both names of a rename made on two devices at once, the same on both, until one is chosen', async () => {
    const ann = await device(ANN);
    const bob = await device(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    await exchange(ann.store, bob.store);
    await ann.api.renameProject(p.id, 'Tower North');
    await bob.api.renameProject(p.id, 'Tower South');
    expect((await ann.api.listProjects())[0].name).toBe('Tower North');
    expect((await bob.api.listProjects())[0].name).toBe('Tower South');

    await exchange(ann.store, bob.store);
    const onAnn = await ann.api.projectNameConflict(p.id);
    const onBob = await bob.api.projectNameConflict(p.id);
    expect(onAnn).toEqual(onBob);
    expect(onAnn?.map((v) => [v.value, v.who]).sort()).toEqual([
      ['Tower North', ANN.name],
      ['Tower South', BOB.name],
    ]);
    expect(onAnn?.every((v) => Number.isFinite(Date.parse(v.at)))).toBe(true);
    // Both devices show the same name: the first version (the latest edit; sync/mutable.ts).
    const [rowAnn] = await ann.api.listProjects();
    const [rowBob] = await bob.api.listProjects();
    expect(rowAnn).toMatchObject({ name: onAnn?.[0].value, nameVersions: 2 });
    expect(rowBob).toMatchObject({ name: onAnn?.[0].value, nameVersions: 2 });

    // Ann keeps her name: the conflict ends on her device at once, and on Bob's once synced.
    await ann.api.resolveProjectName(p.id, 'Tower North');
    expect(await ann.api.projectNameConflict(p.id)).toBeNull();
    expect((await bob.api.projectNameConflict(p.id))?.length).toBe(2);
    await exchange(ann.store, bob.store);
    expect(await bob.api.projectNameConflict(p.id)).toBeNull();
    for (const api of [ann.api, bob.api]) {
      const [row] = await api.listProjects();
      expect(row.name).toBe('Tower North');
      expect(row.nameVersions).toBeUndefined();
    }
  });

  it('shows the user’s own rename recorded with their account id (before renames carried a name) under their name', async () => {
    const ann = await device(ANN);
    const bob = await device(BOB);
    const p = await ann.api.createProject({ name: 'Tower' });
    await exchange(ann.store, bob.store);
    // The store alone records its editor, the account id, as earlier builds did.
    await ann.store.renameProject(p.id, 'Tower North');
    await bob.api.renameProject(p.id, 'Tower South');
    await exchange(ann.store, bob.store);
    const whoOn = async (api: DataBackend) => Object.fromEntries((await api.projectNameConflict(p.id))?.map((v) => [v.value, v.who]) ?? []);
    expect(await whoOn(ann.api)).toEqual({ 'Tower North': ANN.name, 'Tower South': BOB.name });
    // Another user's device cannot tell whose id it is: it shows what was recorded.
    expect(await whoOn(bob.api)).toEqual({ 'Tower North': ANN.id, 'Tower South': BOB.name });
  });

  it('refuses an empty name and one over 200 characters with a clear message, accepts exactly 200, and refuses a viewer', async () => {
    const ann = await device(ANN);
    const p = await ann.api.createProject({ name: 'Tower' });
    await expect(ann.api.renameProject(p.id, '   ')).rejects.toThrow('A project needs a name. Type one and try again.');
    await expect(ann.api.renameProject(p.id, 'x'.repeat(201))).rejects.toThrow('A project name can be at most 200 characters; this one has 201. Shorten it and try again.');
    await ann.api.renameProject(p.id, 'y'.repeat(200));
    expect((await ann.api.listProjects())[0].name).toBe('y'.repeat(200));
    await expect(ann.api.renameProject('no-such-project', 'Other')).rejects.toThrow(/not on this device/);

    const bob = await device(BOB, 'viewer');
    await exchange(ann.store, bob.store);
    await expect(bob.api.renameProject(p.id, 'Bob’s')).rejects.toThrow('You are a viewer in Site team: ask its owner or an admin to make you an editor to change its projects.');
    expect((await bob.api.listProjects()).find((r) => r.id === p.id)?.name).toBe('y'.repeat(200));
  });
});

describe('projectSizes', () => {
  /** Every document of the project in the database, measured here without the store's code. */
  async function measured(store: LocalStore, projectId: string): Promise<number> {
    const all = await store.pouch.allDocs({ include_docs: true });
    let bytes = 0;
    for (const r of all.rows) if (r.id.split(':')[1] === projectId && !r.id.startsWith('mapping:')) bytes += JSON.stringify(r.doc).length;
    return bytes;
  }

  it('sums each project’s documents, orders the largest first, names the team, and follows new documents', async () => {
    const ann = await device(ANN);
    const small = await ann.api.createProject({ name: 'Empty depot' });
    const staged = await ann.api.stage(jsonOf([syntheticSchedule({ activities: 400, seed: 3, statusAt: 0.5 })]), { fileName: 'viaduct.xer', format: 'xer', fileSize: 100 });
    const [saved] = await ann.api.commit(staged.pendingId, [{ index: 0, projectId: null }]);

    const sizes = await ann.api.projectSizes();
    expect(sizes.map((s) => s.projectId)).toEqual([saved.projectId, small.id]);
    expect(sizes[0].bytes).toBe(await measured(ann.store, saved.projectId));
    expect(sizes[1].bytes).toBe(await measured(ann.store, small.id));
    expect(sizes[0].bytes).toBeGreaterThan(100_000);
    // The home team is the personal space, called as the projects list calls it.
    expect(sizes[1]).toMatchObject({ name: 'Empty depot', teamName: 'Personal space', personal: true });

    // A comment and a second import count at once (the first import's share is remembered).
    await ann.api.addComment(small.id, { kind: 'project' }, 'Depot survey booked.');
    const staged2 = await ann.api.stage(jsonOf([syntheticSchedule({ activities: 400, seed: 3, statusAt: 0.7 })]), { fileName: 'viaduct-2.xer', format: 'xer', fileSize: 100 });
    await ann.api.commit(staged2.pendingId, [{ index: 0, projectId: saved.projectId }]);
    const again = await ann.api.projectSizes();
    expect(again.find((s) => s.projectId === small.id)?.bytes).toBe(await measured(ann.store, small.id));
    expect(again.find((s) => s.projectId === saved.projectId)?.bytes).toBe(await measured(ann.store, saved.projectId));
    expect(again[0].bytes).toBeGreaterThan(sizes[0].bytes * 1.8);

    // On a teammate's device, where the team is not their personal space, the team is named.
    const bob = await device(BOB, 'viewer');
    await exchange(ann.store, bob.store);
    const onBob = await bob.api.projectSizes();
    expect(onBob.map((s) => [s.projectId, s.teamName, s.personal])).toEqual([
      [saved.projectId, 'Site team', false],
      [small.id, 'Site team', false],
    ]);
    expect(onBob[0].bytes).toBe(await measured(bob.store, saved.projectId));
  });
});
