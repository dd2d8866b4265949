/**
 * The wire shapes of the blog endpoints (server/blog), declared once for both sides: the server
 * builds its answers as these types and the client (src/client/blogApi.ts, the blog pages and Blog
 * Admin) reads them. Types only.
 */

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

/** `GET /api/blog/posts`. */
export interface PostPage {
  posts: PostSummary[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** The query of `GET /api/blog/posts`. */
export interface PostQuery {
  page?: number;
  pageSize?: number;
  category?: string;
  tag?: string;
}

/** `GET /api/blog/posts/:slug`. */
export interface PostResponse {
  post: PublicPost;
  related: PostSummary[];
}

export interface CategoriesResponse {
  categories: { category: string; count: number }[];
}

export interface TagsResponse {
  tags: { tag: string; count: number }[];
}

/** The fields an editor sends to create a post; an update sends `rev` and any of them. */
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

/** `GET /api/blog/admin/posts`. */
export interface AdminPostList {
  posts: AdminPostSummary[];
  total: number;
}

/** Create, get, update, publish and unpublish answer the post. */
export interface AdminPostResponse {
  post: AdminPost;
}

/** `DELETE /api/blog/admin/posts/:slug?rev=`. */
export interface DeletePostResponse {
  ok: true;
  slug: string;
}

/** `POST /api/blog/admin/preview`. */
export interface PreviewResponse {
  body_html: string;
}
