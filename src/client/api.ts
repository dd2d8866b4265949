/**
 * The browser's one way to the server's JSON API (spec §7: "The client keeps a persisted browser
 * session with automatic token refresh. Functions are invoked as POST with a JSON body and bearer
 * authorization").
 *
 * - The access token lives in memory only; the refresh token is an httpOnly cookie the script never
 *   sees. A 401 with `error="invalid_token"` (or no token yet) triggers one refresh and one retry.
 * - Refreshes are single-flight within a tab and serialised across tabs with `navigator.locks`:
 *   the server rotates the refresh token on every use and treats a replayed old one as theft
 *   (revoking the whole family) once its 30 s grace window is over, so tabs should not race it.
 * - Only a 401 from the refresh signs out. Offline, a 5xx or an answer cut off mid-read keep the
 *   session: the server accepts the previous cookie again when its successor never arrived.
 */

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
  /** A network failure (offline, server down) rather than an answer. */
  get offline(): boolean {
    return this.status === 0;
  }
}

export interface AuthUser {
  id: string;
  email: string;
  emailVerified?: boolean;
}

interface TokenState {
  accessToken: string | null;
  user: AuthUser | null;
}

const state: TokenState = { accessToken: null, user: null };
type Listener = (user: AuthUser | null) => void;
const listeners = new Set<Listener>();

/** Called with the user after every sign-in, refresh that changes the user, and sign-out. */
export function onAuthChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const l of listeners) {
    try {
      l(state.user);
    } catch (err) {
      console.error('An auth listener failed:', err);
    }
  }
}

/**
 * The channel the data worker's sync engine hears new access tokens on (src/local/sync/tokens.ts:
 * `earnest-auth-token`, messages `{ type: 'earnest-token', token }` and `{ type: 'earnest-refreshing' }`),
 * so replication uses the page's refreshed token instead of refreshing again (the server rotates the
 * refresh cookie on each use). Null where BroadcastChannel is missing.
 */
const TOKEN_CHANNEL = 'earnest-auth-token';
let tokenChannel: BroadcastChannel | null | undefined;

function announce(message: { type: 'earnest-token'; token: string | null } | { type: 'earnest-refreshing' }): void {
  if (tokenChannel === undefined) {
    tokenChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TOKEN_CHANNEL) : null;
    // Node (tests) keeps a process alive while a channel is open; a browser has no such notion.
    (tokenChannel as { unref?: () => void } | null)?.unref?.();
  }
  try {
    tokenChannel?.postMessage(message);
  } catch {
    // Nobody can hear it (the channel closed): the worker refreshes on its own when it must.
  }
}

/** Records a fresh session from a sign-in, sign-up or refresh answer. */
export function setSession(user: AuthUser | null, accessToken: string | null): void {
  const changed = state.user?.id !== user?.id;
  const hadToken = state.accessToken !== null;
  state.user = user;
  state.accessToken = accessToken;
  // Every token the page gets (a worker may hold an older one). A null token tells the worker the
  // session is over (its sync stops until the next sign-in), so it is sent only when a signed-in
  // page signs out, never for a page that merely has no token yet.
  if (accessToken !== null) announce({ type: 'earnest-token', token: accessToken });
  else if (user === null && hadToken) announce({ type: 'earnest-token', token: null });
  if (changed) emit();
}

export function currentAccessToken(): string | null {
  return state.accessToken;
}

export function currentUser(): AuthUser | null {
  return state.user;
}

async function parseBody(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return null;
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, 'No connection to the Earnest server. Your work is kept on this device; try again when you are online.', null);
  }
}

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  // A context that takes the refresh lock right after this one waits for the token instead of
  // refreshing a second time with a cookie this refresh is about to rotate (tokens.ts).
  announce({ type: 'earnest-refreshing' });
  const res = await send('/api/auth/refresh', { method: 'POST' });
  let body: Record<string, unknown> | null;
  try {
    body = await parseBody(res);
  } catch {
    // The connection dropped while the answer was read (a closed laptop lid, a killed tab): as good
    // as offline. The server may have rotated the cookie; it accepts the previous one again.
    throw new ApiError(0, 'No connection to the Earnest server. Your work is kept on this device; try again when you are online.', null);
  }
  if (res.ok && body && typeof body.accessToken === 'string' && body.user) {
    setSession(body.user as AuthUser, body.accessToken);
    return true;
  }
  // Only a definite "this session is over" signs out. A 5xx (the server restarting behind its
  // proxy), a 429 or anything else unexpected keeps the session: the next request tries again.
  if (res.status === 401) {
    setSession(null, null);
    return false;
  }
  const message = typeof body?.error === 'string' ? body.error : `The server answered ${res.status} to a session refresh.`;
  throw new ApiError(res.status, message, body);
}

/**
 * Gets a new access token from the refresh cookie. True when signed in afterwards; false when the
 * server answered 401 (the session is gone; then the user is signed out). Offline, or any other
 * answer: throws an ApiError (status 0 offline) and the session is kept, so local work goes on.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('earnest-auth-refresh', refreshOnce) : await refreshOnce();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
}

/** A JSON call to `/api/…`; resolves to the parsed body, throws {@link ApiError} otherwise. */
export async function api<T = Record<string, unknown>>(path: string, request: ApiRequest = {}): Promise<T> {
  const wantsAuth = request.auth !== false;
  if (wantsAuth && !state.accessToken) await refreshSession();
  const call = () => {
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (wantsAuth && state.accessToken) headers.Authorization = `Bearer ${state.accessToken}`;
    return send(path, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  };
  let res = await call();
  if (res.status === 401 && wantsAuth && (await refreshSession())) res = await call();
  const body = await parseBody(res);
  if (!res.ok) {
    const message = typeof body?.error === 'string' ? body.error : `The server answered ${res.status}.`;
    throw new ApiError(res.status, message, body);
  }
  return (body ?? {}) as T;
}

/** Spec §7: a function is a POST with a JSON body and bearer authorisation. */
export function invokeFunction<T = Record<string, unknown>>(name: string, body: Record<string, unknown> = {}): Promise<T> {
  return api<T>(`/api/functions/${name}`, { method: 'POST', body });
}
