/**
 * Team sync in Chromium against the built app and the real server (issue 13): the same user in two
 * browsers (two contexts, each its own IndexedDB); a project saved in one appears in the other's
 * list within seconds, through the data worker's replication via the /db gateway, and opens there
 * with the same figures.
 */
import { expect, test } from '@playwright/test';
import { signedInUser } from './session';
import { importPeriodTable, signInContext } from './teamSession';

test('the same user saves a project in one browser and the other shows it within seconds, with the same figures', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const user = await signedInUser(a, 'sync');
    await signInContext(b, user.email);
    const pageB = await b.newPage();
    const dbRequests: string[] = [];
    pageB.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/db/')) dbRequests.push(r.url());
    });
    await pageB.goto('/app');
    await expect(pageB.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    const pageA = await a.newPage();
    await importPeriodTable(pageA, 'shared-ev.csv');

    // B, left open on its project list, shows it without a reload.
    const link = pageB.getByRole('link', { name: 'shared-ev' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    expect(dbRequests.length).toBeGreaterThan(0);
    await link.click();
    await expect(pageB.locator('[data-metric="cpi"]')).toContainText('0.90');
    await expect(pageB.locator('[data-metric="spi"]')).toContainText('0.84');
  } finally {
    await a.close();
    await b.close();
  }
});
