import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { openLocalStore, StoreError, type LocalStore } from '../../../src/local/store';
import { guarded } from '../../../src/local/store/errors';
import { pouchDb } from '../../../src/local/store/pouch';
import { allDocs, freshStore } from './helpers';

type Docs = Array<Record<string, unknown>>;
type BulkDocs = (docs: Docs | { docs: Docs }, ...rest: unknown[]) => Promise<unknown>;

/**
 * Replaces the store's bulkDocs (what every PouchDB write, put included, goes through). PouchDB
 * calls it both promise-style with an array and callback-style with `{ docs }` (from put).
 */
function intercept(store: LocalStore, wrap: (real: (docs: Docs) => Promise<unknown>, docs: Docs) => Promise<unknown>): () => void {
  const db = store.pouch as unknown as { bulkDocs: BulkDocs };
  const real = db.bulkDocs.bind(db);
  db.bulkDocs = (arg, ...rest) => {
    const cb = typeof rest.at(-1) === 'function' ? (rest.pop() as (err: unknown, res?: unknown) => void) : undefined;
    const docs = Array.isArray(arg) ? arg : arg.docs;
    const p = wrap((d) => real(Array.isArray(arg) ? d : { ...arg, docs: d }, ...rest), docs);
    if (!cb) return p;
    p.then((r) => cb(null, r), (e: unknown) => cb(e));
    return p.catch(() => undefined);
  };
  return () => {
    db.bulkDocs = real;
  };
}
const isHeaderBatch = (docs: Docs) => docs.some((d) => d.type === 'import' && !d._deleted);
const isChunkBatch = (docs: Docs) => docs.some((d) => d.type === 'chunk' && !d._deleted);

const small = (seed = 1): Schedule => syntheticSchedule({ activities: 300, seed });
const snapshotOf = async (store: LocalStore) => ({ docs: [...(await allDocs(store)).keys()].sort(), projects: await store.listProjects() });

async function caught(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    return e as StoreError;
  }
  throw new Error('expected the call to fail');
}

const opened: LocalStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.destroy().catch(() => undefined);
});
async function track(p: Promise<LocalStore>): Promise<LocalStore> {
  const s = await p;
  opened.push(s);
  return s;
}

