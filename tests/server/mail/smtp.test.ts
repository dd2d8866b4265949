import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { SmtpMailer } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';
import { PW, SECRET } from '../subscription/helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

let server: SMTPServer;
let port: number;
let received: Received[];

beforeEach(async () => {
  received = [];
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Uint8Array[] = [];
      stream.on('data', (c: Uint8Array) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SmtpMailer', () => {
  it('delivers a message with sender, recipient, subject, body and reply-to, authenticating', async () => {
    const mailer = new SmtpMailer({ url: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'Earnest <no-reply@earnest.test>' });
    try {
      await mailer.send({ to: 'ada@example.com', subject: 'Hello Ada', text: 'The body text.', replyTo: 'bob@example.com' });
    } finally {
      mailer.close();
    }
    expect(received).toHaveLength(1);
    const [m] = received;
    expect(m.user).toBe('mailer');
    expect(m.from).toBe('no-reply@earnest.test');
    expect(m.to).toEqual(['ada@example.com']);
    expect(m.raw).toMatch(/^Subject: Hello Ada\r?$/m);
    expect(m.raw).toMatch(/^Reply-To: bob@example\.com\r?$/m);
    expect(m.raw).toContain('The body text.');
  });

  it('rejects with the server error when the credentials are wrong (nothing delivered)', async () => {
    const mailer = new SmtpMailer({ url: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'no-reply@earnest.test' });
    try {
      await expect(mailer.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toThrow(/Invalid username or password/);
    } finally {
      mailer.close();
    }
    expect(received).toHaveLength(0);
  });

  it('the server uses SMTP when SMTP_URL is set: a password reset link arrives by SMTP', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earnest-smtp-'));
    const store: Store = openStore({ dataDir: dir });
    try {
      const config = loadConfig({
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dir,
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
        MAIL_FROM: 'Earnest <no-reply@earnest.test>',
        PUBLIC_URL: 'https://earnest.example.com',
      });
      const app = createApp({ config, store, authSecret: SECRET });
      expect((await request(app).post('/api/auth/signup').send({ email: 'ada@example.com', password: PW })).status).toBe(201);
      expect((await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' })).status).toBe(202);
      // The dev outbox does not exist when real mail is configured.
      expect((await request(app).get('/api/dev/outbox')).status).toBe(404);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(2); // verification + reset
      const reset = received.find((m) => /reset/i.test(m.raw.split(/\r?\n\r?\n/)[0]));
      expect(reset?.to).toEqual(['ada@example.com']);
      expect(reset?.raw.replace(/=\r?\n/g, '')).toContain('https://earnest.example.com/auth/reset-password#token=');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP configuration', () => {
  it('accepts smtp and smtps URLs and names the problem otherwise, without echoing the password', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter2@example.com' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\/; got "http:\/\/u:\*\*\*@example.com"/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL is not a valid URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://earnest.example.com' }).mailFrom).toBe('Earnest <no-reply@earnest.example.com>');
  });
});
