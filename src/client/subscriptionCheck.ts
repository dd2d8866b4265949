/**
 * Keeps the subscription store true (spec §4 "Subscription resolution order": no session →
 * unsubscribed; admin or free_user → 999/999; member of a team whose owner is active or trialing →
 * the owner's plan; otherwise get-subscription-details. "Rechecked on every auth state change and
 * every 60 seconds. On failure only loading is cleared.")
 *
 * The reads are the spec's §7 calls; the arithmetic is `resolveSubscription` from src/core/plans,
 * the same code the server runs.
 */
import type { TeamMemberMeResponse } from '../core/api/teams';
import { resolveSubscription, SUBSCRIPTION_RECHECK_MS, TEAM_SHARING_STATUSES } from '../core/plans';
import { api, currentUser, invokeFunction, onAuthChange } from './api';
import { useSubscription } from './subscription';

export const RECHECK_INTERVAL_MS = SUBSCRIPTION_RECHECK_MS;

let generation = 0;

/** One resolution pass. Failures are silent (§8) and clear only `loading`. */
export async function checkSubscription(): Promise<void> {
  const user = currentUser();
  const mine = ++generation;
  const store = useSubscription.getState();
  if (!user) {
    store.reset();
    return;
  }
  try {
    // The roles answer is a JSON array, which api() hands back as { value: [...] }.
    const roles = await api<{ value?: unknown }>('/api/user-roles');
    const roleRows = (Array.isArray(roles.value) ? roles.value : []) as { role: string }[];
    let team: { ownerId: string; ownerProfile: unknown } | null = null;
    let details: unknown = null;
    const privileged = roleRows.some((r) => r.role === 'admin' || r.role === 'free_user');
    if (!privileged) {
      const tm = await api<TeamMemberMeResponse>('/api/team-members/me');
      const ownerId = tm.team_member?.team.owner_id;
      if (ownerId && ownerId !== user.id) {
        const ownerProfile = await api(`/api/profiles/${encodeURIComponent(ownerId)}`);
        team = { ownerId, ownerProfile };
      }
      const sharing =
        team !== null &&
        TEAM_SHARING_STATUSES.includes(String((team.ownerProfile as { subscription_status?: unknown }).subscription_status ?? '').toLowerCase());
      if (!sharing) details = await invokeFunction('get-subscription-details');
    }
    if (mine !== generation) return; // a newer check (e.g. after sign-out) supersedes this one
    const status = resolveSubscription({ session: { userId: user.id }, roles: roleRows, team, details, now: Date.now() });
    useSubscription.getState().setStatus(status);
  } catch {
    if (mine === generation) useSubscription.getState().setLoading(false);
  }
}

let started = false;

/** Starts the rechecks: now, on every auth change, and every 60 s. Idempotent. */
export function startSubscriptionChecks(): void {
  if (started) return;
  started = true;
  onAuthChange((user) => {
    if (user) useSubscription.getState().setLoading(true);
    void checkSubscription();
  });
  setInterval(() => void checkSubscription(), RECHECK_INTERVAL_MS);
  void checkSubscription();
}
