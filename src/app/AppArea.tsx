import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Spinner } from '../ui/Spinner';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { ReloadBanner } from './ReloadBanner';

// Each screen is its own chunk (precached by the service worker, so all of them work offline).
const ProjectsPage = lazy(() => import('./projects/ProjectsPage'));
const ImportPage = lazy(() => import('./import/ImportPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const AccountPage = lazy(() => import('./account/AccountPage'));

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

/** The signed-in application (/app/*). */
export default function AppArea() {
  return (
    <Suspense fallback={<Spinner page />}>
      <ReloadBanner />
      <Routes>
        <Route index element={<ProjectsPage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="projects/:id" element={<DashboardPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<AppNotFound />} />
      </Routes>
    </Suspense>
  );
}
