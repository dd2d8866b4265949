/**
 * The readers that load on demand (issue 16: MPX, .mpp, Asta .pp) through the same import flow
 * as every other schedule, offline: each reader is a chunk the import worker loads when such a
 * file arrives, precached by the service worker (and, for Asta's SQLite form, sql.js's
 * WebAssembly), so it must load with the network off. Summary, then the dashboard, at phone and
 * desktop widths.
 * - MPX: the MPXJ legacy sample (16 tasks, no status date: MS Project's current date is proposed).
 * - .mpp: the corpus's Residential Construction plan (MPP14, written by Project 2013).
 * - Asta: an SQLite .pp built from MPXJ's documented table layouts (tests/unit/import/asta/build.ts),
 *   not a real Powerproject file (no public one exists); its summary carries the "support is new" notice.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ASTA_NOTICE } from '../../src/core/import/asta/build';
import { sqlitePp } from '../unit/import/asta/build';
import { offlineInApp, signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');

interface FormatCase {
  name: string;
  /** A corpus file (the case is skipped without the corpus), or bytes built here. */
  file: string | (() => Promise<{ name: string; mimeType: string; buffer: Buffer }>);
  /** What the summary must show before saving. */
  summary(page: Page): Promise<void>;
  /** What the dashboard must show besides the SPI card. */
  dashboard?(page: Page): Promise<void>;
}

const CASES: FormatCase[] = [
  {
    name: 'an MPX file',
    file: resolve(SAMPLES, 'other/mpxj_legacy_sample.mpx'),
    async summary(page) {
      const project = page.getByTestId('import-project');
      await expect(project).toContainText('sample', { timeout: 60_000 });
      await expect(project).toContainText('16');
      await expect(project.getByLabel('Status date')).toHaveValue('2003-01-15');
      await expect(page.getByText("Status date 15 Jan 2003 — MS Project's current date; the file has no status date")).toBeVisible();
    },
    async dashboard(page) {
      await expect(page.getByText('Status at 15 Jan 2003 · measured in')).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'an .mpp file',
    file: resolve(SAMPLES, 'mpp/aspose_Residential_Construction.mpp'),
    async summary(page) {
      await expect(page.getByText('a Microsoft Project .mpp file (MPP14)')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('import-project')).toContainText('Residential Construction');
    },
  },
  {
    name: 'an Asta Powerproject SQLite .pp file',
    file: async () => ({ name: 'Riverside Depot.pp', mimeType: 'application/octet-stream', buffer: Buffer.from(await sqlitePp()) }),
    async summary(page) {
      await expect(page.getByTestId('import-project')).toContainText('Riverside Depot', { timeout: 60_000 });
      await expect(page.getByText(ASTA_NOTICE)).toBeVisible();
    },
  },
];

for (const c of CASES) {
  test.describe(`${c.name}, offline`, () => {
    test.skip(typeof c.file === 'string' && !existsSync(c.file), `the sample corpus (${SAMPLES}) is absent`);

    for (const width of [390, 1440]) {
      test(`imports to the dashboard at ${width} px`, async ({ page, context }) => {
        test.setTimeout(90_000);
        const input = typeof c.file === 'string' ? c.file : await c.file();
        const shot = (what: string) => (process.env.E2E_SCREENSHOTS ? page.screenshot({ path: `test-results/import-${c.name.replace(/\W+/g, '-')}-${what}-${width}.png`, fullPage: true }) : null);
        await page.setViewportSize({ width, height: 900 });
        await signedInUser(context);
        await offlineInApp(page, context);
        try {
          await page.goto('/app/import');
          await page.getByTestId('file-input').setInputFiles(input);
          await c.summary(page);
          await shot('summary');
          await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
          await expect(page).toHaveURL(/\/app\/projects\//);
          await c.dashboard?.(page);
          await expect(page.locator('[data-metric="spi"]')).toBeVisible({ timeout: 60_000 });
          // Nothing runs off the side of the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await shot('dashboard');
        } finally {
          await context.setOffline(false);
        }
      });
    }
  });
}
