/**
 * An Asta Powerproject .pp file (issue 16) through the same import flow as every other schedule,
 * offline: the SQLite form needs sql.js's WebAssembly, which the import worker loads on demand and
 * the service worker precaches, so it must work with the network off. The file is built from
 * MPXJ's documented table layouts (tests/unit/import/asta/build.ts), not a real Powerproject file:
 * no public one exists. The summary carries the "Asta support is new" notice.
 */
import { expect, test } from '@playwright/test';
import { ASTA_NOTICE } from '../../src/core/import/asta/build';
import { sqlitePp } from '../unit/import/asta/build';
import { offlineInApp, signedInUser } from './session';

test.describe('an Asta Powerproject SQLite .pp file, offline', () => {
  for (const width of [390, 1440]) {
    test(`imports to the dashboard at ${width} px`, async ({ page, context }) => {
      test.setTimeout(90_000);
      const pp = Buffer.from(await sqlitePp());
      await page.setViewportSize({ width, height: 900 });
      await signedInUser(context);
      await offlineInApp(page, context);
      try {
        await page.goto('/app/import');
        await page.getByTestId('file-input').setInputFiles({ name: 'Riverside Depot.pp', mimeType: 'application/octet-stream', buffer: pp });
        const project = page.getByTestId('import-project');
        await expect(project).toContainText('Riverside Depot', { timeout: 60_000 });
        await expect(page.getByText(ASTA_NOTICE)).toBeVisible();
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/asta-summary-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
        await expect(page).toHaveURL(/\/app\/projects\//);
        await expect(page.locator('[data-metric="spi"]')).toBeVisible({ timeout: 60_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/asta-dashboard-${width}.png`, fullPage: true });
      } finally {
        await context.setOffline(false);
      }
    });
  }
});
