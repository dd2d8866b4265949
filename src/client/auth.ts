/**
 * Sign-up, sign-in, sign-out, session restore and the mailed-link flows against /api/auth, kept in
 * step with the persisted session store (spec §4 Auth: "Signed in or signed out, tracked from the
 * session and its change events. Sign out clears local and session storage except the theme
 * setting, then goes to /auth").
 */
import { api, ApiError, onAuthChange, refreshSession, setSession, type AuthUser } from './api';
import { stopSync } from './data';
import { useSession } from './session';

interface SessionAnswer {
  user: AuthUser;
  accessToken: string;
}

// The session store follows every auth change (sign-in here, refresh failures in api.ts).
onAuthChange((user) => {
  const { setUser } = useSession.getState();
  setUser(user ? { id: user.id, email: user.email } : null);
});

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const res = await api<SessionAnswer>('/api/auth/signin', { body: { email, password }, auth: false });
  setSession(res.user, res.accessToken);
  return res.user;
}

export async function signUp(email: string, password: string): Promise<AuthUser> {
  const res = await api<SessionAnswer>('/api/auth/signup', { body: { email, password }, auth: false });
  setSession(res.user, res.accessToken);
  return res.user;
}

/**
 * Ends the session on the server, then clears local and session storage except the theme. The
 * server call failing (offline) does not keep anyone signed in on this device; it is reported so
 * the caller can show §8 "Error - Failed to sign out. Please try again." when it matters.
 */
export async function signOut(): Promise<void> {
  let failure: unknown = null;
  // Replication stops first (the data stays on the device); a worker that cannot answer (busy with
  // a long save) must not keep anyone signed in, so it gets a few seconds.
  await Promise.race([stopSync().catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 5_000))]);
  try {
    await api('/api/auth/signout', { method: 'POST', auth: false });
  } catch (err) {
    failure = err;
  }
  setSession(null, null);
  await useSession.getState().signOut();
  if (failure && !(failure instanceof ApiError && failure.offline)) throw failure;
}

/**
 * On start: a stored session is confirmed with the refresh cookie. Offline, or when the server
 * answers anything but 401 (restarting, overloaded), the stored user stays signed in (local work
 * needs no server); only a refused refresh (401) signs out.
 */
export async function restoreSession(): Promise<void> {
  const stored = useSession.getState().user;
  // Nobody signed in on this device: nothing to confirm (and no 401 to log on every public page).
  if (!stored) return;
  try {
    const ok = await refreshSession();
    if (!ok && stored) await useSession.getState().signOut();
  } catch (err) {
    if (!(err instanceof ApiError && err.offline)) console.error('Could not restore the session:', err);
  }
}

export async function requestPasswordReset(email: string): Promise<string> {
  const res = await api<{ message: string }>('/api/auth/password-reset/request', { body: { email }, auth: false });
  return res.message;
}

export async function confirmPasswordReset(token: string, password: string): Promise<string> {
  const res = await api<{ message: string }>('/api/auth/password-reset/confirm', { body: { token, password }, auth: false });
  return res.message;
}

export async function verifyEmail(token: string): Promise<AuthUser> {
  const res = await api<{ user: AuthUser }>('/api/auth/verify-email', { body: { token }, auth: false });
  return res.user;
}
