import { useState } from 'react';
import type { TableChoice } from '../../core/import';
import { FIELDS, MAPPING_FIELDS, type ColumnProposal, type MappingField, type TableKind } from '../../core/import/table';
import type { ImportOutcome } from '../../local/contracts';

type TableOutcome = Extract<ImportOutcome, { kind: 'needs-mapping' | 'period-table' }>;

const pct = (x: number) => `${Math.round(x * 100)}%`;

function confidenceClass(c: ColumnProposal): string {
  if (c.field === null) return 'confidence';
  if (c.confidence >= 0.85) return 'confidence confidence--high';
  if (c.confidence < 0.65) return 'confidence confidence--low';
  return 'confidence';
}

/**
 * The column mapper's proposal, for the user to check and correct before anything is imported:
 * each column's suggested field with its confidence and reason, the first rows, and for period
 * tables whether values are cumulative or per period (always stated, never assumed).
 */
export function MappingReview(props: {
  fileName: string;
  outcome: TableOutcome;
  remembered: boolean;
  choice: TableChoice;
  onChange: (choice: TableChoice) => void;
  onConfirm: (choice: TableChoice) => void;
  onCancel: () => void;
}) {
  const { proposal, preview } = props.outcome;
  const [cumulative, setCumulative] = useState<boolean | null>(props.choice.cumulative ?? (proposal.valuesAre ? proposal.valuesAre === 'cumulative' : null));
  const fields = MAPPING_FIELDS.filter((f) => FIELDS[f].tables.includes(proposal.kind));
  const mapped = proposal.columns.filter((c) => c.field !== null).length;
  // Unsure which kind of table this is: the user says, before anything is built.
  const unsure = proposal.otherReading !== undefined && props.choice.kind === undefined;
  const readings = [{ kind: proposal.kind, reason: proposal.kindReason }, ...(proposal.otherReading ? [proposal.otherReading] : [])];

  function setKind(kind: TableKind) {
    // Corrections belong to one kind's fields: a new reading starts from the mapper's proposal.
    props.onChange({ sheet: preview.sheet, kind, cumulative: cumulative ?? undefined });
  }

  function setField(col: ColumnProposal, value: string) {
    const corrections = { ...(props.choice.corrections ?? {}), [col.header]: value === '' ? null : value };
    // A change is reviewed again, never built straight away.
    props.onChange({ ...props.choice, confirmed: undefined, sheet: preview.sheet, corrections, cumulative: cumulative ?? undefined });
  }

  const needsCumulative = !unsure && proposal.kind === 'periods' && cumulative === null;
  return (
    <div className="import-summary mapping-review">
      <div className="card">
        <h2 title={props.fileName}>Check the columns of {props.fileName}</h2>
        {unsure ? (
          <div className="notice" role="status">
            <p>The columns do not say whether this is a period table or an activity list. Choose how to read it:</p>
            <ul>
              {readings.map((r) => (
                <li key={r.kind}>
                  <strong>{r.kind === 'periods' ? 'As a period table' : 'As an activity list'}:</strong> {r.reason}.
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>
            This looks like {proposal.kind === 'periods' ? 'a period table (one row per period)' : 'an activity list (one row per activity)'}: {proposal.kindReason}.{' '}
            {mapped} of {proposal.columns.length} columns are mapped. Change any that are wrong; your corrections are remembered for files with the same columns.
          </p>
        )}
        <fieldset className="field table-kind">
          <legend>Read this table as</legend>
          <label className="check">
            <input type="radio" name="table-kind" checked={!unsure && proposal.kind === 'periods'} onChange={() => setKind('periods')} /> a period table (PV, EV and AC per period)
          </label>
          <label className="check">
            <input type="radio" name="table-kind" checked={!unsure && proposal.kind === 'activities'} onChange={() => setKind('activities')} /> an activity list (one row per activity)
          </label>
        </fieldset>
        {props.remembered ? <p className="notice">Your corrections from a file with the same columns have been applied.</p> : null}
        {preview.sheetNames.length > 1 ? (
          <label className="field">
            <span>Sheet</span>
            <select className="input" value={preview.sheet} onChange={(e) => props.onChange({ sheet: Number(e.target.value) })}>
              {preview.sheetNames.map((n, i) => (
                <option key={n + i} value={i}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {proposal.kind === 'periods' ? (
          <fieldset className="field values-are">
            <legend>The PV, EV and AC values are</legend>
            <label className="check">
              <input type="radio" name="values-are" checked={cumulative === true} onChange={() => setCumulative(true)} /> cumulative (running totals)
            </label>
            <label className="check">
              <input type="radio" name="values-are" checked={cumulative === false} onChange={() => setCumulative(false)} /> per period (this period only)
            </label>
            {proposal.valuesAreReason ? <span className="muted">Suggested because {proposal.valuesAreReason}.</span> : null}
          </fieldset>
        ) : null}
        <p className="muted">
          Numeric dates are read {proposal.dateOrder === 'dmy' ? 'day first (31/03/2025)' : proposal.dateOrder === 'mdy' ? 'month first (03/31/2025)' : 'as written'}: {proposal.dateOrderReason}.
        </p>
      </div>
      <div className="mapping-table-wrap">
        <table className="mapping-table">
          <thead>
            <tr>
              {proposal.columns.map((c) => (
                <th key={c.index} scope="col">
                  <div>{c.header || `(column ${c.index + 1})`}</div>
                  <label className="sr-only" htmlFor={`map-${c.index}`}>
                    Field for column {c.header}
                  </label>
                  <select id={`map-${c.index}`} data-testid={`map-${c.header}`} className="input" value={c.field ?? ''} onChange={(e) => setField(c, e.target.value)}>
                    <option value="">Ignore this column</option>
                    {orderedFields(c, fields).map((f) => (
                      <option key={f} value={f}>
                        {FIELDS[f].label}
                      </option>
                    ))}
                  </select>
                  <div>
                    <span className={confidenceClass(c)}>{c.field === null ? 'not mapped' : c.source === 'correction' ? 'your choice' : `${pct(c.confidence)} sure`}</span>
                  </div>
                  <span className="mapping-reason">{c.reason}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r, i) => (
              <tr key={i}>
                {proposal.columns.map((c) => (
                  <td key={c.index}>{r[c.index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Showing {preview.rows.length} of {preview.rowCount.toLocaleString('en-GB')} rows.
      </p>
      <div className="app-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={needsCumulative || unsure}
          onClick={() => props.onConfirm({ ...props.choice, sheet: preview.sheet, kind: props.choice.kind ?? proposal.kind, cumulative: cumulative ?? undefined })}
        >
          {proposal.kind === 'periods' ? 'Analyse this table' : 'Import with these columns'}
        </button>
        {unsure ? <span className="muted">Choose how to read the table first.</span> : needsCumulative ? <span className="muted">Say whether the values are cumulative or per period first.</span> : null}
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The column's alternatives first, then every other field of this table kind. */
function orderedFields(c: ColumnProposal, fields: readonly MappingField[]): MappingField[] {
  const first = [c.field, ...c.alternatives.map((a) => a.field)].filter((f): f is MappingField => f !== null && fields.includes(f));
  const seen = new Set(first);
  return [...new Set(first), ...fields.filter((f) => !seen.has(f))];
}
