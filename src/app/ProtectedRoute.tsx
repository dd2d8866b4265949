import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, type SessionStatus } from '../client/session';
import { useSubscription } from '../client/subscription';
import { Spinner } from '../ui/Spinner';

export type GuardOutcome = 'loading' | 'redirect' | 'render';

/**
 * The /app/* rule: while the session is being resolved, wait; without a user, go to /auth;
 * while the subscription status loads, wait; otherwise show the app.
 */
export function guardOutcome(status: SessionStatus, hasUser: boolean, subscriptionLoading: boolean): GuardOutcome {
  if (status === 'loading') return 'loading';
  if (!hasUser) return 'redirect';
  if (subscriptionLoading) return 'loading';
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
  const hasUser = useSession((s) => s.user !== null);
  const subscriptionLoading = useSubscription((s) => s.loading);
  return <GuardView outcome={guardOutcome(status, hasUser, subscriptionLoading)}>{children}</GuardView>;
}
