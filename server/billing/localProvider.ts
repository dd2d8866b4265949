/**
 * The local billing provider (no Stripe configured: the embedded default). Checkout and the portal
 * are the server's own pages (localPages.ts) reached through short-lived signed links; no card is
 * taken ("test mode"). Subscriptions run for a month or a year and renew by themselves unless
 * cancelled.
 *
 * Cancellation is at period end, as serious subscription products do: the user keeps what they paid
 * for until `subscription_end`, the status stays `active` until then and becomes `canceled`
 * afterwards; until then they can resume. (Settling — renewals and ends — is applied lazily by
 * {@link settleLocalSubscription}, which the billing routes call.)
 */
import { ulid } from 'ulid';
import { instantMs, type AddOnId, type BillingInterval, type PaidTierId } from '../../src/core/plans';
import type { RouterDeps } from '../routerDeps';
import { createIfAbsent, isNotFound, type Store } from '../store';
import { localCheckoutDocId } from '../store/ids';
import { getProfileDoc } from '../subscription/profiles';
import { hasActiveSubscription } from '../subscription/service';
import type { CheckoutRequest } from './checkoutRequest';
import {
  applySubscription,
  normaliseAddonLines,
  stateOfProfile,
  type ApplyResult,
  type BillingProfileDoc,
  type SubscriptionState,
} from './subscriptionState';
import { signBillingToken, type CheckoutClaims } from './tokens';

/** `start` plus one billing interval (calendar month or year, UTC), as ISO text. */
export function addInterval(start: number, interval: BillingInterval): string {
  const d = new Date(start);
  if (interval === 'annual') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d.toISOString();
}

export async function localCheckoutUrl(deps: RouterDeps, userId: string, req: CheckoutRequest, base: string = deps.publicUrl): Promise<string> {
  const token = await signBillingToken(
    deps.secret,
    { purpose: 'checkout', userId, tier: req.tier, billing: req.billing, addons: req.addons },
    deps.now(),
  );
  return `${base}/billing/checkout?token=${encodeURIComponent(token)}`;
}

export async function localPortalUrl(deps: RouterDeps, userId: string, base: string = deps.publicUrl): Promise<string> {
  const token = await signBillingToken(deps.secret, { purpose: 'portal', userId }, deps.now());
  return `${base}/billing/portal?token=${encodeURIComponent(token)}`;
}

export async function localProfile(store: Store, userId: string): Promise<BillingProfileDoc | null> {
  return (await getProfileDoc(store, userId)) as BillingProfileDoc | null;
}

/**
 * Renewals and scheduled cancellations whose time has come: a period that ended with a cancellation
 * pending → `canceled`; otherwise the subscription renews period by period up to now.
 */
export async function settleLocalSubscription(deps: RouterDeps, userId: string): Promise<BillingProfileDoc | null> {
  const now = deps.now();
  const doc = await localProfile(deps.store, userId);
  const state = stateOfProfile(doc);
  if (!doc || !state || state.provider !== 'local' || state.status !== 'active') return doc;
  const end = instantMs(state.currentPeriodEnd);
  if (end === null || end > now) return doc;
  let next: SubscriptionState;
  if (state.cancelAtPeriodEnd) {
    next = { ...state, status: 'canceled', cancelAtPeriodEnd: false, marker: now };
  } else {
    let e = end;
    while (e <= now) e = instantMs(addInterval(e, state.interval ?? 'monthly'))!;
    next = { ...state, currentPeriodEnd: new Date(e).toISOString(), marker: now };
  }
  const r = await applySubscription(deps.store, userId, next, now, deps.catalogue, { expectVersion: doc.billing!.version });
  return (r.profile as BillingProfileDoc | null) ?? (await localProfile(deps.store, userId));
}

export type LocalCheckoutOutcome = 'completed' | 'already-completed' | 'already-subscribed';

