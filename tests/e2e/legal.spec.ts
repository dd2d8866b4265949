import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './pageChecks';
import { ROUTES } from './routes';

/**
 * The legal pages (/privacy, /terms, /cookie-policy, /legal-disclaimer), /faq and /about: headings
 * and titles, the table of contents, the facts each text must state, keyboard-operable FAQ answers,
 * accessibility (axe) in both themes, and no sideways scrolling on a 390 px phone.
 *
 * SHOTS_DIR=/tmp/shots-legal also saves full-page screenshots at 390×844 and 1440×900.
 */

const LEGAL_PATHS = ['/privacy', '/terms', '/cookie-policy', '/legal-disclaimer'] as const;
const ALL_PATHS = [...LEGAL_PATHS, '/faq', '/about'] as const;

function route(path: string) {
  const r = ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`${path} is not in tests/e2e/routes.ts`);
  return r;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}


/** Opens every FAQ answer, so the measurements include the longest content. */
async function openAllDetails(page: Page) {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((n) => n.getBoundingClientRect().right > el.clientWidth + 0.5)
      .slice(0, 5)
      .map((n) => `${n.tagName.toLowerCase()}.${n.className}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, wide };
  });
}

// A stored cookie choice keeps the consent banner out of the way (its own tests cover it), except
// where a test is about the choice itself.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.title.includes('Choose again')) return;
  await page.addInitScript(() => {
    if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'essential');
  });
});

test.describe('each page renders its heading and title', () => {
  for (const path of ALL_PATHS) {
    test(`${path}`, async ({ page }) => {
      const errors = watchErrors(page);
      const r = route(path);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.heading);
      await expect(page).toHaveTitle(r.title);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('legal pages: last updated date and table of contents', () => {
  for (const path of LEGAL_PATHS) {
    test(`${path}: every contents link moves to its section`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expect(page.getByText('Last updated: 25 November 2026')).toBeVisible();
      await expect(page.locator('time[datetime="2026-11-25"]')).toHaveText('25 November 2026');

      const toc = page.getByRole('navigation', { name: 'On this page' });
      const links = toc.getByRole('link');
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(6);

      // Visit them last to first, so every click has to scroll (up) to reach its section.
      for (let i = count - 1; i >= 0; i--) {
        const link = links.nth(i);
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        const id = href!.slice(1);
        const title = (await link.textContent())!.trim();
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${path}#${id}$`));
        const heading = page.locator(`#${id} > h2`);
        await expect(heading).toContainText(title);
        await expect(heading).toBeInViewport();
        // Not hidden under the sticky header, and at the top of the view unless the page has run out
        // of room to scroll (the last sections).
        const box = (await heading.boundingBox())!;
        const headerBottom = (await page.getByRole('banner').boundingBox())!.height;
        expect(box.y).toBeGreaterThanOrEqual(headerBottom - 1);
        const atBottom = await page.evaluate(() => {
          const el = document.scrollingElement ?? document.documentElement;
          return el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
        });
        if (!atBottom) expect(box.y).toBeLessThan(headerBottom + 40);
      }
    });
  }

  test('a link to a section opens the page at that section', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/privacy#your-rights');
    const heading = page.locator('#your-rights > h2');
    await expect(heading).toContainText('Your rights');
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });
});

