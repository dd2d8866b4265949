import { Link, useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BlogSidebar } from './blog/BlogSidebar';
import { categoryName } from './blog/format';
import { PostList } from './blog/PostList';
import './blog/blog.css';

/** /blog/category/:category: the published posts filed under one category. */
export default function BlogCategoryPage() {
  const { category = '' } = useParams();
  const name = categoryName(category);
  useDocumentTitle(`${name} — Blog`);
  return (
    <>
      <PageHeader eyebrow="Blog category" title={`Posts in ${name}`} />
      <div className="container blog-layout">
        <div>
          <p className="blog-back">
            <Link to="/blog">← All posts</Link>
          </p>
          <PostList
            category={category}
            empty={
              <>
                <p>No posts in {name} yet.</p>
                <Link className="btn btn-outline" to="/blog">
                  See all posts
                </Link>
              </>
            }
          />
        </div>
        <BlogSidebar current={{ category }} />
      </div>
    </>
  );
}
