/**
 * MS Project's fixed cost accrual where the app explains PV (issue 16): the corpus's
 * mpxj_timephased-fixed-cost.mpp imported offline, and the PV card's "show the math" saying which
 * fixed costs are planned at the start or finish and why the current fixed cost is used. At 360 px
 * and 1440 px (dark and light), with the explanation open: nothing runs off the side. The figures
 * themselves are checked in tests/unit/evm/fixedCostAccrual*.test.ts.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { offlineInApp, signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const FILE = resolve(SAMPLES, 'mpp/mpxj_timephased-fixed-cost.mpp');

test.skip(!existsSync(FILE), `the sample corpus (${SAMPLES}) is absent`);

test('the PV card explains MS Project fixed cost accrual, light at 1440 px and dark at 360 px', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInUser(context);
  await offlineInApp(page, context);
  try {
    await page.goto('/app/import');
    await page.getByTestId('file-input').setInputFiles(FILE);
    const project = page.getByTestId('import-project');
    await expect(project).toContainText('timephased-fixed-cost', { timeout: 60_000 });
    // A status date inside the tasks (they run Wed 11 – Tue 17 Feb 2026).
    await project.getByLabel('Status date').fill('2026-02-13');
    await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
    await expect(page).toHaveURL(/\/app\/projects\//);
    const pvCard = page.locator('[data-metric="pv"]');
    await expect(pvCard).toBeVisible({ timeout: 60_000 });

    // Overflow depends on the width, not the theme: each theme once, at one of the two widths.
    for (const [theme, width] of [['light', 1440], ['dark', 360]] as const) {
      await page.evaluate((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(pvCard).toBeVisible({ timeout: 60_000 });
      const essential = page.getByRole('region', { name: 'Cookie Settings' }).getByRole('button', { name: 'Essential Only' });
      if (await essential.isVisible()) await essential.click();
      await pvCard.getByRole('button', { name: 'How is PV computed?' }).click();
      const note = page.getByText("PV follows MS Project's fixed cost accrual: 6 activities plan their fixed cost");
      await expect(note).toBeVisible();
      await expect(page.getByText('3 at the start and 3 at the finish', { exact: false })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${theme} ${width}px`).toBeLessThanOrEqual(0);
      await note.scrollIntoViewIfNeeded();
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/pv-accrual-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
    }
  } finally {
    await context.setOffline(false);
  }
});
