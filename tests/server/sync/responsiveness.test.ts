/**
 * The server keeps answering while the heaviest write the gateway allows is in flight: a
 * `_bulk_docs` of 1,000 documents (the most per request) filling the 16 MiB body limit. Before the
 * limits, one 8.2 MB body of ~287k small documents froze the server for over 8 minutes.
 *
 * No timing is asserted (the figure is printed, and measured in bench/syncGateway.bench.ts): only
 * that GET /api/health, sent once the big request is fully uploaded, completes before it does.
 */
import http from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { teamDbName } from '../../../server/store';
import { BULK_DOCS_BODY_BYTES, MAX_DOCS_PER_REQUEST } from '../../../server/sync/limits';
import { listen, tokenFor, world, type Running, type World } from './helpers';

let w: World;
let srv: Running;

beforeEach(async () => {
  w = await world('earnest-sync-busy-');
  srv = await listen(w.store, w.dir);
});

afterEach(async () => {
  await srv.stop();
  await w.close();
});

/** The largest `_bulk_docs` body the gateway takes: 1,000 documents just under 16 MiB in all. */
export function worstBulkDocs(): Buffer {
  const pad = 'x'.repeat(Math.floor(BULK_DOCS_BODY_BYTES / MAX_DOCS_PER_REQUEST) - 200);
  const docs = Array.from({ length: MAX_DOCS_PER_REQUEST }, (_, i) => ({ _id: `act:p1:i1:${String(i).padStart(5, '0')}`, type: 'chunk', pad }));
  return Buffer.from(JSON.stringify({ docs }));
}

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): { uploaded: Promise<void>; done: Promise<{ status: number; at: number }> } {
  let uploaded!: () => void;
  const up = new Promise<void>((r) => (uploaded = r));
  const done = new Promise<{ status: number; at: number }>((resolve, reject) => {
    const req = http.request(`${srv.origin}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, at: performance.now() }));
    });
    req.on('error', reject);
    req.on('finish', () => uploaded());
    req.end(body);
  });
  return { uploaded: up, done };
}

it('answers GET /api/health while the largest allowed _bulk_docs is being written', async () => {
  const token = await tokenFor(w.ownerId);
  const body = worstBulkDocs();
  expect(body.length).toBeLessThanOrEqual(BULK_DOCS_BODY_BYTES);

  const big = send('POST', `/db/${w.teamId}/_bulk_docs`, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, body);
  await big.uploaded;
  const sent = performance.now();
  const health = send('GET', '/api/health', {});
  const [h, b] = await Promise.all([health.done, big.done]);

  expect(h.status).toBe(200);
  expect(b.status).toBe(201);
  expect(h.at).toBeLessThan(b.at); // health answered while the big write was still in flight
  console.info(`health answered in ${(h.at - sent).toFixed(1)} ms; the 1,000-document _bulk_docs (${(body.length / 1048576).toFixed(1)} MiB) finished ${(b.at - sent).toFixed(0)} ms after it was uploaded`);
  expect((await w.store.db(teamDbName(w.teamId)).info()).doc_count).toBe(MAX_DOCS_PER_REQUEST);
}, 60_000);
