import './setup';
/**
 * A deletion that meets a leaf replaced meanwhile (a teammate's edit arriving by replication
 * between reading the leaves and writing their tombstones) writes no tombstone for that leaf, and
 * leaves nothing on the device that cannot be sent. The three-device test (tests/server/sync/
 * devices.test.ts) failed about once in 185 runs this way: PouchDB stored the refused tombstone as
 * a leaf without content, the server lacked it for ever and the device said "syncing 1".
 *
 * Runs in both adapters the product uses: `indexeddb` (the app's devices) and the LevelDB family
 * (`memory` here: the server, the CLI and the device test), which fail differently.
 */
import MemoryAdapter from 'pouchdb-adapter-memory';
import PouchNode from 'pouchdb-node';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteMutable, readMutable, writeFields } from '../../../src/local/sync/mutable';
import { writeTombstones } from '../../../src/local/sync/tombstones';
import { deviceDb } from './browserDb';

PouchNode.plugin(MemoryAdapter);

let n = 0;
const adapters: [string, () => PouchDB.Database][] = [
  ['indexeddb (the app)', () => deviceDb()],
  ['memory (LevelDB family: server, device test)', () => new PouchNode(`tombstones_${Date.now().toString(36)}_${n++}`, { adapter: 'memory' })],
];

const opened: PouchDB.Database[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.destroy();
});

const at = (iso: string) => () => Date.parse(iso);
const project = { type: 'project', fixed: { projectId: 'p1', createdAt: '2026-01-05T09:00:00.000Z' } };

/**
 * `db`, except that its next write runs `meanwhile` first: the moment between a function reading
 * the leaves and writing their tombstones, when replication may write.
 */
function racing(db: PouchDB.Database, meanwhile: () => Promise<unknown>): PouchDB.Database {
  let armed = true;
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === 'bulkDocs' && armed) {
        return async (...args: Parameters<PouchDB.Database['bulkDocs']>) => {
          armed = false;
          await meanwhile();
          return target.bulkDocs(...args);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Every leaf of `id`, deleted ones too, with what reading that revision answers. */
async function leavesRead(db: PouchDB.Database, id: string): Promise<{ rev: string; read: string }[]> {
  const res = await db.changes({ doc_ids: [id], filter: '_doc_ids', style: 'all_docs', return_docs: true });
  const revs = (res.results[0]?.changes ?? []).map((c) => c.rev).sort();
  const out: { rev: string; read: string }[] = [];
  for (const rev of revs) {
    const read = await db.get(id, { rev }).then(
      (d) => ((d as { _deleted?: boolean })._deleted ? 'deleted' : 'live'),
      (e: Error) => `unreadable (${e.name} ${e.message})`,
    );
    out.push({ rev, read });
  }
  return out;
}

describe.each(adapters)('%s', (_name, open) => {
  const db = () => {
    const d = open();
    opened.push(d);
    return d;
  };

  it.each(['winning', 'other'] as const)(
    'a deletion racing a teammate’s edit of its %s leaf keeps the edit and stores no tombstone for the replaced leaf',
    async (which) => {
      const a = db();
      const b = db();
      await writeFields(a, 'project:p1', { name: 'Tower' }, { deviceId: 'da', create: project, now: at('2026-01-05T09:00:00Z') });
      await a.replicate.to(b);
      // Concurrent edits on A and B: A ends with two leaves, one of them B's.
      await writeFields(a, 'project:p1', { name: 'Tower North' }, { deviceId: 'da', now: at('2026-01-05T10:00:00Z') });
      await writeFields(b, 'project:p1', { currency: 'EUR' }, { deviceId: 'db', now: at('2026-01-05T10:01:00Z') });
      // Teammates holding one of the two copies each (before anyone exchanged).
      const holders = new Map<string, PouchDB.Database>();
      for (const source of [a, b]) {
        const holder = db();
        await source.replicate.to(holder);
        holders.set((await source.get('project:p1'))._rev, holder);
      }
      await b.replicate.to(a);
      const winning = (await a.get('project:p1'))._rev;
      const before = (await leavesRead(a, 'project:p1')).map((l) => l.rev);
      expect(before).toHaveLength(2);
      const replaced = which === 'winning' ? winning : (before.find((r) => r !== winning) as string);
      const kept = before.find((r) => r !== replaced) as string;
      // C holds the leaf to be replaced and edits on top of it, not knowing of the deletion to come.
      const c = holders.get(replaced) as PouchDB.Database;
      const cEdit = await writeFields(c, 'project:p1', { name: 'Tower South' }, { deviceId: 'dc', now: at('2026-01-05T10:02:00Z') });

      // A deletes both leaves; C's edit arrives between A reading them and writing the tombstones.
      const done = await deleteMutable(
        racing(a, () => c.replicate.to(a)),
        'project:p1',
      );
      expect(done).toEqual({ deleted: true, leaves: 1 });

      // C's edit keeps the document, the other leaf is deleted, the replaced one got no tombstone.
      const after = await leavesRead(a, 'project:p1');
      expect(after.map((l) => l.read)).not.toContainEqual(expect.stringMatching(/^unreadable/));
      expect(after.filter((l) => l.read === 'live').map((l) => l.rev)).toEqual([cEdit.rev]);
      const deleted = after.filter((l) => l.read === 'deleted').map((l) => l.rev);
      expect(deleted).toHaveLength(1);
      expect((await a.get('project:p1', { rev: deleted[0], revs: true }))._revisions?.ids[1]).toBe(kept.split('-')[1]);
      expect((await readMutable(a, 'project:p1'))?.doc.name).toBe('Tower South');

      // Everything A holds can be sent: a replica afterwards lacks none of A's leaves.
      const server = db();
      await a.replicate.to(server);
      expect(await server.revsDiff({ 'project:p1': after.map((l) => l.rev) })).toEqual({});
    },
  );

  it('writeTombstones: one answer per leaf in order; a replaced leaf is refused without trace, the others are deleted', async () => {
    const d = db();
    const first = await d.put({ _id: 'x', v: 1 });
    await d.bulkDocs([{ _id: 'x', _rev: '1-0000000000000000000000000000beef', v: 2 }], { new_edits: false });
    await d.put({ _id: 'x', _rev: first.rev, v: 3 }); // `first` is no longer a leaf
    const y = await d.put({ _id: 'y', v: 1 });
    const results = await writeTombstones(d, [
      { id: 'x', rev: first.rev },
      { id: 'y', rev: y.rev },
      { id: 'x', rev: '1-0000000000000000000000000000beef' },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.status))).toEqual([409, 'ok', 'ok']);
    const x = await leavesRead(d, 'x');
    expect(x.map((l) => l.read).sort()).toEqual(['deleted', 'live']);
    expect(await leavesRead(d, 'y')).toEqual([{ rev: (results[1] as { rev: string }).rev, read: 'deleted' }]);
  });
});
