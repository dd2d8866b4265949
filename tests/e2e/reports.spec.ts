/**
 * The Reports tab end to end in Chromium against the built app, with the network off: a P6 XER
 * from the sample corpus is imported, then the PDF (Letter) and the Excel workbook are made in the
 * data worker and downloaded. The files are read back in Node: the PDF's text (pdf.js) holds the
 * SPI and CPI the Overview shows, the workbook (SheetJS) the measures. The tab's content fits 360 px
 * and 1440 px in both themes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { num, pdfText, readWorkbook, rowsOf } from '../unit/report/readBack';
import { signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');

async function downloadFrom(page: Page): Promise<{ name: string; bytes: Uint8Array }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('make-report').click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(path)) };
}

test.describe('reports with the network off', () => {
  test.skip(!existsSync(XER), `the sample corpus (${SAMPLES}) is absent`);

  test('downloads the PDF status report and the Excel workbook, which hold the figures on screen', async ({ page, context }) => {
    test.setTimeout(240_000);
    await signedInUser(context);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      await page.goto('/app/import');
      await page.getByTestId('file-input').setInputFiles(XER);
      await expect(page.getByTestId('import-project')).toContainText('HS2-LWM-IMP-040-20', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page).toHaveURL(/\/app\/projects\//);
      const spi = page.locator('[data-metric="spi"] .metric-card__value');
      const cpi = page.locator('[data-metric="cpi"] .metric-card__value');
      await expect(spi).toHaveText(/^\d\.\d\d$/, { timeout: 60_000 });
      const shown = { spi: (await spi.textContent())!.trim(), cpi: (await cpi.textContent())!.trim(), bac: (await page.locator('[data-metric="bac"] .metric-card__value').textContent())!.trim() };

      await page.getByRole('link', { name: 'Reports', exact: true }).click();
      await expect(page).toHaveURL(/\/reports$/);
      await page.getByRole('radio', { name: 'US Letter' }).check();
      const pdf = await downloadFrom(page);
      expect(pdf.name).toMatch(/status 2017-09-16\.pdf$/);
      await expect(page.getByTestId('report-made')).toContainText(pdf.name);
      const text = await pdfText(pdf.bytes);
      expect(text.sizes[0]).toEqual({ width: 612, height: 792 });
      expect(text.text).toContain('Status date 16 Sep 2017');
      for (const figure of Object.values(shown)) expect(text.text).toContain(figure);

      await page.getByRole('radio', { name: /Excel workbook/ }).check();
      await expect(page.getByRole('radio', { name: 'US Letter' })).toHaveCount(0);
      const xlsx = await downloadFrom(page);
      expect(xlsx.name).toMatch(/status 2017-09-16\.xlsx$/);
      const wb = readWorkbook(xlsx.bytes);
      expect(wb.SheetNames).toEqual(expect.arrayContaining(['Measures', 'Breakdown', 'Periods', 'Cash flow', 'Alerts', 'Commentary', 'Activities']));
      const rows = rowsOf(wb.Sheets.Measures);
      const cpiCell = wb.Sheets.Measures[`C${rows.findIndex((r) => r[0] === 'CPI') + 1}`];
      expect(cpiCell.f).toMatch(/^C\d+\/C\d+$/);
      expect(cpiCell.w).toBe(shown.cpi);
      expect(num(wb.Sheets.Measures, `C${rows.findIndex((r) => r[0] === 'EV') + 1}`)).toBeGreaterThan(0);
      expect(rowsOf(wb.Sheets.Activities).length - 1).toBe(3994);

      // The tab fits a phone and a wide screen, light and dark.
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [360, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          // This tab's own content (the shell's header and tabs are the layout's, checked by its own spec).
          const overflow = await page.locator('section.reports').evaluate((el) => {
            const inside = [el, ...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right);
            return Math.max(el.scrollWidth - el.clientWidth, Math.max(...inside) - window.innerWidth);
          });
          expect(overflow, `${scheme} at ${width} px`).toBeLessThanOrEqual(0);
          if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/reports-${scheme}-${width}.png`, fullPage: true });
        }
      }
    } finally {
      await context.setOffline(false);
    }
  });
});
