import { SESSION_STORAGE_KEY } from '../../client/session';
import { THEME_STORAGE_KEY } from '../../ui/theme';

/**
 * Every cookie and browser-storage item the site and app use: the single source for the Cookie
 * Policy's table and the Privacy Policy's summary of it. When code adds, renames or removes a key,
 * change it here too (the names the code exports are imported, so those follow automatically).
 */

/** The httpOnly refresh cookie (server/auth/routes.ts REFRESH_COOKIE, path REFRESH_COOKIE_PATH). */
export const REFRESH_COOKIE_NAME = 'earnest_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
/** Refresh-token lifetime (server/auth/refresh.ts DEFAULT_REFRESH_TTL_SECONDS). */
export const REFRESH_COOKIE_DAYS = 30;
/** The cookie banner's stored choice (product spec §4 "Cookie consent"): `essential` or `all`. */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
/** sessionStorage: the current analytics session (spec §4 "Session tracking"). */
export const ANALYTICS_SESSION_KEY = 'earnest-analytics-session';
/** sessionStorage: the exit-intent dialog has been shown in this browser session (spec §4). */
export const EXIT_INTENT_KEY = 'earnest-exit-intent-shown';

export type StorageCategory = 'essential' | 'analytics';

export interface StorageItem {
  /** The cookie, key or database name as it appears in the browser's developer tools. */
  name: string;
  /** Where it lives: cookie, localStorage, sessionStorage, IndexedDB, Cache Storage. */
  where: string;
  category: StorageCategory;
  purpose: string;
  duration: string;
}

export const STORAGE_ITEMS: readonly StorageItem[] = [
  {
    name: REFRESH_COOKIE_NAME,
    where: `Cookie (first party, httpOnly, SameSite=Strict, Secure over HTTPS, sent only to ${REFRESH_COOKIE_PATH})`,
    category: 'essential',
    purpose:
      'Keeps you signed in. It holds a random token that lets the app obtain a new 15-minute access token without asking for your password again. Page scripts cannot read it, and our server stores only a hash of it.',
    duration: `${REFRESH_COOKIE_DAYS} days, replaced each time it is used; deleted when you sign out.`,
  },
  {
    name: CONSENT_STORAGE_KEY,
    where: 'localStorage',
    category: 'essential',
    purpose:
      'Remembers your answer to the cookie banner: "essential" (Essential Only) or "all" (Accept All). Until it is set, the banner is shown.',
    duration: 'Until you change your choice, sign out or clear site data.',
  },
  {
    name: THEME_STORAGE_KEY,
    where: 'localStorage',
    category: 'essential',
    purpose: 'Remembers whether you chose the light, dark or system theme.',
    duration: 'Until you change it or clear site data. Kept when you sign out.',
  },
  {
    name: SESSION_STORAGE_KEY,
    where: 'localStorage',
    category: 'essential',
    purpose:
      'Your user id and email address, so the app opens signed in on a site laptop with no signal. It holds no password and no token.',
    duration: 'Until you sign out or clear site data.',
  },
  {
    name: EXIT_INTENT_KEY,
    where: 'sessionStorage',
    category: 'essential',
    purpose:
      'Remembers that the end-of-trial reminder has been shown once in this browser session, so it is not shown again. It is never sent to us.',
    duration: 'Until you close the browser tab or window.',
  },
  {
    name: ANALYTICS_SESSION_KEY,
    where: 'sessionStorage',
    category: 'analytics',
    purpose:
      'The id of the current visit, so the pages you view are counted as one session in our own product analytics. Set only if you chose Accept All.',
    duration: 'Until you close the browser tab or window.',
  },
  {
    name: 'earnest-analytics-outbox',
    where: 'localStorage',
    category: 'analytics',
    purpose:
      'Analytics records (page views, events, funnel steps and the start and end of your visit) with the time they happened, held until our server has them: a moment when online, until the connection returns when offline (at most 500 records, about 1 MB; the oldest are dropped first). Set only if you chose Accept All; emptied when you choose Essential Only.',
    duration: 'Until they are sent, or you choose Essential Only or sign out.',
  },
  {
    name: '_pouch_user_… (one per account on this device; _pouch_team_… per synced team)',
    where: 'IndexedDB',
    category: 'essential',
    purpose:
      'Your projects: the schedules you import, their status snapshots, baselines and change orders, stored on your device so the app works offline. If you sync to a team, this is the copy that is replicated.',
    duration:
      'Until you delete the project, remove your projects from this device on the account page, or clear site data. Signing out does not delete it, so unsynced work is never lost; other accounts signing in on the same device cannot see it.',
  },
  {
    name: 'user_…__derived (one per account; team_…__derived per synced team)',
    where: 'IndexedDB',
    category: 'essential',
    purpose:
      'Tables and results computed from your projects (activities, time-phased series, risk results) and requests waiting for a connection. Everything in it can be rebuilt.',
    duration: 'Until you delete the project, remove your projects from this device, or clear site data.',
  },
  {
    name: 'workbox-precache-v2-… (service worker)',
    where: 'Cache Storage',
    category: 'essential',
    purpose:
      "The app's own code, styles and icons, kept by the service worker so Earnest opens and works with no signal. It holds no personal data.",
    duration: 'Replaced with each app update; removed when you clear site data or uninstall the app.',
  },
];

export const CATEGORY_LABEL: Readonly<Record<StorageCategory, string>> = {
  essential: 'Essential',
  analytics: 'Analytics',
};
