/**
 * Three devices, one team, the real gateway: random interleavings of offline edits, reconnects and
 * server restarts, then every device (and the server) must hold the same documents, the same
 * winning revisions and the same conflict sets, and no edit may be lost.
 *
 * Devices A and B belong to Ada (the owner), C to Bob (an editor). Each round, devices go offline
 * or come back, the server may restart (closed and re-created over the same DATA_DIR, on the same
 * port), and one or two devices edit: create, rename and delete projects (with immutable import
 * chunks), edit settings and thresholds, add, edit, resolve and delete comments, and settle
 * conflicts they see. Edits of the same field on devices that cannot see each other's are common
 * by design (a few hot documents).
 *
 * The oracle is the test's own record of what each device could see when it edited: an edit is
 * accounted for only if it is one of the field's final versions, or a later edit or a deletion
 * was made having seen it. Final versions must be mutually unseen (concurrent), and every final
 * value must be an edit somebody made.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamDbName } from '../../../server/store';
import { MutableDocError, canonicalJson, deleteMutable, deviceIdOf, readMutable, seenOf, writeFields, type FieldVersion, type Json, type WriteResult } from '../../../src/local/sync/mutable';
import { seededRandom } from '../../../src/local/sync';
import { device, gateway, sleep, until, type Device, type Gateway } from './deviceHelpers';

// SYNC_DEVICES_SEED / SYNC_DEVICES_ROUNDS explore other interleavings (a bounded loop over seeds
// is how a 1-in-185 failure is hunted); the defaults are what CI runs.
const ROUNDS = Number(process.env.SYNC_DEVICES_ROUNDS || 200);
const SEED = Number(process.env.SYNC_DEVICES_SEED || 20_261_127);

interface Edit {
  tag: string;
  device: string;
  docId: string;
  field: string;
  seen: Set<string>;
}
interface Deletion {
  device: string;
  docId: string;
  seen: Set<string>;
}

let g: Gateway;
let devs: Device[] = [];

beforeAll(async () => {
  g = await gateway('earnest-sync-devices-');
  const bob = await g.member('bob@example.com', 'editor');
  devs = [
    await device(g, 'A', { seed: 1 }),
    await device(g, 'B', { seed: 2 }),
    await device(g, 'C', { seed: 3, userId: bob, role: 'editor' }),
  ];
});

afterAll(async () => {
  for (const d of devs) await d.close();
  await g.close();
});

/** Everything a replica holds: per id, its leaf revisions (deleted ones too) and, when live, the document. */
async function replicaState(db: PouchDB.Database): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const leaves = await db.changes({ style: 'all_docs', return_docs: true });
  const live = await db.allDocs({ include_docs: true, conflicts: true });
  const docs = new Map(live.rows.map((r) => [r.id, r.doc]));
  for (const r of leaves.results) {
    const revs = r.changes.map((c) => c.rev).sort();
    out.set(r.id, canonicalJson({ revs, doc: docs.get(r.id) ?? null }));
  }
  return out;
}

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const out: string[] = [];
  for (const id of new Set([...a.keys(), ...b.keys()])) if (a.get(id) !== b.get(id)) out.push(id);
  return out;
}

