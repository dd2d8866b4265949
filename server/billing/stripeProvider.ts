/**
 * Stripe, through the official SDK: one customer per user, Checkout in subscription mode, the
 * billing portal, and reading a Stripe subscription into our {@link SubscriptionState}.
 *
 * Customer ↔ user mapping lives in the `billing` database: `stripe-customer:<userId>` →
 * `{ customer_id }` and `stripe-customer-id:<customerId>` → `{ user_id }`. The customer is created
 * with an idempotency key derived from the user id, so two parallel checkouts get the same customer
 * from Stripe, and the mapping is written with createIfAbsent (the first writer wins; a loser reads
 * the winner's id).
 */
import Stripe from 'stripe';
import {
  lookupPriceId,
  priceIdForAddOn,
  priceIdForTier,
  tierForProductId,
  type TierId,
  type BillingInterval,
  type PriceCatalogue,
} from '../../src/core/plans';
import type { StripeConfig } from '../config';
import { createIfAbsent, isNotFound, type Store } from '../store';
import { customerByIdDocId, customerDocId, emailOfUserId, isUserId } from '../store/ids';
import type { CheckoutRequest } from './checkoutRequest';
import { normaliseAddonLines, type AddonLine, type SubscriptionState } from './subscriptionState';

const clients = new WeakMap<StripeConfig, Stripe>();

/** `STRIPE_API_BASE` (e.g. http://127.0.0.1:12111) as the SDK's host / port / protocol. */
export function apiBaseOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The SDK client for a configuration (one per configuration). */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      ...apiBaseOptions(config.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Earnest' },
    });
    clients.set(config, client);
  }
  return client;
}

interface CustomerLink {
  type: 'stripe-customer';
  user_id: string;
  customer_id: string;
  created_at: string;
}

async function getDoc<T extends object>(store: Store, id: string): Promise<T | null> {
  try {
    return (await store.db<T>('billing').get(id)) as T;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** The user's Stripe customer id, if one was created. */
export async function customerIdForUser(store: Store, userId: string): Promise<string | null> {
  return (await getDoc<CustomerLink>(store, customerDocId(userId)))?.customer_id ?? null;
}

/** The user of a Stripe customer id, if we created that customer. */
export async function userForCustomerId(store: Store, customerId: string): Promise<string | null> {
  return (await getDoc<CustomerLink>(store, customerByIdDocId(customerId)))?.user_id ?? null;
}

/** Records user ↔ customer (first writer wins); returns the customer id that is on record. */
export async function linkCustomer(store: Store, userId: string, customerId: string, now: number): Promise<string> {
  const db = store.db<CustomerLink>('billing');
  const doc = { type: 'stripe-customer' as const, user_id: userId, customer_id: customerId, created_at: new Date(now).toISOString() };
  const created = await createIfAbsent(db, { _id: customerDocId(userId), ...doc });
  const onRecord = created ? customerId : ((await customerIdForUser(store, userId)) ?? customerId);
  await createIfAbsent(db, { _id: customerByIdDocId(onRecord), ...doc, customer_id: onRecord });
  return onRecord;
}

const emailOf = (userId: string): string | undefined => (isUserId(userId) ? emailOfUserId(userId) : undefined);

/** The user's Stripe customer, created once. */
export async function ensureCustomer(stripe: Stripe, store: Store, userId: string, now: number): Promise<string> {
  const existing = await customerIdForUser(store, userId);
  if (existing) return existing;
  const email = emailOf(userId);
  const customer = await stripe.customers.create(
    { ...(email ? { email } : {}), metadata: { user_id: userId } },
    { idempotencyKey: `earnest-customer-${userId}` },
  );
  return linkCustomer(store, userId, customer.id, now);
}

/** A Checkout Session for the tier, interval and add-ons; returns its URL. */
export async function createCheckoutSession(
  stripe: Stripe,
  store: Store,
  userId: string,
  req: CheckoutRequest,
  catalogue: Readonly<PriceCatalogue>,
  publicUrl: string,
  now: number,
): Promise<string> {
  const customer = await ensureCustomer(stripe, store, userId, now);
  const lineItems = [
    { price: priceIdForTier(catalogue, req.tier, req.billing), quantity: 1 },
    ...req.addons.map((a) => ({ price: priceIdForAddOn(catalogue, a.id, req.billing), quantity: a.quantity })),
  ];
  const metadata = {
    user_id: userId,
    tier: req.tier,
    billing: req.billing,
    addons: req.addons.map((a) => `${a.id}x${a.quantity}`).join(','),
  };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: lineItems,
    success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}/cancel`,
    metadata,
    subscription_data: { metadata: { user_id: userId } },
  });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url.`);
  return session.url;
}

