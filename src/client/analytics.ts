/**
 * Product analytics and session tracking (spec §3 analytics_events, user_sessions, funnel_events;
 * §4 "Session tracking"; §7 event names). Server API: server/analytics/index.ts.
 *
 * Consent (GDPR / PECR): nothing is sent — no session row, no events, no funnel steps — unless the
 * visitor chose "Accept All" (`cookie-consent` = `all`). With `essential`, or before any choice,
 * every call here is a no-op; when the visitor accepts during a visit, tracking starts then.
 *
 * Failures are silent (§8). Events that cannot be sent (offline, network failure, server error)
 * wait in the outbox (./outbox.ts) and go out when the browser is back online or on the next load.
 * Calls carry the bearer token only when someone is signed in; otherwise they are anonymous.
 */
import { analyticsAllowed, useCookieConsent } from '../ui/banners/consent';
import { api, ApiError, currentAccessToken, currentUser } from './api';
import { analyticsOutbox, OUTBOX_BATCH_SIZE, type BatchResult, type OutboxEvent } from './outbox';
import { useSession } from './session';

/** sessionStorage key holding the current user_sessions row: `{ id, startedAt, pages }`. */
export const SESSION_STORAGE_ID_KEY = 'earnest-analytics-session';
/**
 * localStorage key for session-end writes made as the page went away. A request started while a
 * page unloads may never arrive (and its answer is never seen), so each is kept and sent again on
 * the next load; the write is idempotent (the same session_end and duration).
 */
export const PENDING_END_KEY = 'earnest-analytics-session-end';
const PENDING_END_LIMIT = 20;

/** §7 event names and their categories. */
export const EVENT_CATEGORY = {
  page_view: 'navigation',
  upgrade_viewed: 'subscription',
  exit_intent_shown: 'conversion',
  exit_intent_converted: 'conversion',
} as const;

