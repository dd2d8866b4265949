/**
 * What happens to a closed account's data: the sweep purges it once its last access token has
 * expired, deletes only what existed at closing, is idempotent, and a sign-up with the same address
 * then (or before) starts a fresh account.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closureRecords, type StoredClosure } from '../../../server/auth/closure';
import { grantRole } from '../../../server/roles';
import { CLOSURE_RECORD_DAYS, PURGE_GRACE_MS, sweepClosedAccounts } from '../../../server/retention';
import { FIXED_DB_NAMES } from '../../../server/store';
import { getMembership } from '../../../server/teams/membership';
import { harness, PW, type Harness } from '../subscription/helpers';
import { accept, bearer, buyLocal, DAY, homeTeam, invite, startTrial, syncProjects, teamDocIds } from '../retention/helpers';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const ADA = 'user:ada@example.com';
const MIN = 60_000;

let h: Harness;
beforeEach(() => {
  h = harness('earnest-purge-');
  h.clock.now = T0;
});
afterEach(() => h.close());

const track = (token: string | null, id: string) => {
  const req = request(h.app).post('/api/analytics/events');
  if (token) req.set('Authorization', bearer(token));
  return req.send({ id, event_type: 'page_view', event_category: 'navigation' }).expect(201);
};

async function closures(): Promise<StoredClosure[]> {
  const out: StoredClosure[] = [];
  for await (const c of closureRecords(h.store)) out.push(c);
  return out;
}

/** Every stored document of the fixed databases, as text, for "is anything about Ada left". */
async function everything(): Promise<string> {
  const parts: string[] = [];
  for (const name of FIXED_DB_NAMES) {
    const all = await h.store.db(name).allDocs({ include_docs: true });
    parts.push(JSON.stringify(all.rows.map((r) => r.doc)));
  }
  return parts.join('\n');
}

/**
 * Ada: her own team with synced projects, a trial, a role, analytics, an admin of the owner's
 * team who invited Carol there; then she removes nothing and closes. Returns the ids involved.
 */
async function adaClosesHerAccount() {
  const owner = await h.signup('owner@example.com');
  const ownerTeam = await homeTeam(h, owner);
  await buyLocal(h, owner, 'professional');
  const bob = await h.signup('bob@example.com');

  const ada = await h.signup('ada@example.com');
  const adaTeam = await homeTeam(h, ada);
  await startTrial(h, ada);
  await syncProjects(h, adaTeam, 4);
  await grantRole(h.store, ADA, 'free_user', () => h.clock.now);
  await accept(h, ada, await invite(h, owner, ownerTeam, 'ada@example.com', 'admin'));
  await invite(h, ada, ownerTeam, 'carol@example.com');
  await track(ada, 'ada-1');
  await track(ada, 'ada-2');
  await track(bob, 'bob-1');
  await track(null, 'anonymous-1');

  h.clock.now = T0 + 10 * MIN;
  const res = await request(h.app).post('/api/auth/close-account').set('Authorization', bearer(ada)).send({ password: PW });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { owner, ownerTeam, adaTeam, closedAt: h.clock.now };
}

describe('purging a closed account', () => {
  it('waits until its access tokens have expired, then deletes its data and only its data, once', async () => {
    const { owner, ownerTeam, adaTeam, closedAt } = await adaClosesHerAccount();

    // Not yet: an access token issued just before closing may still be alive.
    expect(await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS - 1)).toMatchObject({ accountsPurged: 0 });
    expect(await h.store.db('accounts').get(ADA)).toMatchObject({ closedAt });

    const first = await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS);
    expect(first).toMatchObject({
      accountsPurged: 1,
      teamDatabasesDeleted: 1,
      analyticsRows: 3, // two page views and trial_started
    });
    expect(first.invitations).toBe(2); // the one she sent to Carol, the one she accepted
    expect(first.authRecords).toBeGreaterThanOrEqual(1);

    // Her docs are gone …
    const accounts = h.store.db('accounts');
    for (const id of [ADA, `profile:${ADA}`, `trial:${ADA}`, `role:${ADA}`]) {
      await expect(accounts.get(id), id).rejects.toMatchObject({ status: 404 });
    }
    const teams = h.store.db('teams');
    for (const id of [`home-team:${ADA}`, `user-teams:${ADA}`, `team:${adaTeam}`, `member:${adaTeam}:${ADA}`]) {
      await expect(teams.get(id), id).rejects.toMatchObject({ status: 404 });
    }
    expect(await teamDocIds(h, adaTeam)).toEqual([]);
    expect(await getMembership(h.store, ownerTeam, ADA)).toBeNull();

    // … everyone else's stay.
    const analytics = (await h.store.db<{ user_id: string | null }>('analytics').allDocs({ include_docs: true })).rows.map((r) => r.doc!);
    expect(analytics.filter((d) => d.user_id === ADA)).toEqual([]);
    expect(analytics.map((d) => d._id)).toEqual(expect.arrayContaining(['event:bob-1', 'event:anonymous-1']));
    const ownerMembers = await request(h.app).get(`/api/teams/${ownerTeam}/members`).set('Authorization', bearer(owner));
    expect(ownerMembers.status).toBe(200);
    expect(ownerMembers.body.invitations).toEqual([]);
    expect((await request(h.app).get('/api/auth/me').set('Authorization', bearer(owner))).status).toBe(200);

    // Idempotent: a second run (or a second instance) finds nothing more.
    expect(await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS + MIN)).toEqual({
      accountsPurged: 0,
      teamDatabasesDeleted: 0,
      analyticsRows: 0,
      authRecords: 0,
      invitations: 0,
      billingRecords: 0,
      closureRecordsRemoved: 0,
    });
    expect(await closures()).toEqual([expect.objectContaining({ user_id: ADA, closed_at: closedAt, account_purged_at: expect.any(Number), scans_done_at: expect.any(Number) })]);

    // The closure record (it names her) goes inside the 30 days promised, and then nothing names her.
    expect((await sweepClosedAccounts(h.store, closedAt + CLOSURE_RECORD_DAYS * DAY - MIN)).closureRecordsRemoved).toBe(0);
    expect((await sweepClosedAccounts(h.store, closedAt + CLOSURE_RECORD_DAYS * DAY)).closureRecordsRemoved).toBe(1);
    expect(await everything()).not.toContain('ada@example.com');
  });

  it('is safe when two sweeps purge the same account at once', async () => {
    const { adaTeam, closedAt } = await adaClosesHerAccount();
    const at = closedAt + PURGE_GRACE_MS;
    const results = await Promise.all([sweepClosedAccounts(h.store, at), sweepClosedAccounts(h.store, at)]);
    expect(results.reduce((n, r) => n + r.accountsPurged, 0)).toBeGreaterThanOrEqual(1);
    await expect(h.store.db('accounts').get(ADA)).rejects.toMatchObject({ status: 404 });
    expect(await teamDocIds(h, adaTeam)).toEqual([]);
    await sweepClosedAccounts(h.store, at + MIN);
    expect((await closures())[0]).toMatchObject({ scans_done_at: expect.any(Number) });
  });

  it('deletes a profile a late webhook wrote after the purge, while the record lasts', async () => {
    const { closedAt } = await adaClosesHerAccount();
    await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS);
    await h.store.db('accounts').put({ _id: `profile:${ADA}`, type: 'profile', id: ADA, subscription_status: 'canceled' });
    await sweepClosedAccounts(h.store, closedAt + DAY);
    await expect(h.store.db('accounts').get(`profile:${ADA}`)).rejects.toMatchObject({ status: 404 });
  });
});

