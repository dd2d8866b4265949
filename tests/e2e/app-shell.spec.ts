/**
 * The app shell (issue 14): signed in, with two saved projects (the sample XER and a small one),
 * every app route at 360 px and 1440 px in the light and dark themes has its own compact header,
 * no marketing footer and no sideways overflow; the project switcher keeps the tab; the portfolio
 * shows each project's figures, sorts and filters; the column-mapping screen fits the viewport.
 * One test with one sign-in and one pair of imports, to keep CI time down.
 */
import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page, type Route } from '@playwright/test';
import { PROJECT_TABS } from '../../src/app/project/projectTabs';
import { expectNoSeriousAxe } from './pageChecks';
import { signedInUser } from './session';

// Opening a local database and analysing the sample waits on IndexedDB and a worker: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
/** Two activities with actual cost (EXPECTED.md C.1: "BaselineCosts", status 6 Mar 2023). */
const SMALL_XER = resolve(SAMPLES, 'xer/aspose_encoding1251.xer');
const SHOTS = process.env.E2E_SCREENSHOTS ? 'test-results/app-shell' : null;

const VIEWS = [
  { width: 360, height: 740, scheme: 'light' },
  { width: 360, height: 740, scheme: 'dark' },
  { width: 1440, height: 900, scheme: 'light' },
  { width: 1440, height: 900, scheme: 'dark' },
] as const;

/** Saves `file` from the import page and returns the new project's id (the dashboard opens). */
async function importFile(page: Page, file: string, expectName: RegExp): Promise<string> {
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Import' }).click();
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('import-project')).toContainText(expectName, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);
  await expect(page.locator('[data-metric="spi"]')).toBeVisible({ timeout: 60_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[3]);
}

/**
 * At every width and theme: the app's header, no footer, nothing wider than the viewport; with
 * `axe`, no serious accessibility violation at the desktop width in either theme.
 */
