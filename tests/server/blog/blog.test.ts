import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../server/blog';
import { grantRole } from '../../../server/roles';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
let admin: string;
let ada: string;

beforeEach(async () => {
  h = harness('earnest-blog-');
  await grantRole(h.store, 'user:admin@example.com', 'admin');
  admin = await h.tokenFor('user:admin@example.com');
  ada = await h.tokenFor('user:ada@example.com');
});
afterEach(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface NewPost {
  slug?: string;
  title?: string;
  body_markdown?: string;
  category?: string;
  tags?: string[];
  author?: string;
  excerpt?: string;
  status?: 'draft' | 'published';
}

const post = (p: NewPost = {}) => ({
  slug: 'hello-world',
  title: 'Hello, world',
  excerpt: 'The first post.',
  body_markdown: '# Hello\n\nSome **bold** words.',
  category: 'news',
  tags: ['intro'],
  author: 'Ada Lovelace',
  ...p,
});

async function create(p: NewPost = {}) {
  const res = await request(h.app).post('/api/blog/admin/posts').set(auth(admin)).send(post(p));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as { slug: string; _rev: string; status: string; published_at: string | null };
}

async function publish(slug: string) {
  const res = await request(h.app).post(`/api/blog/admin/posts/${slug}/publish`).set(auth(admin)).send();
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.post as { slug: string; _rev: string; status: string; published_at: string };
}

describe('admin access', () => {
  const routes: [string, string][] = [
    ['get', '/api/blog/admin/posts'],
    ['get', '/api/blog/admin/posts/hello-world'],
    ['post', '/api/blog/admin/posts'],
    ['put', '/api/blog/admin/posts/hello-world'],
    ['post', '/api/blog/admin/posts/hello-world/publish'],
    ['post', '/api/blog/admin/posts/hello-world/unpublish'],
    ['delete', '/api/blog/admin/posts/hello-world?rev=1-x'],
    ['post', '/api/blog/admin/preview'],
  ];

  it('anonymous callers get 401 on every admin route', async () => {
    for (const [method, path] of routes) {
      const res = await (request(h.app) as unknown as Record<string, (p: string) => request.Test>)[method](path).send({});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('signed-in non-admins get 403 on every admin route', async () => {
    for (const [method, path] of routes) {
      const res = await (request(h.app) as unknown as Record<string, (p: string) => request.Test>)[method](path).set(auth(ada)).send({});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toMatch(/administrator/);
    }
  });
});

describe('creating posts', () => {
  it('creates a draft with timestamps and a rev; the same slug again is 409', async () => {
    const p = await create();
    expect(p).toMatchObject({ slug: 'hello-world', status: 'draft', published_at: null });
    expect(p._rev).toMatch(/^1-/);
    const again = await request(h.app).post('/api/blog/admin/posts').set(auth(admin)).send(post());
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/slug "hello-world" is already used/);
  });

  it('derives the slug from the title when none is sent', async () => {
    const res = await request(h.app)
      .post('/api/blog/admin/posts')
      .set(auth(admin))
      .send({ ...post(), slug: undefined, title: 'Ça va? Release Notes 2!' });
    expect(res.status).toBe(201);
    expect(res.body.post.slug).toBe('ca-va-release-notes-2');
  });

  it('rejects invalid fields with a message naming the field and the rule', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ slug: 'Bad Slug' }, /slug may contain only lowercase/],
      [{ slug: '-lead' }, /slug may contain only/],
      [{ slug: 'a'.repeat(101) }, /slug must be at most 100/],
      [{ title: '' }, /title is required/],
      [{ title: 'x'.repeat(201) }, /title must be at most 200/],
      [{ excerpt: 'x'.repeat(501) }, /excerpt must be at most 500/],
      [{ body_markdown: 'x'.repeat(200 * 1024 + 1) }, /body_markdown must be at most 200 KB/],
      [{ body_markdown: 5 }, /body_markdown must be a string/],
      [{ category: 'Not OK' }, /category may contain only/],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /at most 20 tags/],
      [{ tags: ['ok', 'NOT OK'] }, /tags\.1: each tag may contain only/],
      [{ tags: 'intro' }, /tags must be a list/],
      [{ author: undefined }, /author is required/],
      [{ status: 'live' }, /status must be "draft" or "published"/],
    ];
    for (const [change, message] of cases) {
      const res = await request(h.app)
        .post('/api/blog/admin/posts')
        .set(auth(admin))
        .send({ ...post(), ...change });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const notObject = await request(h.app).post('/api/blog/admin/posts').set(auth(admin)).send([1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toMatch(/JSON object/);
    const list = await request(h.app).get('/api/blog/admin/posts').set(auth(admin));
    expect(list.body.posts).toEqual([]);
  });
});

describe('public reads', () => {
  it('drafts are invisible: not listed, 404 by slug, not counted', async () => {
    await create({ slug: 'secret-draft', tags: ['hidden'], category: 'internal' });
    const list = await request(h.app).get('/api/blog/posts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ posts: [], page: 1, pageSize: 10, total: 0, totalPages: 0 });
    const one = await request(h.app).get('/api/blog/posts/secret-draft');
    expect(one.status).toBe(404);
    expect(one.body.error).toBe('There is no blog post "secret-draft". Check the address, or pick a post from the blog.');
    expect((await request(h.app).get('/api/blog/categories')).body).toEqual({ categories: [] });
    expect((await request(h.app).get('/api/blog/tags')).body).toEqual({ tags: [] });
    expect((await request(h.app).get('/api/blog/posts/no-such-post')).status).toBe(404);
    expect((await request(h.app).get('/api/blog/posts/NOT..valid')).status).toBe(404);
  });

  it('lists published posts newest first, paged, with totals and no body', async () => {
    for (let i = 1; i <= 5; i++) {
      await create({ slug: `post-${i}`, title: `Post ${i}` });
      h.clock.now += 60_000;
      await publish(`post-${i}`);
    }
    await create({ slug: 'draft-only' });
    const p1 = await request(h.app).get('/api/blog/posts?page=1&pageSize=2');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(p1.body.posts.map((p: { slug: string }) => p.slug)).toEqual(['post-5', 'post-4']);
    expect(p1.body.posts[0]).not.toHaveProperty('body_markdown');
    expect(p1.body.posts[0]).not.toHaveProperty('body_html');
    expect(p1.body.posts[0]).not.toHaveProperty('_rev');
    expect(p1.body.posts[0]).toMatchObject({ title: 'Post 5', excerpt: 'The first post.', author: 'Ada Lovelace', reading_minutes: 1 });
    const p3 = await request(h.app).get('/api/blog/posts?page=3&pageSize=2');
    expect(p3.body.posts.map((p: { slug: string }) => p.slug)).toEqual(['post-1']);
    const p4 = await request(h.app).get('/api/blog/posts?page=4&pageSize=2');
    expect(p4.body).toMatchObject({ posts: [], total: 5, totalPages: 3 });
    const def = await request(h.app).get('/api/blog/posts');
    expect(def.body).toMatchObject({ page: 1, pageSize: 10, total: 5, totalPages: 1 });
  });

  it('rejects bad paging parameters', async () => {
    for (const q of ['page=0', 'page=abc', 'pageSize=51', 'pageSize=-1', 'page=1&page=2']) {
      const res = await request(h.app).get(`/api/blog/posts?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatch(/page/);
    }
  });

  it('filters by category and tag; counts categories and tags over published posts', async () => {
    await create({ slug: 'a', category: 'news', tags: ['release', 'sync'] });
    await create({ slug: 'b', category: 'news', tags: ['release'] });
    await create({ slug: 'c', category: 'guides', tags: ['sync'] });
    await create({ slug: 'd', category: 'guides', tags: ['draft-tag'] });
    for (const s of ['a', 'b', 'c']) await publish(s);

    const news = await request(h.app).get('/api/blog/posts?category=news');
    expect(news.body.posts.map((p: { slug: string }) => p.slug).sort()).toEqual(['a', 'b']);
    expect(news.body.total).toBe(2);
    const sync = await request(h.app).get('/api/blog/posts?tag=sync');
    expect(sync.body.posts.map((p: { slug: string }) => p.slug).sort()).toEqual(['a', 'c']);
    const both = await request(h.app).get('/api/blog/posts?category=guides&tag=release');
    expect(both.body.total).toBe(0);

    expect((await request(h.app).get('/api/blog/categories')).body).toEqual({
      categories: [
        { category: 'news', count: 2 },
        { category: 'guides', count: 1 },
      ],
    });
    expect((await request(h.app).get('/api/blog/tags')).body).toEqual({
      tags: [
        { tag: 'release', count: 2 },
        { tag: 'sync', count: 2 },
      ],
    });
  });

  it('a published post comes with rendered HTML, reading time and related posts', async () => {
    const words = Array.from({ length: 450 }, () => 'word').join(' ');
    await create({ slug: 'main', category: 'news', tags: ['a', 'b', 'c'], body_markdown: `## Title\n\n${words}` });
    await create({ slug: 'two-tags', category: 'guides', tags: ['a', 'b'] });
    await create({ slug: 'one-tag', category: 'guides', tags: ['c'] });
    await create({ slug: 'same-cat', category: 'news', tags: [] });
    await create({ slug: 'three-tags-draft', category: 'news', tags: ['a', 'b', 'c'] });
    await create({ slug: 'unrelated', category: 'other', tags: ['z'] });
    await create({ slug: 'also-one-tag', category: 'news', tags: ['a'] });
    for (const s of ['main', 'two-tags', 'one-tag', 'same-cat', 'unrelated', 'also-one-tag']) await publish(s);

    const res = await request(h.app).get('/api/blog/posts/main');
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ slug: 'main', reading_minutes: 3, category: 'news' });
    expect(res.body.post.body_html).toContain('<h2');
    expect(res.body.post.body_html).toContain('Title</h2>');
    expect(res.body.post).not.toHaveProperty('_rev');
    // two shared tags first; then one shared tag (same category breaks the tie); never drafts or unrelated.
    expect(res.body.related.map((p: { slug: string }) => p.slug)).toEqual(['two-tags', 'also-one-tag', 'one-tag']);
    expect(res.body.related[0]).not.toHaveProperty('body_markdown');
  });
});

describe('markdown sanitising', () => {
  it('strips scripts, event handlers, javascript: links, iframes and styles; keeps formatting', async () => {
    const md = [
      '# Heading',
      '',
      'Text with **bold**, _em_ and `code`.',
      '',
      '<script>alert(1)</script>',
      '',
      '<img src="https://example.com/x.png" onerror="alert(2)" alt="x">',
      '',
      '<img src="http://example.com/insecure.png" alt="insecure">',
      '',
      '[bad](javascript:alert(3)) [good](https://example.com) [mail](mailto:a@example.com)',
      '',
      '<a href="JaVaScRiPt:alert(4)">caps</a> <a href="data:text/html,hi">data</a>',
      '',
      '<iframe src="https://evil.example"></iframe><style>body{}</style><div onclick="x()">div</div>',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '- one',
      '- two',
      '',
      '```js',
      'const x = 1 < 2;',
      '```',
    ].join('\n');
    const res = await request(h.app).post('/api/blog/admin/preview').set(auth(admin)).send({ body_markdown: md });
    expect(res.status).toBe(200);
    const html: string = res.body.body_html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/alert\(1\)/);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/data:text/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toContain('insecure.png');
    expect(html).toContain('<img src="https://example.com/x.png" alt="x" />');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">good</a>');
    expect(html).toContain('<a href="mailto:a@example.com" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code class="language-js">const x = 1 &lt; 2;');
    expect(html).toMatch(/<h1[^>]*>Heading<\/h1>/);
  });

  it('the public post page serves the sanitised HTML', async () => {
    await create({ slug: 'xss', body_markdown: 'Hi <script>alert(1)</script><img src=x onerror=alert(1)>' });
    await publish('xss');
    const res = await request(h.app).get('/api/blog/posts/xss');
    expect(res.body.post.body_html).not.toMatch(/script|onerror/i);
    expect(renderMarkdown('[x](javascript:void(0))')).not.toMatch(/javascript/i);
  });

  it('preview validates its body', async () => {
    const res = await request(h.app).post('/api/blog/admin/preview').set(auth(admin)).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/body_markdown is required/);
  });
});

