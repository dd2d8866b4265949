/**
 * Reading Excel workbooks (.xlsx, .xlsm, .xlsb, .xls, SpreadsheetML 2003, .ods) with SheetJS.
 *
 * SheetJS is the maintained 0.20.x build, published on npm as `@e965/xlsx` and installed under the
 * alias `xlsx` (the registry's own `xlsx` stopped at 0.18.5, which has advisories for prototype
 * pollution and ReDoS on crafted files). Even so it is imported by this module only, and this
 * module runs only inside the disposable import worker (DESIGN.md, "Untrusted files"). Before SheetJS sees the bytes, the container is checked here so that the common
 * failures get a message a planner can act on: a password-protected workbook, a file cut short,
 * something that is not a workbook at all (SheetJS would otherwise read any bytes as text).
 *
 * Dates: cells are read with their number formats (`cellNF`) rather than `cellDates`, and a
 * date-formatted serial is converted here by plain arithmetic (values.ts). SheetJS's `cellDates`
 * builds JavaScript Dates through the local time zone, which shifts times by seconds to minutes
 * in zones with historic offsets (Asia/Kolkata gives 11:59:50 for noon); schedules are wall-clock
 * times and must not move.
 */
import * as XLSX from 'xlsx';
import { ImportCancelled, ImportError, inFile, type ImportOptions } from '../types';
import { readCsvBytes } from './csv';
import type { CellRange, CellValue, Sheet } from './sheet';
import { dateObjectToLocal, excelSerialToDate } from './values';

export interface ReadWorkbookOptions extends ImportOptions {
  /** Read at most this many rows per sheet (a preview). */
  maxRows?: number;
  /** Refuse workbooks with more cells than this (default 20 million). */
  maxCells?: number;
}

const DEFAULT_MAX_CELLS = 20_000_000;

/** Opens a workbook and returns its sheets, in workbook order. Text files are read as CSV. */
export function readWorkbook(bytes: Uint8Array, options: ReadWorkbookOptions = {}): Sheet[] {
  const file = inFile(options.fileName);
  const name = options.fileName ? 'The workbook' : 'The file';
  if (bytes.length === 0) throw new ImportError(`${file}the file is empty (0 bytes). Save the workbook again from Excel and import the new file.`);
  options.onProgress?.({ phase: 'reading', bytesRead: 0, totalBytes: bytes.length, rows: 0 });
  const container = sniff(bytes);
  switch (container) {
    case 'zip':
      checkZip(bytes, file);
      break;
    case 'cfb':
      checkCompound(bytes, file);
      break;
    case 'text':
      return [readCsvBytes(bytes, { fileName: options.fileName })];
    case 'xml':
      break;
    case 'binary':
      throw new ImportError(
        `${file}this is not a spreadsheet: the bytes are neither an Excel workbook (.xlsx, .xls) nor a text table. Check that you picked the right file, or open it in Excel and save it as .xlsx or .csv.`,
      );
  }
  if (options.isCancelled?.()) throw new ImportCancelled();

  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { type: 'array', dense: true, cellNF: true, cellDates: false, cellFormula: false, cellHTML: false, cellText: false, sheetRows: options.maxRows ?? 0 });
  } catch (e) {
    throw translateError(e, file, name);
  }
  if (options.isCancelled?.()) throw new ImportCancelled();
  options.onProgress?.({ phase: 'parsing', bytesRead: bytes.length, totalBytes: bytes.length, rows: 0 });

  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const hidden = new Map((wb.Workbook?.Sheets ?? []).map((s) => [s.name ?? '', Boolean(s.Hidden)]));
  const maxCells = options.maxCells ?? DEFAULT_MAX_CELLS;
  let cells = 0;
  const sheets: Sheet[] = [];
  for (const sheetName of wb.SheetNames) {
    const ws = wb.Sheets[sheetName];
    const sheet = convertSheet(sheetName, ws, date1904);
    for (const r of sheet.rows) cells += r.length;
    if (cells > maxCells)
      throw new ImportError(`${file}the workbook holds more than ${maxCells.toLocaleString('en-GB')} cells, more than an import can take. Delete unused sheets and columns, or export just the activity table, and import again.`);
    if (hidden.get(sheetName)) sheet.hidden = true;
    sheets.push(sheet);
    if (options.isCancelled?.()) throw new ImportCancelled();
  }
  if (sheets.length === 0) throw new ImportError(`${file}the workbook has no sheets. Open it in Excel, check it holds the schedule table, and save it again.`);
  if (sheets.every((s) => s.rows.length === 0))
    throw new ImportError(`${file}the workbook has no data: ${sheets.length === 1 ? 'its only sheet is' : `all ${sheets.length} sheets are`} empty. Check that you exported the table, not a blank template.`);
  options.onProgress?.({ phase: 'parsing', bytesRead: bytes.length, totalBytes: bytes.length, rows: sheets.reduce((n, s) => n + s.rows.length, 0) });
  return sheets;
}

