/**
 * Blog posts in the `blog` database, one document per post, `_id` = `post:<slug>`: the slug is the
 * unique key, so "slug taken" is PouchDB's own 409 and two admins can never create the same post.
 * Edits carry the `_rev` the editor loaded, so a save over someone else's newer change is refused
 * instead of silently overwriting it.
 */
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { createIfAbsent, isConflict, isNotFound, type Store } from '../store';
import type { AdminPost, AdminPostSummary, PostStatus, PostSummary, PublicPost } from '../../src/core/api/blog';
import { POST_PREFIX, postDocId } from '../store/ids';
import { readingMinutes, renderMarkdown } from './render';

// The shapes sent to clients are declared once, in src/core/api/blog.ts, for client and server.
export type { AdminPost, AdminPostSummary, PostStatus, PostSummary, PublicPost };

export interface PostDoc {
  type: 'blog_post';
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  category: string;
  tags: string[];
  /** Display name shown on the post. */
  author: string;
  status: PostStatus;
  /** ISO date-time text. */
  created_at: string;
  updated_at: string;
  /** When it was first published; null while it never was. */
  published_at: string | null;
}

export type StoredPost = PostDoc & PouchDB.Core.IdMeta & PouchDB.Core.GetMeta;

export const MAX_BODY_BYTES = 200 * 1024;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---- Validation ----

