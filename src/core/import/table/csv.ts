/**
 * Reading CSV and other delimited text (semicolons from European Excel, tabs from "Unicode Text"
 * exports, pipes) with papaparse: the delimiter is detected, quoted fields may hold commas and
 * line breaks, a byte-order mark is dropped, and Excel's "sep=;" first line is honoured.
 * Blank lines are kept as empty rows so row numbers in messages match the file's lines.
 */
import Papa from 'papaparse';
import { decodeText } from '../encoding';
import { ImportError, inFile } from '../types';
import type { CellValue, Sheet } from './sheet';

export interface ReadCsvOptions {
  /** For messages and the sheet name. */
  fileName?: string;
  /** Sheet name (default: the file name without its extension, else "CSV"). */
  name?: string;
}

/**
 * Widest table a CSV may hold. Excel itself stops at 16,384 columns and no schedule export comes
 * near 1,000; the widest real tables are period tables, and the analysis refuses more than 5,000
 * periods (evm/periods.ts). A wider file is almost always a row of empty columns dragged across a
 * sheet, and parsing it costs seconds per megabyte before anything useful happens, so it is
 * refused from its first lines, before the parse.
 */
export const MAX_CSV_COLUMNS = 5000;

export function readCsv(text: string, options: ReadCsvOptions = {}): Sheet {
  const file = inFile(options.fileName);
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new ImportError(`${file}the file is empty: expected a header row (the column names) and one row per activity or period.`);
  if (body.slice(0, 8192).includes('\u0000'))
    throw new ImportError(`${file}this is not a text CSV file (it contains binary data). If it is an Excel workbook, import the .xlsx itself; otherwise save the table as CSV and try again.`);
  let delimiter = '';
  let skipped = 0;
  const sep = /^sep=(.)\r?\n/i.exec(body);
  if (sep) {
    delimiter = sep[1];
    body = body.slice(sep[0].length);
    skipped = 1;
  }
  delimiter ||= guessDelimiter(body);
  const early = widestEarlyLine(body, delimiter);
  if (early.fields > MAX_CSV_COLUMNS) throw tooWide(file, early.line + skipped, early.fields);
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const missing = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (missing) {
    const row = (missing.row ?? 0) + 1 + skipped;
    throw new ImportError(
      `${file}row ${row}: a quoted field is never closed (a " without its partner), so the rest of the file would run into one cell. Fix the quote in a text editor, or export the CSV again.`,
      `row ${row}`,
    );
  }
  // Columns past the last one any row uses (",,,,," dragged to the right) are no column: each row
  // keeps its own length up to that width, so ordinary files read exactly as written.
  let used = 0;
  for (let r = 0; r < parsed.data.length; r++) {
    const rec = parsed.data[r];
    if (rec.length > MAX_CSV_COLUMNS) throw tooWide(file, r + 1 + skipped, rec.length);
    for (let c = rec.length - 1; c >= used; c--) if (rec[c] !== '') used = c + 1;
  }
  const rows: CellValue[][] = skipped ? [[]] : [];
  for (const rec of parsed.data) {
    const n = Math.min(rec.length, Math.max(used, 1));
    const row = new Array<CellValue>(n);
    for (let c = 0; c < n; c++) row[c] = rec[c] === '' ? null : rec[c];
    rows.push(row);
  }
  // A file ending in a line break gives one empty record at the end.
  while (rows.length && rows[rows.length - 1].every((v) => v === null)) rows.pop();
  const name = options.name ?? (options.fileName ? options.fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '') : 'CSV');
  return { name, rows, fromText: true };
}

function tooWide(file: string, row: number, fields: number): ImportError {
  return new ImportError(
    `${file}row ${row} has ${fields.toLocaleString('en-GB')} columns, more than the ${MAX_CSV_COLUMNS.toLocaleString('en-GB')} a table can have here (most are probably empty columns after the table). Open the file in Excel, delete the columns to the right of the last one you use, save it as CSV again and import the new file.`,
    `row ${row}`,
  );
}

/**
 * The field count of the widest of the first 20 lines (within the first MiB), outside quotes:
 * enough to refuse a file of thousands of empty columns before it is parsed.
 */
function widestEarlyLine(text: string, delimiter: string): { line: number; fields: number } {
  const end = Math.min(text.length, 1 << 20);
  const d = delimiter.charCodeAt(0);
  let best = { line: 1, fields: 0 };
  let line = 1;
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < end && line <= 20; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === d) fields++;
    else if (c === 10 || c === 13) {
      if (fields > best.fields) best = { line, fields };
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      line++;
      fields = 1;
    }
  }
  if (fields > best.fields) best = { line, fields };
  return best;
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter that splits the first lines most consistently. Papaparse's own guess is thrown
 * by blank lines and title rows (a two-line file ending in a line break defeats it), which
 * exports are full of. Per candidate: the commonest non-zero count of it per line (outside
 * quotes) and the share of lines with exactly that count; the best share wins, then the larger
 * count. Semicolon files with decimal commas ("A;1.234,50") have a steady ";" and a ragged ",".
 */
export function guessDelimiter(text: string): string {
  const lines = text.slice(0, 65536).split(/\r\n|\n|\r/).slice(0, 60).filter((l) => l.trim() !== '');
  let best = ',';
  let bestShare = 0;
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => {
      let n = 0;
      let quoted = false;
      for (const ch of l) {
        if (ch === '"') quoted = !quoted;
        else if (ch === d && !quoted) n++;
      }
      return n;
    });
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let modeLines = 0;
    for (const [c, k] of freq) if (k > modeLines || (k === modeLines && c > mode)) [mode, modeLines] = [c, k];
    const share = lines.length ? modeLines / lines.length : 0;
    if (share > bestShare + 1e-9 || (Math.abs(share - bestShare) <= 1e-9 && mode > bestCount)) [best, bestShare, bestCount] = [d, share, mode];
  }
  return best;
}

/** Decodes bytes (UTF-8, UTF-16 with a BOM, else the likeliest Windows code page) and reads them as CSV. */
export function readCsvBytes(bytes: Uint8Array, options: ReadCsvOptions = {}): Sheet {
  if (bytes.length === 0) throw new ImportError(`${inFile(options.fileName)}the file is empty (0 bytes). Export the table again and pick the new file.`);
  return readCsv(decodeText(bytes).text, options);
}
