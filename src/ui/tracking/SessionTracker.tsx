import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { endSession, flushOutbox, recordPageView, resumeAfterReconnect, trackFunnel } from '../../client/analytics';
import { analyticsAllowed, useCookieConsent } from '../banners/consent';
import { funnelStepFor } from './funnelSteps';

/** A cleanup that may be undone by an immediate remount (React StrictMode in development). */
let pendingEnd: ReturnType<typeof setTimeout> | undefined;

/**
 * §4 Session tracking: a user_sessions row per page load, pages_visited + a page_view event on
 * every route change, session_end and duration_seconds when the page goes away, and the funnel
 * step a route stands for (./funnelSteps.ts). Only with the visitor's consent to analytics
 * (`cookie-consent` = `all`): with "Essential Only", or before any choice, nothing is recorded.
 * Everything is queued with the time it happened and sent when online (client/analytics.ts).
 * Renders nothing.
 */
export function SessionTracker() {
  const { pathname } = useLocation();
  const allowed = analyticsAllowed(useCookieConsent((s) => s.consent));

  // Each route (and the first page, and the page on screen when consent is given) counts once.
  // This component loads after consent: the pages the visitor saw meanwhile (kept by the layout,
  // consent.ts `noteVisit`) are counted first, in order, then the one on screen now.
  useEffect(() => {
    if (!allowed) return;
    const earlier = useCookieConsent.getState().takeVisits();
    const paths = earlier[earlier.length - 1] === pathname ? earlier : [...earlier, pathname];
    for (const path of paths) {
      recordPageView(path);
      const step = funnelStepFor(path);
      if (step) void trackFunnel(step, { path });
    }
  }, [pathname, allowed]);

  useEffect(() => {
    if (!allowed) return;
    clearTimeout(pendingEnd);
    // Whatever an earlier visit could not send goes now.
    void flushOutbox();
    const onOnline = () => void resumeAfterReconnect();
    const onPageHide = () => endSession();
    const onPageShow = (event: PageTransitionEvent) => {
      // Back from the back/forward cache: a new session for the restored page.
      if (event.persisted) recordPageView(location.pathname);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      pendingEnd = setTimeout(endSession, 0);
    };
  }, [allowed]);

  return null;
}

export default SessionTracker;
