import './setup';
/**
 * Moving a project between spaces (src/local/sync/move.ts): a copy into the other database with
 * whole revision trees, then tombstones in the first; resumable after an interruption; moving it
 * back writes over the tombstones; other projects are untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MoveRefused, moveProject, resumeMoves, unfinishedMoves } from '../../../src/local/sync/move';
import { readMutable, writeFields } from '../../../src/local/sync/mutable';
import { projectDocIds } from '../../../src/local/sync/projectDocs';
import { deviceDb } from './browserDb';

const opened: PouchDB.Database[] = [];
const db = (name: string) => {
  const d = deviceDb(name);
  opened.push(d);
  return d;
};
afterEach(async () => {
  for (const d of opened.splice(0)) await d.destroy();
});

const ctx = { deviceId: 'dev1', now: () => Date.UTC(2026, 0, 5) };

/** A project with its settings, a comment in conflict, an import (header + chunks); and a second project. */
async function personalSpace(): Promise<PouchDB.Database> {
  const personal = db('personal');
  await writeFields(personal, 'project:p1', { name: 'Tower', currency: 'GBP' }, { ...ctx, create: { type: 'project', fixed: { projectId: 'p1', createdAt: '2026-01-05T00:00:00.000Z' } } });
  await writeFields(personal, 'settings:p1', { cpiWarning: 0.95 }, { ...ctx, create: { type: 'settings', fixed: { projectId: 'p1' } } });
  await personal.bulkDocs(
    [
      { _id: 'comment:p1:c1', _rev: '1-aaa', type: 'comment', projectId: 'p1', text: 'Late steel' },
      { _id: 'comment:p1:c1', _rev: '1-bbb', type: 'comment', projectId: 'p1', text: 'Steel arrived' },
    ],
    { new_edits: false },
  );
  await personal.bulkDocs([
    { _id: 'act:p1:i1:00000', type: 'chunk', kind: 'act', projectId: 'p1', importId: 'i1', n: 0, items: [{ id: 'A1' }] },
    { _id: 'act:p1:i1:00001', type: 'chunk', kind: 'act', projectId: 'p1', importId: 'i1', n: 1, items: [{ id: 'A2' }] },
    { _id: 'import:p1:i1', type: 'import', projectId: 'p1', importId: 'i1', fileName: 'site.xer', chunks: { act: 2 } },
    { _id: 'project:p2', type: 'project', projectId: 'p2', name: 'Depot', currency: 'GBP' },
    { _id: 'mapping:abc', type: 'mapping', signature: 'x', corrections: {} },
  ]);
  return personal;
}

const P1 = ['act:p1:i1:00000', 'act:p1:i1:00001', 'comment:p1:c1', 'import:p1:i1', 'project:p1', 'settings:p1'];

async function leaves(d: PouchDB.Database, id: string): Promise<string[]> {
  const doc = await d.get(id, { conflicts: true });
  return [doc._rev, ...(doc._conflicts ?? [])].sort();
}

