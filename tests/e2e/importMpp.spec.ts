/**
 * A Microsoft Project .mpp file (issue 16) through the same import flow as every other schedule,
 * offline: the MPP reader is a chunk the import worker loads on demand, precached by the service
 * worker, so it must load with the network off. The corpus's Residential Construction plan
 * (MPP14, written by Project 2013), to the dashboard at phone and desktop widths.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { offlineInApp, signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const MPP = resolve(SAMPLES, 'mpp/aspose_Residential_Construction.mpp');

test.describe('an .mpp file, offline', () => {
  test.skip(!existsSync(MPP), `the sample corpus (${SAMPLES}) is absent`);

  for (const width of [390, 1440]) {
    test(`imports to the dashboard at ${width} px`, async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await signedInUser(context);
      await offlineInApp(page, context);
      try {
        await page.goto('/app/import');
        await page.getByTestId('file-input').setInputFiles(MPP);
        await expect(page.getByText('a Microsoft Project .mpp file (MPP14)')).toBeVisible({ timeout: 60_000 });
        const project = page.getByTestId('import-project');
        await expect(project).toContainText('Residential Construction');
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/mpp-summary-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
        await expect(page).toHaveURL(/\/app\/projects\//);
        await expect(page.locator('[data-metric="spi"]')).toBeVisible({ timeout: 60_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/mpp-dashboard-${width}.png`, fullPage: true });
      } finally {
        await context.setOffline(false);
      }
    });
  }
});
