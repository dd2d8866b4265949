import { Link, useLocation } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <>
      <PageHeader eyebrow="404" title="Page not found" />
      <section className="container section-narrow">
        <div className="card coming-soon">
          <p>
            There is no page at <code className="path">{pathname}</code>. It may have moved, or the address may be mistyped.
          </p>
          <div className="button-row">
            <Link to="/" className="btn btn-primary">
              Go to the home page
            </Link>
            <Link to="/contact" className="btn btn-outline">
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
