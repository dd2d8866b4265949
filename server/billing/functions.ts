/**
 * `POST /api/functions/create-checkout` and `POST /api/functions/customer-portal` (§7; bearer token,
 * JSON). The provider is `billingProviderOf(config)` (provider.ts): Stripe, the local provider's own
 * pages, or none (503 {@link CHECKOUT_UNAVAILABLE}, checked before anything else).
 * Every other path falls through (next()) to the routers mounted after this one.
 *
 * - create-checkout `{ tier, billing, addons? }` → `{ url }`; 400 names the bad field and the
 *   allowed values; 409 when an active subscription exists (changes go through the portal, so a
 *   user is never billed twice); 502 when Stripe fails (§8 "Checkout failure" text).
 * - customer-portal → `{ url }` for a user with a subscription (including a cancelled one); a
 *   trial user gets `{ message }` containing "Trial users" (the client shows §8 "Upgrade Required");
 *   a user who never subscribed gets `{ message }` saying there is nothing to manage yet.
 */
import express, { type Router } from 'express';
import { authOf } from '../auth';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { getTrialDoc, hasActiveSubscription } from '../subscription/service';
import { parseCheckoutRequest } from './checkoutRequest';
import { localCheckoutUrl, localPortalUrl, localProfile, settleLocalSubscription } from './localProvider';
import { createCheckoutSession, createPortalSession, customerIdForUser, stripeClient } from './stripeProvider';
import { CHECKOUT_UNAVAILABLE, billingProviderOf } from './provider';
import { stateOfProfile } from './subscriptionState';

export const TRIAL_USERS_MESSAGE = 'Trial users cannot manage billing: choose a paid plan first.';
export const NO_SUBSCRIPTION_MESSAGE = 'There is no subscription to manage yet: choose a paid plan first.';
export const ALREADY_SUBSCRIBED_CHECKOUT =
  'You already have an active subscription: change your plan or add-ons from Manage Subscription instead.';
export const CHECKOUT_FAILED = 'Failed to start subscription process. Please try again.';
export const PORTAL_FAILED = 'Failed to open subscription management. Please try again.';

export function createBillingFunctionsRouter(deps: RouterDeps): Router {
  const router = express.Router();
  const provider = billingProviderOf(deps.config);
  // No provider: refuse both functions (after sign-in, so anonymous callers still get 401).
  const refuseWithoutProvider: express.RequestHandler = (_req, res, next) => {
    if (provider !== 'none') return next();
    res.setHeader('Cache-Control', 'no-store');
    next(new HttpError(503, CHECKOUT_UNAVAILABLE, { code: 'billing_unavailable' }));
  };

  router.post('/create-checkout', deps.requireUser, refuseWithoutProvider, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const request = parseCheckoutRequest(req.body);
    const userId = authOf(res).sub;
    const profile = deps.config.stripe ? await localProfile(deps.store, userId) : await settleLocalSubscription(deps, userId);
    if (hasActiveSubscription(profile, deps.now())) throw new HttpError(409, ALREADY_SUBSCRIBED_CHECKOUT);

    // Every URL of this checkout (its page, success, cancel) on the one origin the request came to.
    const base = deps.linkBase(req);
    if (!deps.config.stripe) return void res.json({ url: await localCheckoutUrl(deps, userId, request, base) });
    try {
      const url = await createCheckoutSession(
        stripeClient(deps.config.stripe),
        deps.store,
        userId,
        request,
        deps.catalogue,
        base,
        deps.now(),
      );
      res.json({ url });
    } catch (err) {
      console.error(`create-checkout for ${userId} failed:`, err);
      throw new HttpError(502, CHECKOUT_FAILED);
    }
  });

  router.post('/customer-portal', deps.requireUser, refuseWithoutProvider, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const userId = authOf(res).sub;
    const profile = provider === 'local' ? await settleLocalSubscription(deps, userId) : await localProfile(deps.store, userId);
    const state = stateOfProfile(profile);
    if (!state || state.provider !== provider) {
      const trial = await getTrialDoc(deps.store, userId);
      return void res.json({ message: trial ? TRIAL_USERS_MESSAGE : NO_SUBSCRIPTION_MESSAGE });
    }
    const base = deps.linkBase(req);
    if (!deps.config.stripe) return void res.json({ url: await localPortalUrl(deps, userId, base) });
    try {
      const customer = await customerIdForUser(deps.store, userId);
      if (!customer) return void res.json({ message: NO_SUBSCRIPTION_MESSAGE });
      res.json({ url: await createPortalSession(stripeClient(deps.config.stripe), customer, base) });
    } catch (err) {
      console.error(`customer-portal for ${userId} failed:`, err);
      throw new HttpError(502, PORTAL_FAILED);
    }
  });

  return router;
}
