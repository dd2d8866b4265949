import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../client/api';
import { fetchRoles } from '../client/blogApi';
import { useSession } from '../client/session';
import { PageHeader } from '../ui/PageHeader';
import { Spinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AdminPostList } from './blog/admin/AdminPostList';
import { adminErrorText } from './blog/admin/messages';
import { PostEditor, type Carried } from './blog/admin/PostEditor';
import { LoadError } from './blog/LoadError';
import { useLoad } from './blog/useLoad';
import './blog/blog.css';
import './blog/admin/admin.css';

export const NOT_ADMIN = 'Only Earnest administrators can manage the blog.';

function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="blog-state card">
      <p>Sign in with an administrator account to write, edit and publish blog posts.</p>
      <Link className="btn btn-primary" to="/auth" state={{ from: location }}>
        Sign in to Blog Admin
      </Link>
    </div>
  );
}

/** The list, or the editor (`?new=1`, `?edit=<slug>`), for a signed-in administrator. */
function Workspace() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const creating = params.get('new') === '1';
  const [notice, setNotice] = useState<string | null>(null);
  const [carried, setCarried] = useState<Carried | null>(null);

  if (editing || creating) {
    return (
      <PostEditor
        key={editing ?? 'new'}
        slug={editing}
        carried={carried}
        onSaved={(post, text) => {
          setCarried({ post, notice: text });
          setParams({ edit: post.slug }, { replace: true });
        }}
        onClose={(text) => {
          setNotice(text);
          setCarried(null);
          setParams({});
        }}
      />
    );
  }
  return <AdminPostList key={notice ?? ''} notice={notice} />;
}

/** Access first: the session, then the admin role (read from the server, never assumed). */
function Gate() {
  const { user, status } = useSession();
  const roles = useLoad(() => (user ? fetchRoles() : Promise.resolve([])), [user?.id]);
  if (status === 'loading') return <Spinner label="Checking your session..." />;
  if (!user) return <SignInPrompt />;
  if (roles.state === 'loading') return <Spinner label="Checking your access..." />;
  if (roles.state === 'error') {
    if (roles.error instanceof ApiError && roles.error.status === 401) return <SignInPrompt />;
    return <LoadError error={roles.error} onRetry={roles.reload} describe={adminErrorText} />;
  }
  if (!roles.data.includes('admin')) {
    return (
      <div className="blog-state card" role="alert">
        <p>{NOT_ADMIN}</p>
        <p className="muted">You are signed in as {user.email}. If you should have access, ask an Earnest administrator to grant you the admin role.</p>
        <Link className="btn btn-outline" to="/blog">
          Read the blog
        </Link>
      </div>
    );
  }
  return <Workspace />;
}

/** /blog-admin: write, preview, publish and delete blog posts (administrators only). */
export default function BlogAdminPage() {
  useDocumentTitle('Blog Admin');
  return (
    <>
      <PageHeader title="Blog Admin" lead="Write, preview and publish articles for the Earnest blog." />
      <div className="container admin-wrap">
        <Gate />
      </div>
    </>
  );
}
