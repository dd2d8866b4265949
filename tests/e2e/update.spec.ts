import { expect, test } from '@playwright/test';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';

// A private server on its own port (so its own origin and service worker) serving a copy of
// dist/, whose sw.js the test changes to publish a "new version".
let server: Server;
let dir: string;
let origin: string;

test.beforeAll(async () => {
  const dist = resolve(process.cwd(), 'dist');
  test.skip(!existsSync(join(dist, 'sw.js')), 'dist/ is missing: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'earnest-update-'));
  cpSync(dist, dir, { recursive: true });
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data') });
  const app = createApp({ config, staticDir: dir });
  await new Promise<void>((done) => {
    server = app.listen(0, '127.0.0.1', () => done());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  if (server) await new Promise<void>((done) => server.close(() => done()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a new service worker waits and the prompt offers Reload / Later', async ({ page }) => {
  await page.goto(`${origin}/features`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // First install: ready offline, no update prompt.
  await expect(page.getByText('Earnest is ready to work offline.')).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  // Publish a new version and let the page find it (the hourly check calls update() the same way).
  appendFileSync(join(dir, 'sw.js'), '\n// new version\n');
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
