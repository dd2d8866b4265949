import { Link, useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BlogSidebar } from './blog/BlogSidebar';
import { PostList } from './blog/PostList';
import './blog/blog.css';

/** /blog/tag/:tag: the published posts carrying one tag. */
export default function BlogTagPage() {
  const { tag = '' } = useParams();
  useDocumentTitle(`#${tag} — Blog`);
  return (
    <>
      <PageHeader eyebrow="Blog tag" title={`Posts tagged “${tag}”`} />
      <div className="container blog-layout">
        <div>
          <p className="blog-back">
            <Link to="/blog">← All posts</Link>
          </p>
          <PostList
            tag={tag}
            empty={
              <>
                <p>No posts tagged “{tag}” yet.</p>
                <Link className="btn btn-outline" to="/blog">
                  See all posts
                </Link>
              </>
            }
          />
        </div>
        <BlogSidebar current={{ tag }} />
      </div>
    </>
  );
}
