import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { dataApi, useLocalStoreEvents } from '../../client/data';
import type { EacMethod } from '../../core/evm';
import { MEASURE_BASES } from '../../core/evm/dictionary';
import { formatDataDate } from '../../core/format';
import { explainStatusDate } from '../../core/model/statusDate';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { eacMethodOptions } from '../dashboard/components';
import { FIRST_DASHBOARD_OPTIONS, type CommentRow, type CommentTarget, type DashboardResult, type ImportSummaryRow, type ProjectSummaryRow } from '../../local/contracts';
import { ProjectContext, type ProjectOptions, type ProjectView } from './projectContext';
import { PROJECT_TABS } from './projectTabs';
import './project.css';
import { canWrite } from '../../core/sync/labels';
import type { CommentHooks } from '../dashboard/components/types';
import { CommentsPanel } from '../dashboard/collab/CommentsPanel';
import { MoveProject } from '../dashboard/MoveProject';
import { NameConflict, ProjectTitle } from '../dashboard/ProjectName';
import { WarningList } from '../WarningList';
import { StatusDateField, statusDateStatement, statusDayProblem } from '../import/StatusDateField';
import { ImportFlow } from '../import/ImportFlow';
import '../app.css';

type ImportRow = ImportSummaryRow;

/** The project's tabs (projectTabs.ts), as links; the current one is marked for screen readers too. */
function ProjectTabs({ id }: { id: string }) {
  const base = `/app/projects/${encodeURIComponent(id)}`;
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls: bring the current tab into it (without moving the page itself).
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('.is-active');
    if (!row || !active) return;
    // The row is positioned (project.css), so offsetLeft is measured in its own scrolled content.
    const left = active.offsetLeft;
    if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = Math.max(0, left - (row.clientWidth - active.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav ref={nav} className="project-tabs" aria-label="Project">
      <ul>
        {PROJECT_TABS.map((t) => (
          <li key={t.path}>
            <NavLink to={t.path ? `${base}/${t.path}` : base} end={t.path === ''} className={({ isActive }) => `project-tabs__link${isActive ? ' is-active' : ''}`}>
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The project's own header: its name (with rename and move) and one line on its status. Compact,
 * unlike a site page's header band: the figures are what the planner came for.
 */
function ProjectHead({ heading, lead }: { heading: ReactNode; lead?: ReactNode }) {
  return (
    <div className="project-head">
      <div className="container">
        {heading}
        {lead ? <p className="project-head__lead">{lead}</p> : null}
      </div>
    </div>
  );
}

/**
 * A viewer's dashboard is read-only (issue 13 "Roles are visible in the UI"): it says so, and offers
 * no import of a next status. Re-analysing at another date stays: it saves nothing.
 */
export function ReadOnlyNote({ project }: { project: Pick<ProjectSummaryRow, 'role' | 'teamName'> | null }) {
  if (canWrite(project?.role)) return null;
  return (
    <p className="read-only-note" data-testid="read-only-note">
      <span className="badge badge-muted">View only</span> Your role in {project?.teamName ? `"${project.teamName}"` : 'this team'} is viewer: you can
      explore this project and re-analyse it at another date, but not import a new status or change it. Ask a team owner or admin for the editor
      role to do that.
    </p>
  );
}

/** The header's way to the next status, for those who may write. */
export function NextStatusLink({ projectId, project }: { projectId: string; project: Pick<ProjectSummaryRow, 'role'> | null }) {
  if (!canWrite(project?.role)) return null;
  return (
    <>
      {' · '}
      <Link to={`/app/import?project=${encodeURIComponent(projectId)}`}>Import the next status</Link>
    </>
  );
}

/**
 * /app/projects/:id/* — one project: its header (name, rename, move, status), the tabs, the
 * analysis options every tab shares, and the comments. The tab below reads all of it through
 * useProject(); the dashboard is computed once here, in the data worker, for all of them.
 */
export default function ProjectLayout() {
  const { id = '' } = useParams();
  const [data, setData] = useState<DashboardResult | null>(null);
  const [imports, setImports] = useState<ImportRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The options the dashboard opens with: the data worker prepared exactly these while saving.
  const [by, setBy] = useState<'wbs' | 'control-account'>(FIRST_DASHBOARD_OPTIONS.breakdown);
  const [periods, setPeriods] = useState<'week' | 'month'>(FIRST_DASHBOARD_OPTIONS.periods);
  const [eacMethod, setEacMethod] = useState<EacMethod>(FIRST_DASHBOARD_OPTIONS.eacMethod);
  // The status date to re-analyse at (undefined: the saved import's own). Never saved.
  const [dataDate, setDataDate] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The saved import's status date, from the last analysis at it: what "Back to" returns to.
  const [saved, setSaved] = useState<string | null>(null);
  // The chosen date the figures on screen were computed at (a failed re-analysis leaves them as they were).
  const [shownAt, setShownAt] = useState<string | undefined>(undefined);
  // The project's row: which team holds it and the user's role there (a viewer's screen is read-only).
  const [row, setRow] = useState<ProjectSummaryRow | null>(null);
  // The project's own name (a rename, here or synced, shows at once), else the schedule's.
  useDocumentTitle(row?.name ?? (data ? data.analysis.project.name : 'Dashboard'));
  // Another tab may import the next status of this project: its history is read again.
  const changedElsewhere = useLocalStoreEvents((s) => s.projectsChanged);
  // Moves after a rename or a name chosen here: the row (and its name) is read again.
  const [nameRead, setNameRead] = useState(0);
  const renamed = useCallback(() => setNameRead((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    dataApi()
      .listProjects()
      .then(
        (ps) => live && setRow(ps.find((p) => p.id === id) ?? null),
        () => live && setRow(null),
      );
    return () => {
      live = false;
    };
  }, [id, changedElsewhere, nameRead]);

  useEffect(() => {
    let live = true;
    setError(null);
    setBusy(true);
    dataApi()
      .dashboard(id, { breakdown: by, periods, eacMethod, ...(dataDate ? { dataDate } : {}) })
      .then(
        (d) => {
          if (!live) return;
          setError(null);
          setData(d);
          setBusy(false);
          setDateError(null);
          setDraft(d.analysis.dataDate ? d.analysis.dataDate.slice(0, 10) : '');
          setShownAt(dataDate);
          if (!dataDate) setSaved(d.analysis.dataDate);
        },
        (e: Error) => {
          if (!live) return;
          setBusy(false);
          // At a date the user chose, the message belongs beside the field and the last figures stay.
          if (dataDate) setDateError(e.message);
          else setError(e.message);
        },
      );
    return () => {
      live = false;
    };
    // Read again when the project changes here or arrives from the team (a teammate's first or next
    // status), and after a rename (a message names the project).
  }, [id, by, periods, eacMethod, dataDate, changedElsewhere, nameRead]);

  function reanalyse() {
    const problem = statusDayProblem(draft);
    if (problem) {
      setDateError(problem);
      return;
    }
    setDateError(null);
    // The saved import's own day again means its own date (and time), not the day at 00:00.
    setDataDate(saved && saved.slice(0, 10) === draft ? undefined : draft);
  }

  useEffect(() => {
    dataApi()
      .listImports(id)
      .then(setImports, () => setImports([]));
  }, [id, changedElsewhere]);

  // Comments (issue 13): read on opening and whenever this tab or another changed something.
  const [comments, setComments] = useState<CommentRow[] | null>(null);
  const [thread, setThread] = useState<CommentTarget | null>(null);
  const [commentsRead, setCommentsRead] = useState(0);
  // Bumps when a list of comments arrives after a post here: tabs' comment buttons count again.
  const [commentsArrived, setCommentsArrived] = useState(0);
  // A viewer of the project's team reads comments and narratives but writes none (the gateway
  // would refuse them); so does a tab that no longer saves (data from a newer build).
  const readOnlyTab = useLocalStoreEvents((s) => s.readOnly !== null);
  const [viewer, setViewer] = useState(false);
  useEffect(() => {
    dataApi()
      .listProjects()
      .then(
        (rows) => setViewer(rows.find((r) => r.id === id)?.role === 'viewer'),
        () => undefined,
      );
  }, [id, changedElsewhere]);
  const writeLocked = readOnlyTab || viewer;
  useEffect(() => {
    let live = true;
    dataApi()
      .listComments(id)
      .then(
        (list) => {
          if (!live) return;
          setComments(list);
          if (commentsRead > 0) setCommentsArrived((n) => n + 1);
        },
        () => live && setComments([]),
      );
    return () => {
      live = false;
    };
  }, [id, changedElsewhere, commentsRead]);
  const reloadComments = useCallback(() => setCommentsRead((n) => n + 1), []);
  // Thread sizes by target key, read through a ref so the hooks stay one object (memoised rows
  // re-render through their own count prop, not because the hooks changed).
  const counts = useRef(new Map<string, number>());
  counts.current = useMemo(() => {
    const m = new Map<string, number>();
    for (const c of comments ?? []) if (!c.resolved) m.set(c.targetKey, (m.get(c.targetKey) ?? 0) + 1);
    return m;
  }, [comments]);
  const composer = useRef<HTMLTextAreaElement>(null);
  const commentsSection = useRef<HTMLElement>(null);
  const hooks = useMemo<CommentHooks>(
    () => ({
      count: (key) => counts.current.get(key) ?? 0,
      open: (target) => {
        setThread(target);
        // After the panel shows the thread: bring it into view and put the cursor in the box.
        requestAnimationFrame(() => {
          commentsSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          composer.current?.focus({ preventScroll: true });
        });
      },
    }),
    [],
  );

  // Opening the dashboard is "looking": the projects list stops showing what was new here.
  const loaded = data !== null;
  useEffect(() => {
    if (loaded) void dataApi().markProjectSeen(id).catch(() => undefined);
  }, [id, loaded, changedElsewhere]);

  // Rename and the name choice only once the row says the user may write (never flashed to a viewer).
  const canRename = row !== null && canWrite(row.role) && !readOnlyTab;
  const options = useMemo<ProjectOptions>(() => ({ breakdown: by, periods, eacMethod, ...(shownAt ? { dataDate: shownAt } : {}) }), [by, periods, eacMethod, shownAt]);
  const setOptions = useCallback((patch: Partial<ProjectOptions>) => {
    if (patch.breakdown) setBy(patch.breakdown);
    if (patch.periods) setPeriods(patch.periods);
    if (patch.eacMethod) setEacMethod(patch.eacMethod);
    if ('dataDate' in patch) setDataDate(patch.dataDate);
  }, []);
  const reload = useCallback(() => setNameRead((n) => n + 1), []);
  const view = useMemo<ProjectView>(
    () => ({
      id,
      row,
      name: row?.name ?? data?.analysis.project.name ?? 'Project',
      options,
      setOptions,
      data,
      error,
      busy,
      imports,
      // A comment posted here is a change too: tabs with comment buttons show the new count.
      changed: changedElsewhere + nameRead + commentsArrived,
      canWrite: canRename,
      comments: hooks,
      reload,
    }),
    [id, row, data, error, busy, imports, options, setOptions, changedElsewhere, nameRead, commentsArrived, canRename, hooks, reload],
  );
  if (error)
    return (
      <>
        {/* A project with no import yet has no dashboard, but it can still be renamed. */}
        <ProjectHead heading={row ? <ProjectTitle projectId={id} name={row.name} canRename={canRename} onRenamed={renamed} extra={canRename ? <MoveProject projectId={id} project={row} onMoved={renamed} /> : null} /> : <h1>Project</h1>} />
        <section className="container app-section">
          {row ? <NameConflict projectId={id} refresh={`${changedElsewhere}:${nameRead}`} canChoose={canRename} onResolved={renamed} /> : null}
          {row && row.importCount === 0 && canRename ? (
            // An empty project (made with "Create project"): its first status is one drop away,
            // rather than a dead end that only says there is nothing yet (issue 18, item 6).
            <div className="import-page project-first-import">
              <h2>Import this project&apos;s first status</h2>
              <p className="muted">Primavera P6 (.xer or .xml), Microsoft Project (.mpp, .xml or .mpx), Asta Powerproject (.pp), Excel (.xlsx, .xls) or CSV. The file is read on this device and saved as {row.name}&apos;s first status.</p>
              <ImportFlow intoProject={id} onSaved={reload} />
            </div>
          ) : (
            <div className="card import-error" role="alert">
              <p>{error}</p>
              <Link className="btn btn-outline" to="/app">
                Back to projects
              </Link>
            </div>
          )}
        </section>
      </>
    );
  if (!data) return <Spinner page label="Computing the dashboard..." />;
  const a = data.analysis;
  const title = row?.name ?? a.project.name;
  return (
    <>
      <ProjectHead
        heading={<ProjectTitle projectId={id} name={title} canRename={canRename} onRenamed={renamed} extra={canRename ? <MoveProject projectId={id} project={row} onMoved={renamed} /> : null} />}
        lead={
          <>
            Status at {a.dataDate ? formatDataDate(a.dataDate) : 'the last reported period'} · measured in {a.measureBasis === 'cost' ? a.project.currency : MEASURE_BASES[a.measureBasis].short}
            <NextStatusLink projectId={id} project={row} />
          </>
        }
      />
      <section className="container app-section dashboard project-body">
        <ReadOnlyNote project={row} />
        <NameConflict projectId={id} refresh={`${changedElsewhere}:${nameRead}`} canChoose={canRename} onResolved={renamed} />
        {/* The analysis options every tab shares, in one row on a desktop (project.css). */}
        <div className="project-toolbar" role="group" aria-label="Analysis options">
          <form className="dashboard-options" onSubmit={(e) => e.preventDefault()}>
            <label className="field">
              <span>Breakdown</span>
              <select className="input" value={by} onChange={(e) => setBy(e.target.value as typeof by)}>
                <option value="wbs">WBS</option>
                <option value="control-account">Control account</option>
              </select>
            </label>
            <label className="field">
              <span>Periods</span>
              <select className="input" value={periods} onChange={(e) => setPeriods(e.target.value as typeof periods)}>
                <option value="month">Months</option>
                <option value="week">Weeks</option>
              </select>
            </label>
            <label className="field">
              <span>EAC method</span>
              <select className="input" value={eacMethod} onChange={(e) => setEacMethod(e.target.value as EacMethod)}>
                {/* Labels from the measure dictionary, with the weight and n of the analysis, as the EAC card names them. */}
                {eacMethodOptions(data).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          </form>
          {a.dataDate && a.dataDateSource ? (
            <form
              className="dashboard-options dashboard-status-date"
              aria-label="Status date"
              // Our message, beside the field, rather than the browser's bubble for an empty required date.
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                reanalyse();
              }}
            >
              <StatusDateField
                id="dashboard-status-date"
                value={draft}
                onChange={(day) => {
                  setDraft(day);
                  setDateError(null);
                }}
                statement={
                  shownAt
                    ? statusDateStatement(a.dataDate, `the date chosen for this analysis; the saved import stays at ${saved ? formatDataDate(saved) : 'its own date'}`)
                    : statusDateStatement(a.dataDate, explainStatusDate(a.dataDateSource))
                }
                error={dateError}
              >
                <button type="submit" className="btn btn-outline" disabled={busy}>
                  Re-analyse
                </button>
                {dataDate ? (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy}
                    onClick={() => {
                      setDateError(null);
                      setDataDate(undefined);
                    }}
                  >
                    Back to {saved ? formatDataDate(saved) : 'the saved date'}
                  </button>
                ) : null}
              </StatusDateField>
              {busy ? (
                <p role="status" className="muted">
                  Re-analysing...
                </p>
              ) : null}
            </form>
          ) : null}
        </div>
        <WarningList warnings={data.importWarnings} one="note from the import" many="notes from the import" />
        <ProjectTabs id={id} />
        <ProjectContext.Provider value={view}>
          <div className="project-tab">
            <Outlet />
          </div>
        </ProjectContext.Provider>
        <section ref={commentsSection} className="dashboard-view__section dashboard-view__card project-comments" aria-labelledby="project-comments">
          <h2 id="project-comments" className="dashboard-view__heading">
            Comments
          </h2>
          <CommentsPanel ref={composer} projectId={id} comments={comments} thread={thread} onThread={setThread} reload={reloadComments} readOnly={writeLocked} />
        </section>
      </section>
    </>
  );
}
