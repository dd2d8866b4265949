/**
 * The local billing provider (no STRIPE_SECRET_KEY): create-checkout and customer-portal return
 * links to the server's own pages; the pages work under the strict CSP with plain forms; the
 * results show in get-subscription-details and in the analytics database.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../server/billing/localPages';
import { signBillingToken } from '../../../server/billing/tokens';
import { profileDocId } from '../../../server/subscription';
import { SECRET, harness, type Harness } from '../subscription/helpers';
import { eventTypes, subscriptionEvents } from './helpers';

const UID = 'user:ada@example.com';
const CHECKOUT = '/api/functions/create-checkout';
const PORTAL = '/api/functions/customer-portal';
const DETAILS = '/api/functions/get-subscription-details';
const MIN = 60_000;
const DAY = 86_400_000;

let h: Harness;
let token: string;
beforeEach(async () => {
  h = harness('earnest-billing-local-');
  token = await h.signup();
});
afterEach(async () => {
  await h.close();
});

const auth = async () => `Bearer ${await h.tokenFor(UID)}`;
const checkout = async (body: unknown) => request(h.app).post(CHECKOUT).set('Authorization', await auth()).send(body as object);
const portal = async () => request(h.app).post(PORTAL).set('Authorization', await auth()).send({});
const details = async () => (await request(h.app).post(DETAILS).set('Authorization', await auth()).send({})).body;

/** Path and query of an absolute URL the server returned. */
const local = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const tokenOf = (url: string): string => new URL(url).searchParams.get('token')!;

function expectStrictHtml(res: request.Response): void {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  const csp = res.headers['content-security-policy'];
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("style-src-attr 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(res.text).not.toMatch(/<script/i);
  expect(res.text).not.toMatch(/\sstyle\s*=/i);
  expect(res.text).not.toMatch(/<style/i);
  expect(res.text).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
  expect(res.text).toContain('<link rel="stylesheet" href="/billing/billing.css">');
}

/** Buys through the local checkout: create-checkout → GET page → POST the form. */
async function buy(body: unknown): Promise<string> {
  const res = await checkout(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const page = await request(h.app).get(local(res.body.url));
  expect(page.status).toBe(200);
  const post = await request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(res.body.url) });
  expect(post.status).toBe(303);
  expect(post.headers.location).toBe('/success?local=1');
  return res.body.url as string;
}

/** Opens the portal page (via customer-portal) and returns its token, page and form version. */
async function openPortal(): Promise<{ t: string; page: request.Response; version: string }> {
  const res = await portal();
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/^http:\/\/localhost:0\/billing\/portal\?token=/);
  const page = await request(h.app).get(local(res.body.url));
  const version = /name="version" value="(\d+)"/.exec(page.text)?.[1] ?? '';
  return { t: tokenOf(res.body.url), page, version };
}

