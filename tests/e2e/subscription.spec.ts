import { expect as baseExpect, test as base, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { ownServerWithRoles, PASSWORD, type OwnServer } from './ownServer';

/*
 * The subscription experience in Chromium against the real server (spec §4 "Subscription
 * resolution order" and "Trial", §6 roles, §8 error catalogue): the 60 s recheck and the recheck on
 * every auth change, silent check failures, a trial started through the UI reaching the banner,
 * the catalogue messages not asserted by pricing.spec.ts and account.spec.ts, admin and free_user
 * (step 2) and a team member on the owner's plan (step 3).
 */

// Generous waits: these flows sign up, pay on the local checkout page and wait on lazy chunks, on a
// busy 2-core machine.
base.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const test = base;

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const DETAILS = '**/api/functions/get-subscription-details';

interface Account {
  id: string;
  email: string;
}

async function signUpApi(request: APIRequestContext, name: string): Promise<Account> {
  const email = unique(name);
  const res = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { user: Account }).user;
}

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function startTrialApi(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post('/api/functions/start-trial', { headers: { Authorization: `Bearer ${await tokenFor(request, email)}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Pays for `tier` on the local billing provider's own checkout page (the page a buyer sees). */
async function subscribeThroughLocalCheckout(page: Page, request: APIRequestContext, email: string, tier: 'starter' | 'professional'): Promise<void> {
  const res = await request.post('/api/functions/create-checkout', {
    headers: { Authorization: `Bearer ${await tokenFor(request, email)}` },
    data: { tier, billing: 'monthly' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  await page.goto(url);
  await expect(page.getByRole('heading', { name: `Subscribe to ${tier === 'starter' ? 'Starter' : 'Professional'}` })).toBeVisible();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/success/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
}

/**
 * Signs the context in as a returning visitor's browser has it: the refresh cookie (from a real
 * sign-in) and the stored session, which the app confirms on load. The cookie-consent choice is
 * made so the banner does not cover the page. Seeded once per tab, so a sign-out stays one.
 */
async function signIn(context: BrowserContext, account: Account): Promise<void> {
  const res = await context.request.post('/api/auth/signin', { data: { email: account.email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  await context.addInitScript((u) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 }));
  }, account);
}

/** The POSTs the page makes to get-subscription-details (resolution step 4), as they happen. */
function detailsPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/functions/get-subscription-details') seen.push(r);
  });
  return seen;
}

/** Requests still in flight a moment after a step: nothing more may arrive once the page is quiet. */
async function settleNetwork(page: Page): Promise<void> {
  // Real time, not the page's (paused) clock: a check the step set off would have sent its first
  // request (GET /api/user-roles) within this.
  await page.waitForTimeout(750);
}

/**
 * Stops the page's clock (installed before the page loaded) where it is, so toasts, which close by
 * themselves after 5 s, stay up while a busy machine reads them. Timers then run only in
 * {@link stepClock}.
 */
async function freezeClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/** Lets the frozen clock move in small steps (React reveals lazy content on timers) until `done`. */
async function stepClock(page: Page, done: () => Promise<boolean>, maxMs = 3_000): Promise<void> {
  for (let spent = 0; spent < maxMs && !(await done()); spent += 100) await page.clock.runFor(100);
}

const trialBanner = (page: Page) => page.getByRole('region', { name: 'Free trial' });
const exitDialog = (page: Page) => page.getByRole('dialog', { name: "Wait! Don't Miss Out" });
const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const toastWith = (page: Page, title: string) => toastRegion(page).getByRole('listitem').filter({ hasText: title });

/** Moves the real mouse into the page, then out through the top edge (the exit-intent gesture). */
async function leaveThroughTop(page: Page): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(Math.round(width / 2), Math.round(height / 2));
  await page.mouse.move(Math.round(width / 2), -20, { steps: 4 });
}

// ---------------------------------------------------------------------------------------------
// Rechecks: every 60 s and on every auth change; failures silent
// ---------------------------------------------------------------------------------------------

test.describe('rechecks', () => {
  test('every 60 s: a change in the server\'s answer reaches the banner at 60 s and not before', async ({ page, context, request }) => {
    const user = await signUpApi(request, 'recheck');
    await signIn(context, user);
    const posts = detailsPosts(page);

    // The page's clock stands still from the first script on; it moves only when the test says so.
    // The checks start when the account code loads (a network matter, no timer), so the 60 s
    // interval is set up at t0 exactly.
    const start = Date.now();
    const t0 = start + 1_000;
    await page.clock.install({ time: start });
    await page.clock.pauseAt(t0);
    await page.goto('/features');
    // The first check: the stored session confirmed by the refresh cookie is an auth change.
    await expect.poll(() => posts.length).toBe(1);
    // Rendering waits on a few timers (React reveals lazy content on them): let them run.
    await stepClock(page, () => page.getByRole('heading', { level: 1 }).isVisible(), 5_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(trialBanner(page)).toHaveCount(0);
    const fakeNow = () => page.evaluate(() => Date.now());

    // The server's answer changes between checks: the trial starts (through the API, as another
    // device of this user would).
    await startTrialApi(request, user.email);
    await page.clock.runFor(t0 + 60_000 - 1 - (await fakeNow()));
    await settleNetwork(page);
    expect(posts.length).toBe(1);
    await expect(trialBanner(page)).toHaveCount(0);

    await page.clock.runFor(1);
    await expect.poll(() => posts.length).toBe(2);
    // The banner is a lazy chunk: its reveal may wait on a timer, which the paused clock holds.
    await stepClock(page, () => trialBanner(page).isVisible(), 1_000);
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');
    expect(posts.length).toBe(2);

    // Every 60 s, not once: the next answer (rewritten to 2 days) shows at 120 s, not before.
    await page.route(DETAILS, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...json, trial_days_remaining: 2 } });
    });
    await page.clock.runFor(t0 + 120_000 - 1 - (await fakeNow()));
    await settleNetwork(page);
    expect(posts.length).toBe(2);
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');
    await page.clock.runFor(1);
    await expect.poll(() => posts.length).toBe(3);
    await expect(trialBanner(page)).toContainText('2 days left in your trial');
    await expect(trialBanner(page)).toHaveClass(/trial-banner--warning/);
  });

  test('a failed check is silent and clears only loading: the status stays, no message, /app is not stuck on "Loading..."', async ({ page, context, request }) => {
    const user = await signUpApi(request, 'failing');
    await startTrialApi(request, user.email);
    await signIn(context, user);
    const posts = detailsPosts(page);
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.goto('/features');
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');
    await freezeClock(page);
    const before = posts.length;

    // The next periodic check fails: what was known stays (only `loading` changes).
    let failures = 0;
    await page.route(DETAILS, (route) => {
      failures++;
      return route.fulfill({ status: 500, json: { error: 'The subscription service is unavailable.' } });
    });
    await page.clock.runFor(60_000);
    await expect.poll(() => failures).toBe(1);
    expect(posts.length).toBe(before + 1);
    await settleNetwork(page);
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(toastRegion(page).getByRole('listitem')).toHaveCount(0);
    await expect(page.getByText('The subscription service is unavailable.')).toHaveCount(0);

    // A fresh start of /app whose check fails: the guard waits while it runs ("Loading..."), then
    // shows the app with the unsubscribed defaults, and says nothing.
    await page.clock.resume();
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/functions/get-subscription-details') && r.status() === 500);
    await page.goto('/app');
    await failed;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(toastRegion(page).getByRole('listitem')).toHaveCount(0);
    await expect(trialBanner(page)).toHaveCount(0);
  });

  test('on every auth change: signing in through /auth checks (the banner appears), signing out resets without a check', async ({ page, request }) => {
    const user = await signUpApi(request, 'authchange');
    await startTrialApi(request, user.email);
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
    const posts = detailsPosts(page);

    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await settleNetwork(page);
    expect(posts.length).toBe(0); // no session, no check (step 1: unsubscribed defaults)
    await expect(trialBanner(page)).toHaveCount(0);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect.poll(() => posts.length).toBe(1);
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(trialBanner(page)).toHaveCount(0);
    await settleNetwork(page);
    expect(posts.length).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// A trial started through the UI, and the trial and sign-out messages of §8
// ---------------------------------------------------------------------------------------------

test.describe('trial through the UI and its messages', () => {
  test('sign up, Start Free Trial on /pricing, then /app shows "14 days left in your free trial"', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill(unique('uitrial'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(trialBanner(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(toastWith(page, 'Trial Started!')).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    const banner = trialBanner(page);
    await expect(banner).toContainText('14 days left in your free trial');
    await expect(banner).toContainText('Keep full access by upgrading to Starter or Pro');
    await expect(banner).not.toHaveClass(/trial-banner--warning/);
    await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    // And on the account page, which reads the same status.
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.locator('.account-plan-name')).toHaveText('Starter trial');
    await expect(banner).toContainText('14 days left in your free trial');
  });

  test('another trial error shows the server\'s message, or "Failed to start trial. Please try again." when it has none', async ({ page, context, request }) => {
    await signIn(context, await signUpApi(request, 'trialerr'));
    await page.clock.install();
    await page.goto('/pricing');
    const startButton = page.getByRole('button', { name: 'Start Free Trial' });
    await expect(startButton).toBeEnabled();
    await freezeClock(page);

    const serverText = 'Trials are paused for maintenance until 14:00. Try again after that.';
    await page.route('**/api/functions/start-trial', (route) => route.fulfill({ status: 503, json: { error: serverText } }));
    await startButton.click();
    const withMessage = toastWith(page, serverText);
    await expect(withMessage.getByRole('alert')).toBeVisible();
    await expect(withMessage.locator('.ui-toast-title')).toHaveText('Error');
    await expect(withMessage.locator('.ui-toast-description')).toHaveText(serverText);
    await expect(startButton).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await withMessage.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(withMessage).toHaveCount(0);

    // No message from the server (an empty 500, as a proxy in front of it might send).
    await page.unroute('**/api/functions/start-trial');
    await page.route('**/api/functions/start-trial', (route) => route.fulfill({ status: 500, body: '' }));
    await startButton.click();
    const fallback = toastWith(page, 'Failed to start trial. Please try again.');
    await expect(fallback.getByRole('alert')).toBeVisible();
    await expect(fallback.locator('.ui-toast-title')).toHaveText('Error');
    await expect(fallback.locator('.ui-toast-description')).toHaveText('Failed to start trial. Please try again.');
    await expect(startButton).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });

  test('sign-out failure: "Error" / "Failed to sign out. Please try again." (destructive), and the user still ends on /auth signed out', async ({ page, context, request }) => {
    const user = await signUpApi(request, 'signoutfail');
    await signIn(context, user);
    await page.clock.install();
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    let calls = 0;
    await page.route('**/api/auth/signout', (route) => {
      calls++;
      return route.fulfill({ status: 500, json: { error: 'The session store is unavailable.' } });
    });

    await freezeClock(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const item = toastRegion(page).getByRole('listitem').filter({ hasText: 'Failed to sign out. Please try again.' });
    await stepClock(page, async () => (await item.isVisible()) && (await page.getByRole('heading', { level: 1, name: 'Sign In' }).isVisible()));
    await expect(page).toHaveURL(/\/auth$/);
    expect(calls).toBe(1);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-variant', 'destructive');
    await expect(item.getByRole('alert')).toBeVisible();
    await expect(item.locator('.ui-toast-title')).toHaveText('Error');
    await expect(item.locator('.ui-toast-description')).toHaveText('Failed to sign out. Please try again.');
    await expect(page.getByText('The session store is unavailable.')).toHaveCount(0);

    // Signed out on this device all the same: the navigation offers Sign In, the stored session is
    // gone (the theme aside, storage is cleared), and /app sends back to /auth.
    await page.clock.resume();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('earnest-session') ?? '')).not.toContain(user.email);
    await page.getByRole('link', { name: 'Launch App' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });
});

// ---------------------------------------------------------------------------------------------
// A paying owner: Already Subscribed, the portal's messages, and a team member on the plan
// ---------------------------------------------------------------------------------------------

test.describe('a subscribed owner', () => {
  let owner: Account;

  test.beforeAll(async ({ browser, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    owner = await signUpApi(request, 'owner');
    const page = await browser.newPage({ baseURL });
    await subscribeThroughLocalCheckout(page, request, owner.email, 'professional');
    await page.close();
    const details = await request.post('/api/functions/get-subscription-details', { headers: { Authorization: `Bearer ${await tokenFor(request, owner.email)}` } });
    expect(await details.json()).toMatchObject({ subscribed: true, tier: 'professional' });
    await request.dispose();
  });

  test('Start Free Trial while subscribed: "Already Subscribed - You already have an active subscription!", then /app', async ({ page, context }) => {
    await signIn(context, owner);
    await page.clock.install();
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await freezeClock(page);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const item = toastWith(page, 'Already Subscribed');
    await expect(item).toBeVisible();
    await expect(item.locator('.ui-toast-title')).toHaveText('Already Subscribed');
    await expect(item.locator('.ui-toast-description')).toHaveText('You already have an active subscription!');
    // Then to /app (after the same 1.5 s as a started trial).
    await stepClock(page, async () => new URL(page.url()).pathname === '/app' && (await page.getByRole('heading', { level: 1, name: 'Projects' }).isVisible()));
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    await expect(trialBanner(page)).toHaveCount(0);
  });

  test('portal, any failure: "Error" / "Failed to open subscription management. Please try again." (offline, and a 500)', async ({ page, context }) => {
    await signIn(context, owner);
    await page.clock.install();
    await page.goto('/app/account');
    await expect(page.locator('.account-plan-name')).toHaveText('Professional');
    const manage = page.getByRole('button', { name: 'Manage subscription' });
    await freezeClock(page);

    // No connection: the request never reaches the server.
    await context.setOffline(true);
    await manage.click();
    const offline = toastWith(page, 'Failed to open subscription management. Please try again.');
    await expect(offline).toBeVisible();
    await expect(offline.locator('.ui-toast-title')).toHaveText('Error');
    await expect(offline).toHaveAttribute('data-variant', 'destructive');
    await offline.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(offline).toHaveCount(0);
    await context.setOffline(false);

    // The server fails (e.g. the payment provider is down; the server's own text is not shown).
    await page.route('**/api/functions/customer-portal', (route) => route.fulfill({ status: 502, json: { error: 'Stripe answered 500.' } }));
    const popups: Page[] = [];
    context.on('page', (p) => popups.push(p));
    await manage.click();
    const failed = toastWith(page, 'Failed to open subscription management. Please try again.');
    await expect(failed).toBeVisible();
    await expect(failed.locator('.ui-toast-title')).toHaveText('Error');
    await expect(page.getByText('Stripe answered 500.')).toHaveCount(0);
    expect(popups).toHaveLength(0);
    await expect(manage).toBeEnabled();
  });

  test('portal with the session gone: "Authentication required" / "Please sign in to manage your subscription."', async ({ page, context }) => {
    await signIn(context, owner);
    await page.clock.install();
    await page.goto('/app/account');
    await expect(page.locator('.account-plan-name')).toHaveText('Professional');
    await freezeClock(page);

    // The refresh cookie is gone (cleared, or revoked on another device) ...
    await context.clearCookies();
    const refresh = await context.request.post('/api/auth/refresh');
    expect(refresh.status()).toBe(401);
    // ... and the in-memory access token has run out (it lives 15 minutes, which the test cannot
    // wait for: the portal call gets the server's answer to an expired token).
    await page.route('**/api/functions/customer-portal', (route) =>
      route.fulfill({
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer realm="earnest", error="invalid_token", error_description="The access token has expired."' },
        json: { error: 'The access token has expired.', reason: 'expired' },
      }),
    );
    const renewal = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    expect((await renewal).status()).toBe(401);

    const item = toastWith(page, 'Authentication required');
    await stepClock(page, async () => (await item.isVisible()) && (await page.getByRole('heading', { level: 1, name: 'Sign In' }).isVisible()));
    await expect(item).toBeVisible();
    await expect(item.getByRole('alert')).toBeVisible();
    await expect(item.locator('.ui-toast-title')).toHaveText('Authentication required');
    await expect(item.locator('.ui-toast-description')).toHaveText('Please sign in to manage your subscription.');
    // With no session left the app signs out and the guard sends the user to sign in.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a team member uses the owner\'s plan (step 3): team plan and limits on the account page, no trial banner even with a trial of their own', async ({ page, context, request }) => {
    // The owner invites; the mail goes to the dev outbox.
    const member = await signUpApi(request, 'member');
    await startTrialApi(request, member.email);
    const auth = { Authorization: `Bearer ${await tokenFor(request, owner.email)}` };
    const teams = ((await (await request.get('/api/teams', { headers: auth })).json()) as { teams: { id: string; name: string; is_home: boolean }[] }).teams;
    const team = teams.find((t) => t.is_home)!;
    const invited = await request.post(`/api/teams/${team.id}/invitations`, { data: { email: member.email, role: 'editor' }, headers: auth });
    expect(invited.status(), await invited.text()).toBe(201);
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as { messages: { to: string; text: string }[] };
    const mail = outbox.messages.filter((m) => m.to === member.email).at(-1)!;
    const link = new URL(/(https?:\/\/\S+\/accept-invitation\?token=\S+)/.exec(mail.text)![1]);

    // Before joining, the member is on their own trial.
    await signIn(context, member);
    const posts = detailsPosts(page);
    await page.goto('/app/account');
    await expect(page.locator('.account-plan-name')).toHaveText('Starter trial');
    await expect(trialBanner(page)).toContainText('14 days left in your free trial');

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByRole('heading', { name: `You have joined ${team.name}` })).toBeVisible();

    // A new start of the app: the owner's active plan wins over the member's own trial.
    const checksBefore = posts.length;
    await page.goto('/app/account');
    await expect(page.locator('.account-plan-name')).toHaveText('Professional (team plan)');
    await expect(page.getByText("You use your team owner's subscription.")).toBeVisible();
    await expect(page.getByText('used of 10')).toBeVisible();
    await expect(page.getByText('Up to 5 in the team, add-ons included')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
    await expect(trialBanner(page)).toHaveCount(0);
    // Step 3 decides: get-subscription-details is not asked.
    await settleNetwork(page);
    expect(posts.length).toBe(checksBefore);
    // Nor does the exit-intent dialog open (it is for trial users only).
    await leaveThroughTop(page);
    await settleNetwork(page);
    await expect(exitDialog(page)).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Admin and free_user (resolution step 2), on a server of this spec's own
// ---------------------------------------------------------------------------------------------

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const ADMIN = `role-admin-${stamp}@example.com`;
const FREE = `role-free-${stamp}@example.com`;

const withRoles = base.extend<object, { rolesServer: OwnServer }>({
  rolesServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Both start a trial first (a role would refuse it afterwards), so the server holds a trial
      // for each: the role must still win.
      const server = await ownServerWithRoles('earnest-e2e-roles-', {
        users: [ADMIN, FREE],
        grants: [
          { email: ADMIN, role: 'admin' },
          { email: FREE, role: 'free_user' },
        ],
        async beforeGrants(url) {
          for (const email of [ADMIN, FREE]) {
            const signin = await fetch(`${url}/api/auth/signin`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email, password: PASSWORD }),
            });
            const { accessToken } = (await signin.json()) as { accessToken: string };
            const trial = await fetch(`${url}/api/functions/start-trial`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` } });
            if (trial.status !== 200) throw new Error(`start-trial for ${email} answered ${trial.status}: ${await trial.text()}`);
          }
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ rolesServer }, use) => use(rolesServer.url),
});

