import './setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { makeCalendar } from '../../../src/core/calendar';
import type { Schedule } from '../../../src/core/model/schedule';
import type { LocalStore } from '../../../src/local/store';
import { allDocs, docBytes, freshStore } from './helpers';

// The brief's reference schedule: 2,500 activities, seed 3, data date ~40 % through (the default).
const make = (statusAt?: number): Schedule => syntheticSchedule({ activities: 2500, seed: 3, ...(statusAt === undefined ? {} : { statusAt }) });

describe('saving an import and loading it back', () => {
  let store: LocalStore;
  let original: Schedule;
  let ids: { projectId: string; importId: string; isNewProject: boolean };

  beforeAll(async () => {
    store = await freshStore();
    original = make();
    ids = await store.saveImport(original, { fileName: 'synthetic.xer', format: 'xer', fileSize: 1_234_567 });
  });
  afterAll(async () => {
    await store.destroy();
  });

  it('returns a new project and reassembles the schedule exactly', async () => {
    expect(ids.isNewProject).toBe(true);
    const loaded = await store.loadSchedule(ids.projectId);
    expect(loaded).toEqual(original);
    // Exactly, not merely equivalent: the JSON texts are identical (same values, same key order of items).
    expect(JSON.stringify(loaded.activities)).toBe(JSON.stringify(original.activities));
    expect(loaded.activities).toHaveLength(2500);
    expect(await store.loadImport(ids.projectId, ids.importId)).toEqual(original);
  });

  it('does not change the schedule it was given', () => {
    expect(original).toEqual(make());
  });

  it('stores chunk documents with range-friendly ids, none bigger than ~1 MB', async () => {
    const docs = await allDocs(store);
    const header = docs.get(`import:${ids.projectId}:${ids.importId}`);
    expect(header).toBeDefined();
    const chunkIds = [...docs.keys()].filter((id) => /^[a-z]+:[^:]+:[^:]+:\d{5}$/.test(id));
    for (const id of chunkIds) {
      const [, p, i] = id.split(':');
      expect(p).toBe(ids.projectId);
      expect(i).toBe(ids.importId);
    }
    // 2,500 activities in runs of at most 1,000 → at least 3 activity chunks.
    const actChunks = chunkIds.filter((id) => id.startsWith('act:'));
    expect(actChunks.length).toBeGreaterThanOrEqual(3);
    for (const id of actChunks) expect((docs.get(id)!.items as unknown[]).length).toBeLessThanOrEqual(1000);
    // Relationships, assignments, calendars, WBS, resources and codes each in their own chunks.
    for (const kind of ['rel', 'asg', 'cal', 'wbs', 'res', 'code']) expect(chunkIds.some((id) => id.startsWith(`${kind}:`))).toBe(true);
    // The header promises exactly the chunks present.
    const promised = Object.values(header!.chunks as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(promised).toBe(chunkIds.length);
    let biggest = 0;
    for (const d of docs.values()) biggest = Math.max(biggest, docBytes(d));
    expect(biggest).toBeLessThan(1_000_000);
    // The whole schedule is ~2.3 MB of JSON (measured via JSON.stringify below), so it really was split.
    expect(docBytes(original)).toBeGreaterThan(2_000_000);
  });

  it('lists the project and the import with their figures', async () => {
    const [p] = await store.listProjects();
    expect(p.id).toBe(ids.projectId);
    // Name, code and currency come from the schedule's project block (synthetic.ts).
    expect(p.name).toBe(original.project.name);
    expect(p.code).toBe('SYN2500');
    expect(p.currency).toBe('GBP');
    expect(p.importCount).toBe(1);
    expect(p.activityCount).toBe(2500);
    expect(p.latestDataDate).toBe(original.project.dataDate);
    const [imp] = await store.listImports(ids.projectId);
    expect(imp).toMatchObject({ importId: ids.importId, fileName: 'synthetic.xer', format: 'xer', fileSize: 1_234_567, activityCount: 2500, warningsCount: 0, complete: true });
    expect(imp.dataDate).toBe(original.project.dataDate);
    expect(Date.parse(imp.importedAt)).not.toBeNaN();
  });
});

describe('a second import of the same project', () => {
  let store: LocalStore;
  let first: Schedule;
  let second: Schedule;
  let projectId: string;
  let firstImportId: string;
  let secondImportId: string;
  let firstDocsBefore: string;

  const docsOf = async (importId: string) => {
    const docs = await allDocs(store);
    const mine = [...docs.entries()].filter(([id]) => id.includes(`:${importId}`)).sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify(mine);
  };

  beforeAll(async () => {
    store = await freshStore();
    // Same network and seed, status taken later (60 % through instead of 40 %): synthetic.ts draws the
    // same random numbers whatever the data date, so ids, codes and budgets match and only status moves.
    first = make(0.4);
    second = make(0.6);
    const a = await store.saveImport(first, { fileName: 'period-1.xer', format: 'xer', fileSize: 100 });
    projectId = a.projectId;
    firstImportId = a.importId;
    firstDocsBefore = await docsOf(firstImportId);
    const b = await store.saveImport(second, { projectId, fileName: 'period-2.xer', format: 'xer', fileSize: 200 });
    expect(b.isNewProject).toBe(false);
    expect(b.projectId).toBe(projectId);
    secondImportId = b.importId;
  });
  afterAll(async () => {
    await store.destroy();
  });

  it('is a real later status (guards the premise of the tests below)', () => {
    expect(second.project.dataDate! > first.project.dataDate!).toBe(true);
    const ac = (s: Schedule) => s.activities.reduce((t, a) => t + a.actualCost, 0);
    expect(ac(second)).toBeGreaterThan(ac(first));
    expect(second.activities.map((a) => a.id)).toEqual(first.activities.map((a) => a.id));
  });

  it('leaves the first import byte-identical (same documents, same revisions)', async () => {
    expect(await docsOf(firstImportId)).toBe(firstDocsBefore);
    expect(firstDocsBefore.length).toBeGreaterThan(1_000_000);
  });

  it('loads the second with the first as one status snapshot equal to its statuses', async () => {
    const loaded = await store.loadSchedule(projectId);
    const { snapshots, ...rest } = loaded;
    const { snapshots: _s, ...expectedRest } = second;
    expect(rest).toEqual(expectedRest);
    expect(snapshots).toHaveLength(1);
    const snap = snapshots[0];
    expect(snap.id).toBe(firstImportId);
    expect(snap.label).toBe('period-1.xer');
    expect(snap.dataDate).toBe(first.project.dataDate);
    expect(snap.activities).toHaveLength(first.activities.length);
    // Expected figures are the first file's own activity fields.
    const byId = new Map(snap.activities.map((s) => [s.activityId, s]));
    for (const a of first.activities) {
      const s = byId.get(a.id)!;
      expect(s).toBeDefined();
      expect(s.actualStart).toBe(a.actualStart);
      expect(s.actualFinish).toBe(a.actualFinish);
      expect(s.percentComplete).toEqual(a.percentComplete);
      expect(s.actualCost).toBe(a.actualCost);
      expect(s.actualUnits).toBe(a.actualUnits);
      expect(s.remainingCost).toBe(a.remainingCost);
      expect(s.remainingUnits).toBe(a.remainingUnits);
    }
  });

  it('loads the first import on request, with no history (nothing is earlier)', async () => {
    const loaded = await store.loadSchedule(projectId, firstImportId);
    expect(loaded).toEqual(first);
  });

  it('lists both imports oldest first and counts them on the project', async () => {
    const imports = await store.listImports(projectId);
    expect(imports.map((i) => i.importId)).toEqual([firstImportId, secondImportId]);
    const [p] = await store.listProjects();
    expect(p.importCount).toBe(2);
    expect(p.latestImportId).toBe(secondImportId);
    expect(p.latestDataDate).toBe(second.project.dataDate);
  });

  it('treats an older status imported last as history, not as the latest', async () => {
    const earliest = make(0.2);
    const c = await store.saveImport(earliest, { projectId, fileName: 'period-0.xer', format: 'xer', fileSize: 50 });
    const loaded = await store.loadSchedule(projectId);
    expect(loaded.project.dataDate).toBe(second.project.dataDate);
    expect(loaded.snapshots.map((s) => s.id)).toEqual([c.importId, firstImportId]);
    expect(loaded.snapshots.map((s) => s.dataDate)).toEqual([earliest.project.dataDate, first.project.dataDate]);
  });
});

describe('items too big for one document', () => {
  it('splits a 3 MB calendar into pieces and puts it back together', async () => {
    const store = await freshStore();
    const s = syntheticSchedule({ activities: 50, seed: 7 });
    // 40,000 named exceptions ≈ 3 MB of JSON: more than any single document may hold.
    const exceptions = Array.from({ length: 40_000 }, (_, i) => ({
      date: new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      intervals: [],
      name: `Shutdown day ${i} — Tägliche Wartung 保守`,
    }));
    s.calendars.push({ ...makeCalendar({ id: 'HUGE', name: 'Huge', workDays: [1, 2, 3, 4, 5] }), exceptions });
    expect(docBytes(s.calendars.at(-1))).toBeGreaterThan(2_000_000);
    const { projectId } = await store.saveImport(s, { fileName: 'huge.xml', format: 'mspdi', fileSize: 1 });
    for (const d of (await allDocs(store)).values()) expect(docBytes(d)).toBeLessThan(1_000_000);
    expect(await store.loadSchedule(projectId)).toEqual(s);
    await store.destroy();
  });
});

describe('how chunk documents are written', () => {
  it('with first revisions of our own (no MD5 of each document), and they load and replicate like any other', async () => {
    const a = await freshStore();
    const b = await freshStore();
    try {
      // PouchDB also calls bulkDocs callback-style (from put): everything is passed on as given.
      const db = a.pouch as unknown as { bulkDocs: (docs: unknown, ...rest: unknown[]) => Promise<unknown> };
      const real = db.bulkDocs.bind(db);
      const calls: { chunks: number; newEdits: boolean | undefined }[] = [];
      db.bulkDocs = (docs, ...rest) => {
        const list = (Array.isArray(docs) ? docs : (docs as { docs: { type?: string }[] }).docs) as { type?: string }[];
        const opts = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as { new_edits?: boolean }) : undefined;
        calls.push({ chunks: list.filter((d) => d.type === 'chunk').length, newEdits: opts?.new_edits });
        return real(docs, ...rest);
      };
      const schedule = make();
      const { projectId, importId } = await a.saveImport(schedule, { fileName: 'revs.xer', format: 'xer', fileSize: 1 });
      db.bulkDocs = real;
      const chunkCalls = calls.filter((c) => c.chunks > 0);
      expect(chunkCalls.length).toBeGreaterThan(0);
      expect(chunkCalls.every((c) => c.newEdits === false)).toBe(true);
      const docs = [...(await allDocs(a)).values()].filter((d) => d.type === 'chunk');
      expect(docs.length).toBeGreaterThan(5);
      expect(docs.every((d) => /^1-[0-9a-f]{32}$/.test(String(d._rev)))).toBe(true);
      expect(new Set(docs.map((d) => d._rev)).size).toBe(docs.length);

      expect(await a.loadSchedule(projectId)).toEqual(schedule);
      const replicated = await a.pouch.replicate.to(b.pouch);
      expect(replicated.doc_write_failures).toBe(0);
      await b.refreshDerived();
      expect((await b.listImports(projectId)).map((i) => [i.importId, i.complete])).toEqual([[importId, true]]);
      expect(await b.loadSchedule(projectId)).toEqual(schedule);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });
});
