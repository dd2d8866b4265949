/**
 * Thresholds and alerts (issue 14) in Chromium against the built app, on the Riverside fixture
 * as a progress report (tests/fixtures/README.md: CPI 80,000 / 89,500 = 0.894; CA-100 (Civils) CPI
 * 34,000 / 39,500 = 0.861; CA-200 (Mechanical) CPI 46,000 / 50,000 = 0.920): set a threshold and see the CPI card and
 * the alerts change, a bad threshold refused with its reason, acknowledge an alert and hide it,
 * filter by severity and by control account, and comment on an alert. Then the tab at 360 and
 * 1440 px in both themes: nothing overflows sideways, and axe finds nothing serious. All of it
 * offline, once the service worker has the app, and the alerts shown download as CSV.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expectNoSeriousAxe } from './pageChecks';
import { offlineInApp, signedInUser } from './session';

const expect = baseExpect.configure({ timeout: 30_000 });
// The Riverside schedule as a progress report (tests/fixtures/tables/README.md), with its control accounts.
const RIVERSIDE = resolve(import.meta.dirname, '../fixtures/tables/riverside-progress.csv');

async function importRiverside(page: Page): Promise<string> {
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles({ name: 'riverside-progress.csv', mimeType: 'text/csv', buffer: readFileSync(RIVERSIDE) });
  await page.getByRole('button', { name: 'Import with these columns' }).click();
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);
  await expect(page.locator('[data-metric="cpi"]')).toContainText('0.89', { timeout: 60_000 });
  return page.url();
}

/** The project's own CPI alert (its node is the project). */
const projectCpiAlert = (page: Page) => page.locator('.alert-inbox .alert').filter({ hasText: 'Project ·' }).filter({ hasText: 'CPI 0.89' });

