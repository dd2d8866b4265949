/**
 * Trial arithmetic and the trial banner's words (§2 "Trial banner", §4 "Trial", §9).
 */
import { ADMIN_LIMITS, PLAN_TIERS, TRIAL, UNSUBSCRIBED_LIMITS, isTierId, type AddOnKind, type Limits } from './constants';

const MS_PER_DAY = 86_400_000;

/** A moment: a Date, epoch milliseconds, or ISO text (text without a zone is read as UTC). */
export type Instant = Date | number | string;

const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** Epoch milliseconds of an instant, or null when it is not a valid moment. */
export function instantMs(v: Instant | null | undefined): number | null {
  if (v instanceof Date) {
    const t = v.getTime();
    return Number.isFinite(t) ? t : null;
  }
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return null;
    const t = Date.parse(ZONELESS.test(s) ? `${s.replace(' ', 'T')}Z` : s);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}

/**
 * Whole days left in a trial: the time to `trialEnd` in days, rounded up, never negative.
 * One millisecond short of the end is 1 day; at or after the end it is 0. Invalid input gives 0.
 */
export function trialDaysRemaining(trialEnd: Instant | null | undefined, now: Instant): number {
  const end = instantMs(trialEnd);
  const at = instantMs(now);
  if (end === null || at === null || end <= at) return 0;
  return Math.ceil((end - at) / MS_PER_DAY);
}

/** The end of a trial that starts at `start` (§3: durationDays 14), as ISO text. */
export function trialEndFrom(start: Instant): string | null {
  const s = instantMs(start);
  return s === null ? null : new Date(s + TRIAL.durationDays * MS_PER_DAY).toISOString();
}

/** §2 Trial banner headline: "{n} days left in your free trial". */
export function trialBannerHeadline(days: number): string {
  return `${days} days left in your free trial`;
}

/** §2 Trial banner: exactly 1 day → "Last day of your trial!"; otherwise "{n} days left in your trial". */
export function trialBannerText(days: number): string {
  return days === 1 ? 'Last day of your trial!' : `${days} days left in your trial`;
}

/** §2 Trial banner sub-line. */
export const TRIAL_BANNER_SUBTEXT = 'Keep full access by upgrading to Starter or Pro';

/** §2 Trial banner button (goes to /pricing). */
export const TRIAL_BANNER_CTA = 'Upgrade Now';

/** §8 "Trial success" toast. */
export const TRIAL_STARTED_MESSAGE = 'Trial Started! You now have 14 days of Starter plan access. No payment required!';

/** §2 / §9: the banner takes its warning style at 3 days or fewer. Null (not on trial) is not a warning. */
export function isTrialWarning(days: number | null | undefined): boolean {
  return typeof days === 'number' && Number.isFinite(days) && days <= TRIAL.warningDays;
}

/** The fields of the subscription status that decide trial prompts. */
export interface TrialPromptFacts {
  isOnTrial: boolean;
  isAdmin: boolean;
  isFreeUser: boolean;
  subscribed: boolean;
}

/** §2 / §6: shown only to users on a trial who are not admin, not free and not subscribed. */
export function shouldShowTrialBanner(status: TrialPromptFacts): boolean {
  return status.isOnTrial && !status.isAdmin && !status.isFreeUser && !status.subscribed;
}

/** §2 / §4 Exit intent: "Only for trial users who are not subscribed, admin or free." */
export function shouldOfferExitIntent(status: TrialPromptFacts): boolean {
  return shouldShowTrialBanner(status);
}

/** What an add-on adds: `amount × quantity` (quantity defaults to 1). */
export interface AddonLike {
  kind: AddOnKind;
  amount: number;
  quantity?: number;
}

/** Sum of the users and projects added by a list of add-ons. Invalid entries add nothing. */
export function addonTotals(addons: readonly AddonLike[]): Limits {
  let users = 0;
  let projects = 0;
  for (const a of addons) {
    const q = a.quantity ?? 1;
    if (!Number.isFinite(a.amount) || !Number.isFinite(q) || a.amount < 0 || q < 0) continue;
    if (a.kind === 'users') users += a.amount * q;
    else if (a.kind === 'projects') projects += a.amount * q;
  }
  return { users, projects };
}

/**
 * The base limits of a tier plus its add-ons. A tier id takes its base from §3's table
 * (Enterprise, "unlimited", uses the 999 stand-in of §9; an unknown tier the unsubscribed
 * defaults); explicit base limits may be passed instead.
 */
export function limitsWithAddons(tier: string | null | Limits, addons: readonly AddonLike[]): Limits {
  let base: Limits;
  if (tier !== null && typeof tier === 'object') base = tier;
  else if (isTierId(tier)) base = { users: PLAN_TIERS[tier].baseUsers, projects: PLAN_TIERS[tier].baseProjects };
  else if (tier === 'enterprise') base = ADMIN_LIMITS;
  else base = UNSUBSCRIBED_LIMITS;
  const extra = addonTotals(addons);
  return { users: base.users + extra.users, projects: base.projects + extra.projects };
}
