import { Link } from 'react-router';
import { blogApi } from '../../client/blogApi';
import { categoryName, categoryPath, tagPath } from './format';
import { useLoad } from './useLoad';

/** Categories and tags with their post counts; quietly absent while loading or when it fails. */
export function BlogSidebar({ current }: { current?: { category?: string; tag?: string } }) {
  const load = useLoad(() => Promise.all([blogApi.categories(), blogApi.tags()]), []);
  if (load.state !== 'ready') return null;
  const [categories, tags] = load.data;
  if (categories.length === 0 && tags.length === 0) return null;
  return (
    <aside className="blog-sidebar" aria-label="Browse the blog">
      {categories.length > 0 ? (
        <section className="blog-sidebar-section">
          <h2>Categories</h2>
          <ul className="blog-sidebar-list">
            {categories.map(({ category, count }) => (
              <li key={category}>
                <Link to={categoryPath(category)} aria-current={current?.category === category ? 'page' : undefined}>
                  {categoryName(category)}
                </Link>{' '}
                <span className="muted">({count})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {tags.length > 0 ? (
        <section className="blog-sidebar-section">
          <h2>Tags</h2>
          <ul className="post-tags">
            {tags.map(({ tag, count }) => (
              <li key={tag}>
                <Link to={tagPath(tag)} aria-current={current?.tag === tag ? 'page' : undefined}>
                  #{tag} <span className="tag-count">({count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
