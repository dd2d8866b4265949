/**
 * Writes to the `analytics` database. Ids carry a prefix per kind (`event:`, `session:`,
 * `funnel:`); a client-chosen id makes a write idempotent — the offline outbox may resend a batch
 * whose answer it never saw, and each record still counts once. Client ids hold no ":", so they can
 * never collide with the server's own `event:<time>:<uuid>` ids.
 *
 * Times (time.ts): every document's `created_at` is when the thing happened — the client's
 * plausible `occurred_at`, or the receipt time — and is what the summary and the 24-month retention
 * read; `received_at` is when the server got it (absent on server-written events and on documents
 * written before it existed, whose `created_at` is their receipt).
 */
import { createIfAbsent, upsert, type Store } from '../store';
import { eventDocId, funnelDocId, sessionDocId } from '../store/ids';
import type { AnalyticsEventDoc as ServerEventDoc } from '../subscription/service';
import type { EventInputT, FunnelInputT } from './schemas';
import { occurrence } from './time';

/** An `analytics_events` row (§3). */
export type AnalyticsEventDoc = ServerEventDoc & {
  /** When the server got it (client events; server-written ones happen where they are received). */
  received_at?: string;
};

export interface SessionDoc {
  type: 'analytics_session';
  /** Who started it: only they may update it (null: started anonymously). */
  user_id: string | null;
  session_start: string;
  session_end: string | null;
  duration_seconds: number | null;
  pages_visited: number;
  page_url: string | null;
  /** When it happened: the session's start (the same instant as session_start). */
  created_at: string;
  /** When the server got the session's creation. */
  received_at?: string;
  /** When the server last changed it. */
  updated_at: string;
}

export interface FunnelDoc {
  type: 'funnel_event';
  user_id: string | null;
  funnel_step: string;
  metadata: Record<string, unknown> | null;
  /** When it happened (see above). */
  created_at: string;
  /** When the server got it. */
  received_at?: string;
}

export type AnalyticsDoc = AnalyticsEventDoc | SessionDoc | FunnelDoc;

/**
 * When a document's record happened: `created_at` for events and funnel steps, `session_start` for
 * sessions (new session documents hold the same instant in `created_at`; ones written before
 * received_at existed hold their receipt there). What the summary counts by.
 */
export function occurredAt(doc: AnalyticsDoc): string {
  return doc.type === 'analytics_session' ? doc.session_start : doc.created_at;
}

const db = (store: Store) => store.db<AnalyticsDoc>('analytics');

export interface Inserted {
  id: string;
  duplicate: boolean;
}

/** A record's two times: when it happened (claimed by the client) and when it arrived. */
export interface Times {
  /** The client's claim (`occurred_at`, `session_start`, …), checked by time.ts. */
  claimed: unknown;
  /** Receipt, ms since the epoch. */
  receivedAt: number;
}

export async function insertEvent(store: Store, input: EventInputT, userId: string | null, id: string, times: Times): Promise<Inserted> {
  const created = await createIfAbsent<AnalyticsDoc>(db(store), {
    _id: eventDocId(id),
    type: 'analytics_event',
    user_id: userId,
    event_type: input.event_type,
    event_category: input.event_category,
    event_data: input.event_data,
    page_url: input.page_url,
    created_at: occurrence(times.claimed, times.receivedAt).at,
    received_at: new Date(times.receivedAt).toISOString(),
  });
  return { id, duplicate: !created };
}

export async function insertFunnel(
  store: Store,
  input: Pick<FunnelInputT, 'funnel_step' | 'metadata'>,
  userId: string | null,
  id: string,
  times: Times,
): Promise<Inserted> {
  const created = await createIfAbsent<AnalyticsDoc>(db(store), {
    _id: funnelDocId(id),
    type: 'funnel_event',
    user_id: userId,
    funnel_step: input.funnel_step,
    metadata: input.metadata,
    created_at: occurrence(times.claimed, times.receivedAt).at,
    received_at: new Date(times.receivedAt).toISOString(),
  });
  return { id, duplicate: !created };
}

export type StartOutcome = { outcome: 'created' | 'duplicate'; session: SessionDoc } | { outcome: 'taken' };

/**
 * Starts a session; a repeat by the same caller is a duplicate, an id used by someone else is taken.
 * Its start is `session_start`, else `occurred_at`, else the receipt (time.ts decides plausibility).
 */
export async function startSession(
  store: Store,
  id: string,
  input: { session_start?: string | undefined; occurred_at?: unknown; page_url: string | null },
  userId: string | null,
  now: number,
): Promise<StartOutcome> {
  const at = new Date(now).toISOString();
  const start = occurrence(input.session_start ?? input.occurred_at, now).at;
  const doc: SessionDoc = {
    type: 'analytics_session',
    user_id: userId,
    session_start: start,
    session_end: null,
    duration_seconds: null,
    pages_visited: 0,
    page_url: input.page_url,
    created_at: start,
    received_at: at,
    updated_at: at,
  };
  if (await createIfAbsent<AnalyticsDoc>(db(store), { _id: sessionDocId(id), ...doc })) return { outcome: 'created', session: doc };
  const existing = await db(store).get(sessionDocId(id)).catch(() => null);
  if (existing && existing.type === 'analytics_session' && existing.user_id === userId) {
    return { outcome: 'duplicate', session: existing };
  }
  return { outcome: 'taken' };
}

export interface SessionChanges {
  session_end?: string | undefined;
  duration_seconds?: number | undefined;
  pages_visited?: number | undefined;
}

export type UpdateOutcome = { outcome: 'updated' | 'unchanged'; session: SessionDoc } | { outcome: 'missing' };

/**
 * When the session ended: the client's `session_end` when plausible (time.ts) and not before the
 * start; otherwise the receipt time (or the start, should the receipt precede a start a few minutes
 * ahead). A clock that jumped back mid-session must not cost the end.
 */
export function sessionEnd(claimed: string, sessionStart: string, now: number): string {
  const end = occurrence(claimed, now).at;
  if (end >= sessionStart) return end;
  const received = new Date(now).toISOString();
  return received >= sessionStart ? received : sessionStart;
}

/**
 * Updates the caller's own session (upsert: concurrent updates from two tabs both land).
 * `pages_visited` only ever grows: a late, stale update cannot lower it.
 */
export async function updateSession(store: Store, id: string, changes: SessionChanges, userId: string | null, now: number): Promise<UpdateOutcome> {
  let missing = false;
  const res = await upsert(db(store), sessionDocId(id), (doc) => {
    missing = false;
    if (!doc || doc.type !== 'analytics_session' || doc.user_id !== userId) {
      missing = true;
      return null;
    }
    const end = changes.session_end !== undefined ? sessionEnd(changes.session_end, doc.session_start, now) : doc.session_end;
    const pages = Math.max(doc.pages_visited, changes.pages_visited ?? 0);
    const duration = changes.duration_seconds ?? doc.duration_seconds;
    if (end === doc.session_end && pages === doc.pages_visited && duration === doc.duration_seconds) return null;
    const { _id, _rev, ...rest } = doc;
    void _id;
    void _rev;
    return { ...rest, session_end: end, duration_seconds: duration, pages_visited: pages, updated_at: new Date(now).toISOString() };
  });
  if (missing) return { outcome: 'missing' };
  const { _id, _rev, ...session } = res.doc as SessionDoc & { _id: string; _rev: string };
  void _id;
  void _rev;
  return { outcome: res.updated ? 'updated' : 'unchanged', session };
}
