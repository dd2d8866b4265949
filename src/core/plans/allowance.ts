/**
 * How many projects a plan allows against how many are used, in the words shown where the limit
 * bites (the account page, the import summary). The sync gateway refuses a team's project beyond
 * its plan's limit (server/sync/projectLimit.ts), so a project created past it would stay on one
 * device: the app says so before that happens, and how to raise the limit.
 */
import { ADDONS, PLAN_TIERS } from './constants';

/** At or above this, a limit reads as "Unlimited" (spec §9: admin and free users get 999). */
export const UNLIMITED = 999;

export interface ProjectAllowance {
  used: number;
  /** Null when unlimited. */
  limit: number | null;
  /** A new project would be beyond the limit. */
  full: boolean;
  /** More projects than the limit already (a plan ended or was downgraded). */
  over: boolean;
  /** What to do, when full; null otherwise. */
  advice: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * `who`: 'owner' may raise the limit themselves; 'member' uses the team owner's plan and must ask.
 */
export function projectAllowance(used: number, totalProjects: number, who: 'owner' | 'member'): ProjectAllowance {
  if (totalProjects >= UNLIMITED) return { used, limit: null, full: false, over: false, advice: null };
  const limit = totalProjects;
  const full = used >= limit;
  const over = used > limit;
  if (!full) return { used, limit, full, over, advice: null };
  const smallest = ADDONS.find((a) => a.kind === 'projects');
  const raise =
    who === 'member'
      ? "ask the team owner to raise the team's limit"
      : `raise the limit with a projects add-on${smallest ? ` (${smallest.name.toLowerCase()} from £${smallest.monthlyPrice} a month)` : ''} or the ${PLAN_TIERS.professional.name} plan (${plural(PLAN_TIERS.professional.baseProjects, 'project')})`;
  const advice = over
    ? `You have ${plural(used, 'project')} and your plan allows ${limit}: projects beyond the limit stay on this device and do not sync to your team. Remove ${plural(used - limit, 'project')}, or ${raise}.`
    : `You have used all ${plural(limit, 'project')} your plan allows. To add another, save the import as the next status of an existing project, remove a project you no longer need, or ${raise}.`;
  return { used, limit, full, over, advice };
}
