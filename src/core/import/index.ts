/**
 * One entry point for every schedule file: recognise the format from the bytes, run its reader,
 * and either return canonical schedules or, for a plain table, the column mapping to review first.
 * Runs inside the import worker (and the CLI); never on a page's main thread.
 */
import { detectFormat, type Detection } from './detect';
import { readMspdi } from './mspdi';
import { readPmxml } from './pmxml';
import {
  applyCorrections,
  activitiesFromTable,
  headerSignature,
  isP6TablePerSheet,
  periodTableFromSheet,
  proposeMapping,
  readCsv,
  readWorkbook,
  p6TablesFromSheets,
  turnWideTable,
  type MappingProposal,
  type Sheet,
  type TableKind,
} from './table';
import { decodeText } from './encoding';
import { readXer, schedulesFromP6Tables } from './xer';
import { ImportError, inFile, type ImportOptions, type ImportResult } from './types';
import type { PeriodTable } from '../evm/periodTable';
import { repairImplausibleDates } from '../model/sanity';
import { capProjectSummaries, capScheduleText } from './textCaps';
import { dropImplausibleNumbers } from './numberCaps';
import { hasLazyReader, loadReader, type ReaderEnvironment } from './lazyReaders';

export * from './types';
export { detectFormat, type Detection, type FileFormat } from './detect';
export { LAZY_READERS, hasLazyReader, loadReader, type LazyReader, type ReaderEnvironment } from './lazyReaders';
export { MAX_CODE_CHARS, MAX_NAME_CHARS, MAX_NOTE_CHARS, MAX_WARNING_CHARS } from './textCaps';

export interface TableChoice {
  /** Which sheet of a workbook holds the table (default: the proposal's pick). */
  sheet?: number;
  /** Column header → canonical field (or null for "ignore"), as the user confirmed it. */
  corrections?: Record<string, string | null>;
  /** Period tables: values are cumulative (the default) or per period. */
  cumulative?: boolean;
  /**
   * Read the table as this kind. When the mapper is unsure (the proposal has an `otherReading`),
   * nothing is built until this is given: a confirmed choice without it comes back as
   * 'needs-mapping' so the user can say which reading is right.
   */
  kind?: TableKind;
  /** Build the schedule now with the proposal as corrected (otherwise: return the proposal for review). */
  confirmed?: boolean;
}

export interface ParseOptions extends ImportOptions {
  table?: TableChoice;
}

/** A preview of a table for the mapping review: its headers and first rows as text. */
export interface TablePreview {
  sheetNames: string[];
  sheet: number;
  headers: string[];
  rows: string[][];
  rowCount: number;
  signature: string;
}

export type ParseOutcome =
  | { kind: 'schedules'; detection: Detection; result: ImportResult }
  | { kind: 'period-table'; detection: Detection; table: PeriodTable; proposal: MappingProposal; preview: TablePreview }
  | { kind: 'needs-mapping'; detection: Detection; proposal: MappingProposal; preview: TablePreview };

/**
 * Reads a file whose reader is built in (XER, PMXML, MSPDI, Excel, CSV). Formats whose readers
 * load on demand (./lazyReaders.ts: MPX, and MPP and Asta when they join) need
 * `parseScheduleFileAsync`; given one, this throws an ImportError saying so.
 */
export function parseScheduleFile(bytes: Uint8Array, options: ParseOptions = {}): ParseOutcome {
  return cleaned(readByFormat(bytes, options));
}

/**
 * Every format: loads the reader first when it is one of the on-demand readers (in the import
 * worker and the CLI), otherwise the same as `parseScheduleFile`. The result is cleaned the same
 * way for every format.
 */
export async function parseScheduleFileAsync(bytes: Uint8Array, options: ParseOptions = {}, env: ReaderEnvironment = {}): Promise<ParseOutcome> {
  const detection = detectFormat(bytes, options.fileName);
  if (!detection.readable || !hasLazyReader(detection.format)) return cleaned(readByFormat(bytes, options, detection));
  const reader = await loadReader(detection.format, env);
  if (!reader) throw new ImportError(`${inFile(options.fileName)}${detection.label} has no reader in this version of Earnest.`);
  return cleaned({ kind: 'schedules', detection, result: reader.read(bytes, options) });
}

/** The caps and repairs every reader's schedules go through (text lengths, implausible numbers and dates). */
function cleaned(outcome: ParseOutcome): ParseOutcome {
  if (outcome.kind === 'schedules') {
    capProjectSummaries(outcome.result.projects);
    for (const s of outcome.result.schedules) {
      capScheduleText(s);
      dropImplausibleNumbers(s);
      repairImplausibleDates(s);
    }
  }
  return outcome;
}

