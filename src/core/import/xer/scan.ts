/**
 * The XER text format, read fast.
 *
 * An XER is tab-separated text: an `ERMHDR` line, then tables, each a `%T\tNAME` line, a
 * `%F\tfield…` line and `%R\tvalue…` rows, and a closing `%E` line. A value may hold a raw line
 * break (P6 writes some memo fields that way), so a row ends at the first line break that is
 * followed by `%` or by the end of the file.
 *
 * `indexXer` finds where each table starts and ends by jumping from one "\n%T" to the next, so
 * tables the model does not use (POBS, RISKTYPE, …, often most of the file) are never split into
 * rows. `extractColumns` then walks the rows of one needed table with indexOf('\t') and records
 * only the offsets of the needed fields, in two typed arrays.
 */
import type { ImportWarning } from '../../model/schedule';
import { patchedSlice, type TextPatches } from '../encoding';
import { ImportCancelled, ImportError, inFile, type ImportOptions, type RawTable } from '../types';
import { XerColumnTable } from './tables';
import type { DateCache } from './values';

export interface XerTableSpan {
  name: string;
  fields: string[];
  /** Offset of the first row. */
  rowsStart: number;
  /** Offset of the line break that ends the last row (or the text length). */
  end: number;
}

export interface XerIndex {
  text: string;
  /** Real characters behind placeholders when the text was decoded sparsely (see encoding.ts). */
  patches?: TextPatches;
  /** ERMHDR values after the word ERMHDR (version, export date, …, currency); empty when absent. */
  header: string[];
  /** Tables in file order; a name that occurs twice with the same fields has two spans. */
  tables: Map<string, XerTableSpan[]>;
  /** False when the file stops before its `%E` line (truncated). */
  complete: boolean;
  warnings: ImportWarning[];
}

/** Reports progress about every this many characters and polls for cancellation as often. */
export const PROGRESS_STEP = 1 << 20;

/** Progress and cancellation for the whole import, shared by the scanner and the builder. */
export class ImportTicker {
  rows = 0;
  private next = PROGRESS_STEP;
  constructor(
    private readonly options: ImportOptions,
    readonly totalBytes: number,
  ) {}
  /** Cheap enough to call per row: does work only when `pos` passes the next step. */
  at(pos: number, phase: 'parsing' | 'building' = 'parsing'): void {
    if (pos < this.next) return;
    this.next = pos + PROGRESS_STEP;
    this.tick(phase, pos);
  }
  tick(phase: 'reading' | 'parsing' | 'building' | 'done', pos: number): void {
    if (this.options.isCancelled?.()) throw new ImportCancelled();
    this.options.onProgress?.({ phase, bytesRead: Math.min(pos, this.totalBytes), totalBytes: this.totalBytes, rows: this.rows });
  }
}

const CR = 13;
const TAB = 9;

const PCT = 37;

/** End of the line starting at p (the offset of its '\n', or text.length), and its end without '\r'. */
function lineEnd(text: string, p: number): number {
  const e = text.indexOf('\n', p);
  return e < 0 ? text.length : e;
}
const trimCr = (text: string, a: number, e: number) => (e > a && text.charCodeAt(e - 1) === CR ? e - 1 : e);

