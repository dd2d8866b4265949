import { useParams } from 'react-router';
import { ComingSoon } from '../ui/ComingSoon';

export default function BlogTagPage() {
  const { tag = '' } = useParams();
  return (
    <ComingSoon
      eyebrow="Blog tag"
      title={`Posts tagged “${tag}”`}
      docTitle={`#${tag} — Blog`}
      description={`Blog posts tagged “${tag}” will be listed here.`}
    />
  );
}
