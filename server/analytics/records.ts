/**
 * Writes to the `analytics` database. Ids carry a prefix per kind (`event:`, `session:`,
 * `funnel:`); a client-chosen id makes a write idempotent — the offline outbox may resend a batch
 * whose answer it never saw, and each event still counts once. Client ids hold no ":", so they can
 * never collide with the server's own `event:<time>:<uuid>` ids.
 */
import { createIfAbsent, upsert, type Store } from '../store';
import type { AnalyticsEventDoc } from '../subscription/service';
import type { EventInputT } from './schemas';

export type { AnalyticsEventDoc };

export interface SessionDoc {
  type: 'analytics_session';
  /** Who started it: only they may update it (null: started anonymously). */
  user_id: string | null;
  session_start: string;
  session_end: string | null;
  duration_seconds: number | null;
  pages_visited: number;
  page_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface FunnelDoc {
  type: 'funnel_event';
  user_id: string | null;
  funnel_step: string;
  metadata: Record<string, unknown> | null;
  created_at: string;
}

export type AnalyticsDoc = AnalyticsEventDoc | SessionDoc | FunnelDoc;

const db = (store: Store) => store.db<AnalyticsDoc>('analytics');

export interface Inserted {
  id: string;
  duplicate: boolean;
}

export async function insertEvent(store: Store, input: EventInputT, userId: string | null, id: string, now: number): Promise<Inserted> {
  const created = await createIfAbsent<AnalyticsDoc>(db(store), {
    _id: `event:${id}`,
    type: 'analytics_event',
    user_id: userId,
    event_type: input.event_type,
    event_category: input.event_category,
    event_data: input.event_data,
    page_url: input.page_url,
    created_at: new Date(now).toISOString(),
  });
  return { id, duplicate: !created };
}

export async function insertFunnel(
  store: Store,
  input: { funnel_step: string; metadata: Record<string, unknown> | null },
  userId: string | null,
  id: string,
  now: number,
): Promise<Inserted> {
  const created = await createIfAbsent<AnalyticsDoc>(db(store), {
    _id: `funnel:${id}`,
    type: 'funnel_event',
    user_id: userId,
    funnel_step: input.funnel_step,
    metadata: input.metadata,
    created_at: new Date(now).toISOString(),
  });
  return { id, duplicate: !created };
}

export const sessionDocId = (id: string): string => `session:${id}`;

export type StartOutcome = { outcome: 'created' | 'duplicate'; session: SessionDoc } | { outcome: 'taken' };

/** Starts a session; a repeat by the same caller is a duplicate, an id used by someone else is taken. */
export async function startSession(
  store: Store,
  id: string,
  input: { session_start?: string | undefined; page_url: string | null },
  userId: string | null,
  now: number,
): Promise<StartOutcome> {
  const at = new Date(now).toISOString();
  const doc: SessionDoc = {
    type: 'analytics_session',
    user_id: userId,
    session_start: input.session_start ? new Date(input.session_start).toISOString() : at,
    session_end: null,
    duration_seconds: null,
    pages_visited: 0,
    page_url: input.page_url,
    created_at: at,
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

export type UpdateOutcome = { outcome: 'updated' | 'unchanged'; session: SessionDoc } | { outcome: 'missing' } | { outcome: 'ends-before-start' };

/**
 * Updates the caller's own session (upsert: concurrent updates from two tabs both land).
 * `pages_visited` only ever grows: a late, stale update cannot lower it.
 */
export async function updateSession(store: Store, id: string, changes: SessionChanges, userId: string | null, now: number): Promise<UpdateOutcome> {
  let refused: UpdateOutcome | null = null;
  const res = await upsert(db(store), sessionDocId(id), (doc) => {
    refused = null;
    if (!doc || doc.type !== 'analytics_session' || doc.user_id !== userId) {
      refused = { outcome: 'missing' };
      return null;
    }
    const end = changes.session_end !== undefined ? new Date(changes.session_end).toISOString() : doc.session_end;
    if (end !== null && end < doc.session_start) {
      refused = { outcome: 'ends-before-start' };
      return null;
    }
    const pages = Math.max(doc.pages_visited, changes.pages_visited ?? 0);
    const duration = changes.duration_seconds ?? doc.duration_seconds;
    if (end === doc.session_end && pages === doc.pages_visited && duration === doc.duration_seconds) return null;
    const { _id, _rev, ...rest } = doc;
    void _id;
    void _rev;
    return { ...rest, session_end: end, duration_seconds: duration, pages_visited: pages, updated_at: new Date(now).toISOString() };
  });
  if (refused) return refused;
  const { _id, _rev, ...session } = res.doc as SessionDoc & { _id: string; _rev: string };
  void _id;
  void _rev;
  return { outcome: res.updated ? 'updated' : 'unchanged', session };
}
