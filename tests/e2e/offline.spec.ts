import { expect, test } from '@playwright/test';

test('the app works offline once the service worker controls the page', async ({ page, context }) => {
  // Installing the service worker downloads every precached chunk first: slow on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Know where your project really stands');

  // Installed (precache complete), active, and controlling this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  try {
    // Reload offline: the shell and the home chunk come from the precache.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Know where your project really stands');

    // Client-side navigation to a lazy route never loaded online.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');

    // Direct navigation (a reload of a deep link) offline: the SW answers with index.html.
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
    await page.goto('/blog/category/scheduling');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts in Scheduling');

    // The API is never answered from a cache: offline, the request fails.
    const api = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/health', { cache: 'no-store' });
        return `status ${res.status}`;
      } catch {
        return 'failed';
      }
    });
    expect(api).toBe('failed');
  } finally {
    await context.setOffline(false);
  }

  // Back online, the API answers from the server.
  const online = await page.evaluate(async () => (await fetch('/api/health')).json());
  expect(online.status).toBe('ok');
});

test('navigations to server paths are not swallowed by the app shell', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Online, a navigation to an unknown API path reaches the server (JSON 404), not index.html.
  const response = await page.goto('/api/not-a-thing');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toMatch(/application\/json/);
  expect(await page.locator('body').textContent()).toContain('"error":"Not found"');
});

test.describe('control: without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('an offline reload fails (so the test above really exercises the service worker)', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    try {
      await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    } finally {
      await context.setOffline(false);
    }
  });
});
