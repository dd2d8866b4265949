import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousAxe } from './pageChecks';

/*
 * axe-core (no serious or critical violation) and no horizontal overflow at 360 px, in the light
 * and the dark theme (localStorage `vite-ui-theme`), on the public pages and states no other spec
 * runs axe on: /auth in each mode and with its messages, the mailed-link pages with and without a
 * token, /pwa, /pwa-install, the not-found page, /accept-invitation without a token, and the
 * signed-in /app/account. (/, /features, /pricing, /success, /cancel, the legal pages, /faq,
 * /about, /contact, the blog and the invitation states are checked in their own specs.)
 */

// axe is slow on a busy machine: two full runs per test, each near a minute when others run too.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'correct horse battery staple';
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];


async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `the page is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

async function signUpApi(request: APIRequestContext, name: string): Promise<{ id: string; email: string }> {
  const email = unique(name);
  const res = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { user: { id: string; email: string } }).user;
}

/** The path and hash of the newest mailed link to `email` that matches `pattern` (dev outbox). */
async function mailedLink(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { messages: { to: string; text: string }[] };
  const text = outbox.messages.filter((m) => m.to === email).at(-1)?.text ?? '';
  const found = pattern.exec(text);
  expect(found, `no link like ${pattern} in the mail to ${email}:\n${text}`).not.toBeNull();
  const url = new URL(found![1]);
  return `${url.pathname}${url.search}${url.hash}`;
}

interface Case {
  name: string;
  /** Where to go (per theme: a mailed link works once). */
  url: (theme: Theme) => string | Promise<string>;
  /** What shows once the page is ready. */
  ready: (page: Page) => Promise<void>;
  /** Brings the page into the state under test (a message shown, say). */
  act?: (page: Page) => Promise<void>;
  /** Runs before the first visit (sign-in, say). */
  setup?: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Tokens mailed to fresh accounts, two of each (one per theme: the links work once). */
const tokens: { verify: string[]; reset: string[] } = { verify: [], reset: [] };

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < THEMES.length; i++) {
    const user = await signUpApi(request, 'a11y-links');
    tokens.verify.push(await mailedLink(request, user.email, /(https?:\/\/\S+\/auth\/verify-email#token=\S+)/));
    const reset = await request.post('/api/auth/password-reset/request', { data: { email: user.email } });
    expect(reset.status(), await reset.text()).toBe(202);
    tokens.reset.push(await mailedLink(request, user.email, /(https?:\/\/\S+\/auth\/reset-password#token=\S+)/));
  }
  await request.dispose();
});

const CASES: Case[] = [
  {
    name: '/auth, sign in',
    url: () => '/auth',
    ready: (page) => expect(h1(page)).toHaveText('Sign In'),
  },
  {
    name: '/auth, sign up with the trial next',
    url: () => '/auth?redirect=trial',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Create your account');
      await expect(page.getByText('Your 14-day Starter trial starts right after this step')).toBeVisible();
    },
  },
  {
    name: '/auth, sign up with a password too short',
    url: () => '/auth?mode=signup',
    ready: (page) => expect(h1(page)).toHaveText('Create your account'),
    act: async (page) => {
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('alert')).toHaveText('Choose a password of at least 10 characters.');
    },
  },
  {
    name: '/auth, sign in with checkout next and the server refusing the password',
    url: () => '/auth?redirect=checkout&tier=professional&billing=annual',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Sign In');
      await expect(page.getByText('Next: checkout for Professional (annual)')).toBeVisible();
    },
    act: async (page) => {
      await page.getByLabel('Email').fill(unique('nobody'));
      await page.getByLabel('Password').fill('not the password at all');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    },
  },
  {
    name: '/auth, forgotten password with the link sent',
    url: () => '/auth?mode=forgot',
    ready: (page) => expect(h1(page)).toHaveText('Reset your password'),
    act: async (page) => {
      await page.getByLabel('Email').fill(unique('forgetful'));
      await page.getByRole('button', { name: 'Email me a reset link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'we have sent a link' })).toHaveText(
        'If an account exists for that address, we have sent a link to reset the password.',
      );
    },
  },
  {
    name: '/auth/reset-password without a token',
    url: () => '/auth/reset-password',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Choose a new password');
      await expect(page.getByText('This link is incomplete. Open the link from the email again, or ask for a new one.')).toBeVisible();
    },
  },
  {
    name: '/auth/reset-password with a mailed token and a password too short',
    url: (theme) => tokens.reset[THEMES.indexOf(theme)],
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Choose a new password');
      await expect(page.getByRole('button', { name: 'Set new password' })).toBeEnabled();
    },
    act: async (page) => {
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Choose a password of at least 10 characters.')).toBeVisible();
    },
  },
  {
    name: '/auth/verify-email without a token',
    url: () => '/auth/verify-email',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Confirm your email');
      await expect(page.getByText('This link is incomplete. Open the link from the email again.')).toBeVisible();
    },
  },
  {
    name: '/auth/verify-email with a mailed token',
    url: (theme) => tokens.verify[THEMES.indexOf(theme)],
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Confirm your email');
      await expect(page.getByText(/^Thank you: .+ is confirmed\.$/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open Earnest' })).toBeVisible();
    },
  },
  {
    name: '/pwa',
    url: () => '/pwa',
    ready: (page) => expect(h1(page)).toBeVisible(),
  },
  {
    name: '/pwa-install',
    url: () => '/pwa-install',
    ready: (page) => expect(h1(page)).toBeVisible(),
  },
  {
    name: 'the not-found page',
    url: () => '/no-such-page/at-all',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Page not found');
      await expect(page.getByText('/no-such-page/at-all')).toBeVisible();
    },
  },
  {
    name: '/accept-invitation without a token',
    url: () => '/accept-invitation',
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Accept Invitation');
      await expect(page.getByRole('heading', { name: 'No invitation link' })).toBeVisible();
    },
  },
  {
    name: '/app/account, signed in',
    url: () => '/app/account',
    setup: async (page) => {
      const user = await signUpApi(page.context().request, 'a11y-account');
      await page.context().addInitScript((u) => {
        if (!localStorage.getItem('earnest-session')) localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 }));
      }, user);
    },
    ready: async (page) => {
      await expect(h1(page)).toHaveText('Account');
      await expect(page.locator('.account-plan-name')).toHaveText('No subscription — start your 14-day free trial');
      await expect(page.getByText('You are Owner')).toBeVisible();
    },
  },
];

for (const c of CASES) {
  test(`${c.name}: axe in light and dark, no overflow at 360 px`, async ({ page }) => {
    await c.setup?.(page);
    for (const theme of THEMES) {
      // Init scripts run in the order they were added: the latest theme wins.
      await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      // Through a blank page: from one mailed link to the next only the hash differs, which would
      // not load the page again (nor apply the new theme).
      await page.goto('about:blank');
      await page.goto(await c.url(theme));
      await c.ready(page);
      await c.act?.(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousAxe(page);

      await page.setViewportSize({ width: 360, height: 740 });
      await expect(h1(page)).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });
}
