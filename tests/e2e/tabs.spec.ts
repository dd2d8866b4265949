/**
 * Two tabs of the same account (issue 13, "A second tab never goes stale or corrupts data"), in
 * Chromium against the built app: a project made in one tab appears in the other's list without a
 * reload, and a tab told that the data on the device is in a newer layout than its build writes
 * stops saving and shows a banner with a Reload button.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signedInUser } from './session';

// Opening a local database waits on IndexedDB, which is slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const projectLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

async function onProjects(page: Page) {
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'No projects yet' }).or(page.locator('.projects-table'))).toBeVisible();
}

test('a project made in one tab appears in the other; a newer layout elsewhere stops this tab saving and asks to reload', async ({ context }) => {
  test.setTimeout(90_000);
  const user = await signedInUser(context, 'tabs');
  const a = await context.newPage();
  const b = await context.newPage();
  await onProjects(a);
  await onProjects(b);

  await a.getByLabel('New project name').fill('Made in tab A');
  await a.getByRole('button', { name: 'Create project' }).click();
  await expect(projectLink(a, 'Made in tab A')).toBeVisible();
  // Tab B was not reloaded: its data worker heard tab A's and read the list again.
  await expect(projectLink(b, 'Made in tab A')).toBeVisible();

  // A newer build in some tab announces it has moved this account's data to layout 99.
  // The account's databases on the device are one per team (`team_<teamId>_<hash of the account>`).
  const told = await a.evaluate(async (userId) => {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId)));
    const hash = Array.from(digest.subarray(0, 16), (x) => x.toString(16).padStart(2, '0')).join('');
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('_pouch_team_') && n.endsWith(`_${hash}`));
    for (const name of names) {
      const channel = new BroadcastChannel(`earnest-store:${name.slice('_pouch_'.length)}`);
      channel.postMessage({ kind: 'layout-changed', layout: 99, build: 'a-newer-build' });
      channel.close();
    }
    return names.length;
  }, user.id);
  expect(told).toBe(1);
  for (const page of [a, b]) {
    const banner = page.getByTestId('reload-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Reload to keep working');
    await expect(banner).toContainText('data layout 99; this tab reads layout 1');
    await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
  }

  // Tab B no longer writes: creating a project is refused with the same explanation.
  await b.getByLabel('New project name').fill('Made after the update');
  await b.getByRole('button', { name: 'Create project' }).click();
  await expect(b.locator('.app-error')).toContainText('A newer version of Earnest has updated the projects on this device');
  await expect(projectLink(b, 'Made after the update')).toHaveCount(0);

  // Reloading starts a fresh data worker, which checks the layout on disk (still 1 here: the
  // announcement was a test's) and writes again.
  await b.getByTestId('reload-banner').getByRole('button', { name: 'Reload' }).click();
  await expect(projectLink(b, 'Made in tab A')).toBeVisible();
  await expect(b.getByTestId('reload-banner')).toHaveCount(0);
  await b.getByLabel('New project name').fill('Made after the reload');
  await b.getByRole('button', { name: 'Create project' }).click();
  await expect(projectLink(b, 'Made after the reload')).toBeVisible();
  await expect(projectLink(a, 'Made after the reload')).toBeVisible();
});