async function checkViews(page: Page, name: string, axe = false): Promise<void> {
  for (const v of VIEWS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(v.scheme);
    const size = await page.evaluate(() => {
      // What sticks out, innermost first, to say where to look when something does.
      const sticksOut = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 0.5;
      // Inside a box that scrolls on its own, sticking out is that box's business, not the page's.
      // A box clips what is absolutely positioned only from its containing block outwards: a
      // .sr-only text inside a scroll box that is not positioned escapes it and widens the page.
      const scrolled = (e: Element) => {
        const start = getComputedStyle(e).position === 'absolute' ? (e as HTMLElement).offsetParent : e.parentElement;
        for (let p = start; p && p !== document.body; p = p.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
        return false;
      };
      const name = (e: Element, right: number) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(right)} px)`;
      const out = [...document.querySelectorAll('body *')]
        .filter((e) => sticksOut(e) && !scrolled(e) && ![...e.children].some(sticksOut))
        .slice(0, 3)
        .map((e) => name(e, e.getBoundingClientRect().right));
      // Text that runs out of its box (a long word, nowrap) widens the page while every box fits.
      if (out.length === 0)
        for (const e of document.querySelectorAll('body *')) {
          if (out.length >= 3 || scrolled(e) || getComputedStyle(e).overflowX !== 'visible') continue;
          const right = e.getBoundingClientRect().left + e.scrollWidth;
          if (e.scrollWidth > e.clientWidth + 0.5 && right > window.innerWidth + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().left + c.scrollWidth > window.innerWidth + 0.5)) out.push(`text of ${name(e, right)}`);
        }
      return { scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth, out };
    });
    expect.soft(size.scroll, `${name} at ${v.width} px, ${v.scheme}: the page is ${size.scroll} px wide; ${size.out.join(', ')}`).toBeLessThanOrEqual(size.inner);
    await expect(page.locator('header.app-header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByText('Figures on these pages are sample values')).toHaveCount(0);
    if (axe && v.width === 1440) await expectNoSeriousAxe(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${v.width}-${v.scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The CPI figures of the portfolio's rows, top to bottom (null where a project has none). */
async function cpiColumn(page: Page): Promise<(number | null)[]> {
  const cells = await page.locator('.projects-table tbody td[data-label="CPI"]').allInnerTexts();
  return cells.map((t) => {
    const m = /\d+\.\d+/.exec(t);
    return m ? Number(m[0]) : null;
  });
}

test('the app shell: its own header on every route at 360 and 1440 px in both themes, the switcher, the portfolio', async ({ page, context }) => {
  test.skip(!existsSync(XER) || !existsSync(SMALL_XER), `the sample corpus (${SAMPLES}) is absent`);
  test.setTimeout(240_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
  await signedInUser(context, 'shell');
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  const big = await importFile(page, XER, /HS2-LWM-IMP-040-20/);
  const bigSpi = (await page.locator('[data-metric="spi"] .metric-card__value').innerText()).trim();
  // The overview's cards: a status only where a rule watches the figure.
  await expect(page.locator('[data-metric="bac"] .status-badge')).toHaveCount(0);
  await expect(page.getByText('No threshold')).toHaveCount(0);
  // Under the status line: what the figures are measured against, each part a link to its tab.
  const measured = page.getByTestId('measured-against');
  await expect(measured).toContainText('Measured against PMB: Baseline in the latest import · No approved changes');
  await expect(measured.getByRole('link', { name: 'PMB: Baseline in the latest import' })).toHaveAttribute('href', /\/baselines$/);
  await expect(measured.getByRole('link', { name: 'No approved changes' })).toHaveAttribute('href', /\/changes$/);
  // The top alerts name the project once ("Project"), not in each message again.
  await expect(page.locator('.overview__alerts .alert__message').first()).not.toContainText('ENABLING WORKS');
  const small = await importFile(page, SMALL_XER, /BaselineCosts/);
  expect(small).not.toBe(big);

  // The switcher: from the cash flow of one project to the cash flow of the other, and back.
  const switcher = page.getByRole('combobox', { name: 'Switch project' });
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Cash flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/projects/${encodeURIComponent(small)}/cash-flow$`));
  await expect(switcher).toHaveValue(small);
  await switcher.selectOption(big);
  await expect(page).toHaveURL(new RegExp(`/app/projects/${encodeURIComponent(big)}/cash-flow$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ENABLING WORKS');
  await switcher.selectOption(small);
  await expect(page).toHaveURL(new RegExp(`/app/projects/${encodeURIComponent(small)}/cash-flow$`));

  // The portfolio: both projects with their figures, the big one's SPI as its card shows it.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Projects' }).click();
  const rows = page.locator('.projects-table tbody tr');
  await expect(rows).toHaveCount(2);
  const bigRow = rows.filter({ hasText: 'ENABLING WORKS' });
  await expect(bigRow.locator('td[data-label="SPI"]')).toContainText(bigSpi);
  await expect(bigRow).toContainText('16 Sep 2017');
  await expect(bigRow.locator('td[data-label="BAC"]')).toContainText(/£[\d.]+[km]?/);
  // The worst alert is on the project itself: its message does not open with the row's name again.
  await expect(bigRow.locator('.portfolio-alert__message')).toHaveText(/^The (schedule|cost) variance|^The forecast/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A light never stands alone: each coloured dot has its word beside it.
  for (const light of await page.locator('.projects-table .light').all()) await expect(light.locator('.light__word')).not.toBeEmpty();

  // Sorted by CPI: worst first, then the other way; the headings say how it is sorted.
  const cpiHeading = page.getByRole('columnheader', { name: 'CPI', exact: true });
  await cpiHeading.getByRole('button').click();
  await expect(cpiHeading).toHaveAttribute('aria-sort', 'ascending');
  const up = await cpiColumn(page);
  expect(up.every((x) => x !== null)).toBe(true);
  expect(new Set(up).size).toBe(2);
  expect(up).toEqual([...up].sort((a, b) => a! - b!));
  await cpiHeading.getByRole('button').click();
  await expect(cpiHeading).toHaveAttribute('aria-sort', 'descending');
  expect(await cpiColumn(page)).toEqual([...up].reverse());
  // Filtered by text, then by worst alert (each row kept has that alert).
  await page.getByRole('searchbox').fill('enabling');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('ENABLING WORKS');
  await page.getByRole('searchbox').fill('');
  await expect(rows).toHaveCount(2);
  const worst = await page.locator('.projects-table tbody td[data-label="Worst alert"] .light__word').allInnerTexts();
  const countOf = (word: string) => worst.filter((w) => w === word).length;
  await page.getByLabel('Worst alert').selectOption('critical');
  await expect(rows).toHaveCount(countOf('Critical'));
  for (const row of await rows.all()) await expect(row.locator('td[data-label="Worst alert"]')).toContainText('Critical');
  await page.getByLabel('Worst alert').selectOption('warning-or-worse');
  await expect(rows).toHaveCount(countOf('Critical') + countOf('Warning'));
  await page.getByLabel('Worst alert').selectOption('none');
  await expect(rows).toHaveCount(2 - countOf('Critical') - countOf('Warning'));
  await page.getByLabel('Worst alert').selectOption('all');
  await expect(rows).toHaveCount(2);

  // Every route, at both widths and in both themes.
  await checkViews(page, 'projects', true);
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Import' }).click();
  await expect(page.getByTestId('file-input')).toBeAttached();
  await checkViews(page, 'import');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/account$/);
  // The team card, with the member list, is the widest part (the user's email, twice).
  await expect(page.getByText('(you)')).toBeVisible();
  await checkViews(page, 'account');
  await page.setViewportSize({ width: 1440, height: 900 });
  // From outside a project, the switcher opens its overview.
  await switcher.selectOption(big);
  await expect(page).toHaveURL(new RegExp(`/app/projects/${encodeURIComponent(big)}$`));
  // Each tab of projectTabs.ts, opened from the tab row as a planner would (no reload between them).
  for (const tab of PROJECT_TABS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: tab.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app/projects/${encodeURIComponent(big)}${tab.path ? `/${tab.path}` : ''}$`));
    await expect(page.locator('.project-tab')).not.toBeEmpty({ timeout: 60_000 });
    await checkViews(page, `project-${tab.path || 'overview'}`, tab.path === '');
  }

  // The overview on a phone is compact: the cards sit two or more to a row.
  await page.goto(`/app/projects/${encodeURIComponent(big)}`);
  await page.setViewportSize({ width: 360, height: 740 });
  const [spiBox, cpiBox] = [await page.locator('[data-metric="spi"]').boundingBox(), await page.locator('[data-metric="cpi"]').boundingBox()];
  expect(cpiBox!.y).toBe(spiBox!.y);
  const figures = await page.getByRole('region', { name: 'Key figures' }).boundingBox();
  expect(figures!.height, 'the key figures at 360 px').toBeLessThan(1800);
  if (SHOTS) await page.getByRole('region', { name: 'Key figures' }).screenshot({ path: `${SHOTS}/key-figures-360.png` });
  // The whole overview, commentary folded to its first topic, stays within a few screens.
  const tall = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  expect(tall, 'the overview at 360 px').toBeLessThan(4500);
  await page.getByRole('button', { name: /^Read the rest: / }).click();
  await expect(page.getByRole('heading', { name: 'What to look at next' })).toBeVisible();

  // On a phone the header's menu holds the links, the switcher and the account.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(switcher).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/menu-360.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Account' })).toBeHidden();

  // Printed: the figures, chart and alerts; not the header, toolbar, tabs or comments.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['header.app-header', '.project-toolbar', '.project-tabs', '.project-comments']) await expect(page.locator(hidden)).toBeHidden();
  await expect(page.locator('[data-metric="cpi"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'S-curve' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The tab row scrolls on a phone, and brings the current tab into view.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/app/projects/${encodeURIComponent(big)}/baselines`);
  await expect(page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Baselines' })).toBeInViewport({ ratio: 1 });

  // The column-mapping screen of a wide CSV scrolls inside its box; the page does not.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/import');
  const extra = Array.from({ length: 24 }, (_, i) => `Remark column ${i + 1}`);
  const csv = [['Period end', 'Planned', 'Earned', 'Actual', ...extra].join(','), ...['31/01/2025,100,80,90', '28/02/2025,250,200,230'].map((r) => [r, ...extra.map(() => 'x')].join(','))].join('\n');
  await page.getByTestId('file-input').setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Check the columns of wide.csv' })).toBeVisible();
  await checkViews(page, 'mapping');

  // Offline with changes waiting: the header says so in full (name and title) and never widens the
  // page, even with the longest label the indicator has ("Not syncing, 123,456 changes waiting").
  await page.goto(`/app/projects/${encodeURIComponent(small)}`);
  // The small project's figures are mostly n/a, each with its reason in a tooltip near the edge.
  await expect(page.locator('[data-metric="spi"]')).toBeVisible();
  await checkViews(page, 'project-small-overview');
  const refuse = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/db/**', refuse);
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Add a comment on the project', exact: true }).fill('Written offline.');
  await page.getByRole('button', { name: 'Post comment' }).click();
  const syncButton = page.locator('.sync-indicator-button');
  await expect(syncButton).toContainText(/Offline, \d+ changes? waiting/);
  await expect(syncButton).toHaveAttribute('title', /^Sync status: Offline, \d+ changes? waiting$/);
  await expect(syncButton).toHaveAccessibleName(/Offline, \d+ changes? waiting/);
  await page.evaluate(() => {
    document.querySelector('.sync-label-long')!.lastChild!.textContent = 'Not syncing, 123,456 changes waiting';
    document.querySelector('.sync-label-short')!.textContent = '123,456 waiting';
  });
  for (const width of [360, 400, 640, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect.soft(wide, `the header offline with the longest sync label at ${width} px`).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/header-offline-${width}.png`, clip: { x: 0, y: 0, width, height: 64 } });
  }
  await context.unroute('**/db/**', refuse);
  await context.setOffline(false);
});
