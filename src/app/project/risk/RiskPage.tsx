/**
 * /app/projects/:id/risk — schedule and cost risk (issue 15): set up uncertainty (rules, then
 * per-activity overrides), run a Monte Carlo simulation in a pool of workers with progress, early
 * results and cancel, read the results, and keep each run as a snapshot the team sees; compare two
 * (before and after mitigation). The data worker builds the model and stores the documents
 * (RiskApi); the risk workers compute (src/client/riskPool.ts); this page only lays things out.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { dataApi } from '../../../client/data';
import { RiskRunCancelled, type RiskProgress } from '../../../client/riskPool';
import { runRisk } from '../../../client/riskRun';
import { formatDataDate, formatDate } from '../../../core/format';
import type { RiskSnapshotResults } from '../../../core/risk/snapshot';
import type { RiskProjectSetup, RiskSetupView, RiskSnapshot, RiskSnapshotRow } from '../../../local/contracts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useProject } from '../projectContext';
import { RiskResultsView } from './RiskResultsView';
import { RiskSetupPanel } from './RiskSetupPanel';
import { RiskCompareView, RiskSnapshotList } from './RiskSnapshots';
import './risk.css';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

interface RunState {
  progress: RiskProgress;
  results: RiskSnapshotResults | null;
}

export default function RiskPage() {
  const p = useProject();
  const [view, setView] = useState<RiskSetupView | null>(null);
  const [draft, setDraft] = useState<RiskProjectSetup | null>(null);
  const [snapshots, setSnapshots] = useState<RiskSnapshotRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [read, setRead] = useState(0);
  const [run, setRun] = useState<RunState | null>(null);
  const [running, setRunning] = useState(false);
  const [shown, setShown] = useState<{ results: RiskSnapshotResults; title: string } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [compare, setCompare] = useState<string[]>([]);
  const [pair, setPair] = useState<[RiskSnapshot, RiskSnapshot] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<RiskSnapshotRow | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The setup last read from the data worker, as JSON: a draft equal to it has no edits of its own. */
  const shownSetup = useRef<string | null>(null);
  const currency = view?.currency ?? p.row?.currency ?? 'GBP';

  useEffect(() => {
    let live = true;
    Promise.all([dataApi().getRiskSetup(p.id), dataApi().listRiskSnapshots(p.id)]).then(
      ([v, list]) => {
        if (!live) return;
        // Unsaved edits on screen are kept when the setup is read again (a teammate's change, a run);
        // a draft equal to what was last read follows the new one.
        const before = shownSetup.current;
        shownSetup.current = JSON.stringify(v.setup);
        setView(v);
        setDraft((d) => (d && before !== null && JSON.stringify(d) !== before ? d : v.setup));
        setSnapshots(list);
      },
      (e) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
    // `read` counts the page's own changes; p.changed the team's.
  }, [p.id, p.changed, read]);
  useEffect(() => {
    if (view) shownSetup.current = JSON.stringify(view.setup);
  }, [view]);

  // Leaving the tab cancels a run: nothing half-done is kept.
  useEffect(() => () => abort.current?.abort(), []);

  const dirty = !!(view && draft && JSON.stringify(view.setup) !== JSON.stringify(draft));

  const save = useCallback(async () => {
    if (!draft || !view) return;
    setBusy(true);
    setError(null);
    try {
      const v = await dataApi().saveRiskSetup(p.id, draft, view.seen);
      setView(v);
      setDraft(v.setup);
      setNote('Risk setup saved.');
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }, [draft, view, p.id]);

  const start = useCallback(async () => {
    if (!draft || !view) return;
    setError(null);
    setNote(null);
    setPair(null);
    setOpenId(null);
    // Run what is on screen; an editor's changes are saved first so the snapshot's inputs are the team's.
    let setup = draft;
    if (p.canWrite && dirty) {
      try {
        const v = await dataApi().saveRiskSetup(p.id, draft, view.seen);
        setView(v);
        setDraft(v.setup);
        setup = v.setup;
      } catch (e) {
        setError(message(e));
        return;
      }
    }
    const ctl = new AbortController();
    abort.current = ctl;
    setRunning(true);
    setRun({ progress: { done: 0, total: setup.iterations, elapsedMs: 0 }, results: null });
    const n = snapshots.length + 1;
    try {
      const out = await runRisk(p.id, setup, {
        name: `Run ${n} · ${setup.rules.length === 0 ? 'default range' : setup.rules.map((r) => r.name).join(', ')}`.slice(0, 120),
        save: p.canWrite,
        signal: ctl.signal,
        onProgress: (progress) => setRun((r) => ({ progress, results: progress.results ?? r?.results ?? null })),
      });
      setShown({ results: out.results, title: out.row ? out.row.name : 'This run (not saved)' });
      setOpenId(out.row?.id ?? null);
      if (out.notSaved) setError(`The run finished but was not saved: ${out.notSaved}`);
      else if (out.row) setNote(`Saved as “${out.row.name}”: ${setup.iterations.toLocaleString('en-GB')} iterations in ${(out.elapsedMs / 1000).toFixed(1)} s.`);
      setRead((k) => k + 1);
    } catch (e) {
      if (e instanceof RiskRunCancelled) setNote('Cancelled: nothing was saved.');
      else setError(message(e));
    } finally {
      abort.current = null;
      setRunning(false);
      setRun(null);
    }
  }, [draft, view, p.id, p.canWrite, dirty, snapshots.length]);

  const open = useCallback(
    async (row: RiskSnapshotRow) => {
      setError(null);
      try {
        const s = await dataApi().getRiskSnapshot(p.id, row.id);
        setShown({ results: s.results, title: s.name });
        setOpenId(s.id);
        setPair(null);
      } catch (e) {
        setError(message(e));
      }
    },
    [p.id],
  );

  const toggleCompare = (row: RiskSnapshotRow) => setCompare((c) => (c.includes(row.id) ? c.filter((x) => x !== row.id) : [...c, row.id].slice(-2)));

  const doCompare = useCallback(async () => {
    if (compare.length !== 2) return;
    setError(null);
    try {
      // Oldest first: "before" on the left.
      const [x, y] = await Promise.all(compare.map((id) => dataApi().getRiskSnapshot(p.id, id)));
      setPair(x.createdAt <= y.createdAt ? [x, y] : [y, x]);
      setShown(null);
      setOpenId(null);
    } catch (e) {
      setError(message(e));
    }
  }, [compare, p.id]);

  const doDelete = useCallback(async () => {
    const row = confirmDelete;
    if (!row) return;
    setBusy(true);
    try {
      await dataApi().deleteRiskSnapshot(p.id, row.id);
      setNote(`“${row.name}” deleted.`);
      setCompare((c) => c.filter((x) => x !== row.id));
      if (openId === row.id) setShown(null);
      setRead((k) => k + 1);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
      setConfirmDelete(null);
    }
  }, [confirmDelete, p.id, openId]);

  if (!view || !draft) return error ? <p className="field-error" role="alert">{error}</p> : <p className="muted">Reading the risk setup…</p>;
  const progress = run?.progress;
  const live = run?.results ?? null;
  return (
    <div className="risk-page">
      <p className="risk-page__lead">
        Monte Carlo simulation of the finish date{view.hasCost ? ' and cost' : ''}
        {view.dataDate ? ` from the data date ${formatDataDate(view.dataDate)}` : ''}, on the latest import&apos;s logic. Each run repeats exactly for its seed, and every completed run is kept as a snapshot the team sees.
      </p>
      {!view.importId ? <p className="risk-warning">This project has no imported schedule yet: import a P6 XER or MS Project XML with its logic to simulate it.</p> : null}

      <RiskSetupPanel view={view} draft={draft} onChange={setDraft} canWrite={p.canWrite} dirty={dirty} busy={busy || running} onSave={() => void save()} />

      <section className="card risk-card" aria-labelledby="risk-run-heading">
        <h2 id="risk-run-heading" className="risk-card__heading">
          Run
        </h2>
        <div className="risk-run">
          <button type="button" className="btn btn-primary" disabled={running || !view.importId} onClick={() => void start()}>
            Run {draft.iterations.toLocaleString('en-GB')} iterations
          </button>
          {running ? (
            <button type="button" className="btn btn-outline" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          ) : null}
        </div>
        {progress ? (
          <div className="risk-progress" role="status" aria-live="polite">
            <progress max={progress.total} value={progress.done} aria-label="Iterations done" />
            <span>
              {progress.done.toLocaleString('en-GB')} of {progress.total.toLocaleString('en-GB')} iterations · {(progress.elapsedMs / 1000).toFixed(1)} s
            </span>
          </div>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {note ? (
          <p className="risk-note" role="status">
            {note}
          </p>
        ) : null}
      </section>

      {live ? <RiskResultsView results={live} currency={currency} projectName={p.name} live /> : null}
      {!live && shown ? (
        <>
          <h2 className="risk-page__title">{shown.title}</h2>
          <RiskResultsView results={shown.results} currency={currency} projectName={p.name} />
        </>
      ) : null}
      {pair ? <RiskCompareView a={pair[0]} b={pair[1]} currency={currency} /> : null}

      <section className="card risk-card" aria-labelledby="risk-snapshots-heading">
        <h2 id="risk-snapshots-heading" className="risk-card__heading">
          Snapshots
        </h2>
        <RiskSnapshotList rows={snapshots} currency={currency} canWrite={p.canWrite} busy={busy} openId={openId} compare={compare} onOpen={(r) => void open(r)} onDelete={setConfirmDelete} onToggleCompare={toggleCompare} />
        {snapshots.length > 1 ? (
          <p>
            <button type="button" className="btn btn-outline btn-sm" disabled={compare.length !== 2} onClick={() => void doCompare()}>
              Compare the two ticked
            </button>{' '}
            <span className="muted">{compare.length === 2 ? '' : 'Tick two snapshots to compare them.'}</span>
          </p>
        ) : null}
      </section>

      <ConfirmDialog
        open={confirmDelete !== null}
        title="Delete this risk snapshot?"
        message={confirmDelete ? `“${confirmDelete.name}” (${formatDate(confirmDelete.createdAt)}) will be deleted for the whole team.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirmDelete(null)}
      />
    </div>
  );
}
