/**
 * Product analytics and session tracking (spec §3 analytics_events, user_sessions, funnel_events;
 * §4 "Session tracking"; §7 event names). Server API: server/analytics/index.ts.
 *
 * Consent (GDPR / PECR): nothing is recorded or sent — no session row, no events, no funnel steps —
 * unless the visitor chose "Accept All" (`cookie-consent` = `all`). With `essential`, or before any
 * choice, every call here is a no-op; when the visitor accepts during a visit, tracking starts then.
 *
 * Every record goes through the outbox (./outbox.ts) stamped with the time it happened
 * (`occurred_at`), and is sent from there straight away when online — in order, so a session's
 * updates never reach the server before its start — or when the browser is back online, or on the
 * next load. The server keeps that time as the record's time, so a record sent late still counts
 * when it happened. Session ids are made here, so a session whose start is still queued can be
 * updated and ended all the same.
 *
 * Failures are silent (§8): nothing here throws or shows anything. Records are sent as the user they
 * were recorded for (or anonymously), never as whoever is signed in when they finally go.
 */
import { analyticsAllowed, useCookieConsent } from '../ui/banners/consent';
import { currentAccessToken, currentUser, refreshSession } from './api';
import {
  analyticsOutbox,
  discardQueuedAnalytics,
  OUTBOX_BATCH_SIZE,
  PENDING_END_KEY,
  type BatchResult,
  type OutboxItem,
  type SessionUpdateItem,
} from './outbox';
import { useSession } from './session';

/** sessionStorage key holding the current user_sessions row: `{ id, startedAt, pages }`. */
export const SESSION_STORAGE_ID_KEY = 'earnest-analytics-session';

/** Where the outbox sends (events, funnel steps, session starts and updates, in order). */
export const BATCH_PATH = '/api/analytics/batch';

/** §7 event names and their categories. */
export const EVENT_CATEGORY = {
  page_view: 'navigation',
  upgrade_viewed: 'subscription',
  exit_intent_shown: 'conversion',
  exit_intent_converted: 'conversion',
} as const;

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function currentPath(): string | null {
  return typeof location === 'undefined' ? null : location.pathname;
}

const nowIso = () => new Date().toISOString();

/** A client id for idempotent writes (the server accepts 1–64 of A–Z a–z 0–9 _ -). */
export function newClientId(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------------------------------------
// Who records are for
// ---------------------------------------------------------------------------------------------

/** The user records made now belong to: the signed-in (or remembered) user, else null. */
function recordingOwner(): string | null {
  const s = useSession.getState();
  if (s.status === 'signed-out') return null;
  return currentUser()?.id ?? s.user?.id ?? null;
}

/** Who is signed in for sending: a user id, null for nobody, undefined while that is being settled. */
function sendingIdentity(): string | null | undefined {
  const s = useSession.getState();
  if (s.status === 'loading') return undefined;
  if (s.status === 'signed-out') return null;
  return currentUser()?.id ?? s.user?.id ?? undefined;
}

/**
 * The last access token seen for each user records were made for, in memory only: the end of a
 * session started signed in must still reach that user's row after a sign-out in the same view.
 */
const ownerTokens = new Map<string, string>();

function rememberToken(owner: string | null): void {
  if (owner === null || currentUser()?.id !== owner) return;
  const token = currentAccessToken();
  if (token) ownerTokens.set(owner, token);
}

function canSend(owner: string | null): boolean {
  return owner === null || owner === sendingIdentity() || ownerTokens.has(owner);
}

/** The bearer token to send `owner`'s records with, without waiting (for a page going away). */
function tokenAtHand(owner: string): string | null {
  return (currentUser()?.id === owner ? currentAccessToken() : null) ?? ownerTokens.get(owner) ?? null;
}

/** A batch could not be sent now; it stays queued. */
class NotSent extends Error {
  override name = 'NotSent';
}

/** What the server receives: the record without its owner (the bearer token says who). */
function wire(item: OutboxItem): Record<string, unknown> {
  const { owner, ...rest } = item;
  void owner;
  return rest;
}

function post(body: unknown, token: string | null, keepalive = false): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // keepalive: the request outlives a page that is going away.
  return fetch(BATCH_PATH, { method: 'POST', headers, body: JSON.stringify(body), keepalive, credentials: 'same-origin' });
}

/**
 * The per-record answers for a batch, or NotSent when the batch as a whole did not get through
 * (offline, 5xx, 429, a token that no longer works). A batch refused as a whole for what it holds
 * (400, 413) counts as refused record by record: sending it again would not change the answer.
 */
async function answersOf(res: Response, items: OutboxItem[]): Promise<{ results: BatchResult[] }> {
  if (res.ok) {
    const body = (await res.json().catch(() => null)) as { results?: BatchResult[] } | null;
    if (!body || !Array.isArray(body.results)) throw new NotSent('The answer held no results.');
    return { results: body.results };
  }
  const retry = res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 408 || res.status === 429;
  if (retry) throw new NotSent(`The server answered ${res.status}.`);
  return { results: items.map((_, index) => ({ index, status: res.status })) };
}

