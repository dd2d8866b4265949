import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, type SessionStatus } from '../client/session';
import { useSubscription } from '../client/subscription';
import { Spinner } from '../ui/Spinner';

export type GuardOutcome = 'loading' | 'redirect' | 'render';

/**
 * The /app/* rule: while the session is being resolved, wait; without a user, go to /auth;
 * while the subscription status loads, wait; otherwise show the app.
 *
 * `shownToUser`: the app is already on screen for this same user. A later recheck of their
 * subscription (every auth change, e.g. the server confirming a stored session seconds after the
 * app opened on a slow machine) then runs behind the app instead of replacing it with the
 * spinner: swapping it out unmounts the page, which drops whatever the user was doing (an import
 * being read, a form half filled) and brings them back to its first step with no word why.
 */
export function guardOutcome(status: SessionStatus, hasUser: boolean, subscriptionLoading: boolean, shownToUser = false): GuardOutcome {
  if (status === 'loading') return 'loading';
  if (!hasUser) return 'redirect';
  if (subscriptionLoading && !shownToUser) return 'loading';
  return 'render';
}

/** What the guard shows for an outcome (separate from the stores so it can be rendered in tests). */
export function GuardView({ outcome, children }: { outcome: GuardOutcome; children: ReactNode }) {
  const location = useLocation();
  if (outcome === 'loading') return <Spinner page label="Loading..." />;
  if (outcome === 'redirect') return <Navigate to="/auth" replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Guards /app/*: users without a session go to /auth; a "Loading..." spinner shows meanwhile. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.user?.id ?? null);
  const subscriptionLoading = useSubscription((s) => s.loading);
  // Whom the app was last rendered for: another account (or none) waits for its own status again.
  const shownFor = useRef<string | null>(null);
  const outcome = guardOutcome(status, userId !== null, subscriptionLoading, userId !== null && shownFor.current === userId);
  useEffect(() => {
    shownFor.current = outcome === 'render' ? userId : outcome === 'redirect' ? null : shownFor.current;
  }, [outcome, userId]);
  return <GuardView outcome={outcome}>{children}</GuardView>;
}
