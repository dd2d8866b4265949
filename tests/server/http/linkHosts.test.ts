/**
 * Issue 18 item 2, end to end for the flows linkBase.test.ts does not walk: the team invitation
 * mail, the local test-mode checkout and portal (their pages and the redirects they answer with),
 * and Stripe's checkout and portal (what the real SDK sends to a fake Stripe). Without PUBLIC_URL
 * each flow's links are on the host the request came to when that host is on the allowed list, on
 * the default http://localhost:PORT when it is not (a forged Host header never reaches a link), and
 * one flow never mixes hosts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { applySubscription } from '../../../server/billing/subscriptionState';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';
import { profileDocId } from '../../../server/subscription';
import { startFakeStripe, type FakeStripe } from '../billing/fakeStripe';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PW = 'a perfectly fine password';
const DEFAULT = 'http://localhost:8080';

const opened: { dir: string; store: Store }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.store.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

/** The real app on port 8080 with PUBLIC_URL unset (unless `env` sets it), and its mail outbox. */
function server(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-linkhosts-'));
  const store = openStore({ dataDir: dir });
  opened.push({ dir, store });
  const outbox = new DevOutbox();
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '8080', DATA_DIR: dir, LOCAL_BILLING: '1', ...env });
  return { app: createApp({ config, store, mailer: outbox, authSecret: SECRET }), outbox, store };
}
type Server = ReturnType<typeof server>;

async function signup(s: Server, email: string, host: string): Promise<string> {
  const res = await request(s.app).post('/api/auth/signup').set('Host', host).send({ email, password: PW });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.accessToken as string;
}

const origin = (url: string) => new URL(url).origin;
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

