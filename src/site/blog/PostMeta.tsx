import { Link } from 'react-router';
import type { PostSummary } from '../../client/blogApi';
import { categoryName, categoryPath, postDate, readingTime, tagPath } from './format';

/** Date, reading time and (optionally) the author of a post, on one wrapping line. */
export function PostMeta({ post, showAuthor = false }: { post: PostSummary; showAuthor?: boolean }) {
  const date = postDate(post.published_at);
  return (
    <p className="post-meta">
      {showAuthor ? <span>By {post.author}</span> : null}
      {date && post.published_at ? <time dateTime={post.published_at}>{date}</time> : null}
      <span>{readingTime(post.reading_minutes)}</span>
    </p>
  );
}

/** The category link and the tag links of a post. */
export function PostTaxonomy({ post }: { post: PostSummary }) {
  return (
    <div className="post-taxonomy">
      <Link className="post-category" to={categoryPath(post.category)}>
        {categoryName(post.category)}
      </Link>
      {post.tags.length > 0 ? (
        <ul className="post-tags" aria-label="Tags">
          {post.tags.map((t) => (
            <li key={t}>
              <Link to={tagPath(t)}>#{t}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
