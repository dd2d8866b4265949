/**
 * When a team owner's plan ended, for the team-data retention rule ("kept for 90 days after the
 * team's subscription ends"). A team's plan is its owner's (spec §6), so this reads the owner's
 * roles, profile and trial, the same facts get-subscription-details resolves.
 */
import { instantMs } from '../../src/core/plans';
import { stateOfProfile, type BillingProfileDoc } from '../billing/subscriptionState';
import { getRoles } from '../roles';
import type { Store } from '../store';
import { getProfileDoc } from '../subscription/profiles';
import { getTrialDoc, hasActiveSubscription } from '../subscription/service';

/**
 * The instant (ms) the owner's plan ended, or null when it has not ended: an administrator or
 * complimentary user (their plan never ends), an active paid subscription, a local subscription
 * that renews by itself (it is settled on the owner's next visit), a trial still running, or an
 * owner who never had a trial or a paid plan (nothing has ended: such teams keep their data).
 *
 * Otherwise the latest end date on record: the paid subscription's end (cancelled, expired, or
 * left unpaid) or the trial's end, whichever is later.
 */
export async function planEndedAt(store: Store, ownerId: string, now: number): Promise<number | null> {
  const [roles, profile, trial] = await Promise.all([getRoles(store, ownerId), getProfileDoc(store, ownerId), getTrialDoc(store, ownerId)]);
  if (roles.length > 0) return null;
  if (hasActiveSubscription(profile, now)) return null;
  const state = stateOfProfile(profile as BillingProfileDoc | null);
  if (state && state.provider === 'local' && state.status === 'active' && !state.cancelAtPeriodEnd) return null;

  const ends: number[] = [];
  const profileEnd = profile?.subscription_status ? instantMs(profile.subscription_end) : null;
  if (profileEnd !== null) ends.push(profileEnd);
  const trialEnd = trial ? instantMs(trial.ends_at) : null;
  if (trialEnd !== null) ends.push(trialEnd);
  if (ends.length === 0) return null;
  const end = Math.max(...ends);
  return end <= now ? end : null;
}
