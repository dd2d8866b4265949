import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, WeakPasswordError } from '../../../server/auth/passwords';
import {
  createUsers,
  DuplicateUserError,
  InvalidCredentialsError,
  InvalidEmailError,
  normaliseEmail,
  type UserDoc,
  type Users,
} from '../../../server/auth/users';
import { openStore, type Store } from '../../../server/store';

let dir: string;
let store: Store;
let users: Users;
const PW = 'a perfectly fine password';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-users-'));
  store = openStore({ dataDir: dir });
  users = createUsers(store);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('normaliseEmail', () => {
  it('trims and lowercases', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
  it('refuses what is not an email, with a clear message', () => {
    for (const e of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'a:b@example.com', 'a@b@c.com']) {
      expect(() => normaliseEmail(e)).toThrow(InvalidEmailError);
    }
    expect(() => normaliseEmail(`${'a'.repeat(250)}@example.com`)).toThrow(/too long/);
    expect(() => normaliseEmail('ada')).toThrow(/does not look like an email/);
  });
});

describe('users', () => {
  it('creates a user keyed by the normalised email, storing only a hash', async () => {
    const u = await users.createUser({ email: ' Ada@Example.com', password: PW });
    expect(u).toMatchObject({ id: 'user:ada@example.com', email: 'ada@example.com' });
    const doc = await store.db<UserDoc>('accounts').get('user:ada@example.com');
    expect(doc.passwordHash).toMatch(/^\$scrypt\$/);
    expect(JSON.stringify(doc)).not.toContain(PW);
    expect(await users.getUser('user:ada@example.com')).toEqual(u);
    expect(await users.getUser('user:nobody@example.com')).toBeNull();
    expect(await users.getUser('_design/x')).toBeNull();
  });

  it('refuses a duplicate email, whatever its case, with a clear error', async () => {
    await users.createUser({ email: 'ada@example.com', password: PW });
    const err = await users.createUser({ email: 'ADA@example.com', password: PW }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateUserError);
    expect((err as Error).message).toMatch(/already exists/);
  });

  it('creates exactly one user when the same email signs up concurrently', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => users.createUser({ email: i % 2 ? 'bob@example.com' : 'BOB@example.com', password: PW })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DuplicateUserError);
  });

  it('applies the password rules before creating anything', async () => {
    await expect(users.createUser({ email: 'c@example.com', password: 'short' })).rejects.toBeInstanceOf(WeakPasswordError);
    expect(await users.getUser('user:c@example.com')).toBeNull();
    await expect(users.createUser({ email: 'nope', password: PW })).rejects.toBeInstanceOf(InvalidEmailError);
  });

  it('verifies credentials, with the same error for unknown email and wrong password', async () => {
    await users.createUser({ email: 'ada@example.com', password: PW });
    await expect(users.verifyCredentials('ADA@example.com ', PW)).resolves.toMatchObject({ id: 'user:ada@example.com' });
    const wrongPw = await users.verifyCredentials('ada@example.com', 'wrong password!!').catch((e: unknown) => e);
    const unknown = await users.verifyCredentials('zed@example.com', PW).catch((e: unknown) => e);
    const invalid = await users.verifyCredentials('not an email', PW).catch((e: unknown) => e);
    for (const e of [wrongPw, unknown, invalid]) {
      expect(e).toBeInstanceOf(InvalidCredentialsError);
      expect((e as Error).message).toBe('The email or password is incorrect.');
    }
  });

  it('upgrades a weaker stored hash on successful sign-in', async () => {
    const db = store.db<UserDoc>('accounts');
    const weak = await hashPassword(PW, { ln: 10, r: 8, p: 1 });
    await db.put({ _id: 'user:old@example.com', type: 'user', email: 'old@example.com', passwordHash: weak, createdAt: 1 });
    await users.verifyCredentials('old@example.com', PW);
    const doc = await db.get('user:old@example.com');
    expect(doc.passwordHash.startsWith('$scrypt$ln=15,')).toBe(true);
    await expect(users.verifyCredentials('old@example.com', PW)).resolves.toBeTruthy();
  });
});