describe('create-checkout: authentication and validation', () => {
  it('401 without a token or with a bad one', async () => {
    expect((await request(h.app).post(CHECKOUT).send({ tier: 'starter', billing: 'monthly' })).status).toBe(401);
    const bad = await request(h.app).post(CHECKOUT).set('Authorization', 'Bearer a.b.c').send({ tier: 'starter', billing: 'monthly' });
    expect(bad.status).toBe(401);
  });

  const cases: [string, unknown, RegExp][] = [
    ['missing tier', { billing: 'monthly' }, /^tier must be one of: starter, professional \(got nothing\)/],
    ['unknown tier', { tier: 'enterprise', billing: 'monthly' }, /^tier must be one of: starter, professional \(got "enterprise"\)/],
    ['test tier', { tier: 'test', billing: 'monthly' }, /^tier must be one of: starter, professional/],
    ['bad billing', { tier: 'starter', billing: 'weekly' }, /^billing must be one of: monthly, annual \(got "weekly"\)/],
    ['addons not a list', { tier: 'starter', billing: 'annual', addons: 'users-1' }, /^addons must be a list of \{ id, quantity \}/],
    ['unknown add-on', { tier: 'starter', billing: 'annual', addons: [{ id: 'users-2', quantity: 1 }] }, /^addons\[0\]\.id must be one of: projects-3, projects-5, projects-10, users-1, users-3, users-5/],
    ['zero quantity', { tier: 'starter', billing: 'annual', addons: [{ id: 'users-1', quantity: 0 }] }, /^addons\[0\]\.quantity must be a whole number from 1 to 20/],
    ['fractional quantity', { tier: 'starter', billing: 'annual', addons: [{ id: 'users-1', quantity: 1.5 }] }, /^addons\[0\]\.quantity must be a whole number/],
    ['duplicate add-on', { tier: 'starter', billing: 'annual', addons: [{ id: 'users-1' }, { id: 'users-1' }] }, /^addons\[1\]\.id "users-1" is listed twice/],
    ['not an object', ['starter'], /^Send a JSON object like/],
  ];
  for (const [name, body, message] of cases) {
    it(`400 for ${name}`, async () => {
      const res = await checkout(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  }
});

describe('local checkout end to end', () => {
  it('renders the right plan, interval, add-ons and price under the strict CSP', async () => {
    const res = await checkout({ tier: 'starter', billing: 'monthly', addons: [{ id: 'projects-3', quantity: 2 }] });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^http:\/\/localhost:0\/billing\/checkout\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const page = await request(h.app).get(local(res.body.url));
    expect(page.status).toBe(200);
    expectStrictHtml(page);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('Plan: <strong>Starter</strong>');
    expect(page.text).toContain('Billing: <strong>Monthly</strong>');
    expect(page.text).toContain('+3 Projects × 2');
    expect(page.text).toContain('£29 / month');
    expect(page.text).toContain('£18 / month'); // 2 × £9
    expect(page.text).toContain('Pay £47 (test mode, no card needed)');
    expect(page.text).toContain('<a href="/cancel">Cancel</a>');
    expect(page.text).toContain('<form method="post" action="/billing/checkout">');
    expect(page.text).toContain(`<input type="hidden" name="token" value="${tokenOf(res.body.url)}">`);
  });

  it('annual professional with user add-ons prices at the annual rates', async () => {
    const res = await checkout({ tier: 'professional', billing: 'annual', addons: [{ id: 'users-3', quantity: 1 }] });
    const page = await request(h.app).get(local(res.body.url));
    expect(page.text).toContain('£999 / year');
    expect(page.text).toContain('£269 / year');
    expect(page.text).toContain('Pay £1268 (test mode, no card needed)');
  });

  it('paying subscribes the user: details show tier, interval, add-ons and totals; analytics recorded once', async () => {
    const url = await buy({ tier: 'starter', billing: 'monthly', addons: [{ id: 'projects-3', quantity: 2 }, { id: 'users-1', quantity: 1 }] });
    const d = await details();
    expect(d).toMatchObject({
      subscribed: true,
      tier: 'starter',
      billingInterval: 'monthly',
      billing_interval: 'monthly',
      productId: 'prod_starter',
      subscriptionEnd: '2026-04-01T12:00:00.000Z',
      baseUsers: 1,
      baseProjects: 3,
      totalUsers: 2,
      totalProjects: 9,
      is_on_trial: false,
    });
    expect(d.addons).toEqual([
      { id: 'projects-3', kind: 'projects', amount: 3, quantity: 2, priceId: 'price_addon_projects_3_monthly' },
      { id: 'users-1', kind: 'users', amount: 1, quantity: 1, priceId: 'price_addon_users_1_monthly' },
    ]);
    const profile = await request(h.app).get('/api/profiles/me').set('Authorization', await auth());
    expect(profile.body).toEqual({
      subscription_tier: 'starter',
      subscription_status: 'active',
      subscription_end: '2026-04-01T12:00:00.000Z',
      max_users: 2,
      max_projects: 9,
    });

    const events = await subscriptionEvents(h.store, UID);
    expect(eventTypes(events).sort()).toEqual(['addon_purchased', 'addon_purchased', 'upgrade_completed']);
    expect(events.find((e) => e.event_type === 'upgrade_completed')!.event_data).toMatchObject({ from_tier: 'none', to_tier: 'starter', billing_interval: 'monthly' });
    expect(events.filter((e) => e.event_type === 'addon_purchased').map((e) => e.event_data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ addon_type: 'projects', addon_id: 'projects-3', quantity: 2 }),
        expect.objectContaining({ addon_type: 'users', addon_id: 'users-1', quantity: 1 }),
      ]),
    );
    expect(events.every((e) => e.event_category === 'subscription' && e.user_id === UID)).toBe(true);

    // Posting the same form again (double click, back button) changes nothing and records nothing.
    const again = await request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(url) });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/success?local=1');
    expect(await subscriptionEvents(h.store, UID)).toHaveLength(3);
  });

  it('a trial user who pays records trial_converted once', async () => {
    await request(h.app).post('/api/functions/start-trial').set('Authorization', `Bearer ${token}`).expect(200);
    await buy({ tier: 'professional', billing: 'annual' });
    const d = await details();
    expect(d).toMatchObject({ subscribed: true, tier: 'professional', billingInterval: 'annual', totalUsers: 5, totalProjects: 10, is_on_trial: false });
    const types = eventTypes(await subscriptionEvents(h.store, UID)).sort();
    expect(types).toEqual(['trial_converted', 'trial_started', 'upgrade_completed']);
  });

  it('refuses a second checkout while subscribed (changes go through the portal)', async () => {
    await buy({ tier: 'starter', billing: 'monthly' });
    const res = await checkout({ tier: 'professional', billing: 'monthly' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already have an active subscription/);
  });

  it('two checkouts completed at the same moment: exactly one subscribes', async () => {
    const a = await checkout({ tier: 'starter', billing: 'monthly' });
    const b = await checkout({ tier: 'professional', billing: 'annual' });
    const results = await Promise.all(
      [a, b].map((r) => request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(r.body.url) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 409]);
    const won = results[0].status === 303 ? 'starter' : 'professional';
    expect((await details()).tier).toBe(won);
    expect(eventTypes(await subscriptionEvents(h.store, UID))).toEqual(['upgrade_completed']);
  });

  it('an old link posted after subscribing another way is refused with a clear page', async () => {
    const first = await checkout({ tier: 'starter', billing: 'monthly' });
    const second = await checkout({ tier: 'professional', billing: 'monthly' });
    await request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(first.body.url) }).expect(303);
    const res = await request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(second.body.url) });
    expect(res.status).toBe(409);
    expectStrictHtml(res);
    expect(res.text).toContain('You already have an active subscription');
    expect((await details()).tier).toBe('starter');
  });
});

