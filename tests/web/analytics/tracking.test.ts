/**
 * The tracking code (src/client/analytics.ts) against the real server: what is recorded offline
 * waits in the outbox and arrives later with the time it happened; a session's updates never
 * overtake its start; records are sent as whom they were made for; nothing is recorded without
 * consent; failures are silent.
 */
import { network } from './browser';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endSession,
  flushOutbox,
  PENDING_END_KEY,
  recordPageView,
  resetAnalyticsForTests,
  trackEvent,
  trackFunnel,
} from '../../../src/client/analytics';
import { setSession } from '../../../src/client/api';
import { analyticsOutbox, OUTBOX_KEY, type OutboxItem } from '../../../src/client/outbox';
import { useSession } from '../../../src/client/session';
import { useCookieConsent } from '../../../src/ui/banners/consent';
import { harness, type Harness } from '../../server/subscription/helpers';

let h: Harness;
let server: Server;

/** The server receives everything at its own clock's noon; the client's clock is set per step. */
const RECEIVED = '2026-03-01T12:00:00.000Z';
const clientClock = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(async () => {
  h = harness('earnest-web-analytics-');
  server = await new Promise<Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  network.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  network.offline = false;
  network.failing = false;
  network.sent = [];
  localStorage.clear();
  sessionStorage.clear();
  resetAnalyticsForTests();
  setSession(null, null);
  useSession.getState().setUser(null);
  useCookieConsent.setState({ consent: 'all' });
  // Only Date: the server, the store and the network keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  clientClock('2026-03-01T11:00:00.000Z');
});

