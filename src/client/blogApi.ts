/**
 * The blog endpoints (server/blog), typed for the public blog pages and Blog Admin.
 *
 * Public reads go without a bearer token (anyone may read published posts, and a signed-out
 * visitor must not trigger a session refresh); everything under `/admin` needs an administrator.
 */
import { api } from './api';

export type PostStatus = 'draft' | 'published';

/** A post in a list: everything but the body. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  /** A slug, e.g. "cost-control". */
  category: string;
  tags: string[];
  author: string;
  /** ISO date-time of the first publication; null while never published. */
  published_at: string | null;
  reading_minutes: number;
}

/** A published post as the public page shows it. `body_html` is sanitised by the server. */
export interface PublicPost extends PostSummary {
  body_markdown: string;
  body_html: string;
}

export interface AdminPostSummary extends PostSummary {
  status: PostStatus;
  created_at: string;
  updated_at: string;
  /** The revision the next save, publish or delete must send back. */
  _rev: string;
}

export interface AdminPost extends AdminPostSummary {
  body_markdown: string;
  body_html: string;
}

export interface PostPage {
  posts: PostSummary[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface PostQuery {
  page?: number;
  pageSize?: number;
  category?: string;
  tag?: string;
}

/** The fields an editor sends; `rev` is required for updates (see {@link blogAdminApi.update}). */
export interface PostInput {
  slug?: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  category: string;
  tags: string[];
  author: string;
  status?: PostStatus;
}

const enc = encodeURIComponent;

function query(q: PostQuery): string {
  const p = new URLSearchParams();
  if (q.page && q.page > 1) p.set('page', String(q.page));
  if (q.pageSize) p.set('pageSize', String(q.pageSize));
  if (q.category) p.set('category', q.category);
  if (q.tag) p.set('tag', q.tag);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const blogApi = {
  list: (q: PostQuery = {}) => api<PostPage>(`/api/blog/posts${query(q)}`, { auth: false }),
  post: (slug: string) => api<{ post: PublicPost; related: PostSummary[] }>(`/api/blog/posts/${enc(slug)}`, { auth: false }),
  categories: () =>
    api<{ categories: { category: string; count: number }[] }>('/api/blog/categories', { auth: false }).then((r) => r.categories),
  tags: () => api<{ tags: { tag: string; count: number }[] }>('/api/blog/tags', { auth: false }).then((r) => r.tags),
};

export const blogAdminApi = {
  list: () => api<{ posts: AdminPostSummary[]; total: number }>('/api/blog/admin/posts').then((r) => r.posts),
  get: (slug: string) => api<{ post: AdminPost }>(`/api/blog/admin/posts/${enc(slug)}`).then((r) => r.post),
  create: (input: PostInput) => api<{ post: AdminPost }>('/api/blog/admin/posts', { method: 'POST', body: input }).then((r) => r.post),
  /** Saves changes over revision `rev`; 409 when someone saved in between (or the new slug is taken). */
  update: (slug: string, rev: string, changes: Partial<PostInput>) =>
    api<{ post: AdminPost }>(`/api/blog/admin/posts/${enc(slug)}`, { method: 'PUT', body: { rev, ...changes } }).then((r) => r.post),
  publish: (slug: string, rev: string) =>
    api<{ post: AdminPost }>(`/api/blog/admin/posts/${enc(slug)}/publish`, { method: 'POST', body: { rev } }).then((r) => r.post),
  unpublish: (slug: string, rev: string) =>
    api<{ post: AdminPost }>(`/api/blog/admin/posts/${enc(slug)}/unpublish`, { method: 'POST', body: { rev } }).then((r) => r.post),
  remove: (slug: string, rev: string) => api<{ ok: true; slug: string }>(`/api/blog/admin/posts/${enc(slug)}?rev=${enc(rev)}`, { method: 'DELETE' }),
  preview: (bodyMarkdown: string) =>
    api<{ body_html: string }>('/api/blog/admin/preview', { method: 'POST', body: { body_markdown: bodyMarkdown } }).then((r) => r.body_html),
};

/**
 * The caller's roles (GET /api/user-roles answers `[{ role }]`). `api()` hands a JSON array back
 * wrapped as `{ value: [...] }`, so both shapes are read.
 */
export function fetchRoles(): Promise<string[]> {
  return api<unknown>('/api/user-roles').then((r) => {
    const rows: unknown = Array.isArray(r) ? r : (r as { value?: unknown } | null)?.value;
    return Array.isArray(rows) ? rows.map((x) => String((x as { role?: unknown })?.role ?? '')).filter(Boolean) : [];
  });
}
