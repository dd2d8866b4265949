import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { dataApi } from '../../client/data';
import { useSubscription } from '../../client/subscription';
import { useSyncStatus } from '../../client/syncStatus';
import { teamsApi } from '../../client/teamsApi';
import { formatDataDate } from '../../core/format';
import type { StatusDateSource } from '../../core/model/schedule';
import { canWrite, PERSONAL_SPACE } from '../../core/sync/labels';
import type { PendingSchedule, ProjectSummaryRow } from '../../local/contracts';
import type { KnownTeam } from '../projects/projectGroups';
import { WarningList } from '../WarningList';
import { splitFileWarnings, tickable } from './fileWarnings';
import { saveAsLabel } from './saveAsLabels';
import { StatusDateField, statusDateStatement, statusDayProblem } from './StatusDateField';
import { homeTeamId, limitRefusal, newProjectAllowances, teamOptionLabel, writableTeams, type TeamLimit } from './teamChoice';

export interface Target {
  index: number;
  /** Existing project to add this as its next status, or null for a new project. */
  projectId: string | null;
  /** The team a new project goes into; omitted: the personal space. */
  teamId?: string;
  /** The status date to save the import at; omitted: the file's own status date. */
  statusDate?: { date: string; source: StatusDateSource };
}

/** What the summary needs beyond the file: the projects here, the user's teams, and their limits. */
export interface ImportContext {
  projects: ProjectSummaryRow[];
  /** The sync status's teams (null before sync has said). */
  teams: KnownTeam[] | null;
  /** Project limits by team id ('' for the personal space while its id is unknown). */
  limits: Record<string, TeamLimit>;
}

/**
 * Reads the import context: projects from the data worker, teams from the sync status, the
 * personal space's limit from the subscription (as the account page does), other teams' from
 * their details. Both need the server: offline, a limit not yet read is unknown and not enforced
 * here (the sync gateway still refuses a project beyond it, and the sync status says so).
 */
