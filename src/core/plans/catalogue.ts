/**
 * Product and price ids from the payment provider (§3: "Each tier has a name, productId,
 * monthlyPriceId and annualPriceId from the payment provider (values not repeated)"; "Each add-on
 * has amount, name, and monthly and annual price ids"). The server fills a catalogue from its
 * environment; the defaults below are placeholders used by the local billing provider and tests.
 */
import { ADDON_IDS, TIER_IDS, type AddOnId, type BillingInterval, type TierId } from './constants';

export interface TierPriceIds {
  productId: string;
  monthlyPriceId: string;
  annualPriceId: string;
}

export interface AddOnPriceIds {
  monthlyPriceId: string;
  annualPriceId: string;
}

export interface PriceCatalogue {
  tiers: Record<TierId, TierPriceIds>;
  addons: Record<AddOnId, AddOnPriceIds>;
}

const envKey = (id: string): string => id.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

function buildDefault(): PriceCatalogue {
  const tiers = {} as Record<TierId, TierPriceIds>;
  for (const t of TIER_IDS) {
    tiers[t] = { productId: `prod_${t}`, monthlyPriceId: `price_${t}_monthly`, annualPriceId: `price_${t}_annual` };
  }
  const addons = {} as Record<AddOnId, AddOnPriceIds>;
  for (const a of ADDON_IDS) {
    const k = envKey(a).toLowerCase();
    addons[a] = { monthlyPriceId: `price_addon_${k}_monthly`, annualPriceId: `price_addon_${k}_annual` };
  }
  return { tiers, addons };
}

/**
 * Placeholder ids: `prod_starter`, `price_starter_monthly`, `price_starter_annual`, …,
 * `price_addon_projects_3_monthly`, `price_addon_users_5_annual`, ….
 */
export const defaultPriceCatalogue: Readonly<PriceCatalogue> = Object.freeze(buildDefault());

/**
 * Builds a catalogue from environment-style variables, falling back to the placeholders for any
 * that are missing or blank. Pure: pass `process.env` (or any record) in. Names:
 *
 * - `STRIPE_PRODUCT_STARTER`, `STRIPE_PRICE_STARTER_MONTHLY`, `STRIPE_PRICE_STARTER_ANNUAL`
 *   (likewise `TEST`, `PROFESSIONAL`);
 * - `STRIPE_PRICE_ADDON_PROJECTS_3_MONTHLY`, `STRIPE_PRICE_ADDON_PROJECTS_3_ANNUAL`
 *   (likewise `PROJECTS_5`, `PROJECTS_10`, `USERS_1`, `USERS_3`, `USERS_5`).
 */
export function priceCatalogueFromEnv(env: Readonly<Record<string, string | undefined>>): PriceCatalogue {
  const pick = (name: string, fallback: string): string => {
    const v = env[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback;
  };
  const d = defaultPriceCatalogue;
  const tiers = {} as Record<TierId, TierPriceIds>;
  for (const t of TIER_IDS) {
    const k = envKey(t);
    tiers[t] = {
      productId: pick(`STRIPE_PRODUCT_${k}`, d.tiers[t].productId),
      monthlyPriceId: pick(`STRIPE_PRICE_${k}_MONTHLY`, d.tiers[t].monthlyPriceId),
      annualPriceId: pick(`STRIPE_PRICE_${k}_ANNUAL`, d.tiers[t].annualPriceId),
    };
  }
  const addons = {} as Record<AddOnId, AddOnPriceIds>;
  for (const a of ADDON_IDS) {
    const k = envKey(a);
    addons[a] = {
      monthlyPriceId: pick(`STRIPE_PRICE_ADDON_${k}_MONTHLY`, d.addons[a].monthlyPriceId),
      annualPriceId: pick(`STRIPE_PRICE_ADDON_${k}_ANNUAL`, d.addons[a].annualPriceId),
    };
  }
  return { tiers, addons };
}

/** §3: "A lookup maps a product id to its tier." Unknown or missing ids give null. */
export function tierForProductId(catalogue: Readonly<PriceCatalogue>, productId: unknown): TierId | null {
  if (typeof productId !== 'string' || productId === '') return null;
  for (const t of TIER_IDS) if (catalogue.tiers[t].productId === productId) return t;
  return null;
}

/** The checkout price id of a tier for a billing interval. */
export function priceIdForTier(catalogue: Readonly<PriceCatalogue>, tier: TierId, interval: BillingInterval): string {
  const p = catalogue.tiers[tier];
  return interval === 'annual' ? p.annualPriceId : p.monthlyPriceId;
}

/** The price id of an add-on for a billing interval. */
export function priceIdForAddOn(catalogue: Readonly<PriceCatalogue>, addon: AddOnId, interval: BillingInterval): string {
  const p = catalogue.addons[addon];
  return interval === 'annual' ? p.annualPriceId : p.monthlyPriceId;
}

/** What a price id buys: a tier or an add-on, and at which interval; null when unknown. */
export function lookupPriceId(
  catalogue: Readonly<PriceCatalogue>,
  priceId: unknown,
): { kind: 'tier'; tier: TierId; interval: BillingInterval } | { kind: 'addon'; addon: AddOnId; interval: BillingInterval } | null {
  if (typeof priceId !== 'string' || priceId === '') return null;
  for (const t of TIER_IDS) {
    const p = catalogue.tiers[t];
    if (p.monthlyPriceId === priceId) return { kind: 'tier', tier: t, interval: 'monthly' };
    if (p.annualPriceId === priceId) return { kind: 'tier', tier: t, interval: 'annual' };
  }
  for (const a of ADDON_IDS) {
    const p = catalogue.addons[a];
    if (p.monthlyPriceId === priceId) return { kind: 'addon', addon: a, interval: 'monthly' };
    if (p.annualPriceId === priceId) return { kind: 'addon', addon: a, interval: 'annual' };
  }
  return null;
}
