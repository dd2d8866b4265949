import { describe, expect, it } from 'vitest';
import {
  TRIAL_BANNER_SUBTEXT,
  TRIAL_STARTED_MESSAGE,
  addonTotals,
  instantMs,
  isTrialWarning,
  limitsWithAddons,
  shouldOfferExitIntent,
  shouldShowTrialBanner,
  trialBannerHeadline,
  trialBannerText,
  trialDaysRemaining,
  trialEndFrom,
} from '../../../src/core/plans';

const DAY = 86_400_000;

describe('trialDaysRemaining (whole days, ceiling, never negative)', () => {
  const end = '2025-03-15T00:00:00Z';
  const endMs = Date.parse(end);

  it('a fresh trial has 14 days', () => {
    const start = '2025-03-01T09:30:00Z';
    expect(trialDaysRemaining(trialEndFrom(start), start)).toBe(14);
  });

  it('rounds part days up', () => {
    expect(trialDaysRemaining(end, endMs - 1)).toBe(1);
    expect(trialDaysRemaining(end, endMs - DAY)).toBe(1);
    expect(trialDaysRemaining(end, endMs - DAY - 1)).toBe(2);
    expect(trialDaysRemaining(end, endMs - 3 * DAY + 1)).toBe(3);
    expect(trialDaysRemaining(end, endMs - 3 * DAY - 1)).toBe(4);
  });

  it('one minute before midnight is still a day; midnight itself is zero', () => {
    expect(trialDaysRemaining('2025-03-15', '2025-03-14T23:59:00Z')).toBe(1);
    expect(trialDaysRemaining('2025-03-15', '2025-03-15T00:00:00Z')).toBe(0);
    expect(trialDaysRemaining('2025-03-15', '2025-03-14T00:00:00Z')).toBe(1);
    expect(trialDaysRemaining('2025-03-15', '2025-03-13T23:59:59Z')).toBe(2);
  });

  it('never negative after the end', () => {
    expect(trialDaysRemaining(end, endMs + 1)).toBe(0);
    expect(trialDaysRemaining(end, endMs + 30 * DAY)).toBe(0);
  });

  it('accepts Date, epoch ms and text; zone-less text is UTC', () => {
    expect(trialDaysRemaining(new Date(endMs), new Date(endMs - 2 * DAY))).toBe(2);
    expect(trialDaysRemaining(endMs, endMs - 2 * DAY)).toBe(2);
    expect(trialDaysRemaining('2025-03-15T00:00', '2025-03-13T00:00:00Z')).toBe(2);
    expect(instantMs('2025-03-15 00:00')).toBe(endMs);
  });

  it('invalid dates give 0', () => {
    expect(trialDaysRemaining('soon', endMs)).toBe(0);
    expect(trialDaysRemaining(null, endMs)).toBe(0);
    expect(trialDaysRemaining(end, Number.NaN)).toBe(0);
    expect(trialDaysRemaining(new Date('x'), endMs)).toBe(0);
    expect(trialEndFrom('nope')).toBeNull();
  });

  it('crosses a daylight-saving change without losing an hour (UTC arithmetic)', () => {
    // UK clocks went forward on 2025-03-30.
    expect(trialDaysRemaining('2025-04-02T00:00:00Z', '2025-03-29T00:00:00Z')).toBe(4);
  });
});