type Container = 'zip' | 'cfb' | 'xml' | 'text' | 'binary';

function sniff(b: Uint8Array): Container {
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 0x03 || b[2] === 0x05) && (b[3] === 0x04 || b[3] === 0x06)) return 'zip';
  if (b.length >= 8 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0 && b[4] === 0xa1 && b[5] === 0xb1 && b[6] === 0x1a && b[7] === 0xe1) return 'cfb';
  // UTF-16 text (Excel's "Unicode Text" export) starts with a byte-order mark.
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return 'text';
  const n = Math.min(b.length, 4096);
  let start = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  let control = 0;
  for (let i = start; i < n; i++) {
    const c = b[i];
    if (c === 0) return 'binary';
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  if (control > (n - start) / 100 + 1) return 'binary';
  while (start < n && (b[start] === 0x20 || b[start] === 0x09 || b[start] === 0x0a || b[start] === 0x0d)) start++;
  if (b[start] === 0x3c) {
    const head = String.fromCharCode(...b.subarray(start, Math.min(b.length, start + 4096))).toLowerCase();
    // SpreadsheetML 2003 and HTML tables saved as .xls are workbooks SheetJS reads.
    if (head.includes('urn:schemas-microsoft-com:office:spreadsheet') || head.includes('<table') || head.includes('<html')) return 'xml';
    return 'binary';
  }
  return 'text';
}

/** The end-of-central-directory record is the last thing in a ZIP; without it the file was cut short. */
function checkZip(b: Uint8Array, file: string): void {
  const from = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new ImportError(
      `${file}the workbook is incomplete: the file ends before the end of its contents (it was cut short, perhaps by an interrupted download or copy). Download or copy it again, or open the original in Excel and save a fresh copy.`,
    );
  const names = asciiOf(b.subarray(Math.max(0, eocd - 200_000), eocd));
  const local = asciiOf(b.subarray(0, Math.min(b.length, 4096)));
  const all = names + local;
  if (all.includes('xl/workbook') || all.includes('content.xml') || all.includes('xl/worksheets')) return;
  if (all.includes('word/')) throw new ImportError(`${file}this is a Word document, not a workbook. Export the schedule table to Excel (.xlsx) or CSV and import that.`);
  if (all.includes('ppt/')) throw new ImportError(`${file}this is a PowerPoint presentation, not a workbook. Export the schedule table to Excel (.xlsx) or CSV and import that.`);
  throw new ImportError(`${file}this is a ZIP archive, not an Excel workbook. If the schedule is inside it, unzip it and import the file inside.`);
}

/** OLE2 compound files: an encrypted .xlsx, an Excel 97–2003 workbook, or something else (an .mpp, a .doc). */
function checkCompound(b: Uint8Array, file: string): void {
  const text = utf16Names(b);
  if (text.includes('EncryptedPackage') || text.includes('EncryptionInfo')) throw passwordError(file);
  if (text.includes('Workbook') || text.includes('Book')) return;
  if (/ {3}1(?:1[24]|9)?\b/.test(text) || text.includes('Props')) throw new ImportError(`${file}this is a Microsoft Project file (.mpp), not a workbook. Import it as a schedule, or save it from MS Project as XML.`);
  if (text.includes('WordDocument')) throw new ImportError(`${file}this is a Word document, not a workbook. Export the schedule table to Excel (.xlsx) or CSV and import that.`);
  throw new ImportError(`${file}this Office file is not an Excel workbook (it has no workbook stream). Open it in its application and save the table as .xlsx or .csv.`);
}

function passwordError(file: string): ImportError {
  return new ImportError(
    `${file}the workbook is password-protected, so it cannot be read: open it in Excel, remove the password (File › Info › Protect Workbook › Encrypt with Password, clear the box), save a copy and import that.`,
  );
}

function translateError(e: unknown, file: string, name: string): ImportError {
  const msg = e instanceof Error ? e.message : String(e);
  if (/password|encrypt/i.test(msg)) return passwordError(file);
  if (/zip|central directory|inflate|corrupt|invalid|unexpected end|end of data|Cannot read properties|out of range|offset/i.test(msg))
    return new ImportError(
      `${file}the workbook is damaged or incomplete, so it cannot be read (${shorten(msg)}). Download or copy it again, or open it in Excel (which can often repair it) and save a fresh copy.`,
    );
  return new ImportError(`${file}${name.toLowerCase()} could not be read (${shorten(msg)}). Open it in Excel and save a copy as .xlsx, or export the table as CSV.`);
}

