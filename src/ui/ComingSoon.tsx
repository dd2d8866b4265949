import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader';
import { useDocumentTitle } from './useDocumentTitle';

interface ComingSoonProps {
  /** The page's h1. */
  title: string;
  /** document.title prefix; defaults to the h1. */
  docTitle?: string;
  eyebrow?: string;
  /** One sentence on what this page will hold. */
  description: ReactNode;
  /** Hide the "See pricing" button (on the pricing page itself). */
  hidePricingLink?: boolean;
}

/** An honest placeholder for a page that later work fills in. */
export function ComingSoon({ title, docTitle, eyebrow, description, hidePricingLink = false }: ComingSoonProps) {
  useDocumentTitle(docTitle ?? title);
  return (
    <>
      <PageHeader title={title} eyebrow={eyebrow} />
      <section className="container section-narrow">
        <div className="card coming-soon">
          <span className="badge">Coming soon</span>
          <p>{description}</p>
          <p className="muted">This page is still being built.</p>
          <div className="button-row">
            <Link to="/" className="btn btn-outline">
              Back to home
            </Link>
            {hidePricingLink ? null : (
              <Link to="/pricing" className="btn btn-primary">
                See pricing
              </Link>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
