/**
 * Team sync in Chromium against the built app and the real server (issue 13): the same user in two
 * browsers (two contexts, each its own IndexedDB); a project saved in one appears in the other's
 * list within seconds, through the data worker's replication via the /db gateway, and opens there
 * with the same figures.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { signedInUser } from './session';

const PASSWORD = 'correct horse battery staple';

/** A second browser of an existing account: signed in through the API, the session stored as the app keeps it. */
async function signedInAgain(context: BrowserContext, user: { id: string; email: string }): Promise<void> {
  const res = await context.request.post('/api/auth/signin', { data: { email: user.email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  await context.addInitScript((u) => {
    if (!localStorage.getItem('earnest-session')) localStorage.setItem('earnest-session', JSON.stringify({ state: { user: u }, version: 0 }));
  }, user);
}

const CSV = [
  'Period end,Planned,Earned,Actual',
  '31/01/2025,100000,80000,90000',
  '28/02/2025,250000,200000,230000',
  '31/03/2025,450000,380000,420000',
  '30/04/2025,700000,,',
  '31/05/2025,900000,,',
  '30/06/2025,1000000,,',
].join('\n');

test('the same user saves a project in one browser and the other shows it within seconds, with the same figures', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const user = await signedInUser(a, 'sync');
    await signedInAgain(b, user);
    const pageB = await b.newPage();
    const dbRequests: string[] = [];
    pageB.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/db/')) dbRequests.push(r.url());
    });
    await pageB.goto('/app');
    await expect(pageB.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    const pageA = await a.newPage();
    await pageA.goto('/app/import');
    await pageA.getByTestId('file-input').setInputFiles({ name: 'shared-ev.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect(pageA.getByRole('heading', { name: 'Check the columns of shared-ev.csv' })).toBeVisible();
    await pageA.getByRole('radio', { name: /cumulative \(running totals\)/ }).check();
    await pageA.getByRole('button', { name: 'Analyse this table' }).click();
    // CPI = EV / AC = 380,000 / 420,000 = 0.905 at March, the last row with EV and AC.
    await expect(pageA.locator('[data-metric="cpi"]')).toContainText('0.90');
    await pageA.getByRole('button', { name: 'Save as a project' }).click();
    await expect(pageA).toHaveURL(/\/app\/projects\//);

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
