/**
 * The blog (`/api/blog`). Public reads see published posts only; everything under `/admin` needs
 * a signed-in administrator.
 *
 * Public:
 * - `GET /posts?page=&pageSize=&category=&tag=` → `{ posts, page, pageSize, total, totalPages }`
 * - `GET /posts/:slug` → `{ post (with body_html, reading_minutes), related }`
 * - `GET /categories`, `GET /tags` → counts over published posts
 *
 * Admin (bearer + admin role):
 * - `GET /admin/posts`, `GET /admin/posts/:slug` (drafts too, with `_rev`)
 * - `POST /admin/posts` (409 when the slug is taken)
 * - `PUT /admin/posts/:slug` `{ rev, ...changes }` (409 when `rev` is stale or the new slug taken)
 * - `POST /admin/posts/:slug/publish`, `POST /admin/posts/:slug/unpublish` (optional `{ rev }`)
 * - `DELETE /admin/posts/:slug?rev=`
 * - `POST /admin/preview` `{ body_markdown }` → `{ body_html }`
 */
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import {
  CreatePost,
  Preview,
  UpdatePost,
  adminPostOf,
  adminSummaryOf,
  allPosts,
  byNewest,
  countBy,
  createPost,
  deletePost,
  fullPostOf,
  getPost,
  notFoundMessage,
  publishedPosts,
  relatedTo,
  requirePost,
  setStatus,
  summaryOf,
  updatePost,
} from './posts';
import { renderMarkdown } from './render';

export * from './posts';
export { renderMarkdown, readingMinutes } from './render';

export const MAX_PAGE_SIZE = 50;
export const NOT_A_JSON_OBJECT = 'Send a JSON object with Content-Type: application/json.';

/** The first problem, naming the field ("tags.2: …") unless the message already starts with it. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
  const path = issue.path.join('.');
  const head = String(issue.path[0] ?? '');
  return !path || issue.message.startsWith(head) ? issue.message : `${path}: ${issue.message}`;
}

function parseBody<T>(schema: z.ZodType<T>, req: Request): T {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, NOT_A_JSON_OBJECT);
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, describe(result.error));
  return result.data;
}

const positiveInt = (name: string, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to ${max}; got "${v}".` });
        return z.NEVER;
      }
      return n;
    });

const ListQuery = z.object({
  page: positiveInt('page', 1_000_000, 1),
  pageSize: positiveInt('pageSize', MAX_PAGE_SIZE, 10),
  category: z.string().optional(),
  tag: z.string().optional(),
});

function parseQuery<T>(schema: z.ZodType<T>, req: Request): T {
  // Repeated parameters (?page=1&page=2) arrive as arrays: take none of them.
  const q: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req.query)) {
    if (typeof v !== 'string') throw new HttpError(400, `The query parameter ${k} must be given once, as plain text.`);
    q[k] = v;
  }
  const result = schema.safeParse(q);
  if (!result.success) throw new HttpError(400, describe(result.error));
  return result.data;
}

const slugParam = (req: Request): string => String(req.params.slug);

export function createBlogRouter(deps: RouterDeps): Router {
  const { store } = deps;
  const router = express.Router();

  // ---- Public ----

  router.get(
    '/posts',
    async (req, res) => {
      const q = parseQuery(ListQuery, req);
      let posts = await publishedPosts(store);
      if (q.category) posts = posts.filter((p) => p.category === q.category);
      if (q.tag) posts = posts.filter((p) => p.tags.includes(q.tag!));
      const total = posts.length;
      const start = (q.page - 1) * q.pageSize;
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json({
        posts: posts.slice(start, start + q.pageSize).map(summaryOf),
        page: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      });
    },
  );

  router.get(
    '/posts/:slug',
    async (req, res) => {
      const s = slugParam(req);
      const post = await getPost(store, s);
      // A draft is answered exactly like a missing post: its existence is not public either.
      if (!post || post.status !== 'published') throw new HttpError(404, notFoundMessage(s));
      const published = await publishedPosts(store);
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json({ post: fullPostOf(post), related: relatedTo(post, published).map(summaryOf) });
    },
  );

  router.get(
    '/categories',
    async (_req, res) => {
      const counts = countBy(await publishedPosts(store), (p) => [p.category]);
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json({ categories: counts.map(({ name, count }) => ({ category: name, count })) });
    },
  );

  router.get(
    '/tags',
    async (_req, res) => {
      const counts = countBy(await publishedPosts(store), (p) => p.tags);
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json({ tags: counts.map(({ name, count }) => ({ tag: name, count })) });
    },
  );

  // ---- Admin ----

  const admin = express.Router();
  admin.use(deps.requireUser, deps.requireAdmin, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  admin.get(
    '/posts',
    async (_req, res) => {
      const posts = (await allPosts(store)).sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : byNewest(a, b)));
      res.json({ posts: posts.map(adminSummaryOf), total: posts.length });
    },
  );

  admin.get(
    '/posts/:slug',
    async (req, res) => {
      res.json({ post: adminPostOf(await requirePost(store, slugParam(req))) });
    },
  );

  admin.post(
    '/posts',
    async (req, res) => {
      const input = parseBody(CreatePost, req);
      const post = await createPost(store, input, deps.now());
      res.status(201).json({ post: adminPostOf(post) });
    },
  );

  admin.put(
    '/posts/:slug',
    async (req, res) => {
      const input = parseBody(UpdatePost, req);
      const post = await updatePost(store, slugParam(req), input, deps.now());
      res.json({ post: adminPostOf(post) });
    },
  );

  const OptionalRev = z.object({ rev: z.string({ error: 'rev must be a string: the _rev of the post as you loaded it.' }).optional() });
  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    admin.post(
      `/posts/:slug/${action}`,
      async (req, res) => {
        const hasBody = req.body !== undefined && req.body !== null && Object.keys(req.body as object).length > 0;
        const { rev } = hasBody ? parseBody(OptionalRev, req) : { rev: undefined };
        const post = await setStatus(store, slugParam(req), status, deps.now(), rev);
        res.json({ post: adminPostOf(post) });
      },
    );
  }

  admin.delete(
    '/posts/:slug',
    async (req, res) => {
      const rev = req.query.rev;
      if (typeof rev !== 'string' || rev === '') {
        throw new HttpError(400, 'rev is required: send ?rev=<the _rev of the post as you loaded it> so that a newer edit is not deleted unseen.');
      }
      await deletePost(store, slugParam(req), rev);
      res.json({ ok: true, slug: slugParam(req) });
    },
  );

  admin.post(
    '/preview',
    async (req, res) => {
      const { body_markdown } = parseBody(Preview, req);
      res.json({ body_html: renderMarkdown(body_markdown) });
    },
  );

  router.use('/admin', admin);
  return router;
}