describe('moving a project between spaces', () => {
  it('copies every document with its revisions, conflicts included, then deletes it from the first space', async () => {
    const personal = await personalSpace();
    const team = db('team');
    const before = await leaves(personal, 'comment:p1:c1');
    const report = await moveProject(personal, team, 'p1', { targetName: 'team' });
    expect(report).toEqual({ projectId: 'p1', copied: 6, revived: 0, deleted: 7 }); // 6 documents, one with two leaves
    expect((await projectDocIds(team, 'p1')).sort()).toEqual(P1);
    expect(await leaves(team, 'comment:p1:c1')).toEqual(before);
    expect((await readMutable(team, 'project:p1'))?.doc).toMatchObject({ name: 'Tower', currency: 'GBP' });
    expect(await projectDocIds(personal, 'p1')).toEqual([]);
    // Tombstones, so the deletion syncs to the old space's other devices.
    const deleted = (await personal.changes({ return_docs: true })).results.filter((r) => r.deleted).map((r) => r.id).sort();
    expect(deleted).toEqual(P1);
    expect((await personal.allDocs()).rows.map((r) => r.id)).toEqual(['mapping:abc', 'project:p2']);
    expect(await unfinishedMoves(personal)).toEqual([]);
  });

  it('finishes a move interrupted before the deletion, with the same result', async () => {
    const personal = await personalSpace();
    const team = db('team');
    // A move with no gate, stopped after the copy (the journal write that follows it fails once).
    const put = personal.put.bind(personal);
    let failNext = true;
    (personal as { put: unknown }).put = async (doc: { _id: string; moves?: { stage: string }[] }) => {
      if (failNext && doc._id === '_local/earnest-moves' && doc.moves?.[0]?.stage !== 'copy') {
        failNext = false;
        throw new Error('The tab was closed.');
      }
      return put(doc);
    };
    await expect(moveProject(personal, team, 'p1', { targetName: 'team' })).rejects.toThrow('The tab was closed.');
    (personal as { put: unknown }).put = put;
    expect((await projectDocIds(personal, 'p1')).sort()).toEqual(P1); // nothing deleted yet

    const finished = await resumeMoves(personal, (name) => (name === 'team' ? team : Promise.reject(new Error(name))));
    expect(finished.map((r) => [r.projectId, r.copied])).toEqual([['p1', 6]]);
    expect(await projectDocIds(personal, 'p1')).toEqual([]);
    expect((await projectDocIds(team, 'p1')).sort()).toEqual(P1);
    expect(await unfinishedMoves(personal)).toEqual([]);
  });

  it('never deletes the source of a gated move before its gate has passed, even when resumed after a crash there', async () => {
    const personal = await personalSpace();
    const team = db('team');
    // The tab closes while waiting for the target's server to have the copy.
    await expect(
      moveProject(personal, team, 'p1', {
        targetName: 'team',
        beforeDelete: async () => {
          throw new Error('The tab was closed.');
        },
      }),
    ).rejects.toThrow('The tab was closed.');
    expect(await unfinishedMoves(personal)).toMatchObject([{ projectId: 'p1', to: 'team' }]);

    // Resumed with no gate to run (sync not started): it waits, deleting nothing.
    const open = (name: string) => (name === 'team' ? team : Promise.reject(new Error(name)));
    await resumeMoves(personal, open);
    expect((await projectDocIds(personal, 'p1')).sort()).toEqual(P1);
    expect(await unfinishedMoves(personal)).toMatchObject([{ projectId: 'p1', stage: 'gate', gated: true }]);

    // Resumed with a gate that does not pass yet: still nothing deleted.
    await expect(resumeMoves(personal, open, { beforeDelete: () => Promise.reject(new Error('The server lacks 6 documents.')) })).rejects.toThrow('lacks 6');
    expect((await projectDocIds(personal, 'p1')).sort()).toEqual(P1);

    // The gate passes: the move finishes, once the gate saw every document.
    const gated: string[][] = [];
    const finished = await resumeMoves(personal, open, { beforeDelete: async (ids) => void gated.push([...ids].sort()) });
    expect(gated).toEqual([P1]);
    expect(finished.map((r) => [r.projectId, r.copied])).toEqual([['p1', 6]]);
    expect(await projectDocIds(personal, 'p1')).toEqual([]);
    expect((await projectDocIds(team, 'p1')).sort()).toEqual(P1);
    expect(await unfinishedMoves(personal)).toEqual([]);
  });

  it('undoes a move whose copy the target refuses: the project stays whole where it was, and only there', async () => {
    const personal = await personalSpace();
    const team = db('team');
    await expect(
      moveProject(personal, team, 'p1', {
        targetName: 'team',
        beforeDelete: () => Promise.reject(new MoveRefused('This team has reached its limit of 3 projects.')),
      }),
    ).rejects.toThrow('limit of 3 projects');
    expect((await projectDocIds(personal, 'p1')).sort()).toEqual(P1);
    expect(await projectDocIds(team, 'p1')).toEqual([]);
    expect(await unfinishedMoves(personal)).toEqual([]);
    // Tried again later, it moves (over the undone copy's tombstones).
    const report = await moveProject(personal, team, 'p1', { targetName: 'team' });
    expect(report.revived).toBe(6);
    expect((await projectDocIds(team, 'p1')).sort()).toEqual(P1);
    expect(await projectDocIds(personal, 'p1')).toEqual([]);
  });

  it('moves a project back into a space it left, over its tombstones', async () => {
    const personal = await personalSpace();
    const team = db('team');
    await moveProject(personal, team, 'p1', { targetName: 'team' });
    const back = await moveProject(team, personal, 'p1', { targetName: 'personal' });
    expect(back.revived).toBe(6);
    expect((await projectDocIds(personal, 'p1')).sort()).toEqual(P1);
    expect((await readMutable(personal, 'project:p1'))?.doc).toMatchObject({ name: 'Tower' });
    expect(await projectDocIds(team, 'p1')).toEqual([]);
  });

  it('refuses a second move of the same project elsewhere until the first is finished', async () => {
    const personal = await personalSpace();
    const team = db('team');
    const other = db('other');
    await expect(moveProject(personal, team, 'p1', { targetName: 'team', beforeDelete: () => Promise.reject(new Error('stop')) })).rejects.toThrow('stop');
    await expect(moveProject(personal, other, 'p1', { targetName: 'other' })).rejects.toThrow(/already being moved to another space \(team\)/);
  });
});