describe('a save that fails midway', () => {
  it('leaves no visible import and the project list unchanged (new project, header write fails)', async () => {
    const store = await track(freshStore());
    await store.saveImport(small(1), { fileName: 'other.xer', format: 'xer', fileSize: 1 });
    const before = await snapshotOf(store);
    let chunksWritten = 0;
    const restore = intercept(store, async (real, docs) => {
      if (isHeaderBatch(docs)) throw new Error('disk unplugged');
      if (isChunkBatch(docs)) chunksWritten += docs.length;
      return real(docs);
    });
    const err = await caught(store.saveImport(syntheticSchedule({ activities: 2500, seed: 3 }), { fileName: 'site.xer', format: 'xer', fileSize: 1 }));
    restore();
    // The failure really was midway: every chunk had been written when the header failed.
    expect(chunksWritten).toBeGreaterThan(5);
    expect(err.code).toBe('failed');
    expect(err.message.startsWith('site.xer: ')).toBe(true);
    expect(err.message).toContain('disk unplugged');
    expect(await snapshotOf(store)).toEqual(before);
  });

  it('leaves an existing project exactly as it was (import into it, header write fails)', async () => {
    const store = await track(freshStore());
    const { projectId } = await store.saveImport(small(1), { fileName: 'p1.xer', format: 'xer', fileSize: 1 });
    const before = await snapshotOf(store);
    const importsBefore = await store.listImports(projectId);
    let chunksWritten = 0;
    const restore = intercept(store, async (real, docs) => {
      if (isHeaderBatch(docs)) throw new Error('boom');
      if (isChunkBatch(docs)) chunksWritten += docs.length;
      return real(docs);
    });
    await caught(store.saveImport(small(2), { projectId, fileName: 'p2.xer', format: 'xer', fileSize: 1 }));
    restore();
    expect(chunksWritten).toBeGreaterThan(0);
    expect(await snapshotOf(store)).toEqual(before);
    expect(await store.listImports(projectId)).toEqual(importsBefore);
  });

  it('is cleaned up when the store is next opened, if the database closed mid-save', async () => {
    const store = await freshStore({ timeoutMs: 3000 });
    const name = store.name;
    let chunksWritten = 0;
    const restore = intercept(store, async (real, docs) => {
      if (isChunkBatch(docs)) chunksWritten += docs.length;
      if (isHeaderBatch(docs)) {
        // The tab's database goes away between the chunks and the header (a crash, a closed tab).
        await store.pouch.close();
      }
      return real(docs);
    });
    await caught(store.saveImport(small(4), { fileName: 'crash.xer', format: 'xer', fileSize: 1 }));
    restore();
    store.derived.close();
    expect(chunksWritten).toBeGreaterThan(0);
    // The orphan chunks are really on disk (the clean-up could not run on a closed database)…
    const raw = new (pouchDb())(name, { adapter: 'indexeddb' });
    const orphans = (await raw.allDocs()).rows.filter((r) => r.id.startsWith('act:'));
    expect(orphans.length).toBeGreaterThan(0);
    await raw.close();

    // Reopen: the chunks written before the "crash" are found via the pending record and removed.
    const again = await track(openLocalStore({ name }));
    expect(again.recovery.savesUndone).toBe(1);
    expect(await again.listProjects()).toEqual([]);
    expect([...(await allDocs(again)).keys()]).toEqual([]);
    // And the store works normally afterwards.
    const ok = await again.saveImport(small(4), { fileName: 'crash.xer', format: 'xer', fileSize: 1 });
    expect((await again.loadSchedule(ok.projectId)).activities).toHaveLength(300);
  });

  it('recovery leaves a save that had in fact finished alone', async () => {
    const store = await freshStore();
    const name = store.name;
    // The last bookkeeping write (removing the pending mark) fails; the import itself is complete.
    let headerWritten = false;
    const restore = intercept(store, async (real, docs) => {
      if (headerWritten && docs.some((d) => d._id === '_local/earnest-pending')) throw new Error('tab closed');
      const r = await real(docs);
      if (isHeaderBatch(docs)) headerWritten = true;
      return r;
    });
    const { projectId } = await store.saveImport(small(5), { fileName: 'done.xer', format: 'xer', fileSize: 1 });
    restore();
    await store.close();
    const again = await track(openLocalStore({ name }));
    expect(again.recovery).toMatchObject({ savesFinished: 1, savesUndone: 0 });
    expect((await again.loadSchedule(projectId)).activities).toHaveLength(300);
  });
});

