import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createRefreshTokens,
  hashRefreshToken,
  REFRESH_GRACE_MS,
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

  it('reuse of a rotated token after the grace window, once a newer token was used, revokes the whole family', async () => {
    const a = await tokens.issue('user:a@example.com');
    const b = await tokens.rotate(a.token);
    clock += 1000;
    const c = await tokens.rotate(b.token); // the client moved on: b was presented
    clock += REFRESH_GRACE_MS + 1;
    expect(await reason(tokens.rotate(a.token))).toBe('reused');
    expect(await reason(tokens.rotate(c.token))).toBe('revoked');
    // Other sessions of the same user are untouched.
    const other = await tokens.issue('user:a@example.com');
    await expect(tokens.rotate(other.token)).resolves.toMatchObject({ familyId: other.familyId });
  });

  it('four parallel rotations of one token all succeed in the same session (grace window)', async () => {
    const a = await tokens.issue('user:a@example.com');
    const results = await Promise.all(Array.from({ length: 4 }, () => tokens.rotate(a.token)));
    expect(results.map((r) => r.familyId)).toEqual(Array(4).fill(a.familyId));
    expect(new Set(results.map((r) => r.token)).size).toBe(4);
    // Whichever answer the browser kept, the session goes on with it.
    clock += 60_000;
    const next = await tokens.rotate(results[3].token);
    expect(next.familyId).toBe(a.familyId);
    // After the grace window, with the family moved on, the old token is a replay again.
    expect(await reason(tokens.rotate(a.token))).toBe('reused');
  });

  it('a token presented again within 30 s returns a fresh token; after 30 s, with a newer one used, it is reuse', async () => {
    const a = await tokens.issue('user:a@example.com');
    const b = await tokens.rotate(a.token);
    await tokens.rotate(b.token);
    clock += REFRESH_GRACE_MS;
    await expect(tokens.rotate(a.token)).resolves.toMatchObject({ familyId: a.familyId });
    clock += 1;
    expect(await reason(tokens.rotate(a.token))).toBe('reused');
  });

  it('lost answer: the previous token still works much later when its successor was never presented', async () => {
    // The browser refreshed on load, the server rotated, the browser died before keeping the cookie.
    const a = await tokens.issue('user:a@example.com');
    const lost = await tokens.rotate(a.token);
    clock += 20 * 60_000; // well past the grace window (the tokens live an hour in these tests)
    const b = await tokens.rotate(a.token); // relaunch: the old cookie
    expect(b.familyId).toBe(a.familyId);
    clock += 1000;
    const c = await tokens.rotate(b.token);
    expect(c.familyId).toBe(a.familyId);
    // The lost successor is superseded: nobody legitimate holds it, so presenting it is reuse.
    clock += REFRESH_GRACE_MS + 1;
    expect(await reason(tokens.rotate(lost.token))).toBe('reused');
    expect(await reason(tokens.rotate(c.token))).toBe('revoked');
  });

  it('a thief replaying a stolen token before its owner’s next refresh gets the family revoked at that refresh', async () => {
    const a = await tokens.issue('user:a@example.com');
    const owners = await tokens.rotate(a.token); // owner's cookie
    clock += 10 * 60_000;
    const thiefs = await tokens.rotate(a.token); // a copy of the old cookie: looks like a lost answer
    clock += 10 * 60_000;
    expect(await reason(tokens.rotate(owners.token))).toBe('reused');
    expect(await reason(tokens.rotate(thiefs.token))).toBe('revoked');
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