describe('trial banner text (§2)', () => {
  it('headline', () => {
    expect(trialBannerHeadline(14)).toBe('14 days left in your free trial');
    expect(trialBannerHeadline(3)).toBe('3 days left in your free trial');
  });

  it('"Last day of your trial!" at exactly 1 day, "{n} days left in your trial" otherwise', () => {
    expect(trialBannerText(1)).toBe('Last day of your trial!');
    expect(trialBannerText(2)).toBe('2 days left in your trial');
    expect(trialBannerText(3)).toBe('3 days left in your trial');
    expect(trialBannerText(14)).toBe('14 days left in your trial');
    expect(trialBannerText(0)).toBe('0 days left in your trial');
  });

  it('sub-text and success toast strings', () => {
    expect(TRIAL_BANNER_SUBTEXT).toBe('Keep full access by upgrading to Starter or Pro');
    expect(TRIAL_STARTED_MESSAGE).toBe('Trial Started! You now have 14 days of Starter plan access. No payment required!');
  });

  it('warning at 3 days or fewer', () => {
    expect(isTrialWarning(4)).toBe(false);
    expect(isTrialWarning(3)).toBe(true);
    expect(isTrialWarning(1)).toBe(true);
    expect(isTrialWarning(0)).toBe(true);
    expect(isTrialWarning(14)).toBe(false);
    expect(isTrialWarning(null)).toBe(false);
    expect(isTrialWarning(Number.NaN)).toBe(false);
  });
});

describe('shouldShowTrialBanner (§2, §6)', () => {
  const base = { isOnTrial: true, isAdmin: false, isFreeUser: false, subscribed: false };
  it('shows only for a trial user who is not admin, free or subscribed', () => {
    expect(shouldShowTrialBanner(base)).toBe(true);
    expect(shouldShowTrialBanner({ ...base, isOnTrial: false })).toBe(false);
    expect(shouldShowTrialBanner({ ...base, isAdmin: true })).toBe(false);
    expect(shouldShowTrialBanner({ ...base, isFreeUser: true })).toBe(false);
    expect(shouldShowTrialBanner({ ...base, subscribed: true })).toBe(false);
    expect(shouldOfferExitIntent(base)).toBe(true);
    expect(shouldOfferExitIntent({ ...base, subscribed: true })).toBe(false);
  });
});

describe('limitsWithAddons', () => {
  it('starter base plus add-ons', () => {
    expect(limitsWithAddons('starter', [])).toEqual({ users: 1, projects: 3 });
    expect(
      limitsWithAddons('starter', [
        { kind: 'projects', amount: 3 },
        { kind: 'projects', amount: 10 },
        { kind: 'users', amount: 1 },
      ]),
    ).toEqual({ users: 2, projects: 16 });
  });

  it('professional base with quantities', () => {
    expect(
      limitsWithAddons('professional', [
        { kind: 'users', amount: 5, quantity: 2 },
        { kind: 'users', amount: 3 },
        { kind: 'projects', amount: 5, quantity: 3 },
      ]),
    ).toEqual({ users: 18, projects: 25 });
  });

  it('every add-on in the catalogue once on the test tier', () => {
    expect(
      limitsWithAddons('test', [
        { kind: 'projects', amount: 3 },
        { kind: 'projects', amount: 5 },
        { kind: 'projects', amount: 10 },
        { kind: 'users', amount: 1 },
        { kind: 'users', amount: 3 },
        { kind: 'users', amount: 5 },
      ]),
    ).toEqual({ users: 2 + 9, projects: 2 + 18 });
  });

  it('unknown tier uses unsubscribed defaults; enterprise the 999 stand-in; explicit base allowed', () => {
    expect(limitsWithAddons(null, [{ kind: 'users', amount: 1 }])).toEqual({ users: 2, projects: 3 });
    expect(limitsWithAddons('gold', [])).toEqual({ users: 1, projects: 3 });
    expect(limitsWithAddons('enterprise', [])).toEqual({ users: 999, projects: 999 });
    expect(limitsWithAddons({ users: 7, projects: 4 }, [{ kind: 'projects', amount: 3 }])).toEqual({ users: 7, projects: 7 });
  });

  it('invalid add-on numbers add nothing', () => {
    expect(
      addonTotals([
        { kind: 'users', amount: Number.NaN },
        { kind: 'users', amount: -3 },
        { kind: 'projects', amount: 3, quantity: -1 },
      ]),
    ).toEqual({ users: 0, projects: 0 });
  });
});
