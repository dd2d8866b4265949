/**
 * A screen whose code cannot be downloaded (a lazily loaded chunk opened offline before the service
 * worker stored it, or removed by a release) says so and what to do, with the header still there;
 * it used to leave the whole window blank.
 */
import { expect, test } from '@playwright/test';
import { signedInUser } from './session';

test.use({ serviceWorkers: 'block' });

test('a screen that cannot be loaded says so, the header stays, and another screen still opens', async ({ page, context }) => {
  await signedInUser(context, 'chunk');
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.route('**/assets/ImportPage-*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: /Import a schedule/ }).first().click();
  const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This screen could not be loaded' }) });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Reload the page to get it.');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // Moving to another screen (in the app, no reload) clears the error.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toHaveCount(0);
});