/** What a binary file most likely is, from its first bytes (before any decoding). */
export function sniffBinaryFormat(b: Uint8Array): string | null {
  const at = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (at(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'a binary Microsoft Office file (such as an .mpp or .xls)';
  if (at(0x50, 0x4b, 0x03, 0x04)) return 'a zip archive (an .xlsx workbook or similar)';
  if (at(0x25, 0x50, 0x44, 0x46)) return 'a PDF document';
  if (at(0x1f, 0x8b)) return 'a gzip-compressed file (unzip it first)';
  return null;
}

/** What a file that is not an XER most likely is, for the error message. */
function sniffOtherFormat(text: string): string | null {
  const head = text.slice(0, 512).trimStart();
  if (head.startsWith('<?xml') || head.startsWith('<')) {
    if (/APIBusinessObjects/.test(text.slice(0, 4096))) return 'a Primavera P6 XML (PMXML) file';
    if (/schemas\.microsoft\.com\/project/.test(text.slice(0, 4096))) return 'a Microsoft Project XML file';
    return 'an XML file';
  }
  if (head.startsWith('PK')) return 'a zip archive (an .xlsx workbook or similar)';
  if (head.startsWith('MPX')) return 'an MPX file';
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (head.startsWith('{') || head.startsWith('[')) return 'a JSON file';
  return null;
}

/** Finds the tables of an XER; throws ImportError when the text is not an XER at all. */
export function indexXer(text: string, options: ImportOptions = {}, patches?: TextPatches): XerIndex {
  const where = inFile(options.fileName);
  const warnings: ImportWarning[] = [];
  if (!/\S/.test(text)) {
    throw new ImportError(`${where}The file is empty. Export the project from P6 again (File > Export > Primavera PM - (XER)) and import the new file.`);
  }
  let p: number;
  let header: string[] = [];
  if (text.startsWith('ERMHDR')) {
    const e = lineEnd(text, 0);
    header = patchedSlice(text, 0, trimCr(text, 0, e), patches).split('\t').slice(1);
    p = e + 1;
  } else {
    const firstTable = text.startsWith('%T\t') ? 0 : text.indexOf('\n%T\t');
    const other = sniffOtherFormat(text);
    if (other || firstTable < 0 || firstTable > 65536 || text.slice(0, 1024).includes('\u0000')) {
      throw new ImportError(
        `${where}This is not a Primavera P6 XER file: it does not start with the ERMHDR header line${other ? ` and looks like ${other}` : ''}. ` +
          'Choose the .xer file exported from P6 (File > Export > Primavera PM - (XER)), or import this file with the matching format.',
      );
    }
    warnings.push({ message: 'The file has no ERMHDR header line; the P6 version, export date and currency are unknown (currency taken as GBP unless the PROJECT says otherwise).', where: 'line 1' });
    p = firstTable === 0 ? 0 : firstTable + 1;
  }

  // %E is the last line; find it once from the end rather than from every table.
  let eLine = text.lastIndexOf('\n%E');
  if (eLine >= 0 && text.indexOf('\n%T\t', eLine) >= 0) eLine = -1; // a stray %E mid-file
  const stop = eLine >= 0 ? eLine : text.length;

  const tables = new Map<string, XerTableSpan[]>();
  while (p < stop) {
    if (!text.startsWith('%T\t', p)) {
      // Blank or stray lines between tables: step to the next table line.
      const nextT = text.indexOf('\n%T\t', p);
      if (nextT < 0 || nextT >= stop) break;
      p = nextT + 1;
      continue;
    }
    const tEnd = lineEnd(text, p);
    const name = patchedSlice(text, p + 3, trimCr(text, p, tEnd), patches).trim();
    let q = tEnd + 1;
    let next = text.indexOf('\n%T\t', q);
    if (next < 0 || next > stop) next = stop;
    if (!text.startsWith('%F\t', q) || q >= next) {
      warnings.push({ message: `Table ${name} has no %F line naming its fields; its rows were skipped.`, where: name });
      p = next + 1;
      continue;
    }
    const fEnd = lineEnd(text, q);
    const fields = patchedSlice(text, q + 3, trimCr(text, q, fEnd), patches).split('\t');
    q = Math.min(fEnd + 1, next);
    const span: XerTableSpan = { name, fields, rowsStart: q, end: next };
    const seen = tables.get(name);
    if (!seen) tables.set(name, [span]);
    else if (seen[0].fields.join('\t') === fields.join('\t')) seen.push(span);
    else warnings.push({ message: `Table ${name} appears twice with different fields; the second copy was ignored.`, where: name });
    p = next + 1;
  }
  const complete = eLine >= 0;
  if (!complete) {
    warnings.push({ message: 'The file ends without its closing %E line, so it is probably truncated: the last table may be incomplete. Export it from P6 again if figures look short.', where: 'end of file' });
  }
  return { text, patches, header, tables, complete, warnings };
}

/** Row-shape problems of one table, reported as one warning with the first few rows named. */
class RowShapeIssues {
  private rows: number[] = [];
  private count = 0;
  private detail = '';
  note(row: number, got: number, expected: number): void {
    this.count++;
    if (this.rows.length < 5) this.rows.push(row + 1);
    if (!this.detail) this.detail = `row ${row + 1} has ${got} field${got === 1 ? '' : 's'}, the %F line names ${expected}`;
  }
  flush(table: string, warnings: ImportWarning[]): void {
    if (!this.count) return;
    const rows = `row${this.count > 1 ? 's' : ''} ${this.rows.join(', ')}${this.count > this.rows.length ? ` and ${this.count - this.rows.length} more` : ''}`;
    warnings.push({
      message: `${table}: ${this.count} ${this.count === 1 ? 'row does' : 'rows do'} not have the number of fields the table declares (${this.detail}). Missing values were read as empty and extra ones ignored; check those rows in P6.`,
      where: `${table} ${rows}`,
    });
  }
}

/**
 * Reads the needed fields of one table (all spans) into a `XerColumnTable`. Fields the file
 * lacks read as empty. Rows with the wrong number of fields are kept and reported once.
 */
export function extractColumns(
  index: XerIndex,
  name: string,
  wanted: readonly string[],
  dates: DateCache,
  ticker: ImportTicker,
): XerColumnTable | undefined {
  const spans = index.tables.get(name);
  if (!spans) return undefined;
  const text = index.text;
  const fields = spans[0].fields;
  const nFields = fields.length;
  const slotOf = new Map<string, number>();
  // slotOfField[f] = slot of the f-th field of the file, or -1 when not needed.
  const slotOfField = new Int32Array(nFields + 1).fill(-1);
  for (const w of wanted) {
    const f = fields.indexOf(w);
    if (f >= 0 && !slotOf.has(w)) {
      slotOf.set(w, slotOf.size);
      slotOfField[f] = slotOf.get(w) as number;
    }
  }
  const slots = Math.max(1, slotOf.size);

  // Size the offset arrays from the average length of the first rows (+10 %), growing if short:
  // a right-sized array is not zero-filled for nothing, and sampling costs a few dozen indexOf.
  let total = 0;
  for (const s of spans) total += s.end - s.rowsStart;
  const first = spans[0];
  let sampled = 0;
  let q = first.rowsStart;
  while (sampled < 64 && q < first.end) {
    const e = text.indexOf('\n', q);
    if (e < 0 || e >= first.end) break;
    q = e + 1;
    sampled++;
  }
  const avg = sampled ? Math.max(1, (q - first.rowsStart) / sampled) : nFields * 4 + 8;
  let capacity = Math.ceil((total / avg) * 1.1) + 16;
  let starts = new Int32Array(capacity * slots);
  let ends = new Int32Array(capacity * slots);
  const issues = new RowShapeIssues();
  let r = 0;

  for (const span of spans) {
    let p = span.rowsStart;
    const end = span.end;
    while (p < end) {
      if (text.charCodeAt(p) !== PCT || text.charCodeAt(p + 1) !== 82 /* R */) {
        // Not a row: a blank line, or junk. Skip the line.
        const e = text.indexOf('\n', p);
        p = e < 0 || e >= end ? end : e + 1;
        continue;
      }
      if (r === capacity) {
        capacity *= 2;
        const s2 = new Int32Array(capacity * slots);
        s2.set(starts);
        starts = s2;
        const e2 = new Int32Array(capacity * slots);
        e2.set(ends);
        ends = e2;
      }
      const base = r * slots;
      // The row ends at the first line break followed by '%' (values may hold line breaks).
      let nl = text.indexOf('\n', p + 2);
      if (nl < 0 || nl > end) nl = end;
      while (nl < end && text.charCodeAt(nl + 1) !== PCT) {
        const e = text.indexOf('\n', nl + 1);
        nl = e < 0 || e > end ? end : e;
      }
      const rowEnd = nl > p && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      const next = nl + 1;
      // Fields: indexOf('\t') jumps over long values with a fast native search; empty and
      // one-character values (a third of a P6 row: flags, blank dates) are checked inline first.
      let fs = p + 3 < rowEnd ? p + 3 : rowEnd;
      let f = 0;
      for (;;) {
        let t: number;
        if (text.charCodeAt(fs) === TAB) t = fs;
        else if (text.charCodeAt(fs + 1) === TAB) t = fs + 1;
        else t = text.indexOf('\t', fs + 2);
        if (t < 0 || t > rowEnd) t = rowEnd;
        if (f < nFields) {
          const slot = slotOfField[f];
          if (slot >= 0) {
            starts[base + slot] = fs;
            ends[base + slot] = t;
          }
        }
        if (t >= rowEnd) break;
        f++;
        fs = t + 1;
      }
      f++;
      if (f !== nFields) {
        issues.note(r, f, nFields);
        // Fields the row lacks read as empty.
        for (let g = f; g < nFields; g++) {
          const slot = slotOfField[g];
          if (slot >= 0) starts[base + slot] = ends[base + slot] = 0;
        }
      }
      r++;
      ticker.rows++;
      p = next;
      ticker.at(p);
    }
  }
  issues.flush(name, index.warnings);
  return new XerColumnTable(name, text, r, slotOf, new Set(wanted), slots, starts, ends, dates, index.patches);
}

/**
 * Splits an XER into `RawTable`s (all tables, or only `options.tables`). The ERMHDR line comes
 * first as a table named ERMHDR with one row. Slower than the column reader; for tools and for
 * feeding `schedulesFromP6Tables`.
 */
export function parseXerTables(text: string, options: ImportOptions & { tables?: readonly string[] } = {}): RawTable[] {
  const index = indexXer(text, options);
  const out: RawTable[] = [];
  if (index.header.length) out.push({ name: 'ERMHDR', fields: ERMHDR_FIELDS.slice(0, Math.max(index.header.length, ERMHDR_FIELDS.length)), rows: [index.header] });
  const only = options.tables ? new Set(options.tables) : null;
  for (const [name, spans] of index.tables) {
    if (only && !only.has(name)) continue;
    const fields = spans[0].fields;
    const rows: string[][] = [];
    for (const span of spans) {
      let p = span.rowsStart;
      while (p < span.end) {
        let nl = text.indexOf('\n', p);
        if (nl < 0 || nl > span.end) nl = span.end;
        while (nl < span.end && text.charCodeAt(nl + 1) !== PCT) {
          const e = text.indexOf('\n', nl + 1);
          nl = e < 0 || e > span.end ? span.end : e;
        }
        if (text.startsWith('%R', p)) {
          const row = text.slice(Math.min(p + 3, nl), trimCr(text, p, nl)).split('\t');
          if (row.length < fields.length) for (let i = row.length; i < fields.length; i++) row.push('');
          rows.push(row);
        }
        p = nl + 1;
      }
    }
    out.push({ name, fields, rows });
  }
  return out;
}

/** Names for the positional ERMHDR values. */
export const ERMHDR_FIELDS = ['version', 'export_date', 'type', 'user', 'user_name', 'database', 'module', 'currency'];

