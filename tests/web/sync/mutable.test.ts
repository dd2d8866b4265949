import './setup';
/**
 * Mutable documents never lose an edit (src/local/sync/mutable.ts): concurrent edits of different
 * fields both survive, concurrent edits of the same field are both kept and listed as a conflict
 * with the same winner everywhere, resolving it ends it everywhere, merges give the same revisions
 * on every device whatever the order, and writes by code that keeps no versions are not lost.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareVectors,
  deleteMutable,
  listConflicts,
  mergeVersions,
  readMutable,
  resolveConflict,
  seenOf,
  sweepConflicts,
  writeFields,
  type FieldVersion,
} from '../../../src/local/sync/mutable';
import { deviceDb, exchange } from './browserDb';

const opened: PouchDB.Database[] = [];
const db = () => {
  const d = deviceDb();
  opened.push(d);
  return d;
};
afterEach(async () => {
  for (const d of opened.splice(0)) await d.destroy();
});

const at = (iso: string) => () => Date.parse(iso);
const project = { type: 'project', fixed: { projectId: 'p1', createdAt: '2026-01-05T09:00:00.000Z' } };

async function leaves(d: PouchDB.Database, id: string): Promise<string[]> {
  const doc = await d.get(id, { conflicts: true });
  return [doc._rev, ...(doc._conflicts ?? [])].sort();
}

/** A project on two devices that both have its first version. */
async function shared(): Promise<[PouchDB.Database, PouchDB.Database]> {
  const a = db();
  const b = db();
  await writeFields(a, 'project:p1', { name: 'Tower', currency: 'GBP' }, { deviceId: 'da', create: project, now: at('2026-01-05T09:00:00Z') });
  await a.replicate.to(b);
  return [a, b];
}

