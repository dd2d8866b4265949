/**
 * Above every table: what the page adds (search, expand all), the Columns menu and Download CSV.
 * The menu is a disclosure (a button and a list of checkboxes), closed by Escape or a click away.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DownloadCsvButton } from './DownloadCsvButton';
import type { TableState } from './useTableState';

export interface TableToolbarProps<R> {
  state: TableState<R>;
  /** The table's CSV (built when the button is pressed; may be async, e.g. rows from the worker). */
  csv?: () => string | Promise<string>;
  csvFileName?: string;
  /** The table's name, for the buttons' accessible names ("Columns of the breakdown"). */
  name: string;
  children?: ReactNode;
}

export function TableToolbar<R>({ state, csv, csvFileName, name, children }: TableToolbarProps<R>) {
  return (
    <div className="table-kit__bar">
      {children ? <div className="table-kit__bar-own">{children}</div> : null}
      <div className="table-kit__bar-kit">
        <ColumnsMenu state={state} name={name} />
        {csv ? <DownloadCsvButton csv={csv} fileName={csvFileName ?? 'table.csv'} name={name} /> : null}
      </div>
    </div>
  );
}

function ColumnsMenu<R>({ state, name }: { state: TableState<R>; name: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const choosable = state.columns.filter((c) => !c.required);
  return (
    <div
      className="table-kit__columns"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="btn btn-outline btn-sm" aria-expanded={open} aria-controls={id} aria-label={`Columns of the ${name}`} onClick={() => setOpen((o) => !o)}>
        Columns ({state.visible.length}/{state.columns.length})
      </button>
      {open ? (
        <div id={id} className="table-kit__menu" role="group" aria-label={`Columns shown in the ${name}`}>
          <ul>
            {choosable.map((c) => (
              <li key={c.id}>
                <label>
                  <input type="checkbox" checked={!state.hidden.has(c.id)} onChange={(e) => state.setShown(c.id, e.target.checked)} />
                  <span>
                    {c.label}
                    {c.title && c.title !== c.label ? <span className="muted"> · {c.title}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-sm" onClick={state.resetColumns}>
            Default columns
          </button>
        </div>
      ) : null}
    </div>
  );
}
