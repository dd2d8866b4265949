/**
 * Import end to end in Chromium against the built app and the real server, with the network off:
 * a P6 XER from the sample corpus to its dashboard, and a CSV period table whose mapping the user
 * corrects. The user signs up through the API first, as a returning visitor would have.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
/** MS Project XML with no <StatusDate> and no actual dates; <CurrentDate>2003-02-19T08:00:00</CurrentDate>. */
const MSPDI_NO_STATUS = resolve(SAMPLES, 'mspdi/mpxj_legacy_sample.xml');

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
      // last_recalc_date 2017-09-16 00:00: the day P6 shows, on every screen below (issue 12, item 4).
      await expect(project.getByText("Status date 16 Sep 2017 — the file's status date")).toBeVisible();
      await expect(page.getByLabel('Status date')).toHaveValue('2017-09-16');
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page).toHaveURL(/\/app\/projects\//);
      const spi = page.locator('[data-metric="spi"]');
      const cpi = page.locator('[data-metric="cpi"]');
      await expect(spi).toContainText(/\d\.\d\d/, { timeout: 60_000 });
      await expect(cpi).toContainText(/\d\.\d\d/);
      await expect(page.getByText('Status at 16 Sep 2017 · measured in')).toBeVisible();
      await expect(page.locator('.dashboard-view__meta')).toContainText('Status at 16 Sep 2017');
      await expect(page.getByText("Status date 16 Sep 2017 — the file's status date")).toBeVisible();
      await expectHistory(page, '16 Sep 2017');
      await expect(page.getByText('As at 16 Sep 2017,')).toBeVisible();
      await expect(page.getByText(/15 Sep 2017/)).toHaveCount(0);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: 'test-results/dashboard-xer.png', fullPage: true });
      // The project is listed, stored on this device, at the same data date.
      await page.goto('/app');
      await expect(page.getByRole('link', { name: 'ENABLING WORKS WORK PACKAGE STRATEGY P10 : AREA CENTRAL' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'ENABLING WORKS WORK PACKAGE STRATEGY' })).toContainText('16 Sep 2017');
    } finally {
      await context.setOffline(false);
    }
  });
});

/**
 * The project's History tab lists `has` (and not `hasNot`); then back to the Overview. The chosen
 * analysis date is the project's, so it stays across tabs.
 */
async function expectHistory(page: Page, has: string, hasNot?: string): Promise<void> {
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'History' }).click();
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Status history' }) });
  await expect(card).toContainText(has);
  if (hasNot) await expect(card).not.toContainText(hasNot);
  await tabs.getByRole('link', { name: 'Overview' }).click();
}

test.describe('a file with no status date (issue 12, item 2)', () => {
  test.skip(!existsSync(MSPDI_NO_STATUS), `the sample corpus (${SAMPLES}) is absent`);

  test('the import summary proposes a status date and says why; the chosen date is saved; the dashboard re-analyses at another', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signedInAndOffline(page, context);
    try {
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(MSPDI_NO_STATUS);
      const project = page.getByTestId('import-project');
      const field = project.getByLabel('Status date');
      await expect(field).toHaveValue('2003-02-19', { timeout: 60_000 });
      await expect(project.getByText("Status date 19 Feb 2003 — MS Project's current date; the file has no status date")).toBeVisible();
      /** Screenshots at desktop and phone widths; `around` is scrolled into view and the visible part kept. */
      const shoot = async (name: string, around?: Locator) => {
        if (!process.env.E2E_SCREENSHOTS) return;
        // The cookie banner would cover the control in the picture.
        const essential = page.getByRole('region', { name: 'Cookie Settings' }).getByRole('button', { name: 'Essential Only' });
        if (await essential.isVisible()) await essential.click();
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          if (around) await around.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: !around });
        }
        await page.setViewportSize({ width: 1280, height: 720 });
      };
      await shoot('import-summary-status-date');

      // An empty date blocks saving with a message; another day is the user's choice.
      const save = page.getByRole('button', { name: 'Save and open the dashboard' });
      await field.fill('');
      await expect(project.getByRole('alert')).toHaveText('Enter the status date: day, month and year.');
      await expect(save).toBeDisabled();
      await field.fill('2003-03-05');
      await expect(project.getByText("Status date 5 Mar 2003 — chosen by you (proposed: 19 Feb 2003, MS Project's current date; the file has no status date)")).toBeVisible();
      await save.click();

      // The dashboard opens at the chosen date, and says where it came from.
      await expect(page).toHaveURL(/\/app\/projects\//);
      await expect(page.getByText('Status at 5 Mar 2003 · measured in')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('pass a data date')).toHaveCount(0);
      const control = page.getByRole('form', { name: 'Status date' });
      await expect(control.getByText('Status date 5 Mar 2003 — chosen when the file was imported')).toBeVisible();
      await expectHistory(page, '5 Mar 2003');

      // Re-analysed at another date: the figures move, the stored import does not.
      await control.getByLabel('Status date').fill('2003-03-19');
      await control.getByRole('button', { name: 'Re-analyse' }).click();
      await expect(page.getByText('Status at 19 Mar 2003 · measured in')).toBeVisible({ timeout: 30_000 });
      await expect(control.getByText('Status date 19 Mar 2003 — the date chosen for this analysis; the saved import stays at 5 Mar 2003')).toBeVisible();
      await expectHistory(page, '5 Mar 2003', '19 Mar 2003');
      await shoot('dashboard-status-date', control);

      // A bad date is answered beside the field; the page and its figures stay.
      await control.getByLabel('Status date').fill('');
      await control.getByRole('button', { name: 'Re-analyse' }).click();
      await expect(control.getByRole('alert')).toHaveText('Enter the status date: day, month and year.');
      await expect(page.getByText('Status at 19 Mar 2003 · measured in')).toBeVisible();
      await expect(page.locator('[data-metric="spi"]')).toBeVisible();

      await control.getByRole('button', { name: 'Back to 5 Mar 2003' }).click();
      await expect(page.getByText('Status at 5 Mar 2003 · measured in')).toBeVisible({ timeout: 30_000 });
      await expect(control.getByText('Status date 5 Mar 2003 — chosen when the file was imported')).toBeVisible();
      // The projects list shows the saved date too.
      await page.goto('/app');
      await expect(page.getByRole('row').filter({ hasText: 'sample' }).first()).toContainText('5 Mar 2003');
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
      // A .mpp cut in half (a download that stopped): the reader, loaded on demand, says so.
      const mpp = readFileSync(resolve(SAMPLES, 'mpp/mpxj_mpp14resource.mpp'));
      await page.getByTestId('file-input').setInputFiles({ name: 'cut.mpp', mimeType: 'application/vnd.ms-project', buffer: mpp.subarray(0, mpp.length >> 1) });
      await expect(alert).toContainText('cut.mpp: this .mpp file is damaged or incomplete');
      await expect(alert).toContainText('Open it in Microsoft Project and save it again');
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