describe('signing up again with the same address', () => {
  it('right after closing: a fresh account, and the later sweep leaves it alone', async () => {
    const { adaTeam, closedAt } = await adaClosesHerAccount();
    const oldToken = await h.tokenFor(ADA); // issued before the new account exists

    h.clock.now = closedAt + 2 * MIN;
    const again = await request(h.app).post('/api/auth/signup').send({ email: 'ada@example.com', password: 'a brand new passphrase' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.user).toMatchObject({ id: ADA, emailVerified: false, createdAt: closedAt + 2 * MIN });
    const fresh = again.body.accessToken as string;

    // The old account's data went with the sign-up; the new one starts empty.
    expect(await teamDocIds(h, adaTeam)).toEqual([]);
    const newTeam = await homeTeam(h, fresh);
    expect(newTeam).not.toBe(adaTeam);
    const details = await request(h.app).post('/api/functions/get-subscription-details').set('Authorization', bearer(fresh)).send({});
    expect(details.body).toMatchObject({ subscribed: false, is_on_trial: false, tier: null });
    await startTrial(h, fresh);
    await syncProjects(h, newTeam, 1);
    await track(fresh, 'ada-new');

    // A token of the closed account does not work for the new one.
    const stale = await request(h.app).get('/api/auth/me').set('Authorization', bearer(oldToken));
    expect(stale.status).toBe(401);
    expect((await request(h.app).post('/api/auth/signin').send({ email: 'ada@example.com', password: PW })).status).toBe(401);
    expect((await request(h.app).post('/api/auth/signin').send({ email: 'ada@example.com', password: 'a brand new passphrase' })).status).toBe(200);

    // The sweep finishes the old account (its analytics) and leaves the new one alone.
    const swept = await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS + MIN);
    expect(swept).toMatchObject({ accountsPurged: 0, analyticsRows: 3 });
    expect(await h.store.db('accounts').get(ADA)).toMatchObject({ createdAt: closedAt + 2 * MIN });
    expect(await h.store.db('accounts').get(`trial:${ADA}`)).toMatchObject({ type: 'trial' });
    expect(await teamDocIds(h, newTeam)).toHaveLength(1);
    const rows = (await h.store.db<{ user_id: string | null }>('analytics').allDocs({ include_docs: true })).rows.map((r) => r.doc!);
    expect(rows.filter((d) => d.user_id === ADA).map((d) => d._id)).toEqual(
      expect.arrayContaining(['event:ada-new']),
    );
    expect(rows.filter((d) => d.user_id === ADA).map((d) => d._id)).not.toContain('event:ada-1');
    expect((await request(h.app).get('/api/auth/me').set('Authorization', bearer(fresh))).status).toBe(200);
  });

  it('after the purge: an ordinary new account', async () => {
    const { closedAt } = await adaClosesHerAccount();
    await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS);
    h.clock.now = closedAt + DAY;
    const again = await request(h.app).post('/api/auth/signup').send({ email: 'ada@example.com', password: PW });
    expect(again.status).toBe(201);
    expect((await request(h.app).get('/api/auth/me').set('Authorization', bearer(again.body.accessToken as string))).status).toBe(200);
  });
});
