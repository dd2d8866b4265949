import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../../server/app';
import { REFRESH_COOKIE } from '../../../server/auth';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';
import { ensureHomeTeam } from '../../../server/teams/home';

/**
 * Issue 11 item 5: an access token stops working at once after a sign-out or a password change,
 * on /api/* and on the sync gateway (/db/*), instead of living out its 15 minutes.
 */
const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PW = 'a perfectly fine password';
const NEW_PW = 'another perfectly fine password';
const USER = 'user:ada@example.com';

let dir: string;
let store: Store;
let outbox: DevOutbox;
let clock: number;
let app: Express;
let teamId: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-auth-revocation-'));
  store = openStore({ dataDir: dir });
  outbox = new DevOutbox();
  clock = Date.UTC(2026, 5, 1, 9, 0, 0, 250);
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir });
  app = createApp({ config, store, mailer: outbox, authSecret: SECRET, now: () => clock, rateLimits: false });
  const res = await request(app).post('/api/auth/signup').send({ email: 'ada@example.com', password: PW });
  expect(res.status).toBe(201);
  teamId = await ensureHomeTeam(store, USER, clock);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function cookieOf(res: request.Response): string {
  const raw = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const line = raw.find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!;
  return line.split(';')[0];
}

async function signIn(password = PW) {
  const res = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.accessToken as string, cookie: cookieOf(res) };
}

/** The status of one /api/* and one /db/* request with the token. */
async function statuses(token: string): Promise<[number, number]> {
  const api = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
  const db = await request(app).get(`/db/${teamId}/`).set('Authorization', `Bearer ${token}`);
  return [api.status, db.status];
}

describe('access tokens after a sign-out or a password change', () => {
  it('sign-out ends the access token at once on /api and /db; another device refreshes once and carries on', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    expect(await statuses(laptop.token)).toEqual([200, 200]);
    expect(await statuses(phone.token)).toEqual([200, 200]);

    clock += 1;
    expect((await request(app).post('/api/auth/signout').set('Cookie', laptop.cookie)).status).toBe(204);
    expect(await statuses(laptop.token)).toEqual([401, 401]);
    const refused = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${laptop.token}`);
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(refused.body.error).toMatch(/issued before a sign-out or a password change/);

    // The phone's token predates the sign-out too, but its session is alive: one refresh and it works.
    expect(await statuses(phone.token)).toEqual([401, 401]);
    clock += 1;
    const refreshed = await request(app).post('/api/auth/refresh').set('Cookie', phone.cookie);
    expect(refreshed.status).toBe(200);
    expect(await statuses(refreshed.body.accessToken as string)).toEqual([200, 200]);
    // The signed-out laptop cannot refresh.
    expect((await request(app).post('/api/auth/refresh').set('Cookie', laptop.cookie)).status).toBe(401);
  });

  it('sign out everywhere ends every device’s refresh token too', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    clock += 1;
    const res = await request(app).post('/api/auth/signout').set('Cookie', laptop.cookie).send({ everywhere: true });
    expect(res.status).toBe(204);
    expect(await statuses(phone.token)).toEqual([401, 401]);
    expect((await request(app).post('/api/auth/refresh').set('Cookie', phone.cookie)).status).toBe(401);
  });

  it('a password reset ends every access token issued before it, on /api and /db', async () => {
    const before = await signIn();
    expect(await statuses(before.token)).toEqual([200, 200]);
    expect((await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' })).status).toBe(202);
    const mail = outbox.messages().filter((m) => m.text.includes('/auth/reset-password')).pop()!;
    const token = decodeURIComponent(/#token=(\S+)/.exec(mail.text)![1]);
    clock += 1;
    const confirm = await request(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PW });
    expect(confirm.status).toBe(200);
    expect(await statuses(before.token)).toEqual([401, 401]);
    clock += 1;
    const after = await signIn(NEW_PW);
    expect(await statuses(after.token)).toEqual([200, 200]);
  });

  it('tokens issued within the same second, after the sign-out, still work (millisecond cut-off)', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    clock += 100;
    expect((await request(app).post('/api/auth/signout').set('Cookie', laptop.cookie)).status).toBe(204);
    clock += 100; // the same wall-clock second
    const refreshed = await request(app).post('/api/auth/refresh').set('Cookie', phone.cookie);
    expect(await statuses(refreshed.body.accessToken as string)).toEqual([200, 200]);
    expect(await statuses(laptop.token)).toEqual([401, 401]);
  });
});
