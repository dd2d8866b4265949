import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataApi, useLocalStoreEvents } from '../../client/data';
import { useSyncStatus } from '../../client/syncStatus';
import type { ProjectChanges, ProjectSummaryRow } from '../../local/contracts';
import { formatDataDate, formatDate } from '../../core/format';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { groupProjects, type ProjectGroup } from './projectGroups';
import '../app.css';

type ProjectRow = ProjectSummaryRow;

/**
 * One space's projects. A read-only (viewer) space has no import-into or delete: the gateway would
 * refuse the change, and the user would only find out when it failed to sync.
 */
export function ProjectTable({ group, onDelete }: { group: ProjectGroup; onDelete: (p: ProjectRow) => void }) {
  return (
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
        {group.rows.map((p) => (
          <tr key={p.id}>
            <td>
              <Link to={`/app/projects/${encodeURIComponent(p.id)}`} className="project-link">
                {p.name}
              </Link>
              {p.code ? <span className="muted"> · {p.code}</span> : null}
              {p.changes ? <ChangesBadge changes={p.changes} /> : null}
              {p.nameVersions ? <NamesBadge project={p} /> : null}
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
              {group.readOnly ? (
                <span className="muted">View only</span>
              ) : (
                <>
                  <Link className="btn btn-ghost btn-sm" to={`/app/import?project=${encodeURIComponent(p.id)}`}>
                    Import next status
                  </Link>
                  <button className="btn btn-ghost btn-sm" type="button" onClick={() => onDelete(p)}>
                    Delete
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The projects by space: the personal space first, then each team, titled and badged with the
 * user's role when there is more than the personal space to tell apart.
 */
export function ProjectGroups({ groups, onDelete }: { groups: ProjectGroup[]; onDelete: (p: ProjectRow) => void }) {
  if (groups.length === 1 && groups[0].isHome) return <ProjectTable group={groups[0]} onDelete={onDelete} />;
  return (
    <>
      {groups.map((g) => (
        <section key={g.key || 'personal'} className="project-group" aria-labelledby={`group-${g.key || 'personal'}`}>
          <h2 id={`group-${g.key || 'personal'}`} className="project-group-title">
            {g.title}
            {g.badge ? <span className={g.readOnly ? 'badge badge-muted' : 'badge'}>{g.badge}</span> : null}
          </h2>
          {g.readOnly ? <p className="muted project-group-note">Your role in this team is viewer: you can open its projects but not change them.</p> : null}
          <ProjectTable group={g} onDelete={onDelete} />
        </section>
      ))}
    </>
  );
}

/** /app: the projects on this device, a way to import a schedule and to create an empty project. */
export default function ProjectsPage() {
  useDocumentTitle('Projects');
  const [projects, setProjects] = useState<ProjectRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  // Moves when another tab adds, changes or removes a project: the list is read again.
  const changedElsewhere = useLocalStoreEvents((s) => s.projectsChanged);
  // Which team is the personal space, and the user's role in each, as sync knows them.
  const teams = useSyncStatus((s) => s.snapshot?.teams ?? null);

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
        {projects && projects.length > 0 ? <ProjectGroups groups={groupProjects(projects, teams)} onDelete={remove} /> : null}
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

/** "2 names": two devices renamed the project at once; the dashboard shows both and lets the user keep one. */
export function NamesBadge({ project }: { project: Pick<ProjectSummaryRow, 'id' | 'nameVersions'> }) {
  return (
    <Link
      className="project-changes project-names"
      to={`/app/projects/${encodeURIComponent(project.id)}#project-name`}
      title="This project was renamed on two devices at once. Open it to see both names and keep one."
    >
      {project.nameVersions} names<span className="sr-only">: renamed on two devices at once, choose one</span>
    </Link>
  );
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
