/**
 * A complete table on the kit, for tables of at most a few thousand rows (history, cash flow):
 * sticky header and first column inside its own scroll box, sort by any sortable column, column
 * choice, keyboard navigation, Download CSV. The breakdown (a tree) and the activity grid
 * (virtualised) compose the same parts themselves.
 */
import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { SortHeader } from './SortHeader';
import { TableToolbar } from './TableToolbar';
import { sortRows, tableCsv, type DataAttrs, type SortState, type TableColumn } from './tableModel';
import { useRovingGrid } from './useRovingGrid';
import { useTableState } from './useTableState';
import './table.css';

export interface DataTableProps<R> {
  /** Names the table's remembered column choice: one per kind of table ("history", "cash-flow"). */
  tableId: string;
  /** What the table is, for the caption and the buttons ("status history"). */
  name: string;
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  csvFileName?: string;
  /** Enter on a row. */
  onOpenRow?: (row: R) => void;
  /** Search fields and the like, in the toolbar. */
  toolbar?: ReactNode;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** Max height of the scroll box (the header sticks within it). */
  maxHeight?: string;
  /** The sort the table opens with (null: the rows' own order). */
  defaultSort?: SortState | null;
  /** Extra class names of the <table> (a page's own styles). */
  tableClassName?: string;
  /** A row's own attributes (class, aria-current, data-* that tests and scripts read). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & DataAttrs;
  /**
   * Rows rendered at first (after sorting), with "Show more" below for the rest, for tables that
   * may hold many thousand rows (a baseline comparison by activity). The CSV holds every row.
   */
  rowLimit?: number;
}

export function cellClass<R>(c: TableColumn<R>, row: R): string {
  return [c.numeric ? 'num' : '', c.code ? 'code' : '', c.className ?? '', c.cellClass?.(row) ?? ''].filter(Boolean).join(' ');
}

export function DataTable<R>({ tableId, name, columns, rows, rowKey, csvFileName, onOpenRow, toolbar, empty, maxHeight = '70vh', defaultSort = null, tableClassName, rowProps, rowLimit }: DataTableProps<R>) {
  const state = useTableState(tableId, columns, defaultSort);
  const sortCol = state.sort ? columns.find((c) => c.id === state.sort!.column) : undefined;
  const sorted = useMemo(() => (sortCol ? sortRows(rows, sortCol, state.sort!.dir) : rows), [rows, sortCol, state.sort]);
  const [shown, setShown] = useState(rowLimit ?? Infinity);
  const visibleRows = useMemo(() => (sorted.length > shown ? sorted.slice(0, shown) : sorted), [sorted, shown]);
  const ref = useRef<HTMLTableElement>(null);
  const grid = useRovingGrid(ref, { rows: visibleRows.length + 1, cols: state.visible.length, onOpenRow: onOpenRow ? (r) => onOpenRow(visibleRows[r - 1]) : undefined });
  return (
    <div className="table-kit" data-table={tableId}>
      <TableToolbar state={state} name={name} csv={() => tableCsv(state.visible, sorted)} csvFileName={csvFileName}>
        {toolbar}
      </TableToolbar>
      <div className="table-kit__scroll" style={{ maxHeight }} role="region" aria-label={name} tabIndex={-1}>
        <table ref={ref} className={`table-kit__table${tableClassName ? ` ${tableClassName}` : ''}`} role="grid" aria-rowcount={visibleRows.length + 1} onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
          <caption className="sr-only">{name}</caption>
          <thead>
            <tr>
              {state.visible.map((c, i) => (
                <SortHeader key={c.id} column={c} state={state} col={i} />
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 && empty ? (
              <tr>
                <td colSpan={state.visible.length} className="table-kit__empty">
                  {empty}
                </td>
              </tr>
            ) : null}
            {visibleRows.map((row, r) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {state.visible.map((c, i) =>
                  i === 0 ? (
                    <th key={c.id} scope="row" className={cellClass(c, row)} data-r={r + 1} data-c={i} data-col={c.id} {...c.cellData?.(row)}>
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.id} className={cellClass(c, row)} data-r={r + 1} data-c={i} data-col={c.id} {...c.cellData?.(row)}>
                      {c.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > visibleRows.length && rowLimit ? (
        <button type="button" className="btn btn-outline btn-sm table-kit__more" onClick={() => setShown((n) => n + rowLimit)}>
          Show {Math.min(rowLimit, sorted.length - visibleRows.length).toLocaleString('en-GB')} more of {(sorted.length - visibleRows.length).toLocaleString('en-GB')}
        </button>
      ) : null}
    </div>
  );
}
