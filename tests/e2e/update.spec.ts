import { expect, test } from '@playwright/test';
import { useDistCopyServer } from './distCopyServer';

const updated = useDistCopyServer('earnest-update-');

test('a new service worker waits and the prompt offers Reload / Later', async ({ page }) => {
  await page.goto(`${updated.origin}/features`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // First install: ready offline, no update prompt.
  await expect(page.getByText('Earnest is ready to work offline.')).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  // Publish a new version and let the page find it (the hourly check calls update() the same way).
  updated.publishNewVersion();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByRole('region', { name: 'App update' });
  await expect(prompt).toContainText('A new version is available');
  // It waits: the old worker still controls the page until the user agrees.
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

  // Later hides the prompt and changes nothing.
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

  // A fresh load still sees the waiting worker and asks again; Reload activates it.
  await page.reload();
  await expect(prompt).toContainText('A new version is available');
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting))
    .toBe(false);
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});
