/**
 * Replication benchmark: a 10k-activity project (chunked documents, 100 activities per chunk) pulled
 * through the sync gateway into an empty in-memory PouchDB, as a browser's first sync does. The
 * server (createApp over a temp LevelDB store) runs in this process and listens on 127.0.0.1; only
 * the one-shot `PouchDB.replicate(remote, local)` is timed.
 *
 *   npx tsx bench/replication.bench.ts [--activities 10000]
 *
 * Target (issue): under 3 s on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PouchDB from 'pouchdb-node';
import memoryAdapter from 'pouchdb-adapter-memory';
import { createApp } from '../server/app';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../server/auth';
import { loadConfig } from '../server/config';
import { DevOutbox } from '../server/mail';
import { openStore, teamDbName } from '../server/store';
import { ensureHomeTeam } from '../server/teams/home';

PouchDB.plugin(memoryAdapter);

export interface ReplicationResult {
  activities: number;
  docs: number;
  seconds: number;
  docsPerSecond: number;
}

const SECRET = 'replication-bench-secret-that-is-at-least-32-bytes';
const PER_CHUNK = 100;

/** An activity shaped like the client's (src/core/model/schedule.ts), ~15 fields. */
function activity(i: number): Record<string, unknown> {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 19);
  const start = i % 400;
  const budget = 1000 + ((i * 37) % 9000);
  return {
    id: `A${i}`,
    code: `ACT-${String(i).padStart(5, '0')}`,
    name: `Activity ${i}: install and inspect section ${i % 97}`,
    wbsId: `W${i % 250}`,
    type: i % 50 === 0 ? 'milestone' : 'task',
    calendarId: 'CAL1',
    baselineStart: day(start),
    baselineFinish: day(start + 10),
    plannedStart: day(start + 1),
    plannedFinish: day(start + 12),
    originalDuration: 80,
    remainingDuration: 40,
    percentCompleteType: 'physical',
    percentComplete: { physical: (i % 100) / 100 },
    evTechnique: 'percent-complete',
    budgetCost: budget,
    actualCost: budget / 2,
    remainingCost: budget / 2,
    budgetUnits: 80,
    actualUnits: 40,
    remainingUnits: 40,
    codes: { PHASE: `P${i % 5}`, AREA: `Z${i % 12}` },
  };
}

export async function replicationBench(activities = 10_000): Promise<ReplicationResult> {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-repl-bench-'));
  const store = openStore({ dataDir: dir });
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, NODE_ENV: 'production' });
  const app = createApp({ config, store, mailer: new DevOutbox(), authSecret: SECRET, rateLimits: false });
  const server = app.listen(0, '127.0.0.1');
  const local = new PouchDB(`bench-browser-${Date.now()}`, { adapter: 'memory' });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const userId = 'user:bench@example.com';
    const teamId = await ensureHomeTeam(store, userId, Date.now());
    const settings = accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
    const token = await signAccessToken(settings, { sub: userId }, new Date());

    // Seed the team database: the project, its import header and the activity chunks.
    const p = 'p01bench';
    const imp = 'i01bench';
    const docs: Record<string, unknown>[] = [
      { _id: `project:${p}`, type: 'project', name: 'Bench tower', code: 'BT', currency: 'EUR' },
      { _id: `import:${p}:${imp}`, type: 'import', projectId: p, importId: imp, fileName: 'bench.xer', activities },
    ];
    for (let n = 0; n * PER_CHUNK < activities; n++) {
      const items = [];
      for (let i = n * PER_CHUNK; i < Math.min(activities, (n + 1) * PER_CHUNK); i++) items.push(activity(i));
      docs.push({ _id: `act:${p}:${imp}:${String(n).padStart(5, '0')}`, type: 'chunk', kind: 'act', projectId: p, importId: imp, n, items });
    }
    const db = store.db(teamDbName(teamId));
    for (let i = 0; i < docs.length; i += 500) await db.bulkDocs(docs.slice(i, i + 500));

    const remote = new PouchDB(`http://127.0.0.1:${port}/db/${teamId}`, {
      skip_setup: true,
      fetch: (url: string | Request, opts?: RequestInit) => {
        const headers = new Headers(opts?.headers);
        headers.set('Authorization', `Bearer ${token}`);
        return PouchDB.fetch(url, { ...opts, headers });
      },
    } as PouchDB.Configuration.RemoteDatabaseConfiguration);

    const started = performance.now();
    const result = await PouchDB.replicate(remote, local, { batch_size: 100 });
    const seconds = (performance.now() - started) / 1000;
    if (!result.ok || result.docs_written !== docs.length) {
      throw new Error(`replication wrote ${result.docs_written} of ${docs.length} documents`);
    }
    return { activities, docs: docs.length, seconds: Math.round(seconds * 1000) / 1000, docsPerSecond: Math.round(docs.length / seconds) };
  } finally {
    await local.destroy().catch(() => undefined);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--activities');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 10_000;
  const r = await replicationBench(n);
  console.log(JSON.stringify(r));
}
