/**
 * The table kit's logic, without React or the DOM (tests/web/table/tableModel.test.ts): columns,
 * sorting, which columns show (remembered per table on this device), and the CSV of what a table
 * holds. Every table of the app (breakdown, activities, cash flow, history) is built on it.
 */
import type { ReactNode } from 'react';
import { toCsv, type CsvCell } from '../../core/report/csv';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  column: string;
  dir: SortDir;
}

/** A value a column sorts by: text, a number, or blank (sorts last in either direction). */
export type SortValue = string | number | null | undefined;

export interface TableColumn<R> {
  id: string;
  /** Header text, and the CSV header. */
  label: string;
  /** The full name, when `label` is an abbreviation (CPI → cost performance index). */
  title?: string;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** Holds codes or IDs: never broken across lines. */
  code?: boolean;
  /** The value the column sorts by; absent: not sortable. */
  sortValue?: (row: R) => SortValue;
  /** The cell in the CSV (numbers unformatted); absent: not in the CSV. */
  csvValue?: (row: R) => CsvCell;
  /** The cell on screen. */
  render: (row: R) => ReactNode;
  /** Shown only once chosen in the Columns menu. */
  defaultHidden?: boolean;
  /** Always shown (the first column, which names the row). */
  required?: boolean;
  /** Extra class names for the header and the cells (widths, alignment). */
  className?: string;
  /** A class for one cell (colour by status). */
  cellClass?: (row: R) => string | undefined;
  /** data-* attributes of one cell (the unrounded value tests and scripts read, a blank marker). */
  cellData?: (row: R) => DataAttrs;
}

/** `data-*` attributes for a row or a cell; undefined leaves the attribute out. */
export type DataAttrs = { [name: `data-${string}`]: string | number | undefined };

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const blank = (v: SortValue): v is null | undefined | '' => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** Ascending order of two values; blanks are not compared here (see sortRows). Codes compare naturally: A2 < A10. */
export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** `rows` sorted by `column` (stable: equal values keep their order; blanks last either way). */
export function sortRows<R>(rows: readonly R[], column: TableColumn<R> | undefined, dir: SortDir): R[] {
  if (!column?.sortValue) return rows.slice();
  const pick = column.sortValue;
  const keyed = rows.map((row, i) => ({ row, i, v: pick(row) }));
  const sign = dir === 'desc' ? -1 : 1;
  keyed.sort((x, y) => {
    const bx = blank(x.v);
    const by = blank(y.v);
    if (bx || by) return bx === by ? x.i - y.i : bx ? 1 : -1;
    const d = compareValues(x.v as string | number, y.v as string | number);
    return d === 0 ? x.i - y.i : d * sign;
  });
  return keyed.map((k) => k.row);
}

/** A header click: unsorted → ascending → descending → unsorted (the table's own order). */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (!current || current.column !== column) return { column, dir: 'asc' };
  if (current.dir === 'asc') return { column, dir: 'desc' };
  return null;
}

export function ariaSortOf(sort: SortState | null, column: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.column !== column) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}

// --- column choice, remembered per table on this device ----------------------------------------

/** What is remembered: the hidden columns, and every column the table had then (so a column added later shows its default). */
export interface ColumnPrefs {
  hidden: string[];
  known: string[];
}

export const PREFS_PREFIX = 'earnest:table:';

/** The columns hidden now: the remembered choice for columns known then, the defaults for the rest. */
export function hiddenColumns<R>(columns: readonly TableColumn<R>[], prefs: ColumnPrefs | null): Set<string> {
  const out = new Set<string>();
  for (const c of columns) {
    if (c.required) continue;
    const remembered = prefs?.known.includes(c.id);
    if (remembered ? prefs!.hidden.includes(c.id) : c.defaultHidden) out.add(c.id);
  }
  return out;
}

export function visibleColumns<R>(columns: readonly TableColumn<R>[], hidden: ReadonlySet<string>): TableColumn<R>[] {
  return columns.filter((c) => c.required || !hidden.has(c.id));
}

/** Reads a table's remembered choice; anything unreadable counts as none. */
export function readPrefs(storage: Pick<Storage, 'getItem'> | null, tableId: string): ColumnPrefs | null {
  try {
    const raw = storage?.getItem(PREFS_PREFIX + tableId);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ColumnPrefs>;
    if (!Array.isArray(v.hidden) || !Array.isArray(v.known)) return null;
    return { hidden: v.hidden.filter((x) => typeof x === 'string'), known: v.known.filter((x) => typeof x === 'string') };
  } catch {
    return null;
  }
}

/** Remembers a choice; a storage that refuses (private mode, full) only costs the memory. */
export function writePrefs<R>(storage: Pick<Storage, 'setItem'> | null, tableId: string, columns: readonly TableColumn<R>[], hidden: ReadonlySet<string>): void {
  const prefs: ColumnPrefs = { hidden: columns.filter((c) => hidden.has(c.id)).map((c) => c.id), known: columns.map((c) => c.id) };
  try {
    storage?.setItem(PREFS_PREFIX + tableId, JSON.stringify(prefs));
  } catch {
    /* not remembered */
  }
}

/** The CSV of rows under the columns given (those with a csvValue), in that order. */
export function tableCsv<R>(columns: readonly TableColumn<R>[], rows: readonly R[], extra?: { header: string[]; cells: (row: R) => CsvCell[] }): string {
  const cols = columns.filter((c) => c.csvValue);
  const header = [...(extra?.header ?? []), ...cols.map((c) => c.label)];
  return toCsv(
    header,
    rows.map((r) => [...(extra ? extra.cells(r) : []), ...cols.map((c) => c.csvValue!(r))]),
  );
}

// --- keyboard ----------------------------------------------------------------------------------

export interface CellPos {
  /** 0 is the header row; body rows from 1. */
  row: number;
  col: number;
}

/** Rows a Page Up / Page Down moves. */
export const PAGE_ROWS = 10;

/**
 * Where a key moves the active cell (the ARIA grid pattern): arrows by one, Home/End to the row's
 * first/last cell, Ctrl+Home/End to the first/last row, Page Up/Down by PAGE_ROWS; null for any
 * other key. `rows` counts the header row.
 */
export function moveCell(pos: CellPos, key: string, ctrl: boolean, rows: number, cols: number): CellPos | null {
  const clampRow = (r: number) => Math.max(0, Math.min(rows - 1, r));
  const clampCol = (c: number) => Math.max(0, Math.min(cols - 1, c));
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(pos.row - 1), col: pos.col };
    case 'ArrowDown':
      return { row: clampRow(pos.row + 1), col: pos.col };
    case 'ArrowLeft':
      return { row: pos.row, col: clampCol(pos.col - 1) };
    case 'ArrowRight':
      return { row: pos.row, col: clampCol(pos.col + 1) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: pos.row, col: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : { row: pos.row, col: cols - 1 };
    case 'PageUp':
      return { row: clampRow(pos.row - PAGE_ROWS), col: pos.col };
    case 'PageDown':
      return { row: clampRow(pos.row + PAGE_ROWS), col: pos.col };
    default:
      return null;
  }
}
