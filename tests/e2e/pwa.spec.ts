import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { useDistCopyServer } from './distCopyServer';
import { expectNoSeriousAxe } from './pageChecks';
import { signedInUser } from './session';

// /pwa (the device dashboard), /pwa-install, the header's offline indicator and the manifest's
// shortcuts, in the production build. Screenshots at 1280 and 390 px go to SHOTS_DIR when it is set.

// Installing the service worker downloads every precached chunk, and the data worker opens
// IndexedDB: both are slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const dist = resolve(process.cwd(), 'dist');

test.beforeEach(async ({ page }) => {
  test.skip(!existsSync(join(dist, 'sw.js')), 'dist/ is missing: run `npm run build` first.');
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
});

/** Full-page screenshots at 1280 and 390 px into SHOTS_DIR (nothing without it); back to 1280×720. */
async function shots(page: Page, name: string, target?: Locator): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (target) await target.screenshot({ path: join(dir, `${name}-${w}.png`) });
    else await page.screenshot({ path: join(dir, `${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `the page is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const figure = (section: Locator, name: string) => section.locator(`[data-figure="${name}"]`);

test('/pwa signed in: storage figures, persistence, the projects on this device and the service worker version', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(context, 'pwa');
  await page.goto('/pwa');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progressive Web App');
  await expect(page).toHaveTitle('Progressive Web App — Earnest');

  // Storage: the browser's estimate, formatted.
  const storage = page.getByRole('region', { name: 'Storage' });
  await expect(figure(storage, 'used')).toHaveText(/^[\d,.]+ (bytes|KB|MB|GB)$/);
  await expect(figure(storage, 'quota')).toHaveText(/^[\d,.]+ (MB|GB)$/);
  await expect(figure(storage, 'share')).toHaveText(/%$/);
  // The browser does give a quota here, so "Allowed" is a figure, not "Not stated".
  expect(await page.evaluate(async () => (await navigator.storage.estimate()).quota ?? 0)).toBeGreaterThan(0);

  // Persistence: a yes, or a no with the request to keep the data, which gets an answer.
  const persistence = storage.locator('[data-persistence]');
  await expect(persistence).toHaveText(/^(Yes|No)$/);
  if ((await persistence.textContent()) === 'No') {
    await storage.getByRole('button', { name: 'Keep Earnest’s data on this device' }).click();
    await expect(storage.getByRole('button', { name: 'Ask again' }).or(storage.locator('[data-persistence="persistent"]'))).toBeVisible();
  }

  // This account's projects on this device: the account page's own section.
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device).toContainText('No projects stored here.');

  // The service worker: active and controlling once installed, and the build this page runs.
  await controlledBySw(page);
  const version = page.getByRole('region', { name: 'App version' });
  await expect(figure(version, 'worker')).toHaveText('Active');
  await expect(version).toContainText('it opens and works with no connection');
  const build = (await figure(version, 'build').textContent()) ?? '';
  expect(build).toMatch(/^[0-9a-z]{6,10}$/);
  // The build id is the build's Date.now() in base 36: it was made when dist/ was written.
  const builtAt = parseInt(build, 36);
  expect(Math.abs(statSync(join(dist, 'index.html')).mtimeMs - builtAt)).toBeLessThan(10 * 60_000);
  await expect(version.getByRole('button', { name: 'Check for updates' })).toBeEnabled();

  await expectNoSeriousAxe(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shots(page, 'pwa');
});

test('/pwa: each project’s size, and "Clear this device" warns about changes not yet sent and needs a tick', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(context, 'pwa-clear');
  await page.goto('/app');
  await page.getByLabel('New project name').fill('Viaduct deck');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('link', { name: 'Viaduct deck', exact: true })).toBeVisible();
  // Offline (the service worker serves the app): a project made now stays on this device.
  await controlledBySw(page);
  await context.setOffline(true);
  await page.getByLabel('New project name').fill('Depot offline');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('link', { name: 'Depot offline', exact: true })).toBeVisible();
  await page.goto('/pwa');

  const device = page.getByRole('region', { name: 'This device' });
  await expect(device).toContainText('2 projects with 0 imports stored here.');
  const sizes = device.getByRole('table', { name: 'Projects on this device, largest first' });
  await expect(sizes.getByRole('row')).toHaveCount(3);
  await expect(sizes).toContainText('Viaduct deck');
  await expect(sizes).toContainText('Depot offline');
  await expect(sizes.locator('td[data-bytes]').first()).toHaveText(/^[\d,.]+ (bytes|KB)$/);
  await shots(page, 'pwa-device-sizes', device);

  await device.getByRole('button', { name: 'Clear this device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear this device?' });
  await expect(dialog).toContainText(/\d+ changes? on this device (has|have) not reached the server yet\. Clearing the device deletes (it|them) for good\./);
  await expect(dialog.locator('.sign-out-pending li').first()).toContainText('change');
  const clear = dialog.getByRole('button', { name: 'Clear this device' });
  await expect(clear).toBeDisabled();
  await expectNoSeriousAxe(page);
  await shots(page, 'pwa-clear-dialog');
  await dialog.getByRole('checkbox').check();
  await expect(clear).toBeEnabled();
  await clear.click();
  await expect(device).toContainText('No projects stored here.');
  await expect(sizes).toHaveCount(0);
  await context.setOffline(false);
});

