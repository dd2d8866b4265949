import { useCallback, useEffect, useMemo, useState } from 'react';
import { dataApi } from '../../../client/data';
import { CHANGE_STATUSES, CHANGE_TYPE_LABELS, CHANGE_TYPES, type ChangeStatus, type ChangeType } from '../../../core/changes/types';
import { csvFileName } from '../../../core/report/csv';
import { formatDate, formatMoney } from '../../../core/format';
import type { ChangeAuditEntry, ChangeFields, ChangeLog, ChangeView } from '../../../local/contracts';
import { DataTable } from '../../../ui/table';
import { useProject } from '../projectContext';
import { BudgetReconciliation } from './BudgetReconciliation';
import { ChangeForm } from './ChangeForm';
import { changeLogColumns, STATUS_LABEL } from './changeLogColumns';
import './changes.css';

const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '—');
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const NUMBER_ORDER = { column: 'number', dir: 'asc' } as const;

/** One audit entry's field changes, as a reader checks them ("title: A → B"). */
function describeField(f: ChangeAuditEntry['fields'][number], currency: string): string {
  const show = (v: unknown): string => {
    if (Array.isArray(v) && f.field === 'lines') {
      const lines = v as { amount?: number }[];
      const total = lines.reduce((s, l) => s + (typeof l.amount === 'number' ? l.amount : 0), 0);
      return `${lines.length} line${lines.length === 1 ? '' : 's'}, ${formatMoney(total, currency)}`;
    }
    if (Array.isArray(v)) return v.map(show).join(' / ');
    if (v && typeof v === 'object' && 'name' in v) return String((v as { name: unknown }).name);
    if (v === null || v === undefined || v === '') return '(empty)';
    if (f.field === 'changeType' || f.field === 'type') return CHANGE_TYPE_LABELS[v as ChangeType] ?? String(v);
    if (typeof v === 'number' && f.field === 'number') return `CR-${String(v).padStart(3, '0')}`;
    if (typeof v === 'number') return formatMoney(v, currency);
    // Instants (requested, decided) as a reader writes them; the status date as a day.
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(v)) return new Date(v).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return formatDate(v.slice(0, 10));
    return String(v);
  };
  const name = f.field === 'changeType' ? 'type' : f.field === 'lines' ? 'budget lines' : f.field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  return `${name}: ${show(f.from)} → ${show(f.to)}`;
}

