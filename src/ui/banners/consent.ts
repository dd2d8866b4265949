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
   * The path on screen when the visitor chose "Accept All" in this view, until session tracking has
   * counted it. The tracker loads only after consent; a visitor who follows a link before it has
   * loaded would otherwise lose that page view.
   */
  acceptedOn: string | null;
  /** Saves the choice (and hides the banner). */
  choose: (consent: CookieConsent) => void;
  /** The page `acceptedOn` names, once: the tracker counts it and it is forgotten. */
  takeAcceptedOn: () => string | null;
}

export const useCookieConsent = create<ConsentState>()((set, get) => ({
  consent: readCookieConsent(),
  acceptedOn: null,
  choose: (consent) => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    } catch {
      // Not persisted without storage: the choice still holds for this view.
    }
    // Records queued under an earlier "Accept All" must never be sent now.
    if (consent === 'essential') discardQueuedAnalytics();
    const acceptedOn = consent === 'all' && typeof location !== 'undefined' ? location.pathname : null;
    set({ consent, acceptedOn });
  },
  takeAcceptedOn: () => {
    const path = get().acceptedOn;
    if (path !== null) set({ acceptedOn: null });
    return path;
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
