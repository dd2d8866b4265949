/**
 * HTTP for profiles and the subscription functions (spec §7: functions are invoked as POST with a
 * JSON body and bearer authorization).
 *
 * - `GET /api/profiles/me` → the caller's profile columns (defaults when none).
 * - `GET /api/profiles/:userId` → the same for the caller, or for the owner of a team they belong to.
 * - `POST /api/functions/get-subscription-details` → §3 "Subscription details response".
 * - `POST /api/functions/start-trial` (no body) → 200 started, or 409 already-used / already-subscribed.
 *
 * Mounted after the API's JSON parser.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { priceCatalogueFromEnv, type PriceCatalogue } from '../../src/core/plans';
import { authOf } from '../auth';
import type { Store } from '../store';
import { getProfile } from './profiles';
import { getTeam, listMemberships } from '../teams/membership';
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
    const profile = await getProfile(deps.store, authOf(res).sub, (deps.now ?? Date.now)());
    res.setHeader('Cache-Control', 'no-store');
    res.json(profile);
  });
  // §7 "GET profiles by id": a team member reads their team owner's plan columns (step 3 of the
  // resolution). Only your own profile, or the profile of the owner of a team you belong to.
  router.get('/:userId', deps.requireUser, async (req, res) => {
    const caller = authOf(res).sub;
    const target = String(req.params.userId);
    res.setHeader('Cache-Control', 'no-store');
    if (target !== caller && !(await ownsATeamOf(deps.store, target, caller))) {
      res.status(404).json({ error: 'No profile you can read here: only your own, or your team owner\'s.' });
      return;
    }
    res.json(await getProfile(deps.store, target, (deps.now ?? Date.now)()));
  });
  return router;
}

/** True when `ownerId` owns a team that `memberId` belongs to. */
async function ownsATeamOf(store: Store, ownerId: string, memberId: string): Promise<boolean> {
  for (const m of await listMemberships(store, memberId)) {
    const team = await getTeam(store, m.teamId);
    if (team?.owner_id === ownerId) return true;
  }
  return false;
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