function AuditTrail({ projectId, changeId, refresh, currency }: { projectId: string; changeId: string; refresh: number; currency: string }) {
  const [entries, setEntries] = useState<ChangeAuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    dataApi()
      .changeAudit(projectId, changeId)
      .then(
        (e) => live && setEntries(e),
        (e: unknown) => live && setError(messageOf(e)),
      );
    return () => {
      live = false;
    };
  }, [projectId, changeId, refresh]);
  if (error) return <p className="field-error">{error}</p>;
  if (!entries) return <p className="muted">Reading the audit trail…</p>;
  return (
    <ol className="changes-audit" aria-label="Audit trail" data-testid="audit-trail">
      {entries.map((e) => (
        <li key={e.id}>
          <span className="changes-audit__head">
            <time dateTime={e.at}>{new Date(e.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</time> · {e.who?.name ?? 'Someone'} · <strong>{e.action}</strong>
          </span>
          {e.fields.length > 0 ? (
            <ul>
              {e.fields.map((f) => (
                <li key={f.field}>{describeField(f, currency)}</li>
              ))}
            </ul>
          ) : null}
          {e.note ? <p className="changes-audit__note">“{e.note}”</p> : null}
        </li>
      ))}
    </ol>
  );
}

function ChangeDetails({
  change,
  log,
  projectId,
  busy,
  refresh,
  onEdit,
  act,
}: {
  change: ChangeView;
  log: ChangeLog;
  projectId: string;
  busy: boolean;
  refresh: number;
  onEdit(): void;
  act(what: string, work: () => Promise<unknown>): Promise<void>;
}) {
  const [note, setNote] = useState('');
  const c = change;
  const money = (v: number) => formatMoney(v, log.currency);
  const move = (to: ChangeStatus, label: string) => act(label, () => dataApi().setChangeStatus(projectId, c.id, to, note));
  return (
    <div className="changes-details" data-testid="change-details">
      {c.description ? <p className="changes-details__description">{c.description}</p> : null}
      <p className="muted">
        Created by {c.createdBy.name} on {day(c.createdAt)}
        {c.requester ? ` · submitted by ${c.requester.name} on ${day(c.requestedAt)}` : ''}
        {c.approver ? ` · ${c.status === 'rejected' ? 'rejected' : 'approved'} by ${c.approver.name} on ${day(c.decidedAt)}` : ''}
        {c.approvedStatusDate ? ` · in the PMB from the status date ${formatDate(c.approvedStatusDate.slice(0, 10))}` : ''}
        {c.decisionNote ? ` · “${c.decisionNote}”` : ''}
      </p>
      {c.duplicateNumber ? (
        <p className="field-hint">Another change was numbered {c.number.slice(0, 6)} on another device while offline; this one shows its id’s end until it is next submitted or decided, when it takes the next free number.</p>
      ) : null}
      {c.conflicts.map((k) => (
        <div key={k.field} className="changes-conflict" role="alert">
          <p>
            Two versions of the <strong>{k.field === 'lines' ? 'budget lines' : k.field}</strong> were saved at the same time on two devices. Keep one:
          </p>
          {k.versions.map((v, i) => (
            <button
              key={i}
              type="button"
              className="btn btn-outline btn-sm"
              disabled={busy || !log.canEdit}
              onClick={() => act('Version kept', () => dataApi().resolveChangeConflict(projectId, c.id, k.field, v.value))}
            >
              {describeField({ field: k.field, from: null, to: v.value }, log.currency).replace(/^.*?→ /, '')}
              {v.who ? ` (${v.who})` : ''}
            </button>
          ))}
        </div>
      ))}
      {c.lines.length > 0 ? (
        <div className="changes-scroll">
          <table className="data-table" aria-label={`Budget lines of ${c.number}`}>
            <thead>
              <tr>
                <th scope="col">Control account</th>
                <th scope="col">Period</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {c.lines.map((l, i) => (
                <tr key={i}>
                  <td>
                    <span className="changes-code">{l.account.code}</span> {l.account.name}
                  </td>
                  <td>
                    {l.period} <span className="muted">({formatDate(l.from)} – {formatDate(l.to)})</span>
                  </td>
                  <td className="num">{money(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No budget lines yet.</p>
      )}
      {log.canEdit ? (
        <div className="changes-actions">
          {c.status === 'pending' && log.canApprove ? (
            <label className="field changes-actions__note">
              <span className="field-label">Decision note (optional)</span>
              <input className="field-input" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} placeholder="Change board reference, conditions" />
            </label>
          ) : null}
          <div className="changes-actions__buttons">
            {c.status === 'draft' ? (
              <>
                <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} disabled={busy}>
                  Edit
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => move('pending', `${c.number} submitted`)} disabled={busy}>
                  Submit for approval
                </button>
                <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={() => act(`${c.number} deleted`, () => dataApi().deleteChange(projectId, c.id))} disabled={busy}>
                  Delete draft
                </button>
              </>
            ) : null}
            {c.status === 'pending' ? (
              <>
                {log.canApprove ? (
                  <>
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => move('approved', `${c.number} approved`)} disabled={busy}>
                      Approve
                    </button>
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => move('rejected', `${c.number} rejected`)} disabled={busy}>
                      Reject
                    </button>
                  </>
                ) : null}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => move('draft', `${c.number} returned to draft`)} disabled={busy}>
                  Return to draft
                </button>
              </>
            ) : null}
            {c.status === 'rejected' ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => move('draft', `${c.number} reopened as a draft`)} disabled={busy}>
                Reopen as a draft
              </button>
            ) : null}
          </div>
          {c.status === 'pending' && !log.canApprove && log.roleNote ? <p className="field-hint">{log.roleNote}</p> : null}
        </div>
      ) : null}
      <h4>Audit trail</h4>
      <AuditTrail projectId={projectId} changeId={c.id} refresh={refresh} currency={log.currency} />
    </div>
  );
}

/**
 * /app/projects/:id/changes — change control (issue 14): the change log (sortable, filtered by
 * status and type), a form for a change and its budget lines, the transitions, the budget
 * reconciliation (CBB = PMB + MR) and each change's audit trail. Everything is read and written by
 * the data worker (ChangesApi); an approval makes the project's figures include the change.
 */