/** A billing-portal session for the customer; returns its URL. */
export async function createPortalSession(stripe: Stripe, customer: string, publicUrl: string): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${publicUrl}/app/account` });
  return session.url;
}

// ---- Reading Stripe objects (structurally: webhooks deliver whatever API version the account uses) ----

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** An id, whether the field holds the id or the expanded object. */
export const idOf = (v: unknown): string | null => str(v) ?? (isRec(v) ? str(v.id) : null);
const iso = (seconds: number | null): string | null => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/** Who a subscription belongs to: its metadata.user_id, else the customer on record. */
export async function userOfSubscription(store: Store, sub: unknown): Promise<string | null> {
  if (!isRec(sub)) return null;
  const meta = isRec(sub.metadata) ? str(sub.metadata.user_id) : null;
  if (meta) return meta;
  const customer = idOf(sub.customer);
  return customer ? userForCustomerId(store, customer) : null;
}

/**
 * A Stripe subscription object as our state, or null when none of its items is a plan of the
 * catalogue. The period end is read from the items (current API) or the subscription (older ones).
 */
export function stateFromStripeSubscription(
  sub: unknown,
  catalogue: Readonly<PriceCatalogue>,
  marker: number,
): SubscriptionState | null {
  if (!isRec(sub)) return null;
  const id = str(sub.id);
  const status = str(sub.status);
  if (!id || !status) return null;
  const items = isRec(sub.items) && Array.isArray(sub.items.data) ? (sub.items.data as unknown[]).filter(isRec) : [];
  let tier: TierId | null = null;
  let interval: BillingInterval | null = null;
  let productId: string | null = null;
  let periodEnd: number | null = num(sub.current_period_end);
  const addons: AddonLine[] = [];
  for (const item of items) {
    const price = isRec(item.price) ? item.price : isRec(item.plan) ? item.plan : {};
    const priceId = str(price.id);
    const quantity = num(item.quantity) ?? 1;
    const hit = lookupPriceId(catalogue, priceId);
    const itemEnd = num(item.current_period_end);
    if (itemEnd !== null) periodEnd = periodEnd === null ? itemEnd : Math.max(periodEnd, itemEnd);
    if (hit?.kind === 'addon') {
      addons.push({ id: hit.addon, quantity });
      continue;
    }
    const product = idOf(price.product);
    const byProduct = tierForProductId(catalogue, product);
    if (hit?.kind === 'tier' || byProduct) {
      tier = hit?.kind === 'tier' ? hit.tier : byProduct;
      const recurring = isRec(price.recurring) ? str(price.recurring.interval) : str(price.interval);
      interval = hit?.kind === 'tier' ? hit.interval : recurring === 'year' ? 'annual' : recurring === 'month' ? 'monthly' : null;
      // The configured product id (what the client maps back to a tier), else Stripe's.
      productId = tier ? catalogue.tiers[tier].productId : product;
    }
  }
  if (!tier) return null;
  const ended = status === 'canceled' || status === 'incomplete_expired';
  const endedAt = num(sub.ended_at) ?? num(sub.canceled_at);
  const details = isRec(sub.cancellation_details) ? sub.cancellation_details : {};
  const cancelAtPeriodEnd = sub.cancel_at_period_end === true || (num(sub.cancel_at) !== null && !ended);
  return {
    tier,
    interval,
    addons: normaliseAddonLines(addons),
    status,
    currentPeriodEnd: iso(ended && endedAt !== null ? endedAt : (num(sub.cancel_at) ?? periodEnd)),
    provider: 'stripe',
    subscriptionId: id,
    productId,
    cancelAtPeriodEnd,
    cancelReason: str(details.feedback) ?? str(details.reason),
    marker,
  };
}

/** The subscription id an invoice belongs to (current API: parent.subscription_details; older: subscription). */
export function subscriptionIdOfInvoice(invoice: unknown): string | null {
  if (!isRec(invoice)) return null;
  const parent = isRec(invoice.parent) ? invoice.parent : null;
  const details = parent && isRec(parent.subscription_details) ? parent.subscription_details : null;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

/** The user an invoice belongs to: subscription metadata copied onto the invoice, else its customer. */
export async function userOfInvoice(store: Store, invoice: unknown): Promise<string | null> {
  if (!isRec(invoice)) return null;
  const parent = isRec(invoice.parent) ? invoice.parent : null;
  // Current API: parent.subscription_details; older ones: subscription_details at the top.
  const details =
    parent && isRec(parent.subscription_details)
      ? parent.subscription_details
      : isRec(invoice.subscription_details)
        ? invoice.subscription_details
        : null;
  const meta = details && isRec(details.metadata) ? str(details.metadata.user_id) : null;
  if (meta) return meta;
  const customer = idOf(invoice.customer);
  return customer ? userForCustomerId(store, customer) : null;
}