test('/pwa signed out: says what it shows once signed in, and still shows storage and the service worker', async ({ page }) => {
  await page.goto('/pwa');
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device).toContainText('Sign in to see how many projects and imports your account keeps in this browser');
  await expect(device.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(figure(page.getByRole('region', { name: 'Storage' }), 'used')).toHaveText(/\d/);
  await controlledBySw(page);
  await expect(figure(page.getByRole('region', { name: 'App version' }), 'worker')).toHaveText('Active');
  await expectNoSeriousAxe(page);
  // Nothing runs off the side of a phone, the figure grids and long button labels included.
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await shots(page, 'pwa-signed-out');
});

test('offline: the header says so on site and app pages, without covering anything, and stops once online', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(context, 'offline');
  await page.goto('/');
  await controlledBySw(page);
  // The site's header, then the app's own (AppLayout.tsx) once in /app.
  const header = page.locator('header.site-header, header.app-header');
  const indicator = header.getByRole('status').filter({ hasText: 'Offline' });
  await expect(indicator).toHaveCount(0);

  await context.setOffline(true);
  try {
    await expect(indicator).toBeVisible();
    await expect(indicator).toContainText('no connection');
    await expectNoSeriousAxe(page);

    // At phone width it sits in the header's row beside the logo and the buttons, overlapping none.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = (await indicator.locator('.offline-indicator').boundingBox())!;
    for (const other of [header.locator('.brand'), header.getByRole('button', { name: 'Menu' }), header.locator('.header-tools > :not(.offline-status)').first()]) {
      const o = (await other.boundingBox())!;
      const overlaps = box.x < o.x + o.width && o.x < box.x + box.width && box.y < o.y + o.height && o.y < box.y + box.height;
      expect(overlaps, `the indicator overlaps ${await other.evaluate((e) => e.outerHTML.slice(0, 60))}`).toBe(false);
    }
    const headerBox = (await header.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
    await expectNoHorizontalOverflow(page);
    // The narrowest phones still fit the header's row.
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 700 });
      await expect(indicator).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await shots(page, 'offline-header', header);

    // In the app too (served from the precache while offline).
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(indicator).toBeVisible();
    await shots(page, 'offline-app');
  } finally {
    await context.setOffline(false);
  }
  await expect(indicator).toHaveCount(0);
  // The live region stays (so the next change is announced), empty.
  await expect(header.locator('.offline-status')).toHaveText('');
});

test('/pwa-install: the captured install prompt, its answer, the installed state, the steps and what works offline', async ({ page }) => {
  await page.goto('/pwa-install');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install Earnest');
  await expect(page).toHaveTitle('Install Earnest — Earnest');
  // Desktop Chrome: its steps come first, marked as this browser's.
  const guides = page.locator('[data-guide]');
  await expect(guides.first()).toHaveAttribute('data-guide', 'desktop');
  await expect(guides.first()).toContainText('Your browser');
  await expect(page.locator('[data-guide="ios"]')).toContainText('Tap Add to Home Screen');
  const offline = page.getByRole('region', { name: 'What works offline' });
  await expect(offline).toContainText('Importing schedules');
  await expect(offline).toContainText('Syncing projects with your team.');
  await expectNoSeriousAxe(page);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await shots(page, 'pwa-install');

  // Chromium's install event (fired here by hand: headless Chromium decides for itself whether to).
  const status = page.locator('[data-install-status]');
  const here = page.getByRole('region', { name: 'On this device' });
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  await expect(status).toHaveAttribute('data-install-status', 'prompt');
  await shots(page, 'pwa-install-prompt', here);
  await here.getByRole('button', { name: 'Install Earnest' }).click();
  await expect(status).toHaveText('Installing Earnest…');
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await expect(here.getByRole('button')).toHaveCount(0);

  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(status).toHaveText(/^Earnest is installed\./);
  await expect(here.getByText('Installed', { exact: true })).toBeVisible();
  await shots(page, 'pwa-install-installed', here);
});

test('the web manifest has the Projects and Import shortcuts, with icons that exist', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { shortcuts: { name: string; url: string; icons: { src: string; sizes: string }[] }[] };
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Projects', '/app'],
    ['Import', '/app/import'],
  ]);
  for (const s of manifest.shortcuts) {
    expect(s.icons.length).toBeGreaterThan(0);
    for (const icon of s.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  }
});

test.describe('an update waiting', () => {
  const updated = useDistCopyServer('earnest-pwa-update-');

  test('/pwa offers it with the update prompt’s own action, and still does after "Later"', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${updated.origin}/pwa`);
    await controlledBySw(page);
    const version = page.getByRole('region', { name: 'App version' });
    await expect(figure(version, 'worker')).toHaveText('Active');
    await version.getByRole('button', { name: 'Check for updates' }).click();
    await expect(version.getByRole('status')).toHaveText('This is the latest version.');

    updated.publishNewVersion();
    await version.getByRole('button', { name: 'Check for updates' }).click();
    const offer = version.getByRole('region', { name: 'Update available' });
    await expect(offer).toContainText('A new version is available.');

    // "Later" on the prompt hides the prompt, not the offer here: the new version still waits.
    const prompt = page.getByRole('region', { name: 'App update' });
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(offer).toBeVisible();
    await shots(page, 'pwa-update', version);

    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Progressive Web App');
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    await expect(figure(page.getByRole('region', { name: 'App version' }), 'worker')).toHaveText('Active');
  });
});
