import { describe, expect, it } from 'vitest';
import {
  ADDONS,
  ADMIN_LIMITS,
  ANNUAL_SAVING_PERCENT,
  DEFAULT_BILLING_INTERVAL,
  ENTERPRISE_TIER,
  PAID_TIER_IDS,
  PLAN_CURRENCY,
  PLAN_TIERS,
  SUBSCRIPTION_RECHECK_MS,
  TEAM_MEMBER_FALLBACK_LIMITS,
  TEAM_SHARING_STATUSES,
  TIER_IDS,
  TRIAL,
  UNSUBSCRIBED_LIMITS,
  addOnById,
  isTierId,
  monthlyEquivalentOfAnnual,
  planTier,
  tierPrice,
} from '../../../src/core/plans';

describe('plan tiers (spec §3 table, §9)', () => {
  it('prices in GBP', () => {
    expect(PLAN_CURRENCY).toBe('GBP');
  });

  it('has exactly test, starter and professional', () => {
    expect([...TIER_IDS]).toEqual(['test', 'starter', 'professional']);
    expect(Object.keys(PLAN_TIERS).sort()).toEqual(['professional', 'starter', 'test']);
    expect([...PAID_TIER_IDS]).toEqual(['starter', 'professional']);
  });

  // | Tier | baseUsers | baseProjects | Monthly | Annual | Original monthly / annual |
  it.each([
    ['test', 'Test', 2, 2, 0, 0, null, null, null],
    ['starter', 'Starter', 1, 3, 29, 199, 49, 348, 1],
    ['professional', 'Professional', 5, 10, 149, 999, 199, 1788, 10],
  ] as const)('%s matches the spec row', (id, name, users, projects, monthly, annual, origM, origA, storage) => {
    const t = PLAN_TIERS[id];
    expect(t).toEqual({
      id,
      name,
      baseUsers: users,
      baseProjects: projects,
      monthlyPrice: monthly,
      annualPrice: annual,
      originalMonthlyPrice: origM,
      originalAnnualPrice: origA,
      storageGb: storage,
    });
  });

  it('enterprise is custom-priced, unlimited and via Contact Sales (§9)', () => {
    expect(ENTERPRISE_TIER.id).toBe('enterprise');
    expect(ENTERPRISE_TIER.name).toBe('Enterprise');
    expect(ENTERPRISE_TIER.price).toBe('custom');
    expect(ENTERPRISE_TIER.maxUsers).toBeNull();
    expect(ENTERPRISE_TIER.maxProjects).toBeNull();
    expect(ENTERPRISE_TIER.contactSales).toBe(true);
    expect(ENTERPRISE_TIER.ctaLabel).toBe('Contact Sales');
  });

  it('annual saving shown as 44%, annual selected by default (§2, §9)', () => {
    expect(ANNUAL_SAVING_PERCENT).toBe(44);
    expect(DEFAULT_BILLING_INTERVAL).toBe('annual');
  });

  it('tierPrice, planTier and isTierId', () => {
    expect(tierPrice('starter', 'monthly')).toBe(29);
    expect(tierPrice('starter', 'annual')).toBe(199);
    expect(tierPrice('professional', 'annual')).toBe(999);
    expect(planTier('professional')?.baseUsers).toBe(5);
    expect(planTier('enterprise')).toBeNull();
    expect(planTier(null)).toBeNull();
    expect(isTierId('starter')).toBe(true);
    expect(isTierId('Starter')).toBe(false);
    expect(isTierId(3)).toBe(false);
  });
});

describe('monthly equivalent of annual (§9: annual/12 to 2 decimals)', () => {
  it.each([
    [199, '16.58'],
    [999, '83.25'],
    [0, '0.00'],
    [348, '29.00'],
    [1788, '149.00'],
    [59, '4.92'],
    [12.06, '1.01'],
  ])('%s → %s', (annual, expected) => {
    expect(monthlyEquivalentOfAnnual(annual)).toBe(expected);
  });

  it('non-finite input does not print NaN', () => {
    expect(monthlyEquivalentOfAnnual(Number.NaN)).toBe('0.00');
  });
});

describe('trial config (§3, §9)', () => {
  it('is 14 days of starter, 1 user and 3 projects, warning at 3 days', () => {
    expect(TRIAL).toEqual({ durationDays: 14, tierDuringTrial: 'starter', limits: { users: 1, projects: 3 }, warningDays: 3 });
  });
});

describe('add-ons (§3 table)', () => {
  it.each([
    ['projects', 3, 9, 59],
    ['projects', 5, 14, 99],
    ['projects', 10, 25, 179],
    ['users', 1, 15, 99],
    ['users', 3, 39, 269],
    ['users', 5, 59, 399],
  ] as const)('%s +%i at %i monthly / %i annual', (kind, amount, monthly, annual) => {
    const a = ADDONS.find((x) => x.kind === kind && x.amount === amount);
    expect(a).toBeDefined();
    expect(a?.monthlyPrice).toBe(monthly);
    expect(a?.annualPrice).toBe(annual);
    expect(a?.name).toMatch(new RegExp(`^\\+${amount} (Project|User)s?$`));
    expect(addOnById(a?.id ?? '')).toBe(a);
  });

  it('has exactly six add-ons with unique ids', () => {
    expect(ADDONS).toHaveLength(6);
    expect(new Set(ADDONS.map((a) => a.id)).size).toBe(6);
  });

  it('FAQ ranges: projects 9-25 a month, users 15-59 (§9)', () => {
    const p = ADDONS.filter((a) => a.kind === 'projects').map((a) => a.monthlyPrice);
    const u = ADDONS.filter((a) => a.kind === 'users').map((a) => a.monthlyPrice);
    expect([Math.min(...p), Math.max(...p)]).toEqual([9, 25]);
    expect([Math.min(...u), Math.max(...u)]).toEqual([15, 59]);
  });
});

describe('default limits (§9)', () => {
  it('unsubscribed 1 user / 3 projects; admin and free 999; team fallbacks 1 / 3', () => {
    expect(UNSUBSCRIBED_LIMITS).toEqual({ users: 1, projects: 3 });
    expect(ADMIN_LIMITS).toEqual({ users: 999, projects: 999 });
    expect(TEAM_MEMBER_FALLBACK_LIMITS).toEqual({ users: 1, projects: 3 });
    expect([...TEAM_SHARING_STATUSES]).toEqual(['active', 'trialing']);
    expect(SUBSCRIPTION_RECHECK_MS).toBe(60_000);
  });
});
