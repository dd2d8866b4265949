import { useEffect, useState } from 'react';
import { dataApi } from '../../client/data';
import { formatDataDate } from '../../core/format';
import type { StatusDateSource } from '../../core/model/schedule';
import type { PendingSchedule } from '../../local/contracts';
import { WarningList } from '../WarningList';
import { StatusDateField, statusDateStatement, statusDayProblem } from './StatusDateField';

export interface Target {
  index: number;
  /** Existing project to add this as its next status, or null for a new project. */
  projectId: string | null;
  /** The status date to save the import at; omitted: the file's own status date. */
  statusDate?: { date: string; source: StatusDateSource };
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

type ProjectOption = { id: string; name: string };

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
}) {
  const { schedules } = props;
  const [projects, setProjects] = useState<ProjectOption[]>([]);
  const [chosen, setChosen] = useState<boolean[]>(() => schedules.map(() => true));
  const [targets, setTargets] = useState<(string | null)[]>(() => schedules.map((s) => (schedules.length === 1 && props.intoProject ? props.intoProject : (s.match?.id ?? null))));
  const [days, setDays] = useState<string[]>(() => schedules.map(dayOf));
  const problems = days.map(statusDayProblem);

  useEffect(() => {
    dataApi()
      .listProjects()
      .then((ps) => setProjects(ps.map((p) => ({ id: p.id, name: p.name }))))
      .catch(() => setProjects([]));
  }, []);

  const picked = schedules.filter((_, i) => chosen[i]);
  const blocked = schedules.some((_, i) => chosen[i] && problems[i] !== null);
  return (
    <div className="import-summary">
      <div className="card">
        <h2>{props.fileName}</h2>
        <p className="muted">
          {props.label}
          {schedules.length > 1 ? `, ${schedules.length} projects` : ''}
        </p>
        {props.note ? <p className="notice">{props.note}</p> : null}
      </div>
      {schedules.map((s, i) => (
        <div className="card import-project" key={s.index} data-testid="import-project">
          <div className="import-project-head">
            {schedules.length > 1 ? (
              <label className="check">
                <input type="checkbox" checked={chosen[i]} onChange={(e) => setChosen((c) => c.map((v, j) => (j === i ? e.target.checked : v)))} />
                <span>Import</span>
              </label>
            ) : null}
            <h3>
              {s.name}
              {s.code && s.code !== s.name ? <span className="muted"> · {s.code}</span> : null}
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
                  The next status of {p.name}
                  {p.id === s.match?.id ? ' (same project)' : ''}
                </option>
              ))}
            </select>
          </label>
          <WarningList warnings={s.warnings} open={s.warnings.length <= 5} />
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
                  return { index: s.index, projectId: targets[i], ...(statusDate ? { statusDate } : {}) };
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
