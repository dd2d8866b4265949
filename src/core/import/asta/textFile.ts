/**
 * The older Powerproject .pp form: a text file of positional rows (see ./layouts.ts).
 *
 * The first line starts with two NUL bytes and the file version (`\0\0` then digits, MPXJ's
 * AstaTextFileReader.processFileType). Every data row starts with a header `#<id> <sequence>
 * <table type>:` followed by comma-separated values; text values are written `<"…">` and may hold
 * commas. Rows of table types Earnest does not read are skipped.
 */
import { decodeText } from '../encoding';
import { ImportCancelled, ImportError, inFile, type ImportOptions } from '../types';
import { TEXT_LAYOUTS, type TextTableLayout } from './layouts';
import { COLUMN_KINDS, type AstaRow, type AstaTables, type Cell, type ColumnKind } from './tables';
import { astaNumber, astaString, basicTimeMinutes, basicTimestamp, epochTimestamp } from './values';

/** V8's longest string is just under 2^29 characters. */
export const MAX_TEXT_BYTES = 2 ** 29 - 2 ** 20;

/** True when the bytes start like a text .pp file: two NULs, then a digit. */
export function isAstaText(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] >= 0x30 && bytes[2] <= 0x39;
}

interface Column {
  name: string;
  kind: ColumnKind;
  index: number;
  /** For durations: the position of the `<name>TYPF` column (1 = elapsed time), or -1. */
  typeIndex: number;
}

interface Reader {
  name: string;
  columns: Column[];
}

function readerFor(layout: TextTableLayout): Reader | null {
  const kinds = COLUMN_KINDS[layout.name];
  if (!kinds) return null;
  const columns: Column[] = [];
  for (const [name, kind] of Object.entries(kinds)) {
    const index = layout.columns.indexOf(name);
    if (index >= 0) columns.push({ name, kind, index, typeIndex: kind === 'dur' ? layout.columns.indexOf(`${name}TYPF`) : -1 });
  }
  return { name: layout.name, columns };
}

/** Splits one line's values on commas, keeping `<"…">` text whole. */
export function splitValues(line: string, from: number): string[] {
  const out: string[] = [];
  let i = from;
  const n = line.length;
  for (;;) {
    if (line.startsWith('<"', i)) {
      // A text value runs to the `">` that ends it (followed by a comma or the end of the line).
      let end = line.indexOf('">', i + 2);
      while (end !== -1 && end + 2 < n && line.charCodeAt(end + 2) !== 44) end = line.indexOf('">', end + 1);
      if (end === -1) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, end + 2));
      i = end + 2;
    } else {
      const comma = line.indexOf(',', i);
      const end = comma === -1 ? n : comma;
      out.push(line.slice(i, end));
      i = end;
    }
    if (i >= n) return out;
    i++; // past the comma
    if (i >= n) {
      out.push('');
      return out;
    }
  }
}

/** `#123 4 21:` → { id: '123', type: 21, valuesFrom } (the values start after the colon), or null. */
function parseHeader(line: string): { id: string; type: number; valuesFrom: number } | null {
  let colon = -1;
  for (let i = 1; i < line.length && i < 64; i++) {
    const c = line.charCodeAt(i);
    if (c === 58) colon = i;
    else if (c === 60 || c === 34 || c === 44) break; // `<`, `"` or `,`: the values have begun
  }
  if (colon === -1) return null;
  const numbers = line.slice(1, colon).match(/\d+/g);
  if (!numbers || numbers.length < 3) return null;
  return { id: numbers[0], type: Number(numbers[2]), valuesFrom: colon + 1 };
}

function decode(raw: string | undefined, kind: ColumnKind, epochDates: boolean): Cell {
  if (raw === undefined) return null;
  switch (kind) {
    case 'str':
      return astaString(raw);
    case 'num':
    case 'dur':
      return astaNumber(raw);
    case 'date':
      return epochDates ? epochTimestamp(raw) : basicTimestamp(raw);
    case 'time': {
      const v = astaString(raw);
      return v === null || v === '' ? null : basicTimeMinutes(v);
    }
  }
}

