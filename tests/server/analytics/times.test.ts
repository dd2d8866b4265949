/**
 * When analytics records happened: the client's `occurred_at` (or a session's start and end) is
 * kept when plausible — at most 5 minutes ahead of the receipt, at most 30 days before it — and is
 * replaced by the receipt time otherwise, without refusing the record. `created_at` holds the
 * occurrence time, `received_at` the receipt; the admin summary counts by occurrence.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../../../server/roles';
import { MAX_AGE_MS, MAX_FUTURE_MS, occurrence, parseInstant } from '../../../server/analytics';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
let ada: string;
let admin: string;

/** The harness's clock: every request below is received at this instant unless a test moves it. */
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

beforeEach(async () => {
  h = harness('earnest-analytics-times-');
  await grantRole(h.store, 'user:admin@example.com', 'admin');
  admin = await h.tokenFor('user:admin@example.com');
  ada = await h.tokenFor('user:ada@example.com');
});
afterEach(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const doc = (id: string) => h.store.db('analytics').get(id) as Promise<Record<string, unknown>>;
const event = (extra: Record<string, unknown> = {}) => ({ event_type: 'page_view', event_category: 'navigation', page_url: '/pricing', ...extra });

describe('parseInstant and occurrence (server/analytics/time.ts)', () => {
  it('reads ISO date-times with a zone, and nothing else', () => {
    expect(parseInstant('2026-03-01T11:00:00.000Z')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    expect(parseInstant('2026-03-01T12:00:00+01:00')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    expect(parseInstant('2026-03-01T11:00Z')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    for (const bad of ['2026-03-01T11:00:00', '2026-03-01', 'yesterday', '2026-02-30T10:00:00Z', '2026-13-01T10:00:00Z', '', 1772362800000, null, {}]) {
      expect(parseInstant(bad), String(bad)).toBeNull();
    }
  });

  it('keeps a time within [receipt − 30 days, receipt + 5 minutes], else gives the receipt', () => {
    expect(MAX_FUTURE_MS).toBe(5 * MIN);
    expect(MAX_AGE_MS).toBe(30 * DAY);
    const kept = (t: number) => occurrence(iso(t), NOW);
    expect(kept(NOW + 5 * MIN)).toEqual({ at: iso(NOW + 5 * MIN), fromReceipt: false });
    expect(kept(NOW - 30 * DAY)).toEqual({ at: iso(NOW - 30 * DAY), fromReceipt: false });
    expect(kept(NOW + 5 * MIN + 1)).toEqual({ at: iso(NOW), fromReceipt: true });
    expect(kept(NOW - 30 * DAY - 1)).toEqual({ at: iso(NOW), fromReceipt: true });
    expect(occurrence(undefined, NOW)).toEqual({ at: iso(NOW), fromReceipt: true });
    expect(occurrence('2026-03-01T12:30:00+01:00', NOW)).toEqual({ at: '2026-03-01T11:30:00.000Z', fromReceipt: false });
  });
});

describe('events', () => {
  it('store the time they happened as created_at and the receipt as received_at', async () => {
    const happened = iso(NOW - 3 * 60 * MIN);
    const res = await request(h.app).post('/api/analytics/events').send(event({ id: 'late-1', occurred_at: happened }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await doc('event:late-1')).toMatchObject({ created_at: happened, received_at: iso(NOW) });
  });

  it('a bad client clock never costs the event: the receipt time is used instead', async () => {
    const cases: [string, unknown][] = [
      ['an hour ahead', iso(NOW + 60 * MIN)],
      ['5 minutes and a second ahead', iso(NOW + 5 * MIN + 1000)],
      ['31 days old', iso(NOW - 31 * DAY)],
      ['the year 1970 (a reset clock)', '1970-01-01T00:00:00.000Z'],
      ['not a time', 'yesterday'],
      ['no time zone', '2026-03-01T11:00:00'],
      ['a number', NOW - MIN],
      ['null', null],
    ];
    for (const [i, [label, occurred_at]] of cases.entries()) {
      const res = await request(h.app).post('/api/analytics/events').send(event({ id: `bad-${i}`, occurred_at }));
      expect(res.status, label).toBe(201);
      expect(await doc(`event:bad-${i}`), label).toMatchObject({ created_at: iso(NOW), received_at: iso(NOW) });
    }
  });

  it('accept a time up to 5 minutes ahead (a fast clock) and up to 30 days back (a long time offline)', async () => {
    await request(h.app).post('/api/analytics/events').send(event({ id: 'ahead', occurred_at: iso(NOW + 4 * MIN) }));
    await request(h.app).post('/api/analytics/events').send(event({ id: 'old', occurred_at: iso(NOW - 29 * DAY) }));
    await request(h.app).post('/api/analytics/events').send(event({ id: 'zoned', occurred_at: '2026-03-01T09:15:00+02:00' }));
    expect(await doc('event:ahead')).toMatchObject({ created_at: iso(NOW + 4 * MIN) });
    expect(await doc('event:old')).toMatchObject({ created_at: iso(NOW - 29 * DAY), received_at: iso(NOW) });
    expect(await doc('event:zoned')).toMatchObject({ created_at: '2026-03-01T07:15:00.000Z' });
  });

  it('in a batch, each keeps its own time; a resend after the answer was lost changes nothing', async () => {
    const times = [iso(NOW - 50 * MIN), iso(NOW - 20 * MIN), iso(NOW + 60 * MIN)];
    const body = { events: times.map((occurred_at, i) => event({ id: `b${i}`, occurred_at })) };
    const res = await request(h.app).post('/api/analytics/events/batch').send(body);
    expect(res.body).toMatchObject({ accepted: 3 });
    expect(await doc('event:b0')).toMatchObject({ created_at: times[0] });
    expect(await doc('event:b1')).toMatchObject({ created_at: times[1] });
    expect(await doc('event:b2')).toMatchObject({ created_at: iso(NOW) });

    h.clock.now = NOW + 10 * MIN;
    const again = await request(h.app).post('/api/analytics/events/batch').send(body);
    expect(again.body).toMatchObject({ duplicates: 3 });
    expect(await doc('event:b0')).toMatchObject({ created_at: times[0], received_at: iso(NOW) });
  });
});

describe('funnel steps', () => {
  it('keep a plausible occurred_at and fall back to the receipt otherwise', async () => {
    const happened = iso(NOW - 2 * DAY);
    const a = await request(h.app).post('/api/analytics/funnel').set(auth(ada)).send({ id: 'f1', funnel_step: 'pricing_viewed', occurred_at: happened });
    expect(a.status).toBe(201);
    expect(await doc('funnel:f1')).toMatchObject({ user_id: 'user:ada@example.com', created_at: happened, received_at: iso(NOW) });
    const b = await request(h.app).post('/api/analytics/funnel').send({ id: 'f2', funnel_step: 'pricing_viewed', occurred_at: iso(NOW + DAY) });
    expect(b.status).toBe(201);
    expect(await doc('funnel:f2')).toMatchObject({ created_at: iso(NOW), received_at: iso(NOW) });
  });
});

describe('sessions', () => {
  it('start at session_start (or occurred_at) when plausible; created_at is that start, received_at the receipt', async () => {
    const started = iso(NOW - 45 * MIN);
    await request(h.app).post('/api/analytics/sessions').send({ id: 's-start', session_start: started });
    expect(await doc('session:s-start')).toMatchObject({ session_start: started, created_at: started, received_at: iso(NOW), updated_at: iso(NOW) });

    await request(h.app).post('/api/analytics/sessions').send({ id: 's-occurred', occurred_at: started });
    expect(await doc('session:s-occurred')).toMatchObject({ session_start: started, created_at: started });

    const ahead = await request(h.app).post('/api/analytics/sessions').send({ id: 's-ahead', session_start: iso(NOW + 2 * DAY) });
    expect(ahead.status).toBe(201);
    expect(await doc('session:s-ahead')).toMatchObject({ session_start: iso(NOW), created_at: iso(NOW), received_at: iso(NOW) });

    const ancient = await request(h.app).post('/api/analytics/sessions').send({ id: 's-old', session_start: '2025-12-01T08:00:00Z' });
    expect(ancient.status).toBe(201);
    expect(await doc('session:s-old')).toMatchObject({ session_start: iso(NOW) });
  });

  it('end at a plausible session_end; an implausible one, or one before the start, becomes the receipt time', async () => {
    const started = iso(NOW - 60 * MIN);
    await request(h.app).post('/api/analytics/sessions').send({ id: 'e1', session_start: started });
    await request(h.app).post('/api/analytics/sessions').send({ id: 'e2', session_start: started });
    await request(h.app).post('/api/analytics/sessions').send({ id: 'e3', session_start: started });

    h.clock.now = NOW + 30 * MIN; // the end arrives later (the outbox)
    const ended = iso(NOW - 40 * MIN);
    const ok = await request(h.app).patch('/api/analytics/sessions/e1').send({ session_end: ended, duration_seconds: 1200, occurred_at: ended });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.session).toMatchObject({ session_end: ended, duration_seconds: 1200, updated_at: iso(NOW + 30 * MIN) });

    const ahead = await request(h.app).patch('/api/analytics/sessions/e2').send({ session_end: iso(NOW + 3 * DAY), duration_seconds: 60 });
    expect(ahead.status).toBe(200);
    expect(ahead.body.session).toMatchObject({ session_end: iso(NOW + 30 * MIN), duration_seconds: 60 });

    // A clock that jumped back mid-session: the end is not refused.
    const before = await request(h.app).patch('/api/analytics/sessions/e3').send({ session_end: iso(NOW - 2 * 60 * MIN), duration_seconds: 5 });
    expect(before.status).toBe(200);
    expect(before.body.session).toMatchObject({ session_end: iso(NOW + 30 * MIN), session_start: started });
  });
});

describe('POST /api/analytics/batch (the outbox: events, funnel steps and sessions, in order)', () => {
  it('applies items in order: a session started and updated in one batch, with each time kept', async () => {
    const t = (minsAgo: number) => iso(NOW - minsAgo * MIN);
    const res = await request(h.app)
      .post('/api/analytics/batch')
      .set(auth(ada))
      .send({
        items: [
          { kind: 'session_start', id: 'sx', session_start: t(30), page_url: '/', occurred_at: t(30) },
          { kind: 'event', id: 'ex', event_type: 'page_view', event_category: 'navigation', page_url: '/', occurred_at: t(30) },
          { kind: 'session_update', id: 'ux1', session_id: 'sx', pages_visited: 1, occurred_at: t(30) },
          { kind: 'funnel', id: 'fx', funnel_step: 'pricing_viewed', metadata: null, occurred_at: t(20) },
          { kind: 'session_update', id: 'ux2', session_id: 'sx', pages_visited: 2, session_end: t(10), duration_seconds: 1200, occurred_at: t(10) },
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 3, duplicates: 2, rejected: 0 });
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 200, 201, 200]);
    expect(await doc('session:sx')).toMatchObject({
      user_id: 'user:ada@example.com',
      session_start: t(30),
      session_end: t(10),
      duration_seconds: 1200,
      pages_visited: 2,
      created_at: t(30),
      received_at: iso(NOW),
    });
    expect(await doc('event:ex')).toMatchObject({ user_id: 'user:ada@example.com', created_at: t(30), received_at: iso(NOW) });
    expect(await doc('funnel:fx')).toMatchObject({ user_id: 'user:ada@example.com', created_at: t(20), received_at: iso(NOW) });
  });

  it('answers each item on its own, with messages naming the item', async () => {
    const res = await request(h.app)
      .post('/api/analytics/batch')
      .send({
        items: [
          { kind: 'session_update', id: 'u0', session_id: 'not-yet', pages_visited: 1 },
          { kind: 'session_start', id: 'later' },
          { kind: 'page_view' },
          { event_type: 'page_view', event_category: 'navigation' },
          { kind: 'session_update', pages_visited: 1 },
          { kind: 'event', event_type: 'trial_started', event_category: 'subscription' },
          { kind: 'funnel', funnel_step: 'Bad Step' },
          'text',
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { index: 0, status: 404, error: expect.stringMatching(/^items\.0: There is no session "not-yet" of yours/) },
      { index: 1, status: 201, id: 'later', duplicate: false },
      { index: 2, status: 400, error: 'items.2: kind must be one of "event", "funnel", "session_start", "session_update".' },
      { index: 3, status: 400, error: 'items.3: kind must be one of "event", "funnel", "session_start", "session_update".' },
      { index: 4, status: 400, error: expect.stringMatching(/^items\.4: session_id is required/) },
      { index: 5, status: 400, error: expect.stringMatching(/^items\.5: event_type "trial_started" is recorded by the server/) },
      { index: 6, status: 400, error: expect.stringMatching(/^items\.6: funnel_step must start with a lowercase letter/) },
      { index: 7, status: 400, error: 'items.7: each item must be a JSON object.' },
    ]);
    expect(res.body).toMatchObject({ accepted: 1, duplicates: 0, rejected: 7 });
  });

  it('limits a batch to 1–50 items', async () => {
    const many = await request(h.app)
      .post('/api/analytics/batch')
      .send({ items: Array.from({ length: 51 }, () => ({ kind: 'event', event_type: 'a', event_category: 'b' })) });
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/items may hold at most 50 records/);
    const none = await request(h.app).post('/api/analytics/batch').send({ items: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/at least one record/);
    expect((await h.store.db('analytics').allDocs()).rows).toHaveLength(0);
  });

  it('a session started anonymously is updated anonymously, not as whoever signed in since', async () => {
    await request(h.app).post('/api/analytics/batch').send({ items: [{ kind: 'session_start', id: 'anon-s' }] });
    const asAda = await request(h.app)
      .post('/api/analytics/batch')
      .set(auth(ada))
      .send({ items: [{ kind: 'session_update', id: 'u', session_id: 'anon-s', pages_visited: 3 }] });
    expect(asAda.body.results[0].status).toBe(404);
    const anon = await request(h.app).post('/api/analytics/batch').send({ items: [{ kind: 'session_update', id: 'u', session_id: 'anon-s', pages_visited: 3 }] });
    expect(anon.body.results[0].status).toBe(200);
    expect(await doc('session:anon-s')).toMatchObject({ user_id: null, pages_visited: 3 });
  });
});

describe('the admin summary counts by when things happened', () => {
  it('events, funnel steps and sessions uploaded today that happened two days ago count two days ago', async () => {
    const twoDaysAgo = '2026-02-27T09:00:00.000Z';
    await request(h.app)
      .post('/api/analytics/batch')
      .send({
        items: [
          { kind: 'session_start', id: 'old-s', session_start: twoDaysAgo },
          { kind: 'event', id: 'old-e', event_type: 'page_view', event_category: 'navigation', occurred_at: twoDaysAgo },
          { kind: 'funnel', id: 'old-f', funnel_step: 'pricing_viewed', occurred_at: twoDaysAgo },
          { kind: 'session_update', id: 'old-u', session_id: 'old-s', session_end: '2026-02-27T09:05:00.000Z', duration_seconds: 300 },
          // And one that happens now.
          { kind: 'event', id: 'now-e', event_type: 'upgrade_viewed', event_category: 'subscription' },
        ],
      });
    const day = async (date: string) => {
      const res = await request(h.app).get(`/api/analytics/summary?from=${date}&to=${date}`).set(auth(admin));
      expect(res.status).toBe(200);
      return res.body as { eventsByType: { event_type: string }[]; funnel: { steps: unknown[] }; sessionsPerDay: unknown[] };
    };
    const then = await day('2026-02-27');
    expect(then.eventsByType).toEqual([{ event_type: 'page_view', event_category: 'navigation', count: 1 }]);
    expect(then.funnel.steps).toEqual([{ funnel_step: 'pricing_viewed', count: 1 }]);
    expect(then.sessionsPerDay).toEqual([{ date: '2026-02-27', sessions: 1, avg_duration_seconds: 300 }]);
    const today = await day('2026-03-01');
    expect(today.eventsByType).toEqual([{ event_type: 'upgrade_viewed', event_category: 'subscription', count: 1 }]);
    expect(today.funnel.steps).toEqual([]);
    expect(today.sessionsPerDay).toEqual([]);
  });
});
