import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../../server/auth/links';
import { createRefreshTokens, hashRefreshToken, RefreshTokenError } from '../../../server/auth/refresh';
import { sweepExpiredAuthRecords } from '../../../server/auth/sweep';
import { openStore, type Store } from '../../../server/store';
import { SECRET } from '../subscription/helpers';

const HOUR = 3600_000;
let dir: string;
let store: Store;
let clock: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-sweep-'));
  store = openStore({ dataDir: dir });
  clock = Date.parse('2026-01-01T00:00:00Z');
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = async (prefix: string) =>
  (await store.db('accounts').allDocs({ startkey: prefix, endkey: `${prefix}\ufff0` })).rows.map((r) => r.id);

describe('sweepExpiredAuthRecords', () => {
  it('removes expired refresh tokens and dead families, keeps live ones, and refusals stay the same', async () => {
    const tokens = createRefreshTokens(store, { ttlSeconds: 3600, now: () => clock });
    const old = await tokens.issue('user:ada@example.com');
    const rotated = await tokens.rotate(old.token);
    clock += 2 * HOUR;
    const live = await tokens.issue('user:bob@example.com');
    expect(await ids('refresh:')).toHaveLength(3);
    expect(await ids('refreshfam:')).toHaveLength(2);

    const result = await sweepExpiredAuthRecords(store, clock);
    expect(result).toEqual({ refreshTokens: 2, families: 1, linkMarkers: 0 });
    expect(await ids('refresh:')).toEqual([`refresh:${hashRefreshToken(live.token)}`]);
    expect(await ids('refreshfam:')).toEqual([expect.stringContaining(encodeURIComponent('user:bob@example.com'))]);
    // The swept token is still refused (as unknown now), and the live one still rotates.
    await expect(tokens.rotate(rotated.token)).rejects.toBeInstanceOf(RefreshTokenError);
    await expect(tokens.rotate(live.token)).resolves.toMatchObject({ userId: 'user:bob@example.com' });
    // A second sweep finds nothing more.
    expect(await sweepExpiredAuthRecords(store, clock)).toEqual({ refreshTokens: 0, families: 0, linkMarkers: 0 });
  });

  it('removes single-use link markers only after every link could have expired', async () => {
    const links = createLinkTokens({ secret: SECRET, store, now: () => clock });
    const t = await links.sign('verify-email', 'user:ada@example.com');
    await links.consume('verify-email', await links.verify('verify-email', t));
    expect(await ids('onetime:')).toHaveLength(1);
    clock += 47 * HOUR;
    expect((await sweepExpiredAuthRecords(store, clock)).linkMarkers).toBe(0);
    clock += 2 * HOUR;
    expect((await sweepExpiredAuthRecords(store, clock)).linkMarkers).toBe(1);
    expect(await ids('onetime:')).toEqual([]);
    // The link itself is past its expiry, so it cannot be used again.
    await expect(links.verify('verify-email', t)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('pages through more records than one page holds', async () => {
    const tokens = createRefreshTokens(store, { ttlSeconds: 60, now: () => clock });
    await Promise.all(Array.from({ length: 1203 }, (_, i) => tokens.issue(`user:u${i}@example.com`)));
    clock += 2 * HOUR;
    const result = await sweepExpiredAuthRecords(store, clock);
    expect(result.refreshTokens).toBe(1203);
    expect(result.families).toBe(1203);
    expect(await ids('refresh:')).toEqual([]);
  });
});
