import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { blogApi } from '../../client/blogApi';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from './LoadError';
import { PostCard } from './PostCard';
import { useLoad } from './useLoad';

export const PAGE_SIZE = 10;

/** `?page=` as a whole number from 1; anything else is page 1. */
export function pageFrom(params: URLSearchParams): number {
  const raw = params.get('page');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

function pageHref(params: URLSearchParams, page: number): string {
  const p = new URLSearchParams(params);
  if (page <= 1) p.delete('page');
  else p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '?';
}

interface PostListProps {
  category?: string;
  tag?: string;
  /** What an empty list says. */
  empty: ReactNode;
}

/** A paged list of published posts (optionally of one category or tag), paged by `?page=`. */
export function PostList({ category, tag, empty }: PostListProps) {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const load = useLoad(() => blogApi.list({ page, pageSize: PAGE_SIZE, category, tag }), [page, category, tag]);
  // A new page of the same list starts at the top (the layout scrolls only on a new path).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);

  if (load.state === 'loading') return <Spinner label="Loading posts..." />;
  if (load.state === 'error') return <LoadError error={load.error} onRetry={load.reload} />;

  const { posts, total, totalPages } = load.data;
  if (total === 0) return <div className="blog-state card">{empty}</div>;
  if (posts.length === 0) {
    return (
      <div className="blog-state card">
        <p>
          There is no page {page}: {totalPages === 1 ? 'there is only one page' : `there are ${totalPages} pages`} of posts.
        </p>
        <Link className="btn btn-outline" to={pageHref(params, 1)}>
          Go to the first page
        </Link>
      </div>
    );
  }

  return (
    <div className="post-list">
      <p className="sr-only" role="status">
        {total === 1 ? '1 post' : `${total} posts`}, page {page} of {totalPages}.
      </p>
      {posts.map((p) => (
        <PostCard key={p.slug} post={p} />
      ))}
      {totalPages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? (
            <Link className="btn btn-outline" to={pageHref(params, page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span className="pager-spacer" />
          )}
          <span className="pager-status">
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Link className="btn btn-outline" to={pageHref(params, page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span className="pager-spacer" />
          )}
        </nav>
      ) : null}
    </div>
  );
}
