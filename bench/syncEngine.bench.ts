/**
 * The sync engine end to end (src/local/sync): devices are in-memory PouchDB databases with the
 * engine's SyncController, replicating through the real gateway on 127.0.0.1 (the server and its
 * LevelDB store run in this process). Timed:
 *
 *   latency  — a project renamed on one device, until another device shows the new name (median,
 *              95th percentile and worst of 30 renames, one after the other);
 *   import   — a 10k-activity import (102 chunk documents and a header) saved on one device, until
 *              that device reports "synced" (the server confirmed it has everything) and until a
 *              second device has every document;
 *   converge — three devices offline, each making 100 edits of 20 shared documents (the same
 *              fields, so most collide), then all online: until every device reports "synced" and
 *              all hold the same revisions.
 *
 *   npx tsx bench/syncEngine.bench.ts
 */
import { fileURLToPath } from 'node:url';
import { device, gateway, sleep, type Device } from '../tests/server/sync/deviceHelpers';
import { deviceIdOf, writeFields } from '../src/local/sync/mutable';

const PER_CHUNK = 100;

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(2);
  }
  throw new Error(`not reached within ${ms} ms`);
}

const synced = (d: Device) => d.status().state === 'synced';
const ms = (t0: number) => Math.round(performance.now() - t0);

function chunk(p: string, imp: string, n: number): Record<string, unknown> {
  const items = Array.from({ length: PER_CHUNK }, (_, k) => {
    const i = n * PER_CHUNK + k;
    return { id: `A${i}`, code: `ACT-${String(i).padStart(5, '0')}`, name: `Activity ${i}: install and inspect section ${i % 97}`, wbsId: `W${i % 250}`, budgetCost: 1000 + ((i * 37) % 9000), percentComplete: { physical: (i % 100) / 100 } };
  });
  return { _id: `act:${p}:${imp}:${String(n).padStart(5, '0')}`, type: 'chunk', kind: 'act', projectId: p, importId: imp, n, items };
}

async function leafKey(d: Device): Promise<string> {
  const res = await d.db.changes({ style: 'all_docs', return_docs: true });
  return res.results.map((r) => `${r.id}:${r.changes.map((c) => c.rev).sort().join(',')}`).sort().join('|');
}

export async function syncEngineBench(): Promise<Record<string, unknown>> {
  const g = await gateway('earnest-sync-engine-bench-');
  const bob = await g.member('bob@example.com', 'editor');
  const backoff = { baseMs: 200, capMs: 2_000 };
  const [a, b, c] = [await device(g, 'A', { backoff }), await device(g, 'B', { backoff }), await device(g, 'C', { backoff, userId: bob, role: 'editor' })];
  const out: Record<string, unknown> = {};
  try {
    const ida = await deviceIdOf(a.db);
    await writeFields(a.db, 'project:p1', { name: 'Tower', currency: 'GBP' }, { deviceId: ida, create: { type: 'project', fixed: { projectId: 'p1', createdAt: new Date().toISOString() } } });
    await until(async () => !!(await b.db.get('project:p1').catch(() => null)), 10_000);

    // latency
    const lat: number[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `Tower ${i}`;
      const t0 = performance.now();
      await writeFields(a.db, 'project:p1', { name }, { deviceId: ida });
      await until(async () => ((await b.db.get<{ name: string }>('project:p1')).name === name), 10_000);
      lat.push(ms(t0));
    }
    lat.sort((x, y) => x - y);
    out.latency = { median: lat[15], p95: lat[28], worst: lat[29] };

    // import
    const docs = [{ _id: 'import:p1:i1', type: 'import', projectId: 'p1', importId: 'i1', fileName: 'bench.xer', chunks: { act: 100 } }, ...Array.from({ length: 100 }, (_, n) => chunk('p1', 'i1', n))];
    const before = (await b.db.info()).doc_count;
    const t1 = performance.now();
    await a.db.bulkDocs(docs);
    let receivedAt = 0;
    await until(async () => {
      if (!receivedAt && (await b.db.info()).doc_count >= before + docs.length) receivedAt = ms(t1);
      return receivedAt > 0 && synced(a) && a.status().pending === 0;
    }, 60_000);
    out.import = { documents: docs.length, activities: 100 * PER_CHUNK, syncedOnSender: ms(t1), onSecondDevice: receivedAt };

    // converge
    for (let k = 0; k < 20; k++) await writeFields(a.db, `settings:p${k}`, { note: 'start', cpiWarning: 0.95 }, { deviceId: ida, create: { type: 'settings', fixed: { projectId: `p${k}` } } });
    await until(async () => synced(a) && synced(b) && synced(c) && (await b.db.get('settings:p19').catch(() => null)) !== null && (await c.db.get('settings:p19').catch(() => null)) !== null, 20_000);
    for (const d of [a, b, c]) d.sync.setOnline(false);
    let edits = 0;
    for (const d of [a, b, c]) {
      const id = await deviceIdOf(d.db);
      for (let i = 0; i < 100; i++) {
        await writeFields(d.db, `settings:p${i % 20}`, { note: `${d.name} ${i}`, cpiWarning: 0.9 + i / 1000 }, { deviceId: id });
        edits++;
      }
    }
    const t2 = performance.now();
    for (const d of [a, b, c]) d.sync.setOnline(true);
    await until(async () => {
      if (![a, b, c].every(synced)) return false;
      const [x, y, z] = await Promise.all([leafKey(a), leafKey(b), leafKey(c)]);
      return x === y && y === z;
    }, 60_000);
    out.converge = { devices: 3, edits, documents: 20, ms: ms(t2) };
  } finally {
    for (const d of [a, b, c]) await d.close();
    await g.close();
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await syncEngineBench(), null, 1));
}
