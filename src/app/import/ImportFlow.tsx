import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as Comlink from 'comlink';
import { dataApi, stageSchedules } from '../../client/data';
import { startImport, ImportJobError, type ImportJob } from '../../client/importer';
import type { ImportProgress, TableChoice } from '../../core/import';
import type { PeriodTable } from '../../core/evm/periodTable';
import type { ImportOutcome, PendingSchedule, SaveProgress } from '../../local/contracts';
import { DropZone } from './DropZone';
import { ImportProgressBar } from './ImportProgressBar';
import { ImportSummary, type Target } from './ImportSummary';
import { MappingReview } from './MappingReview';
import { PeriodTableResult } from './PeriodTableResult';
import '../app.css';

type TableOutcome = Extract<ImportOutcome, { kind: 'needs-mapping' | 'period-table' }>;

type Step =
  | { kind: 'pick' }
  | { kind: 'reading'; file: File; progress: ImportProgress | null }
  | { kind: 'mapping'; file: File; outcome: TableOutcome; remembered: boolean; choice: TableChoice }
  | { kind: 'period-table'; file: File; outcome: Extract<ImportOutcome, { kind: 'period-table' }>; choice: TableChoice }
  | { kind: 'staged'; file: File; pendingId: string; schedules: PendingSchedule[]; label: string; note?: string }
  | { kind: 'saving'; file: File; progress: SaveProgress | null }
  | { kind: 'error'; file: File | null; message: string; where?: string };

/**
 * The import itself, from the drop zone to the save: on /app/import, and on an empty project's page
 * (ProjectLayout.tsx), where `intoProject` makes the file that project's first status. `onSaved`: the
 * save opened the page already on screen (the empty project's own), which must read itself again.
 */
