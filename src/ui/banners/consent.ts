import { create } from 'zustand';
import { discardQueuedAnalytics } from '../../client/outbox';

/**
 * Cookie consent (spec §4 "Cookie consent"): stored under `cookie-consent` as `essential` or `all`;
 * unset until the visitor chooses. Analytics (src/client/analytics.ts) run only with `all`.
 */
export const COOKIE_CONSENT_KEY = 'cookie-consent';

export type CookieConsent = 'essential' | 'all';

function isConsent(value: unknown): value is CookieConsent {
  return value === 'essential' || value === 'all';
}

/** The stored choice, or null while unset (or when storage cannot be read). */
export function readCookieConsent(): CookieConsent | null {
  try {
    const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(COOKIE_CONSENT_KEY);
    return isConsent(v) ? v : null;
  } catch {
    return null;
  }
}

interface ConsentState {
  consent: CookieConsent | null;
  /**
   * The pages shown since the visitor chose "Accept All" in this view (the one on screen then
   * first), until session tracking has loaded and counted them. The tracker's code loads only after
   * consent; on a slow device a visitor can follow two links before it arrives, and each of those
   * pages would otherwise go uncounted.
   */
  visitsBeforeTracking: string[];
  /** True once the tracker has taken over counting. */
  tracking: boolean;
  /** Saves the choice (and hides the banner). */
  choose: (consent: CookieConsent) => void;
  /** A page on screen (every layout calls it on each route): kept while consent is given and the tracker has not loaded. */
  noteVisit: (path: string) => void;
  /** The pages kept so far, once: from then on the tracker counts every page itself. */
  takeVisits: () => string[];
}

export const useCookieConsent = create<ConsentState>()((set, get) => ({
  consent: readCookieConsent(),
  visitsBeforeTracking: [],
  tracking: false,
  choose: (consent) => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    } catch {
      // Not persisted without storage: the choice still holds for this view.
    }
    // Records queued under an earlier "Accept All" must never be sent now.
    if (consent === 'essential') discardQueuedAnalytics();
    const onScreen = consent === 'all' && !get().tracking && typeof location !== 'undefined' ? [location.pathname] : [];
    set({ consent, visitsBeforeTracking: onScreen });
  },
  noteVisit: (path) => {
    const { consent, tracking, visitsBeforeTracking: kept } = get();
    if (consent !== 'all' || tracking || kept[kept.length - 1] === path) return;
    set({ visitsBeforeTracking: [...kept, path] });
  },
  takeVisits: () => {
    const kept = get().visitsBeforeTracking;
    set({ visitsBeforeTracking: [], tracking: true });
    return kept;
  },
}));

// A choice made in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === COOKIE_CONSENT_KEY || event.key === null) {
      useCookieConsent.setState({ consent: readCookieConsent() });
    }
  });
}

/** GDPR: analytics only after the visitor has accepted them ("Accept All"). */
export function analyticsAllowed(consent: CookieConsent | null = useCookieConsent.getState().consent): boolean {
  return consent === 'all';
}
