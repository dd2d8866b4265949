import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './routes';

/** Collects console errors and uncaught exceptions for the life of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

test.describe('every route of the spec renders its page', () => {
  for (const route of ROUTES) {
    test(`${route.path} → "${route.heading}"`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(route.path);
      // A post that is not published answers 404, which Chromium logs; the page handles it.
      if (route.path.startsWith('/blog/') && !route.path.startsWith('/blog/category') && !route.path.startsWith('/blog/tag')) {
        await expect(page.getByText('This post is not published (yet).')).toBeVisible();
        errors.splice(0, errors.length, ...errors.filter((e) => !/Failed to load resource.*404/.test(e)));
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page).toHaveTitle(route.title);
      // The shell around every page: banner, main navigation, main landmark, footer.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('main#main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Earnest');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('/app/* sends a signed-out user to /auth', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');

  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/auth$/);

  // And through the nav's Launch App button, client-side.
  await page.goto('/');
  await page.getByRole('link', { name: 'Launch App' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
});

test('navigation bar and footer (signed out)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const labels = await nav.getByRole('link').allTextContents();
  expect(labels).toEqual(['Home', 'Features', 'Pricing', 'FAQ', 'Blog', 'About', 'Contact']);
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['/', '/features', '/pricing', '/faq', '/blog', '/about', '/contact']);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Launch App' })).toHaveAttribute('href', '/app');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

  // Client-side navigation marks the current page.
  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: "Ready to see your project's truth? Start free." })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/pricing');
  await expect(footer.getByRole('link', { name: 'Earnest on LinkedIn' })).toHaveAttribute('href', /^https:\/\//);
  for (const [name, href] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Cookie Policy', '/cookie-policy'],
    ['Legal Disclaimer', '/legal-disclaimer'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
});

test('home hero: Try It Free goes to /pricing and the phrase rotates', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const rotator = page.locator('.rotator-word');
  await expect(rotator).toHaveText('SPI/CPI');
  await page.clock.runFor(2200);
  await expect(rotator).toHaveText('Earned Value');
  await page.getByRole('link', { name: 'Try It Free' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
});

test('skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/features');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('mobile menu at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Nothing overflows sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
  await expect(nav).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(page.getByRole('link', { name: 'Launch App' })).toBeVisible();

  // Escape closes it and returns focus to the toggle.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  // Following a link closes it.
  await toggle.click();
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
});

test('theme toggle persists vite-ui-theme and system follows the OS', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBeNull();

  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await expect(toggle).toHaveAccessibleName('Theme: System. Switch to dark theme');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
  const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBg);

  await toggle.click(); // dark → light
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');

  await toggle.click(); // light → system
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
});
