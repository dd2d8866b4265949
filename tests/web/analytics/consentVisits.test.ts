/**
 * Pages seen between "Accept All" and the moment the session tracker's code has loaded still
 * count, in order (src/ui/banners/consent.ts noteVisit / takeVisits). On a slow device a visitor
 * can follow two links before the tracker arrives; only the page where they accepted used to be kept.
 */
import './browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCookieConsent } from '../../../src/ui/banners/consent';

beforeEach(() => {
  // The page the visitor accepts on.
  vi.stubGlobal('location', { pathname: '/' });
  localStorage.clear();
  useCookieConsent.setState({ consent: null, visitsBeforeTracking: [], tracking: false });
});

describe('pages seen before the tracker loads', () => {
  it('are kept from Accept All on, in order, each once, and handed over once', () => {
    const c = () => useCookieConsent.getState();
    c().noteVisit('/features');
    expect(c().visitsBeforeTracking).toEqual([]);
    c().choose('all');
    expect(c().visitsBeforeTracking).toEqual(['/']);
    c().noteVisit('/features');
    c().noteVisit('/features');
    c().noteVisit('/pricing');
    expect(c().takeVisits()).toEqual(['/', '/features', '/pricing']);
    // From now on the tracker counts every page itself.
    c().noteVisit('/contact');
    expect(c().takeVisits()).toEqual([]);
  });

  it('keep nothing after Essential Only', () => {
    const c = () => useCookieConsent.getState();
    c().choose('essential');
    c().noteVisit('/pricing');
    expect(c().takeVisits()).toEqual([]);
  });
});
