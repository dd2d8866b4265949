import './setup';
/**
 * Per-account local databases: two people on one device never see each other's projects, signing
 * out and back in finds the same projects, and projects saved before per-account stores existed
 * (the single `team_local` database) move to the first account that opens its store.
 */
import { describe, expect, it } from 'vitest';
import { LEGACY_STORE_NAME, localStoreNameFor, openLocalStore, pouchDb } from '../../../src/local/store';

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

describe('local store per account', () => {
  it('names a database from a hash of the account id: stable, distinct, valid and without the email', async () => {
    const a = await localStoreNameFor('user:ann@example.com');
    const b = await localStoreNameFor('user:bob@example.com');
    expect(a).toMatch(/^user_[0-9a-f]{32}$/);
    expect(b).toMatch(/^user_[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(await localStoreNameFor('user:ann@example.com')).toBe(a);
    expect(a).not.toContain('ann');
    await expect(localStoreNameFor('')).rejects.toThrow(/Sign in to open your projects/);
  });

  it("keeps each account's projects apart, and finds them again after the store is reopened", async () => {
    const annName = await localStoreNameFor('user:ann-apart@example.com');
    const bobName = await localStoreNameFor('user:bob-apart@example.com');
    const ann = await openLocalStore({ name: annName });
    await ann.createProject({ name: 'Viaduct' });
    await ann.close();

    const bob = await openLocalStore({ name: bobName });
    expect(await bob.listProjects()).toEqual([]);
    await bob.close();

    const annAgain = await openLocalStore({ name: annName });
    expect((await annAgain.listProjects()).map((p) => p.name)).toEqual(['Viaduct']);
    await annAgain.close();
  });

  it('moves projects from the pre-account database into the first account that opens, then removes it', async () => {
    // A device that used an earlier build: one project in team_local, with its derived tables.
    const legacy = await openLocalStore({ name: LEGACY_STORE_NAME });
    await legacy.createProject({ name: 'Signal upgrade', code: 'SU-1' });
    await legacy.close();
    const legacyNames = (names: string[]) => names.filter((n) => n === LEGACY_STORE_NAME || n.startsWith(`_pouch_${LEGACY_STORE_NAME}`));
    expect(await databaseNames()).toContain(`${LEGACY_STORE_NAME}__derived`);
    expect(legacyNames(await databaseNames())).not.toEqual([]);

    const first = await openLocalStore({ name: await localStoreNameFor('user:first@example.com'), adoptLegacy: true });
    const projects = await first.listProjects();
    expect(projects.map((p) => [p.name, p.code])).toEqual([['Signal upgrade', 'SU-1']]);
    await first.close();

    const names = await databaseNames();
    expect(names).not.toContain(`${LEGACY_STORE_NAME}__derived`);
    expect(legacyNames(names)).toEqual([]);

    // A second account on the device finds nothing to adopt.
    const second = await openLocalStore({ name: await localStoreNameFor('user:second@example.com'), adoptLegacy: true });
    expect(await second.listProjects()).toEqual([]);
    await second.close();
  });

  it('with nothing saved before, adoption just removes the empty old database', async () => {
    const raw = new (pouchDb())(LEGACY_STORE_NAME, { adapter: 'indexeddb' });
    await raw.info();
    expect(await databaseNames()).toContain(`_pouch_${LEGACY_STORE_NAME}`);
    const store = await openLocalStore({ name: await localStoreNameFor('user:empty@example.com'), adoptLegacy: true });
    expect(await store.listProjects()).toEqual([]);
    await store.close();
    expect(await databaseNames()).not.toContain(`_pouch_${LEGACY_STORE_NAME}`);
  });
});