withRoles.describe('roles', () => {
  for (const [email, role, planName, detail] of [
    [ADMIN, 'admin', 'Administrator', 'Full access with no limits, from your Earnest administrator role.'],
    [FREE, 'free_user', 'Complimentary', 'Full access at no charge, granted by Earnest.'],
  ] as const) {
    withRoles(`${role}: subscribed with 999 users and projects, no trial banner and no exit-intent dialog despite a trial`, async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
      const posts = detailsPosts(page);
      await page.goto('/auth');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/app$/);

      await page.getByRole('link', { name: 'Account' }).click();
      await expect(page.locator('.account-plan-name')).toHaveText(planName);
      await expect(page.getByText(detail)).toBeVisible();
      await expect(page.getByText('used of Unlimited')).toBeVisible();
      await expect(page.getByText('Up to Unlimited in the team, add-ons included')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Change plan' })).toBeVisible(); // subscribed
      await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
      await expect(trialBanner(page)).toHaveCount(0);
      // Step 2 decides before step 4: the server's trial is never asked for.
      await settleNetwork(page);
      expect(posts).toHaveLength(0);

      await leaveThroughTop(page);
      await settleNetwork(page);
      await expect(exitDialog(page)).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem('earnest-exit-intent-shown'))).toBeNull();
      // The public pages agree.
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
      await expect(trialBanner(page)).toHaveCount(0);
    });
  }
});
