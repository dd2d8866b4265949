import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  accessTokenSettings,
  InvalidAccessTokenError,
  signAccessToken,
  verifyAccessToken,
} from '../../../server/auth/tokens';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const settings = accessTokenSettings({ secret: SECRET, issuer: 'https://earnest.test', audience: 'earnest-api' });
const key = new TextEncoder().encode(SECRET);
const T0 = new Date('2026-01-01T00:00:00Z');
const sec = (d: Date) => Math.floor(d.getTime() / 1000);

function b64(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

async function expectRejected(token: string, reason: 'expired' | 'invalid', now = T0) {
  const err = await verifyAccessToken(settings, token, now).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InvalidAccessTokenError);
  expect((err as InvalidAccessTokenError).reason).toBe(reason);
}

describe('access tokens', () => {
  it('round-trips with issuer, audience and a 15-minute expiry', async () => {
    const token = await signAccessToken(settings, { sub: 'user:a@example.com', teams: { t1: 'owner' } }, T0);
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    const v = await verifyAccessToken(settings, token, T0);
    expect(v.sub).toBe('user:a@example.com');
    expect(v.teams).toEqual({ t1: 'owner' });
    expect(v.exp - v.iat).toBe(15 * 60);
  });

  it('rejects an expired token (reason "expired") and accepts it just before', async () => {
    const token = await signAccessToken(settings, { sub: 'u' }, T0);
    await expect(verifyAccessToken(settings, token, new Date(T0.getTime() + 14 * 60_000))).resolves.toBeTruthy();
    await expectRejected(token, 'expired', new Date(T0.getTime() + 16 * 60_000));
  });

  it('rejects a token signed with another algorithm, even with the same secret', async () => {
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt(sec(T0))
      .setExpirationTime(sec(T0) + 600)
      .sign(key);
    await expectRejected(hs512, 'invalid');

    const { privateKey } = await generateKeyPair('ES256');
    const es256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('u')
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt(sec(T0))
      .setExpirationTime(sec(T0) + 600)
      .sign(privateKey);
    await expectRejected(es256, 'invalid');
  });

  it('rejects alg "none"', async () => {
    const payload = { sub: 'u', iss: settings.issuer, aud: settings.audience, iat: sec(T0), exp: sec(T0) + 600 };
    await expectRejected(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`, 'invalid');
    await expectRejected(`${b64({ alg: 'none' })}.${b64(payload)}`, 'invalid');
  });

  it('rejects a tampered payload or signature', async () => {
    const token = await signAccessToken(settings, { sub: 'user:a@example.com' }, T0);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    await expectRejected(`${h}.${b64({ ...claims, sub: 'user:admin@example.com' })}.${s}`, 'invalid');
    const flipped = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    await expectRejected(`${h}.${p}.${flipped}`, 'invalid');
    // Signed with a different secret.
    const other = accessTokenSettings({ ...settings, secret: 'another-secret-that-is-long-enough-987654' });
    await expectRejected(await signAccessToken(other, { sub: 'u' }, T0), 'invalid');
  });

  it('rejects the wrong issuer or audience', async () => {
    const wrongIss = accessTokenSettings({ secret: SECRET, issuer: 'https://evil.test', audience: settings.audience });
    const wrongAud = accessTokenSettings({ secret: SECRET, issuer: settings.issuer, audience: 'couchdb' });
    await expectRejected(await signAccessToken(wrongIss, { sub: 'u' }, T0), 'invalid');
    await expectRejected(await signAccessToken(wrongAud, { sub: 'u' }, T0), 'invalid');
  });

  it('requires sub, exp and iat', async () => {
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt(sec(T0))
      .sign(key);
    await expectRejected(noExp, 'invalid');
    const noSub = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setIssuedAt(sec(T0))
      .setExpirationTime(sec(T0) + 600)
      .sign(key);
    await expectRejected(noSub, 'invalid');
  });

  it('rejects a correctly signed token that lives longer than the configured lifetime, or is dated in the future', async () => {
    const forged = (iat: number, exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('user:a@example.com')
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    const tenYears = 10 * 365 * 24 * 3600;
    await expectRejected(await forged(sec(T0), sec(T0) + tenYears), 'invalid');
    // One second past the 15 minutes plus the 5 s clock tolerance: refused; exactly at it: accepted.
    await expectRejected(await forged(sec(T0), sec(T0) + 15 * 60 + 6), 'invalid');
    await expect(verifyAccessToken(settings, await forged(sec(T0), sec(T0) + 15 * 60 + 5), T0)).resolves.toMatchObject({
      sub: 'user:a@example.com',
    });
    // Issued an hour from now (so a long-lived token could be pre-minted): refused.
    await expectRejected(await forged(sec(T0) + 3600, sec(T0) + 3600 + 600), 'invalid');
    await expectRejected(await forged(sec(T0) + 6, sec(T0) + 600), 'invalid');
  });

  it('rejects garbage', async () => {
    for (const t of ['', 'abc', 'a.b.c', 'x'.repeat(10_000)]) await expectRejected(t, 'invalid');
  });

  it('refuses a short secret or bad lifetime at start-up', () => {
    expect(() => accessTokenSettings({ secret: 'short', issuer: 'i', audience: 'a' })).toThrow(/at least 32/);
    expect(() => accessTokenSettings({ secret: SECRET, issuer: 'i', audience: 'a', ttlSeconds: 0 })).toThrow(/1–3600/);
    expect(() => accessTokenSettings({ secret: SECRET, issuer: '', audience: 'a' })).toThrow(/issuer/);
  });
});