const shorten = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}…` : s);

function asciiOf(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    s += c >= 32 && c < 127 ? String.fromCharCode(c) : ' ';
  }
  return s;
}

/** Directory-entry names of a compound file, read as UTF-16LE text (enough to find stream names). */
function utf16Names(b: Uint8Array): string {
  let s = '';
  const n = Math.min(b.length, 4 * 1024 * 1024);
  for (let i = 512; i + 1 < n; i += 2) {
    const c = b[i] | (b[i + 1] << 8);
    s += c >= 32 && c < 127 ? String.fromCharCode(c) : '\u0001';
  }
  return s;
}

/** Number formats that show a date or time (ignoring quoted text, escapes and colour/locale codes). */
export function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt || /^general$/i.test(fmt)) return false;
  const s = fmt
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(?:\$|[<>=]|red|black|blue|green|cyan|magenta|white|yellow|color\s*\d+)[^\]]*\]/gi, '');
  // Elapsed-time formats ([h]:mm) are durations, not dates.
  if (/\[[hms]+\]/i.test(s)) return false;
  return /[ymdhs]/i.test(s) && !/^[#0.,%\s?/E+-]*$/.test(s);
}

/** Matches a cell address: letters then digits. */
const ADDRESS_RE = /^([A-Z]+)(\d+)$/;

function columnIndex(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
  return n - 1;
}

/**
 * A worksheet as rows of plain values. Sheets are read in SheetJS's dense mode (`!data`, an array
 * of rows): the default sparse mode keeps every cell as a key "C7" of one object, which made a
 * 250,000-row workbook take 12 s in SheetJS and 4 s more here to walk 1.75 million keys with a
 * regular expression; dense, the same file is read in about a quarter of the time. Only rows and
 * cells that exist are visited (a sheet's declared range can claim a million rows when a format
 * was applied to whole columns).
 */
function convertSheet(name: string, ws: XLSX.WorkSheet | undefined, date1904: boolean): Sheet {
  const rows: CellValue[][] = [];
  if (!ws) return { name, rows };
  const dense = ws['!data'] as (XLSX.CellObject[] | undefined)[] | undefined;
  if (dense) {
    for (let r = 0; r < dense.length; r++) {
      const src = dense[r];
      if (!src) continue;
      let row: CellValue[] | undefined;
      for (let c = 0; c < src.length; c++) {
        const cell = src[c];
        if (!cell) continue;
        const value = cellValue(cell, date1904);
        if (value === null) continue;
        row ??= rows[r] = [];
        row[c] = value;
      }
    }
  } else {
    for (const key of Object.keys(ws)) {
      if (key.charCodeAt(0) === 33) continue; // "!ref", "!merges"…
      const m = ADDRESS_RE.exec(key);
      if (!m) continue;
      const value = cellValue(ws[key] as XLSX.CellObject, date1904);
      if (value === null) continue;
      const r = Number(m[2]) - 1;
      (rows[r] ??= [])[columnIndex(m[1])] = value;
    }
  }
  // Fill the holes (sparse arrays would surprise every caller) and trim trailing empties.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] ?? [];
    for (let c = 0; c < row.length; c++) if (row[c] === undefined) row[c] = null;
    rows[r] = row;
  }
  const sheet: Sheet = { name, rows };
  const merges = ws['!merges'] as CellRange[] | undefined;
  if (merges?.length) sheet.merges = merges.map((mg) => ({ s: { r: mg.s.r, c: mg.s.c }, e: { r: mg.e.r, c: mg.e.c } }));
  return sheet;
}

/** Excel's error codes as the cell shows them. */
const EXCEL_ERRORS: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A', 0x2b: '#GETTING_DATA' };

function cellValue(cell: XLSX.CellObject, date1904: boolean): CellValue {
  switch (cell.t) {
    case 'n': {
      const v = cell.v as number;
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      if (isDateFormat(typeof cell.z === 'string' ? cell.z : undefined)) return excelSerialToDate(v, date1904) ?? v;
      return v;
    }
    case 's': {
      const v = cell.v as string;
      return v === '' ? null : v;
    }
    case 'b':
      return Boolean(cell.v);
    case 'd':
      return cell.v instanceof Date ? dateObjectToLocal(cell.v) : typeof cell.v === 'string' ? cell.v : null;
    case 'e':
      // Keep the error text (#REF!, #N/A) so the builder can say which cell holds it.
      return typeof cell.w === 'string' ? cell.w : (EXCEL_ERRORS[cell.v as number] ?? '#ERROR');
    default:
      return null;
  }
}