function useImportContext(enabled: boolean): ImportContext {
  const [projects, setProjects] = useState<ProjectSummaryRow[]>([]);
  const teams = useSyncStatus((s) => s.snapshot?.teams ?? null) as KnownTeam[] | null;
  const sub = useSubscription();
  const [teamLimits, setTeamLimits] = useState<Record<string, TeamLimit>>({});
  const others = useMemo(() => writableTeams(teams).filter((t) => !t.isHome), [teams]);
  const otherIds = others.map((t) => `${t.teamId}:${t.role}`).join(',');

  useEffect(() => {
    if (!enabled) return;
    dataApi()
      .listProjects()
      .then(setProjects)
      .catch(() => setProjects([]));
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    for (const t of others) {
      teamsApi.details(t.teamId).then(
        (d) => live && setTeamLimits((m) => ({ ...m, [t.teamId]: { totalProjects: d.limits.projects, who: t.role === 'owner' ? 'owner' : 'member' } })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
    // otherIds stands for `others`: the teams and roles, not the array's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, otherIds]);

  const homeId = homeTeamId(teams);
  const limits: Record<string, TeamLimit> = { ...teamLimits };
  // Only a plan the server confirmed in this page's life: offline after a reload it is not known.
  if (!sub.loading && sub.resolved) limits[homeId] = { totalProjects: sub.totalProjects, who: sub.isUsingTeamSubscription ? 'member' : 'owner' };
  return { projects, teams, limits };
}

/** The day the proposed status date falls on, as the date field holds it. */
const dayOf = (s: PendingSchedule): string => s.statusDate.date.slice(0, 10);

/**
 * What to save: a day the user picked is "chosen" (a bare date: 00:00, as P6 counts a data date and
 * as --data-date does); the proposal kept is saved with its own time and source, unless it is the
 * file's own status date, which needs nothing.
 */
export function statusDateToSave(s: PendingSchedule, day: string): Target['statusDate'] {
  if (day !== dayOf(s)) return { date: day, source: 'chosen' };
  return s.statusDate.source === 'status-date' ? undefined : { date: s.statusDate.date, source: s.statusDate.source };
}

/** The sentence under the field: the proposal and why, or the user's choice and what was proposed. */
export function importStatusStatement(s: PendingSchedule, day: string): string {
  if (day === dayOf(s) || statusDayProblem(day)) return statusDateStatement(s.statusDate.date, s.statusDate.explanation);
  return statusDateStatement(day, `chosen by you (proposed: ${formatDataDate(s.statusDate.date)}, ${s.statusDate.explanation})`);
}

const n = (x: number) => x.toLocaleString('en-GB');

/**
 * What the file holds, project by project, and where each goes: a new project, or the next status
 * snapshot of an existing one (proposed when the project code or name matches).
 */
export function ImportSummary(props: {
  fileName: string;
  label: string;
  note?: string;
  schedules: PendingSchedule[];
  intoProject: string | null;
  onSave: (targets: Target[]) => void;
  onCancel: () => void;
  /** Given (tests), used as is; omitted, read from the data worker, sync status and server. */
  context?: ImportContext;
}) {
  const { schedules } = props;
  const read = useImportContext(props.context === undefined);
  const context = props.context ?? read;
  // Only projects the user may write to can take a next status (a viewer's would be refused).
  const projects = context.projects.filter((p) => canWrite(p.role));
  const teams = writableTeams(context.teams);
  const homeId = homeTeamId(context.teams);
  const [chosen, setChosen] = useState<boolean[]>(() => schedules.map((s) => tickable(s, schedules.length)));
  const warnings = useMemo(() => splitFileWarnings(schedules), [schedules]);
  const [targets, setTargets] = useState<(string | null)[]>(() => schedules.map((s) => (schedules.length === 1 && props.intoProject ? props.intoProject : (s.match?.id ?? null))));
  // The team each new project goes into; null: the personal space.
  const [teamChoice, setTeamChoice] = useState<(string | null)[]>(() => schedules.map(() => null));
  const [days, setDays] = useState<string[]>(() => schedules.map(dayOf));
  const problems = days.map(statusDayProblem);
  const teamOf = (i: number) => teamChoice[i] ?? homeId;
  const allowances = newProjectAllowances(
    schedules.map((_, i) => ({ chosen: chosen[i], projectId: targets[i], teamId: teamOf(i) })),
    context.projects,
    homeId,
    context.limits,
  );
  const refused = allowances.map((a) => (a?.full ? a : null));
  const teamTitle = (id: string) => {
    const t = teams.find((x) => x.teamId === id);
    return !t || t.isHome ? PERSONAL_SPACE : `"${t.teamName}"`;
  };

  const picked = schedules.filter((_, i) => chosen[i]);
  const blocked = schedules.some((_, i) => chosen[i] && (problems[i] !== null || refused[i] !== null));
  return (
    <div className="import-summary">
      <div className="card">
        <h2 title={props.fileName}>{props.fileName}</h2>
        <p className="muted">
          {props.label}
          {schedules.length > 1 ? `, ${schedules.length} projects` : ''}
        </p>
        {props.note ? <p className="notice">{props.note}</p> : null}
        {warnings.file.length > 0 ? <WarningList warnings={warnings.file} open={warnings.file.length <= 5} one="note on the file" many="notes on the file" /> : null}
      </div>
      {schedules.map((s, i) => (
        <div className={`card import-project${tickable(s, schedules.length) ? '' : ' import-project--empty'}`} key={s.index} data-testid="import-project">
          <div className="import-project-head">
            {schedules.length > 1 ? (
              <label className="check">
                <input
                  type="checkbox"
                  checked={chosen[i]}
                  disabled={!tickable(s, schedules.length)}
                  onChange={(e) => setChosen((c) => c.map((v, j) => (j === i ? e.target.checked : v)))}
                />
                <span>Import</span>
              </label>
            ) : null}
            <h3>
              {s.name}
              {s.code && s.code !== s.name ? <span className="muted"> · {s.code}</span> : null}
              {tickable(s, schedules.length) ? null : <span className="muted"> (no activities)</span>}
            </h3>
          </div>
          <dl className="summary-grid">
            <div>
              <dt>Activities</dt>
              <dd>{n(s.activities)}</dd>
            </div>
            <div>
              <dt>Relationships</dt>
              <dd>{n(s.relationships)}</dd>
            </div>
            <div>
              <dt>Resources</dt>
              <dd>{n(s.resources)}</dd>
            </div>
            <div>
              <dt>Assignments</dt>
              <dd>{n(s.assignments)}</dd>
            </div>
            <div>
              <dt>Currency</dt>
              <dd>{s.currency}</dd>
            </div>
          </dl>
          <StatusDateField
            id={`status-date-${s.index}`}
            value={days[i]}
            disabled={!chosen[i]}
            onChange={(day) => setDays((d) => d.map((v, j) => (j === i ? day : v)))}
            statement={importStatusStatement(s, days[i])}
            error={chosen[i] ? problems[i] : null}
          />
          <label className="field">
            <span>Save as</span>
            <select
              className="input"
              value={targets[i] ?? ''}
              disabled={!chosen[i]}
              onChange={(e) => setTargets((t) => t.map((v, j) => (j === i ? e.target.value || null : v)))}
            >
              <option value="">A new project</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {saveAsLabel(p, projects)}
                  {p.id === s.match?.id ? ' (same project)' : ''}
                </option>
              ))}
            </select>
          </label>
          {s.match && s.match.reason && targets[i] === s.match.id ? (
            // The proposal and why: saving confirms it; the list above changes it.
            <p className="muted import-match" data-testid="import-match">
              Proposed as the next status of {s.match.name}: {s.match.reason}. If this file is another project, choose it or “A new project” above.
            </p>
          ) : null}
          {targets[i] === null && teams.length > 1 ? (
            <label className="field">
              <span>New project in</span>
              <select
                className="input"
                value={teamOf(i)}
                disabled={!chosen[i]}
                onChange={(e) => setTeamChoice((t) => t.map((v, j) => (j === i ? e.target.value : v)))}
              >
                {teams.map((t) => (
                  <option key={t.teamId} value={t.teamId}>
                    {teamOptionLabel(t)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {refused[i] ? (
            <div className="import-limit" role="alert" data-testid="import-limit">
              <p>{limitRefusal(teamTitle(teamOf(i)), refused[i])}</p>
              <p>
                <Link to="/app/account">See your plan and its limits</Link>
              </p>
            </div>
          ) : null}
          <WarningList warnings={warnings.own[i]} open={warnings.own[i].length <= 5} />
        </div>
      ))}
      <div className="app-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={picked.length === 0 || blocked}
          onClick={() =>
            props.onSave(
              schedules
                .map((s, i) => {
                  const statusDate = statusDateToSave(s, days[i]);
                  const teamId = targets[i] === null ? teamOf(i) : '';
                  return { index: s.index, projectId: targets[i], ...(teamId ? { teamId } : {}), ...(statusDate ? { statusDate } : {}) };
                })
                .filter((_, i) => chosen[i]),
            )
          }
        >
          {picked.length > 1 ? `Save ${picked.length} projects` : 'Save and open the dashboard'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
