import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRIAL, defaultPriceCatalogue, resolveSubscription } from '../../../src/core/plans';
import { grantRole } from '../../../server/roles';
import { upsert } from '../../../server/store';
import { profileDocId, trialDocId, type ProfileDoc } from '../../../server/subscription';
import { harness, type Harness } from './helpers';

const DAY = 86_400_000;
const DETAILS = '/api/functions/get-subscription-details';
const START = '/api/functions/start-trial';
const UID = 'user:ada@example.com';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = harness('earnest-subscription-');
  token = await h.signup();
});
afterEach(async () => {
  await h.close();
});

/** Calls as `t`, or as Ada with a token fresh at the test clock (the clock moves days in some tests). */
const details = async (t?: string) =>
  request(h.app).post(DETAILS).set('Authorization', `Bearer ${t ?? (await h.tokenFor(UID))}`).send({});
const start = (t = token) => request(h.app).post(START).set('Authorization', `Bearer ${t}`);
const startLater = async () => start(await h.tokenFor(UID));

describe('401 on every route', () => {
  const routes: [string, string][] = [
    ['get', '/api/user-roles'],
    ['get', '/api/profiles/me'],
    ['post', DETAILS],
    ['post', START],
  ];
  for (const [method, path] of routes) {
    it(`${method.toUpperCase()} ${path}`, async () => {
      const call = (r: request.Agent | ReturnType<typeof request>) =>
        method === 'get' ? (r as ReturnType<typeof request>).get(path) : (r as ReturnType<typeof request>).post(path);
      expect((await call(request(h.app))).status).toBe(401);
      const bad = await call(request(h.app)).set('Authorization', 'Bearer abc.def.ghi');
      expect(bad.status).toBe(401);
      expect(bad.body.error).toBeTruthy();
    });
  }
});

describe('GET /api/profiles/me', () => {
  it('gives the defaults when there is no profile', async () => {
    const res = await request(h.app).get('/api/profiles/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscription_tier: null,
      subscription_status: null,
      subscription_end: null,
      max_users: 1,
      max_projects: 3,
    });
  });

  it('reflects a started trial', async () => {
    await start().expect(200);
    const res = await request(h.app).get('/api/profiles/me').set('Authorization', `Bearer ${token}`);
    expect(res.body).toEqual({
      subscription_tier: 'starter',
      subscription_status: 'trialing',
      subscription_end: new Date(h.clock.now + 14 * DAY).toISOString(),
      max_users: 1,
      max_projects: 3,
    });
  });
});

describe('POST /api/functions/get-subscription-details', () => {
  it('a new user: unsubscribed defaults, in both spellings', async () => {
    const res = await details();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscribed: false,
      productId: null,
      product_id: null,
      subscriptionEnd: null,
      subscription_end: null,
      tier: null,
      is_on_trial: false,
      trial_end_date: null,
      trial_days_remaining: null,
      trialUsed: false,
      trial_used: false,
      totalUsers: 1,
      total_users: 1,
      totalProjects: 3,
      total_projects: 3,
      baseUsers: 1,
      base_users: 1,
      baseProjects: 3,
      base_projects: 3,
      addons: [],
      billingInterval: null,
      billing_interval: null,
    });
  });

  it('accepts no body at all', async () => {
    const res = await request(h.app).post(DETAILS).set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.subscribed).toBe(false);
  });

  it('400 for a body that is not JSON', async () => {
    const bad = await request(h.app)
      .post(DETAILS)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/not valid JSON/);
  });

  it('admin and free_user: subscribed with 999/999', async () => {
    await grantRole(h.store, UID, 'free_user');
    const res = await details();
    expect(res.body).toMatchObject({ subscribed: true, totalUsers: 999, total_projects: 999, baseUsers: 999, is_on_trial: false });
  });

  it('trial days remaining move with the clock, then the trial ends', async () => {
    const startedAt = h.clock.now;
    await start().expect(200);
    let res = await details();
    expect(res.body).toMatchObject({
      subscribed: false,
      tier: 'starter',
      is_on_trial: true,
      trial_end_date: new Date(startedAt + 14 * DAY).toISOString(),
      trial_days_remaining: 14,
      totalUsers: TRIAL.limits.users,
      total_projects: TRIAL.limits.projects,
    });
    h.clock.now = startedAt + 3 * DAY + 1;
    expect((await details()).body.trial_days_remaining).toBe(11);
    h.clock.now = startedAt + 14 * DAY - 1;
    expect((await details()).body.trial_days_remaining).toBe(1);
    h.clock.now = startedAt + 14 * DAY;
    res = await details();
    expect(res.body).toMatchObject({ is_on_trial: false, trial_days_remaining: null, subscribed: false, totalUsers: 1 });
  });

  it('a paid profile: subscribed with its tier, product, end and limits', async () => {
    const end = new Date(h.clock.now + 30 * DAY).toISOString();
    await upsert(h.store.db<ProfileDoc>('accounts'), profileDocId(UID), (): ProfileDoc => ({
      type: 'profile',
      id: UID,
      subscription_tier: 'professional',
      subscription_status: 'active',
      subscription_end: end,
      max_users: 6,
      max_projects: 13,
      billing_interval: 'annual',
      addons: [{ id: 'users-1' }, { id: 'projects-3' }],
    }));
    const res = await details();
    expect(res.body).toMatchObject({
      subscribed: true,
      tier: 'professional',
      productId: defaultPriceCatalogue.tiers.professional.productId,
      subscription_end: end,
      baseUsers: 5,
      base_projects: 10,
      totalUsers: 6,
      total_projects: 13,
      billingInterval: 'annual',
      billing_interval: 'annual',
    });
    expect(res.body.addons).toHaveLength(2);
    // The client's resolver reads the response back to the same status.
    const s = resolveSubscription({ session: { userId: UID }, details: res.body });
    expect(s).toMatchObject({ subscribed: true, tier: 'professional', totalUsers: 6, totalProjects: 13 });
  });
});

