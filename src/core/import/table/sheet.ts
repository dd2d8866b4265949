/**
 * A table as the readers hand it to the mapper: a name and a grid of cells. Row `i` of `rows` is
 * spreadsheet row `i + 1` and column `j` is column letter `columnLetter(j)`, so every message can
 * point at the cell the user sees in Excel ("Sheet1!F14").
 *
 * Cells hold plain values only (no formats, no formulas): text, numbers, booleans, and dates. The
 * workbook reader turns date-formatted cells into `YYYY-MM-DDTHH:mm` text (always with the time,
 * so they can be told from a date typed as text); `Date` objects are accepted from other callers
 * and read by their local wall-clock fields.
 */
export type CellValue = string | number | boolean | Date | null;

export interface CellRange {
  /** First row and column (0-based, inclusive). */
  s: { r: number; c: number };
  /** Last row and column (0-based, inclusive). */
  e: { r: number; c: number };
}

export interface Sheet {
  name: string;
  rows: CellValue[][];
  /** Merged cell ranges (workbooks only): group headers over several columns. */
  merges?: CellRange[];
  /** The workbook hides this sheet (lookup lists, macros' scratch sheets). */
  hidden?: boolean;
}

/** `0 → A`, `25 → Z`, `26 → AA`. */
export function columnLetter(col: number): string {
  let s = '';
  let n = col + 1;
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Spreadsheet address of a 0-based cell: `(2, 6) → "C7"`. */
export function cellAddress(col: number, row: number): string {
  return `${columnLetter(col)}${row + 1}`;
}

/** `Sheet1!C7`, quoting sheet names with spaces the way Excel does. */
export function cellRef(sheetName: string, col: number, row: number): string {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheetName) ? sheetName : `'${sheetName.replace(/'/g, "''")}'`;
  return `${name}!${cellAddress(col, row)}`;
}

/** True for null, undefined, and text that is only whitespace. */
export function isBlank(v: CellValue | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** A cell as display text (dates as `YYYY-MM-DD HH:mm`). */
export function cellText(v: CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())} ${pad(v.getHours())}:${pad(v.getMinutes())}`;
}

/** Text for a message: trimmed, shortened, in single quotes. Huge cells must not flood a warning list. */
export function quoted(v: CellValue | string | undefined, max = 40): string {
  const t = (typeof v === 'string' ? v : cellText(v)).replace(/\s+/g, ' ').trim();
  return `'${t.length > max ? `${t.slice(0, max - 1)}…` : t}'`;
}

/** Number of columns: the longest row. */
export function sheetWidth(rows: readonly (readonly CellValue[] | undefined)[]): number {
  let w = 0;
  for (const r of rows) if (r && r.length > w) w = r.length;
  return w;
}

/**
 * The rows of a sheet with no missing rows: callers may build sheets by hand with holes
 * (`rows[5] = [...]`), and every reader here indexes rows directly.
 */
export function denseRows(sheet: Sheet): CellValue[][] {
  const rows = sheet.rows;
  for (let i = 0; i < rows.length; i++) if (!Array.isArray(rows[i])) return Array.from(rows, (r) => (Array.isArray(r) ? r : []));
  return rows;
}
