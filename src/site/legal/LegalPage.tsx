import { useEffect, type ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { LEGAL_LAST_UPDATED } from './entity';
import './legal.css';

export interface LegalSection {
  /** The anchor: `/privacy#retention`. Stable once published — people link to these. */
  id: string;
  /** The section's h2 (numbered on the page and in the table of contents). */
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  /** The page's h1. */
  title: string;
  /** document.title prefix; defaults to the h1. */
  docTitle?: string;
  lead: ReactNode;
  /** Shown between the header and the first section (e.g. a plain-English summary). */
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/** Scrolls to the section named in the address once the lazily loaded page is on screen. */
function useScrollToHashOnLoad() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target) target.scrollIntoView();
  }, []);
}

/**
 * The layout every legal page shares: header with the "Last updated" date, a numbered table of
 * contents (a sticky side column on wide screens, a box above the text on phones) and the numbered
 * sections it links to.
 */
export function LegalPage({ title, docTitle, lead, intro, sections }: LegalPageProps) {
  useDocumentTitle(docTitle ?? title);
  useScrollToHashOnLoad();
  return (
    <>
      <section className="page-header">
        <div className="container">
          <p className="eyebrow">Legal</p>
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
          <p className="legal-updated">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.text}</time>
          </p>
        </div>
      </section>
      <div className="container legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <p id="legal-toc-title" className="legal-toc-title">
            On this page
          </p>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-body">
          {intro}
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                <span className="legal-num">{i + 1}.</span> {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

export interface LegalTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Render this column's cells as row headers (th scope="row"). */
  rowHeader?: boolean;
}

interface LegalTableProps<Row> {
  caption: string;
  columns: readonly LegalTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/**
 * A data table that stays a table on wide screens and becomes one labelled card per row on
 * phones (each cell carries its column name in data-label), so nothing scrolls sideways.
 */
export function LegalTable<Row>({ caption, columns, rows, rowKey }: LegalTableProps<Row>) {
  return (
    <table className="legal-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) =>
              c.rowHeader ? (
                <th key={c.header} scope="row" data-label={c.header}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.header} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
