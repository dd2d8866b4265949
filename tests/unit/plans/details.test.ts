import { describe, expect, it } from 'vitest';
import {
  EMPTY_SUBSCRIPTION_DETAILS,
  defaultPriceCatalogue,
  normaliseAddon,
  normaliseSubscriptionDetails,
  parseBillingInterval,
} from '../../../src/core/plans';

const camel = {
  subscribed: true,
  productId: 'prod_professional',
  subscriptionEnd: '2026-03-01T00:00:00.000Z',
  tier: 'professional',
  isOnTrial: false,
  trialEndDate: null,
  trialDaysRemaining: null,
  totalUsers: 8,
  totalProjects: 15,
  baseUsers: 5,
  baseProjects: 10,
  addons: [
    { kind: 'users', amount: 3, quantity: 1, priceId: 'price_addon_users_3_monthly' },
    { addonType: 'projects', amount: 5 },
  ],
  billingInterval: 'monthly',
};

const snake = {
  subscribed: true,
  product_id: 'prod_professional',
  subscription_end: '2026-03-01T00:00:00.000Z',
  tier: 'professional',
  is_on_trial: false,
  trial_end_date: null,
  trial_days_remaining: null,
  total_users: 8,
  total_projects: 15,
  base_users: 5,
  base_projects: 10,
  addons: [
    { addon_type: 'users', amount: 3, quantity: 1, price_id: 'price_addon_users_3_monthly' },
    { addon_type: 'projects', amount: 5 },
  ],
  billing_interval: 'monthly',
};

describe('normaliseSubscriptionDetails', () => {
  it('reads camel case', () => {
    const d = normaliseSubscriptionDetails(camel);
    expect(d).toEqual({
      subscribed: true,
      productId: 'prod_professional',
      subscriptionEnd: '2026-03-01T00:00:00.000Z',
      tier: 'professional',
      isOnTrial: false,
      trialEndDate: null,
      trialDaysRemaining: null,
      trialUsed: false,
      totalUsers: 8,
      totalProjects: 15,
      baseUsers: 5,
      baseProjects: 10,
      addons: [
        { id: null, kind: 'users', amount: 3, quantity: 1, priceId: 'price_addon_users_3_monthly' },
        { id: null, kind: 'projects', amount: 5, quantity: 1, priceId: null },
      ],
      billingInterval: 'monthly',
    });
  });

  it('reads snake case to the same object', () => {
    expect(normaliseSubscriptionDetails(snake)).toEqual(normaliseSubscriptionDetails(camel));
  });

  it('reads the trial fields in snake case', () => {
    const d = normaliseSubscriptionDetails({
      subscribed: false,
      is_on_trial: true,
      trial_end_date: '2025-06-15T12:00:00Z',
      trial_days_remaining: 9,
    });
    expect(d.isOnTrial).toBe(true);
    expect(d.trialEndDate).toBe('2025-06-15T12:00:00Z');
    expect(d.trialDaysRemaining).toBe(9);
  });

  it('prefers camel case when both are valid, falls back to snake when camel is invalid', () => {
    const d = normaliseSubscriptionDetails({ productId: 'prod_a', product_id: 'prod_b', totalUsers: 'lots', total_users: 4 });
    expect(d.productId).toBe('prod_a');
    expect(d.totalUsers).toBe(4);
  });

  it.each([null, undefined, 42, 'subscribed', [], [{ subscribed: true }], true])('garbage %j gives safe defaults', (raw) => {
    expect(normaliseSubscriptionDetails(raw)).toEqual(EMPTY_SUBSCRIPTION_DETAILS);
  });

  it('drops wrongly typed fields without throwing', () => {
    const d = normaliseSubscriptionDetails({
      subscribed: 'yes',
      productId: 7,
      subscriptionEnd: 'not a date',
      tier: 'platinum',
      is_on_trial: 1,
      trial_days_remaining: -2,
      totalUsers: 2.5,
      totalProjects: Number.NaN,
      baseUsers: null,
      base_projects: {},
      addons: 'many',
      billingInterval: 'weekly',
    });
    expect(d).toEqual(EMPTY_SUBSCRIPTION_DETAILS);
  });

  it('accepts numeric text counts, string booleans, epoch-second dates and provider intervals', () => {
    const d = normaliseSubscriptionDetails({
      subscribed: 'true',
      total_users: '6',
      subscription_end: 1767225600,
      billing_interval: 'year',
      tier: ' Starter ',
    });
    expect(d.subscribed).toBe(true);
    expect(d.totalUsers).toBe(6);
    expect(d.subscriptionEnd).toBe('2026-01-01T00:00:00.000Z');
    expect(d.billingInterval).toBe('annual');
    expect(d.tier).toBe('starter');
  });

  it('skips add-on entries it cannot understand and keeps the rest', () => {
    const d = normaliseSubscriptionDetails({
      addons: [null, 3, { kind: 'widgets', amount: 2 }, { kind: 'users' }, { id: 'projects-10' }, { kind: 'users', amount: 1, quantity: 2 }],
    });
    expect(d.addons).toEqual([
      { id: 'projects-10', kind: 'projects', amount: 10, quantity: 1, priceId: null },
      { id: null, kind: 'users', amount: 1, quantity: 2, priceId: null },
    ]);
  });

  it('recognises catalogue add-ons by price id', () => {
    expect(normaliseAddon({ price_id: 'price_addon_users_5_annual', quantity: 2 }, defaultPriceCatalogue)).toEqual({
      id: 'users-5',
      kind: 'users',
      amount: 5,
      quantity: 2,
      priceId: 'price_addon_users_5_annual',
    });
    expect(normaliseAddon({ price_id: 'price_addon_users_5_annual' })).toBeNull();
  });

  it('billing interval spellings', () => {
    expect(parseBillingInterval('Monthly')).toBe('monthly');
    expect(parseBillingInterval('month')).toBe('monthly');
    expect(parseBillingInterval('yearly')).toBe('annual');
    expect(parseBillingInterval('annual')).toBe('annual');
    expect(parseBillingInterval('fortnightly')).toBeNull();
    expect(parseBillingInterval(12)).toBeNull();
  });
});
