/**
 * Navigations the service worker must never answer with the app shell (index.html). Tested
 * against `pathname + search`, as Workbox's NavigationRoute does.
 *
 * - /api/ and /db/: server endpoints (JSON, replication), always network.
 * - /auth/ and /billing/: server-side flows (callbacks, local checkout/portal pages). The SPA's
 *   own /auth page has no trailing path and is not matched.
 * - file-like URLs (last path segment has an extension): real files, never the SPA.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/db(?:\/|$)/,
  /^\/auth\//,
  /^\/billing\//,
  /\/[^/?]+\.[^/?]+(?:\?.*)?$/,
];

export function isDeniedNavigation(pathAndSearch: string): boolean {
  return NAVIGATION_DENYLIST.some((re) => re.test(pathAndSearch));
}
