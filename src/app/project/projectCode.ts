/**
 * The code of a project's screens that opens first: its layout and its overview. Apart from the
 * route table (pageLoaders.ts) so the import page can fetch it ahead of a save without importing
 * the table that loads the import page itself: a save opens the project next, and by then the
 * server may be gone and a first-time device's service worker may not yet have stored these chunks.
 */
export const loadProjectLayout = () => import('./ProjectLayout');
export const loadOverviewPage = () => import('./overview/OverviewPage');

/** What a save opens: the project's layout and its overview. */
export const loadProjectOpening = () => Promise.all([loadProjectLayout(), loadOverviewPage()]);

/** Fetches code now and ignores a failure (the route shows it when it is opened). */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
