/**
 * The parts every row table of the risk setup shares (rules, correlation groups, the risk
 * register): a row's Remove cell, and under the table the messages of rows that cannot be used
 * yet with the button that adds a row.
 */
export function RemoveCell({ canWrite, onRemove }: { canWrite: boolean; onRemove(): void }) {
  return (
    <td>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!canWrite} onClick={onRemove}>
        Remove
      </button>
    </td>
  );
}

export function ProblemsAndAdd({ problems, canWrite, addLabel, onAdd }: { problems: readonly (string | null)[]; canWrite: boolean; addLabel: string; onAdd(): void }) {
  const shown = problems.filter((p): p is string => Boolean(p));
  return (
    <>
      {shown.length > 0 ? (
        <ul className="field-error" role="alert">
          {shown.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
    </>
  );
}
