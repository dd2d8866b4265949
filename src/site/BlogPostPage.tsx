import { useParams } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';
import { humanise } from './slugs';

export default function BlogPostPage() {
  const { slug } = useParams();
  const title = humanise(slug);
  return <ComingSoon eyebrow="Blog post" title={title} docTitle={`${title} — Blog`} description="This article will appear here once the blog is published." />;
}
