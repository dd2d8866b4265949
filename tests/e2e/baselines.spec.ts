/**
 * Baselines (issue 14) in Chromium against the built app: import a synthetic P6 schedule, set its
 * current dates and budgets as a baseline, make it the PMB (after the confirmation) and see BAC on
 * the Overview change, then compare the file's baseline with the current status. The tab is checked
 * at 360 px and 1440 px in both themes: nothing overflows sideways. All of it offline, once the
 * service worker has the app.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { encodeSingleByte } from '../../src/core/import/encoding';
import { syntheticSchedule } from '../../src/core/model/synthetic';
import { writeXer } from '../../src/core/model/writers/xer';
import { expectNoSeriousAxe } from './pageChecks';
import { offlineInApp, signedInUser } from './session';

const expect = baseExpect.configure({ timeout: 30_000 });

function xerFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'earnest-baselines-')), 'tower.xer');
  writeFileSync(file, encodeSingleByte(writeXer(syntheticSchedule({ activities: 300, seed: 9, statusAt: 0.5 })), 'windows-1252'));
  return file;
}

async function noSidewaysOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('set current as baseline, make it the PMB and see BAC change, then compare', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(context, 'baselines');
  // Everything below runs with the network cut, as on a site laptop with no signal.
  await offlineInApp(page, context);
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(xerFile());
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\//);
  const bac = page.locator('[data-metric="bac"]');
  await expect(bac).toContainText(/\d/);
  const bacBefore = (await bac.textContent()) ?? '';

  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Baselines' }).click();
  await expect(page.getByRole('heading', { name: 'Baselines', exact: true })).toBeVisible();
  const builtIn = page.locator('tr[data-baseline="latest-file"]');
  await expect(builtIn).toContainText('Baseline in the latest import');
  await expect(builtIn).toContainText('PMB');

  await page.getByRole('button', { name: 'Set current as baseline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'saved as a baseline' })).toBeVisible();
  const mine = page.locator('tbody tr').filter({ hasText: 'Current plan' });
  await expect(mine).toContainText('Current dates and budgets of tower.xer');

  await mine.getByRole('button', { name: /^Make PMB/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the performance measurement baseline?' });
  await expect(dialog).toContainText('The project’s figures will change');
  await dialog.getByRole('button', { name: 'Make it the PMB' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is now the performance measurement baseline' })).toBeVisible();
  await expect(mine.locator('.badge')).toHaveText('PMB');
  await expect(builtIn.locator('.badge')).toHaveCount(0);

  await tabs.getByRole('link', { name: 'Overview' }).click();
  await expect(bac).toContainText(/\d/);
  await expect(bac).not.toHaveText(bacBefore);
  // Among the notes on the figures (folded away until opened).
  await expect(page.getByText('PV and BAC are measured against the performance measurement baseline')).toBeAttached();

  await tabs.getByRole('link', { name: 'Baselines' }).click();
  await page.getByLabel('From (A)').selectOption({ label: 'Baseline in the latest import' });
  await page.getByLabel('To (B)').selectOption({ label: 'Current status (latest import)' });
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const result = page.locator('[data-compare]');
  await expect(result.getByRole('heading', { name: 'Current status against Baseline in the latest import' })).toBeVisible();
  await expect(result.locator('[data-summary="changed"]')).toContainText(/[1-9][\d,]* changed/);
  await expect(result.locator('tbody tr').first()).toBeVisible();
  const budgetHeader = result.getByRole('columnheader', { name: /Budget Δ/ });
  // The table kit's sort: ascending first, then descending.
  await budgetHeader.getByRole('button').click();
  await expect(budgetHeader).toHaveAttribute('aria-sort', 'ascending');
  await budgetHeader.getByRole('button').click();
  await expect(budgetHeader).toHaveAttribute('aria-sort', 'descending');
  await result.getByRole('button', { name: 'WBS', exact: true }).click();
  await expect(result.getByRole('columnheader', { name: /Worst slip/ })).toBeVisible();
  // No serious accessibility problem on the tab, the comparison included.
  await expectNoSeriousAxe(page, '.baselines');

  // The cookie banner would cover the screenshots.
  const cookies = page.getByRole('button', { name: 'Essential Only' });
  if (await cookies.isVisible()) await cookies.click();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('vite-ui-theme', t), theme);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator('tr[data-baseline="latest-file"]')).toBeVisible();
      await page.getByLabel('From (A)').selectOption({ label: 'Baseline in the latest import' });
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await expect(page.locator('[data-compare] tbody tr').first()).toBeVisible();
      await noSidewaysOverflow(page);
      if (process.env.E2E_SCREENSHOTS) {
        await page.getByRole('heading', { name: 'Baselines', exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/baselines-${theme}-${width}-list.png` });
        await page.locator('[data-compare]').scrollIntoViewIfNeeded();
        await page.locator('[data-compare]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `test-results/baselines-${theme}-${width}-compare.png` });
      }
    }
  }
});