/** Sends one owner's batch as that owner (anonymously for null). */
async function sendBatch(items: OutboxItem[], owner: string | null): Promise<{ results: BatchResult[] }> {
  const body = { items: items.map(wire) };
  if (owner === null) return answersOf(await post(body, null), items);
  const isCurrent = () => currentUser()?.id === owner;
  if (!tokenAtHand(owner) && sendingIdentity() === owner) await refreshSession();
  const token = tokenAtHand(owner);
  if (!token) throw new NotSent('No token for the records’ owner.');
  let res = await post(body, token);
  if (res.status === 401) {
    // An expired token: a signed-in owner gets a fresh one; a remembered one is forgotten.
    if (ownerTokens.get(owner) === token) ownerTokens.delete(owner);
    if (isCurrent() && (await refreshSession()) && isCurrent()) {
      res = await post(body, currentAccessToken());
      rememberToken(owner);
    }
  }
  return answersOf(res, items);
}

// ---------------------------------------------------------------------------------------------
// Sending the outbox
// ---------------------------------------------------------------------------------------------

let flushing: Promise<void> | null = null;
let flushAgain = false;

/** Moves session ends kept under the earlier PENDING_END_KEY into the outbox. */
function adoptPendingEnds(): void {
  try {
    if (typeof localStorage === 'undefined') return;
    const raw = localStorage.getItem(PENDING_END_KEY);
    if (raw === null) return;
    localStorage.removeItem(PENDING_END_KEY);
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !analyticsAllowed()) return;
    for (const p of parsed as { id?: unknown; userId?: unknown; body?: Record<string, unknown> }[]) {
      if (!p || typeof p.id !== 'string' || !p.body || typeof p.body.session_end !== 'string') continue;
      analyticsOutbox.enqueue({
        kind: 'session_update',
        id: newClientId(),
        session_id: p.id,
        owner: typeof p.userId === 'string' ? p.userId : null,
        occurred_at: p.body.session_end,
        session_end: p.body.session_end,
        ...(typeof p.body.duration_seconds === 'number' ? { duration_seconds: p.body.duration_seconds } : {}),
        ...(typeof p.body.pages_visited === 'number' ? { pages_visited: p.body.pages_visited } : {}),
      });
    }
  } catch {
    // Unreadable: nothing to adopt.
  }
}

async function flushOnce(): Promise<void> {
  const consent = useCookieConsent.getState().consent;
  if (consent === 'essential') {
    // After "Essential Only" nothing recorded may be sent at all.
    discardQueuedAnalytics();
    return;
  }
  if (!analyticsAllowed(consent) || browserOffline()) return;
  adoptPendingEnds();
  if (analyticsOutbox.size() === 0) return;
  const run = () => analyticsOutbox.flush(sendBatch, canSend);
  // One tab sends at a time: another tab's session updates must not overtake its start.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('earnest-analytics-outbox', run);
  else await run();
}

/**
 * Sends what waits in the outbox (in batches of ≤ 50). Without consent nothing is sent; after
 * "Essential Only" the queue is emptied. A call made while a flush runs gets one more round after
 * it, for what was queued meanwhile. Never throws.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      // Another round only when asked for during this one (a new record, the connection back):
      // a server that keeps failing gets one try per such event, never a loop.
      do {
        flushAgain = false;
        await flushOnce();
      } while (flushAgain);
    } catch {
      // Silent (§8).
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

export { OUTBOX_BATCH_SIZE, PENDING_END_KEY };

let scheduled: Promise<void> | null = null;

/**
 * Sends soon: records made in the same turn (a session start, its first page view and count) go
 * out in one batch. Resolves once they have been sent, or have failed to be.
 */
function scheduleFlush(): Promise<void> {
  if (browserOffline()) return Promise.resolve();
  scheduled ??= Promise.resolve().then(() => {
    scheduled = null;
    return flushOutbox();
  });
  return scheduled;
}

/** Queues a record (with consent) and sends it when it can. */
function record(item: OutboxItem, supersedes?: (queued: OutboxItem) => boolean): Promise<void> {
  if (!analyticsAllowed()) return Promise.resolve();
  try {
    rememberToken(item.owner);
    analyticsOutbox.enqueue(item, supersedes);
  } catch {
    return Promise.resolve();
  }
  return scheduleFlush();
}

// Records waiting for a signed-in owner go once the session is settled.
useSession.subscribe((next, prev) => {
  if (next.status !== prev.status && next.status === 'signed-in' && analyticsAllowed()) void scheduleFlush();
});

// ---------------------------------------------------------------------------------------------
// Events and funnel steps
// ---------------------------------------------------------------------------------------------

/**
 * Records an analytics event (`analytics_events`). No-op without analytics consent. Resolves once it
 * has been sent, or queued for later.
 */
