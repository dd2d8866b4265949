import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUsers } from '../../../server/auth/users';
import { main, USAGE } from '../../../server/cli/admin';
import { getRoles } from '../../../server/roles';
import { openStore } from '../../../server/store';
import { harness, PW, type Harness } from './helpers';

let h: Harness;
let out: string[];
let err: string[];
const io = () => ({ store: h.store, out: (l: string) => out.push(l), err: (l: string) => err.push(l) });

beforeEach(() => {
  h = harness('earnest-admin-');
  out = [];
  err = [];
});
afterEach(async () => {
  await h.close();
});

const details = async () =>
  (
    await request(h.app)
      .post('/api/functions/get-subscription-details')
      .set('Authorization', `Bearer ${await h.tokenFor('user:ada@example.com')}`)
      .send({})
  ).body;

describe('npm run admin', () => {
  it('grant admin → details show subscribed 999/999; revoke → back to the defaults', async () => {
    await h.signup('ada@example.com');
    expect(await main(['grant', ' Ada@Example.com ', 'admin'], io())).toBe(0);
    expect(out).toEqual(['Granted admin to ada@example.com.']);
    expect(await details()).toMatchObject({ subscribed: true, totalUsers: 999, total_users: 999, totalProjects: 999, total_projects: 999 });

    expect(await main(['grant', 'ada@example.com', 'admin'], io())).toBe(0);
    expect(out[1]).toMatch(/already has admin; nothing changed/);

    expect(await main(['revoke', 'ada@example.com', 'admin'], io())).toBe(0);
    expect(out[2]).toBe('Revoked admin from ada@example.com.');
    expect(await details()).toMatchObject({ subscribed: false, totalUsers: 1, totalProjects: 3 });
    expect(await main(['revoke', 'ada@example.com', 'admin'], io())).toBe(0);
    expect(out[3]).toMatch(/does not have admin; nothing changed/);
  });

  it('grant free_user works the same way', async () => {
    await h.signup('ada@example.com');
    expect(await main(['grant', 'ada@example.com', 'free_user'], io())).toBe(0);
    expect(await details()).toMatchObject({ subscribed: true, baseUsers: 999, baseProjects: 999 });
  });

  it('unknown email → exit 1 with a message', async () => {
    expect(await main(['grant', 'nobody@example.com', 'admin'], io())).toBe(1);
    expect(err.join('\n')).toMatch(/No account with the email nobody@example.com/);
    expect(await getRoles(h.store, 'user:nobody@example.com')).toEqual([]);
  });

  it('bad usage → exit 2 with the usage', async () => {
    const cases = [[], ['promote', 'ada@example.com', 'admin'], ['grant', 'ada@example.com'], ['grant', 'ada@example.com', 'owner'], ['grant', 'not-an-email', 'admin'], ['grant', 'ada@example.com', 'admin', 'extra']];
    for (const argv of cases) {
      err = [];
      expect(await main(argv, io()), argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain(USAGE);
    }
    expect(await main(['--help'], io())).toBe(0);
    expect(out).toEqual([USAGE]);
  });

  it('opens the store from DATA_DIR like the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earnest-admin-env-'));
    try {
      const s = openStore({ dataDir: dir });
      await createUsers(s).createUser({ email: 'grace@example.com', password: PW });
      await s.close();
      const env = { DATA_DIR: dir };
      const o: string[] = [];
      const e: string[] = [];
      const sink = { env, out: (l: string) => o.push(l), err: (l: string) => e.push(l) };
      expect(await main(['grant', 'grace@example.com', 'admin'], sink)).toBe(0);
      expect(await main(['grant', 'nobody@example.com', 'admin'], sink)).toBe(1);
      const again = openStore({ dataDir: dir });
      expect(await getRoles(again, 'user:grace@example.com')).toEqual(['admin']);
      await again.close();
      expect(o).toEqual(['Granted admin to grace@example.com.']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
