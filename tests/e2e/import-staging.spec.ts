/**
 * Staged schedules (issue 13): what the import worker read waits in the data worker until the user
 * saves it, and is let go of when they cancel or leave the import page, so a 100k-activity
 * schedule does not stay in memory for the rest of the session. Probed in the running data worker
 * of the built app.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { encodeSingleByte } from '../../src/core/import/encoding';
import { syntheticSchedule } from '../../src/core/model/synthetic';
import { writeXer } from '../../src/core/model/writers/xer';
import { signedInUser } from './session';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * E2E_CPU_THROTTLE=<rate> slows the page's CPU that many times (Chromium's own throttling, over
 * CDP), the way a loaded CI machine runs it: how this spec's one CI failure was reproduced and
 * its fix proven (`--repeat-each 15`). Unset, the spec runs at full speed.
 */
test.beforeEach(async ({ page, context }) => {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? 0);
  if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
});

/** A synthetic P6 file on disk for the file input. */
function xerFile(activities: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'earnest-staging-')), `synthetic-${activities}.xer`);
  writeFileSync(file, encodeSingleByte(writeXer(syntheticSchedule({ activities, seed: 4 })), 'windows-1252'));
  return file;
}

/**
 * How many files the page's data worker holds staged. Asked in the worker itself, in Comlink's
 * own wire format (an APPLY of `staging.stagedCount`, answered on the worker's postMessage, which
 * is briefly watched for that one answer), so nothing in the app exists for the test's sake.
 */
async function stagedCount(page: Page): Promise<number> {
  const worker = page.workers().find((w) => /data\.worker/.test(w.url()));
  if (!worker) throw new Error(`no data worker among ${page.workers().map((w) => w.url()).join(', ')}`);
  return worker.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const scope = self as unknown as { postMessage: (msg: unknown, ...rest: unknown[]) => void };
        const id = `probe-${Math.random()}`;
        const real = scope.postMessage.bind(scope);
        scope.postMessage = (msg, ...rest) => {
          const m = msg as { id?: string; value?: number } | null;
          if (m && m.id === id) {
            scope.postMessage = real;
            resolve(m.value as number);
            return;
          }
          real(msg, ...rest);
        };
        self.dispatchEvent(new MessageEvent('message', { data: { id, type: 'APPLY', path: ['staging', 'stagedCount'], argumentList: [] } }));
      }),
  );
}

test('a read file waits in the data worker until saved, and is dropped on cancel or on leaving the page', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedInUser(context, 'staging');
  const file = xerFile(3000);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

  // Cancel on the summary drops it.
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByRole('button', { name: 'Save and open the dashboard' })).toBeVisible();
  expect(await stagedCount(page)).toBe(1);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('file-input')).toBeAttached();
  await expect.poll(() => stagedCount(page)).toBe(0);

  // Leaving the page from the summary (the app's own navigation, so the page unmounts) drops it.
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByRole('button', { name: 'Save and open the dashboard' })).toBeVisible();
  expect(await stagedCount(page)).toBe(1);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/app\/account$/);
  await expect.poll(() => stagedCount(page)).toBe(0);

  // Saving takes it, stores it and opens the dashboard.
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Save and open the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/projects\//);
  await expect(page.locator('[data-metric="spi"]')).toContainText(/\d\.\d\d/);
  expect(await stagedCount(page)).toBe(0);
});

/**
 * The cause of this spec's one failure in CI: on a slow machine the stored session is confirmed
 * (the refresh answers) after the user has already picked a file. That auth change rechecks the
 * subscription; the /app guard used to swap the app for its "Loading..." spinner meanwhile, which
 * unmounted the import page, cancelled the read and came back on the drop zone. Here the refresh
 * answer is held until the read is under way, so the order is the slow machine's every time.
 */
test('a file picked before the stored session is confirmed is still read and staged', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedInUser(context, 'staging-slow-session');
  const file = xerFile(3000);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let refreshes = 0;
  await page.route('**/api/auth/refresh', async (route) => {
    refreshes++;
    await held;
    await route.continue();
  });
  await page.goto('/app/import');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect.poll(() => refreshes).toBe(1);
  // The session is confirmed, which rechecks the subscription, while the file is being read.
  const rechecked = page.waitForResponse('**/api/functions/get-subscription-details');
  release();
  await rechecked;
  await expect(page.getByRole('button', { name: 'Save and open the dashboard' })).toBeVisible();
  await expect(page.getByTestId('file-input')).toHaveCount(0);
  expect(await stagedCount(page)).toBe(1);
});
