import type { ImportProgress } from '../../core/import';

const mb = (n: number) => (n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0);

const PHASE: Record<ImportProgress['phase'], string> = {
  reading: 'Reading',
  parsing: 'Reading records',
  building: 'Building the schedule',
  done: 'Finishing',
};

/** Progress of the import worker: bytes and records read, with a way out. */
export function ImportProgressBar({ file, progress, onCancel }: { file: File; progress: ImportProgress | null; onCancel: () => void }) {
  const fraction = progress && progress.totalBytes > 0 ? Math.min(1, progress.bytesRead / progress.totalBytes) : null;
  return (
    <div className="card import-progress">
      <h2>Reading {file.name}</h2>
      <progress max={1} value={fraction ?? undefined} aria-label={`Reading ${file.name}`} />
      <p className="muted" aria-live="polite">
        {progress
          ? `${PHASE[progress.phase]}: ${mb(progress.bytesRead)} of ${mb(progress.totalBytes)} MB${progress.rows ? `, ${progress.rows.toLocaleString('en-GB')} records` : ''}`
          : `Starting (${mb(file.size)} MB)...`}
      </p>
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
