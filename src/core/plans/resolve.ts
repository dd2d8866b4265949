/**
 * §4 "Subscription resolution order" producing §3 "Subscription status (held on the client)".
 *
 * 1. No session: unsubscribed defaults.
 * 2. Role admin or free_user: subscribed, 999 users and 999 projects.
 * 3. Member of a team whose owner's profile status is active or trialing: the owner's tier, end
 *    date and limits (max_users → 1, max_projects → 3 when missing), flagged as a team subscription.
 * 4. Otherwise the get-subscription-details response decides.
 *
 * Pure: the caller fetches roles, team and details (§7) and passes them in.
 */
import { tierForProductId, type PriceCatalogue } from './catalogue';
import {
  ADMIN_LIMITS,
  PLAN_TIERS,
  TEAM_MEMBER_FALLBACK_LIMITS,
  TEAM_SHARING_STATUSES,
  TRIAL,
  UNSUBSCRIBED_LIMITS,
  isTierId,
  type AnyTierId,
  type BillingInterval,
  type Limits,
} from './constants';
import {
  isRecord,
  normaliseSubscriptionDetails,
  parseCount,
  parseDateText,
  parseText,
  parseTier,
  type SubscriptionAddon,
} from './details';
import { limitsWithAddons, trialDaysRemaining, type Instant } from './trial';

/** §3 "Subscription status (held on the client)", field for field. */
export interface SubscriptionStatus {
  subscribed: boolean;
  productId: string | null;
  subscriptionEnd: string | null;
  /** Null when unsubscribed, and for admins and free users (the spec gives them no tier). */
  tier: AnyTierId | null;
  loading: boolean;
  isAdmin: boolean;
  isFreeUser: boolean;
  isUsingTeamSubscription: boolean;
  teamOwnerId: string | null;
  isOnTrial: boolean;
  trialEndsAt: string | null;
  /** Null when not on a trial. */
  trialDaysRemaining: number | null;
  /** The one free trial is used (running or over): it cannot be started again (§5). */
  trialUsed: boolean;
  totalUsers: number;
  totalProjects: number;
  baseUsers: number;
  baseProjects: number;
  addons: SubscriptionAddon[];
  billingInterval: BillingInterval | null;
}

/** Step 1: the unsubscribed defaults (§9: 1 user, 3 projects). */
export function unsubscribedStatus(): SubscriptionStatus {
  return {
    subscribed: false,
    productId: null,
    subscriptionEnd: null,
    tier: null,
    loading: false,
    isAdmin: false,
    isFreeUser: false,
    isUsingTeamSubscription: false,
    teamOwnerId: null,
    isOnTrial: false,
    trialEndsAt: null,
    trialDaysRemaining: null,
    trialUsed: false,
    totalUsers: UNSUBSCRIBED_LIMITS.users,
    totalProjects: UNSUBSCRIBED_LIMITS.projects,
    baseUsers: UNSUBSCRIBED_LIMITS.users,
    baseProjects: UNSUBSCRIBED_LIMITS.projects,
    addons: [],
    billingInterval: null,
  };
}

/** The state before the first check completes: unsubscribed defaults, loading. */
export function initialSubscriptionStatus(): SubscriptionStatus {
  return { ...unsubscribedStatus(), loading: true };
}

/** §4: "On failure only loading is cleared." */
export function subscriptionCheckFailed(previous: SubscriptionStatus): SubscriptionStatus {
  return { ...previous, loading: false };
}

/** A team owner's `profiles` row (§3, §7), normalised. */
export interface OwnerProfile {
  subscriptionTier: AnyTierId | null;
  subscriptionStatus: string | null;
  subscriptionEnd: string | null;
  maxUsers: number | null;
  maxProjects: number | null;
}

/** Reads a `profiles` row (snake or camel case); garbage gives an empty profile. */
export function normaliseOwnerProfile(raw: unknown): OwnerProfile {
  const r = isRecord(raw) ? raw : {};
  const pick = <T>(keys: string[], parse: (v: unknown) => T | null): T | null => {
    for (const k of keys) {
      const v = parse(r[k]);
      if (v !== null) return v;
    }
    return null;
  };
  const status = pick(['subscription_status', 'subscriptionStatus'], parseText);
  return {
    subscriptionTier: pick(['subscription_tier', 'subscriptionTier'], parseTier),
    subscriptionStatus: status ? status.toLowerCase() : null,
    subscriptionEnd: pick(['subscription_end', 'subscriptionEnd'], parseDateText),
    maxUsers: pick(['max_users', 'maxUsers'], parseCount),
    maxProjects: pick(['max_projects', 'maxProjects'], parseCount),
  };
}