describe('data that cannot be stored', () => {
  it('names the bad value and writes nothing (NaN budget)', async () => {
    const store = await track(freshStore());
    const before = await snapshotOf(store);
    const s = syntheticSchedule({ activities: 2500, seed: 3 });
    s.activities[1203].budgetCost = NaN;
    const err = await caught(store.saveImport(s, { fileName: 'bad.xer', format: 'xer', fileSize: 1 }));
    expect(err.code).toBe('invalid');
    expect(err.message).toMatch(/^bad\.xer: Earnest could not save this import: activities\[1203\]\.budgetCost is NaN/);
    expect(err.message).toContain('Nothing was stored');
    expect(await snapshotOf(store)).toEqual(before);
  });

  it.each([
    ['a function', (s: Schedule) => ((s.activities[5].udf as unknown) = { f: () => 1 }), 'activities[5].udf.f is a function'],
    ['a Date object', (s: Schedule) => ((s.activities[7] as unknown as Record<string, unknown>).actualStart = new Date()), 'activities[7].actualStart is a Date'],
    ['Infinity', (s: Schedule) => (s.assignments[2].actualCost = Infinity), 'assignments[2].actualCost is Infinity'],
    ['a hole in a list', (s: Schedule) => ((s.relationships as unknown[])[3] = undefined), 'relationships[3] is undefined'],
    ['a cycle', (s: Schedule) => ((s.activities[0].codes as unknown as Record<string, unknown>).self = s.activities[0].codes), 'nested more than 64 levels'],
  ])('rejects %s', async (_what, spoil, expected) => {
    const store = await track(freshStore());
    const s = small(9);
    spoil(s);
    const err = await caught(store.saveImport(s, { fileName: 'x.xml', format: 'mspdi', fileSize: 1 }));
    expect(err.code).toBe('invalid');
    expect(err.message).toContain(expected);
    expect(await store.listProjects()).toEqual([]);
  });

  it.each([
    ['no project block', { formatVersion: 1, activities: [] }, 'no project block'],
    ['another model version', { ...syntheticSchedule({ activities: 3 }), formatVersion: 2 }, 'model version 2'],
    ['no activity list', { ...syntheticSchedule({ activities: 3 }), activities: 'nope' }, 'no activity list'],
    ['a list that is not a list', { ...syntheticSchedule({ activities: 3 }), relationships: {} }, 'relationships is not a list'],
  ])('rejects a schedule with %s', async (_what, bad, expected) => {
    const store = await track(freshStore());
    const err = await caught(store.saveImport(bad as unknown as Schedule, { fileName: 'odd.json', format: 'json', fileSize: 1 }));
    expect(err.code).toBe('invalid');
    expect(err.message).toContain(expected);
    expect(await store.listProjects()).toEqual([]);
  });

  it('rejects bad metadata and unknown projects with a message naming the file', async () => {
    const store = await track(freshStore());
    const s = small();
    expect((await caught(store.saveImport(s, { fileName: '', format: 'xer', fileSize: 1 }))).message).toContain('file name is missing');
    expect((await caught(store.saveImport(s, { fileName: 'a.xer', format: 'xer', fileSize: NaN }))).message).toMatch(/^a\.xer: .*file size/);
    const nf = await caught(store.saveImport(s, { projectId: 'nope123', fileName: 'a.xer', format: 'xer', fileSize: 1 }));
    expect(nf.code).toBe('not-found');
    expect(nf.message).toMatch(/^a\.xer: the project chosen for this import is not on this device/);
    expect((await caught(store.saveImport(s, { projectId: 'bad:id', fileName: 'a.xer', format: 'xer', fileSize: 1 }))).code).toBe('invalid');
    expect(await store.listProjects()).toEqual([]);
  });
});

