import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
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

  it('outside production lists what the server "sent"', async () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0' });
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

  it('does not exist in production (JSON 404), even with a DevOutbox passed in', async () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '0', NODE_ENV: 'production' });
    for (const app of [createApp({ config, store, authSecret: SECRET }), createApp({ config, store, authSecret: SECRET, mailer: new DevOutbox() })]) {
      const res = await request(app).get('/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', path: '/api/dev/outbox' });
    }
  });
});
