/**
 * POST /api/billing/webhook: signature verification on the raw body, idempotency by event id,
 * ordering, finality of deletions, and the profile / analytics effects.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileDocId } from '../../../server/subscription';
import { harness, type Harness } from '../subscription/helpers';
import { eventObject, signed, startFakeStripe, subscriptionObject, type FakeStripe, type SubscriptionFixture } from './fakeStripe';
import { T0, WEBHOOK_SECRET, eventTypes, stripeHarness, subscriptionEvents } from './helpers';

const UID = 'user:ada@example.com';
const HOOK = '/api/billing/webhook';
const NOW_S = Math.floor(T0 / 1000);
const PERIOD_END = Math.floor(Date.parse('2026-04-01T12:00:00.000Z') / 1000);

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
  fake.subscriptions.clear();
  h = stripeHarness('earnest-billing-webhook-', fake.url);
  await h.signup();
});
afterEach(async () => {
  await h.close();
});

let seq = 0;
const sub = (over: Partial<SubscriptionFixture> = {}) =>
  subscriptionObject({
    id: 'sub_1',
    customer: 'cus_1',
    userId: UID,
    items: [{ price: 'price_starter_monthly' }],
    periodEnd: PERIOD_END,
    ...over,
  });

async function deliver(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number; header?: string | null; body?: string } = {}) {
  const { payload, header } = signed(event, opts.secret ?? WEBHOOK_SECRET, opts.timestamp ?? NOW_S);
  const req = request(h.app).post(HOOK).set('Content-Type', 'application/json');
  if (opts.header !== null) req.set('Stripe-Signature', opts.header ?? header);
  return req.send(opts.body ?? payload);
}
const ev = (type: string, object: Record<string, unknown>, created: number, id = `evt_${++seq}`) => eventObject(id, type, object, created);

const profile = async () => h.store.db<Record<string, unknown>>('accounts').get(profileDocId(UID)).catch(() => null);
const details = async () =>
  (await request(h.app).post('/api/functions/get-subscription-details').set('Authorization', `Bearer ${await h.tokenFor(UID)}`).send({})).body;

describe('refusals', () => {
  it('503 with a clear message when no webhook secret is configured', async () => {
    await h.close();
    h = stripeHarness('earnest-billing-webhook-', fake.url, { STRIPE_WEBHOOK_SECRET: '' });
    const res = await deliver(ev('customer.subscription.created', sub(), NOW_S));
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/set STRIPE_WEBHOOK_SECRET/);
  });

  it('503 when Stripe is not configured at all (local billing)', async () => {
    const local = harness('earnest-billing-webhook-local-');
    try {
      const { payload, header } = signed(ev('customer.subscription.created', sub(), NOW_S), WEBHOOK_SECRET, NOW_S);
      const res = await request(local.app).post(HOOK).set('Stripe-Signature', header).set('Content-Type', 'application/json').send(payload);
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/Stripe is not configured/);
    } finally {
      await local.close();
    }
  });

  it('400 and no change: missing header, wrong secret, forged body, stale timestamp, garbage header', async () => {
    const event = ev('customer.subscription.created', sub(), NOW_S);
    const missing = await deliver(event, { header: null });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Missing Stripe-Signature header/);

    const wrong = await deliver(event, { secret: 'whsec_other' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/signature verification failed/);

    // Signed correctly, then the body is altered (a professional plan slipped in).
    const { header } = signed(event, WEBHOOK_SECRET, NOW_S);
    const forgedBody = JSON.stringify(ev('customer.subscription.created', sub({ items: [{ price: 'price_professional_annual' }] }), NOW_S, event.id as string));
    const forged = await deliver(event, { header, body: forgedBody });
    expect(forged.status).toBe(400);

    const stale = await deliver(event, { timestamp: NOW_S - 3600 });
    expect(stale.status).toBe(400);

    expect((await deliver(event, { header: 'garbage' })).status).toBe(400);
    expect(await profile()).toBeNull();
    expect(await subscriptionEvents(h.store)).toEqual([]);
    // A refused event is not remembered: the genuine delivery still works.
    const ok = await deliver(event);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, outcome: 'applied' });
  });

  it('405 for other methods', async () => {
    const res = await request(h.app).get(HOOK);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('subscription events', () => {
  it('created → profile active with limits and add-ons; details subscribed; analytics once; replay is a duplicate', async () => {
    const event = ev(
      'customer.subscription.created',
      sub({ items: [{ price: 'price_starter_monthly' }, { price: 'price_addon_users_1_monthly', quantity: 2 }] }),
      NOW_S,
    );
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'applied' });
    expect(await profile()).toMatchObject({
      subscription_tier: 'starter',
      subscription_status: 'active',
      subscription_end: '2026-04-01T12:00:00.000Z',
      max_users: 3,
      max_projects: 3,
      billing_interval: 'monthly',
      product_id: 'prod_starter',
    });
    expect(await details()).toMatchObject({
      subscribed: true,
      tier: 'starter',
      billingInterval: 'monthly',
      totalUsers: 3,
      totalProjects: 3,
      addons: [{ id: 'users-1', kind: 'users', amount: 1, quantity: 2, priceId: 'price_addon_users_1_monthly' }],
    });
    expect(eventTypes(await subscriptionEvents(h.store, UID)).sort()).toEqual(['addon_purchased', 'upgrade_completed']);

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await subscriptionEvents(h.store, UID)).toHaveLength(2);
    const stored = await h.store.db<{ event_type: string }>('billing').get(`stripe-event:${event.id as string}`);
    expect(stored.event_type).toBe('customer.subscription.created');
  });

  it('the same event delivered twice at once has one effect', async () => {
    const event = ev('customer.subscription.created', sub({ items: [{ price: 'price_starter_annual' }, { price: 'price_addon_projects_3_annual' }] }), NOW_S);
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(eventTypes(await subscriptionEvents(h.store, UID)).sort()).toEqual(['addon_purchased', 'upgrade_completed']);
    expect(await details()).toMatchObject({ subscribed: true, tier: 'starter', billingInterval: 'annual', totalProjects: 6 });
  });

  it('the same state delivered under a new event id records nothing new', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S));
    const again = await deliver(ev('customer.subscription.updated', sub(), NOW_S + 1));
    expect(again.body).toEqual({ received: true, outcome: 'unchanged' });
    expect(eventTypes(await subscriptionEvents(h.store, UID))).toEqual(['upgrade_completed']);
  });

  it('out of order: an older updated arriving after a newer one does not overwrite it', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S - 100));
    const newer = await deliver(ev('customer.subscription.updated', sub({ items: [{ price: 'price_professional_annual' }] }), NOW_S - 10));
    expect(newer.body.outcome).toBe('applied');
    const older = await deliver(ev('customer.subscription.updated', sub({ items: [{ price: 'price_starter_annual' }] }), NOW_S - 50));
    expect(older.status).toBe(200);
    expect(older.body.outcome).toBe('stale');
    expect(await details()).toMatchObject({ subscribed: true, tier: 'professional', billingInterval: 'annual', totalUsers: 5 });
    const types = eventTypes(await subscriptionEvents(h.store, UID));
    expect(types).toEqual(['upgrade_completed', 'upgrade_completed']);
  });

  it('updated before created (reordered) ends in the newer state', async () => {
    await deliver(ev('customer.subscription.updated', sub({ items: [{ price: 'price_professional_monthly' }] }), NOW_S - 10));
    const created = await deliver(ev('customer.subscription.created', sub({ status: 'incomplete' }), NOW_S - 20));
    expect(created.body.outcome).toBe('stale');
    expect(await details()).toMatchObject({ subscribed: true, tier: 'professional' });
  });

  it('cancel at period end, then deleted: canceled, final, one subscription_cancelled event', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S - 300));
    const scheduled = await deliver(ev('customer.subscription.updated', sub({ cancelAtPeriodEnd: true }), NOW_S - 200));
    expect(scheduled.body.outcome).toBe('applied');
    expect(await details()).toMatchObject({ subscribed: true, tier: 'starter' });

    const deleted = await deliver(
      ev('customer.subscription.deleted', sub({ status: 'canceled', endedAt: NOW_S - 100, cancelAtPeriodEnd: true }), NOW_S - 100),
    );
    expect(deleted.body.outcome).toBe('applied');
    expect(await profile()).toMatchObject({ subscription_status: 'canceled', max_users: 1, max_projects: 3 });
    expect((await details()).subscribed).toBe(false);

    // Anything later about that subscription is ignored, even with a newer timestamp.
    const late = await deliver(ev('customer.subscription.updated', sub(), NOW_S));
    expect(late.body.outcome).toBe('ended');
    expect((await profile())!.subscription_status).toBe('canceled');

    const cancels = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'subscription_cancelled');
    expect(cancels).toHaveLength(1);
    expect(cancels[0].event_data).toMatchObject({ tier: 'starter', reason: 'cancellation_requested', effective: 'period_end' });
  });

  it('an immediate deletion records subscription_cancelled (effective immediately)', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S - 300));
    await deliver(ev('customer.subscription.deleted', sub({ status: 'canceled', endedAt: NOW_S - 100 }), NOW_S - 100));
    const cancels = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'subscription_cancelled');
    expect(cancels.map((e) => e.event_data)).toEqual([expect.objectContaining({ tier: 'starter', effective: 'immediately' })]);
    expect(await profile()).toMatchObject({ subscription_end: new Date((NOW_S - 100) * 1000).toISOString() });
  });

  it('a downgrade records downgrade_completed', async () => {
    await deliver(ev('customer.subscription.created', sub({ items: [{ price: 'price_professional_monthly' }] }), NOW_S - 300));
    await deliver(ev('customer.subscription.updated', sub(), NOW_S - 100));
    const downs = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'downgrade_completed');
    expect(downs.map((e) => e.event_data)).toEqual([expect.objectContaining({ from_tier: 'professional', to_tier: 'starter' })]);
  });

  it('a trial user converting records trial_converted', async () => {
    await request(h.app).post('/api/functions/start-trial').set('Authorization', `Bearer ${await h.tokenFor(UID)}`).expect(200);
    await deliver(ev('customer.subscription.created', sub(), NOW_S));
    expect(eventTypes(await subscriptionEvents(h.store, UID)).sort()).toEqual(['trial_converted', 'trial_started', 'upgrade_completed']);
    expect((await details()).is_on_trial).toBe(false);
  });

  it('finds the user through the customer mapping when the subscription has no metadata', async () => {
    await h.store.db('billing').put({ _id: 'stripe-customer-id:cus_9', type: 'stripe-customer', user_id: UID, customer_id: 'cus_9' });
    const res = await deliver(ev('customer.subscription.created', sub({ userId: undefined, customer: 'cus_9' }), NOW_S));
    expect(res.body.outcome).toBe('applied');
    expect((await details()).subscribed).toBe(true);
  });

  it('unknown users, foreign prices and other event types are acknowledged and ignored', async () => {
    const unknown = await deliver(ev('customer.subscription.created', sub({ userId: undefined, customer: 'cus_nobody' }), NOW_S));
    expect(unknown.body).toEqual({ received: true, outcome: 'ignored: unknown user' });
    const foreign = await deliver(ev('customer.subscription.created', sub({ items: [{ price: 'price_someone_else' }] }), NOW_S));
    expect(foreign.body.outcome).toMatch(/^ignored: no plan price/);
    const other = await deliver(ev('customer.created', { id: 'cus_x', object: 'customer' }, NOW_S));
    expect(other.body).toEqual({ received: true, outcome: 'ignored: unhandled event type' });
    expect(await profile()).toBeNull();
  });
});

describe('invoices and checkout completion', () => {
  const invoice = (subscription: string, over: Record<string, unknown> = {}) => ({
    id: `in_${++seq}`,
    object: 'invoice',
    customer: 'cus_1',
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: { user_id: UID } } },
    ...over,
  });

  it('invoice.payment_failed → past_due; a later invoice.paid (re-read from Stripe) → active again', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S - 300));
    const failed = await deliver(ev('invoice.payment_failed', invoice('sub_1'), NOW_S - 200));
    expect(failed.body.outcome).toBe('applied');
    expect(await profile()).toMatchObject({ subscription_status: 'past_due', subscription_tier: 'starter', max_users: 1, max_projects: 3 });

    fake.subscriptions.set('sub_1', sub({ periodEnd: PERIOD_END + 31 * 86_400 }));
    const paid = await deliver(ev('invoice.paid', invoice('sub_1'), NOW_S - 100));
    expect(paid.body.outcome).toBe('applied');
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/subscriptions/sub_1')).toHaveLength(1);
    expect(await profile()).toMatchObject({ subscription_status: 'active', subscription_end: '2026-05-02T12:00:00.000Z' });
    // No upgrade is recorded for recovering from past_due.
    expect(eventTypes(await subscriptionEvents(h.store, UID))).toEqual(['upgrade_completed']);
  });

  it('an older invoice.payment_failed after a newer recovery is ignored', async () => {
    await deliver(ev('customer.subscription.created', sub(), NOW_S - 300));
    await deliver(ev('customer.subscription.updated', sub(), NOW_S - 100));
    const failed = await deliver(ev('invoice.payment_failed', invoice('sub_1', { subscription: 'sub_1', parent: null }), NOW_S - 200));
    expect(failed.body.outcome).toBe('stale');
    expect((await profile())!.subscription_status).toBe('active');
  });

  it('checkout.session.completed: links the customer, reads the subscription, subscribes the user', async () => {
    fake.subscriptions.set('sub_co', sub({ id: 'sub_co', customer: 'cus_co', items: [{ price: 'price_professional_annual' }, { price: 'price_addon_projects_5_annual' }] }));
    const session = { id: 'cs_1', object: 'checkout.session', mode: 'subscription', client_reference_id: UID, customer: 'cus_co', subscription: 'sub_co', metadata: { user_id: UID } };
    const res = await deliver(ev('checkout.session.completed', session, NOW_S));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('applied');
    expect(await details()).toMatchObject({
      subscribed: true,
      tier: 'professional',
      billingInterval: 'annual',
      totalUsers: 5,
      totalProjects: 15,
    });
    const link = await h.store.db<{ customer_id: string }>('billing').get(`stripe-customer:${UID}`);
    expect(link.customer_id).toBe('cus_co');
    // The portal now opens for this customer.
    const portal = await request(h.app).post('/api/functions/customer-portal').set('Authorization', `Bearer ${await h.tokenFor(UID)}`).send({});
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    // The subscription.created that follows (same state) adds nothing.
    await deliver(ev('customer.subscription.created', fake.subscriptions.get('sub_co')!, NOW_S));
    expect(eventTypes(await subscriptionEvents(h.store, UID)).sort()).toEqual(['addon_purchased', 'upgrade_completed']);
  });

  it('when Stripe cannot be reached the event answers 500, is not remembered, and the retry applies it', async () => {
    const event = ev('invoice.paid', invoice('sub_missing'), NOW_S);
    const first = await deliver(event);
    expect(first.status).toBe(500);
    await expect(h.store.db('billing').get(`stripe-event:${event.id as string}`)).rejects.toMatchObject({ status: 404 });
    fake.subscriptions.set('sub_missing', sub({ id: 'sub_missing' }));
    const retry = await deliver(event);
    expect(retry.status).toBe(200);
    expect(retry.body.outcome).toBe('applied');
    expect((await details()).subscribed).toBe(true);
  });

  it('non-subscription checkouts and invoices are ignored', async () => {
    const pay = await deliver(ev('checkout.session.completed', { id: 'cs_2', mode: 'payment', client_reference_id: UID }, NOW_S));
    expect(pay.body.outcome).toBe('ignored: not a subscription checkout');
    const inv = await deliver(ev('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_1', parent: null }, NOW_S));
    expect(inv.body.outcome).toBe('ignored: not a subscription invoice');
  });
});
