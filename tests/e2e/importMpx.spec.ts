/**
 * An MPX file (issue 16) through the same import flow as every other schedule, offline: the MPX
 * reader is a chunk the import worker loads on demand, precached by the service worker, so it
 * must load with the network off. Progress, summary (status date proposed from MS Project's
 * current date, since MPX has none), then the dashboard; at phone and desktop widths.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { offlineInApp, signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
/** The MPXJ legacy sample: title "sample", 16 tasks, current date Wed 15/01/03, no status date. */
const MPX = resolve(SAMPLES, 'other/mpxj_legacy_sample.mpx');

test.describe('an MPX file, offline', () => {
  test.skip(!existsSync(MPX), `the sample corpus (${SAMPLES}) is absent`);

  for (const width of [390, 1440]) {
    test(`imports to the dashboard at ${width} px`, async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await signedInUser(context);
      await offlineInApp(page, context);
      try {
        await page.goto('/app/import');
        await page.getByTestId('file-input').setInputFiles(MPX);
        const project = page.getByTestId('import-project');
        await expect(project).toContainText('sample', { timeout: 60_000 });
        await expect(project).toContainText('16');
        await expect(project.getByLabel('Status date')).toHaveValue('2003-01-15');
        await expect(project.getByText("Status date 15 Jan 2003 — MS Project's current date; the file has no status date")).toBeVisible();
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/mpx-summary-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
        await expect(page).toHaveURL(/\/app\/projects\//);
        await expect(page.getByText('Status at 15 Jan 2003 · measured in')).toBeVisible({ timeout: 60_000 });
        await expect(page.locator('[data-metric="spi"]')).toBeVisible();
        // Nothing runs off the side of the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/mpx-dashboard-${width}.png`, fullPage: true });
      } finally {
        await context.setOffline(false);
      }
    });
  }
});