describe('concurrent edits', () => {
  it('keeps edits of different fields from two devices', async () => {
    const [a, b] = await shared();
    await writeFields(a, 'project:p1', { name: 'Tower B' }, { deviceId: 'da', now: at('2026-01-05T10:00:00Z') });
    await writeFields(b, 'project:p1', { currency: 'EUR' }, { deviceId: 'db', now: at('2026-01-05T10:01:00Z') });
    await exchange(a, b);
    await sweepConflicts(a);
    await sweepConflicts(b);
    await exchange(a, b);
    for (const d of [a, b]) {
      const doc = await d.get<{ name: string; currency: string; updatedAt: string }>('project:p1', { conflicts: true });
      expect([doc.name, doc.currency, doc.updatedAt, doc._conflicts]).toEqual(['Tower B', 'EUR', '2026-01-05T10:01:00.000Z', undefined]);
    }
    expect(await leaves(a, 'project:p1')).toEqual(await leaves(b, 'project:p1'));
    expect(await listConflicts(a)).toEqual([]);
  });

  it('keeps both versions of the same field, shows the same winner on both devices, lists the conflict, and resolving it ends it everywhere', async () => {
    const [a, b] = await shared();
    await writeFields(a, 'project:p1', { name: 'Tower (Ann)' }, { deviceId: 'da', who: 'ann', now: at('2026-01-05T10:00:00Z') });
    await writeFields(b, 'project:p1', { name: 'Tower (Bob)' }, { deviceId: 'db', who: 'bob', now: at('2026-01-05T10:05:00Z') });
    await exchange(a, b);
    await Promise.all([sweepConflicts(a), sweepConflicts(b)]);
    await exchange(a, b);

    for (const d of [a, b]) {
      const doc = await d.get<{ name: string }>('project:p1', { conflicts: true });
      expect(doc.name).toBe('Tower (Bob)'); // the later edit shows first
      expect(doc._conflicts).toBeUndefined(); // one PouchDB leaf, both versions inside it
      const conflicts = await listConflicts(d);
      expect(conflicts.map((c) => [c.id, c.field, c.projectId, c.versions.map((v) => [v.v, v.who])])).toEqual([
        ['project:p1', 'name', 'p1', [['Tower (Bob)', 'bob'], ['Tower (Ann)', 'ann']]],
      ]);
    }
    expect(await leaves(a, 'project:p1')).toEqual(await leaves(b, 'project:p1'));

    await resolveConflict(a, 'project:p1', 'name', 'Tower', { deviceId: 'da', now: at('2026-01-05T11:00:00Z') });
    await exchange(a, b);
    for (const d of [a, b]) {
      expect((await d.get<{ name: string }>('project:p1')).name).toBe('Tower');
      expect(await listConflicts(d)).toEqual([]);
    }
  });

  it('writes the same merged revisions on every device whatever order the copies met in', async () => {
    const [a, b] = await shared();
    const c = db();
    await a.replicate.to(c);
    await writeFields(a, 'project:p1', { name: 'A' }, { deviceId: 'da', now: at('2026-01-05T10:00:00Z') });
    await writeFields(b, 'project:p1', { name: 'B', currency: 'USD' }, { deviceId: 'db', now: at('2026-01-05T10:00:00Z') });
    await writeFields(c, 'project:p1', { code: 'C-1' }, { deviceId: 'dc', now: at('2026-01-05T09:30:00Z') });
    // a ← b ← c on one side, c ← b ← a on the other; each device sweeps what it has.
    const a2 = db();
    const c2 = db();
    await a.replicate.to(a2);
    await c.replicate.to(c2);
    await b.replicate.to(a2);
    await c.replicate.to(a2);
    await b.replicate.to(c2);
    await a.replicate.to(c2);
    await sweepConflicts(a2);
    await sweepConflicts(c2);
    expect(await leaves(a2, 'project:p1')).toEqual(await leaves(c2, 'project:p1'));
    const x = await a2.get('project:p1');
    const y = await c2.get('project:p1');
    expect(x).toEqual(y);
    // A and B edited the name at the same instant: both kept; the one shown is by device id (db > da).
    expect(x).toMatchObject({ name: 'B', currency: 'USD', code: 'C-1' });
    expect((await readMutable(a2, 'project:p1'))?.conflicts.map((f) => f.versions.map((v) => v.v))).toEqual([['B', 'A']]);
  });

  it('keeps a document an edit on another device never saw deleted, with that edit', async () => {
    const [a, b] = await shared();
    await deleteMutable(a, 'project:p1');
    await writeFields(b, 'project:p1', { name: 'Still needed' }, { deviceId: 'db', now: at('2026-01-05T12:00:00Z') });
    await exchange(a, b);
    for (const d of [a, b]) expect((await d.get<{ name: string }>('project:p1')).name).toBe('Still needed');
  });

  it('does not overwrite a version that arrived after the editor looked: both are kept', async () => {
    const [a, b] = await shared();
    const looked = await readMutable(a, 'project:p1');
    await writeFields(b, 'project:p1', { name: 'Tower (Bob)' }, { deviceId: 'db', now: at('2026-01-05T10:00:00Z') });
    await b.replicate.to(a); // arrives while Ann is typing
    await writeFields(a, 'project:p1', { name: 'Tower (Ann)' }, { deviceId: 'da', now: at('2026-01-05T10:01:00Z'), seen: seenOf(looked) });
    expect((await readMutable(a, 'project:p1'))?.conflicts[0]?.versions.map((v) => v.v)).toEqual(['Tower (Ann)', 'Tower (Bob)']);
    // Without what was seen, an edit replaces everything the device holds.
    await writeFields(a, 'project:p1', { name: 'Tower' }, { deviceId: 'da', now: at('2026-01-05T10:02:00Z') });
    expect((await readMutable(a, 'project:p1'))?.conflicts).toEqual([]);
  });

  it('does not delete a document that changed after the user chose to delete it', async () => {
    const [a, b] = await shared();
    const looked = await readMutable(a, 'project:p1');
    await writeFields(b, 'project:p1', { name: 'Renamed meanwhile' }, { deviceId: 'db', now: at('2026-01-05T10:00:00Z') });
    await b.replicate.to(a);
    expect(await deleteMutable(a, 'project:p1', { seen: seenOf(looked) })).toEqual({ deleted: false, leaves: 0 });
    expect((await a.get<{ name: string }>('project:p1')).name).toBe('Renamed meanwhile');
    expect((await deleteMutable(a, 'project:p1', { seen: seenOf(await readMutable(a, 'project:p1')) })).deleted).toBe(true);
  });

  it("counts a device's edit above its own older ones even when a teammate's edit revived an older copy", async () => {
    // Bob's device edits and then deletes; Carol, who never saw either, edits another field, which
    // keeps the comment alive with Bob's older text. Bob edits again: his new text must replace his
    // own earlier edit wherever it still lives, not sit beside it as a false conflict.
    const bob = db();
    const carol = db();
    const dan = db();
    const comment = { type: 'comment', fixed: { projectId: 'p1', target: 'project', author: 'bob', createdAt: '2026-01-05T09:00:00.000Z' } };
    await writeFields(bob, 'comment:p1:c1', { text: 'first', resolved: false }, { deviceId: 'db', create: comment, now: at('2026-01-05T09:00:00Z') });
    await bob.replicate.to(carol);
    await writeFields(bob, 'comment:p1:c1', { text: 'second' }, { deviceId: 'db', now: at('2026-01-05T09:10:00Z') });
    await bob.replicate.to(dan);
    await writeFields(dan, 'comment:p1:c1', { resolved: true }, { deviceId: 'dd', now: at('2026-01-05T09:15:00Z') }); // Dan keeps "second" alive
    await deleteMutable(bob, 'comment:p1:c1');
    await writeFields(carol, 'comment:p1:c1', { resolved: true }, { deviceId: 'dc', now: at('2026-01-05T09:20:00Z') });
    await carol.replicate.to(bob); // revives the comment on Bob's device with "first"
    expect((await bob.get<{ text: string }>('comment:p1:c1')).text).toBe('first');
    await writeFields(bob, 'comment:p1:c1', { text: 'third' }, { deviceId: 'db', now: at('2026-01-05T09:30:00Z') });
    await exchange(bob, dan);
    await sweepConflicts(bob);
    const text = (await readMutable(bob, 'comment:p1:c1'))?.doc.versions as Record<string, FieldVersion[]>;
    expect(text.text.map((v) => v.v)).toEqual(['third']);
  });
});

