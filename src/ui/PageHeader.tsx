import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  /**
   * Replaces the plain `<h1>{title}</h1>` (a title with its own actions, such as the dashboard's
   * Rename); it must render the page's h1 itself.
   */
  heading?: ReactNode;
}

/** The band at the top of an inner page: optional eyebrow, the page's h1 and a lead paragraph. */
export function PageHeader({ title, eyebrow, lead, heading }: PageHeaderProps) {
  return (
    <section className="page-header">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        {heading ?? <h1>{title}</h1>}
        {lead ? <p className="lead">{lead}</p> : null}
      </div>
    </section>
  );
}