describe('a full disk', () => {
  it('turns QuotaExceededError into a clear StoreError and leaves nothing behind', async () => {
    const store = await track(freshStore());
    const before = await snapshotOf(store);
    const restore = intercept(store, async (real, docs) => {
      if (isChunkBatch(docs)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return real(docs);
    });
    const err = await caught(store.saveImport(small(), { fileName: 'big.xer', format: 'xer', fileSize: 1 }));
    restore();
    expect(err.code).toBe('quota');
    expect(err.message).toMatch(/^big\.xer: Your browser's storage for Earnest is full/);
    expect(err.message).toContain('deleting projects');
    expect(await snapshotOf(store)).toEqual(before);
  });

  it('fails part-way (some chunks written, then full, clean-up refused too): no import visible, a clear message, tidied on the next open', async () => {
    const store = await freshStore();
    const name = store.name;
    const { projectId } = await store.saveImport(small(1), { fileName: 'kept.xer', format: 'xer', fileSize: 1 });
    const before = await snapshotOf(store);
    const importsBefore = await store.listImports(projectId);
    let chunkBatches = 0;
    let refusedDeletes = 0;
    const restore = intercept(store, async (real, docs) => {
      if (isChunkBatch(docs) && ++chunkBatches > 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      // A full disk refuses the tombstones of the clean-up as well.
      if (chunkBatches > 2 && docs.some((d) => d._deleted)) {
        refusedDeletes++;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return real(docs);
    });
    const err = await caught(store.saveImport(syntheticSchedule({ activities: 12000, seed: 8 }), { projectId, fileName: 'next.xer', format: 'xer', fileSize: 1 }));
    restore();
    expect(chunkBatches).toBe(3);
    expect(refusedDeletes).toBeGreaterThan(0);
    expect(err.code).toBe('quota');
    expect(err.message).toBe(
      "next.xer: Your browser's storage for Earnest is full, so Earnest could not finish saving this import. Nothing was changed. " +
        'Free space by deleting projects or old imports you no longer need (synced projects can be downloaded again), or free disk space on this device, then try again.',
    );
    // The chunks written before the disk filled are still there, but nothing shows them.
    expect([...(await allDocs(store)).keys()].filter((id) => id.startsWith('act:')).length).toBeGreaterThan(before.docs.filter((id) => id.startsWith('act:')).length);
    expect(await store.listProjects()).toEqual(before.projects);
    expect(await store.listImports(projectId)).toEqual(importsBefore);
    expect((await store.loadSchedule(projectId)).activities).toHaveLength(300);
    await store.close();

    // Space freed, the app opened again: the half-written import's documents are gone.
    const again = await track(openLocalStore({ name }));
    expect(again.recovery.savesUndone).toBe(1);
    expect((await snapshotOf(again)).docs).toEqual(before.docs);
    expect(await again.listImports(projectId)).toEqual(importsBefore);
  });

  it('recognises a quota failure PouchDB reports per document', async () => {
    const store = await track(freshStore());
    const restore = intercept(store, async (real, docs) => {
      if (isChunkBatch(docs)) return docs.map((d) => ({ id: d._id, error: true, status: 500, name: 'indexed_db_went_bad', reason: 'QuotaExceededError: quota exceeded' }));
      return real(docs);
    });
    const err = await caught(store.saveImport(small(), { fileName: 'big.xer', format: 'xer', fileSize: 1 }));
    restore();
    expect(err.code).toBe('quota');
    expect(await store.listProjects()).toEqual([]);
  });

  it('gives up on a database call that hangs, with a message saying what to do', async () => {
    const store = await track(freshStore({ timeoutMs: 300 }));
    const restore = intercept(store, (real, docs) => (isChunkBatch(docs) ? new Promise(() => undefined) : real(docs)));
    const err = await caught(store.saveImport(small(), { fileName: 'hang.xer', format: 'xer', fileSize: 1 }));
    restore();
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/^hang\.xer: Earnest's local database did not answer within 300 ms while saving this import/);
    expect(err.message).toContain('Close other Earnest tabs');
    expect(await store.listProjects()).toEqual([]);
  });

  it('guarded() times out and translates errors', async () => {
    await expect(guarded(new Promise(() => undefined), 'testing', 20)).rejects.toMatchObject({ name: 'StoreError', code: 'timeout' });
    await expect(guarded(Promise.reject(Object.assign(new Error('x'), { name: 'QuotaExceededError' })), 'testing', 1000)).rejects.toMatchObject({ code: 'quota' });
    await expect(guarded(Promise.resolve(42), 'testing', 1000)).resolves.toBe(42);
  });
});

describe('an interrupted project deletion', () => {
  it('hides the project at once and is finished when the store is next opened', async () => {
    const store = await freshStore();
    const name = store.name;
    const keep = await store.saveImport(small(1), { fileName: 'keep.xer', format: 'xer', fileSize: 1 });
    const gone = await store.saveImport(small(2), { fileName: 'gone.xer', format: 'xer', fileSize: 1 });
    const restore = intercept(store, async (real, docs) => {
      // Project doc and headers are deleted; the tab dies while deleting the chunks.
      if (docs.some((d) => d._deleted && /^(act|rel):/.test(String(d._id)))) throw new Error('tab closed');
      return real(docs);
    });
    await caught(store.deleteProject(gone.projectId));
    restore();
    expect((await store.listProjects()).map((p) => p.id)).toEqual([keep.projectId]);
    expect([...(await allDocs(store)).keys()].some((id) => id.includes(gone.projectId))).toBe(true);
    await store.close();

    const again = await track(openLocalStore({ name }));
    expect(again.recovery.deletesFinished).toBe(1);
    expect([...(await allDocs(again)).keys()].some((id) => id.includes(gone.projectId))).toBe(false);
    expect((await again.loadSchedule(keep.projectId)).activities).toHaveLength(300);
  });
});

describe('reading what is not there', () => {
  it('says so clearly', async () => {
    const store = await track(freshStore());
    expect((await caught(store.loadSchedule('missing1'))).code).toBe('not-found');
    const p = await store.createProject({ name: 'Empty' });
    const e = await caught(store.loadSchedule(p.id));
    expect(e.code).toBe('not-found');
    expect(e.message).toBe('The project "Empty" has no imports yet. Import a schedule file into it first.');
    expect((await caught(store.loadImport(p.id, 'nothing1'))).code).toBe('not-found');
    expect((await caught(store.loadSchedule('../etc'))).code).toBe('invalid');
  });

  it('refuses a database name CouchDB could not hold', async () => {
    await expect(openLocalStore({ name: 'Team Local' })).rejects.toMatchObject({ code: 'invalid' });
  });
});
