/**
 * Tables: Excel workbooks and CSV files, the column mapper that proposes what each column holds,
 * and the builders that turn a mapped table into a schedule or a period table.
 *
 *   readWorkbook(bytes) / readCsv(text)           → Sheet[] / Sheet
 *   turnWideTable(sheet)                           → a wide period table (periods across) turned round, or null
 *   proposeMapping(sheet, kind?)                   → MappingProposal (field, confidence, reason per column)
 *   applyCorrections(proposal, remembered)         → the proposal with the user's choices
 *   activitiesFromTable(sheet, mapping, options)   → ImportResult (canonical schedules)
 *   periodTableFromSheet(sheet, mapping, {cumulative}) → PeriodTable
 *   isP6TablePerSheet(sheets) / p6TablesFromSheets → RawTable[] for the XER model builder
 *   readWorkbookSchedule(bytes, options)           → schedules, or a proposal to review
 */
export type { CellValue, CellRange, Sheet } from './sheet';
export { cellRef, columnLetter, cellText } from './sheet';
export { readWorkbook, isDateFormat, type ReadWorkbookOptions } from './workbook';
export { readCsv, readCsvBytes, type ReadCsvOptions } from './csv';
export { findHeaderRow, type HeaderRowResult } from './headerRow';
export { proposeMapping, MIN_SCORE, type ColumnProposal, type MappingProposal, type ProposeOptions } from './mapper';
export { FIELDS, MAPPING_FIELDS, isMappingField, type FieldInfo, type MappingField, type TableKind, type ValueKind } from './fields';
export { headerSignature } from './signature';
export { applyCorrections } from './corrections';
export { activitiesFromTable, parseLink, type ActivitiesFromTableOptions } from './activities';
export { periodTableFromSheet, type PeriodTableFromSheetOptions } from './periods';
export { isP6TablePerSheet, p6TablesFromSheets, p6HeaderOf, xerText } from './p6Workbook';
export { turnWideTable, type TurnResult } from './wide';
export { readWorkbookSchedule, chooseTableSheet, type ReadWorkbookScheduleOptions, type WorkbookScheduleOutcome } from './route';
export { profileColumn, kindFit, type ColumnProfile } from './profile';
export {
  parseNumberText,
  parseDateText,
  dateOrderEvidence,
  excelSerialToDate,
  parseDurationCell,
  durationHours,
  periodEndOfText,
  type DateOrder,
  type DurationUnit,
} from './values';
