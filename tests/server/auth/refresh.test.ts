import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createRefreshTokens,
  hashRefreshToken,
  RefreshTokenError,
  type RefreshTokens,
} from '../../../server/auth/refresh';
import { openStore, type Store } from '../../../server/store';

let dir: string;
let store: Store;
let clock: number;
let tokens: RefreshTokens;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-refresh-'));
  store = openStore({ dataDir: dir });
  clock = Date.parse('2026-01-01T00:00:00Z');
  tokens = createRefreshTokens(store, { ttlSeconds: 3600, now: () => clock });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RefreshTokenError);
  return (err as RefreshTokenError).reason;
}

describe('refresh tokens', () => {
  it('issues opaque random tokens and stores only their SHA-256', async () => {
    const a = await tokens.issue('user:a@example.com');
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.userId).toBe('user:a@example.com');
    expect(a.expiresAt).toBe(clock + 3600_000);
    const all = await store.db('accounts').allDocs({ include_docs: true });
    const dump = JSON.stringify(all.rows);
    expect(dump).not.toContain(a.token);
    expect(all.rows.map((r) => r.id)).toContain(`refresh:${hashRefreshToken(a.token)}`);
  });

  it('rotates within the same family, once', async () => {
    const a = await tokens.issue('user:a@example.com');
    const b = await tokens.rotate(a.token);
    expect(b.token).not.toBe(a.token);
    expect(b.familyId).toBe(a.familyId);
    expect(b.userId).toBe('user:a@example.com');
    const c = await tokens.rotate(b.token);
    expect(c.familyId).toBe(a.familyId);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const a = await tokens.issue('user:a@example.com');
    const b = await tokens.rotate(a.token);
    expect(await reason(tokens.rotate(a.token))).toBe('reused');
    expect(await reason(tokens.rotate(b.token))).toBe('revoked');
    // Other sessions of the same user are untouched.
    const other = await tokens.issue('user:a@example.com');
    await expect(tokens.rotate(other.token)).resolves.toMatchObject({ familyId: other.familyId });
  });

  it('lets only one of several concurrent rotations of a token win, and then revokes the family', async () => {
    const a = await tokens.issue('user:a@example.com');
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => tokens.rotate(a.token)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok.length).toBeLessThanOrEqual(1);
    // Any token handed out is dead now: the losers counted as reuse.
    for (const r of ok) expect(await reason(tokens.rotate(r.value.token))).toBe('revoked');
  });

  it('rejects unknown, malformed and expired tokens', async () => {
    expect(await reason(tokens.rotate('A'.repeat(43)))).toBe('unknown');
    expect(await reason(tokens.rotate('not a token'))).toBe('unknown');
    expect(await reason(tokens.rotate(''))).toBe('unknown');
    const a = await tokens.issue('user:a@example.com');
    clock += 3600_000;
    expect(await reason(tokens.rotate(a.token))).toBe('expired');
  });

  it('revokeFamily and revokeToken (logout) end a session', async () => {
    const a = await tokens.issue('user:a@example.com');
    await tokens.revokeFamily(a.familyId, a.userId);
    expect(await reason(tokens.rotate(a.token))).toBe('revoked');

    const b = await tokens.issue('user:a@example.com');
    const b2 = await tokens.rotate(b.token);
    await tokens.revokeToken(b2.token);
    expect(await reason(tokens.rotate(b2.token))).toBe('revoked');
    await tokens.revokeToken('junk'); // ignored
  });

  it('revokeAllForUser revokes every family of that user only', async () => {
    const a1 = await tokens.issue('user:a@example.com');
    const a2 = await tokens.issue('user:a@example.com');
    const a3 = await tokens.rotate((await tokens.issue('user:a@example.com')).token);
    // A user id that extends the other as a string must not be caught by the prefix.
    const ab = await tokens.issue('user:a@example.com:b');
    const other = await tokens.issue('user:b@example.com');
    expect(await tokens.revokeAllForUser('user:a@example.com')).toBe(3);
    for (const t of [a1, a2, a3]) expect(await reason(tokens.rotate(t.token))).toBe('revoked');
    await expect(tokens.rotate(ab.token)).resolves.toBeTruthy();
    await expect(tokens.rotate(other.token)).resolves.toBeTruthy();
    expect(await tokens.revokeAllForUser('user:a@example.com')).toBe(0);
  });

  it('survives a restart (state lives in the store only)', async () => {
    const a = await tokens.issue('user:a@example.com');
    await store.close();
    store = openStore({ dataDir: dir });
    tokens = createRefreshTokens(store, { ttlSeconds: 3600, now: () => clock });
    const b = await tokens.rotate(a.token);
    expect(b.familyId).toBe(a.familyId);
  });
});
