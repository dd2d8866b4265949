/**
 * Plans, prices, the trial, add-ons and default limits, exactly as the product specification
 * (`spec/product-spec.md`) gives them. Section references (§) are to that document.
 *
 * Prices are whole pounds sterling. Product and price ids belong to the payment provider and
 * live in `catalogue.ts`, not here.
 */

/** §3 "Plan tiers (currency GBP)". */
export const PLAN_CURRENCY = 'GBP';

/** The tiers of §3's plan table. */
export type TierId = 'test' | 'starter' | 'professional';

/** The paid tiers a visitor can buy through checkout (§7 create-checkout: "starter or professional"). */
export type PaidTierId = 'starter' | 'professional';

/** Any tier a subscription can carry, including the custom-priced Enterprise tier (§9). */
export type AnyTierId = TierId | 'enterprise';

export const TIER_IDS: readonly TierId[] = ['test', 'starter', 'professional'];
export const PAID_TIER_IDS: readonly PaidTierId[] = ['starter', 'professional'];

/** §3 / §7: the two billing intervals offered at checkout. */
export type BillingInterval = 'monthly' | 'annual';
export const BILLING_INTERVALS: readonly BillingInterval[] = ['monthly', 'annual'];

export interface PlanTier {
  id: TierId;
  name: string;
  /** Users included before add-ons (§3). */
  baseUsers: number;
  /** Projects included before add-ons (§3). */
  baseProjects: number;
  /** GBP per month (§3, §9). */
  monthlyPrice: number;
  /** GBP per year (§3, §9). */
  annualPrice: number;
  /** The struck-through "New User Discount" price per month; null where the spec shows none (§2 Pricing, §3). */
  originalMonthlyPrice: number | null;
  /** The original price per year; null where the spec shows none (§3). */
  originalAnnualPrice: number | null;
  /** Storage in GB (§9); null where the spec shows none. */
  storageGb: number | null;
}

/** §3 "Plan tiers" table, with storage from §9. */
export const PLAN_TIERS: Readonly<Record<TierId, Readonly<PlanTier>>> = {
  /** §3: test — 2 users, 2 projects, free; original prices and storage "not shown". */
  test: {
    id: 'test',
    name: 'Test',
    baseUsers: 2,
    baseProjects: 2,
    monthlyPrice: 0,
    annualPrice: 0,
    originalMonthlyPrice: null,
    originalAnnualPrice: null,
    storageGb: null,
  },
  /** §3 and §9: Starter — 29 GBP/month or 199/year (was 49 / 348), 1 user, 3 projects, 1 GB. */
  starter: {
    id: 'starter',
    name: 'Starter',
    baseUsers: 1,
    baseProjects: 3,
    monthlyPrice: 29,
    annualPrice: 199,
    originalMonthlyPrice: 49,
    originalAnnualPrice: 348,
    storageGb: 1,
  },
  /** §3 and §9: Professional — 149/month or 999/year (was 199 / 1788), 5 users, 10 projects, 10 GB. */
  professional: {
    id: 'professional',
    name: 'Professional',
    baseUsers: 5,
    baseProjects: 10,
    monthlyPrice: 149,
    annualPrice: 999,
    originalMonthlyPrice: 199,
    originalAnnualPrice: 1788,
    storageGb: 10,
  },
};

/** §9: "Enterprise: custom price, unlimited projects and users, via Contact Sales." */
export const ENTERPRISE_TIER = {
  id: 'enterprise',
  name: 'Enterprise',
  /** No list price: quoted by sales. */
  price: 'custom',
  /** null = unlimited. */
  maxUsers: null,
  /** null = unlimited. */
  maxProjects: null,
  /** §2 Features / §9: reached through Contact Sales, never checkout. */
  contactSales: true,
  ctaLabel: 'Contact Sales',
} as const;

/** §9: "Annual savings shown as 44%." A display constant, not derived from the prices. */
export const ANNUAL_SAVING_PERCENT = 44;

/** §2 Pricing: "annual selected by default". */
export const DEFAULT_BILLING_INTERVAL: BillingInterval = 'annual';

/** §2 Pricing: the monthly label. */
export const NEW_USER_DISCOUNT_LABEL = 'New User Discount';

export interface TrialConfig {
  durationDays: number;
  tierDuringTrial: TierId;
  limits: { users: number; projects: number };
  /** The banner takes its warning style at this many days left or fewer. */
  warningDays: number;
}

