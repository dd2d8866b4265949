/** A column header: its label (with the full name for an abbreviation) and, when it sorts, the sort button and aria-sort. */
import type { ReactNode } from 'react';
import { ariaSortOf, type TableColumn } from './tableModel';
import type { TableState } from './useTableState';

const ARROWS = { ascending: '▲', descending: '▼', none: '↕' } as const;

export function SortHeader<R>({ column, state, col, className, children }: { column: TableColumn<R>; state: TableState<R>; col: number; className?: string; children?: ReactNode }) {
  const sort = ariaSortOf(state.sort, column.id);
  const label = column.title && column.title !== column.label ? <abbr title={column.title}>{column.label}</abbr> : column.label;
  const cls = ['table-kit__th', column.numeric ? 'num' : '', column.code ? 'code' : '', column.className ?? '', className ?? ''].filter(Boolean).join(' ');
  return (
    <th scope="col" className={cls} aria-sort={column.sortValue ? sort : undefined} data-r={0} data-c={col} data-col={column.id}>
      {column.sortValue ? (
        <button type="button" className="table-kit__sort" onClick={() => state.cycleSort(column.id)} title={`Sort by ${column.title ?? column.label}`}>
          {label}
          <span className={`table-kit__arrow${sort === 'none' ? ' table-kit__arrow--idle' : ''}`} aria-hidden="true">
            {ARROWS[sort]}
          </span>
        </button>
      ) : (
        label
      )}
      {children}
    </th>
  );
}
