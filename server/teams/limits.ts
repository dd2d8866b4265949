/**
 * A team's limits are its owner's (spec §6: members inherit the owner's plan): users (members plus
 * pending invitations) and projects, add-ons included, from the same resolution the owner's own
 * get-subscription-details answer uses.
 */
import { planTier, type PriceCatalogue } from '../../src/core/plans';
import { subscriptionDetails, type SubscriptionDetailsResponse } from '../subscription';
import type { Store } from '../store';

export interface TeamLimits {
  users: number;
  projects: number;
  /** How the plan is described in messages: "Starter", "Starter trial", "free". */
  planName: string;
}

export function planNameOf(details: SubscriptionDetailsResponse): string {
  if (details.is_on_trial) return `${planTier(details.tier)?.name ?? 'Starter'} trial`;
  if (!details.subscribed) return 'free';
  if (details.tier === 'enterprise') return 'Enterprise';
  return planTier(details.tier)?.name ?? 'current';
}

export async function teamLimits(
  store: Store,
  ownerId: string,
  now: number,
  catalogue: Readonly<PriceCatalogue>,
): Promise<TeamLimits> {
  const d = await subscriptionDetails(store, ownerId, now, catalogue);
  return { users: d.totalUsers, projects: d.totalProjects, planName: planNameOf(d) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The refusal when a team is full: which limit, and how to raise it. */
export function userLimitMessage(limits: TeamLimits, isOwner: boolean): string {
  const how = isOwner
    ? 'Buy a users add-on or move to a larger plan on your account page (/app/account), or remove a member or a pending invitation.'
    : 'Ask the team owner to buy a users add-on or move to a larger plan, or remove a member or a pending invitation.';
  return (
    `This team has reached its limit of ${plural(limits.users, 'user')} on the ${limits.planName} plan ` +
    `(members and pending invitations count, add-ons included). ${how}`
  );
}

export function projectLimitMessage(limits: TeamLimits): string {
  return (
    `This team has reached its limit of ${plural(limits.projects, 'project')} on the ${limits.planName} plan ` +
    '(add-ons included). The team owner can buy a projects add-on or move to a larger plan on the account page (/app/account), or delete a project the team no longer needs.'
  );
}
