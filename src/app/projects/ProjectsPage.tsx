import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataApi, useLocalStoreEvents } from '../../client/data';
import type { ProjectChanges, ProjectSummaryRow } from '../../local/contracts';
import { formatDataDate, formatDate } from '../../core/format';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import '../app.css';

type ProjectRow = ProjectSummaryRow;

/** /app: the projects on this device, a way to import a schedule and to create an empty project. */
export default function ProjectsPage() {
  useDocumentTitle('Projects');
  const [projects, setProjects] = useState<ProjectRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  // Moves when another tab adds, changes or removes a project: the list is read again.
  const changedElsewhere = useLocalStoreEvents((s) => s.projectsChanged);

  const refresh = useCallback(() => {
    dataApi()
      .listProjects()
      .then(setProjects, (e: Error) => setError(e.message));
  }, []);
  useEffect(refresh, [refresh, changedElsewhere]);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      await dataApi().createProject({ name: trimmed });
      setName('');
      refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function remove(p: ProjectRow) {
    if (!window.confirm(`Delete "${p.name}" and its ${p.importCount} import${p.importCount === 1 ? '' : 's'} from this device?`)) return;
    try {
      await dataApi().deleteProject(p.id);
      refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <>
      <PageHeader title="Projects" lead="Schedules you have imported on this device. Everything here works without a connection." />
      <section className="container app-section">
        <div className="app-toolbar">
          <Link to="/app/import" className="btn btn-primary">
            Import a schedule
          </Link>
          <form className="inline-form" onSubmit={create}>
            <label htmlFor="new-project" className="sr-only">
              New project name
            </label>
            <input id="new-project" className="input" placeholder="New project name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
            <button className="btn btn-outline" type="submit" disabled={!name.trim()}>
              Create project
            </button>
          </form>
        </div>
        {error ? (
          <p className="app-error" role="alert">
            {error}
          </p>
        ) : null}
        {projects === null && !error ? <Spinner label="Loading projects..." /> : null}
        {projects && projects.length === 0 ? (
          <div className="empty-state card">
            <h2>No projects yet</h2>
            <p>Import a Primavera P6 .xer or .xml, a Microsoft Project .xml, an Excel workbook or a CSV to see its earned value dashboard.</p>
          </div>
        ) : null}
        {projects && projects.length > 0 ? (
          <table className="data-table projects-table">
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Data date</th>
                <th scope="col" className="num">
                  Activities
                </th>
                <th scope="col" className="num">
                  Imports
                </th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {projects.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/app/projects/${encodeURIComponent(p.id)}`} className="project-link">
                      {p.name}
                    </Link>
                    {p.code ? <span className="muted"> · {p.code}</span> : null}
                    {p.changes ? <ChangesBadge changes={p.changes} /> : null}
                  </td>
                  <td data-label="Data date">{p.latestDataDate ? formatDataDate(p.latestDataDate) : '—'}</td>
                  <td className="num" data-label="Activities">
                    {p.activityCount.toLocaleString('en-GB')}
                  </td>
                  <td className="num" data-label="Imports">
                    {p.importCount}
                  </td>
                  <td data-label="Updated">{formatDate(p.updatedAt.slice(0, 10))}</td>
                  <td className="actions">
                    <Link className="btn btn-ghost btn-sm" to={`/app/import?project=${encodeURIComponent(p.id)}`}>
                      Import next status
                    </Link>
                    <button className="btn btn-ghost btn-sm" type="button" onClick={() => remove(p)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}

/** "New status 31 Oct 2026 · 2 new comments": what arrived since the user last opened the dashboard here. */
export function changesText(c: ProjectChanges): string {
  const parts: string[] = [];
  if (c.newImports > 0) {
    const what = c.newImports === 1 ? 'New status' : `${c.newImports} new statuses`;
    const date = c.latestDataDate ? ` ${formatDataDate(c.latestDataDate)}` : '';
    const by = c.importedBy?.length ? ` by ${c.importedBy.join(', ')}` : '';
    parts.push(`${what}${c.newImports === 1 ? date : `, latest${date}`}${by}`);
  }
  if (c.newComments > 0) parts.push(`${c.newComments} new ${c.newComments === 1 ? 'comment' : 'comments'}`);
  return parts.join(' · ');
}

function ChangesBadge({ changes }: { changes: ProjectChanges }) {
  const text = changesText(changes);
  return text ? (
    <span className="project-changes">
      <span className="sr-only">Since you last looked: </span>
      {text}
    </span>
  ) : null;
}
