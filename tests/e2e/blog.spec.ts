import { expect as baseExpect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ownServerWithAdmin, PASSWORD } from './ownServer';
import { expectNoSeriousAxe, shots } from './pageChecks';

/*
 * The blog, Blog Admin and its access rules in Chromium against the real server.
 *
 * An administrator is made the one way the product allows: the admin command
 * (server/cli/admin.ts). It opens the LevelDB store itself, and LevelDB lets one process at a time
 * hold it, so it cannot run beside the shared e2e server. This file therefore runs its own server
 * (same entry point, own data directory, own in-memory rate limits): start, sign the admin up,
 * stop, grant, start again.
 */

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const ADMIN = `blog-admin-${stamp}@example.com`;
const READER = `blog-reader-${stamp}@example.com`;
// Generous waits: these flows sign in, render markdown and run axe, on a 2-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const test = base.extend<object, { server: { url: string } }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ownServerWithAdmin('earnest-e2e-blog-', ADMIN, [READER]);
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function createPost(request: APIRequestContext, token: string, post: Record<string, unknown>) {
  const res = await request.post('/api/blog/admin/posts', { data: { author: 'Ada Lovelace', body_markdown: 'Some words.', ...post }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: { slug: string; _rev: string } }).post;
}

/** From Blog Admin's sign-in prompt, through /auth, and back to Blog Admin. */
async function signInFromAdmin(page: Page, email: string): Promise<void> {
  await page.goto('/blog-admin');
  await page.getByRole('link', { name: 'Sign in to Blog Admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('an empty blog, an unpublished post and Blog Admin signed out each say so', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expect(page.getByText('No posts yet.')).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.goto('/blog/category/cost-control');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts in Cost Control');
  await expect(page).toHaveTitle('Cost Control — Blog — Earnest');
  await expect(page.getByText('No posts in Cost Control yet.')).toBeVisible();

  await page.goto('/blog/what-is-earned-schedule');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Is Earned Schedule');
  await expect(page.getByText('This post is not published (yet).')).toBeVisible();
  await expect(page.getByText('There is no blog post "what-is-earned-schedule".')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Admin');
  await expect(page).toHaveTitle('Blog Admin — Earnest');
  await expect(page.getByRole('link', { name: 'Sign in to Blog Admin' })).toHaveAttribute('href', '/auth');
  await expectNoSeriousAxe(page);
});

test('a signed-in reader without the admin role is refused, by the page and by the server', async ({ page, request }) => {
  await signInFromAdmin(page, READER);
  await expect(page.getByText('Only Earnest administrators can manage the blog.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New post' })).toHaveCount(0);

  const token = await tokenFor(request, READER);
  const res = await request.get('/api/blog/admin/posts', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test('an admin writes a post with a live preview, publishes it, and readers find it everywhere', async ({ page }) => {
  await page.clock.install();
  await signInFromAdmin(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'All posts (0)' })).toBeVisible();
  await expect(page.getByText('No posts yet. Write the first one')).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();

  // Nothing filled in: the messages stand next to their fields and nothing is sent.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Give the post a title.');
  await expect(page.getByLabel('Category')).toHaveAccessibleDescription(/Choose a category/);
  await expect(page.getByText('Some fields need attention')).toBeVisible();
  await page.getByLabel('Tags').fill('Earned Schedule');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('“earned schedule” is not a valid tag')).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.getByLabel('Title').fill('Earned Schedule in Practice');
  await expect(page.getByLabel('Slug')).toHaveAccessibleDescription(/Leave empty to use “earned-schedule-in-practice”/);
  await page.getByLabel('Excerpt').fill('Why SPI(t) tells the truth about late projects when SPI cannot.');
  await page.getByLabel('Category').fill('cost-control');
  await page.getByLabel('Tags').fill('earned-schedule, forecasting');

  // The preview waits for a pause in typing, then shows the server's sanitised rendering.
  const previews: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/blog/admin/preview')) previews.push(r.postData() ?? '');
  });
  await page.clock.pauseAt(Date.now() + 10_000);
  const body = [
    '## Why time matters',
    '',
    'SPI(t) is measured in **time units**, not money.',
    '',
    '- Earned schedule',
    '- Planned duration',
    '',
    '<script>window.__pwned = 1</script>',
    '<img src="x" onerror="window.__pwned = 2">',
    '',
    '[Read the guide](https://example.com/guide)',
  ].join('\n');
  await page.getByLabel('Body (Markdown)').fill(body);
  await page.waitForTimeout(100); // real time: the paused page clock fires nothing meanwhile
  await page.clock.runFor(300);
  expect(previews).toHaveLength(0);
  await page.clock.runFor(200);
  await expect.poll(() => previews.length).toBe(1);
  await page.clock.resume();
  const preview = page.getByTestId('preview');
  await expect(preview.getByRole('heading', { name: 'Why time matters' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('time units');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.locator('script, [onerror]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. The post is live at /blog/earned-schedule-in-practice.')).toBeVisible();
  await expect(page).toHaveURL(/\?edit=earned-schedule-in-practice$/);
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await shots(page, 'admin-editor');

  await page.getByRole('button', { name: 'Back to all posts' }).click();
  const row = page.getByRole('row', { name: /Earned Schedule in Practice/ });
  await expect(row.getByText('Published')).toBeVisible();
  await expectNoSeriousAxe(page);
  await shots(page, 'admin-list');
});

