/**
 * Anonymous analytics is limited per address, counting records (issue 11 item 13: 5,000 records in
 * 5 s were all stored): 1,000 records per 10 minutes by default, so a browser's outbox flush of 500
 * passes and a script is stopped. The app trusts the loopback proxy here so X-Forwarded-For stands
 * for different client addresses.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../../../server/roles';
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv } from '../../../server/security/rateLimits';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-analytics-limit-', { TRUST_PROXY: 'loopback' });
});
afterEach(async () => {
  await h.close();
});

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const records = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'event', id: `${prefix}-${i}`, event_type: 'page_view', event_category: 'navigation' }));

/** Sends `total` records from `ip` as batches of 50 through the outbox's endpoint; the statuses. */
async function flush(ip: string, prefix: string, total: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < total; sent += 50) {
    const res = await request(h.app).post('/api/analytics/batch').set(from(ip)).send({ items: records(`${prefix}-${sent}`, Math.min(50, total - sent)) });
    statuses.push(res.status);
  }
  return statuses;
}

describe('analytics rate limit per address (item 13)', () => {
  it('lets an outbox flush of 500 records through, counts records not requests, and refuses past 1,000 with 429 and Retry-After', async () => {
    expect(DEFAULT_RATE_LIMITS.analyticsRecordsPerIp).toEqual({ limit: 1000, windowMs: 10 * 60_000 });
    // A real user's flush after a long offline spell.
    expect(await flush('203.0.113.7', 'a', 500)).toEqual(Array(10).fill(200));
    // Ten more batches reach the 1,000 allowed in 20 requests: records are what is counted.
    expect(await flush('203.0.113.7', 'b', 500)).toEqual(Array(10).fill(200));
    const one = await request(h.app)
      .post('/api/analytics/events')
      .set(from('203.0.113.7'))
      .send({ event_type: 'page_view', event_category: 'navigation', id: 'one-more' });
    expect(one.status).toBe(429);
    expect(one.body.error).toBe(
      'Too many analytics records from this network: at most 1000 every 10 minutes. Send them later (the app keeps unsent records and retries by itself).',
    );
    expect(Number(one.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(h.app).post('/api/analytics/batch').set(from('203.0.113.7')).send({ items: records('c', 1) })).status).toBe(429);
    const stored = await h.store.db('analytics').allDocs();
    expect(stored.rows.filter((r) => r.id.startsWith('event:'))).toHaveLength(1000);

    // Another address is counted on its own.
    expect(await flush('203.0.113.8', 'd', 100)).toEqual([200, 200]);
    // Reads are not counted: the admin's summary still answers.
    await grantRole(h.store, 'user:admin@example.com', 'admin');
    const summary = await request(h.app)
      .get('/api/analytics/summary')
      .set(from('203.0.113.7'))
      .set({ Authorization: `Bearer ${await h.tokenFor('user:admin@example.com')}` });
    expect(summary.status).toBe(200);
  });

  it('counts a batch as its records: 21 batches of 50 cannot all pass, whatever the requests per batch', async () => {
    const statuses = await flush('198.51.100.1', 'x', 1050);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('scales with RATE_LIMIT_IP_FACTOR like the other per-address limits', () => {
    expect(rateLimitsFromEnv({ RATE_LIMIT_IP_FACTOR: '5' }).analyticsRecordsPerIp).toEqual({ limit: 5000, windowMs: 10 * 60_000 });
  });
});
