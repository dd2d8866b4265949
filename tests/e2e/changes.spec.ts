/**
 * Change control (issue 14) end to end in Chromium against the built app: import the Riverside
 * fixture as a P6 file (status 5 Feb 2025, BAC £225,000), raise a scope change of £30,000 on
 * control account RPS.2.1 Pumps in March 2025, submit and approve it on the Changes tab, and see on the Overview that BAC
 * has grown by it and on the Cash flow tab that the planned value from March on has, while PV at the status date, EV and AC
 * have not. Screenshots of the tab in both themes at 360 and 1440 px check that nothing overflows.
 * All of it offline, once the service worker has the app; the reconciliation downloads as CSV.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { encodeSingleByte } from '../../src/core/import/encoding';
import { parseSchedule } from '../../src/core/model';
import { writeXer } from '../../src/core/model/writers/xer';
import { offlineInApp, signedInUser } from './session';

const expect = baseExpect.configure({ timeout: 30_000 });
const FIXTURE = resolve(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/riverside-pumping-station.json');

/** The fixture as the P6 file the app imports (the JSON form is read by the CLI only). */
function riversideXer(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'earnest-changes-')), 'riverside.xer');
  writeFileSync(file, encodeSingleByte(writeXer(parseSchedule(JSON.parse(readFileSync(FIXTURE, 'utf8')))), 'windows-1252'));
  return file;
}

const metric = (page: Page, id: string) => page.locator(`[data-metric="${id}"] .metric-card__value`);

/**
 * Cumulative planned spend per period of the Cash flow tab's table (the value it holds, unrounded),
 * keyed by the row's heading; then back to the Overview.
 */
async function plannedByPeriod(page: Page): Promise<[string, number][]> {
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Cash flow' }).click();
  const rows = page.locator('.cash-flow__table tbody tr[data-period]');
  await expect(rows.first()).toBeVisible();
  const planned = await rows.evaluateAll((trs) =>
    trs.map((tr) => [(tr.querySelector('th')?.firstChild?.textContent ?? '').trim(), Number(tr.querySelector('td[data-col="c-planned"]')?.getAttribute('data-value'))] as [string, number]),
  );
  await tabs.getByRole('link', { name: 'Overview' }).click();
  return planned;
}

async function noSidewaysOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

test('a scope change, approved, revises BAC and PV from its period on while EV and AC stay', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signedInUser(context, 'changes');
  // Everything below runs with the network cut, as on a site laptop with no signal.
  await offlineInApp(page, context);
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(riversideXer());
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\//);
  await expect(metric(page, 'bac')).toHaveText('£225,000');
  const before = { pv: await metric(page, 'pv').textContent(), ev: await metric(page, 'ev').textContent(), ac: await metric(page, 'ac').textContent() };
  const plannedBefore = await plannedByPeriod(page);

  const tabs = page.getByRole('navigation', { name: 'Project' });
  await tabs.getByRole('link', { name: 'Changes' }).click();
  await page.getByRole('button', { name: 'New change' }).click();
  const form = page.getByRole('form', { name: 'New change' });
  await form.getByLabel('Title').fill('Third pump');
  await form.getByLabel('Type').selectOption('scope');
  await form.getByLabel('Description').fill('Client instruction CI-12: a standby pump.');
  await form.getByRole('button', { name: 'Add a line' }).click();
  await form.getByLabel('Line 1 control account').selectOption({ label: 'RPS.2.1 Pumps' });
  await form.getByLabel('Line 1 period').selectOption({ label: '2025-03' });
  await form.getByLabel('Line 1 amount').fill('30,000');
  await expect(form.getByTestId('change-form-total')).toHaveText('£30,000');
  if (process.env.E2E_SCREENSHOTS) {
    await page.setViewportSize({ width: 360, height: 900 });
    await noSidewaysOverflow(page);
    await form.screenshot({ path: 'test-results/changes-form-360.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await form.getByRole('button', { name: 'Save as draft' }).click();

  const row = page.locator('tr[data-change="CR-001"]');
  await expect(row).toHaveAttribute('data-status', 'draft');
  const details = page.getByTestId('change-details');
  await details.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(row).toHaveAttribute('data-status', 'pending');
  await details.getByLabel('Decision note (optional)').fill('Change board 14');
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveAttribute('data-status', 'approved');
  const trail = details.getByTestId('audit-trail');
  await expect(trail).toContainText('approved');
  await expect(trail).toContainText('submitted');
  await expect(trail).toContainText('created');
  await expect(trail).toContainText('“Change board 14”');
  // The reconciliation: the distributed budget (BAC) grew by the change; with no reserves entered, PMB and CBB too.
  const rec = page.getByTestId('reconciliation');
  await expect(rec.locator('tr[data-budget="distributed"] td').last()).toHaveText('£255,000');
  await expect(rec.locator('tr[data-budget="cbb"] td').last()).toHaveText('£255,000');
  // The change's budget moves download as CSV (offline): CR-001 put £30,000 on the CBB.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of the budget moves of each approved change' }).click()]);
  const moves = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
  expect(moves).toHaveLength(2);
  expect(moves[1]).toMatch(/^CR-001,Third pump,[^,]+,30000,0,0,30000,/);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await noSidewaysOverflow(page);
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: `test-results/changes-${theme}-${width}.png`, fullPage: true });
        await page.locator('.changes-page > .card').first().screenshot({ path: `test-results/changes-log-${theme}-${width}.png` });
        await page.locator('.changes-reconciliation').screenshot({ path: `test-results/changes-cbb-${theme}-${width}.png` });
      }
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await tabs.getByRole('link', { name: 'Overview' }).click();
  await expect(metric(page, 'bac')).toHaveText('£255,000');
  expect(await metric(page, 'pv').textContent()).toBe(before.pv);
  expect(await metric(page, 'ev').textContent()).toBe(before.ev);
  expect(await metric(page, 'ac').textContent()).toBe(before.ac);
  const plannedAfter = await plannedByPeriod(page);
  expect(plannedAfter.length).toBe(plannedBefore.length);
  // January and February (the status period) as they were; March on, £30,000 more.
  expect(plannedAfter.slice(0, 2)).toEqual(plannedBefore.slice(0, 2));
  for (let i = 2; i < plannedAfter.length; i++) expect(plannedAfter[i][1] - plannedBefore[i][1]).toBeCloseTo(30000, 6);

  // The activity grid says why its budgets add up to £30,000 less than the BAC now shown.
  await tabs.getByRole('link', { name: 'Activities' }).click();
  await expect(page.getByTestId('grid-changes-note')).toContainText('The approved change CR-001 added £30,000');
});