/** §3 "Trial config" and §9 "Trial: 14 days, Starter limits (1 user, 3 projects). Warning at 3 days or fewer." */
export const TRIAL: Readonly<TrialConfig> = {
  durationDays: 14,
  tierDuringTrial: 'starter',
  limits: { users: 1, projects: 3 },
  warningDays: 3,
};

export type AddOnKind = 'projects' | 'users';
export type AddOnId = 'projects-3' | 'projects-5' | 'projects-10' | 'users-1' | 'users-3' | 'users-5';

export interface AddOn {
  id: AddOnId;
  kind: AddOnKind;
  /** How many projects or users one add-on adds. */
  amount: number;
  name: string;
  /** GBP per month. */
  monthlyPrice: number;
  /** GBP per year. */
  annualPrice: number;
}

/** §3 "Add-ons" table (§9: "9-25 a month for projects and 15-59 for users"). */
export const ADDONS: readonly Readonly<AddOn>[] = [
  { id: 'projects-3', kind: 'projects', amount: 3, name: '+3 Projects', monthlyPrice: 9, annualPrice: 59 },
  { id: 'projects-5', kind: 'projects', amount: 5, name: '+5 Projects', monthlyPrice: 14, annualPrice: 99 },
  { id: 'projects-10', kind: 'projects', amount: 10, name: '+10 Projects', monthlyPrice: 25, annualPrice: 179 },
  { id: 'users-1', kind: 'users', amount: 1, name: '+1 User', monthlyPrice: 15, annualPrice: 99 },
  { id: 'users-3', kind: 'users', amount: 3, name: '+3 Users', monthlyPrice: 39, annualPrice: 269 },
  { id: 'users-5', kind: 'users', amount: 5, name: '+5 Users', monthlyPrice: 59, annualPrice: 399 },
];

export const ADDON_IDS: readonly AddOnId[] = ADDONS.map((a) => a.id);

/** Limits as a pair. */
export interface Limits {
  users: number;
  projects: number;
}

/** §9 / §4 step 1: "Unsubscribed defaults: 1 user, 3 projects." */
export const UNSUBSCRIBED_LIMITS: Readonly<Limits> = { users: 1, projects: 3 };

/** §9 / §6: "Admin and free: 999." (users and projects) */
export const ADMIN_LIMITS: Readonly<Limits> = { users: 999, projects: 999 };

/** §9: "Team members: max_users falls back to 1, max_projects to 3." */
export const TEAM_MEMBER_FALLBACK_LIMITS: Readonly<Limits> = { users: 1, projects: 3 };

/** §4 Subscription resolution, step 3: owner profile statuses that extend to team members. */
export const TEAM_SHARING_STATUSES: readonly string[] = ['active', 'trialing'];

/** §3 user_roles / §6: the roles that count as subscribed with admin limits. */
export type PrivilegedRole = 'admin' | 'free_user';

/** §4 / §9: "Subscription recheck every 60 s". */
export const SUBSCRIPTION_RECHECK_MS = 60_000;

/** §4 Trial: "the user goes to /app after 1.5 seconds". */
export const TRIAL_REDIRECT_MS = 1_500;

/** The tier definition for an id, or null for unknown ids. */
export function planTier(id: string | null | undefined): Readonly<PlanTier> | null {
  return id && isTierId(id) ? PLAN_TIERS[id] : null;
}

export function isTierId(v: unknown): v is TierId {
  return typeof v === 'string' && (TIER_IDS as readonly string[]).includes(v);
}

export function isAddOnId(v: unknown): v is AddOnId {
  return typeof v === 'string' && (ADDON_IDS as readonly string[]).includes(v);
}

export function addOnById(id: string): Readonly<AddOn> | null {
  return ADDONS.find((a) => a.id === id) ?? null;
}

/**
 * §9: "Monthly equivalent of annual = annual/12 to 2 decimals", as the display string
 * (199 → "16.58", 999 → "83.25").
 */
export function monthlyEquivalentOfAnnual(annualPrice: number): string {
  if (!Number.isFinite(annualPrice)) return '0.00';
  // Round in integer pence to avoid binary artefacts of toFixed (e.g. 1.005).
  const pence = Math.round((annualPrice * 100) / 12);
  return (pence / 100).toFixed(2);
}

/** The price of a tier for an interval (GBP). */
export function tierPrice(tier: TierId, interval: BillingInterval): number {
  const t = PLAN_TIERS[tier];
  return interval === 'annual' ? t.annualPrice : t.monthlyPrice;
}
