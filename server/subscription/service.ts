/**
 * The subscription functions' logic, independent of HTTP: the get-subscription-details answer
 * (spec §3 "Subscription details response", §4 resolution steps 2 and 4) and start-trial (§4
 * "Trial", §5 "One free trial per user, and no trial while a subscription is active").
 *
 * All plan arithmetic (tiers, limits, add-ons, trial length and days left, admin limits) comes from
 * `src/core/plans`, the same code the client runs: the server turns its stored facts into a raw
 * details object and lets `resolveSubscription` fill in everything derived.
 */
import { randomUUID } from 'node:crypto';
import {
  TRIAL,
  instantMs,
  normaliseOwnerProfile,
  resolveSubscription,
  trialDaysRemaining,
  trialEndFrom,
  type AnyTierId,
  type BillingInterval,
  type PriceCatalogue,
  type SubscriptionAddon,
  type TierId,
} from '../../src/core/plans';
import { getRoles } from '../roles';
import { createIfAbsent, isNotFound, upsert, type Store } from '../store';
import { profileDocId, serverEventDocId, trialDocId } from '../store/ids';
import { getProfileDoc, type ProfileDoc } from './profiles';

/** The one trial a user may ever have: `_id` = `trial:<userId>` in `accounts`, created with createIfAbsent. */
export interface TrialDoc {
  type: 'trial';
  user_id: string;
  tier: TierId;
  /** ISO date-time text. */
  started_at: string;
  /** ISO date-time text. */
  ends_at: string;
}

/** An `analytics_events` row (§3) in the `analytics` database. */
export interface AnalyticsEventDoc {
  type: 'analytics_event';
  user_id: string | null;
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown> | null;
  page_url: string | null;
  /** ISO date-time text. */
  created_at: string;
}

/** §3 "Subscription details response", with both spellings where the spec lists both. */
export interface SubscriptionDetailsResponse {
  subscribed: boolean;
  productId: string | null;
  product_id: string | null;
  subscriptionEnd: string | null;
  subscription_end: string | null;
  tier: AnyTierId | null;
  is_on_trial: boolean;
  trial_end_date: string | null;
  trial_days_remaining: number | null;
  /** Earnest's addition to §3: the user's one trial is used (running or over). */
  trialUsed: boolean;
  trial_used: boolean;
  totalUsers: number;
  total_users: number;
  totalProjects: number;
  total_projects: number;
  baseUsers: number;
  base_users: number;
  baseProjects: number;
  base_projects: number;
  addons: SubscriptionAddon[];
  billingInterval: BillingInterval | null;
  billing_interval: BillingInterval | null;
}