export interface ResolveSubscriptionInput {
  /** The auth session; null or undefined when signed out. */
  session: { userId: string } | null | undefined;
  /** `user_roles` for the user: role strings or `{ role }` rows. */
  roles?: readonly unknown[] | null;
  /** The user's team (from `team_members`) and its owner's `profiles` row, when a member. */
  team?: { ownerId: string; ownerProfile: unknown } | null;
  /** The raw get-subscription-details response (step 4). */
  details?: unknown;
  /** For trial days when the response gives an end date but no count. */
  now?: Instant;
  /** For mapping product ids to tiers and back. */
  catalogue?: Readonly<PriceCatalogue>;
}

function roleNames(roles: readonly unknown[] | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const r of roles ?? []) {
    const name = typeof r === 'string' ? r : isRecord(r) && typeof r.role === 'string' ? r.role : null;
    if (name) out.add(name.trim().toLowerCase());
  }
  return out;
}

/** §4 resolution order → §3 subscription status. Never throws; `loading` is false. */
export function resolveSubscription(input: ResolveSubscriptionInput): SubscriptionStatus {
  // 1. No session.
  if (!input.session || typeof input.session.userId !== 'string' || input.session.userId === '') {
    return unsubscribedStatus();
  }

  // 2. Admin or free user.
  const roles = roleNames(input.roles);
  const isAdmin = roles.has('admin');
  const isFreeUser = roles.has('free_user');
  if (isAdmin || isFreeUser) {
    return {
      ...unsubscribedStatus(),
      subscribed: true,
      isAdmin,
      isFreeUser,
      totalUsers: ADMIN_LIMITS.users,
      totalProjects: ADMIN_LIMITS.projects,
      baseUsers: ADMIN_LIMITS.users,
      baseProjects: ADMIN_LIMITS.projects,
    };
  }

  // 3. Team member whose owner is active or trialing.
  const team = input.team;
  if (team && typeof team.ownerId === 'string' && team.ownerId !== '') {
    const owner = normaliseOwnerProfile(team.ownerProfile);
    if (owner.subscriptionStatus !== null && TEAM_SHARING_STATUSES.includes(owner.subscriptionStatus)) {
      const users = owner.maxUsers ?? TEAM_MEMBER_FALLBACK_LIMITS.users;
      const projects = owner.maxProjects ?? TEAM_MEMBER_FALLBACK_LIMITS.projects;
      const tier = owner.subscriptionTier;
      return {
        ...unsubscribedStatus(),
        subscribed: true,
        productId: input.catalogue && isTierId(tier) ? input.catalogue.tiers[tier].productId : null,
        subscriptionEnd: owner.subscriptionEnd,
        tier,
        isUsingTeamSubscription: true,
        teamOwnerId: team.ownerId,
        // The owner's limits already include their add-ons: a member sees them as the base.
        totalUsers: users,
        totalProjects: projects,
        baseUsers: users,
        baseProjects: projects,
      };
    }
  }

  // 4. The get-subscription-details response.
  const d = normaliseSubscriptionDetails(input.details, input.catalogue);
  const tier: AnyTierId | null =
    d.tier ??
    (input.catalogue ? tierForProductId(input.catalogue, d.productId) : null) ??
    (d.isOnTrial ? TRIAL.tierDuringTrial : null);

  let base: Limits;
  if (d.subscribed) {
    if (isTierId(tier)) base = { users: PLAN_TIERS[tier].baseUsers, projects: PLAN_TIERS[tier].baseProjects };
    else if (tier === 'enterprise') base = ADMIN_LIMITS;
    else base = UNSUBSCRIBED_LIMITS;
  } else if (d.isOnTrial) {
    base = TRIAL.limits;
  } else {
    base = UNSUBSCRIBED_LIMITS;
  }
  const baseUsers = d.baseUsers ?? base.users;
  const baseProjects = d.baseProjects ?? base.projects;
  const summed = limitsWithAddons({ users: baseUsers, projects: baseProjects }, d.addons);

  let daysLeft: number | null = null;
  if (d.isOnTrial) {
    daysLeft = d.trialDaysRemaining;
    if (daysLeft === null && d.trialEndDate !== null && input.now !== undefined) {
      daysLeft = trialDaysRemaining(d.trialEndDate, input.now);
    }
  }

  return {
    subscribed: d.subscribed,
    productId: d.productId,
    subscriptionEnd: d.subscriptionEnd,
    tier,
    loading: false,
    isAdmin: false,
    isFreeUser: false,
    isUsingTeamSubscription: false,
    teamOwnerId: null,
    isOnTrial: d.isOnTrial,
    trialEndsAt: d.isOnTrial ? d.trialEndDate : null,
    trialDaysRemaining: daysLeft,
    trialUsed: d.trialUsed || d.isOnTrial,
    totalUsers: d.totalUsers ?? summed.users,
    totalProjects: d.totalProjects ?? summed.projects,
    baseUsers,
    baseProjects,
    addons: d.addons,
    billingInterval: d.billingInterval,
  };
}