it(`converges after ${ROUNDS} seeded rounds of offline edits, reconnects and server restarts, losing no edit`, async () => {
  const rand = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const chance = (p: number) => rand() < p;
  const edits = new Map<string, Edit>();
  const deletions: Deletion[] = [];
  // An edit's version is known by its device and that device's count in its vector (unique).
  const tagOfVersion = new Map<string, string>();
  const versionKey = (docId: string, field: string, v: FieldVersion) => `${docId}|${field}|${v.by}/${v.vv[v.by] ?? 0}`;
  const deviceIds = new Map<Device, string>();
  for (const d of devs) deviceIds.set(d, await deviceIdOf(d.db));
  const online = new Map<Device, boolean>(devs.map((d) => [d, true]));
  let seq = 0;
  const counts = { rounds: 0, edits: 0, creates: 0, deletes: 0, resolutions: 0, imports: 0, restarts: 0, reconnects: 0, offline: 0, conflictsSeen: 0 };

  const newValue = (field: string, tag: string): Json => (field === 'cpiWarning' ? 0.8 + seq / 1e6 : `${field} ${tag}`);
  const tagsOf = (docId: string, field: string, versions: readonly FieldVersion[] | undefined) =>
    (versions ?? []).map((v) => tagOfVersion.get(versionKey(docId, field, v))).filter((t): t is string => t !== undefined);

  /** Sets fields on `d`, recording each as an edit that saw the field's versions there. */
  async function edit(d: Device, docId: string, values: Record<string, Json | 'new'>, create?: { type: string; fixed: Record<string, Json> }) {
    // What the device shows now; the edit supersedes exactly that (a version arriving meanwhile stays).
    const current = await readMutable(d.db, docId);
    const versions = (current?.doc.versions ?? {}) as Record<string, FieldVersion[]>;
    const changes: Record<string, Json> = {};
    const made: Edit[] = [];
    for (const [field, v] of Object.entries(values)) {
      const tag = `${d.name}${++seq}`;
      changes[field] = v === 'new' ? newValue(field, tag) : v;
      made.push({ tag, device: d.name, docId, field, seen: new Set(tagsOf(docId, field, versions[field])) });
    }
    let result: WriteResult;
    try {
      result = await writeFields(d.db, docId, changes, { deviceId: deviceIds.get(d) as string, who: d.name, seen: seenOf(current), ...(create && !current ? { create } : {}) });
    } catch (e) {
      // Deleted by a teammate's device between looking and saving: the edit is refused, not made.
      if (e instanceof MutableDocError) return;
      throw e;
    }
    for (const e of made) {
      tagOfVersion.set(versionKey(docId, e.field, result.versions[e.field]), e.tag);
      edits.set(e.tag, e);
    }
    counts.edits += made.length;
  }

  async function remove(d: Device, docId: string) {
    const current = await readMutable(d.db, docId);
    if (!current) return;
    const seen = new Set<string>();
    for (const [field, list] of Object.entries((current.doc.versions ?? {}) as Record<string, FieldVersion[]>)) for (const t of tagsOf(docId, field, list)) seen.add(t);
    const done = await deleteMutable(d.db, docId, { seen: seenOf(current) });
    if (!done.deleted) return; // something arrived since the device looked: it stays
    deletions.push({ device: d.name, docId, seen });
    counts.deletes++;
  }

  const liveIds = async (d: Device, prefix: string) =>
    (await d.db.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` })).rows.map((r) => r.id);

  async function importChunks(d: Device, projectId: string) {
    const importId = `i${++seq}`;
    await d.db.bulkDocs([
      { _id: `act:${projectId}:${importId}:00000`, type: 'chunk', kind: 'act', projectId, importId, n: 0, items: [{ id: 'A1', pct: rand() }] },
      { _id: `import:${projectId}:${importId}`, type: 'import', projectId, importId, fileName: 'site.xer', chunks: { act: 1 } },
    ]);
    counts.imports++;
  }

  async function act(d: Device) {
    const projects = await liveIds(d, 'project:');
    const r = rand();
    if (projects.length < 2 || r < 0.08) {
      const projectId = `p${++seq}`;
      await edit(d, `project:${projectId}`, { name: 'new', currency: 'GBP' }, { type: 'project', fixed: { projectId, createdAt: new Date().toISOString() } });
      await importChunks(d, projectId);
      counts.creates++;
      return;
    }
    // The two oldest projects are the hot ones: most edits land there, so devices collide.
    const hot = projects.slice(0, 2);
    const projectDocId = chance(0.7) ? pick(hot) : pick(projects);
    const projectId = projectDocId.slice('project:'.length);
    if (r < 0.3) return edit(d, projectDocId, { name: 'new' });
    if (r < 0.36) return edit(d, projectDocId, { currency: pick(['GBP', 'EUR', 'USD']) });
    if (r < 0.5) {
      const field = pick(['cpiWarning', 'note']);
      const exists = !!(await readMutable(d.db, `settings:${projectId}`));
      return edit(d, `settings:${projectId}`, { [field]: 'new' }, exists ? undefined : { type: 'settings', fixed: { projectId } });
    }
    const comments = await liveIds(d, `comment:${projectId}:`);
    if (r < 0.6 || comments.length === 0) {
      const id = `comment:${projectId}:c${++seq}`;
      return edit(d, id, { text: 'new', resolved: false }, { type: 'comment', fixed: { projectId, target: 'project', author: d.name, createdAt: new Date().toISOString() } });
    }
    if (r < 0.75) return edit(d, pick(comments), { text: 'new' });
    if (r < 0.8) return edit(d, pick(comments), { resolved: chance(0.5) });
    if (r < 0.86) return remove(d, pick(comments));
    if (r < 0.9) return importChunks(d, projectId);
    if (r < 0.93 && projects.length > 3) {
      // Delete a project the way the store does: its mutable documents, then its imports.
      for (const id of [projectDocId, `settings:${projectId}`, ...comments]) await remove(d, id);
      const rest = await d.db.allDocs({ startkey: `act:${projectId}:`, endkey: `act:${projectId}:\ufff0` });
      const headers = await d.db.allDocs({ startkey: `import:${projectId}:`, endkey: `import:${projectId}:\ufff0` });
      await d.db.bulkDocs([...rest.rows, ...headers.rows].map((row) => ({ _id: row.id, _rev: row.value.rev, _deleted: true })));
      return;
    }
    // Settle a conflict this device sees, with a new text (an edit that has seen every version).
    for (const id of [projectDocId, `settings:${projectId}`, ...comments]) {
      const m = await readMutable(d.db, id);
      const c = m?.conflicts[0];
      if (!c) continue;
      counts.conflictsSeen++;
      counts.resolutions++;
      return edit(d, id, { [c.field]: 'new' });
    }
    return edit(d, projectDocId, { name: 'new' });
  }

  async function converge(what: string) {
    for (const d of devs) {
      if (!online.get(d)) d.sync.setOnline(true);
      online.set(d, true);
      d.sync.retryNow();
    }
    const server = g.w.store.db(teamDbName(g.w.teamId));
    let stable = 0;
    let last = '';
    const explain = async () => {
      const states = await Promise.all([...devs.map((d) => replicaState(d.db)), replicaState(g.w.store.db(teamDbName(g.w.teamId)))]);
      const ids = [...new Set(states.slice(1).flatMap((s) => differences(states[0], s)))].slice(0, 5);
      // For each differing document: what each device answers for the leaves the server lacks.
      const probes: string[] = [];
      const serverDb = g.w.store.db(teamDbName(g.w.teamId));
      for (const id of ids) {
        for (const d of devs) {
          const leaves = (await d.db.changes({ doc_ids: [id], style: 'all_docs', filter: '_doc_ids', return_docs: true })).results[0]?.changes.map((c) => c.rev) ?? [];
          const lacking = ((await serverDb.revsDiff({ [id]: leaves })) as Record<string, { missing?: string[] }>)[id]?.missing ?? [];
          if (lacking.length === 0) continue;
          const got = await d.db.bulkGet({ docs: lacking.map((rev) => ({ id, rev })), revs: true, latest: true } as PouchDB.Core.BulkGetOptions).catch((e: Error) => e.message);
          const plain = await d.db.get(id, { rev: lacking[0], revs: true }).catch((e: Error) => `${e.name} ${e.message}`);
          // The adapter's own revision tree (PouchDB's revsDiff reads it the same way).
          const tree = await new Promise((resolve) => {
            const a = d.db as unknown as { _getRevisionTree?: (id: string, cb: (e: unknown, t: unknown) => void) => void };
            if (!a._getRevisionTree) return resolve('no tree access');
            a._getRevisionTree(id, (e, t) => resolve(e ? String(e) : t));
          });
          probes.push(`${d.name} ${id} lacking ${JSON.stringify(lacking)} bulkGet: ${JSON.stringify(got).slice(0, 400)} get: ${JSON.stringify(plain).slice(0, 400)} tree: ${JSON.stringify(tree).slice(0, Number(process.env.SYNC_DEVICES_TREE_CHARS || 1500))}`);
        }
      }
      return [
        ...probes,
        ...devs.map((d) => `${d.name}: ${JSON.stringify(d.status())} ${JSON.stringify(d.sync.diagnostics())} in flight: ${JSON.stringify(d.inFlight())}`),
        `requests open on the server: ${JSON.stringify(g.openRequests())}`,
        ...ids.map((id) => `${id}: ${states.map((s, i) => `[${i < devs.length ? devs[i].name : 'server'}] ${s.get(id) ?? '-'}`).join('\n   ')}`),
      ].join('\n');
    };
    await until(
      async () => {
        if (!devs.every((d) => d.status().state === 'synced')) {
          stable = 0;
          return false;
        }
        const states = await Promise.all([...devs.map((d) => replicaState(d.db)), replicaState(server)]);
        const diff = states.slice(1).flatMap((s) => differences(states[0], s));
        const key = [...states[0].values()].join('\n');
        if (diff.length > 0 || key !== last) {
          last = key;
          stable = 0;
          return false;
        }
        return ++stable >= 3;
      },
      60_000,
      `every device to hold the same documents (${what})`,
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await explain()}`);
    });
  }

  const t0 = Date.now();
  let convergeMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    counts.rounds++;
    for (const d of devs) {
      if (chance(0.12)) {
        const on = !online.get(d);
        online.set(d, on);
        d.sync.setOnline(on);
        if (on) counts.reconnects++;
        else counts.offline++;
      }
    }
    if (chance(0.04)) {
      await g.restart();
      counts.restarts++;
    }
    // One or two devices at once (never the same one twice: a device's user does one thing at a time).
    const first = pick(devs);
    const actors = chance(0.5) ? [first, pick(devs.filter((d) => d !== first))] : [first];
    await Promise.all(actors.map((d) => act(d)));
    await sleep(Math.floor(rand() * 12));
    if (round === Math.floor(ROUNDS / 2)) {
      const c0 = Date.now();
      await converge(`round ${round}`);
      convergeMs += Date.now() - c0;
    }
  }
  const c1 = Date.now();
  await converge('the end');
  convergeMs += Date.now() - c1;
  const elapsed = Date.now() - t0;

  // Same documents, winning revisions and leaves everywhere (checked in converge); no PouchDB
  // conflict left on any document (mutable ones were merged, immutable ones never conflict).
  const final = await devs[0].db.allDocs({ include_docs: true, conflicts: true });
  const repairs = devs.reduce((n, d) => n + Number(d.sync.diagnostics()[g.w.teamId]?.repairs ?? 0), 0);
  expect(final.rows.filter((r) => (r.doc as { _conflicts?: string[] })._conflicts?.length)).toEqual([]);

  // The oracle: every edit accounted for, final versions concurrent, every value somebody's edit.
  const finalTags = new Map<string, string[]>(); // docId|field → tags
  let conflictsKept = 0;
  for (const row of final.rows) {
    const m = await readMutable(devs[0].db, row.id);
    if (!m) continue;
    for (const [field, list] of Object.entries((m.doc.versions ?? {}) as Record<string, FieldVersion[]>)) {
      const tags = list.map((v) => tagOfVersion.get(versionKey(row.id, field, v)));
      expect(tags, `${row.id} ${field}: a value nobody wrote`).not.toContain(undefined);
      finalTags.set(`${row.id}|${field}`, tags as string[]);
      if (list.length > 1) conflictsKept++;
      for (const a of tags as string[]) for (const b of tags as string[]) if (a !== b) expect(edits.get(b)?.seen.has(a), `${row.id} ${field}: ${b} had seen ${a}`).toBe(false);
    }
  }
  const supersededBy = new Set<string>();
  for (const e of edits.values()) for (const t of e.seen) supersededBy.add(t);
  const deletedSeen = new Set<string>();
  for (const del of deletions) for (const t of del.seen) deletedSeen.add(t);
  const lost = [...edits.values()].filter(
    (e) => !(finalTags.get(`${e.docId}|${e.field}`) ?? []).includes(e.tag) && !supersededBy.has(e.tag) && !deletedSeen.has(e.tag),
  );
  expect(lost.map((e) => `${e.tag} ${e.docId} ${e.field}`)).toEqual([]);

  console.log(
    `sync devices (seed ${SEED}): ${counts.rounds} rounds, ${counts.edits} edits (${counts.creates} documents created, ${counts.resolutions} conflicts settled by a device), ` +
      `${counts.deletes} deletions, ${counts.imports} imports, ${conflictsKept} conflicts kept with both versions at the end, ` +
      `${counts.restarts} server restarts, ${counts.offline} offline periods, ${counts.reconnects} reconnects, ${repairs} documents sent again because the server lacked them; ${final.rows.length} documents on every device; ${(elapsed / 1000).toFixed(1)} s (${(convergeMs / 1000).toFixed(1)} s of it waiting for convergence)`,
  );
  expect(counts.restarts).toBeGreaterThan(0);
  expect(counts.edits).toBeGreaterThan(ROUNDS);
}, 120_000 * Math.max(1, ROUNDS / 200));