export async function getTrialDoc(store: Store, userId: string): Promise<TrialDoc | null> {
  try {
    const doc = await store.db<TrialDoc>('accounts').get(trialDocId(userId));
    return doc.type === 'trial' ? doc : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/**
 * A paid subscription: status `active`, or `past_due` while the payment provider retries a failed
 * payment (the customer keeps access meanwhile), and not past its end date (none = open-ended).
 */
export function hasActiveSubscription(profileDoc: unknown, now: number): boolean {
  const p = normaliseOwnerProfile(profileDoc);
  if (p.subscriptionStatus !== 'active' && p.subscriptionStatus !== 'past_due') return false;
  const end = instantMs(p.subscriptionEnd);
  return end === null || end > now;
}

/** The raw details (§3 shape) from the stored profile and trial, before resolution. */
function rawDetails(
  profileDoc: (ProfileDoc & { _id: string }) | null,
  trial: TrialDoc | null,
  now: number,
  catalogue: Readonly<PriceCatalogue>,
): Record<string, unknown> {
  if (profileDoc && hasActiveSubscription(profileDoc, now)) {
    const p = normaliseOwnerProfile(profileDoc);
    const tier = p.subscriptionTier;
    const productId =
      profileDoc.product_id ?? (tier && tier !== 'enterprise' ? catalogue.tiers[tier].productId : null);
    return {
      subscribed: true,
      product_id: productId,
      subscription_end: p.subscriptionEnd,
      tier,
      // max_users / max_projects are the totals (base + add-ons) the subscription grants.
      total_users: p.maxUsers,
      total_projects: p.maxProjects,
      addons: Array.isArray(profileDoc.addons) ? profileDoc.addons : [],
      billing_interval: profileDoc.billing_interval ?? null,
    };
  }
  const end = trial ? instantMs(trial.ends_at) : null;
  if (trial && end !== null && end > now) {
    return {
      subscribed: false,
      tier: trial.tier,
      is_on_trial: true,
      trial_end_date: trial.ends_at,
      trial_days_remaining: trialDaysRemaining(trial.ends_at, now),
      trial_used: true,
    };
  }
  return { subscribed: false, trial_used: trial !== null };
}

/** The get-subscription-details answer for a user at `now`. */
export async function subscriptionDetails(
  store: Store,
  userId: string,
  now: number,
  catalogue: Readonly<PriceCatalogue>,
): Promise<SubscriptionDetailsResponse> {
  const [roles, profileDoc, trial] = await Promise.all([
    getRoles(store, userId),
    getProfileDoc(store, userId),
    getTrialDoc(store, userId),
  ]);
  const s = resolveSubscription({
    session: { userId },
    roles,
    details: rawDetails(profileDoc, trial, now, catalogue),
    now,
    catalogue,
  });
  return {
    subscribed: s.subscribed,
    productId: s.productId,
    product_id: s.productId,
    subscriptionEnd: s.subscriptionEnd,
    subscription_end: s.subscriptionEnd,
    tier: s.tier,
    is_on_trial: s.isOnTrial,
    trial_end_date: s.trialEndsAt,
    trial_days_remaining: s.trialDaysRemaining,
    // A subscriber's trial is moot, but still used: it cannot be started after the subscription ends.
    trialUsed: trial !== null,
    trial_used: trial !== null,
    totalUsers: s.totalUsers,
    total_users: s.totalUsers,
    totalProjects: s.totalProjects,
    total_projects: s.totalProjects,
    baseUsers: s.baseUsers,
    base_users: s.baseUsers,
    baseProjects: s.baseProjects,
    base_projects: s.baseProjects,
    addons: s.addons,
    billingInterval: s.billingInterval,
    billing_interval: s.billingInterval,
  };
}

export type StartTrialResult =
  | { outcome: 'started'; trialEndsAt: string }
  | { outcome: 'already-used' }
  | { outcome: 'already-subscribed' };

/** §8 messages for the two refusals. */
export const TRIAL_ALREADY_USED =
  "Trial Already Used - You've already used your free trial. Please choose a plan to continue.";
export const ALREADY_SUBSCRIBED = 'Already Subscribed - You already have an active subscription!';

/**
 * Starts the user's one free trial: TRIAL.durationDays of TRIAL.tierDuringTrial. Refused while
 * subscribed (a paid profile, or an admin / free_user role, which counts as subscribed per §6)
 * and when a trial record already exists — it is created with createIfAbsent, so of two parallel
 * calls exactly one starts a trial. Then the profile is marked `trialing` (what team-owner lookups
 * read) and a `trial_started` analytics event is recorded; neither of those may undo the trial.
 */
export async function startTrial(store: Store, userId: string, now: number): Promise<StartTrialResult> {
  const [roles, profileDoc] = await Promise.all([getRoles(store, userId), getProfileDoc(store, userId)]);
  if (roles.length > 0 || hasActiveSubscription(profileDoc, now)) return { outcome: 'already-subscribed' };

  const startedAt = new Date(now).toISOString();
  const endsAt = trialEndFrom(now)!;
  const created = await createIfAbsent(store.db<TrialDoc>('accounts'), {
    _id: trialDocId(userId),
    type: 'trial',
    user_id: userId,
    tier: TRIAL.tierDuringTrial,
    started_at: startedAt,
    ends_at: endsAt,
  });
  if (!created) return { outcome: 'already-used' };

  try {
    await upsert(store.db<ProfileDoc>('accounts'), profileDocId(userId), (doc) => {
      if (doc && hasActiveSubscription(doc, now)) return null; // a payment landed meanwhile: keep it
      return {
        ...(doc ?? {}),
        type: 'profile' as const,
        id: userId,
        subscription_tier: TRIAL.tierDuringTrial,
        subscription_status: 'trialing',
        subscription_end: endsAt,
        max_users: TRIAL.limits.users,
        max_projects: TRIAL.limits.projects,
        updated_at: startedAt,
      };
    });
  } catch (err) {
    // The trial record decides the details; the profile is a copy for team lookups.
    console.error(`start-trial: could not update the profile of ${userId}:`, err);
  }

  await recordEvent(store, {
    user_id: userId,
    event_type: 'trial_started',
    event_category: 'subscription',
    event_data: { tier: TRIAL.tierDuringTrial, trial_end_date: endsAt },
    page_url: null,
    created_at: startedAt,
  });
  return { outcome: 'started', trialEndsAt: endsAt };
}

/** Inserts an analytics event; failures are logged, never thrown (§8: tracking failures are silent). */
export async function recordEvent(store: Store, event: Omit<AnalyticsEventDoc, 'type'>): Promise<void> {
  try {
    await store.db<AnalyticsEventDoc>('analytics').put({
      _id: serverEventDocId(event.created_at, randomUUID()),
      type: 'analytics_event',
      ...event,
    });
  } catch (err) {
    console.error(`Could not record the ${event.event_type} event:`, err);
  }
}
