import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../../server/app';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  accessTokenSettings,
  DEFAULT_LINK_TTL_SECONDS,
  DEFAULT_REFRESH_TTL_SECONDS,
  REFRESH_COOKIE,
  signAccessToken,
  SIGNIN_FAILED,
} from '../../../server/auth';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PW = 'a perfectly fine password';
const NEW_PW = 'another perfectly fine password';

let dir: string;
let store: Store;
let outbox: DevOutbox;
let clock: number;
let app: Express;

function makeApp(env: NodeJS.ProcessEnv = {}): Express {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, ...env });
  return createApp({ config, store, mailer: outbox, authSecret: SECRET, now: () => clock });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-auth-routes-'));
  store = openStore({ dataDir: dir });
  outbox = new DevOutbox();
  clock = Date.now();
  app = makeApp();
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The refresh cookie's value from a response, or undefined. */
function refreshCookie(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = raw?.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return line ? line.slice(REFRESH_COOKIE.length + 1).split(';')[0] : undefined;
}
function setCookieLine(res: request.Response): string {
  const raw = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return raw.find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
}
const withCookie = (value: string) => `${REFRESH_COOKIE}=${value}`;

async function signup(email = 'ada@example.com', password = PW) {
  const res = await request(app).post('/api/auth/signup').send({ email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { res, accessToken: res.body.accessToken as string, cookie: refreshCookie(res)! };
}

/** The token in the newest mailed link to `to` whose path contains `path`. */
async function linkToken(path: string, to = 'ada@example.com'): Promise<string> {
  const res = await request(app).get('/api/dev/outbox');
  expect(res.status).toBe(200);
  const mails = (res.body.messages as { to: string; text: string }[]).filter((m) => m.to === to && m.text.includes(path));
  expect(mails.length).toBeGreaterThan(0);
  const m = /#token=([^\s]+)/.exec(mails[mails.length - 1].text);
  return decodeURIComponent(m![1]);
}

describe('POST /api/auth/signup', () => {
  it('creates the account, starts a session and mails a verification link', async () => {
    const { res, accessToken, cookie } = await signup('  Ada@Example.com ');
    expect(res.body.user).toMatchObject({ id: 'user:ada@example.com', email: 'ada@example.com', emailVerified: false });
    expect(accessToken.split('.')).toHaveLength(3);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const line = setCookieLine(res);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api/auth');
    expect(line).toContain(`Max-Age=${DEFAULT_REFRESH_TTL_SECONDS}`);
    expect(line).not.toContain('Secure'); // PUBLIC_URL is http://localhost

    const mails = outbox.messages();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('ada@example.com');
    expect(mails[0].text).toMatch(/http:\/\/localhost:0\/auth\/verify-email#token=/);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    app = makeApp({ PUBLIC_URL: 'https://earnest.example.com/' });
    const { res } = await signup();
    expect(setCookieLine(res)).toContain('Secure');
    expect(outbox.messages()[0].text).toContain('https://earnest.example.com/auth/verify-email#token=');
  });

  it('refuses a duplicate email (any case or Unicode spelling) with 409, changing nothing (the documented convenience over enumeration resistance)', async () => {
    await signup();
    const mails = outbox.messages().length;
    const res = await request(app).post('/api/auth/signup').send({ email: ' ADA@example.com', password: NEW_PW });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'An account with this email already exists. Sign in instead, or reset the password.' });
    expect(refreshCookie(res)).toBeUndefined();
    expect(outbox.messages()).toHaveLength(mails);
    // The owner's password is untouched.
    expect((await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW })).status).toBe(200);
    expect((await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: NEW_PW })).status).toBe(401);
  });

  it('refuses a weak password and a bad email with 400 and a clear message', async () => {
    const weak = await request(app).post('/api/auth/signup').send({ email: 'ada@example.com', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/too short/);
    const email = await request(app).post('/api/auth/signup').send({ email: 'not-an-email', password: PW });
    expect(email.status).toBe(400);
    expect(email.body.error).toMatch(/does not look like an email/);
    expect(outbox.messages()).toHaveLength(0);
  });

  it('validates the body: missing fields, wrong types, non-JSON, malformed and oversized JSON', async () => {
    const missing = await request(app).post('/api/auth/signup').send({ email: 'ada@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Enter a password.');
    const wrongType = await request(app).post('/api/auth/signup').send({ email: 42, password: PW });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('Enter an email address.');
    const form = await request(app).post('/api/auth/signup').type('form').send({ email: 'ada@example.com', password: PW });
    expect(form.status).toBe(400);
    expect(form.body.error).toMatch(/JSON/);
    const array = await request(app).post('/api/auth/signup').send([1, 2]);
    expect(array.status).toBe(400);
    const malformed = await request(app).post('/api/auth/signup').set('Content-Type', 'application/json').send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('The request body is not valid JSON.');
    const big = await request(app)
      .post('/api/auth/signup')
      .send({ email: 'ada@example.com', password: PW, padding: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('The request body is too large.');
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the right password: user, access token, new refresh cookie', async () => {
    const first = await signup();
    const res = await request(app).post('/api/auth/signin').send({ email: 'ADA@example.com', password: PW });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: 'user:ada@example.com', emailVerified: false });
    expect(typeof res.body.accessToken).toBe('string');
    const cookie = refreshCookie(res);
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(first.cookie);
  });

  it('gives the same 401 message for a wrong password, an unknown email and a malformed email', async () => {
    await signup();
    for (const body of [
      { email: 'ada@example.com', password: 'the wrong password' },
      { email: 'nobody@example.com', password: PW },
      { email: 'not an email', password: PW },
    ]) {
      const res = await request(app).post('/api/auth/signin').send(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toEqual({ error: SIGNIN_FAILED });
      expect(refreshCookie(res)).toBeUndefined();
    }
  });

  it('400 for a body without the fields', async () => {
    const res = await request(app).post('/api/auth/signin').send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Enter an email address.');
  });
});

describe('GET /api/auth/me and requireUser', () => {
  it('returns the user for a valid bearer token', async () => {
    const { accessToken } = await signup();
    const res = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: 'user:ada@example.com',
      email: 'ada@example.com',
      createdAt: expect.any(Number),
      emailVerified: false,
    });
  });

  it('401 with a Bearer challenge without a token', async () => {
    for (const header of [undefined, 'Basic YTpi', 'Bearer', 'Bearer a b']) {
      const req = request(app).get('/api/auth/me');
      const res = await (header ? req.set('Authorization', header) : req);
      expect(res.status, header).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="earnest"');
      expect(res.body.error).toBe('Sign in to continue.');
    }
  });

  it('401 invalid_token for a tampered token', async () => {
    const { accessToken } = await signup();
    const [h, p, s] = accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'user:eve@example.com' })).toString('base64url')}.${s}`;
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [forged, flipped, 'not.a.jwt']) {
      const res = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'The access token is not valid.', reason: 'invalid' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="earnest", error="invalid_token"/);
    }
  });

  it('401 reason "expired" for an expired token, so the client knows to refresh', async () => {
    const { accessToken } = await signup();
    clock += 16 * 60 * 1000;
    const res = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'The access token has expired.', reason: 'expired' });
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('refuses other algorithms, other keys and other audiences', async () => {
    await signup();
    const claims = { sub: 'user:ada@example.com' };
    const iat = Math.floor(clock / 1000);
    const none = new UnsecuredJWT(claims)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .encode();
    // The right key and claims, but not HS256: the algorithm is pinned.
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(new TextEncoder().encode(SECRET));
    const otherKey = await signAccessToken(
      accessTokenSettings({ secret: 'x'.repeat(40), issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE }),
      claims,
      new Date(clock),
    );
    const otherAudience = await signAccessToken(
      accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: 'earnest:verify-email' }),
      claims,
      new Date(clock),
    );
    for (const [name, token] of Object.entries({ none, hs512, otherKey, otherAudience })) {
      const res = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect(res.status, name).toBe(401);
      expect(res.body.reason, name).toBe('invalid');
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new access token and a new cookie; the old cookie is then reuse and revokes the family', async () => {
    const { cookie: c1 } = await signup();
    clock += 60_000;
    const r1 = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(c1));
    expect(r1.status).toBe(200);
    expect(r1.body.user.id).toBe('user:ada@example.com');
    const c2 = refreshCookie(r1)!;
    expect(c2).toBeDefined();
    expect(c2).not.toBe(c1);
    expect(setCookieLine(r1)).toContain('Path=/api/auth');
    const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${r1.body.accessToken}`);
    expect(me.status).toBe(200);

    // The client moves on with c2; replaying c1 after the 30 s grace window is reuse → 401, and the
    // family (its newest cookie too) is revoked.
    clock += 1000;
    const r2 = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(c2));
    expect(r2.status).toBe(200);
    const c3 = refreshCookie(r2)!;
    clock += 31_000;
    const replay = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(c1));
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toBe('reused');
    expect(replay.body.error).toMatch(/sign in again/);
    expect(setCookieLine(replay)).toMatch(/^earnest_refresh=;/); // cleared
    const after = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(c3));
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('revoked');
  });

  it('four parallel refreshes with one cookie all answer 200 in the same session (grace window)', async () => {
    const { cookie } = await signup();
    clock += 60_000;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => request(app).post('/api/auth/refresh').set('Cookie', withCookie(cookie))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of answers) {
      expect(r.body.user.id).toBe('user:ada@example.com');
      const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${r.body.accessToken}`);
      expect(me.status).toBe(200);
    }
    // The browser keeps the last Set-Cookie it reads: the session continues from it.
    clock += 60_000;
    const next = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(refreshCookie(answers[3])!));
    expect(next.status).toBe(200);
  });

  it('browser killed before it kept the rotated cookie: the pre-rotation cookie still signs it in on relaunch', async () => {
    const { cookie } = await signup();
    clock += 5_000;
    // The page refreshes on load; the answer (and its Set-Cookie) is lost with the browser.
    expect((await request(app).post('/api/auth/refresh').set('Cookie', withCookie(cookie))).status).toBe(200);
    clock += 10 * 60_000;
    const relaunch = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(cookie));
    expect(relaunch.status).toBe(200);
    expect(relaunch.body.user.id).toBe('user:ada@example.com');
    // A persistent cookie (Max-Age / Expires), not a session cookie that dies with the browser.
    expect(setCookieLine(relaunch)).toMatch(/Max-Age=2592000/);
    expect(setCookieLine(relaunch)).toMatch(/Expires=/);
    clock += 60_000;
    expect((await request(app).post('/api/auth/refresh').set('Cookie', withCookie(refreshCookie(relaunch)!))).status).toBe(200);
  });

  it('401 without a cookie, with an unknown cookie, and with an expired one', async () => {
    const none = await request(app).post('/api/auth/refresh');
    expect(none.status).toBe(401);
    expect(none.body.reason).toBe('missing');
    const unknown = await request(app).post('/api/auth/refresh').set('Cookie', withCookie('A'.repeat(43)));
    expect(unknown.status).toBe(401);
    expect(unknown.body.reason).toBe('unknown');

    const { cookie } = await signup();
    clock += (DEFAULT_REFRESH_TTL_SECONDS + 1) * 1000;
    const expired = await request(app).post('/api/auth/refresh').set('Cookie', `other=1; ${withCookie(cookie)}`);
    expect(expired.status).toBe(401);
    expect(expired.body.reason).toBe('expired');
  });

  it('ignores a refresh token sent in the body (cookie only)', async () => {
    const { cookie } = await signup();
    const res = await request(app).post('/api/auth/refresh').send({ refreshToken: cookie });
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('missing');
  });
});

describe('POST /api/auth/signout', () => {
  it('revokes the session, clears the cookie, 204; refresh then fails', async () => {
    const { cookie } = await signup();
    const res = await request(app).post('/api/auth/signout').set('Cookie', withCookie(cookie));
    expect(res.status).toBe(204);
    const line = setCookieLine(res);
    expect(line).toMatch(/^earnest_refresh=;/);
    expect(line).toContain('Path=/api/auth');
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
    const refresh = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(cookie));
    expect(refresh.status).toBe(401);
    expect(refresh.body.reason).toBe('revoked');
  });

  it('is 204 without a cookie too, and leaves other sessions alone', async () => {
    const { cookie } = await signup();
    const other = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW });
    expect((await request(app).post('/api/auth/signout')).status).toBe(204);
    expect((await request(app).post('/api/auth/signout').set('Cookie', withCookie(refreshCookie(other)!))).status).toBe(204);
    const still = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(cookie));
    expect(still.status).toBe(200);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies with the mailed link, once', async () => {
    const { accessToken } = await signup();
    const token = await linkToken('/auth/verify-email');
    const res = await request(app).post('/api/auth/verify-email').send({ token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: 'user:ada@example.com', emailVerified: true });
    const me = await request(app).get('/api/auth/me').set('Authorization', `Bearer ${accessToken}`);
    expect(me.body.user.emailVerified).toBe(true);

    const again = await request(app).post('/api/auth/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('used');
    expect(again.body.error).toMatch(/already been used/);
  });

  it('refuses an expired, a tampered, a missing token, and a reset token', async () => {
    await signup();
    const token = await linkToken('/auth/verify-email');

    const missing = await request(app).post('/api/auth/verify-email').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('The link token is missing.');

    const tampered = await request(app).post('/api/auth/verify-email').send({ token: `${token.slice(0, -3)}abc` });
    expect(tampered.status).toBe(400);
    expect(tampered.body.reason).toBe('invalid');

    await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    const resetToken = await linkToken('/auth/reset-password');
    const wrongPurpose = await request(app).post('/api/auth/verify-email').send({ token: resetToken });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.reason).toBe('invalid');

    clock += (DEFAULT_LINK_TTL_SECONDS['verify-email'] + 10) * 1000;
    const expired = await request(app).post('/api/auth/verify-email').send({ token });
    expect(expired.status).toBe(400);
    expect(expired.body.reason).toBe('expired');
    expect(expired.body.error).toMatch(/expired/);
  });

  it('an access token is not a verification token', async () => {
    const { accessToken } = await signup();
    const res = await request(app).post('/api/auth/verify-email').send({ token: accessToken });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('invalid');
  });
});

describe('password reset', () => {
  it('request is always 202; mail only when the account exists', async () => {
    await signup();
    outbox.clear();
    for (const email of ['nobody@example.com', 'not an email', 'ADA@example.com']) {
      const res = await request(app).post('/api/auth/password-reset/request').send({ email });
      expect(res.status, email).toBe(202);
      expect(res.body.message).toMatch(/If an account exists/);
    }
    const mails = outbox.messages();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('ada@example.com');
    expect(mails[0].text).toContain('/auth/reset-password#token=');
    const bad = await request(app).post('/api/auth/password-reset/request').send({});
    expect(bad.status).toBe(400);
  });

  it('confirm sets the new password, revokes every session, and the link works once', async () => {
    const { cookie } = await signup();
    const other = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW });
    await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    const token = await linkToken('/auth/reset-password');

    const res = await request(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PW });
    expect(res.status).toBe(200);
    expect(res.body.revokedSessions).toBe(2);

    for (const c of [cookie, refreshCookie(other)!]) {
      const r = await request(app).post('/api/auth/refresh').set('Cookie', withCookie(c));
      expect(r.status).toBe(401);
      expect(r.body.reason).toBe('revoked');
    }
    const oldPw = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW });
    expect(oldPw.status).toBe(401);
    const newPw = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: NEW_PW });
    expect(newPw.status).toBe(200);
    expect(newPw.body.user.emailVerified).toBe(true); // the mailed link proved the address

    const again = await request(app).post('/api/auth/password-reset/confirm').send({ token, password: 'yet another fine password' });
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('used');
  });

  it('an older reset link dies when the password changes through a newer one', async () => {
    await signup();
    await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    const first = await linkToken('/auth/reset-password');
    clock += 1000;
    await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    const second = await linkToken('/auth/reset-password');
    expect(second).not.toBe(first);
    expect((await request(app).post('/api/auth/password-reset/confirm').send({ token: second, password: NEW_PW })).status).toBe(200);
    const res = await request(app).post('/api/auth/password-reset/confirm').send({ token: first, password: 'yet another fine password' });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('used');
  });

  it('refuses a weak password without using up the link, and an expired or tampered link', async () => {
    await signup();
    await request(app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    const token = await linkToken('/auth/reset-password');

    const weak = await request(app).post('/api/auth/password-reset/confirm').send({ token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/too short/);

    const tampered = await request(app).post('/api/auth/password-reset/confirm').send({ token: `x${token}`, password: NEW_PW });
    expect(tampered.status).toBe(400);
    expect(tampered.body.reason).toBe('invalid');

    const verifyToken = await linkToken('/auth/verify-email');
    const wrongPurpose = await request(app).post('/api/auth/password-reset/confirm').send({ token: verifyToken, password: NEW_PW });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.reason).toBe('invalid');

    clock += (DEFAULT_LINK_TTL_SECONDS['password-reset'] + 10) * 1000;
    const expired = await request(app).post('/api/auth/password-reset/confirm').send({ token, password: NEW_PW });
    expect(expired.status).toBe(400);
    expect(expired.body.reason).toBe('expired');
    const unchanged = await request(app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW });
    expect(unchanged.status).toBe(200);
  });
});

describe('routing', () => {
  it('unknown /api/auth paths and wrong methods stay JSON 404s', async () => {
    const res = await request(app).get('/api/auth/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', path: '/api/auth/nothing' });
    const get = await request(app).get('/api/auth/signin');
    expect(get.status).toBe(404);
  });
});
