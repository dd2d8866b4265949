/**
 * create-checkout and customer-portal with Stripe configured: the real SDK talks to a fake Stripe
 * on 127.0.0.1 (STRIPE_API_BASE), and the tests assert what it sent.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceCatalogueFromEnv } from '../../../src/core/plans';
import { apiBaseOptions } from '../../../server/billing/stripeProvider';
import { applySubscription } from '../../../server/billing/subscriptionState';
import type { Harness } from '../subscription/helpers';
import { startFakeStripe, type FakeStripe } from './fakeStripe';
import { T0, stripeHarness } from './helpers';

const UID = 'user:ada@example.com';
const CHECKOUT = '/api/functions/create-checkout';
const PORTAL = '/api/functions/customer-portal';

let fake: FakeStripe;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  h = stripeHarness('earnest-billing-stripe-', fake.url);
  await h.signup();
});
afterEach(async () => {
  await h.close();
});

const auth = async (uid = UID) => `Bearer ${await h.tokenFor(uid)}`;
const checkout = async (body: unknown, uid = UID) => request(h.app).post(CHECKOUT).set('Authorization', await auth(uid)).send(body as object);
const portal = async (uid = UID) => request(h.app).post(PORTAL).set('Authorization', await auth(uid)).send({});
const calls = (path: string) => fake.requests.filter((r) => r.path === path);

async function subscribe(uid = UID): Promise<void> {
  await applySubscription(h.store, uid, {
    tier: 'starter',
    interval: 'monthly',
    addons: [],
    status: 'active',
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
    provider: 'stripe',
    subscriptionId: 'sub_1',
    productId: 'prod_starter',
    marker: 1,
  }, T0);
}

describe('apiBaseOptions', () => {
  it('splits STRIPE_API_BASE into host, port and protocol', () => {
    expect(apiBaseOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(apiBaseOptions('https://localhost')).toEqual({ host: 'localhost', port: 443, protocol: 'https' });
    expect(apiBaseOptions('http://[::1]:9')).toEqual({ host: '::1', port: 9, protocol: 'http' });
    expect(apiBaseOptions(undefined)).toEqual({});
  });
});

describe('create-checkout (Stripe)', () => {
  it('401 without a session, 400 with a bad body (nothing sent to Stripe)', async () => {
    expect((await request(h.app).post(CHECKOUT).send({ tier: 'starter', billing: 'monthly' })).status).toBe(401);
    const bad = await checkout({ tier: 'starter', billing: 'fortnightly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^billing must be one of: monthly, annual/);
    expect(fake.requests).toHaveLength(0);
  });

  it('starter monthly: a customer, then a subscription Checkout Session with the right price; returns its URL', async () => {
    const res = await checkout({ tier: 'starter', billing: 'monthly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const [customer] = calls('/v1/customers');
    expect(customer.method).toBe('POST');
    expect(customer.params).toEqual({ email: 'ada@example.com', 'metadata[user_id]': UID });
    expect(customer.headers['idempotency-key']).toBe(`earnest-customer-${UID}`);

    const sessions = calls('/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    const p = sessions[0].params;
    expect(p).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_fake\d+$/),
      client_reference_id: UID,
      'line_items[0][price]': 'price_starter_monthly',
      'line_items[0][quantity]': '1',
      success_url: 'https://earnest.example/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://earnest.example/cancel',
      'metadata[user_id]': UID,
      'metadata[tier]': 'starter',
      'metadata[billing]': 'monthly',
      'subscription_data[metadata][user_id]': UID,
    });
    expect(p).not.toHaveProperty('line_items[1][price]');
    expect(sessions[0].headers.authorization).toBe('Bearer sk_test_x');
  });

  it('professional annual with add-ons: annual prices, add-ons as extra items with quantities', async () => {
    const res = await checkout({
      tier: 'professional',
      billing: 'annual',
      addons: [{ id: 'users-3', quantity: 2 }, { id: 'projects-10' }],
    });
    expect(res.status).toBe(200);
    const p = calls('/v1/checkout/sessions')[0].params;
    expect(p).toMatchObject({
      'line_items[0][price]': 'price_professional_annual',
      'line_items[0][quantity]': '1',
      'line_items[1][price]': 'price_addon_projects_10_annual',
      'line_items[1][quantity]': '1',
      'line_items[2][price]': 'price_addon_users_3_annual',
      'line_items[2][quantity]': '2',
      'metadata[addons]': 'projects-10x1,users-3x2',
    });
  });

  it('uses the configured price ids (deps.catalogue)', async () => {
    await h.close();
    const catalogue = priceCatalogueFromEnv({ STRIPE_PRICE_STARTER_ANNUAL: 'price_1Real', STRIPE_PRICE_ADDON_USERS_1_ANNUAL: 'price_1Seat' });
    h = stripeHarness('earnest-billing-stripe-', fake.url, {}, catalogue);
    await h.signup();
    fake.requests.length = 0;
    expect((await checkout({ tier: 'starter', billing: 'annual', addons: [{ id: 'users-1', quantity: 3 }] })).status).toBe(200);
    expect(calls('/v1/checkout/sessions')[0].params).toMatchObject({
      'line_items[0][price]': 'price_1Real',
      'line_items[1][price]': 'price_1Seat',
      'line_items[1][quantity]': '3',
    });
  });

  it('one Stripe customer per user, even for parallel checkouts', async () => {
    const results = await Promise.all([1, 2, 3].map(() => checkout({ tier: 'starter', billing: 'monthly' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await checkout({ tier: 'starter', billing: 'annual' })).status).toBe(200);
    const customers = new Set(calls('/v1/checkout/sessions').map((r) => r.params.customer));
    expect(customers.size).toBe(1);
    const link = await h.store.db<{ customer_id: string }>('billing').get(`stripe-customer:${UID}`);
    expect(customers).toEqual(new Set([link.customer_id]));
    const back = await h.store.db<{ user_id: string }>('billing').get(`stripe-customer-id:${link.customer_id}`);
    expect(back.user_id).toBe(UID);
    // Once the mapping exists, no more customer calls are made.
    const before = calls('/v1/customers').length;
    expect((await checkout({ tier: 'professional', billing: 'monthly' })).status).toBe(200);
    expect(calls('/v1/customers').length).toBe(before);
  });

  it('a Stripe failure answers 502 with the §8 checkout message', async () => {
    fake.failNext(500, 10);
    const res = await checkout({ tier: 'starter', billing: 'monthly' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Failed to start subscription process. Please try again.' });
    fake.failNext(500, 0);
  });

  it('409 for a user who already has an active subscription (no second subscription is started)', async () => {
    await subscribe();
    const res = await checkout({ tier: 'professional', billing: 'monthly' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already have an active subscription/);
    expect(calls('/v1/checkout/sessions')).toHaveLength(0);
  });
});

describe('customer-portal (Stripe)', () => {
  it('401 without a session', async () => {
    expect((await request(h.app).post(PORTAL).send({})).status).toBe(401);
  });

  it('trial users get the "Trial users" message; never-subscribed users a clear message; no Stripe call', async () => {
    const none = await portal();
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ message: 'There is no subscription to manage yet: choose a paid plan first.' });
    await request(h.app).post('/api/functions/start-trial').set('Authorization', await auth()).expect(200);
    const trial = await portal();
    expect(trial.body.message).toBe('Trial users cannot manage billing: choose a paid plan first.');
    expect(trial.body.url).toBeUndefined();
    expect(calls('/v1/billing_portal/sessions')).toHaveLength(0);
  });

  it('a subscriber gets a billing-portal session URL for their customer, returning to /app/account', async () => {
    expect((await checkout({ tier: 'starter', billing: 'monthly' })).status).toBe(200);
    await subscribe();
    const res = await portal();
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_\d+$/);
    const [call] = calls('/v1/billing_portal/sessions');
    const link = await h.store.db<{ customer_id: string }>('billing').get(`stripe-customer:${UID}`);
    expect(call.params).toEqual({ customer: link.customer_id, return_url: 'https://earnest.example/app/account' });
  });

  it('a Stripe failure answers 502 with the §8 portal message', async () => {
    expect((await checkout({ tier: 'starter', billing: 'monthly' })).status).toBe(200);
    await subscribe();
    fake.failNext(500, 10);
    const res = await portal();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Failed to open subscription management. Please try again.' });
    fake.failNext(500, 0);
  });
});
