/**
 * `POST /api/billing/webhook`: Stripe's events, on the raw body, signature-verified with
 * STRIPE_WEBHOOK_SECRET (`stripe.webhooks.constructEvent`).
 *
 * - No Stripe / no webhook secret configured → 503 with a clear message (nothing is accepted unsigned).
 * - Missing or bad signature (or a timestamp outside Stripe's 5-minute tolerance) → 400, nothing changes.
 * - Each event id is handled once: a `stripe-event:<id>` document in `billing`, created with
 *   createIfAbsent after the event was applied. A replay answers 200 `{ received: true, duplicate: true }`.
 *   Applying is itself idempotent (same state ⇒ no write, no analytics), so two deliveries racing
 *   each other are harmless; a failure answers 500 and records nothing, so Stripe retries.
 * - Out of order: the event's `created` is the ordering marker (see subscriptionState.ts); a
 *   `customer.subscription.deleted` is final for that subscription.
 */
import express, { type Router } from 'express';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { createIfAbsent, isNotFound, type Store } from '../store';
import { stripeEventDocId } from '../store/ids';
import {
  idOf,
  linkCustomer,
  stateFromStripeSubscription,
  stripeClient,
  subscriptionIdOfInvoice,
  userOfInvoice,
  userOfSubscription,
} from './stripeProvider';
import { applySubscription, applySubscriptionStatus, type ApplyOutcome } from './subscriptionState';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export const STRIPE_NOT_CONFIGURED =
  'Stripe is not configured on this server (STRIPE_SECRET_KEY is unset), so it accepts no Stripe webhooks.';
export const WEBHOOK_SECRET_MISSING =
  'Stripe webhooks are not configured: set STRIPE_WEBHOOK_SECRET (whsec_…) so events can be verified. No event was processed.';
export const SIGNATURE_MISSING = 'Missing Stripe-Signature header: only signed Stripe events are accepted.';
export const SIGNATURE_INVALID = 'Webhook signature verification failed: the event was not signed with this endpoint\'s secret, or is too old.';

interface EventDoc {
  type: 'stripe-event';
  event_type: string;
  created: number;
  outcome: string;
  processed_at: string;
}

async function seen(store: Store, id: string): Promise<boolean> {
  try {
    await store.db('billing').get(stripeEventDocId(id));
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Applies one verified event; returns what happened (for the stored record and the answer). */
async function handleEvent(deps: RouterDeps, event: StripeEventLike): Promise<string> {
  const { store, catalogue } = deps;
  const now = deps.now();
  const obj = event.data.object;
  const stripe = stripeClient(deps.config.stripe!);
  const applyRetrieved = async (subscriptionId: string, userHint: string | null): Promise<ApplyOutcome | string> => {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = userHint ?? (await userOfSubscription(store, sub));
    if (!userId) return 'ignored: unknown user';
    const state = stateFromStripeSubscription(sub, catalogue, event.created);
    if (!state) return 'ignored: no plan price of ours on the subscription';
    return (await applySubscription(store, userId, state, now, catalogue)).outcome;
  };

  switch (event.type) {
    case 'checkout.session.completed': {
      if (obj.mode !== 'subscription') return 'ignored: not a subscription checkout';
      const subscriptionId = idOf(obj.subscription);
      const meta = (obj.metadata ?? {}) as Record<string, unknown>;
      const userId =
        (typeof obj.client_reference_id === 'string' && obj.client_reference_id) ||
        (typeof meta.user_id === 'string' && meta.user_id) ||
        null;
      const customer = idOf(obj.customer);
      if (userId && customer) await linkCustomer(store, userId, customer, now);
      if (!subscriptionId) return 'ignored: no subscription';
      return applyRetrieved(subscriptionId, userId);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const userId = await userOfSubscription(store, obj);
      if (!userId) return 'ignored: unknown user';
      // Our own metadata names the user: remember the customer too (invoices may only carry the customer).
      const customer = idOf(obj.customer);
      if (customer) await linkCustomer(store, userId, customer, now);
      const state = stateFromStripeSubscription(obj, catalogue, event.created);
      if (!state) return 'ignored: no plan price of ours on the subscription';
      // A deletion is final whatever the object says.
      if (event.type === 'customer.subscription.deleted') state.status = 'canceled';
      return (await applySubscription(store, userId, state, now, catalogue)).outcome;
    }
    case 'invoice.paid': {
      const subscriptionId = subscriptionIdOfInvoice(obj);
      if (!subscriptionId) return 'ignored: not a subscription invoice';
      return applyRetrieved(subscriptionId, await userOfInvoice(store, obj));
    }
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionIdOfInvoice(obj);
      if (!subscriptionId) return 'ignored: not a subscription invoice';
      const userId = await userOfInvoice(store, obj);
      if (!userId) return 'ignored: unknown user';
      return (await applySubscriptionStatus(store, userId, subscriptionId, 'stripe', 'past_due', event.created, now, catalogue)).outcome;
    }
    default:
      return 'ignored: unhandled event type';
  }
}

export function createBillingWebhookRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.post('/', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const stripeConfig = deps.config.stripe;
    if (!stripeConfig) throw new HttpError(503, STRIPE_NOT_CONFIGURED);
    if (!stripeConfig.webhookSecret) throw new HttpError(503, WEBHOOK_SECRET_MISSING);
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature.trim() === '') throw new HttpError(400, SIGNATURE_MISSING);
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: StripeEventLike;
    try {
      event = stripeClient(stripeConfig).webhooks.constructEvent(
        new Uint8Array(body),
        signature,
        stripeConfig.webhookSecret,
        undefined,
        undefined,
        deps.now(), // milliseconds: the SDK divides by 1000
      ) as unknown as StripeEventLike;
    } catch {
      throw new HttpError(400, SIGNATURE_INVALID);
    }
    if (
      typeof event?.id !== 'string' ||
      typeof event.type !== 'string' ||
      typeof event.created !== 'number' ||
      typeof event.data?.object !== 'object' ||
      event.data.object === null
    ) {
      throw new HttpError(400, 'The event is not a Stripe event object (id, type, created, data.object).');
    }
    if (await seen(deps.store, event.id)) return void res.json({ received: true, duplicate: true });

    let outcome: string;
    try {
      outcome = await handleEvent(deps, event);
    } catch (err) {
      console.error(`Stripe webhook ${event.type} ${event.id} failed (Stripe will retry):`, err);
      throw new HttpError(500, 'The event could not be processed; it will be retried.');
    }
    const first = await createIfAbsent<EventDoc>(deps.store.db<EventDoc>('billing'), {
      _id: stripeEventDocId(event.id),
      type: 'stripe-event',
      event_type: event.type,
      created: event.created,
      outcome,
      processed_at: new Date(deps.now()).toISOString(),
    });
    if (!first) return void res.json({ received: true, duplicate: true });
    res.json({ received: true, outcome });
  });
  router.all('/', () => {
    throw new HttpError(405, 'Stripe webhooks are delivered with POST.', {}, { Allow: 'POST' });
  });
  return router;
}
