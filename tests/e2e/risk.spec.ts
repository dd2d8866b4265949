/**
 * The Risk tab (issue 15) end to end in Chromium against the built app, offline: import the
 * corpus's cost-loaded P6 SP10 schedule (skipped when the corpus is absent), open Risk, run 1,000 iterations with the default rule and read
 * the P80 date, start a long run and cancel it mid-way (nothing saved), add a rule, a correlation
 * group, a cost range and a milestone and run again (the milestone's own criticality table),
 * compare the two snapshots; the tab in both themes at 360 and 1440 px never overflows sideways.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxe } from './pageChecks';
import { offlineInApp, signedInUser } from './session';

const expect = baseExpect.configure({ timeout: 30_000 });
// A cost-loaded P6 schedule with logic and remaining work (the tests/fixtures schedules have no logic to simulate).
const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
const SHOTS = process.env.E2E_SCREENSHOTS ? 'test-results/risk' : null;

async function noSidewaysOverflow(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    // What sticks out, for the message.
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => (e.getBoundingClientRect().right > window.innerWidth + 1 || e.scrollWidth > window.innerWidth + 1) && !e.parentElement?.closest('.project-tabs, .risk-scroll, .table-kit__scroll'))
      .slice(0, 12)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').replace(/ /g, '.')} ${Math.round(e.getBoundingClientRect().right)}/${e.scrollWidth}`),
  }));
  expect(widths.doc, `${what}: ${widths.wide.join(', ')}`).toBeLessThanOrEqual(widths.view);
}

const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4}$/;

test('risk: run with the default rule, cancel a run, add a rule, run again and compare', async ({ page, context }) => {
  test.skip(!existsSync(XER), `the sample corpus (${SAMPLES}) is absent`);
  test.setTimeout(240_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'essential'));
  await signedInUser(context, 'risk');
  await offlineInApp(page, context);
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(XER);
  await expect(page.getByTestId('import-project')).toContainText(/HS2-LWM-IMP-040-20/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\/[^/]+$/);

  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Risk', exact: true }).click();
  await expect(page).toHaveURL(/\/risk$/);
  await expect(page.getByTestId('risk-default-rule')).toContainText('−10% / as planned / +25%');

  // 1. The default rule, 1,000 iterations.
  await page.getByRole('button', { name: 'Run 1,000 iterations' }).click();
  await expect(page.getByText(/^Saved as “Run 1/)).toBeVisible({ timeout: 60_000 });
  const p80 = page.getByTestId('risk-p80').first().locator('dd');
  await expect(p80).toHaveText(DATE);
  const firstP80 = (await p80.textContent())!;
  await expect(page.getByRole('img', { name: /Finish date distribution/ })).toBeVisible();

  // 2. A long run, cancelled mid-way: nothing saved.
  await page.getByRole('spinbutton', { name: 'Iterations' }).fill('100000');
  await page.getByRole('button', { name: 'Run 100,000 iterations' }).click();
  await expect(page.getByRole('status').filter({ hasText: /of 100,000 iterations/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled: nothing was saved.')).toBeVisible();
  await expect(page.locator('.risk-snapshots tbody tr')).toHaveCount(1);

  // 3. A rule of our own: everything +0% / +20% / +60%, then run again.
  await page.getByRole('spinbutton', { name: 'Iterations' }).fill('1000');
  await page.getByRole('button', { name: 'Add a rule' }).click();
  await page.getByLabel('Rule 1 name').fill('Everything late');
  await page.getByLabel('Rule 1 low %').fill('0');
  await page.getByLabel('Rule 1 most likely %').fill('20');
  await page.getByLabel('Rule 1 high %').fill('60');
  // Everything moves together a little, and costs carry a range of their own.
  await page.getByRole('button', { name: 'Add a correlation group' }).click();
  await page.getByLabel('Group 1 correlation').fill('0.6');
  await page.getByRole('button', { name: /^Add a cost range/ }).click();
  await page.getByLabel('Cost high %').fill('20');
  // The per-activity grid renders only the rows in view, and scrolls to the last.
  const grid = page.getByRole('region', { name: 'Per-activity ranges' });
  const rowCount = Number(await grid.locator('table').getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(1000);
  expect(await grid.locator('tbody tr:not(.risk-grid__pad)').count()).toBeLessThan(100);
  await grid.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(grid.locator(`tr[aria-rowindex="${rowCount}"]`)).toBeVisible();
  // And a milestone to report on: the first the schedule offers.
  const milestones = page.getByLabel('Milestones to report on');
  await milestones.selectOption({ index: 0 });
  const milestone = ((await milestones.locator('option').first().textContent()) ?? '').trim();
  const milestoneCode = milestone.split(' ')[0];
  await page.getByRole('button', { name: 'Run 1,000 iterations' }).click();
  await expect(page.getByText(/^Saved as “Run 2/)).toBeVisible({ timeout: 60_000 });
  await expect(p80).toHaveText(DATE);
  const secondP80 = (await p80.textContent())!;
  expect(new Date(secondP80).getTime()).toBeGreaterThan(new Date(firstP80).getTime());
  await expect(page.locator('.risk-notes')).toContainText(/Correlation group "Group 1": [\d,]+ activities move together, rank correlation 0\.6\./);
  // The milestone's own distribution and its own drivers (its percentiles have a P80 of their own).
  await page.getByLabel('Milestone', { exact: true }).selectOption({ label: milestone });
  await expect(page.getByRole('img', { name: `${milestone}: finish distribution` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Tornado of the top drivers of ${milestoneCode}` })).toBeVisible();
  // Its own criticality index: the milestone is on its own driving path in every iteration.
  await expect(page.getByRole('heading', { name: `What drives ${milestoneCode}` })).toBeVisible();
  const msTable = page.getByRole('grid', { name: `criticality to ${milestoneCode}` });
  await expect(msTable.locator('tbody tr').filter({ hasText: milestoneCode })).toContainText('100%');
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.getByRole('region', { name: 'Milestones', exact: true }).screenshot({ path: `${SHOTS}/risk-milestone-${width}.png` });
    await noSidewaysOverflow(page, `risk tab with a milestone's results, ${width} px`);
  }

  // 4. Compare the two snapshots.
  await expect(page.locator('.risk-snapshots tbody tr')).toHaveCount(2);
  await page.getByLabel(/^Compare Run 1/).check();
  await page.getByLabel(/^Compare Run 2/).check();
  await page.getByRole('button', { name: 'Compare the two ticked' }).click();
  const compare = page.getByTestId('risk-compare');
  await expect(compare.getByRole('row', { name: /P80 finish/ })).toContainText(firstP80);
  await expect(compare.getByRole('row', { name: /P80 finish/ })).toContainText(secondP80);
  await expect(compare.getByRole('row', { name: /P80 finish/ })).toContainText(/\+\d+ calendar days?/);
  await expect(compare.getByRole('img', { name: /Cumulative finish probability/ })).toBeVisible();
  if (SHOTS) await compare.screenshot({ path: `${SHOTS}/risk-compare-1280.png` });

  // The Overview puts the latest run beside the deterministic forecasts.
  await tabs.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByTestId('risk-forecast')).toContainText(`P80 finish ${secondP80}`);
  await expect(page.getByTestId('risk-forecast')).toContainText('Run 2');
  await tabs.getByRole('link', { name: 'Risk', exact: true }).click();

  // 5. Open the first again and check every width and theme.
  await page.locator('.risk-snapshots tbody tr').filter({ hasText: 'Run 1' }).getByRole('button', { name: 'Open' }).click();
  await expect(p80).toHaveText(firstP80);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/risk-${theme}-${width}.png`, fullPage: true });
        for (const [name, region] of [
          ['finish', 'Finish date'],
          ['cost', 'Cost at completion (EAC)'],
          ['drivers', 'Top drivers'],
          ['setup', 'Uncertainty'],
        ] as const) {
          await page.getByRole('region', { name: region, exact: true }).screenshot({ path: `${SHOTS}/risk-${name}-${theme}-${width}.png` });
        }
      }
      await noSidewaysOverflow(page, `risk tab, ${theme}, ${width} px`);
      if (width === 1440) await expectNoSeriousAxe(page, '.risk-page');
    }
  }
});
