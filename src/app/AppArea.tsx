import { Link, Route, Routes } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';

function AppHome() {
  return (
    <ComingSoon
      title="Dashboard"
      docTitle="App"
      description="Your projects, schedule imports and earned value dashboards will live here."
    />
  );
}

function AccountPage() {
  return <ComingSoon title="Account" description="Your profile, subscription, team and add-ons." />;
}

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

/** The signed-in application (/app/*). Screens are added by later work. */
export default function AppArea() {
  return (
    <Routes>
      <Route index element={<AppHome />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="*" element={<AppNotFound />} />
    </Routes>
  );
}
