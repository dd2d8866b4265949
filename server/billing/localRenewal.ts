/**
 * The local provider renews subscriptions and applies scheduled cancellations when their period
 * ends. Nothing runs on a timer for that: the owner's own get-subscription-details call (which the
 * app makes on sign-in and every 60 s) settles their subscription first, so what it answers is
 * current. With Stripe the provider's webhooks do this job, and with no provider nothing renews (a
 * local subscription from an earlier demo run simply ends): this middleware then does nothing.
 */
import express, { type Router } from 'express';
import { authOf } from '../auth';
import type { RouterDeps } from '../routerDeps';
import { settleLocalSubscription } from './localProvider';
import { billingProviderOf } from './provider';

export function createLocalRenewalMiddleware(deps: RouterDeps): Router {
  const router = express.Router();
  if (billingProviderOf(deps.config) !== 'local') return router;
  router.post('/get-subscription-details', deps.requireUser, (_req, res, next) => {
    settleLocalSubscription(deps, authOf(res).sub).then(
      () => next(),
      (err: unknown) => {
        // The answer is still right without the renewal (an ended period simply reads as ended).
        console.error('Could not settle a local subscription:', err);
        next();
      },
    );
  });
  return router;
}
