/** Checks several specs make of a page: axe, and optional screenshots for a person to look at. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Waits until the page's finite CSS transitions and animations have ended. Measured mid-way, a
 * button whose colour is still fading after a theme switch reads as dark text on a dark page (axe
 * failed /cancel this way at random), and a toast still sliding in sits a pixel off its place.
 * Endless ones (spinners) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A few rounds: an ending transition can start another (a delayed colour after a transform).
    for (let round = 0; round < 5; round++) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** The serious and critical axe violations on the page once it has settled (within `include` when given), readably. */
export async function seriousAxeViolations(page: Page, include?: string) {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const r = await builder.analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** axe finds no serious or critical violation on the page (or within `include`) as it stands. */
export async function expectNoSeriousAxe(page: Page, include?: string): Promise<void> {
  expect(await seriousAxeViolations(page, include)).toEqual([]);
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
