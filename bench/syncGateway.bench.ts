/**
 * Sync gateway responsiveness: how long GET /api/health takes while the heaviest requests the
 * gateway allows are in flight (issue 11 item 3: under 100 ms). The server (createApp over a temp
 * LevelDB store) runs in this process on 127.0.0.1; health is probed every 5 ms from the moment the
 * big request is uploaded until it is answered, and the slowest probe is reported.
 *
 *   npx tsx bench/syncGateway.bench.ts [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../server/auth';
import { loadConfig } from '../server/config';
import { DevOutbox } from '../server/mail';
import { openStore, teamDbName } from '../server/store';
import { BULK_DOCS_BODY_BYTES, MAX_DOCS_PER_REQUEST } from '../server/sync/limits';
import { ensureHomeTeam } from '../server/teams/home';

const SECRET = 'sync-gateway-bench-secret-that-is-at-least-32-bytes';

interface Probe {
  status: number;
  ms: number;
}

function call(origin: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): { uploaded: Promise<void>; done: Promise<Probe> } {
  let uploaded!: () => void;
  const up = new Promise<void>((r) => (uploaded = r));
  const started = performance.now();
  const done = new Promise<Probe>((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.on('finish', () => uploaded());
    req.end(body);
  });
  return { uploaded: up, done };
}

/** Sends `body`, probes health every 5 ms until it is answered; returns the slowest probe. */
async function measure(origin: string, label: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ label: string; status: number; requestMs: number; probes: number; worstHealthMs: number; medianHealthMs: number; rssMb: number }> {
  const big = call(origin, 'POST', path, { ...headers, 'Content-Length': String(body.length) }, body);
  await big.uploaded;
  const uploadedAt = performance.now();
  let finished = false;
  const result = big.done.then((r) => {
    finished = true;
    return r;
  });
  const probes: Promise<Probe>[] = [];
  let rss = process.memoryUsage().rss;
  while (!finished) {
    probes.push(call(origin, 'GET', '/api/health', {}).done);
    await new Promise((r) => setTimeout(r, 5));
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  const r = await result;
  const times = (await Promise.all(probes)).map((p) => p.ms).sort((a, b) => a - b);
  return {
    label,
    status: r.status,
    requestMs: performance.now() - uploadedAt,
    probes: times.length,
    worstHealthMs: times.at(-1) ?? 0,
    medianHealthMs: times[Math.floor(times.length / 2)] ?? 0,
    rssMb: rss / 1048576,
  };
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
  const dir = mkdtempSync(join(tmpdir(), 'earnest-sync-bench-'));
  const store = openStore({ dataDir: dir });
  const ownerId = 'user:bench@example.com';
  const teamId = await ensureHomeTeam(store, ownerId, Date.now());
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir });
  const app = createApp({ config, store, mailer: new DevOutbox(), authSecret: SECRET, rateLimits: false });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
  const token = await signAccessToken(settings, { sub: ownerId }, new Date());
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

  const rows = [];
  try {
    for (let run = 0; run < runs; run++) {
      const pad = 'x'.repeat(Math.floor(BULK_DOCS_BODY_BYTES / MAX_DOCS_PER_REQUEST) - 200);
      const ids = Array.from({ length: MAX_DOCS_PER_REQUEST }, (_, i) => `act:p${run}:i1:${String(i).padStart(5, '0')}`);
      const bigDocs = Buffer.from(JSON.stringify({ docs: ids.map((_id) => ({ _id, type: 'chunk', pad })) }));
      rows.push(await measure(origin, `_bulk_docs, 1,000 docs, ${BULK_DOCS_BODY_BYTES / 1048576} MiB`, `/db/${teamId}/_bulk_docs`, headers, bigDocs));
      const small = Buffer.from(JSON.stringify({ docs: ids.map((id) => ({ _id: `${id}:s`, type: 'chunk', v: 1 })) }));
      rows.push(await measure(origin, '_bulk_docs, 1,000 small docs', `/db/${teamId}/_bulk_docs`, headers, small));
      const get = Buffer.from(JSON.stringify({ docs: ids.map((id) => ({ id })) }));
      rows.push(await measure(origin, `_bulk_get, 1,000 docs of ${Math.round(BULK_DOCS_BODY_BYTES / MAX_DOCS_PER_REQUEST / 1024)} KiB`, `/db/${teamId}/_bulk_get?revs=true`, headers, get));
    }
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    console.error(`team db docs: ${(await store.db(teamDbName(teamId)).info()).doc_count}`);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('| request in flight | status | request ms | health probes | median health ms | slowest health ms | process RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.status} | ${r.requestMs.toFixed(0)} | ${r.probes} | ${r.medianHealthMs.toFixed(1)} | ${r.worstHealthMs.toFixed(1)} | ${r.rssMb.toFixed(0)} |`);
  }
}

await main();
