/**
 * `GET /sitemap.xml`: the public pages and every published blog post, as absolute addresses under
 * PUBLIC_URL (a sitemap needs absolute URLs, which only the server knows). Built per request from
 * the blog database; cached by clients and crawlers for an hour.
 */
import express, { type Router } from 'express';
import type { RouterDeps } from '../routerDeps';
import type { PostDoc } from '../blog/posts';
import { POST_PREFIX } from '../store/ids';

/** The public, indexable routes of the spec's §2 table (not /app, /auth, /blog-admin, /success…). */
export const SITEMAP_PATHS = [
  '/',
  '/features',
  '/pricing',
  '/faq',
  '/about',
  '/contact',
  '/blog',
  '/privacy',
  '/terms',
  '/cookie-policy',
  '/legal-disclaimer',
  '/pwa-install',
] as const;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(publicUrl: string, posts: { slug: string; updated_at?: string | null; category?: string | null; tags?: string[] }[]): string {
  const urls: { loc: string; lastmod?: string }[] = SITEMAP_PATHS.map((p) => ({ loc: `${publicUrl}${p === '/' ? '/' : p}` }));
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const post of posts) {
    urls.push({ loc: `${publicUrl}/blog/${encodeURIComponent(post.slug)}`, ...(post.updated_at ? { lastmod: post.updated_at.slice(0, 10) } : {}) });
    if (post.category) categories.add(post.category);
    for (const t of post.tags ?? []) tags.add(t);
  }
  for (const c of [...categories].sort()) urls.push({ loc: `${publicUrl}/blog/category/${encodeURIComponent(c)}` });
  for (const t of [...tags].sort()) urls.push({ loc: `${publicUrl}/blog/tag/${encodeURIComponent(t)}` });
  const body = urls
    .map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function createSeoRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const all = await deps.store.db<PostDoc>('blog').allDocs({ include_docs: true, startkey: POST_PREFIX, endkey: `${POST_PREFIX}\ufff0` });
      const posts = all.rows.map((r) => r.doc).filter((d): d is NonNullable<typeof d> => !!d && d.status === 'published');
      res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.send(sitemapXml(deps.publicUrl, posts));
    } catch (err) {
      next(err);
    }
  });
  return router;
}
