/**
 * HTTP for profiles and the subscription functions (spec §7: functions are invoked as POST with a
 * JSON body and bearer authorization).
 *
 * - `GET /api/profiles/me` → the caller's profile columns (defaults when none).
 * - `POST /api/functions/get-subscription-details` → §3 "Subscription details response".
 * - `POST /api/functions/start-trial` (no body) → 200 started, or 409 already-used / already-subscribed.
 *
 * Mounted after the API's JSON parser. Team owners' profiles are read here only for the caller;
 * lookups by team come with teams.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { priceCatalogueFromEnv, type PriceCatalogue } from '../../src/core/plans';
import { authOf } from '../auth';
import type { Store } from '../store';
import { getProfile } from './profiles';
import { ALREADY_SUBSCRIBED, TRIAL_ALREADY_USED, startTrial, subscriptionDetails } from './service';

export interface SubscriptionRouterDeps {
  store: Store;
  requireUser: RequestHandler;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
  /** Product and price ids; default: from the environment (STRIPE_PRODUCT_*, STRIPE_PRICE_*). */
  catalogue?: Readonly<PriceCatalogue>;
}

export const NOT_JSON_BODY = 'Send no body, or a JSON object with Content-Type: application/json.';
export const START_TRIAL_TAKES_NO_BODY = 'start-trial takes no body: send none, or an empty JSON object {}.';

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** A body, if any, must be a JSON object (invalid JSON never gets here: the parser answers 400). */
function checkJsonBody(req: Request, res: Response): boolean {
  if (!hasBody(req)) return true;
  if (!req.is('application/json') || typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    res.status(400).json({ error: NOT_JSON_BODY });
    return false;
  }
  return true;
}

export function createProfilesRouter(deps: SubscriptionRouterDeps): Router {
  const router = express.Router();
  router.get('/me', deps.requireUser, async (_req, res) => {
    const profile = await getProfile(deps.store, authOf(res).sub);
    res.setHeader('Cache-Control', 'no-store');
    res.json(profile);
  });
  return router;
}

export function createFunctionsRouter(deps: SubscriptionRouterDeps): Router {
  const router = express.Router();
  const now = deps.now ?? Date.now;
  const catalogue = deps.catalogue ?? priceCatalogueFromEnv(process.env);

  router.post('/get-subscription-details', deps.requireUser, async (req, res) => {
    if (!checkJsonBody(req, res)) return;
    const details = await subscriptionDetails(deps.store, authOf(res).sub, now(), catalogue);
    res.setHeader('Cache-Control', 'no-store');
    res.json(details);
  });

  router.post('/start-trial', deps.requireUser, async (req, res) => {
    if (!checkJsonBody(req, res)) return;
    if (hasBody(req) && Object.keys(req.body as object).length > 0) {
      res.status(400).json({ error: START_TRIAL_TAKES_NO_BODY });
      return;
    }
    const result = await startTrial(deps.store, authOf(res).sub, now());
    res.setHeader('Cache-Control', 'no-store');
    switch (result.outcome) {
      case 'started':
        res.json(result);
        return;
      case 'already-used':
        res.status(409).json({ outcome: result.outcome, error: TRIAL_ALREADY_USED });
        return;
      case 'already-subscribed':
        res.status(409).json({ outcome: result.outcome, error: ALREADY_SUBSCRIBED });
        return;
    }
  });

  return router;
}
