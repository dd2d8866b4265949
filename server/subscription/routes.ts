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
import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { priceCatalogueFromEnv, type PriceCatalogue } from '../../src/core/plans';
import { authOf } from '../auth/middleware';
import { HttpError } from '../http/errors';
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
function checkJsonBody(req: Request): void {
  if (!hasBody(req)) return;
  if (!req.is('application/json') || typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw new HttpError(400, NOT_JSON_BODY);
  }
}

/** start-trial's body: nothing, or an empty object (a field sent there would be silently ignored otherwise). */
const StartTrialBody = z.strictObject({});

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
      throw new HttpError(404, 'No profile you can read here: only your own, or your team owner\'s.');
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
    checkJsonBody(req);
    const details = await subscriptionDetails(deps.store, authOf(res).sub, now(), catalogue);
    res.setHeader('Cache-Control', 'no-store');
    res.json(details);
  });

  router.post('/start-trial', deps.requireUser, async (req, res) => {
    checkJsonBody(req);
    if (hasBody(req) && !StartTrialBody.safeParse(req.body).success) throw new HttpError(400, START_TRIAL_TAKES_NO_BODY);
    const result = await startTrial(deps.store, authOf(res).sub, now());
    res.setHeader('Cache-Control', 'no-store');
    switch (result.outcome) {
      case 'started':
        res.json(result);
        return;
      case 'already-used':
        throw new HttpError(409, TRIAL_ALREADY_USED, { outcome: result.outcome });
      case 'already-subscribed':
        throw new HttpError(409, ALREADY_SUBSCRIBED, { outcome: result.outcome });
    }
  });

  return router;
}
