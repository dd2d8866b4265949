import { describe, expect, it } from 'vitest';
import {
  defaultPriceCatalogue,
  initialSubscriptionStatus,
  normaliseOwnerProfile,
  resolveSubscription,
  subscriptionCheckFailed,
  unsubscribedStatus,
  type SubscriptionStatus,
} from '../../../src/core/plans';

const session = { userId: 'u1' };

/** §3: the full field list of the client-held subscription status. */
const STATUS_FIELDS = [
  'subscribed',
  'productId',
  'subscriptionEnd',
  'tier',
  'loading',
  'isAdmin',
  'isFreeUser',
  'isUsingTeamSubscription',
  'teamOwnerId',
  'isOnTrial',
  'trialEndsAt',
  'trialDaysRemaining',
  'trialUsed',
  'totalUsers',
  'totalProjects',
  'baseUsers',
  'baseProjects',
  'addons',
  'billingInterval',
].sort();

const expectFullShape = (s: SubscriptionStatus): void => {
  expect(Object.keys(s).sort()).toEqual(STATUS_FIELDS);
};

describe('resolveSubscription — step 1: no session', () => {
  it.each([null, undefined, { userId: '' }])('%j → unsubscribed defaults', (s) => {
    const r = resolveSubscription({
      session: s,
      roles: ['admin'],
      details: { subscribed: true, tier: 'professional' },
    });
    expect(r).toEqual(unsubscribedStatus());
    expect(r.subscribed).toBe(false);
    expect([r.totalUsers, r.totalProjects, r.baseUsers, r.baseProjects]).toEqual([1, 3, 1, 3]);
    expect(r.loading).toBe(false);
    expectFullShape(r);
  });
});

describe('step 2: admin and free users', () => {
  it('admin role → subscribed 999/999, isAdmin, ahead of team and details', () => {
    const r = resolveSubscription({
      session,
      roles: [{ role: 'admin' }],
      team: { ownerId: 'o1', ownerProfile: { subscription_status: 'active', max_users: 4 } },
      details: { subscribed: false, is_on_trial: true },
    });
    expect(r.subscribed).toBe(true);
    expect(r.isAdmin).toBe(true);
    expect(r.isFreeUser).toBe(false);
    expect([r.totalUsers, r.totalProjects, r.baseUsers, r.baseProjects]).toEqual([999, 999, 999, 999]);
    expect(r.isUsingTeamSubscription).toBe(false);
    expect(r.isOnTrial).toBe(false);
    expectFullShape(r);
  });

  it('free_user role → subscribed 999/999, isFreeUser', () => {
    const r = resolveSubscription({ session, roles: ['free_user'] });
    expect(r.subscribed).toBe(true);
    expect(r.isFreeUser).toBe(true);
    expect(r.isAdmin).toBe(false);
    expect(r.totalUsers).toBe(999);
    expect(r.totalProjects).toBe(999);
  });

  it('both roles set both flags; unknown roles are ignored', () => {
    const both = resolveSubscription({ session, roles: ['admin', { role: 'free_user' }] });
    expect([both.isAdmin, both.isFreeUser]).toEqual([true, true]);
    const other = resolveSubscription({ session, roles: ['editor', 3, null, { role: 7 }] });
    expect(other.isAdmin).toBe(false);
    expect(other.subscribed).toBe(false);
  });
});

describe('step 3: team members', () => {
  const owner = {
    subscription_tier: 'professional',
    subscription_status: 'active',
    subscription_end: '2026-01-31T00:00:00Z',
    max_users: 8,
    max_projects: 15,
  };

  it('active owner → owner tier, end and limits, team flag and owner id', () => {
    const r = resolveSubscription({
      session,
      roles: [],
      team: { ownerId: 'owner-9', ownerProfile: owner },
      details: { subscribed: false },
      catalogue: defaultPriceCatalogue,
    });
    expect(r).toMatchObject({
      subscribed: true,
      tier: 'professional',
      subscriptionEnd: '2026-01-31T00:00:00Z',
      isUsingTeamSubscription: true,
      teamOwnerId: 'owner-9',
      totalUsers: 8,
      totalProjects: 15,
      productId: 'prod_professional',
      isAdmin: false,
      isFreeUser: false,
      loading: false,
    });
    expectFullShape(r);
  });

  it('trialing owner also shares', () => {
    const r = resolveSubscription({ session, team: { ownerId: 'o', ownerProfile: { ...owner, subscription_status: 'trialing' } } });
    expect(r.isUsingTeamSubscription).toBe(true);
    expect(r.subscribed).toBe(true);
  });

  it('missing max_users / max_projects fall back to 1 and 3', () => {
    const r = resolveSubscription({
      session,
      team: { ownerId: 'o', ownerProfile: { subscription_tier: 'starter', subscription_status: 'active', max_users: null } },
    });
    expect(r.totalUsers).toBe(1);
    expect(r.totalProjects).toBe(3);
    expect(r.baseUsers).toBe(1);
    expect(r.baseProjects).toBe(3);
    expect(r.tier).toBe('starter');
    expect(r.productId).toBeNull(); // no catalogue given
  });

  it.each(['canceled', 'past_due', 'inactive', null])('owner status %j does not share: details decide', (status) => {
    const r = resolveSubscription({
      session,
      team: { ownerId: 'o', ownerProfile: { ...owner, subscription_status: status } },
      details: { subscribed: true, tier: 'starter', total_users: 1, total_projects: 3 },
    });
    expect(r.isUsingTeamSubscription).toBe(false);
    expect(r.teamOwnerId).toBeNull();
    expect(r.tier).toBe('starter');
  });

  it('garbage owner profile does not share', () => {
    const r = resolveSubscription({ session, team: { ownerId: 'o', ownerProfile: 'oops' } });
    expect(r.isUsingTeamSubscription).toBe(false);
    expect(r).toEqual(unsubscribedStatus());
  });

  it('normaliseOwnerProfile lower-cases the status and reads camel case', () => {
    expect(normaliseOwnerProfile({ subscriptionStatus: 'ACTIVE', maxUsers: 2 })).toEqual({
      subscriptionTier: null,
      subscriptionStatus: 'active',
      subscriptionEnd: null,
      maxUsers: 2,
      maxProjects: null,
    });
  });
});

