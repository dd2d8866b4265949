/**
 * CSV of any table (issue 14 "CSV of any table"): RFC 4180 (comma separated, CRLF line ends,
 * fields holding a comma, quote, CR or LF quoted with quotes doubled), a UTF-8 byte-order mark so
 * Excel opens "£" and accented names right, numbers written unformatted at full precision (no
 * thousands separators, no rounding: a cost engineer re-totals them), and text cells that start
 * with = + - @ (or a tab / CR) prefixed with ' so a spreadsheet never runs them as formulas
 * (OWASP "CSV injection"). Numbers are never prefixed: -1200 stays a number.
 */

/** A cell: text, a number, or blank (null / undefined / a non-finite number). */
export type CsvCell = string | number | null | undefined;

/** The byte-order mark Excel needs to read a CSV as UTF-8. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text: numbers in full precision, formula-like text neutralised, quoted when needed. */
export function csvField(cell: CsvCell): string {
  let text: string;
  if (typeof cell === 'number') text = Number.isFinite(cell) ? numberText(cell) : '';
  else if (cell === null || cell === undefined) text = '';
  else text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The shortest text that reads back as exactly the same number (1.5e-7 stays so: spreadsheets read it). */
function numberText(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

/** The whole file: a header row then the rows, CRLF between records, BOM first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(csvField).join(',')];
  for (const r of rows) lines.push(r.map(csvField).join(','));
  return UTF8_BOM + lines.join('\r\n') + '\r\n';
}

/** A file name for a table's CSV: "<project> - <table> - <date>.csv", without characters file systems refuse. */
export function csvFileName(...parts: (string | null | undefined)[]): string {
  const base = parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' - ')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    // Control characters too (by code, which keeps the pattern free of control characters).
    .replace(/[^ -\uffff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${base || 'table'}.csv`;
}