export function trackEvent(
  type: string,
  category: string,
  data?: Record<string, unknown> | null,
  pageUrl: string | null = currentPath(),
): Promise<void> {
  return record({
    kind: 'event',
    id: newClientId(),
    occurred_at: nowIso(),
    owner: recordingOwner(),
    event_type: type,
    event_category: category,
    event_data: data ?? null,
    page_url: pageUrl,
  });
}

/** Records a funnel step (`funnel_events`). No-op without consent; like events, queued offline. */
export function trackFunnel(step: string, metadata?: Record<string, unknown> | null): Promise<void> {
  return record({ kind: 'funnel', id: newClientId(), occurred_at: nowIso(), owner: recordingOwner(), funnel_step: step, metadata: metadata ?? null });
}

// ---------------------------------------------------------------------------------------------
// Sessions (user_sessions)
// ---------------------------------------------------------------------------------------------

interface LiveSession {
  id: string;
  startedAt: number;
  pages: number;
  /** Whom the row belongs to (null: anonymous): every update is sent as them. */
  owner: string | null;
}

let live: LiveSession | null = null;

function saveStored(s: LiveSession | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (s) sessionStorage.setItem(SESSION_STORAGE_ID_KEY, JSON.stringify({ id: s.id, startedAt: s.startedAt, pages: s.pages }));
    else sessionStorage.removeItem(SESSION_STORAGE_ID_KEY);
  } catch {
    // Storage unavailable: the session still lives in memory.
  }
}

/** A queued page count of this session, which a newer count or the end makes pointless. */
const staleCountOf = (sessionId: string) => (queued: OutboxItem) =>
  queued.kind === 'session_update' && queued.session_id === sessionId && queued.session_end === undefined;

function updateSession(s: LiveSession, changes: Omit<SessionUpdateItem, 'kind' | 'id' | 'occurred_at' | 'owner' | 'session_id'>, at = nowIso()): Promise<void> {
  return record(
    { kind: 'session_update', id: newClientId(), session_id: s.id, owner: s.owner, occurred_at: at, ...changes },
    staleCountOf(s.id),
  );
}

/** The current session's id, if one was started in this view. */
export function currentSessionId(): string | null {
  return live?.id ?? null;
}

/** Starts this view's user_sessions row (once; no-op without consent). Its id is usable at once. */
export function startSession(pageUrl: string | null = currentPath()): void {
  if (live || !analyticsAllowed()) return;
  const startedAt = Date.now();
  const s: LiveSession = { id: newClientId(), startedAt, pages: 0, owner: recordingOwner() };
  live = s;
  saveStored(s);
  const at = new Date(startedAt).toISOString();
  void record({ kind: 'session_start', id: s.id, occurred_at: at, owner: s.owner, session_start: at, page_url: pageUrl });
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
  void updateSession(s, { pages_visited: s.pages });
}

/** Back online: send what waited. */
export function resumeAfterReconnect(): Promise<void> {
  return flushOutbox();
}

/**
 * A page going away cannot wait for a flush: the first batch that can go is sent at once with
 * `keepalive`. It also stays queued until its answer is seen, so if the page dies first it goes
 * again on the next load (the server counts each record once).
 */
function sendAsPageGoes(): void {
  if (browserOffline() || !analyticsAllowed()) return;
  try {
    const batch = analyticsOutbox.nextBatch((owner) => owner === null || tokenAtHand(owner) !== null);
    if (!batch) return;
    const token = batch.owner === null ? null : tokenAtHand(batch.owner);
    void post({ items: batch.items.map(wire) }, token, true)
      .then((res) => answersOf(res, batch.items))
      .then(({ results }) => void analyticsOutbox.settle(batch.items, results))
      .catch(() => undefined);
  } catch {
    // Silent (§8).
  }
}

/**
 * Writes session_end and duration_seconds (whole seconds) and forgets the stored id. Queued like
 * everything else, so an end made offline — even of a session whose start is still queued — reaches
 * the server later, after that start.
 */
export function endSession(): void {
  const s = live;
  if (!s) return;
  live = null;
  saveStored(null);
  if (!analyticsAllowed()) return;
  const now = Date.now();
  rememberToken(s.owner);
  try {
    analyticsOutbox.enqueue(
      {
        kind: 'session_update',
        id: newClientId(),
        session_id: s.id,
        owner: s.owner,
        occurred_at: new Date(now).toISOString(),
        session_end: new Date(now).toISOString(),
        duration_seconds: Math.max(0, Math.floor((now - s.startedAt) / 1000)),
        pages_visited: s.pages,
      },
      staleCountOf(s.id),
    );
  } catch {
    return;
  }
  sendAsPageGoes();
}

/** Test helper: forget the in-memory session and tokens without writing anything. */
export function resetAnalyticsForTests(): void {
  live = null;
  ownerTokens.clear();
  flushAgain = false;
}
