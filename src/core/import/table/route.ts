/**
 * From workbook bytes to schedules: a P6 table-per-sheet workbook goes to the XER model builder;
 * any other workbook (or CSV) gets a column-mapping proposal for the user to confirm, unless the
 * user has confirmed this exact layout before (its header signature is remembered), in which case
 * it is built straight away with their corrections.
 */
import { ImportError, inFile, type ImportResult } from '../types';
import { schedulesFromP6Tables } from '../xer';
import { activitiesFromTable, type ActivitiesFromTableOptions } from './activities';
import { applyCorrections } from './corrections';
import { proposeMapping, type MappingProposal } from './mapper';
import { isP6TablePerSheet, p6HeaderOf, p6TablesFromSheets } from './p6Workbook';
import { quoted, type Sheet } from './sheet';
import { readWorkbook, type ReadWorkbookOptions } from './workbook';

export interface ReadWorkbookScheduleOptions extends ReadWorkbookOptions, ActivitiesFromTableOptions {
  /** Which sheet holds the table (name or 0-based index); default: the likeliest. */
  sheet?: string | number;
  /** Corrections the user confirmed before, by header signature: header → field (or null to ignore). */
  remembered?: Readonly<Record<string, Readonly<Record<string, string | null>>>>;
}

export type WorkbookScheduleOutcome = ImportResult | { needsMapping: MappingProposal; sheet: Sheet };

export function readWorkbookSchedule(bytes: Uint8Array, options: ReadWorkbookScheduleOptions = {}): WorkbookScheduleOutcome {
  const sheets = readWorkbook(bytes, options);
  if (isP6TablePerSheet(sheets)) {
    const head = p6HeaderOf(sheets);
    return schedulesFromP6Tables(p6TablesFromSheets(sheets), {
      ...options,
      application: `Primavera P6${head.version ? ` ${head.version}` : ''} (Excel export, one table per sheet)`,
    });
  }
  const { sheet, proposal } = chooseTableSheet(sheets, options.sheet, options.fileName);
  const remembered = options.remembered?.[proposal.signature];
  if (remembered && proposal.kind === 'activities') {
    const corrected = applyCorrections(proposal, remembered);
    return activitiesFromTable(sheet, corrected, { ...options, format: options.format ?? (bytes[0] === 0x50 || bytes[0] === 0xd0 || bytes[0] === 0x3c ? 'xlsx' : 'csv') });
  }
  return { needsMapping: proposal, sheet };
}

/**
 * The sheet that holds the table, with its proposal: the one asked for, else the visible sheet
 * whose proposal maps the most columns confidently (cover sheets, notes and lookup lists map few).
 */
export function chooseTableSheet(sheets: readonly Sheet[], which?: string | number, fileName?: string): { sheet: Sheet; proposal: MappingProposal } {
  if (which !== undefined) {
    const sheet = typeof which === 'number' ? sheets[which] : sheets.find((s) => s.name === which);
    if (!sheet)
      throw new ImportError(`${inFile(fileName)}there is no sheet ${typeof which === 'number' ? `number ${which + 1}` : quoted(which)}; the workbook has ${sheets.map((s) => quoted(s.name)).join(', ')}.`);
    return { sheet, proposal: proposeMapping(sheet) };
  }
  let best: { sheet: Sheet; proposal: MappingProposal; score: number } | null = null;
  let firstError: unknown = null;
  const candidates = sheets.filter((s) => !s.hidden && s.rows.length > 0);
  for (const sheet of candidates.length ? candidates : sheets) {
    try {
      const proposal = proposeMapping(sheet);
      const confident = proposal.columns.filter((c) => c.field && c.confidence >= 0.7).length;
      const score = confident * 10 + Math.log10(1 + proposal.dataRows);
      if (!best || score > best.score) best = { sheet, proposal, score };
    } catch (e) {
      firstError ??= e;
    }
  }
  if (best) return { sheet: best.sheet, proposal: best.proposal };
  if (firstError instanceof ImportError) throw new ImportError(`${inFile(fileName)}${firstError.message}`, firstError.where);
  throw firstError ?? new ImportError(`${inFile(fileName)}the workbook has no sheet with a table to import.`);
}
