import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { loadProjectOpening, preload } from '../project/projectCode';
import { ImportFlow } from './ImportFlow';
import '../app.css';

/**
 * /app/import: pick or drop a file → read in a disposable worker with progress → for tables, review
 * the column mapping → summary of what the file holds → save as a new project or as the next status
 * of an existing one. Nothing is stored until the user saves, and a failure at any step stores nothing.
 */
export default function ImportPage() {
  useDocumentTitle('Import a schedule');
  const [params] = useSearchParams();
  // A save opens the project's dashboard: its code is fetched now, so opening it never waits on
  // the network (the connection may be gone by the time the save ends). An empty project's own
  // page (ProjectLayout) has that code already, so the flow itself does not fetch it.
  useEffect(() => preload(loadProjectOpening), []);
  return (
    <>
      <PageHeader title="Import a schedule" lead="Primavera P6 (.xer or .xml), Microsoft Project (.mpp, .xml or .mpx), Asta Powerproject (.pp), Excel (.xlsx, .xls) or CSV. Files are read on this device; nothing is uploaded." />
      <section className="container app-section import-page">
        <ImportFlow intoProject={params.get('project')} />
      </section>
    </>
  );
}

