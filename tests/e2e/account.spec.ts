import { expect, test, type Page } from '@playwright/test';

// /app/account against the real server: plan, limits, portal messages and the team.

const PASSWORD = 'correct horse battery staple';
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUpThroughUi(page: Page, email: string) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

async function accessToken(page: Page, email: string): Promise<string> {
  const res = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

test('a new account: no subscription, the free limits, and the team with its one seat', async ({ page }) => {
  const email = unique('acc');
  await signUpThroughUi(page, email);
  await page.goto('/app/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await expect(page.locator('.account-plan-name')).toHaveText('No subscription — start your 14-day free trial');
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  await expect(page.getByText('used of 3')).toBeVisible();

  // The home team exists with the user as its owner; inviting is refused by the 1-user limit.
  await expect(page.getByRole('cell', { name: `${email} (you)` })).toBeVisible();
  await expect(page.getByText('You are Owner')).toBeVisible();
  await page.getByLabel('Invite by email').fill('colleague@example.com');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert')).toContainText('This team has reached its limit of 1 user on the free plan');
});

test('on a trial: the plan says so and the portal answers "Upgrade Required"', async ({ page }) => {
  const email = unique('trial');
  await signUpThroughUi(page, email);
  const token = await accessToken(page, email);
  const started = await page.request.post('/api/functions/start-trial', { headers: { Authorization: `Bearer ${token}` } });
  expect(started.status()).toBe(200);
  await page.goto('/app/account');
  await expect(page.locator('.account-plan-name')).toHaveText('Starter trial');
  await expect(page.getByText('14 days left in your free trial.')).toBeVisible();
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page.getByText('Upgrade Required')).toBeVisible();
  await expect(page.getByText('Please upgrade to a paid plan to access subscription management.')).toBeVisible();
});
