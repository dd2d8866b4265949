/** Notes a reader or the analysis left about the input, collapsed under a count, each with where it applies. */
export function WarningList({
  warnings,
  one = 'warning',
  many = 'warnings',
  open,
}: {
  warnings: readonly (string | { message: string; where?: string })[];
  /** The summary's noun for one item and for several ("note from the import", "notes from the import"). */
  one?: string;
  many?: string;
  open?: boolean;
}) {
  if (warnings.length === 0) return null;
  const shown = warnings.slice(0, 200);
  return (
    <details className="warnings" open={open}>
      <summary>
        {warnings.length} {warnings.length === 1 ? one : many}
      </summary>
      <ul>
        {shown.map((w, k) => {
          const item = typeof w === 'string' ? { message: w } : w;
          return (
            <li key={k}>
              {item.where ? <span className="where">{item.where}: </span> : null}
              {item.message}
            </li>
          );
        })}
        {warnings.length > shown.length ? <li>…and {(warnings.length - shown.length).toLocaleString('en-GB')} more.</li> : null}
      </ul>
    </details>
  );
}
