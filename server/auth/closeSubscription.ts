/**
 * Ending a closing account's subscription at once, with its billing provider. The profile is
 * written only through billing's `applySubscription` (the one module that writes profiles), with
 * the state the provider reports, so the analytics event (`subscription_cancelled`, effective
 * immediately) and the finality of an ended subscription work as they do for any cancellation.
 * No refund is made or computed: the plan simply ends now.
 */
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { applySubscription, stateOfProfile, type BillingProfileDoc, type SubscriptionState } from '../billing/subscriptionState';
import { stateFromStripeSubscription, stripeClient } from '../billing/stripeProvider';
import { getProfileDoc } from '../subscription/profiles';
import { instantMs } from '../../src/core/plans';

/** Provider statuses after which nothing is billed any more. */
const ENDED = ['canceled', 'incomplete_expired'];
export const CLOSURE_CANCEL_REASON = 'account_closed';

export const STRIPE_UNAVAILABLE =
  'Your subscription is billed through Stripe, but this server is not connected to Stripe at the moment, so it cannot cancel it. Your account is still open: try again later, or write to us through the contact page (/contact).';
export const STRIPE_CANCEL_FAILED =
  'Stripe could not cancel your subscription just now, so your account is still open and nothing has changed. Try again in a few minutes.';

export interface ClosureCancellation {
  /** The tier that ended, or null when there was no subscription to cancel. */
  tier: string | null;
  provider: 'stripe' | 'local' | null;
  /** When it ended (ISO), null when there was none. */
  endedAt: string | null;
}

/** Cancels the user's live subscription now; throws an {@link HttpError} (502/503, `reason: 'billing'`) when the provider cannot. */
export async function cancelSubscriptionNow(deps: RouterDeps, userId: string, now: number): Promise<ClosureCancellation> {
  const profile = (await getProfileDoc(deps.store, userId)) as BillingProfileDoc | null;
  const state = stateOfProfile(profile);
  if (!state || ENDED.includes(state.status)) return { tier: null, provider: null, endedAt: null };

  let next: SubscriptionState;
  if (state.provider === 'stripe') {
    if (!deps.config.stripe) throw new HttpError(503, STRIPE_UNAVAILABLE, { reason: 'billing' });
    const stripe = stripeClient(deps.config.stripe);
    let sub: unknown;
    try {
      sub = await stripe.subscriptions.cancel(state.subscriptionId, {
        invoice_now: false,
        prorate: false,
        cancellation_details: { comment: 'The customer closed their Earnest account.' },
      });
    } catch (err) {
      // Already cancelled at Stripe (from its dashboard, say): read what it says instead.
      sub = await stripe.subscriptions.retrieve(state.subscriptionId).catch(() => null);
      if (!sub || (sub as { status?: unknown }).status !== 'canceled') {
        console.error(`close-account: Stripe could not cancel ${state.subscriptionId} of ${userId}:`, err);
        throw new HttpError(502, STRIPE_CANCEL_FAILED, { reason: 'billing' });
      }
    }
    // Stripe's markers are event times in seconds: this state is at least as new as the stored one.
    const marker = Math.max(Math.floor(now / 1000), state.marker ?? 0);
    next = stateFromStripeSubscription(sub, deps.catalogue, marker) ?? { ...state, currentPeriodEnd: new Date(now).toISOString(), marker };
  } else {
    // The local provider cancels by itself: a period already over (cancellation pending, not yet
    // settled) ended then, anything else ends now.
    const end = instantMs(state.currentPeriodEnd);
    const endedAt = state.cancelAtPeriodEnd && end !== null && end < now ? end : now;
    next = { ...state, currentPeriodEnd: new Date(endedAt).toISOString(), marker: now };
  }
  next = { ...next, status: 'canceled', cancelAtPeriodEnd: false, cancelReason: CLOSURE_CANCEL_REASON };
  await applySubscription(deps.store, userId, next, now, deps.catalogue);
  return { tier: state.tier, provider: state.provider, endedAt: next.currentPeriodEnd };
}
