import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSubscription } from '../client/subscription';
import { shouldShowTrialBanner } from '../core/plans/trial';
import { useCookieConsent } from './banners/consent';
import { PageErrorBoundary, QuietBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { Spinner } from './Spinner';
import './siteLayout.css';

// Not needed for the first paint: each loads on its own, and only when it has something to show.
const Toasters = lazy(() => import('./toast/Toasters'));
const TrialBanner = lazy(() => import('./banners/TrialBanner'));
const CookieBanner = lazy(() => import('./banners/CookieBanner'));
const ExitIntentDialog = lazy(() => import('./banners/ExitIntentDialog'));
const SessionTracker = lazy(() => import('./tracking/SessionTracker'));

/** Scroll to the top on a new path (but leave in-page anchors alone). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * Skip link, the cookie banner until answered, the sticky top (trial banner above the navigation
 * bar), the lazily loaded page and the footer; then the toasts, the exit-intent dialog and session
 * tracking.
 */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <ScrollToTop />
      <CookieTop />
      <div className="site-top">
        <TrialTop />
        <NavBar />
      </div>
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner page />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <SiteOverlays />
    </>
  );
}

/**
 * What every layout mounts after its page (the site's and the app's, AppLayout.tsx): the toasts,
 * the exit-intent dialog on a trial and session tracking with consent.
 */
export function SiteOverlays() {
  const onTrial = useSubscription(shouldShowTrialBanner);
  const analytics = useCookieConsent((s) => s.consent === 'all');
  const { pathname } = useLocation();
  // Pages seen after "Accept All" but before the tracker's code has loaded still count.
  useEffect(() => useCookieConsent.getState().noteVisit(pathname), [pathname]);
  return (
    <>
      {/* One boundary each: a chunk arriving late must not unmount (and reset) the others. */}
      <QuietBoundary>
        <Suspense fallback={null}>
          <Toasters />
        </Suspense>
      </QuietBoundary>
      {onTrial && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <ExitIntentDialog />
          </Suspense>
        </QuietBoundary>
      )}
      {analytics && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <SessionTracker />
          </Suspense>
        </QuietBoundary>
      )}
    </>
  );
}

/**
 * The cookie banner while the visitor has not chosen, first in either layout above the sticky top:
 * in the page's flow, so it pushes the page down and never covers an action (banners.css).
 */
export function CookieTop() {
  const consentUnset = useCookieConsent((s) => s.consent === null);
  if (!consentUnset) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </QuietBoundary>
  );
}

/** The trial banner, when the user is on a trial (stuck to the top above either layout's header). */
export function TrialTop() {
  const onTrial = useSubscription(shouldShowTrialBanner);
  if (!onTrial) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <TrialBanner />
      </Suspense>
    </QuietBoundary>
  );
}
