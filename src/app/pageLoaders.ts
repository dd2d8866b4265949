/**
 * The code of each signed-in screen, loaded on demand (each is its own chunk, precached by the
 * service worker). Kept apart from the routes so a screen can fetch the code of the one it leads to
 * ahead of time: a save on the import page opens the project next, and by then the server may be
 * gone and a first-time device's service worker may not yet have stored that chunk.
 */
export const loadProjectsPage = () => import('./projects/ProjectsPage');
export const loadImportPage = () => import('./import/ImportPage');
export const loadProjectLayout = () => import('./project/ProjectLayout');
export const loadOverviewPage = () => import('./project/overview/OverviewPage');
export const loadBreakdownPage = () => import('./project/breakdown/BreakdownPage');
export const loadActivitiesPage = () => import('./project/activities/ActivitiesPage');
export const loadCashFlowPage = () => import('./project/cashflow/CashFlowPage');
export const loadHistoryPage = () => import('./project/history/HistoryPage');
export const loadAlertsPage = () => import('./project/alerts/AlertsPage');
export const loadChangesPage = () => import('./project/changes/ChangesPage');
export const loadBaselinesPage = () => import('./project/baselines/BaselinesPage');
export const loadReportsPage = () => import('./project/reports/ReportsPage');

/** What a save opens: the project's layout and its overview. */
export const loadProjectOpening = () => Promise.all([loadProjectLayout(), loadOverviewPage()]);
export const loadAccountPage = () => import('./account/AccountPage');

/** Fetches a screen's code now and ignores a failure (the route shows it when it is opened). */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