describe('the invitation mail', () => {
  /** Ada (Professional, 5 users) invites Bob from `host`; the one link in Bob's mail. */
  async function invitationLink(s: Server, host: string, headers: Record<string, string> = {}): Promise<string> {
    const ada = await signup(s, 'ada@example.com', host);
    await s.store.db('accounts').put({
      _id: profileDocId('user:ada@example.com'),
      type: 'profile',
      id: 'user:ada@example.com',
      subscription_tier: 'professional',
      subscription_status: 'active',
      subscription_end: '2099-01-01T00:00:00.000Z',
      max_users: 5,
      max_projects: 10,
    });
    const teams = await request(s.app).get('/api/teams').set('Host', host).set('Authorization', `Bearer ${ada}`);
    const teamId = (teams.body.teams as { id: string; is_home: boolean }[]).find((t) => t.is_home)!.id;
    const res = await request(s.app)
      .post(`/api/teams/${teamId}/invitations`)
      .set('Host', host)
      .set(headers)
      .set('Authorization', `Bearer ${ada}`)
      .send({ email: 'bob@example.com', role: 'editor' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = s.outbox.messages().filter((m) => m.to === 'bob@example.com');
    expect(mail).toHaveLength(1);
    const links = urlsIn(mail[0].text);
    expect(links).toHaveLength(1);
    return links[0]!;
  }

  it('sent from the app on 127.0.0.1: the accept link is on 127.0.0.1 and its token works there', async () => {
    const s = server();
    const link = await invitationLink(s, '127.0.0.1:8080');
    expect(origin(link)).toBe('http://127.0.0.1:8080');
    expect(new URL(link).pathname).toBe('/accept-invitation');
    // The token in the link is the invitation (not a mangled copy): the server reads it back.
    const token = new URL(link).searchParams.get('token')!;
    const info = await request(s.app).get(`/api/invitations/${encodeURIComponent(token)}`).set('Host', '127.0.0.1:8080');
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.email).toBe('bob@example.com');
  });

  it('sent from the app on localhost: on localhost', async () => {
    expect(origin(await invitationLink(server(), 'localhost:8080'))).toBe('http://localhost:8080');
  });

  it('sent through a host on ALLOWED_HOSTS: on that host', async () => {
    expect(origin(await invitationLink(server({ ALLOWED_HOSTS: 'earnest.site.lan' }), 'earnest.site.lan:8080'))).toBe('http://earnest.site.lan:8080');
  });

  it('a Host header not on the list gets the default address, never itself', async () => {
    const link = await invitationLink(server(), 'evil.example:8080');
    expect(origin(link)).toBe(DEFAULT);
    expect(link).not.toContain('evil.example');
  });

  it('an X-Forwarded-Host beside an allowed Host changes nothing', async () => {
    const link = await invitationLink(server(), '127.0.0.1:8080', { 'X-Forwarded-Host': 'evil.example' });
    expect(origin(link)).toBe('http://127.0.0.1:8080');
  });

  it('with PUBLIC_URL set, on PUBLIC_URL whatever the request', async () => {
    expect(origin(await invitationLink(server({ PUBLIC_URL: 'https://earnest.example.com' }), '127.0.0.1:8080'))).toBe('https://earnest.example.com');
  });
});

describe('local test-mode checkout and portal', () => {
  /** Every absolute URL and every href/action/Location a page or redirect carries. */
  function targetsOf(html: string): string[] {
    return [...html.matchAll(/\b(?:href|action)="([^"]*)"/g)].map((m) => m[1]);
  }

  /**
   * The whole flow from `host`: create-checkout, its page, paying on it, then customer-portal, its
   * page and one change on it. Returns every address the browser is sent to along the way.
   */
  async function localFlow(s: Server, host: string): Promise<{ links: string[]; relative: string[] }> {
    const token = await signup(s, 'ada@example.com', host);
    const auth = { Authorization: `Bearer ${token}`, Host: host };
    const checkout = await request(s.app).post('/api/functions/create-checkout').set(auth).send({ tier: 'starter', billing: 'monthly' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const checkoutUrl = new URL(checkout.body.url as string);
    const page = await request(s.app).get(checkoutUrl.pathname + checkoutUrl.search).set('Host', host);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Subscribe to Starter');
    const paid = await request(s.app)
      .post('/billing/checkout')
      .set('Host', host)
      .type('form')
      .send({ token: checkoutUrl.searchParams.get('token')! });
    expect(paid.status).toBe(303);

    const portal = await request(s.app).post('/api/functions/customer-portal').set(auth).send({});
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    const portalUrl = new URL(portal.body.url as string);
    const portalPage = await request(s.app).get(portalUrl.pathname + portalUrl.search).set('Host', host);
    expect(portalPage.status).toBe(200);
    const version = /name="version" value="(\d+)"/.exec(portalPage.text)?.[1];
    expect(version, 'the portal form carries the subscription version').toBeDefined();
    const changed = await request(s.app)
      .post('/billing/portal/plan')
      .set('Host', host)
      .type('form')
      .send({ token: portalUrl.searchParams.get('token')!, version: version!, plan: 'professional:monthly' });
    expect(changed.status, changed.text).toBe(303);

    return {
      links: [checkout.body.url, portal.body.url, ...urlsIn(page.text), ...urlsIn(portalPage.text)],
      relative: [paid.headers.location, changed.headers.location, ...targetsOf(page.text), ...targetsOf(portalPage.text)],
    };
  }

  it('opened on 127.0.0.1: checkout and portal on 127.0.0.1, and every page and redirect stays there', async () => {
    const { links, relative } = await localFlow(server(), '127.0.0.1:8080');
    expect([...new Set(links.map(origin))]).toEqual(['http://127.0.0.1:8080']);
    // The pages link and redirect by path only, so the browser stays on the host it is on.
    expect(relative.length).toBeGreaterThan(4);
    for (const target of relative) expect(target, target).toMatch(/^\/(?!\/)/);
    expect(relative[0]).toBe('/success?local=1');
    expect(relative[1]).toMatch(/^\/billing\/portal\?token=[^&]+&done=plan-changed$/);
  });

  it('opened on localhost: all on localhost', async () => {
    const { links } = await localFlow(server(), 'localhost:8080');
    expect([...new Set(links.map(origin))]).toEqual(['http://localhost:8080']);
  });

  it('a Host header not on the list: the default address for both, never the forged host', async () => {
    const { links } = await localFlow(server(), 'evil.example:8080');
    expect([...new Set(links.map(origin))]).toEqual([DEFAULT]);
  });
});

describe('Stripe checkout and portal', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** Checkout, then (subscribed) the portal, from `host`; the addresses sent to Stripe, and the portal's. */
  async function stripeFlow(host: string, env: Record<string, string> = {}): Promise<{ success: string; cancel: string; back: string }> {
    const s = server({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_BASE: fake.url, ...env });
    const token = await signup(s, 'ada@example.com', host);
    const auth = { Authorization: `Bearer ${token}`, Host: host };
    expect((await request(s.app).post('/api/functions/create-checkout').set(auth).send({ tier: 'starter', billing: 'monthly' })).status).toBe(200);
    await applySubscription(
      s.store,
      'user:ada@example.com',
      {
        tier: 'starter',
        interval: 'monthly',
        addons: [],
        status: 'active',
        currentPeriodEnd: '2099-01-01T00:00:00.000Z',
        provider: 'stripe',
        subscriptionId: 'sub_1',
        productId: 'prod_starter',
        marker: 1,
      },
      Date.now(),
    );
    const portal = await request(s.app).post('/api/functions/customer-portal').set(auth).send({});
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const session = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    const portalSession = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    return { success: session.params.success_url, cancel: session.params.cancel_url, back: portalSession.params.return_url };
  }

  it('opened on 127.0.0.1: success, cancel and the portal return all on 127.0.0.1', async () => {
    const { success, cancel, back } = await stripeFlow('127.0.0.1:8080');
    expect(success).toBe('http://127.0.0.1:8080/success?session_id={CHECKOUT_SESSION_ID}');
    expect(cancel).toBe('http://127.0.0.1:8080/cancel');
    expect(back).toBe('http://127.0.0.1:8080/app/account');
  });

  it('opened on localhost: all on localhost', async () => {
    const urls = Object.values(await stripeFlow('localhost:8080'));
    expect([...new Set(urls.map(origin))]).toEqual(['http://localhost:8080']);
  });

  it('a Host header not on the list: the default address for all three, never the forged host', async () => {
    const urls = Object.values(await stripeFlow('evil.example:8080'));
    expect([...new Set(urls.map(origin))]).toEqual([DEFAULT]);
    expect(urls.join(' ')).not.toContain('evil.example');
  });

  it('with PUBLIC_URL set: all on PUBLIC_URL, whatever host the request names', async () => {
    const urls = Object.values(await stripeFlow('127.0.0.1:8080', { PUBLIC_URL: 'https://earnest.example.com' }));
    expect([...new Set(urls.map(origin))]).toEqual(['https://earnest.example.com']);
  });
});
