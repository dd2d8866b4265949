/**
 * The tables Earnest reads from a Powerproject file, in one shape for both physical forms.
 *
 * Both readers (./textFile.ts, ./sqliteFile.ts) turn a file into `AstaTables`: rows keyed by the
 * column names MPXJ documents (TASKID, LINKABLE_START, …), with values already decoded: dates as
 * LocalDateTime strings, numbers as numbers, durations as hours (and `<column>_ELAPSED` = 1 when
 * the duration counts 24-hour time). Only the columns listed in COLUMN_KINDS are kept; the rest of
 * a row is skipped, which is what makes unknown columns harmless.
 */
import type { ImportWarning } from '../../model/schedule';

export type Cell = string | number | null;
export type AstaRow = Record<string, Cell>;

/** How a column is decoded: text, number, date-time, time of day (minutes), or duration (hours). */
export type ColumnKind = 'str' | 'num' | 'date' | 'time' | 'dur';

const TASK_LIKE: Record<string, ColumnKind> = {
  NAME: 'str',
  UNIQUE_TASK_ID: 'str',
  WBN_CODE: 'str',
  CALENDAR: 'num',
  BAR: 'num',
  WBS: 'num',
  NATURAL_ORDER: 'num',
  LINKABLE_START: 'date',
  LINKABLE_FINISH: 'date',
  ACTUAL_DURATION: 'dur',
  OVERALL_PERCENT_COMPLETE: 'num',
  DURATION_TIME_UNIT: 'num',
  CONSTRAINT_FLAG: 'num',
  START_CONSTRAINT_DATE: 'date',
  END_CONSTRAINT_DATE: 'date',
};

/** The columns read, by table. Anything not listed here is skipped. */
export const COLUMN_KINDS: Readonly<Record<string, Readonly<Record<string, ColumnKind>>>> = {
  PROJECT_SUMMARY: { SHORT_NAME: 'str', LONG_NAME: 'str', PROJECT_START: 'date', PROJECT_END: 'date', PROJECT_BY: 'str' },
  BAR: { BARID: 'num', NAME: 'str', EXPANDED_TASK: 'num', NATURAL_ORDER: 'num', BAR_START: 'date', BAR_FINISH: 'date' },
  EXPANDED_TASK: { EXPANDED_TASKID: 'num', ...TASK_LIKE, CUMULATIVH_COSTAMOUNT: 'num', CUMULATIVE_ACTU_COSTAMOUNT: 'num' },
  TASK: { TASKID: 'num', ...TASK_LIKE, RESUME: 'date' },
  MILESTONE: { MILESTONEID: 'num', ...TASK_LIKE, GIVEN_DATE_TIME: 'date', MILESTONE_TYPE: 'num', COMPLETED: 'num' },
  HAMMOCK_TASK: { HAMMOCK_TASKID: 'num' },
  // The done part of a split task; links may name it instead of the task (mpxj issue 81).
  TASK_COMPLETED_SECTION: { ID: 'num', TASK: 'num' },
  LINK: { ID: 'num', START_TASK: 'num', END_TASK: 'num', LINK_KIND: 'num', START_LAG_TIME: 'dur', END_LAG_TIME: 'dur' },
  CALENDAR: { ID: 'num', NAME: 'str', DOMINANT_WORK_PATTERN: 'num', CALENDAR: 'num', WORK_PATTERNS: 'str', EXCEPTIONS: 'str' },
  WORK_PATTERN: { ID: 'num', NAME: 'str', SHIFTS: 'str' },
  TIME_ENTRY: { TIME_ENTRYID: 'num', EXCEPTION: 'num', START_TIME: 'time', END_TIME: 'time' },
  EXCEPTIONN: { ID: 'num', UNIQUE_BIT_FIELD: 'num', EXCEPTION_TYPE: 'num', NAML: 'str' },
  EXCEPTION_ASSIGNMENT: { EXCEPTION_ASSIGNMENTID: 'num', START_DATE: 'date', END_DATE: 'date', EXCEPTIOO: 'num' },
  PERMANENT_RESOURCE: { ID: 'num', NAME: 'str', CALENDAR: 'num', CREATED_AS_FOLDER: 'num' },
  CONSUMABLE_RESOURCE: { ID: 'num', NAME: 'str', CALENDAR: 'num', MEASUREMENT: 'str', COST_PER_UNITAMOUNT: 'num', COST_PER_USEDEFAULTSAMOUNT: 'num', CREATED_AS_FOLDER: 'num' },
  PERM_RESOURCE_SKILL: { ID: 'num', PLAYER: 'num' },
  PERMANENT_SCHEDUL_ALLOCATION: { ID: 'num', ALLOCATED_TO: 'num', ALLOCATION_OF: 'num', EFFORT: 'num', PERCENT_COMPLETE: 'num', BUDGETED_COST_AMOUNT: 'num' },
  WBS_ENTRY: { WBS_ENTRYID: 'num', NATURAP_ORDER: 'num', WBT_CODE: 'str', WBT_NAME: 'str', WBS_ENTRY: 'num' },
  // SQLite form only: the status date lives in progress periods.
  PROGRESS_PERIOD: { ID: 'num', REPORT_DATE: 'date' },
  USERR: { CURRENT_PROGRESS_PERIOD: 'num' },
};

/** The tables a usable schedule needs; a file without them gets a warning naming each. */
export const EXPECTED_TABLES = ['PROJECT_SUMMARY', 'BAR', 'TASK', 'LINK', 'CALENDAR'] as const;

export interface AstaTables {
  form: 'text' | 'sqlite';
  /** Text form: the file version from the first line (e.g. 13004). SQLite: the schema version, when held. */
  version?: number;
  rows: Map<string, AstaRow[]>;
  /** Notes from reading the tables (skipped rows, unreadable values). */
  warnings: ImportWarning[];
}

export function table(t: AstaTables, name: string): AstaRow[] {
  return t.rows.get(name) ?? [];
}

export function num(row: AstaRow, column: string): number | null {
  const v = row[column];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Rows by the number in one column (rows without one are left out). */
export function groupBy(rows: AstaRow[], key: string): Map<number, AstaRow[]> {
  const out = new Map<number, AstaRow[]>();
  for (const r of rows) {
    const k = num(r, key);
    if (k === null) continue;
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(r);
  }
  return out;
}

export function str(row: AstaRow, column: string): string | null {
  const v = row[column];
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}
