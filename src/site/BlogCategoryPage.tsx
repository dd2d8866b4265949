import { useParams } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';
import { humanise } from './slugs';

export default function BlogCategoryPage() {
  const { category } = useParams();
  const name = humanise(category);
  return (
    <ComingSoon
      eyebrow="Blog category"
      title={`Posts in ${name}`}
      docTitle={`${name} — Blog`}
      description={`Blog posts filed under ${name} will be listed here.`}
    />
  );
}
