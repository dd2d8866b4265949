import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getRoles, grantRole, revokeRole, roleDocId } from '../../../server/roles';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-roles-');
});
afterEach(async () => {
  await h.close();
});

describe('GET /api/user-roles', () => {
  it('401 without a token and with a bad one', async () => {
    const none = await request(h.app).get('/api/user-roles');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const bad = await request(h.app).get('/api/user-roles').set('Authorization', 'Bearer not.a.token');
    expect(bad.status).toBe(401);
  });

  it("returns [] for a user without roles, then only the caller's own roles", async () => {
    const ada = await h.signup('ada@example.com');
    const bob = await h.signup('bob@example.com');
    let res = await request(h.app).get('/api/user-roles').set('Authorization', `Bearer ${ada}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual([]);

    await grantRole(h.store, 'user:ada@example.com', 'admin');
    await grantRole(h.store, 'user:ada@example.com', 'free_user');
    await grantRole(h.store, 'user:bob@example.com', 'free_user');
    res = await request(h.app).get('/api/user-roles').set('Authorization', `Bearer ${ada}`);
    expect(res.body).toEqual([{ role: 'admin' }, { role: 'free_user' }]);
    res = await request(h.app).get('/api/user-roles').set('Authorization', `Bearer ${bob}`);
    expect(res.body).toEqual([{ role: 'free_user' }]);
  });
});

describe('grantRole / revokeRole', () => {
  const uid = 'user:ada@example.com';

  it('report whether anything changed and are idempotent', async () => {
    expect(await grantRole(h.store, uid, 'admin')).toBe(true);
    expect(await grantRole(h.store, uid, 'admin')).toBe(false);
    expect(await getRoles(h.store, uid)).toEqual(['admin']);
    expect(await revokeRole(h.store, uid, 'free_user')).toBe(false);
    expect(await revokeRole(h.store, uid, 'admin')).toBe(true);
    expect(await getRoles(h.store, uid)).toEqual([]);
    const doc = await h.store.db('accounts').get(roleDocId(uid));
    expect(doc).toMatchObject({ type: 'user_roles', user_id: uid, roles: [] });
  });

  it('parallel grants of different roles both land (upsert)', async () => {
    await Promise.all([grantRole(h.store, uid, 'admin'), grantRole(h.store, uid, 'free_user')]);
    expect(await getRoles(h.store, uid)).toEqual(['admin', 'free_user']);
  });
});
