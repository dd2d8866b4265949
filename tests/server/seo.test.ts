import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from './subscription/helpers';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-seo-');
});
afterEach(async () => {
  await h.close();
});

const post = (slug: string, status: 'draft' | 'published', extra: Record<string, unknown> = {}) => ({
  _id: `post:${slug}`,
  type: 'blog_post',
  slug,
  title: slug,
  excerpt: '',
  body_markdown: 'x',
  category: 'cost-control',
  tags: ['earned-schedule'],
  author: 'Ada',
  status,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  published_at: status === 'published' ? '2026-03-02T10:00:00.000Z' : null,
  ...extra,
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and published posts, with their categories and tags, under PUBLIC_URL', async () => {
    await h.store.db('blog').bulkDocs([post('what-is-es', 'published'), post('secret-draft', 'draft', { category: 'hidden', tags: ['nope'] })]);
    const res = await request(h.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = res.text;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = 'http://localhost:0';
    for (const p of ['/', '/pricing', '/features', '/blog', '/privacy']) expect(locs).toContain(`${base}${p}`);
    expect(locs).toContain(`${base}/blog/what-is-es`);
    expect(locs).toContain(`${base}/blog/category/cost-control`);
    expect(locs).toContain(`${base}/blog/tag/earned-schedule`);
    expect(xml).toContain('<lastmod>2026-03-02</lastmod>');
    expect(xml).not.toContain('secret-draft');
    expect(xml).not.toContain('/hidden');
    expect(locs.some((l) => l.includes('/app') || l.includes('/auth') || l.includes('blog-admin'))).toBe(false);
  });
});
