import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, defaultMailer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox, UnconfiguredMailer } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';

describe('DevOutbox', () => {
  it('keeps the last N messages, oldest first, with ids and times', async () => {
    const outbox = new DevOutbox(2, () => Date.UTC(2026, 0, 2));
    for (const n of [1, 2, 3]) await outbox.send({ to: `u${n}@example.com`, subject: `s${n}`, text: `t${n}` });
    const kept = outbox.messages();
    expect(kept.map((m) => m.to)).toEqual(['u2@example.com', 'u3@example.com']);
    expect(kept.map((m) => m.id)).toEqual([2, 3]);
    expect(kept[0].sentAt).toBe('2026-01-02T00:00:00.000Z');
    kept[0].to = 'changed';
    expect(outbox.messages()[0].to).toBe('u2@example.com'); // a copy
    outbox.clear();
    expect(outbox.messages()).toEqual([]);
    expect(() => new DevOutbox(0)).toThrow(/positive/);
  });

  it('UnconfiguredMailer logs the recipient and subject, never the body', async () => {
    const lines: string[] = [];
    await new UnconfiguredMailer((l) => lines.push(l)).send({ to: 'a@example.com', subject: 'Hi', text: 'secret-link' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('a@example.com');
    expect(lines[0]).not.toContain('secret-link');
  });
});

describe('GET /api/dev/outbox', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'earnest-outbox-'));
    store = openStore({ dataDir: dir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const SECRET = 'z'.repeat(40);

  it('is off by default (npm start): mail is logged and dropped, the path is a 404', async () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0' });
    expect(config.devOutbox).toBe(false);
    expect(defaultMailer(config)).toBeInstanceOf(UnconfiguredMailer);
    const app = createApp({ config, store, authSecret: SECRET });
    const res = await request(app).get('/api/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', path: '/api/dev/outbox' });
  });

  it('with EARNEST_DEV_OUTBOX=1 (npm run dev:server) lists what the server "sent"', async () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', EARNEST_DEV_OUTBOX: '1' });
    expect(config.devOutbox).toBe(true);
    const app = createApp({ config, store, authSecret: SECRET });
    const empty = await request(app).get('/api/dev/outbox');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ messages: [] });
    expect(empty.headers['cache-control']).toBe('no-store');
    await request(app).post('/api/auth/signup').send({ email: 'ada@example.com', password: 'a perfectly fine password' });
    const res = await request(app).get('/api/dev/outbox');
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ to: 'ada@example.com', subject: expect.stringMatching(/Confirm/) });
  });

  it('refuses a value that is not a yes/no', () => {
    expect(() => loadConfig({ EARNEST_DEV_OUTBOX: 'on please' })).toThrow(/EARNEST_DEV_OUTBOX must be 1 or 0/);
    expect(loadConfig({ EARNEST_DEV_OUTBOX: '0' }).devOutbox).toBe(false);
  });

  it('does not exist in production (JSON 404), even with the flag or a DevOutbox passed in', async () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', NODE_ENV: 'production', EARNEST_DEV_OUTBOX: '1' });
    expect(defaultMailer(config)).toBeInstanceOf(UnconfiguredMailer);
    for (const app of [createApp({ config, store, authSecret: SECRET }), createApp({ config, store, authSecret: SECRET, mailer: new DevOutbox() })]) {
      const res = await request(app).get('/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', path: '/api/dev/outbox' });
    }
  });
});

describe('GET /api/dev/outbox answers this machine only', () => {
  let dir: string;
  let store: Store;
  const servers: Server[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'earnest-outbox-'));
    store = openStore({ dataDir: dir });
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A dev app (flag on, TRUST_PROXY=1 so req.ip would believe X-Forwarded-For) with one message in its outbox. */
  async function devApp() {
    const outbox = new DevOutbox();
    await outbox.send({ to: 'ada@example.com', subject: 'Reset your password', text: 'https://x/auth/reset-password#token=abc' });
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', EARNEST_DEV_OUTBOX: '1', TRUST_PROXY: '1' });
    return createApp({ config, store, authSecret: 'z'.repeat(40), mailer: outbox });
  }

  it('a loopback client reads it; one relayed by a proxy (Forwarded / X-Forwarded-For / X-Real-IP) gets 404', async () => {
    const app = await devApp();
    expect((await request(app).get('/api/dev/outbox')).body.messages).toHaveLength(1);
    for (const [h, v] of [
      ['X-Forwarded-For', '203.0.113.7'],
      ['X-Forwarded-For', '127.0.0.1'],
      ['Forwarded', 'for=203.0.113.7'],
      ['X-Real-IP', '203.0.113.7'],
    ]) {
      const res = await request(app).get('/api/dev/outbox').set(h, v);
      expect(res.status, `${h}: ${v}`).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', path: '/api/dev/outbox' });
    }
  });

  // A real connection from this machine's own non-loopback address (the socket's remote address is
  // then that address, as for a client on the network); skipped where the machine has none.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)('a client on a non-loopback address gets 404, even claiming X-Forwarded-For: 127.0.0.1', async () => {
    const app = await devApp();
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, external, r));
    const { port } = server.address() as AddressInfo;
    for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }] as Record<string, string>[]) {
      const res = await fetch(`http://${external}:${port}/api/dev/outbox`, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found', path: '/api/dev/outbox' });
    }
    // The same server does answer: the 404 is the outbox's refusal, not a dead port.
    expect((await fetch(`http://${external}:${port}/api/health`)).status).toBe(200);
  });
});