describe('POST /api/functions/start-trial', () => {
  it('starts a 14-day Starter trial and records trial_started', async () => {
    const res = await start();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'started', trialEndsAt: new Date(h.clock.now + 14 * DAY).toISOString() });
    const trial = await h.store.db('accounts').get(trialDocId(UID));
    expect(trial).toMatchObject({ type: 'trial', user_id: UID, tier: 'starter' });
    const events = await h.store.db('analytics').allDocs({ include_docs: true });
    expect(events.rows.map((r) => r.doc)).toEqual([
      expect.objectContaining({
        event_type: 'trial_started',
        event_category: 'subscription',
        user_id: UID,
        created_at: new Date(h.clock.now).toISOString(),
      }),
    ]);
  });

  it('accepts an empty JSON object', async () => {
    const res = await start().send({});
    expect(res.status).toBe(200);
  });

  it('one trial ever: a second call (even after it ended) is already-used', async () => {
    await start().expect(200);
    h.clock.now += 30 * DAY;
    const res = await startLater();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      outcome: 'already-used',
      error: "Trial Already Used - You've already used your free trial. Please choose a plan to continue.",
    });
  });

  it('the trial starts on the click, not at sign-up; trial_used then stays true through and after it (issue 18 item 1)', async () => {
    // Signed up (beforeEach) and nothing more: no trial runs, and one is still to be had.
    const fresh = (await details()).body;
    expect([fresh.is_on_trial, fresh.trial_used, fresh.trialUsed]).toEqual([false, false, false]);
    await start().expect(200);
    const running = (await details()).body;
    expect([running.is_on_trial, running.trial_days_remaining, running.trial_used]).toEqual([true, 14, true]);
    h.clock.now += 15 * DAY;
    const over = (await details()).body;
    expect([over.is_on_trial, over.subscribed, over.trial_used, over.trialUsed]).toEqual([false, false, true, true]);
    // What the account page reads: the client's resolution carries it too.
    expect(resolveSubscription({ session: { userId: UID }, roles: [], details: over, now: h.clock.now }).trialUsed).toBe(true);
    expect(resolveSubscription({ session: { userId: UID }, roles: [], details: fresh, now: h.clock.now }).trialUsed).toBe(false);
  });

  it('two parallel calls give exactly one trial', async () => {
    const results = await Promise.all([start(), start(), start(), start()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.outcome === 'already-used')).toBe(true);
    const events = await h.store.db('analytics').allDocs();
    expect(events.rows).toHaveLength(1);
  });

  it('none while subscribed: admin role or an active paid profile', async () => {
    await grantRole(h.store, UID, 'admin');
    let res = await start();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      outcome: 'already-subscribed',
      error: 'Already Subscribed - You already have an active subscription!',
    });

    const bob = await h.signup('bob@example.com');
    await upsert(h.store.db<ProfileDoc>('accounts'), profileDocId('user:bob@example.com'), (): ProfileDoc => ({
      type: 'profile',
      id: 'user:bob@example.com',
      subscription_tier: 'starter',
      subscription_status: 'active',
      subscription_end: null,
      max_users: 1,
      max_projects: 3,
    }));
    res = await start(bob);
    expect(res.status).toBe(409);
    expect(res.body.outcome).toBe('already-subscribed');
    // Neither used up a trial.
    await expect(h.store.db('accounts').get(trialDocId(UID))).rejects.toMatchObject({ status: 404 });
  });

  it('400 for a body that is not JSON or not empty', async () => {
    const text = await start().set('Content-Type', 'text/plain').send('hello');
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/JSON/);
    const broken = await start().set('Content-Type', 'application/json').send('{oops');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/not valid JSON/);
    const array = await start().send([1]);
    expect(array.status).toBe(400);
    const fields = await start().send({ tier: 'professional' });
    expect(fields.status).toBe(400);
    expect(fields.body.error).toMatch(/takes no body/);
    // None of them started a trial.
    expect((await details()).body.is_on_trial).toBe(false);
  });
});
