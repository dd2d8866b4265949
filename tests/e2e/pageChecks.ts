/** Checks several specs make of a page: axe, and optional screenshots for a person to look at. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** axe finds no serious or critical violation on the page as it stands. */
export async function expectNoSeriousAxe(page: Page): Promise<void> {
  const r = await new AxeBuilder({ page }).analyze();
  expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/**
 * Full-page screenshots at phone and desktop widths (and desktop dark) into SHOTS_DIR, when it is
 * set; nothing otherwise. Leaves the page at 1280×720 in the light scheme.
 */
export async function shots(page: Page, name: string, dir = process.env.SHOTS_DIR): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const cookies = page.getByRole('button', { name: 'Essential Only' });
  if (await cookies.isVisible()) await cookies.click();
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(dir, `${name}-${w}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(dir, `${name}-1440-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}