/** Reads a text .pp file into tables. Throws ImportError for a file it cannot read. */
export function readAstaTextTables(bytes: Uint8Array, options: ImportOptions): AstaTables {
  const where = inFile(options.fileName);
  if (bytes.length > MAX_TEXT_BYTES) {
    throw new ImportError(
      `${where}The file is ${(bytes.length / 2 ** 20).toFixed(0)} MB; Powerproject text files up to ${MAX_TEXT_BYTES / 2 ** 20} MB can be read. Save the programme in Powerproject's current format, or export it as MS Project XML, and import that.`,
    );
  }
  // MPXJ reads these files as UTF-8; older ones written on Windows may be in a code page instead.
  const decoded = decodeText(bytes);
  const text = decoded.text;
  const firstBreak = text.search(/[\r\n]/);
  const firstLine = firstBreak === -1 ? text : text.slice(0, firstBreak);
  const versionText = /^\0\0(\d+)/.exec(firstLine)?.[1];
  const version = versionText === undefined ? NaN : Number(versionText);
  const layouts = TEXT_LAYOUTS.get(version);
  if (!layouts) {
    throw new ImportError(
      `${where}This Powerproject file is text format version ${Number.isFinite(version) ? version : 'unknown'}; Earnest reads versions 13004 and 13001 (Powerproject 13), 12005 and 12002 (Powerproject 12) and the SQLite .pp files of later versions. Open it in Powerproject and save it again (File > Save As, current format), or export it as MS Project XML, and import that file.`,
      'line 1',
    );
  }
  const readers = new Map<number, Reader | null>();
  for (const [type, layout] of layouts) readers.set(type, readerFor(layout));
  // Asta writes dates as Julian day + seconds in every version Earnest maps (FileFormat13004.epochDateFormat).
  const epochDates = true;

  const rows = new Map<string, AstaRow[]>();
  const warnings: AstaTables['warnings'] = [];
  let badHeaders = 0;
  let firstBad = 0;
  let lineNo = 0;
  let start = firstBreak === -1 ? text.length : firstBreak;
  let rowCount = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start + 1);
    if (end === -1) end = text.length;
    let line = text.slice(start, end);
    start = end;
    lineNo++;
    line = line.replace(/^[\r\n]+|\r$/g, '');
    if ((lineNo & 4095) === 0) {
      if (options.isCancelled?.()) throw new ImportCancelled();
      options.onProgress?.({ phase: 'parsing', bytesRead: Math.min(bytes.length, start), totalBytes: bytes.length, rows: rowCount });
    }
    if (line.charCodeAt(0) !== 35) continue; // not a `#` row
    const header = parseHeader(line);
    if (!header) {
      if (badHeaders++ === 0) firstBad = lineNo + 1;
      continue;
    }
    const reader = readers.get(header.type);
    if (!reader) continue; // a table Earnest does not read
    const values = [header.id, ...splitValues(line, header.valuesFrom)];
    const row: AstaRow = {};
    for (const c of reader.columns) {
      row[c.name] = decode(values[c.index], c.kind, epochDates);
      if (c.kind === 'dur' && c.typeIndex >= 0 && astaNumber(values[c.typeIndex]) === 1) row[`${c.name}_ELAPSED`] = 1;
    }
    let list = rows.get(reader.name);
    if (!list) rows.set(reader.name, (list = []));
    list.push(row);
    rowCount++;
  }
  if (decoded.encoding !== 'utf-8' && decoded.note) {
    warnings.push({ message: `Text encoding: ${decoded.note}. If names look garbled, tell us through the Contact page.`, where: 'file' });
  }
  if (badHeaders > 0) {
    warnings.push({ message: `${badHeaders} row${badHeaders === 1 ? '' : 's'} had no readable row header (#id sequence type:) and were skipped; the first is line ${firstBad}.`, where: `line ${firstBad}` });
  }
  return { form: 'text', version, rows, warnings };
}
