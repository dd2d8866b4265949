/**
 * §3 "Subscription details response": the get-subscription-details function's answer. "Both snake
 * and camel case are accepted". `normaliseSubscriptionDetails` turns whatever arrives into a typed,
 * camelCase object and never throws: a field of the wrong type is treated as absent.
 */
import { lookupPriceId, type PriceCatalogue } from './catalogue';
import {
  addOnById,
  isTierId,
  type AddOnId,
  type AddOnKind,
  type AnyTierId,
  type BillingInterval,
} from './constants';

/** An add-on on a subscription. Adds `amount × quantity` users or projects. */
export interface SubscriptionAddon {
  /** The catalogue add-on, when recognisable. */
  id: AddOnId | null;
  kind: AddOnKind;
  /** Users or projects added by one unit. */
  amount: number;
  /** Number of units bought (default 1). */
  quantity: number;
  priceId: string | null;
}

export interface SubscriptionDetails {
  subscribed: boolean;
  productId: string | null;
  /** ISO date-time text. */
  subscriptionEnd: string | null;
  tier: AnyTierId | null;
  isOnTrial: boolean;
  /** ISO date-time text. */
  trialEndDate: string | null;
  trialDaysRemaining: number | null;
  /**
   * Whether the user's one free trial has been used, running or over (Earnest's addition to §3: the
   * account page offers the trial only to those who can still start it, issue 18 item 1).
   */
  trialUsed: boolean;
  totalUsers: number | null;
  totalProjects: number | null;
  baseUsers: number | null;
  baseProjects: number | null;
  addons: SubscriptionAddon[];
  billingInterval: BillingInterval | null;
}

export const EMPTY_SUBSCRIPTION_DETAILS: Readonly<SubscriptionDetails> = Object.freeze({
  subscribed: false,
  productId: null,
  subscriptionEnd: null,
  tier: null,
  isOnTrial: false,
  trialEndDate: null,
  trialDaysRemaining: null,
  trialUsed: false,
  totalUsers: null,
  totalProjects: null,
  baseUsers: null,
  baseProjects: null,
  addons: [],
  billingInterval: null,
});

type Rec = Readonly<Record<string, unknown>>;

export function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first of `keys` whose value `parse` accepts. */
function field<T>(obj: Rec, keys: readonly string[], parse: (v: unknown) => T | null): T | null {
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(obj, k)) continue;
    const p = parse(obj[k]);
    if (p !== null) return p;
  }
  return null;
}

export function parseBool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return null;
}

export function parseText(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A non-negative whole number (numbers or numeric text); anything else is null. */
export function parseCount(v: unknown): number | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) n = Number(v);
  else return null;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * A date: ISO text that parses, or a number of epoch seconds (below 10¹¹, as the payment provider
 * sends) or milliseconds. Returned as ISO text; text input is kept as written.
 */
export function parseDateText(v: unknown): string | null {
  if (typeof v === 'string') {
    const t = v.trim();
    return t !== '' && Number.isFinite(Date.parse(t)) ? t : null;
  }
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) {
    const ms = v < 1e11 ? v * 1000 : v;
    const d = new Date(ms);
    return Number.isFinite(d.getTime()) ? d.toISOString() : null;
  }
  return null;
}

/** A tier id (case-insensitive); 'pro' is read as professional. Unknown names are null. */
export function parseTier(v: unknown): AnyTierId | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().toLowerCase();
  if (t === 'pro') return 'professional';
  if (t === 'enterprise') return 'enterprise';
  return isTierId(t) ? t : null;
}

/** 'monthly' | 'annual', also accepting the provider's 'month' / 'year' and 'yearly'. */
export function parseBillingInterval(v: unknown): BillingInterval | null {
  if (typeof v !== 'string') return null;
  switch (v.trim().toLowerCase()) {
    case 'monthly':
    case 'month':
      return 'monthly';
    case 'annual':
    case 'annually':
    case 'yearly':
    case 'year':
      return 'annual';
    default:
      return null;
  }
}

function parseKind(v: unknown): AddOnKind | null {
  if (typeof v !== 'string') return null;
  const t = v.toLowerCase();
  if (t.includes('project')) return 'projects';
  if (t.includes('user') || t.includes('seat')) return 'users';
  return null;
}

/** One add-on entry, or null when it cannot be understood. */
export function normaliseAddon(raw: unknown, catalogue?: Readonly<PriceCatalogue>): SubscriptionAddon | null {
  if (!isRecord(raw)) return null;
  const priceId = field(raw, ['priceId', 'price_id', 'price'], parseText);
  const idText = field(raw, ['id', 'addonId', 'addon_id'], parseText);
  let known = idText ? addOnById(idText) : null;
  if (!known && priceId && catalogue) {
    const hit = lookupPriceId(catalogue, priceId);
    if (hit?.kind === 'addon') known = addOnById(hit.addon);
  }
  const kind = field(raw, ['kind', 'addonType', 'addon_type', 'type'], parseKind) ?? known?.kind ?? null;
  const amount = field(raw, ['amount'], parseCount) ?? known?.amount ?? null;
  const quantity = field(raw, ['quantity', 'qty'], parseCount) ?? 1;
  if (kind === null || amount === null) return null;
  return { id: known && known.kind === kind ? known.id : null, kind, amount, quantity, priceId };
}

/**
 * §3 "Subscription details response" → a typed object. Accepts both spellings of every field
 * (subscribed, productId/product_id, subscriptionEnd/subscription_end, tier, is_on_trial,
 * trial_end_date, trial_days_remaining, totalUsers/total_users, totalProjects/total_projects,
 * baseUsers/base_users, baseProjects/base_projects, addons, billingInterval/billing_interval).
 * Camel case wins when both are present and valid. Never throws.
 */
export function normaliseSubscriptionDetails(raw: unknown, catalogue?: Readonly<PriceCatalogue>): SubscriptionDetails {
  if (!isRecord(raw)) return { ...EMPTY_SUBSCRIPTION_DETAILS, addons: [] };
  const rawAddons = field(raw, ['addons', 'add_ons', 'addOns'], (v) => (Array.isArray(v) ? (v as unknown[]) : null)) ?? [];
  const addons: SubscriptionAddon[] = [];
  for (const a of rawAddons) {
    const n = normaliseAddon(a, catalogue);
    if (n) addons.push(n);
  }
  return {
    subscribed: field(raw, ['subscribed'], parseBool) ?? false,
    productId: field(raw, ['productId', 'product_id'], parseText),
    subscriptionEnd: field(raw, ['subscriptionEnd', 'subscription_end'], parseDateText),
    tier: field(raw, ['tier'], parseTier),
    isOnTrial: field(raw, ['isOnTrial', 'is_on_trial'], parseBool) ?? false,
    trialEndDate: field(raw, ['trialEndDate', 'trial_end_date', 'trialEndsAt', 'trial_ends_at'], parseDateText),
    trialDaysRemaining: field(raw, ['trialDaysRemaining', 'trial_days_remaining'], parseCount),
    trialUsed: field(raw, ['trialUsed', 'trial_used'], parseBool) ?? false,
    totalUsers: field(raw, ['totalUsers', 'total_users'], parseCount),
    totalProjects: field(raw, ['totalProjects', 'total_projects'], parseCount),
    baseUsers: field(raw, ['baseUsers', 'base_users'], parseCount),
    baseProjects: field(raw, ['baseProjects', 'base_projects'], parseCount),
    addons,
    billingInterval: field(raw, ['billingInterval', 'billing_interval'], parseBillingInterval),
  };
}
