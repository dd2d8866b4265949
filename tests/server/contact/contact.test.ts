import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../../../server/auth';
import { loadConfig } from '../../../server/config';
import { DevOutbox, type MailMessage, type Mailer } from '../../../server/mail';
import { grantRole } from '../../../server/roles';
import { openStore, type Store } from '../../../server/store';
import { harness, SECRET, type Harness } from '../subscription/helpers';

/** An app with CONTACT_EMAIL set, a chosen mailer and no rate limits. */
interface ContactApp {
  app: Express;
  store: Store;
  clock: { now: number };
  close(): Promise<void>;
}
function contactApp(mailer: Mailer, contactEmail = 'hello@earnest.example'): ContactApp {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-contact-mail-'));
  const store = openStore({ dataDir: dir });
  const clock = { now: Date.parse('2026-03-01T12:00:00.000Z') };
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, CONTACT_EMAIL: contactEmail });
  const app = createApp({ config, store, mailer, authSecret: SECRET, now: () => clock.now, rateLimits: false });
  return {
    app,
    store,
    clock,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const form = (extra: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy',
  subject: 'Pricing question',
  message: 'How much for 40 seats?',
  ...extra,
});

async function storedMessages(store: Store) {
  const res = await store.db('contact').allDocs({ include_docs: true });
  return res.rows.map((r) => r.doc as Record<string, unknown>);
}

describe('POST /api/contact (no CONTACT_EMAIL)', () => {
  let h: Harness;
  beforeEach(() => {
    h = harness('earnest-contact-');
  });
  afterEach(async () => {
    await h.close();
  });

  it('stores the message without an IP, answers 201 { ok, id }, sends no mail', async () => {
    const res = await request(h.app).post('/api/contact').send(form());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/) });
    const docs = await storedMessages(h.store);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      _id: `contact:${res.body.id}`,
      type: 'contact_message',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      subject: 'Pricing question',
      message: 'How much for 40 seats?',
      user_id: null,
      created_at: '2026-03-01T12:00:00.000Z',
    });
    expect(JSON.stringify(docs[0])).not.toMatch(/127\.0\.0\.1|::1|ip/i);
    expect((await request(h.app).get('/api/dev/outbox')).body.messages).toEqual([]);
  });

  it('attributes the message to a signed-in sender', async () => {
    const token = await h.tokenFor('user:ada@example.com');
    const res = await request(h.app).post('/api/contact').set('Authorization', `Bearer ${token}`).send(form({ company: undefined, subject: undefined }));
    expect(res.status).toBe(201);
    const [doc] = await storedMessages(h.store);
    expect(doc).toMatchObject({ user_id: 'user:ada@example.com', company: null, subject: null });
  });

  it('the honeypot: a filled website answers 201 the same, stores and mails nothing', async () => {
    const res = await request(h.app).post('/api/contact').send(form({ website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.any(String) });
    expect(await storedMessages(h.store)).toEqual([]);
    // An empty honeypot is what people send.
    expect((await request(h.app).post('/api/contact').send(form({ website: '' }))).status).toBe(201);
    expect(await storedMessages(h.store)).toHaveLength(1);
  });

  it('rejects invalid fields with a message naming the field', async () => {
    // At most five requests here: the app's contact rate limit (5 an hour per address) applies.
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /name is required/],
      [{ name: '   ' }, /name is required/],
      [{ name: 'x'.repeat(201) }, /name must be at most 200/],
      [{ name: undefined }, /name is required/],
      [{ email: 'not-an-email' }, /email must be a valid email address/],
    ];
    for (const [change, message] of cases) {
      const res = await request(h.app).post('/api/contact').send(form(change));
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await storedMessages(h.store)).toEqual([]);
  });
});

