/**
 * POST /api/auth/close-account: refusals that change nothing, and what closing does at once
 * (subscription ended, account refused everywhere, memberships and sessions gone).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../../server/auth';
import { closureRecords } from '../../../server/auth/closure';
import { PASSWORD_REQUIRED, WRONG_PASSWORD } from '../../../server/auth/closeAccount';
import { getMembership } from '../../../server/teams/membership';
import { harness, PW, type Harness } from '../subscription/helpers';
import { accept, bearer, buyLocal, homeTeam, invite, startTrial } from '../retention/helpers';

const CLOSE = '/api/auth/close-account';
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const ADA = 'user:ada@example.com';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-close-');
  h.clock.now = T0;
});
afterEach(() => h.close());

/** Signs up and returns the access token and the refresh cookie. */
async function signupWithCookie(email: string): Promise<{ token: string; cookie: string }> {
  const res = await request(h.app).post('/api/auth/signup').send({ email, password: PW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!.split(';')[0];
  return { token: res.body.accessToken as string, cookie };
}

const close = (token: string, body: unknown = { password: PW }) => request(h.app).post(CLOSE).set('Authorization', bearer(token)).send(body as object);
const me = (token: string) => request(h.app).get('/api/auth/me').set('Authorization', bearer(token));
const signin = (email: string, password = PW) => request(h.app).post('/api/auth/signin').send({ email, password });

describe('closing refused, nothing changed', () => {
  it('needs a session and the password, and a wrong password changes nothing', async () => {
    const token = await h.signup();
    expect((await request(h.app).post(CLOSE).send({ password: PW })).status).toBe(401);

    const none = await close(token, {});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(PASSWORD_REQUIRED);

    const wrong = await close(token, { password: 'not the password at all' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: WRONG_PASSWORD, reason: 'wrong_password' });
    expect((await me(token)).status).toBe(200);
    expect((await signin('ada@example.com')).status).toBe(200);
    const closures = [];
    for await (const c of closureRecords(h.store)) closures.push(c);
    expect(closures).toEqual([]);
  });

  it('refuses an owner whose team has another member, then one with a pending invitation, until both are gone', async () => {
    const owner = await h.signup('owner@example.com');
    const teamId = await homeTeam(h, owner);
    await buyLocal(h, owner, 'professional');
    const bob = await h.signup('bob@example.com');
    await accept(h, bob, await invite(h, owner, teamId, 'bob@example.com'));
    await invite(h, owner, teamId, 'carol@example.com');

    const refused = await close(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('owns_team_with_members');
    expect(refused.body.error).toBe(
      `You own the team "owner's team" (1 other member and 1 pending invitation). Before you close your account, make another member the owner (Make owner), or remove the members and withdraw the invitations, in the Team section of your account page (/app/account). Your account is still open.`,
    );
    expect(refused.body.teams).toEqual([{ id: teamId, name: "owner's team", other_members: 1, pending_invitations: 1 }]);
    expect((await me(owner)).status).toBe(200);

    expect((await request(h.app).delete(`/api/teams/${teamId}/members/user:bob@example.com`).set('Authorization', bearer(owner))).status).toBe(200);
    const stillInvited = await close(owner);
    expect(stillInvited.status).toBe(409);
    expect(stillInvited.body.error).toMatch(/^You own the team "owner's team" \(1 pending invitation\)\./);

    expect((await request(h.app).delete(`/api/teams/${teamId}/invitations/carol@example.com`).set('Authorization', bearer(owner))).status).toBe(200);
    expect((await close(owner)).status).toBe(200);
  });
});

describe('closing an account', () => {
  it('ends a paid subscription now, refuses sign-in, refresh and every request, removes memberships and revokes sessions', async () => {
    // Ada: a member of the owner's team, and a paying Starter subscriber herself.
    const owner = await h.signup('owner@example.com');
    const ownerTeam = await homeTeam(h, owner);
    await buyLocal(h, owner, 'professional');
    const ada = await signupWithCookie('ada@example.com');
    await accept(h, ada.token, await invite(h, owner, ownerTeam, 'ada@example.com'));
    await buyLocal(h, ada.token);
    const second = await signin('ada@example.com'); // a second session, on another device
    expect(second.status).toBe(200);

    h.clock.now = T0 + 60_000;
    const res = await close(ada.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      closed: true,
      closed_at: '2026-03-01T12:01:00.000Z',
      subscription: { cancelled: true, tier: 'starter', ended_at: '2026-03-01T12:01:00.000Z' },
    });
    expect(res.body.message).toBe(
      "Your account is closed. Your subscription was cancelled and ended on 1 March 2026; the rest of the period is not refunded. Your account data and your own team's synced projects will be deleted from our server within 30 days. Projects stored on your devices are not affected.",
    );

    // The plan ended now, written by billing like any cancellation.
    const profile = (await h.store.db('accounts').get(`profile:${ADA}`)) as Record<string, unknown>;
    expect(profile).toMatchObject({ subscription_status: 'canceled', subscription_end: '2026-03-01T12:01:00.000Z', max_users: 1, max_projects: 3 });
    const events = (await h.store.db<Record<string, unknown>>('analytics').allDocs({ include_docs: true })).rows.map((r) => r.doc!);
    expect(events.filter((e) => e.user_id === ADA && e.event_type === 'subscription_cancelled')).toEqual([
      expect.objectContaining({ event_data: expect.objectContaining({ reason: 'account_closed', effective: 'immediately' }) }),
    ]);

    const closedMessage = 'This account was closed on 1 March 2026. Its data is being deleted; to use Earnest again, create a new account.';
    const refusedSignin = await signin('ada@example.com');
    expect(refusedSignin.status).toBe(403);
    expect(refusedSignin.body).toEqual({ error: closedMessage, reason: 'account_closed' });
    // A wrong password still gets the ordinary answer: nothing is told to someone who does not know it.
    expect((await signin('ada@example.com', 'a wrong password of length')).status).toBe(401);

    const refreshed = await request(h.app).post('/api/auth/refresh').set('Cookie', ada.cookie);
    expect(refreshed.status).toBe(401);
    expect(refreshed.body).toEqual({ error: closedMessage, reason: 'account_closed' });

    for (const [method, path] of [
      ['get', '/api/auth/me'],
      ['get', '/api/teams'],
      ['get', '/api/user-roles'],
    ] as const) {
      const r = await request(h.app)[method](path).set('Authorization', bearer(ada.token));
      expect(r.status, path).toBe(401);
      expect(r.body, path).toEqual({ error: closedMessage, reason: 'account_closed' });
    }
    const sync = await request(h.app).get(`/db/${ownerTeam}/`).set('Authorization', bearer(second.body.accessToken as string));
    expect(sync.status).toBe(401);

    // Out of the owner's team at once; every session family revoked.
    expect(await getMembership(h.store, ownerTeam, ADA)).toBeNull();
    const members = await request(h.app).get(`/api/teams/${ownerTeam}/members`).set('Authorization', bearer(owner));
    expect((members.body.members as { user_id: string }[]).map((m) => m.user_id)).toEqual(['user:owner@example.com']);
    const families = await h.store.db<Record<string, unknown>>('accounts').allDocs({
      include_docs: true,
      startkey: `refreshfam:${encodeURIComponent(ADA)}:`,
      endkey: `refreshfam:${encodeURIComponent(ADA)}:\ufff0`,
    });
    expect(families.rows).toHaveLength(2);
    for (const f of families.rows) expect(f.doc).toMatchObject({ revokedReason: 'account-closed' });

    // No reset links or verification for a closed account.
    const reset = await request(h.app).post('/api/auth/password-reset/request').send({ email: 'ada@example.com' });
    expect(reset.status).toBe(202);
    const outbox = await request(h.app).get('/api/dev/outbox');
    expect((outbox.body.messages as { to: string; subject: string }[]).filter((m) => m.to === 'ada@example.com' && /Reset/.test(m.subject))).toEqual([]);
  });

  it('a user on a trial (no subscription) closes and is told nothing about a refund', async () => {
    const token = await h.signup();
    await startTrial(h, token);
    const res = await close(token);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toBeNull();
    expect(res.body.message).toMatch(/^Your account is closed\. Your account data/);
  });
});
