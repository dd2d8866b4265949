import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepOldAnalytics } from '../../../server/retention';
import { harness, type Harness } from '../subscription/helpers';

const T0 = Date.parse('2024-01-15T10:00:00.000Z');
const MONTH = 30 * 86_400_000;

let h: Harness;
beforeEach(() => {
  h = harness('earnest-retention-analytics-');
  h.clock.now = T0;
});
afterEach(() => h.close());

/** One event, one session and one funnel step through the real API at the harness clock. */
async function recordAll(tag: string): Promise<void> {
  const ev = await request(h.app).post('/api/analytics/events').send({ id: `ev-${tag}`, event_type: 'page_view', event_category: 'navigation' });
  expect(ev.status, JSON.stringify(ev.body)).toBe(201);
  const se = await request(h.app).post('/api/analytics/sessions').send({ id: `se-${tag}`, page_url: '/pricing' });
  expect(se.status, JSON.stringify(se.body)).toBe(201);
  const fu = await request(h.app).post('/api/analytics/funnel').send({ id: `fu-${tag}`, funnel_step: 'pricing_viewed' });
  expect(fu.status, JSON.stringify(fu.body)).toBe(201);
}

const ids = async () => (await h.store.db('analytics').allDocs()).rows.map((r) => r.id).sort();

describe('analytics retention (24 months from when a record happened)', () => {
  it('deletes events, sessions and funnel steps older than 24 months, keeps younger ones, and a second run finds nothing', async () => {
    await recordAll('old');
    h.clock.now = T0 + 2 * MONTH;
    await recordAll('young');
    expect(await ids()).toHaveLength(6);

    // 24 calendar months after T0 plus a day: only the first three are past their time.
    const now = Date.parse('2026-01-16T10:00:00.000Z');
    expect(await sweepOldAnalytics(h.store, now)).toEqual({ events: 1, sessions: 1, funnelSteps: 1 });
    expect(await ids()).toEqual(['event:ev-young', 'funnel:fu-young', 'session:se-young']);

    expect(await sweepOldAnalytics(h.store, now)).toEqual({ events: 0, sessions: 0, funnelSteps: 0 });
    expect(await ids()).toHaveLength(3);
  });

  it('keeps a record that is exactly 24 months old today and removes it the day after', async () => {
    await recordAll('edge');
    const exactly = Date.parse('2026-01-15T10:00:00.000Z');
    expect(await sweepOldAnalytics(h.store, exactly)).toEqual({ events: 0, sessions: 0, funnelSteps: 0 });
    expect(await sweepOldAnalytics(h.store, exactly + 1)).toEqual({ events: 1, sessions: 1, funnelSteps: 1 });
  });

  it('pages through more rows than one page holds', async () => {
    const db = h.store.db<Record<string, unknown>>('analytics');
    const old = new Date(T0).toISOString();
    const young = new Date(T0 + 20 * MONTH).toISOString();
    await db.bulkDocs(
      Array.from({ length: 1203 }, (_, i) => ({
        _id: `event:bulk-${String(i).padStart(5, '0')}`,
        type: 'analytics_event',
        user_id: null,
        event_type: 'page_view',
        event_category: 'navigation',
        event_data: null,
        page_url: null,
        created_at: i % 3 === 0 ? young : old,
      })),
    );
    const result = await sweepOldAnalytics(h.store, Date.parse('2026-02-01T00:00:00.000Z'));
    expect(result.events).toBe(802);
    expect(await ids()).toHaveLength(401);
  });
});
