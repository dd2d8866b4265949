import type { ImportProgress } from '../../core/import';
import type { SaveProgress } from '../../local/contracts';

const mb = (n: number) => (n / 1048576).toFixed(n < 10 * 1048576 ? 1 : 0);

const PHASE: Record<ImportProgress['phase'], string> = {
  reading: 'Reading',
  parsing: 'Reading records',
  building: 'Building the schedule',
  done: 'Finishing',
};

/** The fraction of a save done: each schedule of the file an equal share, its documents written within it. */
export function saveFraction(p: SaveProgress | null): number | null {
  if (!p) return null;
  if (p.phase === 'analysing') return 1;
  const within = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  return (p.schedule - 1 + within) / Math.max(1, p.schedules);
}

/** The line under the bar while saving: what is being done, and how far it has got. */
export function saveStatus(p: SaveProgress | null): string {
  if (!p) return 'Preparing the save...';
  const of = p.schedules > 1 ? ` (project ${p.schedule} of ${p.schedules})` : '';
  if (p.phase === 'analysing') return 'Saved. Computing the dashboard...';
  return `Saving to this device${of}: ${p.done.toLocaleString('en-GB')} of ${p.total.toLocaleString('en-GB')} parts written`;
}

type Props =
  /** Reading the file in the import worker: bytes and records read, with a way out. */
  | { file: File; progress: ImportProgress | null; onCancel: () => void }
  /** Saving what was read: documents written to this device, then the first dashboard. */
  | { file: File; saving: SaveProgress | null };

/** Progress of an import: reading the file (cancellable), then saving it. */
export function ImportProgressBar(props: Props) {
  const { file } = props;
  if ('saving' in props) {
    const fraction = saveFraction(props.saving);
    return (
      <div className="card import-progress" data-testid="save-progress">
        <h2 title={file.name}>Saving {file.name}</h2>
        <progress max={1} value={fraction ?? undefined} aria-label={`Saving ${file.name}`} />
        <p className="muted" role="status" aria-live="polite">
          {saveStatus(props.saving)}
        </p>
      </div>
    );
  }
  const { progress, onCancel } = props;
  const fraction = progress && progress.totalBytes > 0 ? Math.min(1, progress.bytesRead / progress.totalBytes) : null;
  return (
    <div className="card import-progress">
      <h2 title={file.name}>Reading {file.name}</h2>
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
