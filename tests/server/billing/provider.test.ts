/**
 * Which billing provider the server offers (issue 11 item 4: production without Stripe gave paid
 * plans away through the no-card local checkout). Each case through the real createApp.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { billingProviderOf, billingStartupWarning, CHECKOUT_UNAVAILABLE } from '../../../server/billing';
import { signBillingToken } from '../../../server/billing/tokens';
import { loadConfig } from '../../../server/config';
import { SECRET, harness, type Harness } from '../subscription/helpers';

const CHECKOUT = '/api/functions/create-checkout';
const PORTAL = '/api/functions/customer-portal';
const BIG_PLAN = { tier: 'professional', billing: 'annual', addons: [{ id: 'users-5', quantity: 20 }] };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('billingProviderOf', () => {
  const of = (env: Record<string, string>) => billingProviderOf(loadConfig({ PORT: '0', ...env }));
  it('Stripe when STRIPE_SECRET_KEY is set, whatever else', () => {
    expect(of({ STRIPE_SECRET_KEY: 'sk_test_x', NODE_ENV: 'production', HOST: '0.0.0.0' })).toBe('stripe');
    expect(of({ STRIPE_SECRET_KEY: 'sk_test_x', LOCAL_BILLING: '1' })).toBe('stripe');
  });
  it('local by default only outside production on loopback (npm start on a laptop)', () => {
    expect(of({})).toBe('local'); // HOST defaults to 127.0.0.1
    expect(of({ HOST: '::1' })).toBe('local');
    expect(of({ HOST: '0.0.0.0' })).toBe('none');
    expect(of({ HOST: '192.0.2.10' })).toBe('none');
    expect(of({ NODE_ENV: 'production' })).toBe('none');
  });
  it('LOCAL_BILLING=1 opts in anywhere, LOCAL_BILLING=0 opts out', () => {
    expect(of({ NODE_ENV: 'production', HOST: '0.0.0.0', LOCAL_BILLING: '1' })).toBe('local');
    expect(of({ LOCAL_BILLING: '0' })).toBe('none');
    expect(() => of({ LOCAL_BILLING: 'maybe' })).toThrow(/LOCAL_BILLING must be 1 or 0/);
  });
  it('start-up warns, naming what to set, only when nothing is offered', () => {
    expect(billingStartupWarning(loadConfig({}))).toBeNull();
    expect(billingStartupWarning(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', NODE_ENV: 'production' }))).toBeNull();
    expect(billingStartupWarning(loadConfig({ NODE_ENV: 'production' }))).toMatch(/off in production.*Set STRIPE_SECRET_KEY, or LOCAL_BILLING=1/);
    expect(billingStartupWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/on HOST=0\.0\.0\.0 \(not loopback\)/);
    expect(billingStartupWarning(loadConfig({ LOCAL_BILLING: '0' }))).toMatch(/LOCAL_BILLING=0/);
  });
});

describe.each([
  ['production without Stripe', { NODE_ENV: 'production' }],
  ['development on a non-loopback HOST', { HOST: '0.0.0.0' }],
  ['LOCAL_BILLING=0 on loopback', { LOCAL_BILLING: '0' }],
])('no provider (%s): nothing is sold, trials still work', (_name, env) => {
  it('create-checkout and customer-portal answer 503 with what to set; no subscription is created', async () => {
    h = harness('earnest-billing-none-', env);
    const token = await h.signup();
    const checkout = await request(h.app).post(CHECKOUT).set(bearer(token)).send(BIG_PLAN);
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual({ error: CHECKOUT_UNAVAILABLE, code: 'billing_unavailable' });
    expect(checkout.body.error).toMatch(/STRIPE_SECRET_KEY, or LOCAL_BILLING=1/);
    const portal = await request(h.app).post(PORTAL).set(bearer(token)).send({});
    expect(portal.status).toBe(503);
    expect(portal.body.error).toBe(CHECKOUT_UNAVAILABLE);
    // Still 401 for anonymous callers: the refusal comes after sign-in.
    expect((await request(h.app).post(CHECKOUT).send(BIG_PLAN)).status).toBe(401);

    const trial = await request(h.app).post('/api/functions/start-trial').set(bearer(token)).send({});
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    const details = await request(h.app).post('/api/functions/get-subscription-details').set(bearer(token)).send({});
    expect(details.body).toMatchObject({ subscribed: false });
  });

  it('the /billing/ pages answer 503, even for a checkout token signed with the server secret (from an earlier demo run)', async () => {
    h = harness('earnest-billing-none-', env);
    const token = await h.signup();
    const me = await request(h.app).get('/api/auth/me').set(bearer(token));
    const userId = me.body.user.id as string;
    const t = await signBillingToken(SECRET, { purpose: 'checkout', userId, tier: 'professional', billing: 'annual', addons: [{ id: 'users-5', quantity: 20 }] }, h.clock.now);
    const page = await request(h.app).get(`/billing/checkout?token=${t}`);
    expect(page.status).toBe(503);
    expect(page.text).toContain('Checkout is not available on this server');
    const post = await request(h.app).post('/billing/checkout').type('form').send({ token: t });
    expect(post.status).toBe(503);
    const details = await request(h.app).post('/api/functions/get-subscription-details').set(bearer(token)).send({});
    expect(details.body).toMatchObject({ subscribed: false });
  });
});

describe('local provider', () => {
  it.each([
    ['by default on loopback outside production', {}],
    ['with LOCAL_BILLING=1, even in production on 0.0.0.0', { NODE_ENV: 'production', HOST: '0.0.0.0', LOCAL_BILLING: '1' }],
  ])('%s: create-checkout gives the local checkout page, which sells the plan', async (_name, env) => {
    h = harness('earnest-billing-local-', env);
    const token = await h.signup();
    const res = await request(h.app).post(CHECKOUT).set(bearer(token)).send(BIG_PLAN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/\/billing\/checkout\?token=/);
    const page = await request(h.app).get(local(res.body.url));
    expect(page.status).toBe(200);
  });
});

describe('Stripe provider', () => {
  it('the local /billing/ pages refuse a local checkout token (404) instead of selling a free plan', async () => {
    h = harness('earnest-billing-stripe-', { STRIPE_SECRET_KEY: 'sk_test_provider' });
    const token = await h.signup();
    const userId = (await request(h.app).get('/api/auth/me').set(bearer(token))).body.user.id as string;
    const t = await signBillingToken(SECRET, { purpose: 'checkout', userId, tier: 'starter', billing: 'monthly', addons: [] }, h.clock.now);
    const post = await request(h.app).post('/billing/checkout').type('form').send({ token: t });
    expect(post.status).toBe(404);
    expect(post.text).toContain('bills through Stripe');
  });
});
