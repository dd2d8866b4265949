/**
 * Import end to end in Chromium against the built app and the real server, with the network off:
 * a P6 XER from the sample corpus to its dashboard, and a CSV period table whose mapping the user
 * corrects. The user signs up through the API first, as a returning visitor would have.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');

async function signedInAndOffline(page: Page, context: BrowserContext) {
  await signedInUser(context);
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
}

test.describe('importing with the network off', () => {
  test.skip(!existsSync(XER), `the sample corpus (${SAMPLES}) is absent`);

  test('a P6 XER: progress, summary, then the dashboard with SPI and CPI', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signedInAndOffline(page, context);
    try {
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(XER);
      const project = page.getByTestId('import-project');
      await expect(project).toContainText('HS2-LWM-IMP-040-20', { timeout: 60_000 });
      await expect(project).toContainText('3,994');
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page).toHaveURL(/\/app\/projects\//);
      const spi = page.locator('[data-metric="spi"]');
      const cpi = page.locator('[data-metric="cpi"]');
      await expect(spi).toContainText(/\d\.\d\d/, { timeout: 60_000 });
      await expect(cpi).toContainText(/\d\.\d\d/);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/dashboard-xer.png', fullPage: true });
      // The project is listed, stored on this device.
      await page.goto('/app');
      await expect(page.getByRole('link', { name: 'ENABLING WORKS WORK PACKAGE STRATEGY P10 : AREA CENTRAL' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test('a CSV period table: review the mapping, see the result, correct one column, see it change', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signedInAndOffline(page, context);
  try {
    await page.goto('/app/import');
    const csv = [
      'Period end,Planned,Earned,Actual,Actual incl. accruals',
      '31/01/2025,100000,80000,90000,95000',
      '28/02/2025,250000,200000,230000,240000',
      '31/03/2025,450000,380000,420000,450000',
      '30/04/2025,700000,,,',
      '31/05/2025,900000,,,',
      '30/06/2025,1000000,,,',
    ].join('\n');
    await page.getByTestId('file-input').setInputFiles({ name: 'monthly-ev.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('heading', { name: 'Check the columns of monthly-ev.csv' })).toBeVisible();
    await expect(page.getByTestId('map-Actual')).toHaveValue('actualCost');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/mapping-review.png', fullPage: true });
    await page.getByRole('radio', { name: /cumulative \(running totals\)/ }).check();
    await page.getByRole('button', { name: 'Analyse this table' }).click();
    // CPI = EV / AC = 380,000 / 420,000 = 0.905 at March, the last row with EV and AC.
    const cpi = page.locator('[data-metric="cpi"]');
    await expect(cpi).toContainText('0.90');

    await page.getByRole('button', { name: 'Change the column mapping' }).click();
    await page.getByTestId('map-Actual incl. accruals').selectOption({ label: 'actual cost (AC, ACWP)' });
    // The displaced column is left unmapped rather than feeding AC twice.
    await expect(page.getByTestId('map-Actual')).toHaveValue('');
    await page.getByRole('radio', { name: /cumulative \(running totals\)/ }).check();
    await page.getByRole('button', { name: 'Analyse this table' }).click();
    // Now AC = 450,000: CPI = 380,000 / 450,000 = 0.844.
    await expect(cpi).toContainText('0.84');

    // Kept as a project: its dashboard reads the stored table, and the list shows it.
    await page.getByRole('button', { name: 'Save as a project' }).click();
    await expect(page).toHaveURL(/\/app\/projects\//);
    await expect(page.locator('[data-metric="cpi"]')).toContainText('0.84');
    await page.goto('/app');
    await expect(page.getByRole('link', { name: 'monthly-ev' })).toBeVisible();

    // The same columns again: the correction is remembered and applied, and the user is told.
    await page.goto('/app/import');
    await page.getByTestId('file-input').setInputFiles({ name: 'april-ev.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('Your corrections from a file with the same columns have been applied.')).toBeVisible();
    await expect(page.getByTestId('map-Actual incl. accruals')).toHaveValue('actualCost');
    await expect(page.getByTestId('map-Actual')).toHaveValue('');
  } finally {
    await context.setOffline(false);
  }
});

test('bad files get a specific message, the app keeps working and nothing is stored', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signedInAndOffline(page, context);
  try {
    await page.goto('/app/import');
    const alert = page.getByRole('alert');
    const junk = Buffer.alloc(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
    await page.getByTestId('file-input').setInputFiles({ name: 'programme.xer', mimeType: 'application/octet-stream', buffer: junk });
    await expect(alert).toContainText('programme.xer: this is binary data that is not a schedule format Earnest reads.');
    await expect(alert).toContainText('Nothing already stored was changed.');

    await page.getByRole('button', { name: 'Try another file' }).click();
    // A truncated XER: the header and the start of a table, then nothing.
    await page.getByTestId('file-input').setInputFiles({ name: 'cut.xer', mimeType: 'text/plain', buffer: Buffer.from('ERMHDR\t20.12\t2024-01-01\n%T\tPROJECT\n%F\tproj_id\tproj_short_name\n%R\t1') });
    await expect(alert).toContainText('cut.xer');

    await page.getByRole('button', { name: 'Try another file' }).click();
    if (existsSync(resolve(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'))) {
      await page.getByTestId('file-input').setInputFiles(resolve(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'));
      await expect(alert).toContainText('this is a Microsoft Project .mpp file (MPP14). Earnest recognises it, but its .mpp reader is still to come');
      await page.getByRole('button', { name: 'Try another file' }).click();
    }
    // The drop zone is back and the project list holds nothing from these attempts.
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('link', { name: /programme|cut/ })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
