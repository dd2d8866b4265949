import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DevOutbox } from '../../../server/mail';
import { createRetentionSchedule, describeRetention } from '../../../server/retention';
import { openStore, type Store } from '../../../server/store';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-retention-schedule-'));
  store = openStore({ dataDir: dir });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the retention schedule', () => {
  it('runs the hourly sweeps on every tick and the daily ones on the first tick and then once a day', async () => {
    const old = new Date(T0 - 3 * 365 * 24 * HOUR).toISOString();
    const clock = { now: T0 };
    const schedule = createRetentionSchedule({ store, mailer: new DevOutbox(), publicUrl: 'https://earnest.example' }, () => clock.now);
    const analytics = store.db<Record<string, unknown>>('analytics');
    await analytics.put({ _id: 'event:a', type: 'analytics_event', user_id: null, created_at: old });

    const first = await schedule.tick();
    expect(first).toMatchObject({ closedAccounts: expect.any(Object), teamData: expect.any(Object), analytics: { events: 1 }, contactMessages: 0 });
    expect(describeRetention(first!)).toBe('Retention: 1 analytics events.');

    await analytics.put({ _id: 'event:b', type: 'analytics_event', user_id: null, created_at: old });
    clock.now = T0 + 23 * HOUR;
    const hourly = await schedule.tick();
    expect(hourly!.analytics).toBeUndefined();
    expect(describeRetention(hourly!)).toBeNull();
    expect((await analytics.allDocs()).rows.map((r) => r.id)).toEqual(['event:b']);

    clock.now = T0 + 24 * HOUR;
    expect((await schedule.tick())!.analytics).toEqual({ events: 1, sessions: 0, funnelSteps: 0 });
  });

  it('skips a tick while the previous one still runs', async () => {
    const schedule = createRetentionSchedule({ store, mailer: null, publicUrl: 'https://earnest.example' }, () => T0);
    const [a, b] = await Promise.all([schedule.tick(), schedule.tick()]);
    expect(a).not.toBeNull();
    expect(b).toBeNull();
  });
});
