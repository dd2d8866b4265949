/**
 * Closing an account billed through Stripe (the real SDK against the fake Stripe on loopback): the
 * subscription is cancelled at Stripe now, a Stripe failure refuses the closing, and the Stripe
 * customer link is the billing record kept after the purge.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_CANCEL_FAILED, STRIPE_UNAVAILABLE } from '../../../server/auth/closeSubscription';
import { applySubscription } from '../../../server/billing';
import { BILLING_LINK_RETENTION_YEARS, PURGE_GRACE_MS, sweepClosedAccounts } from '../../../server/retention';
import { eventObject, signed, startFakeStripe, subscriptionObject, type FakeStripe } from '../billing/fakeStripe';
import { stripeHarness, T0, WEBHOOK_SECRET } from '../billing/helpers';
import { harness, PW, type Harness } from '../subscription/helpers';
import { bearer } from '../retention/helpers';

const ADA = 'user:ada@example.com';
const NOW_S = Math.floor(T0 / 1000);
const PERIOD_END = Math.floor(Date.parse('2026-04-01T12:00:00.000Z') / 1000);

let fake: FakeStripe;
let h: Harness;
let token: string;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.requests.length = 0;
  fake.subscriptions.clear();
  h = stripeHarness('earnest-close-stripe-', fake.url);
  token = await h.signup();
  // Ada subscribed: Stripe reports it through the webhook, which also links her customer.
  const sub = subscriptionObject({ id: 'sub_1', customer: 'cus_1', userId: ADA, items: [{ price: 'price_starter_monthly' }], periodEnd: PERIOD_END });
  fake.subscriptions.set('sub_1', sub);
  const { payload, header } = signed(eventObject('evt_1', 'customer.subscription.created', sub, NOW_S), WEBHOOK_SECRET, NOW_S);
  const hook = await request(h.app).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
  expect(await h.store.db('accounts').get(`profile:${ADA}`)).toMatchObject({ subscription_status: 'active' });
});
afterEach(() => h.close());

const close = () => request(h.app).post('/api/auth/close-account').set('Authorization', bearer(token)).send({ password: PW });

describe('closing an account billed through Stripe', () => {
  it('cancels the subscription at Stripe now, with no invoice or proration, and the profile shows it ended', async () => {
    const res = await close();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const call = fake.requests.find((r) => r.method === 'DELETE');
    expect(call).toMatchObject({ path: '/v1/subscriptions/sub_1', params: expect.objectContaining({ invoice_now: 'false', prorate: 'false' }) });
    const endedAt = new Date((fake.subscriptions.get('sub_1')!.ended_at as number) * 1000).toISOString();
    expect(await h.store.db('accounts').get(`profile:${ADA}`)).toMatchObject({
      subscription_status: 'canceled',
      subscription_end: endedAt,
      billing: expect.objectContaining({ ended_subscriptions: ['sub_1'], cancel_reason: 'account_closed' }),
    });
    expect(res.body.subscription).toEqual({ cancelled: true, tier: 'starter', ended_at: endedAt });

    // Stripe's own deletion event arriving afterwards changes nothing.
    const deleted = eventObject('evt_2', 'customer.subscription.deleted', fake.subscriptions.get('sub_1')!, NOW_S + 5);
    const { payload, header } = signed(deleted, WEBHOOK_SECRET, NOW_S + 5);
    const hook = await request(h.app).post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
    expect(hook.body).toMatchObject({ received: true, outcome: 'ended' });
  });

  it('stays open, changing nothing, when Stripe cannot cancel', async () => {
    fake.failNext(500, 2); // the cancel, and the read that checks whether it was cancelled already
    const res = await close();
    expect(res.status).toBe(502);
    expect(res.body.error).toBe(STRIPE_CANCEL_FAILED);
    expect((await request(h.app).get('/api/auth/me').set('Authorization', bearer(token))).status).toBe(200);
    expect(await h.store.db('accounts').get(`profile:${ADA}`)).toMatchObject({ subscription_status: 'active' });
    expect((await close()).status).toBe(200);
  });

  it('keeps the Stripe customer link as the billing record for seven years, and drops the account → customer lookup', async () => {
    const res = await close();
    const closedAt = Date.parse(res.body.closed_at as string);
    await sweepClosedAccounts(h.store, closedAt + PURGE_GRACE_MS);
    const billing = h.store.db<Record<string, unknown>>('billing');
    await expect(billing.get(`stripe-customer:${ADA}`)).rejects.toMatchObject({ status: 404 });
    const until = new Date(closedAt);
    until.setUTCFullYear(until.getUTCFullYear() + BILLING_LINK_RETENTION_YEARS);
    expect(await billing.get('stripe-customer-id:cus_1')).toMatchObject({
      customer_id: 'cus_1',
      account_closed_at: new Date(closedAt).toISOString(),
      retain_until: until.toISOString(),
    });
    expect((await sweepClosedAccounts(h.store, until.getTime() - 1)).billingRecords).toBe(0);
    expect((await sweepClosedAccounts(h.store, until.getTime())).billingRecords).toBe(1);
    await expect(billing.get('stripe-customer-id:cus_1')).rejects.toMatchObject({ status: 404 });
  });
});

describe('a Stripe subscription on a server without Stripe', () => {
  it('refuses to close, since nothing could stop the billing', async () => {
    const local = harness('earnest-close-nostripe-');
    try {
      const t = await local.signup();
      await applySubscription(local.store, ADA, {
        tier: 'starter',
        interval: 'monthly',
        addons: [],
        status: 'active',
        currentPeriodEnd: '2026-04-01T12:00:00.000Z',
        provider: 'stripe',
        subscriptionId: 'sub_9',
        productId: null,
        marker: NOW_S,
      }, local.clock.now);
      const res = await request(local.app).post('/api/auth/close-account').set('Authorization', bearer(t)).send({ password: PW });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(STRIPE_UNAVAILABLE);
      expect((await request(local.app).get('/api/auth/me').set('Authorization', bearer(t))).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
