import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../../../server/roles';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
let ada: string;
let bob: string;
let admin: string;

beforeEach(async () => {
  h = harness('earnest-analytics-');
  await grantRole(h.store, 'user:admin@example.com', 'admin');
  admin = await h.tokenFor('user:admin@example.com');
  ada = await h.tokenFor('user:ada@example.com');
  bob = await h.tokenFor('user:bob@example.com');
});
afterEach(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const doc = (id: string) => h.store.db('analytics').get(id) as Promise<Record<string, unknown>>;
const event = (extra: Record<string, unknown> = {}) => ({
  event_type: 'page_view',
  event_category: 'navigation',
  event_data: { path: '/pricing' },
  page_url: 'https://earnest.example/pricing',
  ...extra,
});

describe('POST /api/analytics/events', () => {
  it('records an anonymous event with user_id null and a server id', async () => {
    const res = await request(h.app).post('/api/analytics/events').send(event());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9A-Z]{26}$/), duplicate: false });
    expect(await doc(`event:${res.body.id}`)).toMatchObject({
      type: 'analytics_event',
      user_id: null,
      event_type: 'page_view',
      event_category: 'navigation',
      event_data: { path: '/pricing' },
      page_url: 'https://earnest.example/pricing',
      created_at: '2026-03-01T12:00:00.000Z',
    });
  });

  it('attributes to the signed-in caller, never to a user_id in the body', async () => {
    const res = await request(h.app)
      .post('/api/analytics/events')
      .set(auth(ada))
      .send(event({ user_id: 'user:someone-else@example.com', id: 'evt-1' }));
    expect(res.status).toBe(201);
    expect(await doc('event:evt-1')).toMatchObject({ user_id: 'user:ada@example.com' });
    const anon = await request(h.app).post('/api/analytics/events').send(event({ user_id: 'user:ada@example.com', id: 'evt-2' }));
    expect(anon.status).toBe(201);
    expect(await doc('event:evt-2')).toMatchObject({ user_id: null });
  });

  it('a client id makes the insert idempotent: the repeat answers 200 duplicate and changes nothing', async () => {
    const first = await request(h.app).post('/api/analytics/events').send(event({ id: '01HZX3J9K7Q2W5E8R4T6Y1U3I0', event_data: { n: 1 } }));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ok: true, id: '01HZX3J9K7Q2W5E8R4T6Y1U3I0', duplicate: false });
    const again = await request(h.app).post('/api/analytics/events').send(event({ id: '01HZX3J9K7Q2W5E8R4T6Y1U3I0', event_data: { n: 2 } }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, id: '01HZX3J9K7Q2W5E8R4T6Y1U3I0', duplicate: true });
    expect(await doc('event:01HZX3J9K7Q2W5E8R4T6Y1U3I0')).toMatchObject({ event_data: { n: 1 } });
    const all = await h.store.db('analytics').allDocs();
    expect(all.rows).toHaveLength(1);
  });

  it('refuses the events only the server records', async () => {
    for (const t of ['trial_started', 'trial_converted', 'upgrade_completed', 'downgrade_completed', 'subscription_cancelled', 'addon_purchased']) {
      const res = await request(h.app).post('/api/analytics/events').set(auth(ada)).send(event({ event_type: t, event_category: 'subscription' }));
      expect(res.status, t).toBe(400);
      expect(res.body.error).toBe(`event_type "${t}" is recorded by the server when it happens; clients cannot send it. Remove it from the request.`);
    }
    for (const t of ['upgrade_viewed', 'page_view', 'exit_intent_shown', 'exit_intent_converted']) {
      const res = await request(h.app).post('/api/analytics/events').send(event({ event_type: t }));
      expect(res.status, t).toBe(201);
    }
    const all = await h.store.db('analytics').allDocs();
    expect(all.rows).toHaveLength(4);
  });

  it('validates every field with a message naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ event_type: undefined }, /event_type is required/],
      [{ event_type: 'Page View' }, /event_type must start with a lowercase letter/],
      [{ event_type: '1st' }, /event_type must start with a lowercase letter/],
      [{ event_type: `a${'b'.repeat(64)}` }, /event_type must start/],
      [{ event_category: 'nav-bar' }, /event_category must start/],
      [{ event_data: [1, 2] }, /event_data must be a JSON object/],
      [{ event_data: 'x' }, /event_data must be a JSON object/],
      [{ event_data: { big: 'x'.repeat(4100) } }, /event_data must be at most 4 KB/],
      [{ page_url: 'x'.repeat(2049) }, /page_url must be at most 2048/],
      [{ id: 'has:colon' }, /id must be 1–64 letters/],
      [{ id: 'x'.repeat(65) }, /id must be 1–64 letters/],
    ];
    for (const [change, message] of cases) {
      const res = await request(h.app).post('/api/analytics/events').send(event(change));
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const arr = await request(h.app).post('/api/analytics/events').send([event()]);
    expect(arr.status).toBe(400);
    expect(arr.body.error).toMatch(/JSON object/);
    expect((await h.store.db('analytics').allDocs()).rows).toHaveLength(0);
    // null is fine for the optional parts
    const nulls = await request(h.app).post('/api/analytics/events').send(event({ event_data: null, page_url: null }));
    expect(nulls.status).toBe(201);
  });

  it('rejects bodies over 16 KB with 413', async () => {
    const res = await request(h.app)
      .post('/api/analytics/events')
      .send(event({ padding: 'x'.repeat(17 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/at most 16 KB/);
    expect((await h.store.db('analytics').allDocs()).rows).toHaveLength(0);
  });
});

describe('POST /api/analytics/events/batch', () => {
  it('answers per item: accepted, duplicate, rejected', async () => {
    await request(h.app).post('/api/analytics/events').send(event({ id: 'seen-before' }));
    const res = await request(h.app)
      .post('/api/analytics/events/batch')
      .set(auth(ada))
      .send({
        events: [
          event({ id: 'b-1' }),
          event({ id: 'seen-before' }),
          event({ event_type: 'trial_converted' }),
          event({ event_type: 'BAD' }),
          'not an object',
          event({ id: 'b-1' }),
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accepted: 1, duplicates: 2, rejected: 3 });
    expect(res.body.results).toEqual([
      { index: 0, status: 201, id: 'b-1', duplicate: false },
      { index: 1, status: 200, id: 'seen-before', duplicate: true },
      { index: 2, status: 400, error: expect.stringMatching(/^events\.2: event_type "trial_converted" is recorded by the server/) },
      { index: 3, status: 400, error: expect.stringMatching(/^events\.3: event_type must start/) },
      { index: 4, status: 400, error: 'events.4: each event must be a JSON object.' },
      { index: 5, status: 200, id: 'b-1', duplicate: true },
    ]);
    expect(await doc('event:b-1')).toMatchObject({ user_id: 'user:ada@example.com' });
  });

  it('limits a batch to 1–50 events', async () => {
    const many = await request(h.app)
      .post('/api/analytics/events/batch')
      .send({ events: Array.from({ length: 51 }, () => ({ event_type: 'a', event_category: 'b' })) });
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/at most 50 events/);
    const none = await request(h.app).post('/api/analytics/events/batch').send({ events: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/at least one event/);
    const notList = await request(h.app).post('/api/analytics/events/batch').send({ events: 'x' });
    expect(notList.status).toBe(400);
    expect(notList.body.error).toMatch(/events must be a list/);
    const big = await request(h.app)
      .post('/api/analytics/events/batch')
      .send({ events: Array.from({ length: 10 }, () => event({ event_data: { s: 'x'.repeat(2000) } })) });
    expect(big.status).toBe(413);
    expect((await h.store.db('analytics').allDocs()).rows).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('creates a session with a server id, or with the client id idempotently', async () => {
    const a = await request(h.app).post('/api/analytics/sessions').send({ page_url: 'https://earnest.example/' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(await doc(`session:${a.body.id}`)).toMatchObject({
      type: 'analytics_session',
      user_id: null,
      session_start: '2026-03-01T12:00:00.000Z',
      session_end: null,
      duration_seconds: null,
      pages_visited: 0,
      page_url: 'https://earnest.example/',
    });

    const b = await request(h.app).post('/api/analytics/sessions').set(auth(ada)).send({ id: 'sess-1', session_start: '2026-03-01T11:59:00Z' });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ id: 'sess-1', duplicate: false });
    expect(await doc('session:sess-1')).toMatchObject({ user_id: 'user:ada@example.com', session_start: '2026-03-01T11:59:00.000Z' });
    const again = await request(h.app).post('/api/analytics/sessions').set(auth(ada)).send({ id: 'sess-1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: 'sess-1', duplicate: true });
    const other = await request(h.app).post('/api/analytics/sessions').set(auth(bob)).send({ id: 'sess-1' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/already in use/);

    const bad = await request(h.app).post('/api/analytics/sessions').send({ session_start: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/session_start must be an ISO date-time/);
  });

  it('the creator updates it; pages_visited never decreases', async () => {
    await request(h.app).post('/api/analytics/sessions').set(auth(ada)).send({ id: 's1' });
    const u1 = await request(h.app).patch('/api/analytics/sessions/s1').set(auth(ada)).send({ pages_visited: 5, duration_seconds: 120 });
    expect(u1.status, JSON.stringify(u1.body)).toBe(200);
    expect(u1.body.session).toMatchObject({ pages_visited: 5, duration_seconds: 120 });
    const u2 = await request(h.app)
      .patch('/api/analytics/sessions/s1')
      .set(auth(ada))
      .send({ pages_visited: 3, session_end: '2026-03-01T12:05:00Z', duration_seconds: 300 });
    expect(u2.status).toBe(200);
    expect(u2.body.session).toMatchObject({ pages_visited: 5, duration_seconds: 300, session_end: '2026-03-01T12:05:00.000Z' });
    const u3 = await request(h.app).patch('/api/analytics/sessions/s1').set(auth(ada)).send({ pages_visited: 2 });
    expect(u3.status).toBe(200);
    expect(u3.body.updated).toBe(false);
    expect(await doc('session:s1')).toMatchObject({ pages_visited: 5, duration_seconds: 300 });
  });

  it('another user, or an anonymous caller, cannot update a signed-in user’s session', async () => {
    await request(h.app).post('/api/analytics/sessions').set(auth(ada)).send({ id: 's1' });
    const byBob = await request(h.app).patch('/api/analytics/sessions/s1').set(auth(bob)).send({ pages_visited: 9 });
    expect(byBob.status).toBe(404);
    expect(byBob.body.error).toMatch(/There is no session "s1" of yours/);
    const byAnon = await request(h.app).patch('/api/analytics/sessions/s1').send({ pages_visited: 9 });
    expect(byAnon.status).toBe(404);
    expect(await doc('session:s1')).toMatchObject({ pages_visited: 0 });
  });

  it('an anonymous session is updated anonymously, not by a signed-in user', async () => {
    await request(h.app).post('/api/analytics/sessions').send({ id: 'anon-1' });
    const ok = await request(h.app).patch('/api/analytics/sessions/anon-1').send({ pages_visited: 2 });
    expect(ok.status).toBe(200);
    const byAda = await request(h.app).patch('/api/analytics/sessions/anon-1').set(auth(ada)).send({ pages_visited: 4 });
    expect(byAda.status).toBe(404);
    expect((await request(h.app).patch('/api/analytics/sessions/nope').send({ pages_visited: 1 })).status).toBe(404);
    expect((await request(h.app).patch('/api/analytics/sessions/bad:id').send({ pages_visited: 1 })).status).toBe(404);
  });

  it('validates updates', async () => {
    await request(h.app).post('/api/analytics/sessions').send({ id: 's2' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /Send at least one of/],
      [{ duration_seconds: -1 }, /duration_seconds must not be negative/],
      [{ duration_seconds: 1.5 }, /duration_seconds must be a whole number/],
      [{ duration_seconds: 31 * 86400 + 1 }, /at most 2678400 \(31 days\)/],
      [{ pages_visited: -2 }, /pages_visited must not be negative/],
      [{ pages_visited: '3' }, /pages_visited must be a number/],
      [{ session_end: 'soon' }, /session_end must be an ISO date-time/],
      [{ session_end: '2026-03-01T12:00:00' }, /session_end must be an ISO date-time with a time zone/],
    ];
    for (const [body, message] of cases) {
      const res = await request(h.app).patch('/api/analytics/sessions/s2').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
  });
});

describe('POST /api/analytics/funnel', () => {
  it('records steps, idempotent with an id, validated', async () => {
    const a = await request(h.app).post('/api/analytics/funnel').set(auth(ada)).send({ funnel_step: 'pricing_viewed', metadata: { plan: 'pro' }, id: 'f-1' });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ ok: true, id: 'f-1', duplicate: false });
    expect(await doc('funnel:f-1')).toMatchObject({
      type: 'funnel_event',
      user_id: 'user:ada@example.com',
      funnel_step: 'pricing_viewed',
      metadata: { plan: 'pro' },
    });
    const again = await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'pricing_viewed', id: 'f-1' });
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    const anon = await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'checkout_started' });
    expect(anon.status).toBe(201);
    expect(await doc(`funnel:${anon.body.id}`)).toMatchObject({ user_id: null, metadata: null });

    const bad = await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'Bad Step' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/funnel_step must start with a lowercase letter/);
    const big = await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'x', metadata: { s: 'x'.repeat(4100) } });
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/metadata must be at most 4 KB/);
    const missing = await request(h.app).post('/api/analytics/funnel').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/funnel_step is required/);
  });
});

