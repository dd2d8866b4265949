import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe } from './pageChecks';

// Local projects belong to the account that made them (one local database per account per
// device): a second person on a shared laptop sees none of them, signing out deletes nothing, and
// the account page removes them from the device only after saying whether they exist anywhere else.

// Opening a local database waits on IndexedDB, which is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const PASSWORD = 'correct horse battery staple';
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

async function signOut(page: Page) {
  // Signing out with changes the server does not have yet asks first (issue 13): wait until the
  // header says everything is synced, so this signs out at once.
  await expect(page.locator('.sync-indicator-button')).toContainText('Synced');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

const projectLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

test('two accounts on one browser keep their projects apart; signing out keeps them; the account page removes them after a warning', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
  const ann = unique('ann');
  const bob = unique('bob');

  await signUp(page, ann);
  await page.getByLabel('New project name').fill('Viaduct deck');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(projectLink(page, 'Viaduct deck')).toBeVisible();
  await signOut(page);

  // Someone else on the same device: an empty list, not Ann's project.
  await signUp(page, bob);
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await expect(projectLink(page, 'Viaduct deck')).toHaveCount(0);
  await page.getByLabel('New project name').fill('Bob depot');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(projectLink(page, 'Bob depot')).toBeVisible();
  await signOut(page);

  // Ann again: her project was kept through sign-out, and Bob's is not hers to see.
  await signIn(page, ann);
  await expect(projectLink(page, 'Viaduct deck')).toBeVisible();
  await expect(projectLink(page, 'Bob depot')).toHaveCount(0);

  // The account page says what is on the device and removes it only once confirmed.
  await page.goto('/app/account');
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device).toContainText('1 project with 0 imports stored here.');
  await device.screenshot({ path: '/tmp/shots-device/section.png' });
  await device.getByRole('button', { name: 'Remove my projects from this device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove your projects from this device?' });
  await expect(dialog).toBeVisible();
  // What goes, then whether anything is lost with it (ClearDevice.tsx clearMessage: the server has
  // everything, sync is not running, or the changes not yet sent, which need a tick first).
  await expect(dialog).toContainText('1 project and 0 imports will be deleted from this browser.');
  // The project reached the server (the header said Synced before the sign-out), so nothing is lost.
  await expect(dialog).toContainText('Everything here has reached the server: your teams keep these projects');
  await page.screenshot({ path: '/tmp/shots-device/remove-dialog.png' });
  await expectNoSeriousAxe(page);

  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(device).toContainText('1 project with 0 imports stored here.');

  await device.getByRole('button', { name: 'Remove my projects from this device' }).click();
  await dialog.getByRole('button', { name: 'Remove from this device' }).click();
  await expect(device).toContainText('No projects stored here.');
  await expect(page.getByRole('status').filter({ hasText: 'Removed from this device' })).toBeVisible();
  // Opening Earnest again, still signed in: the project comes back from the team's server copy.
  await page.goto('/app');
  await expect(projectLink(page, 'Viaduct deck')).toBeVisible();

  // Bob's projects were not touched.
  await signOut(page);
  await signIn(page, bob);
  await expect(projectLink(page, 'Bob depot')).toBeVisible();
});