function signedIn(): boolean {
  return useSession.getState().status === 'signed-in';
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function currentPath(): string | null {
  return typeof location === 'undefined' ? null : location.pathname;
}

/** A client id for idempotent writes (the server accepts 1–64 of A–Z a–z 0–9 _ -). */
export function newClientId(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Worth trying again later: no connection, a server error, or a rate limit. Other 4xx are final. */
function retryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.offline || err.status >= 500 || err.status === 408 || err.status === 429;
}

function wireEvent(e: OutboxEvent) {
  return { id: e.id, event_type: e.event_type, event_category: e.event_category, event_data: e.event_data, page_url: e.page_url };
}

// ---------------------------------------------------------------------------------------------
// Events and the outbox
// ---------------------------------------------------------------------------------------------

/**
 * Records an analytics event (`analytics_events`). No-op without analytics consent. While offline,
 * or when the send fails for a reason worth retrying, the event waits in the outbox.
 */
export async function trackEvent(
  type: string,
  category: string,
  data?: Record<string, unknown> | null,
  pageUrl: string | null = currentPath(),
): Promise<void> {
  if (!analyticsAllowed()) return;
  const event: OutboxEvent = {
    id: newClientId(),
    event_type: type,
    event_category: category,
    event_data: data ?? null,
    page_url: pageUrl,
    queued_at: new Date().toISOString(),
  };
  if (browserOffline()) {
    analyticsOutbox.enqueue(event);
    return;
  }
  try {
    await api('/api/analytics/events', { body: wireEvent(event), auth: signedIn() });
  } catch (err) {
    if (retryable(err)) analyticsOutbox.enqueue(event);
  }
}

/** Records a funnel step (`funnel_events`). No-op without consent; failures are dropped silently. */
export async function trackFunnel(step: string, metadata?: Record<string, unknown> | null): Promise<void> {
  if (!analyticsAllowed()) return;
  try {
    await api('/api/analytics/funnel', { body: { id: newClientId(), funnel_step: step, metadata: metadata ?? null }, auth: signedIn() });
  } catch {
    // Silent (§8).
  }
}

/** Sends one outbox batch. A batch refused as a whole (400, 413) counts as refused event by event. */
async function sendBatch(events: OutboxEvent[]): Promise<{ results: BatchResult[] }> {
  try {
    return await api<{ results: BatchResult[] }>('/api/analytics/events/batch', {
      body: { events: events.map(wireEvent) },
      auth: signedIn(),
    });
  } catch (err) {
    if (err instanceof ApiError && !retryable(err) && err.status !== 401 && err.status !== 403) {
      return { results: events.map((_, index) => ({ index, status: err.status })) };
    }
    throw err;
  }
}

/**
 * Sends what waits in the outbox (in batches of ≤ 50). Without consent nothing is sent; after
 * "Essential Only" the queue is emptied (those events must not be sent at all).
 */
export async function flushOutbox(): Promise<void> {
  void flushPendingEnds();
  const consent = useCookieConsent.getState().consent;
  if (consent === 'essential') {
    analyticsOutbox.clear();
    return;
  }
  if (!analyticsAllowed(consent) || browserOffline() || analyticsOutbox.size() === 0) return;
  try {
    await analyticsOutbox.flush(sendBatch);
  } catch {
    // Silent (§8).
  }
}

export { OUTBOX_BATCH_SIZE };

// ---------------------------------------------------------------------------------------------
// Sessions (user_sessions)
// ---------------------------------------------------------------------------------------------

interface LiveSession {
  id: string;
  startedAt: number;
  pages: number;
  pageUrl: string | null;
  /** The user the server attributed the row to (null: anonymous); known once created. */
  userId: string | null;
  created: boolean;
  /** Resolves true once the row exists on the server. */
  ready: Promise<boolean>;
}

let live: LiveSession | null = null;
/** The session owner's last access token: ending the session after a sign-out still needs it. */
let ownerToken: string | null = null;

function saveStored(s: LiveSession | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (s) sessionStorage.setItem(SESSION_STORAGE_ID_KEY, JSON.stringify({ id: s.id, startedAt: s.startedAt, pages: s.pages }));
    else sessionStorage.removeItem(SESSION_STORAGE_ID_KEY);
  } catch {
    // Storage unavailable: the session still lives in memory.
  }
}

async function createRow(s: LiveSession): Promise<boolean> {
  if (browserOffline()) return false;
  try {
    const res = await api<{ id: string; session?: { user_id?: string | null } }>('/api/analytics/sessions', {
      body: { id: s.id, session_start: new Date(s.startedAt).toISOString(), page_url: s.pageUrl },
      auth: signedIn(),
    });
    s.userId = res.session?.user_id ?? null;
    s.created = true;
    if (s.userId) ownerToken = currentAccessToken();
    return true;
  } catch {
    return false;
  }
}

/** The headers for a write to the session: the owner's token, or none for an anonymous row. */
function sessionAuth(s: LiveSession): { useApi: boolean; token: string | null } {
  if (!s.userId) return { useApi: false, token: null };
  if (currentUser()?.id === s.userId) return { useApi: true, token: currentAccessToken() };
  return { useApi: false, token: ownerToken };
}

