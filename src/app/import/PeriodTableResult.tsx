import { Dashboard } from '../dashboard/components';
import type { ImportOutcome } from '../../local/contracts';

/**
 * A period table's results, straight after the mapping: the same dashboard as a schedule's. The
 * user can go back to the mapping and see it change, and keep the table as a project.
 */
export function PeriodTableResult(props: {
  fileName: string;
  outcome: Extract<ImportOutcome, { kind: 'period-table' }>;
  onEditMapping: () => void;
  onSave: () => void;
  onDone: () => void;
}) {
  return (
    <div className="import-summary">
      <div className="card">
        <h2 title={props.fileName}>{props.fileName}</h2>
        <p className="muted">
          A period table of {props.outcome.table.rows.length} periods, values {props.outcome.table.valuesAre === 'cumulative' ? 'cumulative' : 'per period'}. Check the figures, then keep it as a
          project on this device.
        </p>
        <div className="app-toolbar">
          <button type="button" className="btn btn-primary" onClick={props.onSave}>
            Save as a project
          </button>
          <button type="button" className="btn btn-outline" onClick={props.onEditMapping}>
            Change the column mapping
          </button>
          <button type="button" className="btn btn-ghost" onClick={props.onDone}>
            Import another file
          </button>
        </div>
      </div>
      <Dashboard data={props.outcome.dashboard} />
    </div>
  );
}