describe('POST /api/contact with CONTACT_EMAIL', () => {
  let c: ContactApp;
  afterEach(async () => {
    await c.close();
  });

  it('mails the message to CONTACT_EMAIL with reply-to the sender', async () => {
    c = contactApp(new DevOutbox());
    const res = await request(c.app).post('/api/contact').send(form());
    expect(res.status).toBe(201);
    const outbox = await request(c.app).get('/api/dev/outbox');
    expect(outbox.body.messages).toHaveLength(1);
    const mail = outbox.body.messages[0];
    expect(mail).toMatchObject({ to: 'hello@earnest.example', subject: 'Contact form: Pricing question', replyTo: 'grace@example.com' });
    expect(mail.text).toContain('How much for 40 seats?');
    expect(mail.text).toContain('Grace Hopper <grace@example.com>');
    expect(mail.text).toContain('Company: Navy');
  });

  it('uses the name as the subject when none is given, on one line', async () => {
    c = contactApp(new DevOutbox());
    await request(c.app).post('/api/contact').send(form({ subject: '', name: 'Grace\r\nBcc: x@evil.example' }));
    const mail = (await request(c.app).get('/api/dev/outbox')).body.messages[0];
    expect(mail.subject).toBe('Contact form: Grace Bcc: x@evil.example');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('validates the remaining fields', async () => {
    c = contactApp(new DevOutbox());
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: `${'a'.repeat(320)}@example.com` }, /email must be at most 320/],
      [{ email: 42 }, /email must be a string/],
      [{ message: '' }, /message is required/],
      [{ message: 'x'.repeat(5001) }, /message must be at most 5000/],
      [{ company: 'x'.repeat(201) }, /company must be at most 200/],
      [{ subject: 'x'.repeat(201) }, /subject must be at most 200/],
      [{ subject: 7 }, /subject must be a string/],
    ];
    for (const [change, message] of cases) {
      const res = await request(c.app).post('/api/contact').send(form(change));
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const notObject = await request(c.app).post('/api/contact').set('Content-Type', 'application/json').send('[1]');
    expect(notObject.status).toBe(400);
    expect(await storedMessages(c.store)).toEqual([]);
    expect((await request(c.app).get('/api/dev/outbox')).body.messages).toEqual([]);
  });

  it('a mail failure is logged; the message is still stored and the answer is 201', async () => {
    const sent: MailMessage[] = [];
    const failing: Mailer = {
      async send(m) {
        sent.push(m);
        throw new Error('SMTP is down');
      },
    };
    c = contactApp(failing);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request(c.app).post('/api/contact').send(form());
      expect(res.status).toBe(201);
      expect(sent).toHaveLength(1);
      expect(await storedMessages(c.store)).toHaveLength(1);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/is stored but could not be mailed/), expect.any(Error));
    } finally {
      log.mockRestore();
    }
  });

  it('the honeypot sends no mail either', async () => {
    c = contactApp(new DevOutbox());
    expect((await request(c.app).post('/api/contact').send(form({ website: 'x' }))).status).toBe(201);
    expect((await request(c.app).get('/api/dev/outbox')).body.messages).toEqual([]);
    expect(await storedMessages(c.store)).toEqual([]);
  });
});

describe('GET /api/contact/messages', () => {
  let c: ContactApp;
  afterEach(async () => {
    await c.close();
  });

  it('admins page through messages newest first; others get 401 / 403', async () => {
    c = contactApp(new DevOutbox());
    for (let i = 1; i <= 5; i++) {
      await request(c.app).post('/api/contact').send(form({ message: `message ${i}` }));
      c.clock.now += 1000;
    }
    await grantRole(c.store, 'user:admin@example.com', 'admin');
    const admin = await tokenFor(c, 'user:admin@example.com');

    const p1 = await request(c.app).get('/api/contact/messages?pageSize=2').set('Authorization', `Bearer ${admin}`);
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(p1.body).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(p1.body.messages.map((m: { message: string }) => m.message)).toEqual(['message 5', 'message 4']);
    expect(p1.body.messages[0]).toMatchObject({ id: expect.any(String), email: 'grace@example.com' });
    expect(p1.body.messages[0]).not.toHaveProperty('_rev');
    const p3 = await request(c.app).get('/api/contact/messages?page=3&pageSize=2').set('Authorization', `Bearer ${admin}`);
    expect(p3.body.messages.map((m: { message: string }) => m.message)).toEqual(['message 1']);
    const all = await request(c.app).get('/api/contact/messages').set('Authorization', `Bearer ${admin}`);
    expect(all.body).toMatchObject({ page: 1, pageSize: 20, total: 5, totalPages: 1 });

    const bad = await request(c.app).get('/api/contact/messages?page=0').set('Authorization', `Bearer ${admin}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/page must be a whole number/);

    expect((await request(c.app).get('/api/contact/messages')).status).toBe(401);
    const user = await tokenFor(c, 'user:ada@example.com');
    const forbidden = await request(c.app).get('/api/contact/messages').set('Authorization', `Bearer ${user}`);
    expect(forbidden.status).toBe(403);
  });
});

/** A token for the contact app (same secret as the harness). */
function tokenFor(c: ContactApp, userId: string): Promise<string> {
  const settings = accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
  return signAccessToken(settings, { sub: userId }, new Date(c.clock.now));
}