describe('local checkout: bad links', () => {
  it('a tampered token gives a 400 page with a clear message', async () => {
    const res = await checkout({ tier: 'starter', billing: 'monthly' });
    const t = tokenOf(res.body.url);
    const [hdr, payload, sig] = t.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [hdr, Buffer.from(JSON.stringify({ ...claims, tier: 'professional' })).toString('base64url'), sig].join('.');
    const page = await request(h.app).get(`/billing/checkout?token=${forged}`);
    expect(page.status).toBe(400);
    expectStrictHtml(page);
    expect(page.text).toContain('This billing link is not valid (it may have been altered)');
    const post = await request(h.app).post('/billing/checkout').type('form').send({ token: forged });
    expect(post.status).toBe(400);
    expect((await details()).subscribed).toBe(false);
  });

  it('a token signed with the auth secret itself (not the derived key) is refused', async () => {
    const { SignJWT } = await import('jose');
    const t = await new SignJWT({ purpose: 'checkout', tier: 'starter', billing: 'monthly', addons: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(UID)
      .setIssuer('earnest')
      .setAudience('earnest-local-billing')
      .setJti('x')
      .setIssuedAt(Math.floor(h.clock.now / 1000))
      .setExpirationTime(Math.floor(h.clock.now / 1000) + 600)
      .sign(new TextEncoder().encode(SECRET));
    expect((await request(h.app).get(`/billing/checkout?token=${t}`)).status).toBe(400);
  });

  it('an expired token (after 30 minutes) gives a 400 page saying so', async () => {
    const res = await checkout({ tier: 'starter', billing: 'monthly' });
    h.clock.now += 31 * MIN;
    const page = await request(h.app).get(local(res.body.url));
    expect(page.status).toBe(400);
    expect(page.text).toContain('This billing link has expired (links last 30 minutes)');
    const post = await request(h.app).post('/billing/checkout').type('form').send({ token: tokenOf(res.body.url) });
    expect(post.status).toBe(400);
    expect(post.text).toContain('has expired');
    expect((await details()).subscribed).toBe(false);
  });

  it('a missing token, or a portal token on the checkout page, is refused', async () => {
    const none = await request(h.app).get('/billing/checkout');
    expect(none.status).toBe(400);
    expect(none.text).toContain('it has no token');
    const noneForm = await request(h.app).post('/billing/checkout').type('form').send({});
    expect(noneForm.status).toBe(400);
    const portalToken = await signBillingToken(SECRET, { purpose: 'portal', userId: UID }, h.clock.now);
    const wrong = await request(h.app).get(`/billing/checkout?token=${portalToken}`);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('This link is for the portal page, not the checkout page.');
  });

  it('serves the stylesheet as CSS', async () => {
    const css = await request(h.app).get('/billing/billing.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.text).toContain('body{');
  });
});

describe('customer-portal (local)', () => {
  it('401 without a session', async () => {
    expect((await request(h.app).post(PORTAL).send({})).status).toBe(401);
  });

  it('a user who never subscribed gets a clear message, no url', async () => {
    const res = await portal();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'There is no subscription to manage yet: choose a paid plan first.' });
  });

  it('a trial user gets a message containing "Trial users" (§8 Upgrade Required)', async () => {
    await request(h.app).post('/api/functions/start-trial').set('Authorization', `Bearer ${token}`).expect(200);
    const res = await portal();
    expect(res.status).toBe(200);
    expect(res.body.url).toBeUndefined();
    expect(res.body.message).toContain('Trial users');
  });

  it('a subscriber gets the portal page: plan, interval, add-ons, end date and forms, under the strict CSP', async () => {
    await buy({ tier: 'starter', billing: 'monthly', addons: [{ id: 'users-1', quantity: 1 }] });
    const { page } = await openPortal();
    expect(page.status).toBe(200);
    expectStrictHtml(page);
    expect(page.text).toContain('Plan: <strong>Starter</strong>');
    expect(page.text).toContain('Billing: <strong>Monthly</strong>');
    expect(page.text).toContain('Renews on <strong>1 April 2026</strong>');
    expect(page.text).toContain('+1 User × 1');
    expect(page.text).toContain('action="/billing/portal/plan"');
    expect(page.text).toContain('value="professional:annual"');
    expect(page.text).not.toContain('value="starter:monthly"'); // the current plan is not offered
    expect(page.text).toContain('action="/billing/portal/addons"');
    expect(page.text).toContain('<option value="projects-10">');
    expect(page.text).toContain('action="/billing/portal/addons/remove"');
    expect(page.text).toContain('action="/billing/portal/cancel"');
    expect(page.text).toContain('<a href="/app/account">Back to Earnest</a>');
  });

  it('does not echo an unknown confirmation code', async () => {
    await buy({ tier: 'starter', billing: 'monthly' });
    const res = await portal();
    const page = await request(h.app).get(`${local(res.body.url)}&done=%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('alert(1)');
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });

  it('portal links expire and cannot be forged', async () => {
    await buy({ tier: 'starter', billing: 'monthly' });
    const { t, version } = await openPortal();
    const otherUser = await signBillingToken('another-secret-that-is-long-enough-0123456789', { purpose: 'portal', userId: UID }, h.clock.now);
    expect((await request(h.app).get(`/billing/portal?token=${otherUser}`)).status).toBe(400);
    expect((await request(h.app).post('/billing/portal/cancel').type('form').send({ token: otherUser, version })).status).toBe(400);
    h.clock.now += 31 * MIN;
    const late = await request(h.app).post('/billing/portal/cancel').type('form').send({ token: t, version });
    expect(late.status).toBe(400);
    expect(late.text).toContain('has expired');
    expect((await details()).subscribed).toBe(true);
  });
});

describe('portal changes (local)', () => {
  beforeEach(async () => {
    await buy({ tier: 'starter', billing: 'monthly', addons: [{ id: 'projects-3', quantity: 1 }] });
  });

  it('upgrade to professional, then to annual, then downgrade: details and analytics follow', async () => {
    let p = await openPortal();
    let res = await request(h.app).post('/billing/portal/plan').type('form').send({ token: p.t, version: p.version, plan: 'professional:monthly' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/billing/portal?token=${encodeURIComponent(p.t)}&done=plan-changed`);
    const after = await request(h.app).get(res.headers.location);
    expect(after.text).toContain('Your plan was changed.');
    expect(after.text).toContain('Plan: <strong>Professional</strong>');
    let d = await details();
    expect(d).toMatchObject({ subscribed: true, tier: 'professional', billingInterval: 'monthly', totalUsers: 5, totalProjects: 13, subscriptionEnd: '2026-04-01T12:00:00.000Z' });

    h.clock.now += DAY;
    p = await openPortal();
    res = await request(h.app).post('/billing/portal/plan').type('form').send({ token: p.t, version: p.version, plan: 'professional:annual' });
    expect(res.status).toBe(303);
    d = await details();
    // A new interval starts a new period today; add-on prices follow the interval.
    expect(d).toMatchObject({ tier: 'professional', billingInterval: 'annual', subscriptionEnd: '2027-03-02T12:00:00.000Z' });
    expect(d.addons).toEqual([{ id: 'projects-3', kind: 'projects', amount: 3, quantity: 1, priceId: 'price_addon_projects_3_annual' }]);

    p = await openPortal();
    await request(h.app).post('/billing/portal/plan').type('form').send({ token: p.t, version: p.version, plan: 'starter:annual' }).expect(303);
    d = await details();
    expect(d).toMatchObject({ tier: 'starter', billingInterval: 'annual', totalUsers: 1, totalProjects: 6 });

    const events = await subscriptionEvents(h.store, UID);
    const up = events.filter((e) => e.event_type === 'upgrade_completed').map((e) => e.event_data);
    expect(up).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from_tier: 'none', to_tier: 'starter' }),
        expect.objectContaining({ from_tier: 'starter', to_tier: 'professional' }),
      ]),
    );
    expect(up).toHaveLength(2); // the interval change alone is not an upgrade
    const down = events.filter((e) => e.event_type === 'downgrade_completed').map((e) => e.event_data);
    expect(down).toEqual([expect.objectContaining({ from_tier: 'professional', to_tier: 'starter' })]);
  });

  it('buy and remove add-ons', async () => {
    let p = await openPortal();
    await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: 'users-5' }).expect(303);
    p = await openPortal();
    await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: 'projects-3' }).expect(303);
    let d = await details();
    expect(d).toMatchObject({ totalUsers: 6, totalProjects: 9 });
    expect(d.addons.map((a: { id: string; quantity: number }) => [a.id, a.quantity])).toEqual([
      ['projects-3', 2],
      ['users-5', 1],
    ]);
    const bought = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'addon_purchased');
    expect(bought).toHaveLength(3); // projects-3 at checkout, users-5, projects-3 again
    expect(bought.map((e) => e.event_data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ addon_id: 'users-5', addon_type: 'users', quantity: 1 })]),
    );

    p = await openPortal();
    expect(p.page.text).toContain('+5 Users × 1');
    const res = await request(h.app).post('/billing/portal/addons/remove').type('form').send({ token: p.t, version: p.version, addon: 'users-5' });
    expect(res.headers.location).toContain('done=addon-removed');
    d = await details();
    expect(d).toMatchObject({ totalUsers: 1, totalProjects: 9 });
    expect(d.addons.map((a: { id: string }) => a.id)).toEqual(['projects-3']);
  });

  it('a stale form (double submit) changes nothing and says so', async () => {
    const p = await openPortal();
    await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: 'users-1' }).expect(303);
    const again = await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: 'users-1' });
    expect(again.status).toBe(303);
    expect(again.headers.location).toContain('done=conflict');
    const page = await request(h.app).get(again.headers.location);
    expect(page.text).toContain('This page was out of date, so nothing was changed.');
    expect((await details()).totalUsers).toBe(2);
  });

  it('bad form fields give a 400 page naming the allowed values', async () => {
    const p = await openPortal();
    const plan = await request(h.app).post('/billing/portal/plan').type('form').send({ token: p.t, version: p.version, plan: 'enterprise:monthly' });
    expect(plan.status).toBe(400);
    expect(plan.text).toContain('plan must be one of: starter:monthly, starter:annual, professional:monthly, professional:annual.');
    const addon = await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: '<b>x</b>' });
    expect(addon.status).toBe(400);
    expect(addon.text).toContain('addon must be one of: projects-3');
    expect(addon.text).not.toContain('<b>x</b>');
    const noVersion = await request(h.app).post('/billing/portal/cancel').type('form').send({ token: p.t });
    expect(noVersion.status).toBe(400);
    expect((await details()).tier).toBe('starter');
  });

  it('cancel at period end: active until the end, then canceled; one subscription_cancelled event', async () => {
    let p = await openPortal();
    const res = await request(h.app).post('/billing/portal/cancel').type('form').send({ token: p.t, version: p.version });
    expect(res.headers.location).toContain('done=cancelled');
    let d = await details();
    expect(d).toMatchObject({ subscribed: true, tier: 'starter', subscriptionEnd: '2026-04-01T12:00:00.000Z' });
    p = await openPortal();
    expect(p.page.text).toContain('Cancelled: your subscription stays active until <strong>1 April 2026</strong>');
    expect(p.page.text).toContain('action="/billing/portal/resume"');
    expect(p.page.text).not.toContain('action="/billing/portal/plan"');
    // Buying while a cancellation is pending is refused.
    const buyLate = await request(h.app).post('/billing/portal/addons').type('form').send({ token: p.t, version: p.version, addon: 'users-1' });
    expect(buyLate.headers.location).toContain('done=cancel-pending');

    let events = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'subscription_cancelled');
    expect(events).toHaveLength(1);
    expect(events[0].event_data).toMatchObject({ tier: 'starter', reason: 'user_requested', effective: 'period_end', ends_at: '2026-04-01T12:00:00.000Z' });

    h.clock.now = Date.parse('2026-04-01T12:00:01.000Z');
    d = await details();
    expect(d.subscribed).toBe(false);
    // The portal still opens (to see the ended subscription); opening it settles the status.
    p = await openPortal();
    expect(p.page.text).toContain('ended on <strong>1 April 2026</strong>');
    expect(p.page.text).toContain('<a href="/pricing">Choose a plan</a>');
    const profile = await h.store.db<{ subscription_status: string }>('accounts').get(profileDocId(UID));
    expect(profile.subscription_status).toBe('canceled');
    events = (await subscriptionEvents(h.store, UID)).filter((e) => e.event_type === 'subscription_cancelled');
    expect(events).toHaveLength(1);
    // After the end a new checkout is possible again.
    expect((await checkout({ tier: 'starter', billing: 'monthly' })).status).toBe(200);
  });

  it('renews at the end of the period on the owner’s next get-subscription-details, without opening the portal', async () => {
    expect(await details()).toMatchObject({ subscribed: true, subscriptionEnd: '2026-04-01T12:00:00.000Z' });
    h.clock.now = Date.parse('2026-04-01T12:00:01.000Z');
    expect(await details()).toMatchObject({ subscribed: true, tier: 'starter', subscriptionEnd: '2026-05-01T12:00:00.000Z' });
    const profile = await h.store.db<{ subscription_end: string }>('accounts').get(profileDocId(UID));
    expect(profile.subscription_end).toBe('2026-05-01T12:00:00.000Z');
  });

  it('resume after cancelling keeps the subscription renewing', async () => {
    let p = await openPortal();
    await request(h.app).post('/billing/portal/cancel').type('form').send({ token: p.t, version: p.version }).expect(303);
    p = await openPortal();
    const res = await request(h.app).post('/billing/portal/resume').type('form').send({ token: p.t, version: p.version });
    expect(res.headers.location).toContain('done=resumed');
    h.clock.now = Date.parse('2026-04-02T12:00:00.000Z');
    p = await openPortal(); // settles: renews for another month
    expect(p.page.text).toContain('Renews on <strong>1 May 2026</strong>');
    expect(await details()).toMatchObject({ subscribed: true, subscriptionEnd: '2026-05-01T12:00:00.000Z' });
  });
});