test('readers find the published post in the list, its category, its tag and at its address, safely rendered', async ({ page }) => {
  await page.goto('/blog');
  const card = page.getByRole('article').filter({ hasText: 'Earned Schedule in Practice' });
  await expect(card.getByRole('link', { name: 'Earned Schedule in Practice' })).toHaveAttribute('href', '/blog/earned-schedule-in-practice');
  await expect(card.getByText('Why SPI(t) tells the truth')).toBeVisible();
  await expect(card.getByText('1 min read')).toBeVisible();
  await expect(card.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(card.getByRole('link', { name: '#earned-schedule' })).toBeVisible();
  await expectNoSeriousAxe(page);
  await shots(page, 'blog-list');

  await card.getByRole('link', { name: 'Cost Control' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/cost-control$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts in Cost Control');
  await expect(page.getByRole('link', { name: 'Earned Schedule in Practice' })).toBeVisible();

  await page.goto('/blog/tag/forecasting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “forecasting”');
  await expect(page).toHaveTitle('#forecasting — Blog — Earnest');
  await page.getByRole('link', { name: 'Earned Schedule in Practice' }).click();

  await expect(page).toHaveURL(/\/blog\/earned-schedule-in-practice$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earned Schedule in Practice');
  await expect(page).toHaveTitle('Earned Schedule in Practice — Blog — Earnest');
  const article = page.locator('.post-article');
  await expect(article.getByRole('heading', { level: 2, name: 'Why time matters' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('time units');
  await expect(article.getByRole('link', { name: 'Read the guide' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(page.getByText('By The Earnest team')).toBeVisible();
  // The script and the handler never reached the page, so neither ran.
  await expect(article.locator('script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(article.getByRole('link', { name: 'Cost Control' })).toHaveAttribute('href', '/blog/category/cost-control');
  await expect(article.getByRole('link', { name: '#earned-schedule' })).toHaveAttribute('href', '/blog/tag/earned-schedule');
  await expectNoSeriousAxe(page);
  await shots(page, 'blog-post');
});

test('related posts, paging, and the offline message', async ({ page, request }) => {
  const token = await tokenFor(request, ADMIN);
  for (let i = 1; i <= 11; i++) {
    await createPost(request, token, { title: `Paging post ${String(i).padStart(2, '0')}`, category: 'paging-test', tags: ['paging'], status: 'published' });
  }
  await page.goto('/blog/category/paging-test');
  await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/blog\/category\/paging-test\?page=2$/);
  await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  await shots(page, 'blog-category');

  await page.goto('/blog/category/paging-test?page=9');
  await expect(page.getByText('There is no page 9: there are 2 pages of posts.')).toBeVisible();

  // A post's related posts share its category or tags.
  await page.goto('/blog/paging-post-01');
  const related = page.getByRole('region', { name: 'Related posts' });
  await expect(related.getByRole('article')).toHaveCount(3);
  await expect(related.getByRole('link', { name: 'Paging post 01' })).toHaveCount(0);

  // Offline: the next post the reader opens says why it cannot load, and loads once back online.
  const next = related.getByRole('heading', { level: 3 }).first();
  const title = (await next.textContent())!;
  await page.context().setOffline(true);
  await next.getByRole('link').click();
  await expect(page.getByText('You are offline: the blog needs a connection.')).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('Blog Admin: a stale edit is refused with the server message; unpublish; delete with confirmation', async ({ page, request }) => {
  const token = await tokenFor(request, ADMIN);
  const auth = { Authorization: `Bearer ${token}` };
  const post = await createPost(request, token, { title: 'Cost Variance Explained', category: 'cost-control', tags: ['evm'], status: 'published' });

  await signInFromAdmin(page, ADMIN);
  await page.getByRole('link', { name: 'Edit “Cost Variance Explained”' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Cost Variance Explained');

  // Someone else saves first.
  const other = await request.put(`/api/blog/admin/posts/${post.slug}`, { data: { rev: post._rev, title: 'Cost Variance, Explained Again' }, headers: auth });
  expect(other.status()).toBe(200);

  await page.getByLabel('Title').fill('My Cost Variance Edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('This post was changed by someone else since you opened it. Reload it and apply your changes again.');
  await page.getByRole('button', { name: 'Reload the post' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Cost Variance, Explained Again');

  // A slug another post already uses: the server's message.
  await page.getByLabel('Slug').fill('paging-post-01');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The slug "paging-post-01" is already used by another post. Choose a different slug.')).toBeVisible();
  await page.getByLabel('Slug').fill(post.slug);

  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Unpublished: the post is a draft again')).toBeVisible();
  expect((await request.get(`/api/blog/posts/${post.slug}`)).status()).toBe(404);

  // Publish again from the list (with the revision the list loaded).
  await page.getByRole('button', { name: 'Back to all posts' }).click();
  await page.getByRole('button', { name: 'Publish “Cost Variance, Explained Again”' }).click();
  await expect(page.getByText('Published “Cost Variance, Explained Again”.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cost Variance/ }).getByText('Published')).toBeVisible();
  expect((await request.get(`/api/blog/posts/${post.slug}`)).status()).toBe(200);

  // Delete: Escape cancels and gives the focus back; confirming deletes.

  const del = page.getByRole('button', { name: 'Delete “Cost Variance, Explained Again”' });
  await del.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousAxe(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(del).toBeFocused();
  await del.click();
  await dialog.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Deleted “Cost Variance, Explained Again”.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Cost Variance/ })).toHaveCount(0);
  expect((await request.get(`/api/blog/admin/posts/${post.slug}`, { headers: auth })).status()).toBe(404);
});
