/**
 * The editor's checks, the same rules the server applies (server/blog/posts.ts), so a mistake is
 * shown next to its field before anything is sent. The server checks again and has the last word.
 */
import type { PostInput } from '../../../client/blogApi';

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BODY_BYTES = 200 * 1024;
export const LIMITS = { title: 200, excerpt: 500, slug: 100, category: 50, tag: 50, tags: 20, author: 100 } as const;

export type FieldName = 'title' | 'slug' | 'excerpt' | 'category' | 'tags' | 'author' | 'body';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** What the editor holds: tags as typed ("evm, forecasting"). */
export interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string;
  author: string;
  body: string;
}

/** "Hello, World!" → "hello-world" (as the server makes a slug from a title); '' when nothing is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slug)
    .replace(/-+$/, '');
}

/** "EVM, earned-schedule ,, forecasting" → ["evm", "earned-schedule", "forecasting"]. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

const slugRule = 'lowercase letters a–z, digits and single inner hyphens (like "cost-control")';

export function validateDraft(d: Draft): FieldErrors {
  const e: FieldErrors = {};
  const title = d.title.trim();
  if (!title) e.title = 'Give the post a title.';
  else if (title.length > LIMITS.title) e.title = `The title must be at most ${LIMITS.title} characters.`;

  const slug = d.slug.trim();
  if (slug) {
    if (slug.length > LIMITS.slug) e.slug = `The slug must be at most ${LIMITS.slug} characters.`;
    else if (!SLUG_RE.test(slug)) e.slug = `The slug may contain only ${slugRule}.`;
  } else if (title && !slugify(title)) {
    e.slug = 'The title has no letters or digits to make a slug from: type a slug.';
  }

  if (d.excerpt.trim().length > LIMITS.excerpt) e.excerpt = `The excerpt must be at most ${LIMITS.excerpt} characters.`;

  const category = d.category.trim().toLowerCase();
  if (!category) e.category = 'Choose a category (like "cost-control").';
  else if (category.length > LIMITS.category) e.category = `The category must be at most ${LIMITS.category} characters.`;
  else if (!SLUG_RE.test(category)) e.category = `The category may contain only ${slugRule}.`;

  const tags = parseTags(d.tags);
  const badTag = tags.find((t) => t.length > LIMITS.tag || !SLUG_RE.test(t));
  if (tags.length > LIMITS.tags) e.tags = `A post may have at most ${LIMITS.tags} tags.`;
  else if (badTag) e.tags = `“${badTag}” is not a valid tag: use ${slugRule}, at most ${LIMITS.tag} characters each.`;

  const author = d.author.trim();
  if (!author) e.author = 'Give the author name to show on the post.';
  else if (author.length > LIMITS.author) e.author = `The author must be at most ${LIMITS.author} characters.`;

  if (new TextEncoder().encode(d.body).length > MAX_BODY_BYTES) e.body = 'The body must be at most 200 KB.';
  return e;
}

/** The request body for a valid draft. An empty slug is left out (the server makes one, or keeps the current one). */
export function inputOf(d: Draft): PostInput {
  const slug = d.slug.trim();
  return {
    ...(slug ? { slug } : {}),
    title: d.title.trim(),
    excerpt: d.excerpt.trim(),
    body_markdown: d.body,
    category: d.category.trim().toLowerCase(),
    tags: parseTags(d.tags),
    author: d.author.trim(),
  };
}

/** The field a server validation message is about ("tags.2: each tag …" → tags), if any. */
export function fieldOfServerError(message: string): FieldName | null {
  const m = /^(title|slug|excerpt|body_markdown|category|tags|each tag|author)\b/.exec(message);
  if (!m) return null;
  if (m[1] === 'body_markdown') return 'body';
  if (m[1] === 'each tag') return 'tags';
  return m[1] as FieldName;
}