afterEach(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const doc = (id: string) => h.store.db('analytics').get(id) as Promise<Record<string, unknown>>;
const allDocs = async () => (await h.store.db('analytics').allDocs({ include_docs: true })).rows.map((r) => r.doc as unknown as Record<string, unknown>);
const queued = () => analyticsOutbox.read();
const batchItems = () => network.sent.filter((r) => r.path === '/api/analytics/batch').flatMap((r) => (r.body as { items: Record<string, unknown>[] }).items);

async function signIn(email: string): Promise<string> {
  const id = `user:${email}`;
  setSession({ id, email }, await h.tokenFor(id));
  useSession.getState().setUser({ id, email });
  return id;
}

describe('offline', () => {
  it('a visit made offline waits in the outbox and arrives later, each record at the time it happened', async () => {
    network.offline = true;
    recordPageView('/');
    clientClock('2026-03-01T11:02:00.000Z');
    recordPageView('/pricing');
    await trackFunnel('pricing_viewed', { path: '/pricing' });
    clientClock('2026-03-01T11:05:00.000Z');
    endSession();
    await flushOutbox();

    // Nothing left the device; the page counts were folded into the end.
    expect(network.sent).toEqual([]);
    expect(queued().map((i) => i.kind)).toEqual(['session_start', 'event', 'event', 'funnel', 'session_update']);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toHaveLength(5);
    const sessionId = queued()[0].id;

    // Back online half an hour later.
    clientClock('2026-03-01T11:30:00.000Z');
    network.offline = false;
    await flushOutbox();

    expect(queued()).toEqual([]);
    expect(await doc(`session:${sessionId}`)).toMatchObject({
      user_id: null,
      session_start: '2026-03-01T11:00:00.000Z',
      session_end: '2026-03-01T11:05:00.000Z',
      duration_seconds: 300,
      pages_visited: 2,
      created_at: '2026-03-01T11:00:00.000Z',
      received_at: RECEIVED,
    });
    const docs = await allDocs();
    const views = docs.filter((d) => d.type === 'analytics_event').map((d) => [d.page_url, d.created_at, d.received_at]);
    expect(views.sort()).toEqual([
      ['/', '2026-03-01T11:00:00.000Z', RECEIVED],
      ['/pricing', '2026-03-01T11:02:00.000Z', RECEIVED],
    ]);
    expect(docs.filter((d) => d.type === 'funnel_event')).toEqual([
      expect.objectContaining({ funnel_step: 'pricing_viewed', metadata: { path: '/pricing' }, created_at: '2026-03-01T11:02:00.000Z', received_at: RECEIVED }),
    ]);
  });

  it('a session whose start is still queued is updated under the same id; its updates never go before the start', async () => {
    // A dropped connection: the browser thinks it is online, every request fails.
    network.failing = true;
    recordPageView('/');
    await flushOutbox();
    expect(queued().map((i) => i.kind)).toEqual(['session_start', 'event', 'session_update']);
    const sessionId = queued()[0].id;

    network.failing = false;
    clientClock('2026-03-01T11:01:00.000Z');
    recordPageView('/features');
    await flushOutbox();

    const sent = batchItems();
    const kinds = sent.map((i) => i.kind);
    expect(kinds.indexOf('session_start')).toBeGreaterThanOrEqual(0);
    expect(kinds.indexOf('session_start')).toBeLessThan(kinds.indexOf('session_update'));
    expect(sent.filter((i) => i.kind === 'session_update').every((i) => i.session_id === sessionId)).toBe(true);
    // Sent items carry their time and never their owner.
    expect(sent.every((i) => typeof i.occurred_at === 'string' && !('owner' in i))).toBe(true);
    expect(await doc(`session:${sessionId}`)).toMatchObject({ pages_visited: 2, session_start: '2026-03-01T11:00:00.000Z' });
    expect(queued()).toEqual([]);
  });

  it('an end kept by an earlier version (earnest-analytics-session-end) is moved into the outbox and sent', async () => {
    await h.store.db('analytics').put({
      _id: 'session:legacy-1',
      type: 'analytics_session',
      user_id: null,
      session_start: '2026-03-01T10:00:00.000Z',
      session_end: null,
      duration_seconds: null,
      pages_visited: 1,
      page_url: '/',
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
    });
    localStorage.setItem(
      PENDING_END_KEY,
      JSON.stringify([{ id: 'legacy-1', userId: null, body: { session_end: '2026-03-01T10:10:00.000Z', duration_seconds: 600, pages_visited: 3 } }]),
    );
    await flushOutbox();
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
    expect(await doc('session:legacy-1')).toMatchObject({ session_end: '2026-03-01T10:10:00.000Z', duration_seconds: 600, pages_visited: 3 });
    expect(queued()).toEqual([]);
  });
});

describe('whom records belong to', () => {
  it('records made anonymously stay anonymous after a sign-in; the signed-in user’s are theirs', async () => {
    network.offline = true;
    recordPageView('/pricing');
    const sessionId = queued()[0].id;
    const ada = await signIn('ada@example.com');
    void trackEvent('exit_intent_shown', 'conversion', { days_remaining: 2 }, '/app');
    recordPageView('/app');

    network.offline = false;
    await flushOutbox();
    expect(queued()).toEqual([]);
    // The session started anonymously, so it is counted (and updated) anonymously.
    expect(await doc(`session:${sessionId}`)).toMatchObject({ user_id: null, pages_visited: 2 });
    const events = (await allDocs()).filter((d) => d.type === 'analytics_event');
    expect(events.map((e) => [e.event_type, e.page_url, e.user_id]).sort()).toEqual([
      ['exit_intent_shown', '/app', ada],
      ['page_view', '/app', ada],
      ['page_view', '/pricing', null],
    ]);
    // Ada's went with her token, the anonymous ones with none.
    const batches = network.sent.filter((r) => r.path === '/api/analytics/batch');
    expect(batches.map((b) => Boolean(b.headers.authorization))).toEqual([false, true, false]);
  });

  it('records of a user who signed out in this view still go as that user', async () => {
    const ada = await signIn('ada@example.com');
    network.offline = true;
    recordPageView('/app');
    const sessionId = queued()[0].id;
    // Signed out (the token is still at hand in memory), then online again.
    setSession(null, null);
    useSession.getState().setUser(null);
    endSession();
    network.offline = false;
    await flushOutbox();
    expect(await doc(`session:${sessionId}`)).toMatchObject({ user_id: ada, pages_visited: 1, session_end: '2026-03-01T11:00:00.000Z' });
  });
});

describe('consent and silence', () => {
  it('nothing is recorded or sent without Accept All; Essential Only empties the outbox', async () => {
    useCookieConsent.setState({ consent: null });
    recordPageView('/');
    await trackEvent('page_view', 'navigation');
    await trackFunnel('pricing_viewed');
    endSession();
    await flushOutbox();
    expect(queued()).toEqual([]);
    expect(network.sent).toEqual([]);

    useCookieConsent.setState({ consent: 'all' });
    network.offline = true;
    recordPageView('/');
    expect(queued().length).toBeGreaterThan(0);
    useCookieConsent.setState({ consent: 'essential' });
    network.offline = false;
    await flushOutbox();
    expect(queued()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(network.sent).toEqual([]);
    expect(await allDocs()).toEqual([]);
  });

  it('choosing Essential Only drops what was queued at once, unsent', async () => {
    network.offline = true;
    recordPageView('/');
    localStorage.setItem(PENDING_END_KEY, JSON.stringify([{ id: 's', userId: null, body: { session_end: '2026-03-01T10:00:00.000Z' } }]));
    expect(queued().length).toBeGreaterThan(0);
    useCookieConsent.getState().choose('essential');
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
    expect(localStorage.getItem('cookie-consent')).toBe('essential');
    network.offline = false;
    await flushOutbox();
    expect(network.sent).toEqual([]);
  });

  it('failures are silent: nothing throws or is logged, and what failed waits', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    network.failing = true;
    await expect(trackEvent('page_view', 'navigation', null, '/x')).resolves.toBeUndefined();
    await expect(trackFunnel('pricing_viewed')).resolves.toBeUndefined();
    expect(() => recordPageView('/y')).not.toThrow();
    expect(() => endSession()).not.toThrow();
    await expect(flushOutbox()).resolves.toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(queued().map((i: OutboxItem) => i.kind)).toEqual(['event', 'funnel', 'session_start', 'event', 'session_update']);
    errors.mockRestore();
    warnings.mockRestore();
  });

  it('online, a record is sent at once, with its time', async () => {
    await trackEvent('upgrade_viewed', 'subscription', { tier: 'starter' }, '/pricing');
    expect(queued()).toEqual([]);
    const [event] = (await allDocs()).filter((d) => d.type === 'analytics_event');
    expect(event).toMatchObject({ event_type: 'upgrade_viewed', created_at: '2026-03-01T11:00:00.000Z', received_at: RECEIVED });
  });
});