describe('editing', () => {
  it('lists all posts (drafts too) with _rev, and reads one', async () => {
    await create({ slug: 'one' });
    await create({ slug: 'two' });
    await publish('two');
    const list = await request(h.app).get('/api/blog/admin/posts').set(auth(admin));
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const bySlug = Object.fromEntries(list.body.posts.map((p: { slug: string }) => [p.slug, p]));
    expect(bySlug.one).toMatchObject({ status: 'draft', _rev: expect.stringMatching(/^1-/) });
    expect(bySlug.two).toMatchObject({ status: 'published', _rev: expect.stringMatching(/^2-/) });
    const one = await request(h.app).get('/api/blog/admin/posts/one').set(auth(admin));
    expect(one.status).toBe(200);
    expect(one.body.post).toMatchObject({ slug: 'one', status: 'draft', body_markdown: post().body_markdown });
    expect(one.body.post.body_html).toContain('<strong>bold</strong>');
    expect((await request(h.app).get('/api/blog/admin/posts/nope').set(auth(admin))).status).toBe(404);
  });

  it('updates with the current rev; a stale rev is 409 with the reload message', async () => {
    const p = await create();
    h.clock.now += 1000;
    const ok = await request(h.app).put('/api/blog/admin/posts/hello-world').set(auth(admin)).send({ rev: p._rev, title: 'New title' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.post).toMatchObject({ title: 'New title', excerpt: 'The first post.' });
    expect(ok.body.post.updated_at > ok.body.post.created_at).toBe(true);

    const stale = await request(h.app).put('/api/blog/admin/posts/hello-world').set(auth(admin)).send({ rev: p._rev, title: 'Lost edit' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('This post was changed by someone else since you opened it. Reload it and apply your changes again.');
    const now = await request(h.app).get('/api/blog/admin/posts/hello-world').set(auth(admin));
    expect(now.body.post.title).toBe('New title');

    const noRev = await request(h.app).put('/api/blog/admin/posts/hello-world').set(auth(admin)).send({ title: 'x' });
    expect(noRev.status).toBe(400);
    expect(noRev.body.error).toMatch(/rev is required/);
    const bad = await request(h.app).put('/api/blog/admin/posts/hello-world').set(auth(admin)).send({ rev: ok.body.post._rev, title: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/title is required/);
    const missing = await request(h.app).put('/api/blog/admin/posts/nope').set(auth(admin)).send({ rev: '1-x', title: 'x' });
    expect(missing.status).toBe(404);
  });

  it('renames the slug when the new one is free; refuses a taken one', async () => {
    const p = await create({ slug: 'old-slug' });
    await create({ slug: 'taken' });
    const taken = await request(h.app).put('/api/blog/admin/posts/old-slug').set(auth(admin)).send({ rev: p._rev, slug: 'taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/slug "taken" is already used/);

    const moved = await request(h.app).put('/api/blog/admin/posts/old-slug').set(auth(admin)).send({ rev: p._rev, slug: 'new-slug' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.post.slug).toBe('new-slug');
    expect((await request(h.app).get('/api/blog/admin/posts/old-slug').set(auth(admin))).status).toBe(404);
    expect((await request(h.app).get('/api/blog/admin/posts/new-slug').set(auth(admin))).body.post.title).toBe('Hello, world');
    const list = await request(h.app).get('/api/blog/admin/posts').set(auth(admin));
    expect(list.body.posts.map((x: { slug: string }) => x.slug).sort()).toEqual(['new-slug', 'taken']);
  });

  it('publish sets published_at once; unpublish hides the post again', async () => {
    await create();
    const t1 = new Date(h.clock.now).toISOString();
    const pub = await publish('hello-world');
    expect(pub).toMatchObject({ status: 'published', published_at: t1 });
    expect((await request(h.app).get('/api/blog/posts/hello-world')).status).toBe(200);

    const un = await request(h.app).post('/api/blog/admin/posts/hello-world/unpublish').set(auth(admin)).send();
    expect(un.status).toBe(200);
    expect(un.body.post.status).toBe('draft');
    expect((await request(h.app).get('/api/blog/posts/hello-world')).status).toBe(404);

    h.clock.now += 600_000;
    const again = await publish('hello-world');
    expect(again.published_at).toBe(t1);

    const stale = await request(h.app).post('/api/blog/admin/posts/hello-world/unpublish').set(auth(admin)).send({ rev: pub._rev });
    expect(stale.status).toBe(409);
    expect((await request(h.app).post('/api/blog/admin/posts/nope/publish').set(auth(admin)).send()).status).toBe(404);
  });

  it('deletes with the current rev only', async () => {
    const p = await create();
    const noRev = await request(h.app).delete('/api/blog/admin/posts/hello-world').set(auth(admin));
    expect(noRev.status).toBe(400);
    expect(noRev.body.error).toMatch(/rev is required/);
    const stale = await request(h.app).delete('/api/blog/admin/posts/hello-world?rev=1-0000').set(auth(admin));
    expect(stale.status).toBe(409);
    const ok = await request(h.app).delete(`/api/blog/admin/posts/hello-world?rev=${p._rev}`).set(auth(admin));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, slug: 'hello-world' });
    expect((await request(h.app).get('/api/blog/admin/posts/hello-world').set(auth(admin))).status).toBe(404);
    expect((await request(h.app).delete(`/api/blog/admin/posts/hello-world?rev=${p._rev}`).set(auth(admin))).status).toBe(404);
    // The slug is free again.
    await create();
  });
});
