import * as Comlink from 'comlink';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { dataApi, useLocalStoreEvents } from '../../client/data';
import { useSyncStatus } from '../../client/syncStatus';
import type { PortfolioLight, PortfolioRow, ProjectChanges, ProjectSummaryRow } from '../../local/contracts';
import { formatDataDate, formatDate, formatIndexOrNA, NA } from '../../core/format';
import { formatAmount } from '../dashboard/components/valueFormat';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { DownloadCsvButton } from '../../ui/table';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { csvFileName } from '../../core/report/csv';
import { withoutNodeName } from './alertWording';
import { groupProjects, type ProjectGroup } from './projectGroups';
import {
  FIRST_DIRECTION,
  LIGHT_WORDS,
  matchesFilter,
  nextSort,
  NO_FILTER,
  PORTFOLIO_COLUMNS,
  portfolioCsv,
  sortProjects,
  type AlertFilter,
  type PortfolioColumn,
  type PortfolioFilter,
  type PortfolioSort,
  type SortDirection,
} from './portfolioView';
import './portfolio.css';
import '../app.css';

type ProjectRow = ProjectSummaryRow;
type Figures = ReadonlyMap<string, PortfolioRow>;

const NO_FIGURES: Figures = new Map();
const DEFAULT_SORT: PortfolioSort = { column: 'name', direction: 'asc' };

/** An amount as the list shows it: compact ("£1.2m", "3.4k hours"), signed for VAC. */
function amountText(f: PortfolioRow, value: number | null, signed = false): string {
  if (value === null || f.measureBasis === null) return NA;
  const ctx = { basis: f.measureBasis, currency: f.currency };
  const text = formatAmount(Math.abs(value), ctx, { compact: true });
  return signed && value !== 0 ? `${value < 0 ? '-' : '+'}${text}` : text;
}

/** A figure with its traffic light: the colour and, beside it, the word (never the colour alone). */
function Lit({ light, text }: { light: PortfolioLight; text: string }) {
  if (light === 'none') return <>{text}</>;
  return (
    <span className={`light light--${light}`}>
      <span className="light__dot" aria-hidden="true" />
      {text}
      <span className="light__word">{LIGHT_WORDS[light]}</span>
    </span>
  );
}

/** A figure cell while its project's analysis is still being read. */
function Pending() {
  return (
    <span className="muted" aria-busy="true">
      …<span className="sr-only">computing</span>
    </span>
  );
}

function WorstAlert({ f }: { f: PortfolioRow }) {
  if (f.reason !== null) return <span className="muted portfolio-reason">{f.reason}</span>;
  if (!f.worstAlert) return <Lit light="good" text="No alerts" />;
  const w = f.worstAlert;
  const more = w.count > 1 ? ` (${w.count} alerts${w.critical ? `, ${w.critical} critical` : ''})` : '';
  return (
    <span className="portfolio-alert" title={w.message}>
      <span className={`light light--${w.severity}`}>
        <span className="light__dot" aria-hidden="true" />
        <span className="light__word">{w.severity === 'critical' ? 'Critical' : 'Warning'}</span>
      </span>{' '}
      {/* The row names the project: its alert's message need not open with the name again. */}
      <span className="portfolio-alert__message">{w.nodeKind === 'project' ? withoutNodeName(w.message, w.nodeName) : w.message}</span>
      {more ? <span className="muted">{more}</span> : null}
    </span>
  );
}

