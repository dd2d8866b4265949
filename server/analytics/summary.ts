/**
 * The admin summary over a time range, computed from the documents, by when things happened
 * (`occurredAt`: an event's or funnel step's `created_at`, which holds the client's occurrence time
 * rather than the upload time of an outbox that waited offline; a session's `session_start`). Every
 * `analytics_event` counts, whatever its `_id`: the server records subscription events
 * (trial_started, …) under its own ids (`event:<time>:<uuid>`, see subscription/service.ts), clients
 * under `event:<id>`.
 *
 * A full scan is fine at this product's volume; if it ever is not, this is the one place to change
 * (a view keyed by the occurrence time).
 */
import { HttpError } from '../http/errors';
import type { Store } from '../store';
import { occurredAt, type AnalyticsDoc } from './records';

export interface Summary {
  from: string;
  to: string;
  eventsByType: { event_type: string; event_category: string; count: number }[];
  funnel: {
    trial_started: number;
    trial_converted: number;
    /** trial_converted / trial_started (0–1, 4 decimals); null when no trial started. */
    conversion_rate: number | null;
    steps: { funnel_step: string; count: number }[];
  };
  sessionsPerDay: { date: string; sessions: number; avg_duration_seconds: number | null }[];
}

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_RANGE_DAYS = 30;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range from `?from=&to=` (ISO dates or date-times; a date-only `to` includes that whole day).
 * Default: the last 30 days up to now. A malformed or reversed range is a 400 (HttpError).
 */
export function parseRange(from: unknown, to: unknown, now: number): { from: Date; to: Date } {
  const parse = (v: unknown, name: string, endOfDay: boolean): Date | null => {
    if (v === undefined || v === '') return null;
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) || !Number.isFinite(Date.parse(v))) {
      throw new HttpError(400, `${name} must be an ISO date like 2026-03-01 or a date-time like 2026-03-01T12:00:00Z; got ${JSON.stringify(v)}.`);
    }
    const t = Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v);
    return new Date(endOfDay && DATE_ONLY.test(v) ? t + DAY - 1 : t);
  };
  const end = parse(to, 'to', true) ?? new Date(now);
  const start = parse(from, 'from', false) ?? new Date(end.getTime() - DEFAULT_RANGE_DAYS * DAY);
  if (start > end) throw new HttpError(400, `from (${start.toISOString()}) must not be after to (${end.toISOString()}).`);
  return { from: start, to: end };
}

export async function summarize(store: Store, range: { from: Date; to: Date }): Promise<Summary> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const inRange = (iso: unknown) => typeof iso === 'string' && iso >= from && iso <= to;
  const res = await store.db<AnalyticsDoc>('analytics').allDocs({ include_docs: true });

  const events = new Map<string, { event_type: string; event_category: string; count: number }>();
  const typeCounts = new Map<string, number>();
  const steps = new Map<string, number>();
  const days = new Map<string, { sessions: number; durations: number; withDuration: number }>();

  for (const row of res.rows) {
    const doc = row.doc;
    if (!doc) continue;
    switch (doc.type) {
      case 'analytics_event': {
        if (!inRange(occurredAt(doc))) break;
        const key = `${doc.event_type}\u0000${doc.event_category}`;
        const e = events.get(key) ?? { event_type: doc.event_type, event_category: doc.event_category, count: 0 };
        e.count++;
        events.set(key, e);
        typeCounts.set(doc.event_type, (typeCounts.get(doc.event_type) ?? 0) + 1);
        break;
      }
      case 'funnel_event':
        if (inRange(occurredAt(doc))) steps.set(doc.funnel_step, (steps.get(doc.funnel_step) ?? 0) + 1);
        break;
      case 'analytics_session': {
        const startedAt = occurredAt(doc);
        if (!inRange(startedAt)) break;
        const date = startedAt.slice(0, 10);
        const d = days.get(date) ?? { sessions: 0, durations: 0, withDuration: 0 };
        d.sessions++;
        if (typeof doc.duration_seconds === 'number') {
          d.durations += doc.duration_seconds;
          d.withDuration++;
        }
        days.set(date, d);
        break;
      }
    }
  }

  const started = typeCounts.get('trial_started') ?? 0;
  const converted = typeCounts.get('trial_converted') ?? 0;
  const byCountThen = <T extends { count: number }>(name: (t: T) => string) => (a: T, b: T) =>
    b.count - a.count || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

  return {
    from,
    to,
    eventsByType: [...events.values()].sort(byCountThen((e) => `${e.event_type}\u0000${e.event_category}`)),
    funnel: {
      trial_started: started,
      trial_converted: converted,
      conversion_rate: started === 0 ? null : Math.round((converted / started) * 10_000) / 10_000,
      steps: [...steps].map(([funnel_step, count]) => ({ funnel_step, count })).sort(byCountThen((s) => s.funnel_step)),
    },
    sessionsPerDay: [...days]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, d]) => ({
        date,
        sessions: d.sessions,
        avg_duration_seconds: d.withDuration === 0 ? null : Math.round(d.durations / d.withDuration),
      })),
  };
}
