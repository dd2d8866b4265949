/**
 * Product analytics are kept for {@link ANALYTICS_RETENTION_MONTHS} months (Privacy Policy): events,
 * sessions and funnel steps whose `created_at` is older than that are deleted. `created_at` is when
 * the record happened (server/analytics/time.ts: the client's time when plausible, at most 30 days
 * before the server received it, else the receipt time; server-written events, their own time), the
 * same time the summary counts by.
 *
 * Client-chosen ids do not sort by time, so the analytics database is read whole, a page at a time;
 * the scheduler runs this daily, which is plenty for a period counted in months.
 */
import { deleteWhere, type Store } from '../store';
import { EVENT_PREFIX, FUNNEL_PREFIX, SESSION_PREFIX } from '../store/ids';
import { instantOf, monthsBefore } from './age';

export const ANALYTICS_RETENTION_MONTHS = 24;

/** Id prefix and doc type of each kind of analytics row. */
const KINDS = [
  { prefix: EVENT_PREFIX, type: 'analytics_event', key: 'events' },
  { prefix: SESSION_PREFIX, type: 'analytics_session', key: 'sessions' },
  { prefix: FUNNEL_PREFIX, type: 'funnel_event', key: 'funnelSteps' },
] as const;

export interface AnalyticsRetentionResult {
  events: number;
  sessions: number;
  funnelSteps: number;
}

export async function sweepOldAnalytics(store: Store, now: number): Promise<AnalyticsRetentionResult> {
  const cutoff = monthsBefore(now, ANALYTICS_RETENTION_MONTHS);
  const result: AnalyticsRetentionResult = { events: 0, sessions: 0, funnelSteps: 0 };
  for (const kind of KINDS) {
    result[kind.key] = await deleteWhere(store.db('analytics'), { prefix: kind.prefix }, (doc) => {
      const at = instantOf(doc.created_at);
      return doc.type === kind.type && at !== null && at < cutoff;
    });
  }
  return result;
}