/** A string field whose "missing" and "wrong type" messages name it. */
const text = (field: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${field} is required.` : `${field} must be a string.`) });

const slug = (field: string, max: number) =>
  text(field)
    .max(max, `${field} must be at most ${max} characters.`)
    .regex(SLUG, `${field} may contain only lowercase letters a–z, digits and single inner hyphens (like "release-notes-2").`);

const title = text('title')
  .trim()
  .min(1, 'title is required: give the post a title.')
  .max(200, 'title must be at most 200 characters.');
const excerpt = text('excerpt').trim().max(500, 'excerpt must be at most 500 characters.');
export const bodyMarkdown = text('body_markdown')
  .refine((s) => Buffer.byteLength(s, 'utf8') <= MAX_BODY_BYTES, 'body_markdown must be at most 200 KB.');
const tags = z
  .array(slug('each tag', 50), { error: 'tags must be a list of strings.' })
  .max(20, 'tags may hold at most 20 tags.')
  .transform((t) => [...new Set(t)]);
const author = text('author')
  .trim()
  .min(1, 'author is required: give the display name to show on the post.')
  .max(100, 'author must be at most 100 characters.');
const status = z.enum(['draft', 'published'], { error: 'status must be "draft" or "published".' });

export const CreatePost = z.object({
  slug: slug('slug', 100).optional(),
  title,
  excerpt: excerpt.optional(),
  body_markdown: bodyMarkdown,
  category: slug('category', 50),
  tags: tags.optional(),
  author,
  status: status.optional(),
});
export type CreatePostInput = z.infer<typeof CreatePost>;

export const UpdatePost = z.object({
  rev: z
    .string({ error: 'rev is required: send the _rev of the post as you loaded it.' })
    .min(1, 'rev is required: send the _rev of the post as you loaded it.'),
  slug: slug('slug', 100).optional(),
  title: title.optional(),
  excerpt: excerpt.optional(),
  body_markdown: bodyMarkdown.optional(),
  category: slug('category', 50).optional(),
  tags: tags.optional(),
  author: author.optional(),
  status: status.optional(),
});
export type UpdatePostInput = z.infer<typeof UpdatePost>;

export const Preview = z.object({ body_markdown: bodyMarkdown });

export function isValidSlug(s: unknown): s is string {
  return typeof s === 'string' && s.length <= 100 && SLUG.test(s);
}

/** A slug made from a title: "Hello, World!" → "hello-world" (null when nothing usable is left). */
export function slugify(text: string): string | null {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return s || null;
}

// ---- Messages of the answers (thrown as HttpError) ----

export const STALE_REV = 'This post was changed by someone else since you opened it. Reload it and apply your changes again.';
export const notFoundMessage = (s: string) => `There is no blog post "${s}". Check the address, or pick a post from the blog.`;
export const slugTaken = (s: string) => `The slug "${s}" is already used by another post. Choose a different slug.`;

// ---- Shapes sent to clients (types in src/core/api/blog.ts) ----

export function summaryOf(doc: PostDoc): PostSummary {
  return {
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt,
    category: doc.category,
    tags: doc.tags,
    author: doc.author,
    published_at: doc.published_at,
    reading_minutes: readingMinutes(doc.body_markdown),
  };
}

/** Everything, for editors (with `_rev`, which the next save must send back). */
export function adminSummaryOf(doc: StoredPost): AdminPostSummary {
  return {
    ...summaryOf(doc),
    status: doc.status,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    _rev: doc._rev,
  };
}

export function fullPostOf(doc: PostDoc): PublicPost {
  return {
    ...summaryOf(doc),
    body_markdown: doc.body_markdown,
    body_html: renderMarkdown(doc.body_markdown),
  };
}

export function adminPostOf(doc: StoredPost): AdminPost {
  return { ...adminSummaryOf(doc), ...fullPostOf(doc) };
}

// ---- Reads ----

const db = (store: Store) => store.db<PostDoc>('blog');

function isPost(doc: unknown): doc is StoredPost {
  return !!doc && (doc as PostDoc).type === 'blog_post';
}

/** Every post (drafts included). The blog is small: one range read, sorted in memory. */
export async function allPosts(store: Store): Promise<StoredPost[]> {
  const res = await db(store).allDocs({ startkey: POST_PREFIX, endkey: `${POST_PREFIX}\ufff0`, include_docs: true });
  return res.rows.map((r) => r.doc).filter(isPost);
}

/** Newest publication first; never-published posts (drafts) last, newest edit first. */
export function byNewest(a: PostDoc, b: PostDoc): number {
  const pa = a.published_at ?? '';
  const pb = b.published_at ?? '';
  if (pa !== pb) return pa < pb ? 1 : -1;
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? 1 : -1;
  return a.slug < b.slug ? -1 : 1;
}

export async function publishedPosts(store: Store): Promise<StoredPost[]> {
  return (await allPosts(store)).filter((p) => p.status === 'published').sort(byNewest);
}

export async function getPost(store: Store, slugValue: string): Promise<StoredPost | null> {
  if (!isValidSlug(slugValue)) return null;
  try {
    const doc = await db(store).get(postDocId(slugValue));
    return isPost(doc) ? doc : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export async function requirePost(store: Store, slugValue: string): Promise<StoredPost> {
  const doc = await getPost(store, slugValue);
  if (!doc) throw new HttpError(404, notFoundMessage(slugValue));
  return doc;
}

/** Up to `limit` other published posts sharing the category or tags: most shared tags first. */
export function relatedTo(post: PostDoc, published: PostDoc[], limit = 3): PostDoc[] {
  const scored = published
    .filter((p) => p.slug !== post.slug)
    .map((p) => ({
      p,
      shared: p.tags.filter((t) => post.tags.includes(t)).length,
      sameCategory: p.category === post.category ? 1 : 0,
    }))
    .filter((s) => s.shared > 0 || s.sameCategory > 0);
  scored.sort((a, b) => b.shared - a.shared || b.sameCategory - a.sameCategory || byNewest(a.p, b.p));
  return scored.slice(0, limit).map((s) => s.p);
}

/** `[{ name, count }]` over published posts, most used first, then by name. */
export function countBy(posts: PostDoc[], keys: (p: PostDoc) => string[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of posts) for (const k of new Set(keys(p))) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
}

// ---- Writes ----

export async function createPost(store: Store, input: CreatePostInput, now: number): Promise<StoredPost> {
  const s = input.slug ?? slugify(input.title);
  if (!s) throw new HttpError(400, 'slug: the title has no letters or digits to make a slug from; send a slug.');
  const at = new Date(now).toISOString();
  const status = input.status ?? 'draft';
  const doc: PostDoc & { _id: string } = {
    _id: postDocId(s),
    type: 'blog_post',
    slug: s,
    title: input.title,
    excerpt: input.excerpt ?? '',
    body_markdown: input.body_markdown,
    category: input.category,
    tags: input.tags ?? [],
    author: input.author,
    status,
    created_at: at,
    updated_at: at,
    published_at: status === 'published' ? at : null,
  };
  if (!(await createIfAbsent(db(store), doc))) throw new HttpError(409, slugTaken(s));
  return requirePost(store, s);
}

/**
 * Applies an editor's changes when `rev` is still the current revision. A slug change moves the
 * post: the new document is created first (refused when the slug is taken), then the old one is
 * deleted with the same `rev`; if that delete loses a race, the new copy is removed again and the
 * edit answers 409, so a post is never duplicated or lost.
 */
export async function updatePost(store: Store, slugValue: string, input: UpdatePostInput, now: number): Promise<StoredPost> {
  const current = await requirePost(store, slugValue);
  if (current._rev !== input.rev) throw new HttpError(409, STALE_REV);
  const at = new Date(now).toISOString();
  const { rev, slug: newSlug, ...changes } = input;
  const status = changes.status ?? current.status;
  const next: PostDoc = {
    type: 'blog_post',
    slug: newSlug ?? current.slug,
    title: changes.title ?? current.title,
    excerpt: changes.excerpt ?? current.excerpt,
    body_markdown: changes.body_markdown ?? current.body_markdown,
    category: changes.category ?? current.category,
    tags: changes.tags ?? current.tags,
    author: changes.author ?? current.author,
    status,
    created_at: current.created_at,
    updated_at: at,
    published_at: status === 'published' ? (current.published_at ?? at) : current.published_at,
  };

  if (next.slug === current.slug) {
    try {
      await db(store).put({ ...next, _id: current._id, _rev: rev });
    } catch (err) {
      if (isConflict(err) || isNotFound(err)) throw new HttpError(409, STALE_REV);
      throw err;
    }
    return requirePost(store, next.slug);
  }

  if (!(await createIfAbsent(db(store), { ...next, _id: postDocId(next.slug) }))) {
    throw new HttpError(409, slugTaken(next.slug));
  }
  try {
    await db(store).remove(current._id, rev);
  } catch (err) {
    const moved = await getPost(store, next.slug);
    if (moved) await db(store).remove(moved._id, moved._rev).catch(() => undefined);
    if (isConflict(err) || isNotFound(err)) throw new HttpError(409, STALE_REV);
    throw err;
  }
  return requirePost(store, next.slug);
}

/** Publishes or unpublishes; the first publication date is kept across unpublish/publish. */
export async function setStatus(store: Store, slugValue: string, status: PostStatus, now: number, rev?: string): Promise<StoredPost> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await requirePost(store, slugValue);
    if (rev !== undefined && current._rev !== rev) throw new HttpError(409, STALE_REV);
    if (current.status === status) return current;
    const at = new Date(now).toISOString();
    try {
      await db(store).put({
        ...current,
        status,
        updated_at: at,
        published_at: status === 'published' ? (current.published_at ?? at) : current.published_at,
      });
      return requirePost(store, slugValue);
    } catch (err) {
      if (!isConflict(err)) throw err;
      if (rev !== undefined) throw new HttpError(409, STALE_REV);
    }
  }
  throw new HttpError(409, STALE_REV);
}

export async function deletePost(store: Store, slugValue: string, rev: string): Promise<void> {
  const current = await requirePost(store, slugValue);
  if (current._rev !== rev) throw new HttpError(409, STALE_REV);
  try {
    await db(store).remove(current._id, rev);
  } catch (err) {
    if (isConflict(err)) throw new HttpError(409, STALE_REV);
    if (isNotFound(err)) throw new HttpError(404, notFoundMessage(slugValue));
    throw err;
  }
}