function readByFormat(bytes: Uint8Array, options: ParseOptions, detection: Detection = detectFormat(bytes, options.fileName)): ParseOutcome {
  if (!detection.readable) throw new ImportError(detection.message ?? `${inFile(options.fileName)}this file is not a schedule Earnest can read.`);
  switch (detection.format) {
    case 'xer':
      return { kind: 'schedules', detection, result: readXer(bytes, options) };
    case 'pmxml':
      return { kind: 'schedules', detection, result: readPmxml(bytes, options) };
    case 'mspdi':
      return { kind: 'schedules', detection, result: readMspdi(bytes, options) };
    case 'xlsx':
    case 'xls': {
      const sheets = readWorkbook(bytes, options);
      if (isP6TablePerSheet(sheets)) return { kind: 'schedules', detection, result: schedulesFromP6Tables(p6TablesFromSheets(sheets), { ...options, application: 'Primavera P6 (Excel export, one table per sheet)' }) };
      return fromTable(detection, sheets, options);
    }
    case 'csv':
      return fromTable(detection, [readCsv(decodeText(bytes).text, { fileName: options.fileName })], options);
    default:
      if (hasLazyReader(detection.format)) throw new ImportError(`${inFile(options.fileName)}${detection.label} is read by a reader that loads on demand: use parseScheduleFileAsync.`);
      throw new ImportError(`${inFile(options.fileName)}${detection.label} is read by the command line only.`);
  }
}

function fromTable(detection: Detection, sheets: Sheet[], options: ParseOptions): ParseOutcome {
  const choice = options.table ?? {};
  const sheetIndex = choice.sheet ?? bestSheet(sheets);
  const original = sheets[sheetIndex];
  if (!original) throw new ImportError(`${inFile(options.fileName)}there is no sheet number ${sheetIndex + 1}; the workbook has ${sheets.length}.`);
  // Periods across the columns: read turned round, unless the user says it is an activity list.
  const turned = choice.kind === 'activities' ? null : turnWideTable(original);
  const sheet = turned?.sheet ?? original;
  let proposal: MappingProposal;
  try {
    proposal = proposeMapping(sheet, turned ? 'periods' : choice.kind);
  } catch (e) {
    if (e instanceof ImportError && options.fileName && !e.message.startsWith(options.fileName)) throw new ImportError(`${inFile(options.fileName)}${e.message}`, e.where);
    throw e;
  }
  if (turned) {
    proposal.layout = 'wide';
    proposal.kindReason = turned.reason;
  }
  if (choice.corrections) proposal = applyCorrections(proposal, choice.corrections);
  const preview = previewOf(sheets, sheetIndex, sheet, proposal);
  // Unsure which kind of table this is: ask, even when the caller wanted it built.
  const undecided = proposal.otherReading !== undefined && !choice.kind;
  if (!choice.confirmed || undecided) return { kind: 'needs-mapping', detection, proposal, preview };
  if (proposal.kind === 'periods') return { kind: 'period-table', detection, table: periodTableFromSheet(sheet, proposal, { cumulative: choice.cumulative ?? true, fileName: options.fileName }), proposal, preview };
  return { kind: 'schedules', detection, result: activitiesFromTable(sheet, proposal, options) };
}

/** The sheet with the most filled cells (title and notes sheets are small; a wide table has few rows but many cells). */
function bestSheet(sheets: Sheet[]): number {
  const filled = (s: Sheet) => {
    let n = 0;
    for (const r of s.rows) if (Array.isArray(r)) for (const v of r) if (v !== null && v !== undefined && v !== '') n++;
    return n;
  };
  let best = 0;
  let bestN = filled(sheets[0]);
  for (let i = 1; i < sheets.length; i++) {
    const n = filled(sheets[i]);
    if (n > bestN) [best, bestN] = [i, n];
  }
  return best;
}

function previewOf(sheets: Sheet[], sheetIndex: number, sheet: Sheet, proposal: MappingProposal): TablePreview {
  const h = proposal.headerRow;
  const headers = (sheet.rows[h] ?? []).map((c) => text(c));
  return {
    sheetNames: sheets.map((s) => s.name),
    sheet: sheetIndex,
    headers,
    rows: sheet.rows.slice(h + 1, h + 11).map((r) => headers.map((_, i) => text(r[i]))),
    rowCount: Math.max(0, sheet.rows.length - h - 1),
    signature: headerSignature(headers),
  };
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 16).replace('T', ' ');
  return String(v);
}
