/**
 * /app/projects/:id/baselines — the project's baselines (issue 14): the list (name, source, date,
 * who set it, the PMB badge), creating one from any source (an import's baseline fields, its
 * current dates and budgets, MS Project Baseline n, the P6 baseline project), renaming, deleting,
 * choosing the performance measurement baseline (after a confirmation that the figures change),
 * and comparing two. Everything is read and computed in the data worker (BaselinesApi).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { dataApi } from '../../../client/data';
import type { BaselineComparison } from '../../../core/evm/baselineCompare';
import { formatDataDate } from '../../../core/format';
import { BASELINE_NAME_MAX_CHARS, CURRENT_STATUS, LATEST_FILE_BASELINE, type BaselineList, type BaselineRow, type BaselineSourceOption } from '../../../local/contracts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { when } from '../../dashboard/collab/CommentsPanel';
import { useProject } from '../projectContext';
import { BaselineCompareView } from './BaselineCompareView';
import './baselines.css';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export default function BaselinesPage() {
  const p = useProject();
  const [list, setList] = useState<BaselineList | null>(null);
  const [sources, setSources] = useState<BaselineSourceOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [read, setRead] = useState(0);
  const [confirmPmb, setConfirmPmb] = useState<BaselineRow | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<BaselineRow | null>(null);
  const [comparison, setComparison] = useState<BaselineComparison | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([dataApi().listBaselines(p.id), dataApi().baselineSources(p.id)]).then(
      ([l, s]) => {
        if (!live) return;
        setList(l);
        setSources(s);
      },
      (e) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [p.id, p.changed, read]);

  /** Runs a change; on success says `done`, reads the list again and, when the figures changed, the dashboard. */
  const run = useCallback(
    async (f: () => Promise<unknown>, done: string, figuresChange = false) => {
      setBusy(true);
      setError(null);
      setNote(null);
      try {
        await f();
        setNote(done);
        setRead((n) => n + 1);
        if (figuresChange) p.reload();
        return true;
      } catch (e) {
        setError(message(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [p],
  );

  const latestCurrent = sources.find((s) => s.source.kind === 'current');
  const pmb = list?.baselines.find((b) => b.pmb);

  return (
    <div className="baselines">
      <section className="dashboard-view__card baselines__section" aria-labelledby="baselines-heading">
        <div className="baselines__head">
          <h2 id="baselines-heading" className="dashboard-view__heading">
            Baselines
          </h2>
          {p.canWrite && latestCurrent ? (
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void run(() => dataApi().createBaseline(p.id, latestCurrent.source, latestCurrent.suggestedName), `“${latestCurrent.suggestedName}” saved as a baseline.`)}>
              Set current as baseline
            </button>
          ) : null}
        </div>
        <p className="muted baselines__lead">
          PV and BAC are measured against the performance measurement baseline (PMB){pmb ? <>: now <strong>{pmb.name}</strong></> : null}. EV is earned against its budgets; AC never changes with it.
        </p>
        {list?.pmbProblem ? <p className="baselines__warning" role="status">{list.pmbProblem}</p> : null}
        {list?.pmbConflict ? (
          <p className="baselines__warning" role="status">
            Two PMBs were chosen at the same time on two devices ({list.pmbConflict.map((v) => `“${v.value}”${v.who ? ` by ${v.who}` : ''}`).join(' and ')}). The figures use “{list.pmbConflict[0].value}”: choose the PMB again to settle it.
          </p>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {note ? (
          <p className="baselines__note" role="status">
            {note}
          </p>
        ) : null}
        {list ? <BaselineTable list={list} canWrite={p.canWrite} busy={busy} onPmb={setConfirmPmb} onDelete={setConfirmDelete} onRename={(b, name) => run(() => dataApi().renameBaseline(p.id, b.id, name, b.seen), `Renamed to “${name.trim()}”.`)} /> : <p className="muted">Reading the baselines…</p>}
      </section>

      {p.canWrite ? <CreateBaseline sources={sources} busy={busy} onCreate={(o, name) => run(() => dataApi().createBaseline(p.id, o.source, name), `“${name.trim()}” saved as a baseline.`)} /> : null}

      {list ? <CompareForm list={list} busy={busy} projectId={p.id} onResult={setComparison} onError={setError} /> : null}
      {comparison ? <BaselineCompareView comparison={comparison} currency={p.data?.analysis.project.currency ?? p.row?.currency ?? 'GBP'} /> : null}

      <ConfirmDialog
        open={confirmPmb !== null}
        title="Change the performance measurement baseline?"
        message={
          confirmPmb
            ? `The project’s figures will change: PV, BAC and everything that depends on them (SV, SPI, EAC, VAC, TCPI, earned schedule) will be measured against “${confirmPmb.name}”, and EV is earned against its budgets. AC does not change. Your team sees the new figures once this syncs.`
            : ''
        }
        confirmLabel="Make it the PMB"
        confirmClassName="btn-primary"
        busy={busy}
        onCancel={() => setConfirmPmb(null)}
        onConfirm={() => {
          const b = confirmPmb;
          setConfirmPmb(null);
          if (b) void run(() => dataApi().setPmb(p.id, b.id), `“${b.name}” is now the performance measurement baseline; the figures have been measured again.`, true);
        }}
      />
      <ConfirmDialog
        open={confirmDelete !== null}
        title="Delete this baseline?"
        message={confirmDelete ? `“${confirmDelete.name}” will be deleted for everyone in the team. The import it was taken from stays, so it can be set again from the same source.` : ''}
        confirmLabel="Delete baseline"
        busy={busy}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const b = confirmDelete;
          setConfirmDelete(null);
          if (b) void run(() => dataApi().deleteBaseline(p.id, b.id), `“${b.name}” deleted.`);
        }}
      />
    </div>
  );
}

function BaselineTable({ list, canWrite, busy, onPmb, onDelete, onRename }: { list: BaselineList; canWrite: boolean; busy: boolean; onPmb: (b: BaselineRow) => void; onDelete: (b: BaselineRow) => void; onRename: (b: BaselineRow, name: string) => Promise<boolean> }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  return (
    <div className="baselines__scroll">
      <table className="breakdown__table baselines__table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Source</th>
            <th scope="col">Status date</th>
            <th scope="col">Set by</th>
            {canWrite ? (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {list.baselines.map((b) => (
            <tr key={b.id} data-baseline={b.builtIn ? LATEST_FILE_BASELINE : b.name}>
              <th scope="row" className="baselines__name">
                {editing === b.id ? (
                  <form
                    className="baselines__rename"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void onRename(b, draft).then((ok) => ok && setEditing(null));
                    }}
                  >
                    <label className="sr-only" htmlFor={`rename-${b.id}`}>
                      New name for {b.name}
                    </label>
                    <input id={`rename-${b.id}`} className="field-input" value={draft} maxLength={BASELINE_NAME_MAX_CHARS} onChange={(e) => setDraft(e.target.value)} autoFocus />
                    <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                      Save
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  <>
                    <span>{b.name}</span> {b.pmb ? <span className="badge" title="Performance measurement baseline: the figures are measured against it">PMB</span> : null}
                    {b.nameConflict ? <span className="baselines__conflict"> (also named {b.nameConflict.slice(1).map((v) => `“${v.value}”`).join(', ')} on another device)</span> : null}
                    {!b.available && !b.builtIn ? <span className="baselines__conflict"> (its import is still arriving)</span> : null}
                  </>
                )}
              </th>
              <td className="baselines__source">{b.sourceLabel}</td>
              <td>{b.date ? formatDataDate(b.date) : '—'}</td>
              <td>{b.builtIn ? 'Comes with each import' : [b.createdBy, b.createdAt ? when(b.createdAt) : ''].filter(Boolean).join(', ')}</td>
              {canWrite ? (
                <td>
                  <div className="baselines__actions">
                  {!b.pmb ? (
                    <button type="button" className="btn btn-outline btn-sm" disabled={busy || !b.available} onClick={() => onPmb(b)}>
                      Make PMB<span className="sr-only"> of {b.name}</span>
                    </button>
                  ) : null}
                  {!b.builtIn ? (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={busy}
                        onClick={() => {
                          setDraft(b.name);
                          setEditing(b.id);
                        }}
                      >
                        Rename<span className="sr-only"> {b.name}</span>
                      </button>
                      {!b.pmb ? (
                        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => onDelete(b)}>
                          Delete<span className="sr-only"> {b.name}</span>
                        </button>
                      ) : null}
                    </>
                  ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const optionKey = (o: BaselineSourceOption): string => `${o.source.kind}|${o.source.importId}|${o.source.kind === 'stored' ? o.source.baselineId : ''}`;

function CreateBaseline({ sources, busy, onCreate }: { sources: BaselineSourceOption[]; busy: boolean; onCreate: (o: BaselineSourceOption, name: string) => Promise<boolean> }) {
  const id = useId();
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const chosen = sources.find((o) => optionKey(o) === key) ?? sources[0];
  useEffect(() => {
    if (chosen) setName(chosen.suggestedName);
  }, [chosen]);
  if (sources.length === 0) return null;
  return (
    <section className="dashboard-view__card baselines__section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="dashboard-view__heading">
        New baseline
      </h2>
      <form
        className="baselines__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) void onCreate(chosen, name);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-src`}>
            Take it from
          </label>
          <select id={`${id}-src`} className="field-input" value={chosen ? optionKey(chosen) : ''} onChange={(e) => setKey(e.target.value)}>
            {sources.map((o) => (
              <option key={optionKey(o)} value={optionKey(o)}>
                {o.label}
              </option>
            ))}
          </select>
          <p className="field-hint">Each import keeps its baseline fields and its current dates; MS Project Baseline 1–10 and a P6 baseline project in the file are listed too.</p>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input id={`${id}-name`} className="field-input" value={name} maxLength={BASELINE_NAME_MAX_CHARS} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          Create baseline
        </button>
      </form>
    </section>
  );
}

function CompareForm({ list, busy, projectId, onResult, onError }: { list: BaselineList; busy: boolean; projectId: string; onResult: (c: BaselineComparison | null) => void; onError: (m: string | null) => void }) {
  const id = useId();
  const usable = list.baselines.filter((b) => b.available);
  const [a, setA] = useState(list.pmbId);
  const [b, setB] = useState(CURRENT_STATUS);
  const [running, setRunning] = useState(false);
  const options = (
    <>
      {usable.map((x) => (
        <option key={x.id} value={x.id}>
          {x.name}
          {x.pmb ? ' (PMB)' : ''}
        </option>
      ))}
    </>
  );
  return (
    <section className="dashboard-view__card baselines__section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="dashboard-view__heading">
        Compare
      </h2>
      <form
        className="baselines__form baselines__form--compare"
        onSubmit={(e) => {
          e.preventDefault();
          setRunning(true);
          onError(null);
          dataApi()
            .compareBaselines(projectId, a, b)
            .then(onResult, (err) => {
              onResult(null);
              onError(message(err));
            })
            .finally(() => setRunning(false));
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-a`}>
            From (A)
          </label>
          <select id={`${id}-a`} className="field-input" value={a} onChange={(e) => setA(e.target.value)}>
            {options}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-b`}>
            To (B)
          </label>
          <select id={`${id}-b`} className="field-input" value={b} onChange={(e) => setB(e.target.value)}>
            <option value={CURRENT_STATUS}>Current status (latest import)</option>
            {options}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || running || a === b}>
          {running ? 'Comparing…' : 'Compare'}
        </button>
      </form>
    </section>
  );
}