async function patchRow(s: LiveSession, body: Record<string, unknown>, keepalive = false): Promise<void> {
  if (!s.created) return;
  const path = `/api/analytics/sessions/${encodeURIComponent(s.id)}`;
  const { useApi, token } = sessionAuth(s);
  try {
    if (useApi && !keepalive) {
      await api(path, { method: 'PATCH', body, auth: true });
      ownerToken = currentAccessToken() ?? ownerToken;
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (s.userId && token) headers.Authorization = `Bearer ${token}`;
    // keepalive: the request outlives the page (sendBeacon cannot PATCH).
    await fetch(path, { method: 'PATCH', headers, body: JSON.stringify(body), keepalive, credentials: 'same-origin' });
  } catch {
    // Silent (§8).
  }
}

/** The current session's id, if one was started in this view. */
export function currentSessionId(): string | null {
  return live?.id ?? null;
}

/** Starts this view's user_sessions row (once; no-op without consent). */
export function startSession(pageUrl: string | null = currentPath()): void {
  if (live || !analyticsAllowed()) return;
  const s: LiveSession = {
    id: newClientId(),
    startedAt: Date.now(),
    pages: 0,
    pageUrl,
    userId: null,
    created: false,
    ready: Promise.resolve(false),
  };
  live = s;
  saveStored(s);
  s.ready = createRow(s);
}

/** A route change: pages_visited + 1 on the row, and a page_view event (category navigation). */
export function recordPageView(path: string | null = currentPath()): void {
  if (!analyticsAllowed()) return;
  if (!live) startSession(path);
  const s = live;
  if (!s) return;
  s.pages += 1;
  saveStored(s);
  void trackEvent('page_view', EVENT_CATEGORY.page_view, null, path);
  const pages = s.pages;
  void s.ready.then((ok) => (ok ? patchRow(s, { pages_visited: pages }) : undefined));
}

/**
 * Back online: a row that could not be created is created now (same id, so a lost answer does not
 * make two), brought up to date, and the outbox is sent.
 */
export async function resumeAfterReconnect(): Promise<void> {
  const s = live;
  if (s && !s.created) {
    s.ready = createRow(s);
    if (await s.ready) await patchRow(s, { pages_visited: s.pages });
  }
  await flushOutbox();
}

interface PendingEnd {
  id: string;
  /** The owner (null: anonymous); a signed-in owner's row can only be updated as that user. */
  userId: string | null;
  body: { session_end: string; duration_seconds: number; pages_visited: number };
}

function readPendingEnds(): PendingEnd[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(PENDING_END_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as PendingEnd[]).filter((p) => p && typeof p.id === 'string' && p.body) : [];
  } catch {
    return [];
  }
}

function writePendingEnds(list: PendingEnd[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(PENDING_END_KEY);
    else localStorage.setItem(PENDING_END_KEY, JSON.stringify(list.slice(-PENDING_END_LIMIT)));
  } catch {
    // Without storage the end is sent once, as the page goes.
  }
}

/** Sends the session ends kept from earlier page loads (see PENDING_END_KEY). */
export async function flushPendingEnds(): Promise<void> {
  const pending = readPendingEnds();
  if (pending.length === 0) return;
  if (!analyticsAllowed()) {
    if (useCookieConsent.getState().consent === 'essential') writePendingEnds([]);
    return;
  }
  if (browserOffline()) return;
  const done = new Set<string>();
  for (const p of pending) {
    const mine = p.userId === null || (currentUser() ?? useSession.getState().user)?.id === p.userId;
    if (!mine) {
      // Someone else is signed in now: that row cannot be updated from here any more.
      done.add(p.id);
      continue;
    }
    try {
      await api(`/api/analytics/sessions/${encodeURIComponent(p.id)}`, { method: 'PATCH', body: p.body, auth: p.userId !== null });
      done.add(p.id);
    } catch (err) {
      if (!retryable(err)) done.add(p.id);
    }
  }
  writePendingEnds(readPendingEnds().filter((p) => !done.has(p.id)));
}

/** Writes session_end and duration_seconds (whole seconds) and forgets the stored id. */
export function endSession(): void {
  const s = live;
  if (!s) return;
  live = null;
  saveStored(null);
  const body = {
    session_end: new Date().toISOString(),
    duration_seconds: Math.max(0, Math.floor((Date.now() - s.startedAt) / 1000)),
    pages_visited: s.pages,
  };
  const send = () => {
    writePendingEnds([...readPendingEnds().filter((p) => p.id !== s.id), { id: s.id, userId: s.userId, body }]);
    void patchRow(s, body, true);
  };
  if (s.created) send();
  else void s.ready.then((ok) => (ok ? send() : undefined));
}

/** Test helper: forget the in-memory session without writing anything. */
export function resetAnalyticsForTests(): void {
  live = null;
  ownerToken = null;
}
