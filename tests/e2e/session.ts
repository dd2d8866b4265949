import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * A real account for tests that need the signed-in app: signed up through the API (the refresh
 * cookie lands in the browser context, which shares cookies with `context.request`) and recorded
 * as the stored session, as a returning visitor's browser would have it.
 */
export async function signedInUser(context: BrowserContext, name = 'planner'): Promise<{ id: string; email: string }> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await context.request.post('/api/auth/signup', { data: { email, password: 'correct horse battery staple' } });
  expect(res.status()).toBe(201);
  const user = ((await res.json()) as { user: { id: string; email: string } }).user;
  await context.addInitScript((u) => {
    if (!localStorage.getItem('earnest-session')) localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 }));
  }, { id: user.id, email: user.email });
  return user;
}

/**
 * Cuts the network once the service worker controls the app (so everything after runs as on a site
 * laptop with no signal): the features of the signed-in app must all work from the device alone.
 */
export async function offlineInApp(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
}
