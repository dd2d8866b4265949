/**
 * The tables of a project (issue 14 "Tables" and "An activity grid") in Chromium against the built
 * app, offline: the P6 sample (3,994 activities) imported once, then the breakdown at 1440 px (CPI,
 * EAC and VAC on screen; sort, column choice remembered, keyboard, CSV download) and at 360 px (the
 * first column stays while the table scrolls sideways; the page never does), the activity grid
 * (scrolls to the last of 3,994 rows, sorts by float in the worker) and the status history.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe } from './pageChecks';
import { signedInUser } from './session';

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
const shots = !!process.env.E2E_SCREENSHOTS;

/**
 * Nothing of the tab overflows sideways: the tab's content ends inside the viewport and scrolls
 * only inside its tables' own boxes. (The page as a whole is checked per route by the shell's
 * spec; the site header's sync badges are not this spec's.)
 */
async function expectNoSidewaysScroll(page: Page) {
  const over = await page.locator('.project-tab').evaluate((el) => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    for (const e of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
      // What sits inside a scroll box may extend past the viewport: the box scrolls, not the page.
      if (e.closest('.table-kit__scroll') && !e.classList.contains('table-kit__scroll')) continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > vw + 0.5) out.push(`${e.tagName.toLowerCase()}.${e.className} right ${Math.round(r.right)} > ${vw}`);
    }
    return out;
  });
  expect(over).toEqual([]);
}

/** Numbers as the cells write them ("£1.2m" is not used in tables: "£1,234", "0.92", "-456d"); n/a and — are null. */
function num(text: string): number | null {
  const t = text.replace(/[£,d\s]|\(.*\)|!+/g, '').replace('−', '-');
  const v = Number.parseFloat(t);
  return Number.isFinite(v) ? v : null;
}

