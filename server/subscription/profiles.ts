/**
 * Profiles (spec §3 "profiles: id, subscription_tier, subscription_status, subscription_end,
 * max_users, max_projects"; §7 "GET profiles by id"). One document per user in the `accounts`
 * database, `_id` = `profile:<userId>`, written with `upsert`.
 *
 * Today only the trial writes a profile (status `trialing`); billing (create-checkout, the payment
 * provider's webhooks) will write `active` subscriptions later.
 */
import { UNSUBSCRIBED_LIMITS, normaliseOwnerProfile, type AnyTierId, type BillingInterval } from '../../src/core/plans';
import { isNotFound, type Store } from '../store';
import { profileDocId } from '../store/ids';

export interface ProfileDoc {
  type: 'profile';
  /** The user id. */
  id: string;
  subscription_tier: AnyTierId | null;
  /** `active` (paid), `trialing` (the free trial), or whatever billing records later (`canceled`, `past_due`, …). */
  subscription_status: string | null;
  /** ISO date-time text. */
  subscription_end: string | null;
  max_users: number;
  max_projects: number;
  /** Set by billing, when known. */
  billing_interval?: BillingInterval | null;
  product_id?: string | null;
  /** Add-ons on the paid subscription (any shape `normaliseAddon` reads), set by billing. */
  addons?: unknown[];
  updated_at?: string;
}

/** The §7 view of a profile: exactly the selected columns. */
export interface ProfileView {
  subscription_tier: AnyTierId | null;
  subscription_status: string | null;
  subscription_end: string | null;
  max_users: number;
  max_projects: number;
}

/** A user without a profile: no tier, no status, the unsubscribed limits (§9: 1 user, 3 projects). */
export function defaultProfileView(): ProfileView {
  return {
    subscription_tier: null,
    subscription_status: null,
    subscription_end: null,
    max_users: UNSUBSCRIBED_LIMITS.users,
    max_projects: UNSUBSCRIBED_LIMITS.projects,
  };
}

/** The stored profile document, or null. */
export async function getProfileDoc(store: Store, userId: string): Promise<(ProfileDoc & { _id: string }) | null> {
  try {
    const doc = await store.db<ProfileDoc>('accounts').get(profileDocId(userId));
    return doc.type === 'profile' ? doc : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** A profile document (or none) as the §7 view, read through the shared normaliser; defaults fill gaps. */
export function profileView(doc: unknown): ProfileView {
  const p = normaliseOwnerProfile(doc);
  const d = defaultProfileView();
  return {
    subscription_tier: p.subscriptionTier,
    subscription_status: p.subscriptionStatus,
    subscription_end: p.subscriptionEnd,
    max_users: p.maxUsers ?? d.max_users,
    max_projects: p.maxProjects ?? d.max_projects,
  };
}

/** Statuses that grant the plan only until `subscription_end`. */
const TIME_BOUND_STATUSES = ['active', 'trialing', 'past_due'];

/**
 * The §7 view at `now`: a plan whose end date has passed is reported as `expired`, whatever status
 * was last stored (a trial simply runs out; nothing rewrites its profile), so team members stop
 * inheriting it on time.
 */
export async function getProfile(store: Store, userId: string, now?: number): Promise<ProfileView> {
  const view = profileView(await getProfileDoc(store, userId));
  if (now !== undefined && view.subscription_status && TIME_BOUND_STATUSES.includes(view.subscription_status)) {
    const end = view.subscription_end ? Date.parse(view.subscription_end) : NaN;
    if (Number.isFinite(end) && end <= now) view.subscription_status = 'expired';
  }
  return view;
}
