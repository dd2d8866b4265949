import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { blogAdminApi, type AdminPostSummary } from '../../../client/blogApi';
import { FormMessage } from '../../auth/Field';
import { Spinner } from '../../../ui/Spinner';
import { categoryName, postDate, postPath } from '../format';
import { LoadError } from '../LoadError';
import { useLoad } from '../useLoad';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { adminErrorText } from './messages';

export function StatusBadge({ status }: { status: AdminPostSummary['status'] }) {
  return <span className={status === 'published' ? 'badge status-published' : 'badge badge-muted'}>{status === 'published' ? 'Published' : 'Draft'}</span>;
}

/** Every post, drafts included, newest edit first, with publish, unpublish and delete. */
export function AdminPostList({ notice: initialNotice }: { notice: string | null }) {
  const load = useLoad(() => blogAdminApi.list(), []);
  const [busySlug, setBusySlug] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [toDelete, setToDelete] = useState<AdminPostSummary | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function act(post: AdminPostSummary, action: () => Promise<unknown>, done: string) {
    setBusySlug(post.slug);
    setError(null);
    setNotice(null);
    try {
      await action();
      setNotice(done);
      load.reload();
    } catch (err) {
      setError(adminErrorText(err));
      load.reload();
    } finally {
      setBusySlug(null);
    }
  }

  async function confirmDelete() {
    const post = toDelete;
    if (!post) return;
    await act(post, () => blogAdminApi.remove(post.slug, post._rev), `Deleted “${post.title}”.`);
    setToDelete(null);
    headingRef.current?.focus();
  }

  const posts = load.state === 'ready' ? load.data : null;
  return (
    <section className="admin-list" aria-labelledby="admin-posts-heading">
      <div className="admin-list-head">
        <h2 id="admin-posts-heading" ref={headingRef} tabIndex={-1}>
          All posts{posts ? ` (${posts.length})` : ''}
        </h2>
        <Link className="btn btn-primary" to="?new=1">
          New post
        </Link>
      </div>
      <FormMessage kind="success" text={notice} />
      <FormMessage kind="error" text={error} />
      {load.state === 'loading' ? <Spinner label="Loading posts..." /> : null}
      {load.state === 'error' ? <LoadError error={load.error} onRetry={load.reload} describe={adminErrorText} /> : null}
      {posts && posts.length === 0 ? (
        <div className="blog-state card">
          <p>No posts yet. Write the first one: it stays a draft until you publish it.</p>
        </div>
      ) : null}
      {posts && posts.length > 0 ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Category</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((p) => {
              const busy = busySlug === p.slug;
              return (
                <tr key={p.slug}>
                  <td data-label="Title">
                    <Link className="admin-title" to={`?edit=${encodeURIComponent(p.slug)}`}>
                      {p.title}
                    </Link>
                    <span className="admin-slug">/blog/{p.slug}</span>
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={p.status} />
                  </td>
                  <td data-label="Category">{categoryName(p.category)}</td>
                  <td data-label="Updated">
                    <time dateTime={p.updated_at}>{postDate(p.updated_at)}</time>
                  </td>
                  <td className="admin-actions">
                    <Link className="btn btn-sm btn-outline" to={`?edit=${encodeURIComponent(p.slug)}`} aria-label={`Edit “${p.title}”`}>
                      Edit
                    </Link>
                    {p.status === 'published' ? (
                      <>
                        <Link className="btn btn-sm btn-ghost" to={postPath(p.slug)} aria-label={`View “${p.title}”`}>
                          View
                        </Link>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          disabled={busy}
                          aria-label={`Unpublish “${p.title}”`}
                          onClick={() => act(p, () => blogAdminApi.unpublish(p.slug, p._rev), `“${p.title}” is a draft again: it is no longer on the blog.`)}
                        >
                          Unpublish
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={busy}
                        aria-label={`Publish “${p.title}”`}
                        onClick={() => act(p, () => blogAdminApi.publish(p.slug, p._rev), `Published “${p.title}”.`)}
                      >
                        Publish
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost btn-danger-text"
                      disabled={busy}
                      aria-label={`Delete “${p.title}”`}
                      onClick={() => setToDelete(p)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this post?"
        message={toDelete ? `“${toDelete.title}” will be deleted for good${toDelete.status === 'published' ? ' and disappear from the blog' : ''}. This cannot be undone.` : ''}
        confirmLabel="Delete post"
        busy={busySlug !== null && busySlug === toDelete?.slug}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
