import { expect, test } from '@playwright/test';

// Titles, descriptions, Open Graph, canonical links, structured data and the sitemap.

test('each page sets its title, description, og:url and canonical link', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing — Earnest');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /£29 a month/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Pricing — Earnest');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pricing$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/features$/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/features$/);
});

test('the structured data offers Starter at the real 29 GBP', async ({ page }) => {
  await page.goto('/');
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? '{}') as { offers: { price: string; priceCurrency: string; name: string }[] };
  const starter = data.offers.find((o) => o.name.startsWith('Starter'));
  expect(starter).toMatchObject({ price: '29', priceCurrency: 'GBP' });
});

test('the sitemap lists the public pages under the server address', async ({ request, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  const xml = await res.text();
  expect(xml).toContain('<urlset');
  expect(xml).toMatch(/<loc>[^<]+\/pricing<\/loc>/);
  expect(baseURL).toBeTruthy();
});
