/**
 * "Download CSV": the button every table and list of the app offers (issue 14 "CSV of any table").
 * The CSV is built when pressed (it may come from the worker); a failure says so beside the button.
 */
import { useState } from 'react';
import { downloadText } from './download';

export interface DownloadCsvButtonProps {
  csv: () => string | Promise<string>;
  fileName: string;
  /** What the CSV holds, for the accessible name: "Download CSV of the <name>". */
  name: string;
  /** The visible text, when one page has two CSVs to tell apart (default "Download CSV"). */
  label?: string;
  className?: string;
}

export function DownloadCsvButton({ csv, fileName, name, label = 'Download CSV', className }: DownloadCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={`btn btn-outline btn-sm${className ? ` ${className}` : ''}`}
        disabled={busy}
        aria-label={`Download CSV of the ${name}`}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            downloadText(await csv(), fileName);
          } catch (e) {
            setError(`The CSV could not be made: ${(e as Error).message}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Preparing CSV…' : label}
      </button>
      {error ? (
        <p role="alert" className="table-kit__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
