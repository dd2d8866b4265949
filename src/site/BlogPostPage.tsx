import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../client/api';
import { blogApi } from '../client/blogApi';
import { Spinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { categoryName, categoryPath } from './blog/format';
import { LoadError } from './blog/LoadError';
import { PostCard } from './blog/PostCard';
import { PostMeta, PostTaxonomy } from './blog/PostMeta';
import { useLoad } from './blog/useLoad';
import { humanise } from './slugs';
import './blog/blog.css';

function Header({ title, eyebrow, children }: { title: string; eyebrow: ReactNode; children?: ReactNode }) {
  return (
    <section className="page-header post-header">
      <div className="container">
        <p className="eyebrow post-crumbs">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** /blog/:slug: one published post, rendered from the server's sanitised HTML, with related posts. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const load = useLoad(() => blogApi.post(slug), [slug]);
  // Until the post is here (and when it is not published) the heading is the slug in words.
  const fallbackTitle = humanise(slug) || 'Blog post';
  const post = load.state === 'ready' ? load.data.post : null;
  useDocumentTitle(`${post ? post.title : fallbackTitle} — Blog`);

  if (load.state === 'loading') {
    return (
      <>
        <Header title={fallbackTitle} eyebrow="Blog" />
        <div className="container post-body-wrap">
          <Spinner label="Loading the post..." />
        </div>
      </>
    );
  }

  if (load.state === 'error') {
    const missing = load.error instanceof ApiError && load.error.status === 404;
    return (
      <>
        <Header title={fallbackTitle} eyebrow={missing ? 'Post not found' : 'Blog'} />
        <div className="container post-body-wrap">
          {missing ? (
            <div className="blog-state card">
              <p>
                <strong>This post is not published (yet).</strong>
              </p>
              <p className="muted">{load.error instanceof ApiError ? load.error.message : null}</p>
              <Link className="btn btn-primary" to="/blog">
                Back to the blog
              </Link>
            </div>
          ) : (
            <LoadError error={load.error} onRetry={load.reload} />
          )}
        </div>
      </>
    );
  }

  const { related } = load.data;
  const p = load.data.post;
  return (
    <>
      <Header
        title={p.title}
        eyebrow={
          <>
            <Link to="/blog">Blog</Link> / <Link to={categoryPath(p.category)}>{categoryName(p.category)}</Link>
          </>
        }
      >
        {p.excerpt ? <p className="lead">{p.excerpt}</p> : null}
        <PostMeta post={p} showAuthor />
      </Header>
      <div className="container post-body-wrap">
        <article className="post-article">
          {/*
            body_html is rendered and sanitised on the server (server/blog/render.ts: marked, then
            sanitize-html with an allow-list: no scripts, styles, event handlers, iframes, forms or
            javascript:/data: URLs; https images only). The page's CSP forbids inline script as a
            second line of defence. Rendering markdown again here would only add weight.
          */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: p.body_html }} />
          <footer className="post-footer">
            <PostTaxonomy post={p} />
            <p>
              <Link to="/blog">← All posts</Link>
            </p>
          </footer>
        </article>
        {related.length > 0 ? (
          <section className="related-posts" aria-labelledby="related-heading">
            <h2 id="related-heading">Related posts</h2>
            <div className="related-grid">
              {related.map((r) => (
                <PostCard key={r.slug} post={r} headingLevel={3} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