/** A column heading that sorts the table (aria-sort says how it is sorted now). */
function SortHeading({ column, label, numeric, sort, onSort }: { column: PortfolioColumn; label: string; numeric: boolean; sort: PortfolioSort; onSort: (c: PortfolioColumn) => void }) {
  const active = sort.column === column;
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className="sort-button__mark">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

export interface ProjectTableProps {
  group: ProjectGroup;
  onDelete: (p: ProjectRow) => void;
  /** Each project's figures by id; a project absent here is still being analysed. */
  figures?: Figures;
  sort?: PortfolioSort;
  onSort?: (c: PortfolioColumn) => void;
}

/**
 * One space's projects with their figures. A read-only (viewer) space has no import-into or
 * delete: the gateway would refuse the change, and the user would only find out when it failed to sync.
 */
export function ProjectTable({ group, onDelete, figures = NO_FIGURES, sort = DEFAULT_SORT, onSort = () => undefined }: ProjectTableProps) {
  return (
    <div className="table-scroll">
      <table className="data-table projects-table">
        <thead>
          <tr>
            {PORTFOLIO_COLUMNS.map((c) => (
              <SortHeading key={c.id} column={c.id} label={c.label} numeric={c.numeric} sort={sort} onSort={onSort} />
            ))}
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {group.rows.map((p) => {
            const f = figures.get(p.id);
            const statusDate = f?.statusDate ?? p.latestDataDate;
            const cell = (render: (f: PortfolioRow) => ReactNode) => (f ? render(f) : <Pending />);
            return (
              <tr key={p.id}>
                <td>
                  <Link to={`/app/projects/${encodeURIComponent(p.id)}`} className="project-link">
                    {p.name}
                  </Link>
                  {p.code ? <span className="muted"> · {p.code}</span> : null}
                  {p.changes ? <ChangesBadge changes={p.changes} /> : null}
                  {p.nameVersions ? <NamesBadge project={p} /> : null}
                  <span className="project-facts muted">
                    {p.activityCount.toLocaleString('en-GB')} activities · {p.importCount} {p.importCount === 1 ? 'import' : 'imports'} · updated{' '}
                    {formatDate(p.updatedAt.slice(0, 10))}
                  </span>
                </td>
                <td data-label="Status date" className="nowrap">
                  {statusDate ? formatDataDate(statusDate) : '—'}
                </td>
                <td className="num" data-label="BAC">
                  {cell((x) => amountText(x, x.bac))}
                </td>
                <td className="num" data-label="EAC">
                  {cell((x) => amountText(x, x.eac))}
                </td>
                <td className="num" data-label="VAC">
                  {cell((x) => <Lit light={x.lights.vac} text={amountText(x, x.vac, true)} />)}
                </td>
                <td className="num" data-label="SPI">
                  {cell((x) => <Lit light={x.lights.spi} text={formatIndexOrNA(x.spi)} />)}
                </td>
                <td className="num" data-label="CPI">
                  {cell((x) => <Lit light={x.lights.cpi} text={formatIndexOrNA(x.cpi)} />)}
                </td>
                <td className="num" data-label="SPI(t)">
                  {cell((x) => <Lit light={x.lights.spit} text={formatIndexOrNA(x.spit)} />)}
                </td>
                <td data-label="Worst alert" className="portfolio-alert-cell">
                  {cell((x) => (
                    <WorstAlert f={x} />
                  ))}
                </td>
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
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The projects by space: the personal space first, then each team, titled and badged with the
 * user's role when there is more than the personal space to tell apart.
 */
export function ProjectGroups({ groups, ...table }: Omit<ProjectTableProps, 'group'> & { groups: ProjectGroup[] }) {
  if (groups.length === 1 && groups[0].isHome) return <ProjectTable group={groups[0]} {...table} />;
  return (
    <>
      {groups.map((g) => (
        <section key={g.key || 'personal'} className="project-group" aria-labelledby={`group-${g.key || 'personal'}`}>
          <h2 id={`group-${g.key || 'personal'}`} className="project-group-title">
            {g.title}
            {g.badge ? <span className={g.readOnly ? 'badge badge-muted' : 'badge'}>{g.badge}</span> : null}
          </h2>
          {g.readOnly ? <p className="muted project-group-note">Your role in this team is viewer: you can open its projects but not change them.</p> : null}
          <ProjectTable group={g} {...table} />
        </section>
      ))}
    </>
  );
}

/** How a sort reads in the phone's "Sort by" list. */
function sortWords(column: PortfolioColumn, d: SortDirection): string {
  if (column === 'name') return d === 'asc' ? 'A–Z' : 'Z–A';
  if (column === 'statusDate') return d === 'asc' ? 'oldest first' : 'newest first';
  if (column === 'alert') return d === 'asc' ? 'least serious first' : 'most serious first';
  return d === 'asc' ? 'lowest first' : 'highest first';
}

/** A labelled control of the filter bar: the label names the control alone (not its options too). */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** Text, space and worst-alert filters, and the sort for phones (where the headings are hidden). */
function PortfolioFilters({
  filter,
  setFilter,
  spaces,
  sort,
  setSort,
}: {
  filter: PortfolioFilter;
  setFilter: (f: PortfolioFilter) => void;
  spaces: ProjectGroup[];
  sort: PortfolioSort;
  setSort: (s: PortfolioSort) => void;
}) {
  return (
    <form className="portfolio-filters" role="search" aria-label="Filter projects" onSubmit={(e) => e.preventDefault()}>
      <FilterField label="Find">
        {(id) => <input id={id} className="input" type="search" placeholder="Name or code" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />}
      </FilterField>
      {spaces.length > 1 ? (
        <FilterField label="Space">
          {(id) => (
            <select id={id} className="input" value={filter.space} onChange={(e) => setFilter({ ...filter, space: e.target.value })}>
              <option value="all">All spaces</option>
              {spaces.map((g) => (
                <option key={g.key || 'personal'} value={g.key}>
                  {g.title}
                </option>
              ))}
            </select>
          )}
        </FilterField>
      ) : null}
      <FilterField label="Worst alert">
        {(id) => (
          <select id={id} className="input" value={filter.alert} onChange={(e) => setFilter({ ...filter, alert: e.target.value as AlertFilter })}>
            <option value="all">Any</option>
            <option value="critical">Critical</option>
            <option value="warning-or-worse">Warning or critical</option>
            <option value="none">No alerts</option>
          </select>
        )}
      </FilterField>
      <FilterField label="Sort by">
        {(id) => (
          <select
            id={id}
            className="input"
            value={`${sort.column} ${sort.direction}`}
            onChange={(e) => {
              const [column, direction] = e.target.value.split(' ') as [PortfolioColumn, SortDirection];
              setSort({ column, direction });
            }}
          >
            {PORTFOLIO_COLUMNS.flatMap((c) =>
              (FIRST_DIRECTION[c.id] === 'asc' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((d) => (
                <option key={`${c.id} ${d}`} value={`${c.id} ${d}`}>
                  {c.label} ({sortWords(c.id, d)})
                </option>
              )),
            )}
          </select>
        )}
      </FilterField>
    </form>
  );
}

/**
 * /app: the portfolio. Every project on this device with its headline figures and traffic lights,
 * by space; sortable and filterable. The list shows at once; the figures fill in project by project
 * as the data worker reads each dashboard (from its cache when seen before).
 */
export default function ProjectsPage() {
  useDocumentTitle('Projects');
  const [projects, setProjects] = useState<ProjectRow[] | null>(null);
  const [figures, setFigures] = useState<Figures>(NO_FIGURES);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [sort, setSort] = useState<PortfolioSort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<PortfolioFilter>(NO_FILTER);
  // Moves when another tab adds, changes or removes a project: the list is read again.
  const changedElsewhere = useLocalStoreEvents((s) => s.projectsChanged);
  // Which team is the personal space, and the user's role in each, as sync knows them.
  const teams = useSyncStatus((s) => s.snapshot?.teams ?? null);
  const [read, setRead] = useState(0);

  const refresh = useCallback(() => setRead((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    dataApi()
      .listProjects()
      .then(
        (rows) => live && setProjects(rows),
        (e: Error) => live && setError(e.message),
      );
    // The figures follow, one project at a time; those already shown stay until replaced.
    void dataApi()
      .portfolio(
        Comlink.proxy((row: PortfolioRow) => {
          if (live) setFigures((m) => new Map(m).set(row.projectId, row));
        }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [read, changedElsewhere]);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      await dataApi().createProject({ name: trimmed });
      setName('');
      // The new project stays in the list (several are often made in a row); opened, it shows the
      // drop zone for its first status (ProjectLayout.tsx, issue 18 item 6).
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

  const allGroups = useMemo(() => (projects ? groupProjects(projects, teams) : []), [projects, teams]);
  const shownGroups = useMemo(() => {
    if (!projects) return [];
    const kept = projects.filter((p) => matchesFilter(p, figures.get(p.id), filter));
    return groupProjects(sortProjects(kept, figures, sort), teams).filter((g) => filter.space === 'all' || g.key === filter.space);
  }, [projects, figures, filter, sort, teams]);
  const shownCount = shownGroups.reduce((n, g) => n + g.rows.length, 0);

  return (
    <>
      <PageHeader title="Projects" lead="Your portfolio on this device: each project's latest status, judged by its thresholds. Everything here works without a connection." />
      <section className="container app-section portfolio">
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
          <>
            <PortfolioFilters filter={filter} setFilter={setFilter} spaces={allGroups} sort={sort} setSort={setSort} />
            <div className="portfolio-count-row">
              <p className="muted portfolio-count" role="status">
                {shownCount === projects.length ? `${projects.length} ${projects.length === 1 ? 'project' : 'projects'}` : `${shownCount} of ${projects.length} projects match`}
                {figures.size < projects.length ? ` · reading figures (${figures.size} of ${projects.length})` : ''}
              </p>
              {shownCount > 0 ? (
                <DownloadCsvButton
                  name="projects shown"
                  className="portfolio-csv"
                  fileName={csvFileName('Earnest portfolio', new Date().toISOString().slice(0, 10))}
                  csv={() => portfolioCsv(shownGroups.flatMap((g) => g.rows.map((project) => ({ project, space: g.title }))), figures)}
                />
              ) : null}
            </div>
            {shownCount === 0 ? (
              <p className="empty-state card">
                No project matches these filters.{' '}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFilter(NO_FILTER)}>
                  Clear the filters
                </button>
              </p>
            ) : (
              <ProjectGroups groups={shownGroups} onDelete={remove} figures={figures} sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))} />
            )}
          </>
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
