/**
 * The blog endpoints (server/blog), typed for the public blog pages and Blog Admin.
 *
 * Public reads go without a bearer token (anyone may read published posts, and a signed-out
 * visitor must not trigger a session refresh); everything under `/admin` needs an administrator.
 */
import type {
  AdminPostList,
  AdminPostResponse,
  CategoriesResponse,
  DeletePostResponse,
  PostInput,
  PostPage,
  PostQuery,
  PostResponse,
  PreviewResponse,
  TagsResponse,
} from '../core/api/blog';
import { api } from './api';

// The wire shapes live in src/core/api/blog.ts (shared with the server); re-exported for the pages.
export type { AdminPost, AdminPostSummary, PostInput, PostPage, PostQuery, PostStatus, PostSummary, PublicPost } from '../core/api/blog';

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
  post: (slug: string) => api<PostResponse>(`/api/blog/posts/${enc(slug)}`, { auth: false }),
  categories: () =>
    api<CategoriesResponse>('/api/blog/categories', { auth: false }).then((r) => r.categories),
  tags: () => api<TagsResponse>('/api/blog/tags', { auth: false }).then((r) => r.tags),
};

export const blogAdminApi = {
  list: () => api<AdminPostList>('/api/blog/admin/posts').then((r) => r.posts),
  get: (slug: string) => api<AdminPostResponse>(`/api/blog/admin/posts/${enc(slug)}`).then((r) => r.post),
  create: (input: PostInput) => api<AdminPostResponse>('/api/blog/admin/posts', { method: 'POST', body: input }).then((r) => r.post),
  /** Saves changes over revision `rev`; 409 when someone saved in between (or the new slug is taken). */
  update: (slug: string, rev: string, changes: Partial<PostInput>) =>
    api<AdminPostResponse>(`/api/blog/admin/posts/${enc(slug)}`, { method: 'PUT', body: { rev, ...changes } }).then((r) => r.post),
  publish: (slug: string, rev: string) =>
    api<AdminPostResponse>(`/api/blog/admin/posts/${enc(slug)}/publish`, { method: 'POST', body: { rev } }).then((r) => r.post),
  unpublish: (slug: string, rev: string) =>
    api<AdminPostResponse>(`/api/blog/admin/posts/${enc(slug)}/unpublish`, { method: 'POST', body: { rev } }).then((r) => r.post),
  remove: (slug: string, rev: string) => api<DeletePostResponse>(`/api/blog/admin/posts/${enc(slug)}?rev=${enc(rev)}`, { method: 'DELETE' }),
  preview: (bodyMarkdown: string) =>
    api<PreviewResponse>('/api/blog/admin/preview', { method: 'POST', body: { body_markdown: bodyMarkdown } }).then((r) => r.body_html),
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
