/**
 * Funnel steps (`funnel_events`, spec §3) recorded from the page a visitor reaches. The trial and
 * purchase steps themselves are recorded by the server when they happen (trial_started,
 * upgrade_completed, … in analytics_events); these are the visitor's steps towards them.
 */

/** The step a route records, by path. */
export const FUNNEL_STEP_BY_PATH: Readonly<Record<string, string>> = {
  '/pricing': 'pricing_viewed',
};

/** The funnel step for a route, or null when the route is not a step. */
export function funnelStepFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return FUNNEL_STEP_BY_PATH[path] ?? null;
}
