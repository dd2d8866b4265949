/** The analysis' "Check the input" notes (what the engine found questionable in the schedule), shown above the figures. */
export function InputWarnings({ warnings }: { warnings: readonly string[] }) {
  if (!warnings.length) return null;
  return (
    <div className="dashboard-view__warnings" role="note" aria-label="Input warnings">
      <p className="dashboard-view__warnings-title">Check the input</p>
      <ul>
        {warnings.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
    </div>
  );
}
