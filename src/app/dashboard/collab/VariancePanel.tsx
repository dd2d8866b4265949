/**
 * Variance narratives (VARs) on the dashboard (issue 13): the control accounts that breach a
 * threshold in this status period, each with its VAR's state, and an editor for one. "Draft from
 * the commentary" fills cause and impact from the commentary's words on the account; the person
 * edits and owns them. A draft is saved, submitted when every field is filled in, then approved.
 */
import { useEffect, useId, useState } from 'react';
import { dataApi } from '../../../client/data';
import { formatDataDate } from '../../../core/format';
import { VAR_OWNER_MAX_CHARS, VAR_TEXT_MAX_CHARS, type DashboardOptions, type VarFields, type VarKey, type VarStatus, type VarianceList, type VarianceRow } from '../../../local/contracts';
import { when } from './CommentsPanel';
import { csvFileName } from '../../../core/report/csv';
import { DownloadCsvButton } from '../../../ui/table';
import { variancesCsv } from '../../project/listCsv';

const STATUS_LABELS: Record<VarStatus, string> = { draft: 'Draft', submitted: 'Submitted', approved: 'Approved' };
const STATUS_BADGE: Record<VarStatus, string> = { draft: 'status-badge--warning', submitted: 'status-badge--info', approved: 'status-badge--good' };
const FIELD_LABELS: Record<keyof VarFields, string> = { cause: 'Cause', impact: 'Impact', correctiveAction: 'Corrective action', owner: 'Owner', dueDate: 'Due date' };
const EMPTY: VarFields = { cause: '', impact: '', correctiveAction: '', owner: '', dueDate: '' };

export interface VariancePanelProps {
  projectId: string;
  /** The project's name, for the CSV's file name; absent: no CSV button. */
  projectName?: string;
  /** The dashboard's options: the same analysis, so the same breaches. */
  options: DashboardOptions;
  /** Moves when the project's data changed elsewhere: the list is read again. */
  refresh: number;
  readOnly?: boolean;
}

const keyOf = (r: VarianceRow, period: string): VarKey => ({ nodeId: r.nodeId, period, code: r.code, name: r.name });

