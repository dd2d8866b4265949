import { expect, test, type Page } from '@playwright/test';

// Sign-up, sign-in, sign-out and the mailed reset link, in Chromium against the real server.

const PASSWORD = 'correct horse battery staple';
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function newestMailTo(page: Page, email: string): Promise<string> {
  const res = await page.request.get('/api/dev/outbox');
  const messages = ((await res.json()) as { messages: { to: string; text: string }[] }).messages.filter((m) => m.to === email);
  expect(messages.length).toBeGreaterThan(0);
  return messages.at(-1)!.text;
}

test('sign up lands in the app signed in; sign out returns to /auth; sign in again', async ({ page }) => {
  const email = unique('ada');
  await page.goto('/auth?mode=signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();

  // A reload keeps the session (refresh cookie → new access token).
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('earnest-session'))).not.toContain(email);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password entirely');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a signed-out visitor sent to /app comes back to it after signing in', async ({ page, request }) => {
  const email = unique('bob');
  expect((await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })).status()).toBe(201);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('redirect=checkout carries the plan to /pricing after signing up', async ({ page }) => {
  await page.goto('/auth?redirect=checkout&tier=professional&billing=annual');
  await expect(page.getByText('Next: checkout for Professional (annual)')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(unique('cat'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/pricing/);
});

test('forgotten password: the mailed link sets a new password that then signs in', async ({ page, request }) => {
  const email = unique('dan');
  expect((await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })).status()).toBe(201);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  // The form's own message (in the page's main region): the service worker's "ready to work offline"
  // toast is a status too, and appears whenever its install finishes.
  await expect(page.getByRole('main').getByRole('status')).toContainText('If an account exists for that address');

  const text = await newestMailTo(page, email);
  const link = /(http\S+\/auth\/reset-password#token=\S+)/.exec(text)![1];
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('New password').fill('a brand new pass phrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('The password has been changed');

  // The same link cannot be used twice.
  await page.goto('/');
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel('New password').fill('yet another pass phrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(/already been used|not valid/);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a brand new pass phrase');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('the verification link confirms the address', async ({ page, request }) => {
  const email = unique('eve');
  expect((await request.post('/api/auth/signup', { data: { email, password: PASSWORD } })).status()).toBe(201);
  const text = await newestMailTo(page, email);
  const link = new URL(/(http\S+\/auth\/verify-email#token=\S+)/.exec(text)![1]);
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  await page.goto('/auth/verify-email#token=garbage');
  await expect(page.getByRole('alert')).toContainText('not valid');
});