async function noSidewaysOverflow(page: Page) {
  // What sticks out past the viewport, outside any scroll box (a table's own scroll is fine).
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const clipped = (e: Element): boolean => {
      for (let p = e.parentElement; p; p = p.parentElement) if (['auto', 'hidden', 'scroll', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1 && !clipped(e)).slice(0, 12).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(wide).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('set a threshold and see the card and alerts change; acknowledge, filter and comment', async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await signedInUser(context, 'alerts');
  // Everything below runs with the network cut, as on a site laptop with no signal.
  await offlineInApp(page, context);
  const overview = await importRiverside(page);

  // Defaults: CPI 0.894 is below red 0.90.
  await expect(page.locator('[data-metric="cpi"]')).toHaveAttribute('data-status', 'critical');
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(projectCpiAlert(page)).toHaveAttribute('data-rule', 'cpi-critical');
  // The defaults show where they come from.
  const cpiLevels = page.locator('.thresholds__grid').first().locator('[data-metric="cpi"]');
  await cpiLevels.getByText('Source').click();
  await expect(cpiLevels).toContainText('ProjectFlightDeck ES Exchange, 2021');
  await expect(page.locator('[data-metric="cvPct"]').first()).toContainText('DI-MGMT-81861');

  // A red level below the amber one is refused, with the reason, and nothing changes.
  await page.getByLabel('CPI: amber level', { exact: true }).fill('0.8');
  await page.getByLabel('CPI: red level', { exact: true }).fill('0.85');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.locator('.thresholds').getByRole('alert')).toContainText(
    'Project: the amber level of CPI (0.8) must be less severe than the red level (0.85), so above it: amber warns before red. Change one of them.',
  );
  await expect(projectCpiAlert(page)).toHaveAttribute('data-rule', 'cpi-critical');

  // Red at 0.85: CPI 0.894 is now amber, on the alerts and on the card.
  await page.getByLabel('CPI: amber level', { exact: true }).fill('0.95');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thresholds saved' })).toBeVisible();
  await expect(projectCpiAlert(page)).toHaveAttribute('data-rule', 'cpi-warning');
  await expect(page.getByLabel('CPI: red level', { exact: true })).toHaveValue('0.85');

  // Acknowledge it with a note: who and when are shown; it can be hidden.
  await projectCpiAlert(page).getByRole('button', { name: /^Acknowledge/ }).click();
  await projectCpiAlert(page).getByLabel(/Note \(optional\)/).fill('Invoices posted twice; credit note due.');
  await projectCpiAlert(page).getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(projectCpiAlert(page).locator('.alert__ack')).toContainText(`Acknowledged by ${user.email}`);
  await expect(projectCpiAlert(page).locator('.alert__ack')).toContainText('Invoices posted twice; credit note due.');
  await page.getByLabel('Hide acknowledged').check();
  await expect(projectCpiAlert(page)).toHaveCount(0);
  await page.getByLabel('Hide acknowledged').uncheck();
  await expect(projectCpiAlert(page)).toHaveCount(1);

  // The alerts shown as CSV, offline: a row per alert, the acknowledgement with its note.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of the alerts shown' }).click()]);
  expect(download.suggestedFilename()).toMatch(/ - Alerts - \d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength((await page.locator('.alert-inbox .alert').count()) + 1);
  expect(lines.find((l) => l.includes('Invoices posted twice; credit note due.'))).toContain(user.email);

  // Severity filter: only critical ones, then only warnings.
  const items = page.locator('.alert-inbox .alert');
  await page.getByLabel('Severity').selectOption('critical');
  await expect(items.first()).toBeVisible();
  expect(await items.evaluateAll((els) => els.every((e) => e.getAttribute('data-severity') === 'critical'))).toBe(true);
  await page.getByLabel('Severity').selectOption('warning');
  await expect(projectCpiAlert(page)).toHaveCount(1);
  expect(await items.evaluateAll((els) => els.every((e) => e.getAttribute('data-severity') === 'warning'))).toBe(true);
  await page.getByLabel('Severity').selectOption('all');

  // By control account: CA-100 only.
  await page.getByRole('button', { name: 'List them by control account' }).click();
  const account = page.getByRole('combobox', { name: 'Control account', exact: true });
  await expect(account).toBeVisible();
  await account.selectOption({ label: await account.locator('option', { hasText: 'CA-100' }).first().innerText() });
  await expect(items.first()).toBeVisible();
  expect(await items.evaluateAll((els) => els.every((e) => e.getAttribute('data-node') === 'CA-100'))).toBe(true);
  // Civils' CPI 0.861 is above the project's red 0.85: amber.
  await expect(items.filter({ hasText: 'CPI 0.86' })).toHaveAttribute('data-severity', 'warning');

  // Civils' own levels: red below 0.90 there, so its CPI turns red; Mechanical keeps the project's.
  await page.getByLabel('Control account for its own levels').selectOption('CA-100');
  await page.getByRole('button', { name: 'Give it its own levels' }).click();
  const override = page.locator('[data-account="CA-100"]');
  await override.locator('[data-metric="cpi"]').getByLabel(/red level/).fill('0.9');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thresholds saved' })).toBeVisible();
  await expect(items.filter({ hasText: 'CPI 0.86' })).toHaveAttribute('data-severity', 'critical');

  // Comment on the alert: the thread opens on it, and its button counts the comment.
  const civilsCpi = items.filter({ hasText: 'CPI 0.86' });
  await civilsCpi.getByRole('button', { name: /^Comment on/ }).click();
  const composer = page.getByLabel(/^Add a comment on/);
  await expect(composer).toBeFocused();
  await composer.fill('Concrete pour overran; CAM to re-plan.');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.locator('.project-comments')).toContainText('Concrete pour overran; CAM to re-plan.');
  await expect(civilsCpi.getByRole('button', { name: /1 open comment on/ })).toBeVisible();

  // The overview's CPI card follows the project's levels: amber now.
  await page.goto(overview);
  await expect(page.locator('[data-metric="cpi"]')).toHaveAttribute('data-status', 'warning');

  // The tab at a phone's width and a desktop's, light and dark: nothing sideways, nothing serious for axe.
  await page.goto(`${overview}/alerts`);
  await expect(page.locator('.alert-inbox .alert').first()).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('vite-ui-theme', t), theme);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator('.alert-inbox .alert').first()).toBeVisible();
      await expect(page.locator('.thresholds__grid').first()).toBeVisible();
      await noSidewaysOverflow(page);
      if (process.env.E2E_SCREENSHOTS) {
        // A screenful at the alerts, and one at the thresholds, for a person to look at.
        const essential = page.getByRole('region', { name: 'Cookie Settings' }).getByRole('button', { name: 'Essential Only' });
        if (await essential.isVisible()) await essential.click();
        for (const [name, at] of [['alerts', '#alerts-heading'], ['thresholds', '#thresholds-heading']] as const) {
          await page.evaluate((sel) => window.scrollTo(0, (document.querySelector(sel)?.getBoundingClientRect().top ?? 0) + window.scrollY - 80), at);
          await page.screenshot({ path: `test-results/${name}-${theme}-${width}.png` });
        }
      }
    }
    await expectNoSeriousAxe(page, '.project-tab');
  }
});
