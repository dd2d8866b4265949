import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createIfAbsent,
  FIXED_DB_NAMES,
  InvalidDbNameError,
  isValidDbName,
  openStore,
  storeOptionsFromEnv,
  teamDbName,
  upsert,
  UpsertConflictError,
  type DbName,
  type Store,
} from '../../../server/store';

let dir: string;
let store: Store | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-store-'));
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('openStore (LevelDB)', () => {
  it('creates the data directory on first start', async () => {
    const dataDir = join(dir, 'nested', 'data');
    store = openStore({ dataDir });
    expect(store.kind).toBe('leveldb');
    expect(existsSync(dataDir)).toBe(true);
    await store.db('accounts').put({ _id: 'x' });
    expect(existsSync(join(dataDir, 'accounts'))).toBe(true);
  });

  it('keeps documents across close and reopen', async () => {
    store = openStore({ dataDir: dir });
    await store.db('accounts').put({ _id: 'user:a@example.com', n: 1 });
    await store.db(teamDbName('01hx7k2m')).put({ _id: 'activity:1', name: 'Dig' });
    await store.close();

    store = openStore({ dataDir: dir });
    const user = await store.db<{ n: number }>('accounts').get('user:a@example.com');
    expect(user.n).toBe(1);
    const act = await store.db<{ name: string }>('team_01hx7k2m').get('activity:1');
    expect(act.name).toBe('Dig');
  });

  it('returns the same cached instance per name and separate databases per name', async () => {
    store = openStore({ dataDir: dir });
    expect(store.db('teams')).toBe(store.db('teams'));
    await store.db('teams').put({ _id: 'only-here' });
    await expect(store.db('billing').get('only-here')).rejects.toMatchObject({ status: 404 });
  });

  it('accepts every fixed name and valid team names', () => {
    store = openStore({ dataDir: dir });
    for (const name of FIXED_DB_NAMES) expect(() => store!.db(name)).not.toThrow();
    for (const id of ['a', '0', '01hx7k2mabcdefghjkmnpqrstv', '3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'x'.repeat(64)]) {
      expect(isValidDbName(`team_${id}`)).toBe(true);
      expect(teamDbName(id)).toBe(`team_${id}`);
    }
  });

  it('refuses bad database names and team ids', () => {
    store = openStore({ dataDir: dir });
    const bad = [
      '',
      'users',
      'ACCOUNTS',
      '_users',
      'team_',
      'team_../accounts',
      'team_a/b',
      'team_A',
      'team_-a',
      'team_a-',
      'team_a b',
      'team_a_b',
      'team_a\u0000',
      `team_${'x'.repeat(65)}`,
      '../accounts',
    ];
    for (const name of bad) {
      expect(isValidDbName(name)).toBe(false);
      expect(() => store!.db(name as DbName)).toThrow(InvalidDbNameError);
    }
    expect(() => teamDbName('../x')).toThrow(/Invalid team id/);
    expect(() => store!.db(42 as unknown as DbName)).toThrow(InvalidDbNameError);
  });

  it('refuses use after close', async () => {
    store = openStore({ dataDir: dir });
    await store.close();
    expect(() => store!.db('accounts')).toThrow(/closed/);
  });
});

describe('openStore (CouchDB)', () => {
  // No CouchDB here: only construction and argument checks are tested. Talking to a real
  // CouchDB 3 is left to a staging check.
  it('builds HTTP databases without contacting the server', () => {
    const s = openStore({ dataDir: dir, couchUrl: 'http://127.0.0.1:1/', couchUser: 'admin', couchPassword: 'pw' });
    expect(s.kind).toBe('couchdb');
    const db = s.db('accounts');
    expect(db.name).toBe('http://127.0.0.1:1/accounts');
    expect(s.db('team_abc').name).toBe('http://127.0.0.1:1/team_abc');
  });

  it('reads COUCHDB_* from the environment; without COUCHDB_URL it is LevelDB', () => {
    expect(storeOptionsFromEnv({}, dir)).toEqual({ dataDir: dir });
    expect(storeOptionsFromEnv({ COUCHDB_URL: '  ', COUCHDB_USER: 'admin' }, dir)).toEqual({ dataDir: dir });
    expect(
      storeOptionsFromEnv({ COUCHDB_URL: 'https://couch:5984', COUCHDB_USER: ' admin ', COUCHDB_PASSWORD: ' p w ' }, dir),
    ).toEqual({ dataDir: dir, couchUrl: 'https://couch:5984', couchUser: 'admin', couchPassword: ' p w ' });
  });

  it('rejects unusable settings with a clear message', () => {
    expect(() => openStore({ dataDir: dir, couchUrl: 'not a url' })).toThrow(/not a valid URL/);
    expect(() => openStore({ dataDir: dir, couchUrl: 'ftp://x' })).toThrow(/http/);
    expect(() => openStore({ dataDir: dir, couchUrl: 'http://u:p@x:5984' })).toThrow(/COUCHDB_USER/);
    expect(() => openStore({ dataDir: dir, couchUrl: 'http://x:5984', couchUser: 'admin' })).toThrow(/both/);
  });
});

describe('upsert', () => {
  interface Counter {
    n: number;
  }

  it('creates, updates, and leaves unchanged when fn returns null', async () => {
    store = openStore({ dataDir: dir });
    const db = store.db<Counter>('analytics');
    const a = await upsert(db, 'c', (doc) => ({ n: (doc?.n ?? 0) + 1 }));
    expect(a.updated).toBe(true);
    const b = await upsert(db, 'c', (doc) => ({ n: (doc?.n ?? 0) + 1 }));
    expect(b.doc?.n).toBe(2);
    const c = await upsert(db, 'c', () => null);
    expect(c.updated).toBe(false);
    expect(c.doc?.n).toBe(2);
    expect((await db.get('c')).n).toBe(2);
  });

  it('20 parallel increments end at 20', async () => {
    store = openStore({ dataDir: dir });
    const db = store.db<Counter>('analytics');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => upsert(db, 'counter', (doc) => ({ n: (doc?.n ?? 0) + 1 }), { maxAttempts: 100 })),
    );
    expect(results.every((r) => r.updated)).toBe(true);
    expect((await db.get('counter')).n).toBe(20);
    // Each increment produced exactly one revision: no lost updates.
    expect((await db.get('counter'))._rev.startsWith('20-')).toBe(true);
  });

  it('gives up after the bound and surfaces the last conflict', async () => {
    store = openStore({ dataDir: dir });
    const real = store.db<Counter>('analytics');
    await real.put({ _id: 'hot', n: 0 });
    // A database where another writer always wins between our read and our write.
    let puts = 0;
    const contended = {
      get: (id: string) => real.get(id),
      put: async () => {
        puts++;
        throw Object.assign(new Error('Document update conflict'), { status: 409, name: 'conflict' });
      },
    } as unknown as PouchDB.Database<Counter>;
    const err = await upsert(contended, 'hot', (doc) => ({ n: (doc?.n ?? 0) + 1 }), { maxAttempts: 4 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UpsertConflictError);
    expect(puts).toBe(4);
    expect((err as UpsertConflictError).attempts).toBe(4);
    expect((err as UpsertConflictError).message).toMatch(/"hot".*4 attempts/);
    expect(((err as UpsertConflictError).cause as { status: number }).status).toBe(409);
    expect((await real.get('hot')).n).toBe(0);
  });

  it('rethrows errors other than conflicts', async () => {
    store = openStore({ dataDir: dir });
    const db = store.db<Counter>('analytics');
    await expect(upsert(db, '_bad_id', () => ({ n: 1 }))).rejects.toMatchObject({ status: 400 });
  });
});

describe('createIfAbsent', () => {
  it('creates once, then reports a duplicate', async () => {
    store = openStore({ dataDir: dir });
    const db = store.db<{ v: number }>('accounts');
    expect(await createIfAbsent(db, { _id: 'user:a@example.com', v: 1 })).toBe(true);
    expect(await createIfAbsent(db, { _id: 'user:a@example.com', v: 2 })).toBe(false);
    expect((await db.get('user:a@example.com')).v).toBe(1);
  });

  it('lets exactly one of many concurrent creators win', async () => {
    store = openStore({ dataDir: dir });
    const db = store.db<{ v: number }>('accounts');
    const created = await Promise.all(
      Array.from({ length: 25 }, (_, i) => createIfAbsent(db, { _id: 'user:same@example.com', v: i })),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = created.indexOf(true);
    expect((await db.get('user:same@example.com')).v).toBe(winner);
  });
});