export function ImportFlow({ intoProject, onSaved }: { intoProject: string | null; onSaved?: () => void }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const job = useRef<ImportJob | null>(null);
  // The schedules waiting in the data worker for the user's decision: let go of when they leave.
  const staged = useRef<string | null>(null);
  const mounted = useRef(true);
  const release = () => {
    if (staged.current) void dataApi().discard(staged.current);
    staged.current = null;
  };

  // Leaving the page cancels a read in progress and drops staged schedules (100k activities hold
  // hundreds of MB in the data worker until then).

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      job.current?.cancel();
      release();
    };
  }, []);

  /** `remembered`: the corrections in `table` were recalled for this header layout, not made just now. */
  function read(file: File, table?: TableChoice, remembered = false) {
    setStep({ kind: 'reading', file, progress: null });
    const j = startImport(file, { table, onProgress: (p) => setStep((s) => (s.kind === 'reading' && s.file === file ? { ...s, progress: p } : s)) });
    job.current = j;
    j.result.then(
      async (outcome) => {
        if (job.current !== j) return;
        job.current = null;
        if (outcome.kind === 'schedules') {
          release();
          const result = await stageSchedules(outcome.schedulesJson, { fileName: file.name, format: outcome.detectionLabel, fileSize: file.size });
          // Left while the data worker was staging it: nobody will save it.
          if (!mounted.current) {
            void dataApi().discard(result.pendingId);
            return;
          }
          staged.current = result.pendingId;
          setStep({ kind: 'staged', file, pendingId: result.pendingId, schedules: result.schedules, label: outcome.detectionLabel, note: outcome.note });
        } else if (outcome.kind === 'period-table') {
          setStep({ kind: 'period-table', file, outcome, choice: table ?? {} });
        } else {
          // A table: use the corrections remembered for the same columns, if any, once.
          const recalled = table ? null : await dataApi().recallMapping(outcome.preview.signature);
          if (recalled && Object.keys(recalled).length > 0) {
            read(file, { corrections: recalled, sheet: outcome.preview.sheet }, true);
            return;
          }
          setStep({ kind: 'mapping', file, outcome, remembered, choice: table ?? {} });
        }
      },
      (e: unknown) => {
        if (job.current !== j) return;
        job.current = null;
        if (e instanceof ImportJobError && e.reason === 'cancelled') setStep({ kind: 'pick' });
        else setStep({ kind: 'error', file, message: (e as Error).message, where: e instanceof ImportJobError ? e.where : undefined });
      },
    );
  }

  async function save(pendingId: string, targets: Target[]) {
    const file = step.kind === 'staged' ? step.file : null;
    setStep({ kind: 'saving', file: file as File, progress: null });
    // The data worker takes the staged schedules now, whether the save succeeds or not.
    staged.current = null;
    const onProgress = (progress: SaveProgress) => setStep((s) => (s.kind === 'saving' ? { ...s, progress } : s));
    try {
      const saved = await dataApi().commit(pendingId, targets, Comlink.proxy(onProgress));
      navigate(`/app/projects/${encodeURIComponent(saved[0].projectId)}`);
      onSaved?.();
    } catch (e) {
      // The message says what was saved, if anything (a file can hold several projects).
      setStep({ kind: 'error', file, message: (e as Error).message });
    }
  }

  async function savePeriodTable(file: File, table: PeriodTable) {
    setStep({ kind: 'saving', file, progress: null });
    try {
      const saved = await dataApi().savePeriodTable(table, { fileName: file.name, projectId: intoProject ?? undefined });
      navigate(`/app/projects/${encodeURIComponent(saved.projectId)}`);
      onSaved?.();
    } catch (e) {
      setStep({ kind: 'error', file, message: `Nothing was saved: ${(e as Error).message}` });
    }
  }

  async function confirmMapping(file: File, choice: TableChoice, signature: string) {
    if (choice.corrections && Object.keys(choice.corrections).length > 0) await dataApi().rememberMapping(signature, choice.corrections);
    read(file, { ...choice, confirmed: true });
  }

  return (
    <>
      {step.kind === 'pick' ? <DropZone onFile={(f) => read(f)} /> : null}
      {step.kind === 'reading' ? <ImportProgressBar file={step.file} progress={step.progress} onCancel={() => job.current?.cancel()} /> : null}
      {step.kind === 'mapping' ? (
        <MappingReview
          key={step.outcome.preview.signature + JSON.stringify(step.choice)}
          fileName={step.file.name}
          outcome={step.outcome}
          remembered={step.remembered}
          choice={step.choice}
          onChange={(choice) => read(step.file, choice)}
          onConfirm={(choice) => confirmMapping(step.file, choice, step.outcome.preview.signature)}
          onCancel={() => setStep({ kind: 'pick' })}
        />
      ) : null}
      {step.kind === 'period-table' ? (
        <PeriodTableResult
          fileName={step.file.name}
          outcome={step.outcome}
          onEditMapping={() => read(step.file, { ...step.choice, confirmed: false })}
          onSave={() => savePeriodTable(step.file, step.outcome.table)}
          onDone={() => setStep({ kind: 'pick' })}
        />
      ) : null}
      {step.kind === 'staged' ? (
        <ImportSummary
          fileName={step.file.name}
          label={step.label}
          note={step.note}
          schedules={step.schedules}
          intoProject={intoProject}
          onSave={(targets) => save(step.pendingId, targets)}
          onCancel={() => {
            release();
            setStep({ kind: 'pick' });
          }}
        />
      ) : null}
      {step.kind === 'saving' ? <ImportProgressBar file={step.file} saving={step.progress} /> : null}
      {step.kind === 'error' ? (
        <div className="card import-error" role="alert">
          <h2 title={step.file?.name}>{step.file ? `${step.file.name} could not be imported` : 'The import failed'}</h2>
          <p>{step.message}</p>
          {step.where ? <p className="muted">Where: {step.where}</p> : null}
          <p className="muted">Nothing already stored was changed.</p>
          <div className="app-toolbar">
            <button className="btn btn-primary" type="button" onClick={() => setStep({ kind: 'pick' })}>
              Try another file
            </button>
            <Link className="btn btn-ghost" to="/app">
              Back to projects
            </Link>
          </div>
        </div>
      ) : null}
    </>
  );
}