export default function ChangesPage() {
  const p = useProject();
  const [log, setLog] = useState<ChangeLog | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [read, setRead] = useState(0);
  const [status, setStatus] = useState<ChangeStatus | ''>('');
  const [type, setType] = useState<ChangeType | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<ChangeView | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dataApi()
      .listChanges(p.id, { periods: p.options.periods })
      .then(
        (l) => {
          if (!live) return;
          setLog(l);
          setLoadError(null);
        },
        (e: unknown) => live && setLoadError(messageOf(e)),
      );
    return () => {
      live = false;
    };
  }, [p.id, p.options.periods, p.changed, read]);

  const act = useCallback(async (what: string, work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
      setDone(`${what}.`);
      setRead((n) => n + 1);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const rows = useMemo(() => (log?.changes ?? []).filter((c) => (!status || c.status === status) && (!type || c.type === type)), [log, status, type]);
  const columns = useMemo(
    () =>
      changeLogColumns(log?.currency ?? 'GBP', (c) => (
        <button type="button" className="changes-open" aria-expanded={open === c.id} onClick={() => setOpen((o) => (o === c.id ? null : c.id))}>
          {c.number}
        </button>
      )),
    [log?.currency, open],
  );

  if (loadError) return <p className="field-error" role="alert">{loadError}</p>;
  if (!log) return <p className="muted">Reading the change log…</p>;

  async function save(fields: ChangeFields) {
    const target = editing;
    setBusy(true);
    setError(null);
    try {
      const saved = target === 'new' || target === null ? await dataApi().saveChange(p.id, null, fields) : await dataApi().saveChange(p.id, target.id, fields, target.seen);
      setDone(`${saved.number} saved as a draft.`);
      setEditing(null);
      setOpen(saved.id);
      setRead((n) => n + 1);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const approved = log.changes.filter((c) => c.status === 'approved');
  const selected = log.changes.find((c) => c.id === open) ?? null;
  const applied = p.data?.changeControl;
  return (
    <div className="changes-page">
      <section className="card" aria-labelledby="change-log">
        <div className="changes-head">
          <h2 id="change-log">Change log</h2>
          {log.canEdit && editing === null ? (
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              New change
            </button>
          ) : null}
        </div>
        <p className="muted">
          {log.changes.length === 0 ? 'No change has been raised yet.' : `${log.changes.length} change${log.changes.length === 1 ? '' : 's'}, ${approved.length} approved.`}
          {log.statusDate ? ` A change approved now takes effect from the status date ${formatDate(log.statusDate.slice(0, 10))}.` : ' Import a status before approving changes: approval needs a status date.'}
          {applied && applied.numbers.length > 0 ? ` The figures on the other tabs include ${applied.numbers.join(', ')} (${formatMoney(applied.bacChange, log.currency)} on BAC).` : ''}
          {applied && applied.later > 0 ? ` ${applied.later} approved after the status date shown ${applied.later === 1 ? 'is' : 'are'} not in these figures.` : ''}
        </p>
        {!log.canEdit && log.roleNote ? <p className="field-hint">{log.roleNote}</p> : null}
        {done ? (
          <p role="status" className="changes-done">
            {done}
          </p>
        ) : null}
        {error && editing === null ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {editing !== null ? (
          <ChangeForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            accounts={log.accounts}
            periods={log.periods}
            currency={log.currency}
            earliestLineDay={log.earliestLineDay}
            busy={busy}
            error={error}
            onSave={(f) => void save(f)}
            onCancel={() => {
              setEditing(null);
              setError(null);
            }}
          />
        ) : null}
        {log.changes.length > 0 ? (
          <>
            <DataTable
              tableId="change-log"
              name="change log"
              tableClassName="changes-table"
              columns={columns}
              rows={rows}
              rowKey={(c) => c.id}
              rowProps={(c) => ({ 'data-change': c.number, 'data-status': c.status, className: open === c.id ? 'is-open' : undefined })}
              defaultSort={NUMBER_ORDER}
              empty={<span className="muted">No change matches these filters.</span>}
              csvFileName={csvFileName(p.name, 'Change log', log.statusDate?.slice(0, 10))}
              toolbar={
                  <form className="changes-filters" aria-label="Filter the change log" onSubmit={(e) => e.preventDefault()}>
                    <label className="field">
                      <span className="field-label">Status</span>
                      <select className="field-input" value={status} onChange={(e) => setStatus(e.target.value as ChangeStatus | '')}>
                        <option value="">All</option>
                        {CHANGE_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABEL[s]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="field">
                      <span className="field-label">Type</span>
                      <select className="field-input" value={type} onChange={(e) => setType(e.target.value as ChangeType | '')}>
                        <option value="">All</option>
                        {CHANGE_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {CHANGE_TYPE_LABELS[t]}
                          </option>
                        ))}
                      </select>
                    </label>
                  </form>
              }
            />
            {selected ? (
              // Below the table, not in a row of it: on a phone the table scrolls sideways, the details must not.
              <section className="changes-selected" aria-labelledby="change-selected">
                <h3 id="change-selected">
                  <span className="changes-code">{selected.number}</span> {selected.title}
                </h3>
                <ChangeDetails
                  change={selected}
                  log={log}
                  projectId={p.id}
                  busy={busy}
                  refresh={read + p.changed}
                  onEdit={() => {
                    setEditing(selected);
                    setError(null);
                  }}
                  act={act}
                />
              </section>
            ) : null}
          </>
        ) : null}
      </section>
      <BudgetReconciliation
        projectName={p.name}
        reconciliation={log.reconciliation}
        note={log.reconciliationNote}
        reserves={log.reserves}
        currency={log.currency}
        canEdit={log.canEdit}
        onSaveReserves={async (r) => {
          try {
            await dataApi().setReserves(p.id, r, log.reserves.seen);
            setRead((n) => n + 1);
            return null;
          } catch (e) {
            return messageOf(e);
          }
        }}
      />
    </div>
  );
}
