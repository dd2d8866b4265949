import { ApiError } from '../../client/api';
import { formatDate, NA } from '../../core/format';
import { humanise } from '../slugs';

/** "2026-03-14T09:30:00.000Z" → "14 Mar 2026" (the UTC date the server recorded). */
export function postDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const text = formatDate(iso);
  return text === NA ? null : text;
}

/** 4 → "4 min read". */
export function readingTime(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}

/** A category slug as a name: "cost-control" → "Cost Control". */
export function categoryName(slug: string): string {
  return humanise(slug);
}

export const categoryPath = (slug: string) => `/blog/category/${encodeURIComponent(slug)}`;
export const tagPath = (tag: string) => `/blog/tag/${encodeURIComponent(tag)}`;
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

export const BLOG_OFFLINE = 'You are offline: the blog needs a connection.';

/** What to tell a reader when a blog call failed. */
export function blogErrorText(err: unknown): string {
  if (err instanceof ApiError) return err.offline ? BLOG_OFFLINE : err.message;
  return 'Something went wrong while loading the blog. Please try again.';
}
