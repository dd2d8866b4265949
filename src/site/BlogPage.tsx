import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BlogSidebar } from './blog/BlogSidebar';
import { PostList } from './blog/PostList';
import './blog/blog.css';

/** /blog: published posts, newest first, ten to a page (`?page=`). */
export default function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <>
      <PageHeader title="Blog" lead="Articles on earned value, earned schedule, forecasting and project controls practice." />
      <div className="container blog-layout">
        <PostList empty={<p>No posts yet. The first articles are on their way; check back soon.</p>} />
        <BlogSidebar />
      </div>
    </>
  );
}