describe('writes that keep no versions', () => {
  it('reads a plain rename (code unaware of versions) as an edit on top, and keeps it beside a concurrent edit', async () => {
    const [a, b] = await shared();
    const plain = await a.get<Record<string, unknown>>('project:p1');
    await a.put({ ...plain, name: 'Renamed by an older build', updatedAt: '2026-01-05T10:00:00.000Z' });
    await writeFields(b, 'project:p1', { name: 'Renamed here' }, { deviceId: 'db', now: at('2026-01-05T10:10:00Z') });
    await exchange(a, b);
    await sweepConflicts(a);
    await a.replicate.to(b);
    const names = (await readMutable(b, 'project:p1'))?.conflicts[0]?.versions.map((v) => v.v);
    expect(names).toEqual(['Renamed here', 'Renamed by an older build']);
  });

  it('merges two devices renaming a project document from before versions existed, keeping both sides of every field they differ in', async () => {
    const a = db();
    const b = db();
    await a.put({ _id: 'project:p9', type: 'project', projectId: 'p9', name: 'Depot', currency: 'GBP', createdAt: '2025-12-01T00:00:00.000Z', updatedAt: '2025-12-01T00:00:00.000Z' });
    await a.replicate.to(b);
    const x = await a.get<Record<string, unknown>>('project:p9');
    await a.put({ ...x, name: 'Depot North', updatedAt: '2026-01-02T00:00:00.000Z' });
    const y = await b.get<Record<string, unknown>>('project:p9');
    await b.put({ ...y, name: 'Depot South', currency: 'EUR', updatedAt: '2026-01-03T00:00:00.000Z' });
    await exchange(a, b);
    expect(await sweepConflicts(a)).toMatchObject({ merged: 1, ids: ['project:p9'] });
    const m = await readMutable(a, 'project:p9');
    expect(m?.doc).toMatchObject({ name: 'Depot South', currency: 'EUR', createdAt: '2025-12-01T00:00:00.000Z' });
    // Without versions there is no telling which side changed the currency: both are kept.
    expect(m?.conflicts.map((c) => [c.field, c.versions.map((v) => v.v)])).toEqual([
      ['currency', ['EUR', 'GBP']],
      ['name', ['Depot South', 'Depot North']],
    ]);
  });
});

describe('the merge of versions', () => {
  const version = fc.record({
    v: fc.constantFrom('a', 'b', 'c', 1, null),
    vv: fc.dictionary(fc.constantFrom('d1', 'd2', 'd3'), fc.integer({ min: 0, max: 3 }), { maxKeys: 3 }),
    at: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
    by: fc.constantFrom('d1', 'd2', 'd3'),
  }) as fc.Arbitrary<FieldVersion>;
  const lists = fc.array(version, { maxLength: 6 });
  const key = (l: FieldVersion[]) => JSON.stringify(l);

  it('is commutative, associative and idempotent, and keeps exactly the versions nothing dominates', () => {
    fc.assert(
      fc.property(lists, lists, lists, (x, y, z) => {
        expect(key(mergeVersions([...x, ...y]))).toBe(key(mergeVersions([...y, ...x])));
        expect(key(mergeVersions([...mergeVersions([...x, ...y]), ...z]))).toBe(key(mergeVersions([...x, ...mergeVersions([...y, ...z])])));
        const m = mergeVersions(x);
        expect(key(mergeVersions([...m, ...m]))).toBe(key(m));
        for (const kept of m) expect(m.some((o) => compareVectors(kept.vv, o.vv) === 'before')).toBe(false);
        for (const input of x) {
          const survives = m.some((o) => ['equal', 'after'].includes(compareVectors(o.vv, input.vv)));
          expect(survives).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
