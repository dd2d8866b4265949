/**
 * Primavera P6 XER import: bytes → canonical schedules.
 *
 *   readXer(bytes, options)                 the whole pipeline (decode, index, read, build)
 *   parseXerTables(text, options)           XER text → RawTable[] (every table, split)
 *   schedulesFromP6Tables(tables, options)  RawTable[] (XER or table-per-sheet Excel) → schedules
 *
 * readXer does not go through RawTable: it reads only the needed fields of the needed tables
 * straight from the decoded text (see ./scan.ts), which is what makes 100k-activity files fast.
 */
import type { ImportWarning } from '../../model/schedule';
import { decodeTextSparse } from '../encoding';
import { ImportError, inFile, type ImportOptions, type ImportResult, type RawTable } from '../types';
import { buildSchedules, type BuildOptions, type P6Source } from './build';
import { P6_FIELDS, type P6TableName } from './fields';
import { ERMHDR_FIELDS, ImportTicker, extractColumns, indexXer, parseXerTables, sniffBinaryFormat, type XerIndex } from './scan';
import { RawP6Table, type P6Table } from './tables';
import { DateCache } from './values';

export { parseXerTables, indexXer, ERMHDR_FIELDS };
export { P6_FIELDS } from './fields';
export { readCalendarData, parseStructuredText, serialDate } from './calendar';
export type { P6Table } from './tables';

/** V8's longest string is just under 2^29 characters; a bigger file cannot be decoded at all. */
export const MAX_XER_BYTES = 2 ** 29 - 2 ** 20;

/** Reads a P6 XER file. Throws ImportError for a file it cannot use, ImportCancelled when cancelled. */
export function readXer(bytes: Uint8Array, options: ImportOptions & { encoding?: string } = {}): ImportResult {
  const ticker = new ImportTicker(options, bytes.length);
  ticker.tick('reading', 0);
  if (bytes.length === 0) {
    throw new ImportError(`${inFile(options.fileName)}The file is empty (0 bytes). Export the project from P6 again (File > Export > Primavera PM - (XER)) and import the new file.`);
  }
  if (bytes.length > MAX_XER_BYTES) {
    throw new ImportError(
      `${inFile(options.fileName)}The file is ${(bytes.length / 2 ** 20).toFixed(1)} MB; XER files up to ${MAX_XER_BYTES / 2 ** 20} MB can be read (a JavaScript string cannot hold more). Export fewer projects, or leave out unneeded data (e.g. timesheets, risks, notebooks) in P6's export options.`,
    );
  }
  const binary = sniffBinaryFormat(bytes);
  if (binary) {
    throw new ImportError(
      `${inFile(options.fileName)}This is not a Primavera P6 XER file: it looks like ${binary}. Choose the .xer file exported from P6 (File > Export > Primavera PM - (XER)), or import this file with the matching format.`,
    );
  }
  const decoded = decodeTextSparse(bytes, options.encoding);
  const index = indexXer(decoded.text, options, decoded.patches);
  if (decoded.note && decoded.encoding !== 'utf-8') {
    index.warnings.unshift({ message: `Text encoding: ${decoded.note}. If names look garbled, import again choosing the encoding.`, where: 'file' });
  }
  ticker.tick('parsing', 0);
  const result = buildSchedules(new XerSource(index, ticker), options);
  ticker.tick('done', bytes.length);
  return result;
}

/** Builds schedules from P6 tables given as rows of strings (an XER split by parseXerTables, or a table-per-sheet workbook). */
export function schedulesFromP6Tables(tables: RawTable[], options: BuildOptions = {}): ImportResult {
  const dates = new DateCache();
  const byName = new Map<string, RawTable>();
  const warnings: ImportWarning[] = [];
  let header: string[] = [];
  for (const t of tables) {
    const name = t.name.trim().toUpperCase();
    if (name === 'ERMHDR') {
      // As split from an XER (named fields, one row) or as a sheet whose only row became the header.
      const values = t.rows[0] ?? t.fields;
      header = (values[0] === 'ERMHDR' ? values.slice(1) : values).map((v) => String(v ?? ''));
      continue;
    }
    if (byName.has(name)) {
      warnings.push({ message: `Table ${name} is given twice; the second copy was ignored.`, where: name });
      continue;
    }
    byName.set(name, t);
  }
  if (!header.length) warnings.push({ message: 'No ERMHDR header: the P6 version, export date and base currency are unknown.', where: 'ERMHDR' });
  const ticker = new ImportTicker(options, 0);
  const source: P6Source = {
    header,
    get: (name) => {
      const t = byName.get(name);
      return t ? new RawP6Table(t, dates) : undefined;
    },
    release: () => undefined,
    warnings,
    ticker,
    format: 'xlsx',
  };
  return buildSchedules(source, options);
}

/** The XER file as a P6Source: each needed table is read into column offsets on first use. */
class XerSource implements P6Source {
  readonly header: string[];
  readonly warnings: ImportWarning[];
  readonly format = 'xer' as const;
  private readonly dates = new DateCache();
  private readonly open = new Map<string, P6Table | undefined>();

  constructor(
    private readonly index: XerIndex,
    readonly ticker: ImportTicker,
  ) {
    this.header = index.header;
    this.warnings = index.warnings;
  }

  get(name: P6TableName): P6Table | undefined {
    if (this.open.has(name)) return this.open.get(name);
    const t = extractColumns(this.index, name, P6_FIELDS[name], this.dates, this.ticker);
    this.open.set(name, t);
    return t;
  }

  release(name: P6TableName): void {
    // Keep a marker so a second get() does not read the table again; the offsets can be freed.
    if (this.open.has(name)) this.open.set(name, this.open.get(name) && undefined);
  }
}

export type { BuildOptions, P6Source };
