import { describe, expect, it } from 'vitest';
import {
  ADDON_IDS,
  defaultPriceCatalogue,
  lookupPriceId,
  priceCatalogueFromEnv,
  priceIdForAddOn,
  priceIdForTier,
  tierForProductId,
} from '../../../src/core/plans';

describe('price catalogue', () => {
  it('default has obvious placeholder ids', () => {
    expect(defaultPriceCatalogue.tiers.starter).toEqual({
      productId: 'prod_starter',
      monthlyPriceId: 'price_starter_monthly',
      annualPriceId: 'price_starter_annual',
    });
    expect(defaultPriceCatalogue.tiers.professional.productId).toBe('prod_professional');
    expect(defaultPriceCatalogue.addons['projects-3'].monthlyPriceId).toBe('price_addon_projects_3_monthly');
    expect(defaultPriceCatalogue.addons['users-5'].annualPriceId).toBe('price_addon_users_5_annual');
    for (const a of ADDON_IDS) expect(defaultPriceCatalogue.addons[a]).toBeDefined();
  });

  it('all ids in the default catalogue are distinct', () => {
    const ids = [
      ...Object.values(defaultPriceCatalogue.tiers).flatMap((t) => [t.productId, t.monthlyPriceId, t.annualPriceId]),
      ...Object.values(defaultPriceCatalogue.addons).flatMap((a) => [a.monthlyPriceId, a.annualPriceId]),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tierForProductId maps product ids to tiers, unknown to null', () => {
    expect(tierForProductId(defaultPriceCatalogue, 'prod_starter')).toBe('starter');
    expect(tierForProductId(defaultPriceCatalogue, 'prod_professional')).toBe('professional');
    expect(tierForProductId(defaultPriceCatalogue, 'prod_test')).toBe('test');
    expect(tierForProductId(defaultPriceCatalogue, 'prod_nope')).toBeNull();
    expect(tierForProductId(defaultPriceCatalogue, '')).toBeNull();
    expect(tierForProductId(defaultPriceCatalogue, null)).toBeNull();
    expect(tierForProductId(defaultPriceCatalogue, 42)).toBeNull();
  });

  it('fills from env with fallbacks to placeholders', () => {
    const cat = priceCatalogueFromEnv({
      STRIPE_PRODUCT_STARTER: 'prod_ABC',
      STRIPE_PRICE_STARTER_MONTHLY: ' price_live_1 ',
      STRIPE_PRICE_PROFESSIONAL_ANNUAL: '',
      STRIPE_PRICE_ADDON_USERS_3_ANNUAL: 'price_u3a',
    });
    expect(cat.tiers.starter).toEqual({ productId: 'prod_ABC', monthlyPriceId: 'price_live_1', annualPriceId: 'price_starter_annual' });
    expect(cat.tiers.professional.annualPriceId).toBe('price_professional_annual');
    expect(cat.addons['users-3'].annualPriceId).toBe('price_u3a');
    expect(tierForProductId(cat, 'prod_ABC')).toBe('starter');
    expect(tierForProductId(cat, 'prod_starter')).toBeNull();
  });

  it('price ids by tier / add-on and reverse lookup', () => {
    expect(priceIdForTier(defaultPriceCatalogue, 'professional', 'annual')).toBe('price_professional_annual');
    expect(priceIdForTier(defaultPriceCatalogue, 'starter', 'monthly')).toBe('price_starter_monthly');
    expect(priceIdForAddOn(defaultPriceCatalogue, 'projects-10', 'monthly')).toBe('price_addon_projects_10_monthly');
    expect(lookupPriceId(defaultPriceCatalogue, 'price_starter_annual')).toEqual({ kind: 'tier', tier: 'starter', interval: 'annual' });
    expect(lookupPriceId(defaultPriceCatalogue, 'price_addon_users_1_monthly')).toEqual({ kind: 'addon', addon: 'users-1', interval: 'monthly' });
    expect(lookupPriceId(defaultPriceCatalogue, 'price_other')).toBeNull();
    expect(lookupPriceId(defaultPriceCatalogue, undefined)).toBeNull();
  });
});