test.describe('the texts state the key facts', () => {
  test('Cookie Policy lists every cookie and storage key with its type and duration', async ({ page }) => {
    await page.goto('/cookie-policy');
    const table = page.getByRole('table', { name: 'Cookies and browser storage used by Earnest' });
    await expect(table).toBeVisible();
    const expectations: Array<[string, 'Essential' | 'Analytics']> = [
      ['earnest_refresh', 'Essential'],
      ['cookie-consent', 'Essential'],
      ['vite-ui-theme', 'Essential'],
      ['earnest-session', 'Essential'],
      ['earnest-exit-intent-shown', 'Essential'],
      ['earnest-analytics-session', 'Analytics'],
    ];
    for (const [name, type] of expectations) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell').nth(1)).toHaveText(type);
      // Every row says how long the item lasts.
      await expect(row.getByRole('cell').nth(3)).not.toBeEmpty();
    }
    await expect(table.getByRole('row').filter({ hasText: 'earnest_refresh' })).toContainText('httpOnly');
    await expect(table.getByRole('row').filter({ hasText: 'earnest_refresh' })).toContainText('/api/auth');
    await expect(table.getByRole('row').filter({ hasText: 'earnest_refresh' })).toContainText('30 days');
    await expect(table).toContainText('IndexedDB');
    await expect(table).toContainText('Cache Storage');
    // The banner's choices and how to change them.
    const main = page.locator('main');
    await expect(main).toContainText('Essential Only');
    await expect(main).toContainText('Accept All');
    await expect(main).toContainText('Clear site data in your browser');
  });

  test('Cookie Policy: "Choose again" clears the stored choice', async ({ page }) => {
    await page.goto('/cookie-policy');
    await expect(page.getByText('You have not made a choice on this device yet.')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'all'));
    await page.reload();
    await expect(page.getByText('Your current choice on this device: Accept All.')).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Choose again' }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();
    await expect(page.getByText('You have not made a choice on this device yet.')).toBeVisible();
  });

  test('Terms: no payment details for the trial, prices, billing changes, law', async ({ page }) => {
    await page.goto('/terms');
    const main = page.locator('main');
    await expect(main).toContainText('No payment details are needed to start the trial.');
    await expect(main).toContainText('14 days of the Starter plan, limited to 1 user and 3 projects');
    const plans = page.getByRole('table', { name: 'Paid plans (prices in pounds sterling)' });
    await expect(plans.getByRole('row').filter({ hasText: 'Starter' })).toContainText('£29 a month');
    await expect(plans.getByRole('row').filter({ hasText: 'Starter' })).toContainText('£199 a year');
    await expect(plans.getByRole('row').filter({ hasText: 'Professional' })).toContainText('£149 a month');
    await expect(plans.getByRole('row').filter({ hasText: 'Professional' })).toContainText('£999 a year');
    await expect(page.getByRole('table', { name: 'Add-ons (prices in pounds sterling)' }).getByRole('row')).toHaveCount(7);
    await expect(main).toContainText('pro-rated');
    await expect(main).toContainText('next billing cycle');
    await expect(main).toContainText('cancel at any time');
    await expect(main).toContainText('England and Wales');
  });

  test('Privacy Policy: local processing, Stripe, rights and the ICO', async ({ page }) => {
    await page.goto('/privacy');
    const main = page.locator('main');
    await expect(main).toContainText('in your browser');
    await expect(main).toContainText('scrypt');
    await expect(main).toContainText('independent controller');
    await expect(main).toContainText("Information Commissioner's Office");
    for (const right of ['Access', 'Rectification', 'Erasure', 'Portability', 'Object']) {
      await expect(page.locator('#your-rights li strong', { hasText: right })).toHaveCount(1);
    }
    await expect(page.getByRole('table', { name: 'Retention periods' })).toBeVisible();
  });

  test('Legal Disclaimer: decision support, data accuracy, estimates, rules-based commentary', async ({ page }) => {
    await page.goto('/legal-disclaimer');
    const main = page.locator('main');
    await expect(main).toContainText('not professional advice');
    await expect(main).toContainText('only as accurate as the schedule data you import');
    await expect(main).toContainText('Monte Carlo results are estimates');
    await expect(main).toContainText('generated by rules and may be wrong');
  });
});

test.describe('FAQ', () => {
  test('groups, spec facts, and answers that open and close from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    for (const group of ['Trial & billing', 'Importing schedules', 'The numbers (EVM/ES)', 'Offline & sync', 'Teams & security']) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }

    const item = page.locator('details#trial-payment-details');
    const answer = item.getByText('You do not need a card or any payment details to start the free trial');
    await expect(answer).toBeHidden();

    // Tab from the last topic link into the first group reaches the first question, then the second.
    await page.getByRole('link', { name: 'Teams & security' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('details#trial-how > summary')).toBeFocused();
    await page.keyboard.press('Tab');
    const summary = item.locator('summary');
    await expect(summary).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open', '');
    await expect(answer).toBeHidden();

    // The spec §9 facts, with the trial resolved in the customer's favour.
    await openAllDetails(page);
    const main = page.locator('main');
    await expect(main).toContainText('Extra projects cost £9–£25 a month');
    await expect(main).toContainText('Extra users cost £15–£59 a month');
    await expect(main).toContainText('pro-rated');
    await expect(main).toContainText('Downgrades take effect at the next billing cycle');
    await expect(main).toContainText('saves up to 44%');
    await expect(main).not.toContainText('payment details are required');
  });

  test('a link to a question opens it', async ({ page }) => {
    await page.goto('/faq#cancel');
    await expect(page.locator('details#cancel')).toHaveAttribute('open', '');
    await expect(page.getByText('Cancel anytime from your account, no questions asked.')).toBeInViewport();
  });
});

test('About: audience, principles, and the calls to action', async ({ page }) => {
  await page.goto('/about');
  for (const h of ['Who it is for', 'Why we built it', 'Our principles']) {
    await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
  }
  for (const p of ['Show the math', 'Your data stays on your device unless you sync', 'No hype']) {
    await expect(page.getByRole('heading', { level: 3, name: p })).toBeVisible();
  }
  await expect(page.locator('main')).toContainText('Primavera P6');
  await expect(page.locator('main')).toContainText('offline');
  await page.getByRole('main').getByRole('link', { name: 'See plans and pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe('accessibility: no serious or critical axe violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ALL_PATHS) {
      test(`${path} (${theme})`, async ({ page }) => {
        test.setTimeout(90_000); // axe over a long legal text is slow on a busy machine
        await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route(path).heading);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await openAllDetails(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  }
});

test.describe('phones: nothing overflows sideways at 390 px', () => {
  for (const path of ALL_PATHS) {
    test(`${path}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route(path).heading);
      await openAllDetails(page);
      const m = await horizontalOverflow(page);
      expect(m.wide).toEqual([]);
      expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);

      const dir = process.env.SHOTS_DIR;
      if (dir) {
        const name = path.slice(1);
        await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${dir}/${name}-1440.png`, fullPage: true });
      }
    });
  }
});
