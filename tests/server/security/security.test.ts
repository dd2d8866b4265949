import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { inlineScriptHashes } from '../../../server/security/headers';
import { openStore, type Store } from '../../../server/store';
import { PW, SECRET } from '../subscription/helpers';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-security-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  store = openStore({ dataDir: join(dir, 'data') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let clock = Date.UTC(2026, 2, 1, 12);
const app = (env: Record<string, string> = {}, rateLimits?: Parameters<typeof createApp>[0]['rateLimits']) =>
  createApp({
    now: () => clock,
    config: loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data'), ...env }),
    staticDir: dir,
    store,
    mailer: new DevOutbox(),
    authSecret: SECRET,
    ...(rateLimits !== undefined ? { rateLimits } : {}),
  });

const directives = (csp: string) =>
  new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v] as const));

describe('Content-Security-Policy', () => {
  it('allows the inline theme script by its hash and nothing else inline', async () => {
    const res = await request(app()).get('/');
    expect(res.status).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    // WebAssembly may compile (sql.js reads Asta .pp files in the import worker); JavaScript eval may not.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash]);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Plain http: no upgrade (it would break a laptop install), no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is sent on API answers too, and https deployments get HSTS and upgrades', async () => {
    const res = await request(app({ PUBLIC_URL: 'https://earnest.example.com' })).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('hashes only scripts without a src', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script>a()</script><SCRIPT type="x">b()</SCRIPT>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('b()').digest('base64')}'`,
    ]);
    expect(inlineScriptHashes('')).toEqual([]);
  });
});

describe('rate limits', () => {
  const signup = (a: ReturnType<typeof app>, email: string) => request(a).post('/api/auth/signup').send({ email, password: PW });
  const signin = (a: ReturnType<typeof app>, email: string, password: string) =>
    request(a).post('/api/auth/signin').send({ email, password });

  it('delays an account progressively after 5 failed sign-ins, whoever tries; the right password works once the wait is over', async () => {
    const a = app();
    expect((await signup(a, 'ada@example.com')).status).toBe(201);
    expect((await signup(a, 'bob@example.com')).status).toBe(201);
    // Successes never count.
    for (let i = 0; i < 6; i++) expect((await signin(a, 'ada@example.com', PW)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signin(a, 'ada@example.com', 'wrong password!')).status).toBe(401);
    // Another case and spacing of the address is the same account.
    const waiting = await signin(a, ' ADA@example.com ', PW);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body.error).toBe('Too many failed sign-ins for this account. Wait 1 second and try again, or reset your password.');
    // Not a 15-minute lock: a second later the owner is in.
    clock += 1000;
    expect((await signin(a, 'ada@example.com', PW)).status).toBe(200);
    // Another account from the same address is unaffected.
    expect((await signin(a, 'bob@example.com', PW)).status).toBe(200);
  });

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    const a = app({}, { signinPerIp: { limit: 1000, windowMs: 60_000 } });
    expect((await signup(a, 'ada@example.com')).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await signin(a, 'ada@example.com', 'wrong password!')).status).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 12; i++) {
      const early = await signin(a, 'ada@example.com', 'wrong password!');
      expect(early.status).toBe(429);
      waits.push(early.headers['retry-after'] as string);
      clock += Number(early.headers['retry-after']) * 1000;
      expect((await signin(a, 'ada@example.com', 'wrong password!')).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256', '512', '900', '900']);
    const last = await signin(a, 'ada@example.com', PW);
    expect(last.body.error).toMatch(/Wait 15 minutes and try again, or reset your password\.$/);
    clock += 15 * 60_000;
    expect((await signin(a, 'ada@example.com', PW)).status).toBe(200);
  });

  it('counts every Unicode spelling of an address as one account (NFC, as accounts are keyed)', async () => {
    const a = app();
    const composed = 'zoë@example.com'; // ë as one code point
    const decomposed = 'zoe\u0308@example.com'; // e + combining diaeresis
    expect(composed).not.toBe(decomposed);
    expect((await signup(a, composed)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await signin(a, composed, 'wrong password!')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await signin(a, decomposed.toUpperCase(), 'wrong password!')).status).toBe(401);
    expect((await signin(a, decomposed, PW)).status).toBe(429);
    expect((await signin(a, composed, PW)).status).toBe(429);
  });

  it('does not let parallel guesses slip past the delay together', async () => {
    const a = app();
    expect((await signup(a, 'ada@example.com')).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await signin(a, 'ada@example.com', 'wrong password!')).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 6 }, () => signin(a, 'ada@example.com', 'wrong password!')));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('limits sign-ups per network address', async () => {
    const a = app({}, { signupPerIp: { limit: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await signup(a, `u${i}@example.com`)).status).toBe(201);
    const res = await signup(a, 'u9@example.com');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many sign-ups from this network\. Wait 1 minute and try again\./);
    // Nothing was created for the refused request.
    await expect(store.db('accounts').get('user:u9@example.com')).rejects.toMatchObject({ status: 404 });
  });

  it('limits password reset mails per address', async () => {
    const a = app();
    await signup(a, 'ada@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await request(a).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' })).status).toBe(202);
    }
    const res = await request(a).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many password reset emails for this address/);
  });

  it('limits contact messages per network address', async () => {
    const a = app({}, { contactPerIp: { limit: 2, windowMs: 60_000 } });
    const body = { name: 'Ada', email: 'ada@example.com', message: 'Hello there, a question about pricing.' };
    for (let i = 0; i < 2; i++) expect((await request(a).post('/api/contact').send(body)).status).not.toBe(429);
    const res = await request(a).post('/api/contact').send(body);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many messages from this network/);
  });

  it('can be switched off (load benchmarks)', async () => {
    const a = app({}, false);
    for (let i = 0; i < 8; i++) expect((await signin(a, 'nobody@example.com', 'wrong password!')).status).toBe(401);
  });
});

describe('RATE_LIMIT_IP_FACTOR', () => {
  it('scales the per-address limits only, and refuses nonsense', async () => {
    const { rateLimitsFromEnv, DEFAULT_RATE_LIMITS } = await import('../../../server/security/rateLimits');
    expect(rateLimitsFromEnv({})).toEqual({});
    const s = rateLimitsFromEnv({ RATE_LIMIT_IP_FACTOR: '5' });
    expect(s.signupPerIp).toEqual({ limit: 50, windowMs: DEFAULT_RATE_LIMITS.signupPerIp.windowMs });
    expect(s.contactPerIp?.limit).toBe(25);
    expect(s.signinDelay).toBeUndefined();
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_IP_FACTOR: '-1' })).toThrow(/positive number/);
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_IP_FACTOR: 'lots' })).toThrow(/RATE_LIMIT_IP_FACTOR/);
  });
});