export function VariancePanel({ projectId, projectName, options, refresh, readOnly = false }: VariancePanelProps) {
  const [list, setList] = useState<VarianceList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    let live = true;
    dataApi()
      .listVariances(projectId, JSON.parse(optionsKey) as DashboardOptions)
      .then(
        (l) => {
          if (!live) return;
          setList(l);
          setError(null);
        },
        (e: Error) => live && setError(e.message),
      );
    return () => {
      live = false;
    };
  }, [projectId, optionsKey, refresh, reloads]);

  if (error)
    return (
      <p className="app-error" role="alert">
        {error}
      </p>
    );
  if (!list) return <p className="muted">Finding the control accounts that breach a threshold...</p>;
  const period = list.period;
  const selected = period ? list.rows.find((r) => r.nodeId === open) : undefined;
  return (
    <div className="variances">
      {period ? (
        <p className="variances__period">
          Status period <strong>{formatDataDate(period)}</strong>: one narrative per control account that breaches an alert threshold.
        </p>
      ) : null}
      {list.note ? <p className="variances__note">{list.note}</p> : null}
      {list.rows.length > 0 && period && projectName !== undefined ? (
        <div className="variances__bar">
          <DownloadCsvButton name="variance narratives" fileName={csvFileName(projectName, 'Variance narratives', period)} csv={() => variancesCsv(list.rows, period)} />
        </div>
      ) : null}
      {list.rows.length > 0 && period ? (
        <table className="data-table variances__table">
          <caption className="sr-only">Control accounts needing a variance narrative in the status period {formatDataDate(period)}</caption>
          <thead>
            <tr>
              <th scope="col">Control account</th>
              <th scope="col">Breaches</th>
              <th scope="col">Narrative</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.nodeId} data-node={r.nodeId} aria-current={open === r.nodeId ? 'true' : undefined}>
                <th scope="row">
                  {r.code && r.code !== r.name ? <span className="breakdown__code">{r.code}</span> : null}
                  {r.name}
                </th>
                <td>
                  {r.severity ? (
                    <>
                      <span className={`status-badge status-badge--${r.severity}`}>{r.severity === 'critical' ? 'Critical' : 'Warning'}</span> {r.breaches.map((b) => b.text).join('; ')}
                    </>
                  ) : (
                    <span className="muted">No longer breaching</span>
                  )}
                </td>
                <td>
                  {r.var ? (
                    <>
                      <span className={`status-badge ${STATUS_BADGE[r.var.status]}`}>{STATUS_LABELS[r.var.status]}</span>
                      {r.var.conflicts.length ? <span className="variances__conflict"> · two versions to choose from</span> : null}
                    </>
                  ) : (
                    <span className="muted">Not started</span>
                  )}
                </td>
                <td className="actions">
                  <button type="button" className="btn btn-outline btn-sm" aria-expanded={open === r.nodeId} onClick={() => setOpen(open === r.nodeId ? null : r.nodeId)}>
                    {open === r.nodeId ? 'Close' : r.var ? 'Open' : readOnly ? 'View' : 'Write'}
                    <span className="sr-only"> the narrative for {r.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {selected && period ? <VarEditor key={selected.nodeId} projectId={projectId} row={selected} varKey={keyOf(selected, period)} readOnly={readOnly} onSaved={() => setReloads((n) => n + 1)} /> : null}
    </div>
  );
}

function VarEditor({ projectId, row, varKey, readOnly, onSaved }: { projectId: string; row: VarianceRow; varKey: VarKey; readOnly: boolean; onSaved(): void }) {
  const v = row.var;
  const [fields, setFields] = useState<VarFields>(v ? { cause: v.cause, impact: v.impact, correctiveAction: v.correctiveAction, owner: v.owner, dueDate: v.dueDate } : EMPTY);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const status: VarStatus = v?.status ?? 'draft';
  const editable = !readOnly && status === 'draft';
  const changed = !v || (Object.keys(EMPTY) as (keyof VarFields)[]).some((k) => fields[k] !== v[k]);

  async function run(f: () => Promise<unknown>, ok: string) {
    setBusy(true);
    setMessage(null);
    try {
      await f();
      setMessage({ kind: 'ok', text: ok });
      onSaved();
    } catch (e) {
      setMessage({ kind: 'error', text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const save = () => dataApi().saveVariance(projectId, varKey, fields, v?.seen);

  function draftFromCommentary() {
    if (!row.draft) return;
    const hasText = fields.cause.trim() || fields.impact.trim();
    if (hasText && !window.confirm('Replace the cause and impact written so far with the draft from the commentary?')) return;
    setFields((f) => ({ ...f, cause: row.draft!.cause, impact: row.draft!.impact }));
    setMessage({ kind: 'ok', text: 'Cause and impact drafted from the commentary: read them, make them yours, then save.' });
  }

  return (
    <section className="var-editor card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="var-editor__title">
        Variance narrative: {row.name} <span className={`status-badge ${STATUS_BADGE[status]}`}>{STATUS_LABELS[status]}</span>
      </h3>
      {v ? <p className="muted var-editor__meta">Last changed {when(v.updatedAt)}</p> : null}
      {v && v.conflicts.length > 0 ? (
        <div className="comment__conflict" role="group" aria-label="Fields changed on two devices at once">
          {v.conflicts.map((c) => (
            <div key={c.field}>
              <p>
                <strong>Two versions of the {c.field === 'status' ? 'status' : FIELD_LABELS[c.field].toLowerCase()}</strong> were written at the same time on different devices. Choose the one to keep:
              </p>
              <ol>
                {c.versions.map((ver, i) => (
                  <li key={i}>
                    <p className="comment__text">{ver.value || '(empty)'}</p>
                    <p className="comment__version-meta">
                      {ver.who ? `${ver.who}, ` : ''}
                      {when(ver.at)}{' '}
                      {readOnly ? null : (
                        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => run(() => dataApi().resolveVarianceConflict(projectId, varKey, c.field, ver.value), 'Version kept.')}>
                          Keep this version
                        </button>
                      )}
                    </p>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      ) : null}
      {status !== 'draft' && !readOnly ? <p className="var-editor__locked">This narrative is {status}. Return it to draft to change it.</p> : null}
      <form
        className="var-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (editable) void run(save, 'Draft saved on this device; it syncs with the project.');
        }}
      >
        {(['cause', 'impact', 'correctiveAction'] as const).map((f) => (
          <div className="field" key={f}>
            <label htmlFor={`${id}-${f}`} className="field-label">
              {FIELD_LABELS[f]}
            </label>
            <textarea
              id={`${id}-${f}`}
              className="field-input"
              rows={f === 'correctiveAction' ? 3 : 4}
              maxLength={VAR_TEXT_MAX_CHARS}
              value={fields[f]}
              readOnly={!editable}
              onChange={(e) => setFields((x) => ({ ...x, [f]: e.target.value }))}
            />
          </div>
        ))}
        <div className="var-editor__row">
          <div className="field">
            <label htmlFor={`${id}-owner`} className="field-label">
              Owner
            </label>
            <input id={`${id}-owner`} className="field-input" maxLength={VAR_OWNER_MAX_CHARS} value={fields.owner} readOnly={!editable} onChange={(e) => setFields((x) => ({ ...x, owner: e.target.value }))} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-due`} className="field-label">
              Due date
            </label>
            <input id={`${id}-due`} type="date" className="field-input" value={fields.dueDate} readOnly={!editable} onChange={(e) => setFields((x) => ({ ...x, dueDate: e.target.value }))} />
          </div>
        </div>
        {readOnly ? null : (
          <div className="var-editor__actions">
            {editable && row.draft ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={draftFromCommentary} disabled={busy}>
                Draft from the commentary
              </button>
            ) : null}
            {editable ? (
              <button type="submit" className="btn btn-outline btn-sm" disabled={busy || !changed}>
                Save draft
              </button>
            ) : null}
            {status === 'draft' ? (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    if (changed) await save();
                    await dataApi().setVarianceStatus(projectId, varKey, 'submitted');
                  }, 'Submitted for approval.')
                }
              >
                Submit
              </button>
            ) : null}
            {status === 'submitted' ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => run(() => dataApi().setVarianceStatus(projectId, varKey, 'approved'), 'Approved.')}>
                Approve
              </button>
            ) : null}
            {status !== 'draft' ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => run(() => dataApi().setVarianceStatus(projectId, varKey, 'draft'), 'Returned to draft.')}>
                Return to draft
              </button>
            ) : null}
          </div>
        )}
        {message ? (
          <p className={message.kind === 'error' ? 'field-error' : 'var-editor__ok'} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}