describe('GET /api/analytics/summary', () => {
  it('needs an admin: 401 anonymous, 403 for others', async () => {
    expect((await request(h.app).get('/api/analytics/summary')).status).toBe(401);
    const res = await request(h.app).get('/api/analytics/summary').set(auth(ada));
    expect(res.status).toBe(403);
  });

  it('counts events by type (server-written trials too), the funnel and sessions per day', async () => {
    // Two trials started by the server, through the real endpoint.
    for (const token of [ada, bob]) {
      const res = await request(h.app).post('/api/functions/start-trial').set(auth(token)).send();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // One conversion, as the billing code would record it (server-side id, analytics_event shape).
    await h.store.db('analytics').put({
      _id: 'event:2026-03-01T12:00:00.000Z:test-conversion',
      type: 'analytics_event',
      user_id: 'user:ada@example.com',
      event_type: 'trial_converted',
      event_category: 'subscription',
      event_data: null,
      page_url: null,
      created_at: '2026-03-01T12:00:00.000Z',
    });
    for (let i = 0; i < 3; i++) await request(h.app).post('/api/analytics/events').send(event());
    await request(h.app).post('/api/analytics/events').send(event({ event_type: 'upgrade_viewed', event_category: 'subscription' }));
    await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'pricing_viewed' });
    await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'pricing_viewed' });
    await request(h.app).post('/api/analytics/funnel').send({ funnel_step: 'checkout_started' });

    await request(h.app).post('/api/analytics/sessions').send({ id: 'd1-a', session_start: '2026-02-27T10:00:00Z' });
    await request(h.app).patch('/api/analytics/sessions/d1-a').send({ duration_seconds: 100 });
    await request(h.app).post('/api/analytics/sessions').send({ id: 'd1-b', session_start: '2026-02-27T20:00:00Z' });
    await request(h.app).patch('/api/analytics/sessions/d1-b').send({ duration_seconds: 201 });
    await request(h.app).post('/api/analytics/sessions').send({ id: 'd2-a', session_start: '2026-03-01T08:00:00Z' });
    // Outside the default 30-day range: a row stored back then (a client can no longer claim a
    // start that old; see times.test.ts).
    await h.store.db('analytics').put({
      _id: 'session:old',
      type: 'analytics_session',
      user_id: null,
      session_start: '2025-12-01T08:00:00.000Z',
      session_end: null,
      duration_seconds: null,
      pages_visited: 1,
      page_url: null,
      created_at: '2025-12-01T08:00:00.000Z',
      updated_at: '2025-12-01T08:00:00.000Z',
    });

    const res = await request(h.app).get('/api/analytics/summary').set(auth(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eventsByType).toEqual([
      { event_type: 'page_view', event_category: 'navigation', count: 3 },
      { event_type: 'trial_started', event_category: 'subscription', count: 2 },
      { event_type: 'trial_converted', event_category: 'subscription', count: 1 },
      { event_type: 'upgrade_viewed', event_category: 'subscription', count: 1 },
    ]);
    expect(res.body.funnel).toEqual({
      trial_started: 2,
      trial_converted: 1,
      conversion_rate: 0.5,
      steps: [
        { funnel_step: 'pricing_viewed', count: 2 },
        { funnel_step: 'checkout_started', count: 1 },
      ],
    });
    expect(res.body.sessionsPerDay).toEqual([
      { date: '2026-02-27', sessions: 2, avg_duration_seconds: 151 },
      { date: '2026-03-01', sessions: 1, avg_duration_seconds: null },
    ]);
    expect(res.body.from).toBe('2026-01-30T12:00:00.000Z');
    expect(res.body.to).toBe('2026-03-01T12:00:00.000Z');

    const narrow = await request(h.app).get('/api/analytics/summary?from=2026-02-27&to=2026-02-27').set(auth(admin));
    expect(narrow.status).toBe(200);
    expect(narrow.body.eventsByType).toEqual([]);
    expect(narrow.body.funnel).toMatchObject({ trial_started: 0, trial_converted: 0, conversion_rate: null, steps: [] });
    expect(narrow.body.sessionsPerDay).toEqual([{ date: '2026-02-27', sessions: 2, avg_duration_seconds: 151 }]);

    const old = await request(h.app).get('/api/analytics/summary?from=2025-11-01&to=2025-12-31').set(auth(admin));
    expect(old.body.sessionsPerDay).toEqual([{ date: '2025-12-01', sessions: 1, avg_duration_seconds: null }]);
  });

  it('rejects bad ranges', async () => {
    for (const q of ['from=yesterday', 'to=2026-13-45', 'from=2026-03-02&to=2026-03-01']) {
      const res = await request(h.app).get(`/api/analytics/summary?${q}`).set(auth(admin));
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatch(/from|to/);
    }
  });
});