describe('step 4: get-subscription-details decides', () => {
  it('paid professional with add-ons (snake case)', () => {
    const r = resolveSubscription({
      session,
      roles: [],
      team: null,
      details: {
        subscribed: true,
        product_id: 'prod_professional',
        subscription_end: '2026-02-01T00:00:00Z',
        tier: 'professional',
        total_users: 8,
        total_projects: 15,
        base_users: 5,
        base_projects: 10,
        addons: [
          { addon_type: 'users', amount: 3 },
          { addon_type: 'projects', amount: 5 },
        ],
        billing_interval: 'annual',
      },
    });
    expect(r).toMatchObject({
      subscribed: true,
      productId: 'prod_professional',
      subscriptionEnd: '2026-02-01T00:00:00Z',
      tier: 'professional',
      totalUsers: 8,
      totalProjects: 15,
      baseUsers: 5,
      baseProjects: 10,
      billingInterval: 'annual',
      isOnTrial: false,
      trialDaysRemaining: null,
    });
    expect(r.addons).toHaveLength(2);
    expectFullShape(r);
  });

  it('derives tier from product id, base from the tier and totals from add-ons when absent', () => {
    const r = resolveSubscription({
      session,
      details: { subscribed: true, productId: 'prod_starter', addons: [{ kind: 'projects', amount: 10 }, { kind: 'users', amount: 1 }] },
      catalogue: defaultPriceCatalogue,
    });
    expect(r.tier).toBe('starter');
    expect([r.baseUsers, r.baseProjects]).toEqual([1, 3]);
    expect([r.totalUsers, r.totalProjects]).toEqual([2, 13]);
  });

  it('trial: starter tier, trial limits, days from the response', () => {
    const r = resolveSubscription({
      session,
      details: { subscribed: false, is_on_trial: true, trial_end_date: '2025-06-15T00:00:00Z', trial_days_remaining: 5 },
    });
    expect(r).toMatchObject({
      subscribed: false,
      isOnTrial: true,
      tier: 'starter',
      trialEndsAt: '2025-06-15T00:00:00Z',
      trialDaysRemaining: 5,
      trialUsed: true,
      totalUsers: 1,
      totalProjects: 3,
    });
  });

  it('trial used and over: trial_used keeps it from being offered again (issue 18 item 1)', () => {
    expect(resolveSubscription({ session, details: { subscribed: false, trial_used: true } })).toMatchObject({ isOnTrial: false, trialUsed: true, subscribed: false });
    expect(resolveSubscription({ session, details: { subscribed: false } }).trialUsed).toBe(false);
  });

  it('trial days computed from the end date when the count is missing', () => {
    const r = resolveSubscription({
      session,
      details: { is_on_trial: true, trial_end_date: '2025-06-15T00:00:00Z' },
      now: '2025-06-12T08:00:00Z',
    });
    expect(r.trialDaysRemaining).toBe(3);
    const noNow = resolveSubscription({ session, details: { is_on_trial: true, trial_end_date: '2025-06-15T00:00:00Z' } });
    expect(noNow.trialDaysRemaining).toBeNull();
  });

  it('not subscribed, not on trial → unsubscribed limits', () => {
    const r = resolveSubscription({ session, details: { subscribed: false } });
    expect(r).toEqual(unsubscribedStatus());
  });

  it.each([undefined, null, 'error', 500, [1, 2]])('garbage details %j → unsubscribed defaults, never throws', (details) => {
    expect(resolveSubscription({ session, details })).toEqual(unsubscribedStatus());
  });

  it('enterprise tier without limits uses the 999 stand-in', () => {
    const r = resolveSubscription({ session, details: { subscribed: true, tier: 'enterprise' } });
    expect(r.tier).toBe('enterprise');
    expect(r.totalUsers).toBe(999);
  });
});

describe('loading states', () => {
  it('initial status is loading with unsubscribed defaults', () => {
    expect(initialSubscriptionStatus()).toEqual({ ...unsubscribedStatus(), loading: true });
  });

  it('a failed check only clears loading (§4)', () => {
    const prev: SubscriptionStatus = { ...resolveSubscription({ session, roles: ['admin'] }), loading: true };
    expect(subscriptionCheckFailed(prev)).toEqual({ ...prev, loading: false });
  });
});