test.describe('tables', () => {
  test.skip(!existsSync(XER), `the sample corpus (${SAMPLES}) is absent`);

  test('breakdown, activity grid and history on the table kit', async ({ page, context }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
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
      await expect(page.getByTestId('import-project')).toContainText('3,994', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/, { timeout: 60_000 });
      const base = page.url();

      // --- Breakdown at 1440 px: CPI, EAC and VAC on screen, inside the table's box -------------
      await page.goto(`${base}/breakdown`);
      const bd = page.locator('[data-table="breakdown"]');
      const head = (col: string) => bd.locator(`thead [data-col="${col}"]`);
      await expect(head('cpi')).toBeVisible({ timeout: 60_000 });
      for (const col of ['cpi', 'eac', 'vac']) {
        const box = (await head(col).boundingBox())!;
        expect(box.x + box.width, `${col} header inside 1440 px`).toBeLessThanOrEqual(1440);
      }
      const scroll = bd.locator('.table-kit__scroll');
      if (shots) await page.screenshot({ path: 'test-results/tables-breakdown-1440.png', fullPage: true });
      expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth), 'no sideways scroll needed at 1440').toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(page);
      // Coloured cells say their state in words for screen readers too.
      const judged = bd.locator('tbody td[data-status="warning"], tbody td[data-status="critical"]');
      if ((await judged.count()) > 0) await expect(judged.first()).toContainText(/\((warning|critical)\)/);

      // Sort by BAC (every node has one; most of this file's CPIs are n/a): aria-sort, siblings in order under each parent.
      await head('bac').getByRole('button').click();
      await expect(head('bac')).toHaveAttribute('aria-sort', 'ascending');
      await bd.getByRole('button', { name: 'Expand all' }).click();
      const siblingsSorted = (dir: 1 | -1) =>
        bd.locator('tbody tr[data-level]').evaluateAll((trs, d) => {
          // Children of each parent, in order: each list must be in BAC order, n/a last.
          const groups = new Map<string, (number | null)[]>();
          const stack: string[] = [];
          for (const tr of trs) {
            const level = Number(tr.getAttribute('data-level'));
            stack.length = level - 1;
            const parent = stack.join('/');
            const text = (tr.querySelector('[data-col="bac"] button')?.childNodes[0]?.textContent ?? '').trim();
            const v = Number.parseFloat(text.replace(/[^0-9.-]/g, ''));
            if (!groups.has(parent)) groups.set(parent, []);
            groups.get(parent)!.push(Number.isFinite(v) ? v : null);
            stack.push(tr.getAttribute('data-node') ?? '');
          }
          let compared = 0;
          for (const list of groups.values()) {
            const known = list.filter((x): x is number => x !== null);
            if (list.slice(known.length).some((x) => x !== null)) return -1;
            for (let i = 1; i < known.length; i++) {
              compared++;
              if ((known[i] - known[i - 1]) * d < 0) return -1;
            }
          }
          return compared;
        }, dir);
      await expect(bd.locator('tbody tr[data-level="3"]').first()).toBeVisible();
      expect(await siblingsSorted(1), 'siblings in ascending BAC order, n/a last').toBeGreaterThan(3);
      await head('bac').getByRole('button').click();
      await expect(head('bac')).toHaveAttribute('aria-sort', 'descending');
      expect(await siblingsSorted(-1), 'siblings in descending BAC order').toBeGreaterThan(3);
      await bd.getByRole('button', { name: 'Collapse all' }).click();
      await head('bac').getByRole('button').click();
      await expect(head('bac')).toHaveAttribute('aria-sort', 'none');

      // Column choice: PV shown from the Columns menu, remembered after a reload on this device.
      await expect(head('pv')).toHaveCount(0);
      await bd.getByRole('button', { name: 'Columns of the breakdown' }).click();
      await bd.getByRole('checkbox', { name: /^PV/ }).check();
      await expect(head('pv')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.reload();
      await expect(head('pv')).toBeVisible({ timeout: 60_000 });
      await bd.getByRole('button', { name: 'Columns of the breakdown' }).click();
      await bd.getByRole('checkbox', { name: /^PV/ }).uncheck();
      await expect(head('pv')).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Keyboard: one Tab stop; arrows move between cells; Enter on a row opens its children.
      const first = bd.locator('tbody [data-r="1"][data-c="0"]');
      const toggle = first.locator('.tree-toggle');
      await toggle.focus();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(bd.locator('tbody [data-r="1"][data-c="1"] button')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(bd.locator('tbody [data-r="2"][data-c="1"] button')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(bd.locator('tbody [data-r="2"][data-c="0"]').locator('button, [tabindex="0"]').or(bd.locator('tbody [data-r="2"][data-c="0"][tabindex="0"]')).first()).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(head('name').getByRole('button')).toBeFocused();
      expect(await bd.locator('table [tabindex="0"]').count(), 'one Tab stop in the table').toBe(1);

      // CSV: BOM, RFC 4180, raw numbers; the total row's BAC is the schedule's (215,918,496.41).
      const [download] = await Promise.all([page.waitForEvent('download'), bd.getByRole('button', { name: 'Download CSV of the breakdown' }).click()]);
      expect(download.suggestedFilename()).toMatch(/Breakdown by WBS - 2017-09-16\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('Level,Code,Name,BAC,EV,AC,SPI,CPI,EAC,VAC');
      const total = lines.at(-1)!.split(',');
      expect(total[0]).toBe('0');
      expect(Number(total[3])).toBeCloseTo(215918496.41, 1);
      expect(lines.length).toBeGreaterThan(100);
      expect(csv).not.toMatch(/£/);

      // No serious or critical axe finding in the table (treegrid, sort buttons, coloured cells).
      await expectNoSeriousAxe(page, '[data-table="breakdown"]');

      // --- 360 px: the table scrolls inside its box, the first column stays ---------------------
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoSidewaysScroll(page);
      const nameCell = bd.locator('tbody [data-r="1"][data-c="0"]');
      const before = (await nameCell.boundingBox())!;
      await scroll.evaluate((el) => {
        el.scrollLeft = 400;
      });
      expect(await scroll.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      const after = (await nameCell.boundingBox())!;
      expect(Math.abs(after.x - before.x), 'the first column stays while scrolling sideways').toBeLessThan(1);
      await expectNoSidewaysScroll(page);
      if (shots) await page.screenshot({ path: 'test-results/tables-breakdown-360.png', fullPage: true });

      // --- The activity grid: every row reachable, sorted in the worker ------------------------
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${base}/activities`);
      const grid = page.locator('.activity-grid');
      await expect(grid.getByRole('status')).toContainText('3,994 activities', { timeout: 60_000 });
      await expect(grid.locator('table')).toHaveAttribute('aria-rowcount', '3995');
      const box = grid.locator('.activity-grid__scroll');
      await box.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      const lastRow = grid.locator('tr[aria-rowindex="3995"]');
      await expect(lastRow).toBeVisible();
      await expect(lastRow.locator('[data-col="code"]')).toHaveText('COST-2510');
      await expectNoSidewaysScroll(page);
      if (shots) await page.screenshot({ path: 'test-results/tables-activities-1440.png', fullPage: true });

      const floatHead = grid.locator('thead [data-col="float"]');
      await floatHead.getByRole('button').click();
      await expect(floatHead).toHaveAttribute('aria-sort', 'ascending');
      await box.evaluate((el) => {
        el.scrollTop = 0;
      });
      const firstFloat = grid.locator('tr[aria-rowindex="2"] [data-col="float"]');
      // -3,648 hours of float at 8 hours a day, the most negative in the file.
      await expect(firstFloat).toHaveText('-456d');
      const floats = (await grid.locator('tbody tr[aria-rowindex] [data-col="float"]').allInnerTexts()).map(num).filter((v): v is number => v !== null);
      expect(floats.length).toBeGreaterThan(5);
      expect(floats).toEqual([...floats].sort((a, b) => a - b));

      await expectNoSeriousAxe(page, '.activity-grid');

      // Search in the worker: by Activity ID.
      await grid.getByRole('searchbox').fill('COST-2510');
      await expect(grid.getByRole('status')).toContainText('of 3,994 activities');
      await expect(grid.locator('tr[aria-rowindex="2"] [data-col="code"]')).toHaveText('COST-2510');

      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoSidewaysScroll(page);
      if (shots) await page.screenshot({ path: 'test-results/tables-activities-360.png', fullPage: true });

      // --- History --------------------------------------------------------------------------
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${base}/history`);
      const hist = page.locator('[data-table="history"]');
      await expect(hist.locator('tbody tr')).toHaveCount(1, { timeout: 60_000 });
      await expect(hist.locator('tbody [data-col="date"]')).toHaveText('16 Sep 2017');
      await expect(hist.locator('tbody [data-col="activities"]')).toHaveText('3,994');
      await expect(hist.locator('tbody [data-col="cpi"]')).toHaveText(/^\d\.\d\d$/);
      await expectNoSeriousAxe(page, '[data-table="history"]');
      await expectNoSidewaysScroll(page);

      // Both themes, both widths, for a person to look at (E2E_SCREENSHOTS=1).
      if (shots) {
        await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
        for (const [w, h] of [[360, 800], [1440, 900]]) {
          await page.setViewportSize({ width: w, height: h });
          for (const tab of ['breakdown', 'activities', 'history']) {
            await page.goto(`${base}/${tab}`);
            await expect(page.locator('.project-tab table').first()).toBeVisible({ timeout: 60_000 });
            await page.waitForTimeout(500);
            await expectNoSidewaysScroll(page);
            await page.screenshot({ path: `test-results/tables-${tab}-${w}-dark.png`, fullPage: true });
          }
        }
        await page.evaluate(() => localStorage.removeItem('vite-ui-theme'));
      }
    } finally {
      await context.setOffline(false);
    }
  });
});
