import { Link } from 'react-router';
import type { PostSummary } from '../../client/blogApi';
import { postPath } from './format';
import { PostMeta, PostTaxonomy } from './PostMeta';

/** One post in a list: title (the link), meta line, excerpt, category and tags. */
export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <Heading className="post-card-title">
        <Link to={postPath(post.slug)}>{post.title}</Link>
      </Heading>
      <PostMeta post={post} />
      {post.excerpt ? <p className="post-card-excerpt">{post.excerpt}</p> : null}
      <PostTaxonomy post={post} />
    </article>
  );
}
