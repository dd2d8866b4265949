/**
 * The fetch the engine gives PouchDB (src/local/sync/syncFetch.ts), against a small HTTP server on
 * loopback: the bearer token on every request, one refresh and one retry on a 401, Retry-After
 * reported, and a failed info request answered 503 rather than left as a rejection.
 */
import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFetch } from '../../../src/local/sync/syncFetch';
import { createTokenSource } from '../../../src/local/sync/tokens';

let server: http.Server;
let origin = '';
const seen: { path: string; auth: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (req.url === '/busy') {
        res.writeHead(429, { 'Retry-After': '7', 'Content-Type': 'application/json' });
        res.end('{"error":"too_many_requests"}');
        return;
      }
      if (req.headers.authorization !== 'Bearer fresh') {
        res.writeHead(401, { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'Content-Type': 'application/json' });
        res.end('{"error":"unauthorized"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, echo: body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const tokens = (initial: string | null, next: string | null) => {
  let calls = 0;
  const source = createTokenSource({ initial, refresh: async () => (calls++, next), locks: null, channelName: null });
  return { source, calls: () => calls };
};

describe('the sync fetch', () => {
  it('refreshes an expired token once and repeats the request, body and all, with the new one', async () => {
    const t = tokens('expired', 'fresh');
    const f = createSyncFetch({ tokens: t.source });
    seen.length = 0;
    const res = await f(`${origin}/db/t/_bulk_docs`, { method: 'POST', body: '{"docs":[]}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { echo: string }).echo).toBe('{"docs":[]}');
    expect(seen.map((s) => [s.path, s.auth, s.body])).toEqual([
      ['/db/t/_bulk_docs', 'Bearer expired', '{"docs":[]}'],
      ['/db/t/_bulk_docs', 'Bearer fresh', '{"docs":[]}'],
    ]);
    expect(t.calls()).toBe(1);
  });

  it('gives PouchDB the 401 when the refreshed token is refused too, without looping', async () => {
    const t = tokens('expired', 'also-bad');
    const f = createSyncFetch({ tokens: t.source });
    seen.length = 0;
    const res = await f(`${origin}/db/t/_changes`);
    expect(res.status).toBe(401);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer expired', 'Bearer also-bad']);
  });

  it('answers 401 itself, without a request, when there is no session', async () => {
    const t = tokens(null, null);
    const f = createSyncFetch({ tokens: t.source });
    seen.length = 0;
    const res = await f(`${origin}/db/t/`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { reason: string }).reason).toBe('Signed out: sign in again to sync.');
    expect(seen).toEqual([]);
  });

  it("reports the server's Retry-After", async () => {
    const waits: [number, number][] = [];
    const f = createSyncFetch({ tokens: tokens('fresh', 'fresh').source, now: () => 0, onRetryAfter: (ms, status) => waits.push([ms, status]) });
    expect((await f(`${origin}/busy`)).status).toBe(429);
    expect(waits).toEqual([[7_000, 429]]);
  });

  it('answers a failed info request with 503, and lets other failures through', async () => {
    const closed = 'http://127.0.0.1:9/db/t';
    const f = createSyncFetch({ tokens: tokens('fresh', 'fresh').source, dbUrl: closed });
    const info = await f(`${closed}/`);
    expect(info.status).toBe(503);
    await expect(f(`${closed}/_changes`)).rejects.toThrow();
    await expect(f(`${closed}/`, { method: 'POST' })).rejects.toThrow();
  });

  it("closes the connection's feeds, and keeps no listener per finished feed on the connection's signal", async () => {
    const connection = new AbortController();
    const f = createSyncFetch({ tokens: tokens('fresh', 'fresh').source, signal: connection.signal });
    for (let i = 0; i < 20; i++) {
      const res = await f(`${origin}/db/t/_changes?feed=longpoll&since=${i}`, { signal: new AbortController().signal });
      expect(res.status).toBe(200);
      await res.json();
    }
    expect(getEventListeners(connection.signal, 'abort')).toHaveLength(0); // hours of longpolls add none
    connection.abort();
    seen.length = 0;
    await expect(f(`${origin}/db/t/_changes?feed=longpoll`)).rejects.toThrow('The sync connection was closed.');
    expect(seen).toEqual([]);
    // Other requests of a closed connection still go out (PouchDB does not expect them aborted).
    expect((await f(`${origin}/db/t/_local/checkpoint`)).status).toBe(200);
  });
});
