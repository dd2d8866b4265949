/**
 * The code of each signed-in screen, loaded on demand (each is its own chunk, precached by the
 * service worker). What a project opens with is in project/projectCode.ts, which the import page
 * fetches ahead of a save.
 */
import { loadOverviewPage, loadProjectLayout } from './project/projectCode';

export { loadOverviewPage, loadProjectLayout };
export const loadProjectsPage = () => import('./projects/ProjectsPage');
export const loadImportPage = () => import('./import/ImportPage');
export const loadBreakdownPage = () => import('./project/breakdown/BreakdownPage');
export const loadActivitiesPage = () => import('./project/activities/ActivitiesPage');
export const loadCashFlowPage = () => import('./project/cashflow/CashFlowPage');
export const loadRiskPage = () => import('./project/risk/RiskPage');
export const loadHistoryPage = () => import('./project/history/HistoryPage');
export const loadAlertsPage = () => import('./project/alerts/AlertsPage');
export const loadChangesPage = () => import('./project/changes/ChangesPage');
export const loadBaselinesPage = () => import('./project/baselines/BaselinesPage');
export const loadReportsPage = () => import('./project/reports/ReportsPage');

export const loadAccountPage = () => import('./account/AccountPage');
