/**
 * Team sync in Chromium against the built app (issue 13, "Tests that prove it"), on a server of the
 * file's own so it can be stopped and started again mid-replication:
 * - a teammate with the viewer role sees the owner's project read-only;
 * - two browsers of one user both work offline (a project each, a comment each on a shared
 *   project), reconnect, and both end with everything;
 * - the server stops while a browser is sending an import and starts again: the import arrives
 *   whole on the other browser.
 *
 * The owner is an administrator (999 seats and projects, so invitations and projects always fit),
 * made with the admin command, which is why the server is this file's own (ownServer.ts).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test as base, type BrowserContext, type Page, type Route } from '@playwright/test';
import { ownServerWithAdmin, type OwnServer } from './ownServer';
import { browserOf, importPeriodTable, joinOwnersTeam } from './teamSession';

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OWNER = `sync-owner-${stamp}@example.com`;
const VIEWER = `sync-viewer-${stamp}@example.com`;
// Opening local databases and replicating wait on IndexedDB, which is slow on a busy 2-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const SAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');

const test = base.extend<object, { server: OwnServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ownServerWithAdmin('earnest-e2e-sync-', OWNER, [VIEWER]);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function projectsList(page: Page): Promise<void> {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
}

/** The app stored for offline use, as it is on a device that has opened it before. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function createProject(page: Page, name: string): Promise<void> {
  await page.getByLabel('New project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

/**
 * The network off for a browser: the page's emulation, and every request to the sync gateway
 * refused as a dead network refuses it, because Chromium's offline emulation does not reliably
 * reach a dedicated worker's own requests (the data worker replicates).
 */
const refuse = (route: Route) => route.abort('internetdisconnected');
async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/db/**', refuse);
  await context.setOffline(true);
}
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/db/**', refuse);
  await context.setOffline(false);
}

/** The header's sync indicator reads "Synced" (everything sent and received). */
async function expectSynced(page: Page): Promise<void> {
  await expect(page.locator('.sync-indicator-button')).toContainText('Synced', { timeout: 60_000 });
}

test('a teammate with the viewer role sees the owner’s project, read-only', async ({ browser, server, request }) => {
  const owner = await browserOf(browser, server.url, OWNER);
  const viewer = await browserOf(browser, server.url, VIEWER);
  try {
    const ownerPage = await owner.newPage();
    await importPeriodTable(ownerPage, 'viaduct-ev.csv');
    await expectSynced(ownerPage);

    // The owner invites the viewer to the owner's own (home) team; the viewer accepts.
    const team = await joinOwnersTeam(request, OWNER, VIEWER, 'viewer');

    const page = await viewer.newPage();
    await projectsList(page);
    const group = page.locator('.project-group').filter({ has: page.getByRole('heading', { name: team.name }) });
    await expect(group.getByRole('link', { name: 'viaduct-ev' })).toBeVisible({ timeout: 60_000 });
    await expect(group).toContainText('Your role in this team is viewer');
    await expect(group.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(group.getByRole('link', { name: 'Import next status' })).toHaveCount(0);

    await group.getByRole('link', { name: 'viaduct-ev' }).click();
    await expect(page.locator('[data-metric="cpi"]')).toContainText('0.90');
    await expect(page.getByTestId('read-only-note')).toContainText(`Your role in "${team.name}" is viewer`);
    await expect(page.getByRole('button', { name: 'Post comment' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Import the next status/ })).toHaveCount(0);
  } finally {
    await owner.close();
    await viewer.close();
  }
});

test('two browsers of one user both work offline, reconnect, and both end with everything', async ({ browser, server }) => {
  const a = await browserOf(browser, server.url, OWNER);
  const b = await browserOf(browser, server.url, OWNER);
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await importPeriodTable(pageA, 'shared-before.csv');
    await projectsList(pageA);
    await projectsList(pageB);
    await expect(pageB.getByRole('link', { name: 'shared-before', exact: true })).toBeVisible();
    await expectSynced(pageA);
    await expectSynced(pageB);
    await installed(pageA);
    await installed(pageB);

    await goOffline(a);
    await goOffline(b);
    await expect(pageA.locator('.sync-indicator-button')).toContainText('Offline');
    await createProject(pageA, 'Made offline in A');
    await createProject(pageB, 'Made offline in B');
    // A comment each on the shared project, written without seeing the other.
    for (const [page, text] of [
      [pageA, 'Crane hire confirmed (A).'],
      [pageB, 'Piling crew short two men (B).'],
    ] as const) {
      await page.getByRole('link', { name: 'shared-before', exact: true }).click();
      await page.getByRole('textbox', { name: 'Add a comment on the project', exact: true }).fill(text);
      await page.getByRole('button', { name: 'Post comment' }).click();
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(pageA.locator('.sync-indicator-button')).toContainText(/Offline, \d+ changes? waiting/);

    await goOnline(a);
    await goOnline(b);
    for (const page of [pageA, pageB]) {
      await expect(page.getByText('Crane hire confirmed (A).')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Piling crew short two men (B).')).toBeVisible({ timeout: 60_000 });
      await projectsList(page);
      for (const name of ['shared-before', 'Made offline in A', 'Made offline in B']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible({ timeout: 60_000 });
      await expectSynced(page);
    }
  } finally {
    await a.close();
    await b.close();
  }
});

test.describe('a server restart in the middle of replication', () => {
  test.skip(!existsSync(XER), `the sample corpus (${SAMPLES}) is absent`);

  test('the server stops while a browser sends an import and starts again: the import arrives whole on the other browser', async ({ browser, server }) => {
    const a = await browserOf(browser, server.url, OWNER);
    const b = await browserOf(browser, server.url, OWNER);
    let halted = false;
    try {
      const pageB = await b.newPage();
      await projectsList(pageB);
      const pageA = await a.newPage();
      await pageA.goto('/app/import');
      await pageA.getByTestId('file-input').setInputFiles(XER);
      await expect(pageA.getByTestId('import-project')).toContainText('3,994', { timeout: 60_000 });
      // Stop the server the moment the save has been asked for: replication of the import's
      // documents starts as they are written and is cut off part-way.
      const sending = pageA.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/db/') && r.method() === 'POST', { timeout: 60_000 });
      await pageA.getByRole('button', { name: 'Save and open the dashboard' }).click();
      await sending;
      await server.halt();
      halted = true;
      await expect(pageA).toHaveURL(/\/app\/projects\//, { timeout: 60_000 });
      await expect(pageA.locator('.sync-indicator-button')).not.toContainText('Synced', { timeout: 30_000 });

      await server.resume();
      halted = false;
      await expectSynced(pageA);
      const link = pageB.getByRole('link', { name: 'ENABLING WORKS WORK PACKAGE STRATEGY P10 : AREA CENTRAL' });
      await expect(link).toBeVisible({ timeout: 90_000 });
      await expect(pageB.getByRole('row').filter({ hasText: 'ENABLING WORKS WORK PACKAGE STRATEGY' })).toContainText('3,994');
      await link.click();
      await expect(pageB.locator('[data-metric="spi"]')).toContainText(/\d\.\d\d/, { timeout: 60_000 });
      // The same figures on both browsers (the card's whole text: value and status).
      for (const metric of ['spi', 'cpi', 'ev']) await expect(pageB.locator(`[data-metric="${metric}"]`)).toHaveText((await pageA.locator(`[data-metric="${metric}"]`).textContent()) ?? '');
    } finally {
      if (halted) await server.resume();
      await a.close();
      await b.close();
    }
  });
});
