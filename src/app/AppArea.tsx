import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { ReloadBanner } from './ReloadBanner';
import { AppLayout } from './shell/AppLayout';
import * as pages from './pageLoaders';

// Each screen is its own chunk (precached by the service worker, so all of them work offline).
const ProjectsPage = lazy(pages.loadProjectsPage);
const ImportPage = lazy(pages.loadImportPage);
const AccountPage = lazy(pages.loadAccountPage);
const ProjectLayout = lazy(pages.loadProjectLayout);
const OverviewPage = lazy(pages.loadOverviewPage);
const BreakdownPage = lazy(pages.loadBreakdownPage);
const ActivitiesPage = lazy(pages.loadActivitiesPage);
const CashFlowPage = lazy(pages.loadCashFlowPage);
const RiskPage = lazy(pages.loadRiskPage);
const HistoryPage = lazy(pages.loadHistoryPage);
const AlertsPage = lazy(pages.loadAlertsPage);
const ChangesPage = lazy(pages.loadChangesPage);
const BaselinesPage = lazy(pages.loadBaselinesPage);
const ReportsPage = lazy(pages.loadReportsPage);

function AppNotFound() {
  useDocumentTitle('Page not found');
  return (
    <>
      <PageHeader title="Page not found" lead="This part of the app does not exist." />
      <section className="container section-narrow">
        <Link to="/app" className="btn btn-primary">
          Back to the app
        </Link>
      </section>
    </>
  );
}

function Tab({ page }: { page: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading..." />}>{page}</Suspense>;
}

/** The signed-in application (/app/*), in its own layout (shell/AppLayout.tsx). */
export default function AppArea() {
  return (
    <AppLayout>
      <ReloadBanner />
      <Routes>
        <Route index element={<ProjectsPage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="projects/:id" element={<ProjectLayout />}>
          {/* A tab's code loads inside the project: the header and tabs stay while it does. */}
          <Route index element={<Tab page={<OverviewPage />} />} />
          <Route path="breakdown" element={<Tab page={<BreakdownPage />} />} />
          <Route path="activities" element={<Tab page={<ActivitiesPage />} />} />
          <Route path="cash-flow" element={<Tab page={<CashFlowPage />} />} />
          <Route path="risk" element={<Tab page={<RiskPage />} />} />
          <Route path="history" element={<Tab page={<HistoryPage />} />} />
          <Route path="alerts" element={<Tab page={<AlertsPage />} />} />
          <Route path="changes" element={<Tab page={<ChangesPage />} />} />
          <Route path="baselines" element={<Tab page={<BaselinesPage />} />} />
          <Route path="reports" element={<Tab page={<ReportsPage />} />} />
        </Route>
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<AppNotFound />} />
      </Routes>
    </AppLayout>
  );
}
