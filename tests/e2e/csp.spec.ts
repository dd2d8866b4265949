/**
 * The strict Content-Security-Policy (server/security/headers.ts) must not break the app: the page,
 * the lazy routes, the service worker and the import worker all run under it with no violation.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { signedInUser } from './session';

// Workers start cold here (SheetJS in the import worker, the engine in the data worker): on a busy
// machine that takes longer than the default wait, which is a matter of load, not correctness.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const CSV = 'Period,PV,EV,AC\n2026-01-31,100,90,95\n2026-02-28,200,170,190\n';

test('pages, workers and an import run under the CSP with no violation', async ({ page, context }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await signedInUser(context, 'csp');

  const first = await page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/'unsafe-eval'/);
  expect(csp).not.toContain('unsafe-inline');
  // The inline theme script ran (it sets data-theme before first paint).
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);

  for (const path of ['/pricing', '/features', '/blog']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
  }

  await page.goto('/app/import');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByTestId('file-input').setInputFiles({ name: 'periods.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // The import worker (SheetJS inside it) parsed the file and proposed a mapping.
  await expect(page.getByRole('heading', { name: 'Check the columns of periods.csv' })).toBeVisible();
  await page.getByRole('radio', { name: /cumulative \(running totals\)/ }).check();
  await page.getByRole('button', { name: 'Analyse this table' }).click();
  // The analysis worker computed CPI = EV / AC at the last period = 170 / 190.
  await expect(page.locator('[data-metric="cpi"]')).toContainText('0.89');

  expect(violations).toEqual([]);
});
