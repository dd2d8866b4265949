import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { Spinner } from './Spinner';

/** Scroll to the top on a new path (but leave in-page anchors alone). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Skip link, navigation bar, the lazily loaded page and the footer. */
export function SiteLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <ScrollToTop />
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner page />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