/** Completes a local checkout (once per link). */
export async function completeLocalCheckout(deps: RouterDeps, claims: CheckoutClaims): Promise<LocalCheckoutOutcome> {
  const now = deps.now();
  const { store } = deps;
  const doc = await settleLocalSubscription(deps, claims.userId);
  const used = await store
    .db('billing')
    .get(localCheckoutDocId(claims.jti))
    .then(
      () => true,
      (err: unknown) => {
        if (isNotFound(err)) return false;
        throw err;
      },
    );
  if (used) return 'already-completed';
  if (hasActiveSubscription(doc, now)) return 'already-subscribed';
  const first = await createIfAbsent(store.db<Record<string, unknown>>('billing'), {
    _id: localCheckoutDocId(claims.jti),
    type: 'local-checkout',
    user_id: claims.userId,
    tier: claims.tier,
    billing: claims.billing,
    addons: claims.addons,
    completed_at: new Date(now).toISOString(),
  });
  if (!first) return 'already-completed';
  const r = await applySubscription(
    store,
    claims.userId,
    {
      tier: claims.tier,
      interval: claims.billing,
      addons: claims.addons,
      status: 'active',
      currentPeriodEnd: addInterval(now, claims.billing),
      provider: 'local',
      subscriptionId: `local_${ulid(now)}`,
      productId: deps.catalogue.tiers[claims.tier].productId,
      cancelAtPeriodEnd: false,
      marker: now,
    },
    now,
    deps.catalogue,
    // Two checkouts completing at once: only the first subscribes.
    { expectVersion: doc?.billing?.version ?? 0 },
  );
  return r.outcome === 'conflict' ? 'already-subscribed' : 'completed';
}

export type PortalAction =
  | { kind: 'plan'; tier: PaidTierId; billing: BillingInterval }
  | { kind: 'addon-add'; addon: AddOnId }
  | { kind: 'addon-remove'; addon: AddOnId }
  | { kind: 'cancel' }
  | { kind: 'resume' };

export type PortalOutcome =
  | 'plan-changed'
  | 'addon-added'
  | 'addon-removed'
  | 'cancelled'
  | 'resumed'
  | 'unchanged'
  | 'conflict'
  | 'no-subscription'
  | 'ended'
  | 'cancel-pending';

/**
 * Applies a portal form. `version` is the profile's billing version the form was rendered with: a
 * form from an older page (double submit, another tab) changes nothing.
 */
export async function applyPortalAction(
  deps: RouterDeps,
  userId: string,
  version: number,
  action: PortalAction,
): Promise<PortalOutcome> {
  const now = deps.now();
  const doc = await settleLocalSubscription(deps, userId);
  const state = stateOfProfile(doc);
  if (!doc || !state || state.provider !== 'local') return 'no-subscription';
  if (state.status !== 'active') return 'ended';
  if (doc.billing!.version !== version) return 'conflict';
  let next: SubscriptionState = { ...state, marker: now };
  let ok: PortalOutcome;
  switch (action.kind) {
    case 'plan': {
      if (state.cancelAtPeriodEnd) return 'cancel-pending';
      if (action.tier === state.tier && action.billing === state.interval) return 'unchanged';
      const intervalChanged = action.billing !== state.interval;
      next = {
        ...next,
        tier: action.tier,
        interval: action.billing,
        productId: deps.catalogue.tiers[action.tier].productId,
        // A new interval starts a new period now; a tier change keeps the current one.
        currentPeriodEnd: intervalChanged ? addInterval(now, action.billing) : state.currentPeriodEnd,
      };
      ok = 'plan-changed';
      break;
    }
    case 'addon-add':
      if (state.cancelAtPeriodEnd) return 'cancel-pending';
      next = { ...next, addons: normaliseAddonLines([...state.addons, { id: action.addon, quantity: 1 }]) };
      ok = 'addon-added';
      break;
    case 'addon-remove': {
      const line = state.addons.find((a) => a.id === action.addon);
      if (!line) return 'unchanged';
      next = {
        ...next,
        addons: normaliseAddonLines(
          state.addons.map((a) => (a.id === action.addon ? { id: a.id, quantity: a.quantity - 1 } : a)),
        ),
      };
      ok = 'addon-removed';
      break;
    }
    case 'cancel':
      if (state.cancelAtPeriodEnd) return 'unchanged';
      next = { ...next, cancelAtPeriodEnd: true, cancelReason: 'user_requested' };
      ok = 'cancelled';
      break;
    case 'resume':
      if (!state.cancelAtPeriodEnd) return 'unchanged';
      next = { ...next, cancelAtPeriodEnd: false, cancelReason: null };
      ok = 'resumed';
      break;
  }
  const r: ApplyResult = await applySubscription(deps.store, userId, next, now, deps.catalogue, { expectVersion: version });
  if (r.outcome === 'conflict') return 'conflict';
  return r.outcome === 'applied' ? ok : 'unchanged';
}
