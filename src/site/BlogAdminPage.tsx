import { ComingSoon } from '../ui/ComingSoon';

export default function BlogAdminPage() {
  return (
    <ComingSoon
      title="Blog Admin"
      description="Writing, editing and publishing blog posts, for administrators."
    />
  );
}
