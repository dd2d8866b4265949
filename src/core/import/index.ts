/**
 * One entry point for every schedule file: recognise the format from the bytes, run its reader,
 * and either return canonical schedules or, for a plain table, the column mapping to review first.
 * Runs inside the import worker (and the CLI); never on a page's main thread.
 */
import { detectFormat, type Detection } from './detect';
import { readMspdi } from './mspdi';
import { readPmxml } from './pmxml';
import { applyCorrections, activitiesFromTable, headerSignature, isP6TablePerSheet, periodTableFromSheet, proposeMapping, readCsv, readWorkbook, p6TablesFromSheets, type MappingProposal, type Sheet } from './table';
import { decodeText } from './encoding';
import { readXer, schedulesFromP6Tables } from './xer';
import { ImportError, inFile, type ImportOptions, type ImportResult } from './types';
import type { PeriodTable } from '../evm/periodTable';
import { repairImplausibleDates } from '../model/sanity';
import { capProjectSummaries, capScheduleText } from './textCaps';
import { dropImplausibleNumbers } from './numberCaps';

export * from './types';
export { detectFormat, type Detection, type FileFormat } from './detect';
export { MAX_CODE_CHARS, MAX_NAME_CHARS, MAX_NOTE_CHARS, MAX_WARNING_CHARS } from './textCaps';

export interface TableChoice {
  /** Which sheet of a workbook holds the table (default: the proposal's pick). */
  sheet?: number;
  /** Column header → canonical field (or null for "ignore"), as the user confirmed it. */
  corrections?: Record<string, string | null>;
  /** Period tables: values are cumulative (the default) or per period. */
  cumulative?: boolean;
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

export function parseScheduleFile(bytes: Uint8Array, options: ParseOptions = {}): ParseOutcome {
  const outcome = readByFormat(bytes, options);
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

function readByFormat(bytes: Uint8Array, options: ParseOptions): ParseOutcome {
  const detection = detectFormat(bytes, options.fileName);
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
      throw new ImportError(`${inFile(options.fileName)}${detection.label} is read by the command line only.`);
  }
}

function fromTable(detection: Detection, sheets: Sheet[], options: ParseOptions): ParseOutcome {
  const choice = options.table ?? {};
  const sheetIndex = choice.sheet ?? bestSheet(sheets);
  const sheet = sheets[sheetIndex];
  if (!sheet) throw new ImportError(`${inFile(options.fileName)}there is no sheet number ${sheetIndex + 1}; the workbook has ${sheets.length}.`);
  let proposal = proposeMapping(sheet);
  if (choice.corrections) proposal = applyCorrections(proposal, choice.corrections);
  const preview = previewOf(sheets, sheetIndex, proposal);
  if (!choice.confirmed) return { kind: 'needs-mapping', detection, proposal, preview };
  if (proposal.kind === 'periods') return { kind: 'period-table', detection, table: periodTableFromSheet(sheet, proposal, { cumulative: choice.cumulative ?? true, fileName: options.fileName }), proposal, preview };
  return { kind: 'schedules', detection, result: activitiesFromTable(sheet, proposal, options) };
}

/** The sheet with the most non-empty rows (title and notes sheets are short). */
function bestSheet(sheets: Sheet[]): number {
  let best = 0;
  for (let i = 1; i < sheets.length; i++) if (sheets[i].rows.length > sheets[best].rows.length) best = i;
  return best;
}

function previewOf(sheets: Sheet[], sheetIndex: number, proposal: MappingProposal): TablePreview {
  const sheet = sheets[sheetIndex];
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
