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
  /**
   * The rows are the lines of a text file (CSV): messages name a line and a column letter
   * ("line 4, column C"), not a cell of a sheet the user never saw.
   */
  fromText?: boolean;
  /** A wide table turned round (./wide.ts): where each cell of this sheet came from. */
  turned?: TurnedOrigin;
}

/**
 * Where the cells of a turned sheet are in the table as the user wrote it. Row `r ≥ 1` of the
 * turned sheet is column `cols[r]` of the original (a period); column `c ≥ 1` is the original
 * rows `rows[c]` (one measure; several when rows of control accounts were added together).
 */
export interface TurnedOrigin {
  /** The original sheet's name. */
  name: string;
  /** Per turned row: the original column index (-1 for the header row). */
  cols: number[];
  /** Per turned row: the original column's period label, as written. */
  colLabels: string[];
  /** Per turned column: the original row indexes (empty for the period column). */
  rows: number[][];
  /** Per turned column: the original rows' label, as written. */
  rowLabels: string[];
  /** What turning did that the results should say (left-out totals, rows added together). */
  notes: string[];
  /** `"row:col"` of a turned cell summed from several rows → the original row of its unreadable value. */
  cellRow?: Record<string, number>;
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

/**
 * Where a cell is, for messages: `text` for the user ("line 4, column C ('EV')", "Sheet1!C4",
 * "row 3 (EV), column F (Mar 2025)") and `where` for the error's location field. `header` is the
 * cell's column header, named in CSV places (a workbook message names it itself).
 */
export function placeOf(sheet: Sheet, col: number, row: number, header?: string): { text: string; where: string } {
  const t = sheet.turned;
  if (t) {
    const oCol = t.cols[row] ?? col;
    const oRows = t.rows[col] ?? [];
    const oRow = t.cellRow?.[`${row}:${col}`] ?? oRows[0] ?? row;
    const rowPart = `${sheet.fromText ? 'line' : 'row'} ${oRow + 1}${t.rowLabels[col] ? ` (${t.rowLabels[col]})` : ''}`;
    const colPart = `column ${columnLetter(oCol)}${t.colLabels[row] ? ` (${t.colLabels[row]})` : ''}`;
    const where = sheet.fromText ? `line ${oRow + 1}, column ${columnLetter(oCol)}` : cellRef(t.name, oCol, oRow);
    return { text: sheet.fromText ? `${rowPart}, ${colPart}` : `${where}, ${rowPart}, ${colPart}`, where };
  }
  if (sheet.fromText) {
    const where = `line ${row + 1}, column ${columnLetter(col)}`;
    return { text: header ? `${where} (${quoted(header)})` : where, where };
  }
  const ref = cellRef(sheet.name, col, row);
  return { text: ref, where: ref };
}

/** A row as a message names it: "line 5" (CSV), "Sheet1 row 5", or a turned row's period column. */
export function rowPlace(sheet: Sheet, row: number): string {
  const t = sheet.turned;
  if (t) {
    const c = t.cols[row] ?? row;
    const col = `column ${columnLetter(c)}${t.colLabels[row] ? ` (${t.colLabels[row]})` : ''}`;
    return sheet.fromText ? col : `${t.name} ${col}`;
  }
  return sheet.fromText ? `line ${row + 1}` : `${sheet.name} row ${row + 1}`;
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
