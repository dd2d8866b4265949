/**
 * Builders for Asta Powerproject test files.
 *
 * THESE ARE NOT REAL POWERPROJECT FILES. No public .pp file exists to test against (see
 * ../shared/samples/schedules/asta/NO_PUBLIC_FILES_FOUND.md). The files built here follow the
 * table layouts MPXJ documents (joniles/mpxj, src/main/java/org/mpxj/asta: FileFormat13004 for
 * the text form, AstaSqliteReader / SqliteResultSetRow for the SQLite form). They prove the reader
 * reads those layouts as documented; they cannot prove the layouts match every Powerproject
 * version, which is why every Asta import tells the user that support is new.
 *
 * One plan (`PLAN`) is written in both forms so the tests can check that both read the same.
 */
import initSqlJs, { type Database } from 'sql.js';
import { TEXT_LAYOUTS } from '../../../../src/core/import/asta/layouts';

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** A date-time as the plan gives it: `YYYY-MM-DDTHH:mm`. */
type When = string;

// ---- encoding helpers ------------------------------------------------------------------------

/** Julian Day Number of a calendar date (Fliegel & Van Flandern). */
export function jdn(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const a = Math.floor((14 - m) / 12);
  const yy = y + 4800 - a;
  const mm = m + 12 * a - 3;
  return d + Math.floor((153 * mm + 2) / 5) + 365 * yy + Math.floor(yy / 4) - Math.floor(yy / 100) + Math.floor(yy / 400) - 32045;
}

const secondsOf = (when: When) => (when.length > 10 ? Number(when.slice(11, 13)) * 3600 + Number(when.slice(14, 16)) * 60 : 0);
/** Text-form date: `"<julian day> <seconds>"`. */
export const epoch = (when: When) => `${jdn(when)} ${secondsOf(when)}`;
/** `HHmmss` without leading zeros, as Powerproject writes a time of day. */
export const hhmmss = (hhmm: string) => String(Number(hhmm.replace(':', '')) * 100);
/** SQLite-form date text. */
export const sqlDate = (when: When) => `${when.slice(0, 10)} ${when.length > 10 ? when.slice(11, 16) : '00:00'}:00`;
/** SQLite-form duration text: kind (1 = elapsed), months, hours, and a trailing comma (see values.ts). */
export const sqlDuration = (hours: number, elapsed = false) => `${elapsed ? 1 : 0},0,<${hours}>,`;

// ---- the plan --------------------------------------------------------------------------------

export interface PlanTask {
  id: number;
  bar: number;
  name: string;
  code: string;
  start: When;
  finish: When;
  percent: number;
  actualHours: number;
  resume?: When;
  order: number;
}

export interface PlanAllocation {
  id: number;
  task: number;
  skill: number;
  cost: number;
  hours: number;
  percent: number;
}

export interface Plan {
  name: string;
  code: string;
  start: When;
  finish: When;
  bars: { id: number; name: string; expandedTask: number | null; ownExpanded: number | null; order: number }[];
  tasks: PlanTask[];
  milestones: { id: number; bar: number; name: string; code: string; at: When; type: number; completed: boolean; order: number }[];
  links: { id: number; from: number; to: number; kind: number; startLag: number; endLag: number }[];
  allocations: PlanAllocation[];
  /** Non-working date ranges on calendar 1: start and end as Powerproject stores them (end at midnight = the day before). */
  holidays: { start: When; end: When }[];
}

/**
 * Riverside Depot: a groundworks group (excavation done, foundations half done across the Easter
 * bank holidays) and a frame line holding two tasks, then a handover milestone. BAC £75,000.
 */
export const PLAN: Plan = {
  name: 'Riverside Depot',
  code: 'RD-01',
  start: '2025-04-07T08:00',
  finish: '2025-05-09T17:00',
  bars: [
    { id: 100, name: 'Riverside Depot', expandedTask: null, ownExpanded: 1000, order: 1 },
    { id: 101, name: 'Groundworks', expandedTask: 1000, ownExpanded: 1001, order: 1 },
    { id: 102, name: 'Excavate', expandedTask: 1001, ownExpanded: null, order: 1 },
    { id: 103, name: 'Foundations', expandedTask: 1001, ownExpanded: null, order: 2 },
    { id: 104, name: 'Frame', expandedTask: 1000, ownExpanded: null, order: 2 },
    { id: 105, name: 'Handover', expandedTask: 1000, ownExpanded: null, order: 3 },
  ],
  tasks: [
    { id: 201, bar: 102, name: 'Excavate to formation', code: 'GW-010', start: '2025-04-07T08:00', finish: '2025-04-11T17:00', percent: 100, actualHours: 40, order: 1 },
    { id: 202, bar: 103, name: 'Pour foundations', code: 'GW-020', start: '2025-04-14T08:00', finish: '2025-04-25T17:00', percent: 50, actualHours: 24, resume: '2025-04-17T08:00', order: 1 },
    { id: 203, bar: 104, name: 'Erect steel frame', code: 'FR-010', start: '2025-04-28T08:00', finish: '2025-05-02T17:00', percent: 0, actualHours: 0, order: 1 },
    { id: 204, bar: 104, name: 'Clad frame', code: 'FR-020', start: '2025-05-05T08:00', finish: '2025-05-09T17:00', percent: 0, actualHours: 0, order: 2 },
  ],
  milestones: [{ id: 301, bar: 105, name: 'Handover', code: 'MS-100', at: '2025-05-09T17:00', type: 1, completed: false, order: 1 }],
  links: [
    { id: 1, from: 201, to: 202, kind: 0, startLag: 0, endLag: 0 },
    { id: 2, from: 202, to: 203, kind: 0, startLag: 8, endLag: 0 },
    { id: 3, from: 203, to: 204, kind: 1, startLag: 16, endLag: 0 },
    { id: 4, from: 204, to: 301, kind: 2, startLag: 0, endLag: 0 },
    // To a summary group: left out with a note.
    { id: 5, from: 1001, to: 203, kind: 0, startLag: 0, endLag: 0 },
    // To an activity that is not in the file: left out with a note.
    { id: 6, from: 204, to: 999, kind: 0, startLag: 0, endLag: 0 },
  ],
  allocations: [
    { id: 800, task: 201, skill: 700, cost: 10000, hours: 40, percent: 100 },
    { id: 801, task: 202, skill: 700, cost: 20000, hours: 64, percent: 50 },
    { id: 802, task: 203, skill: 701, cost: 30000, hours: 80, percent: 0 },
    { id: 803, task: 204, skill: 701, cost: 15000, hours: 40, percent: 0 },
  ],
  holidays: [
    { start: '2025-04-18T00:00', end: '2025-04-19T00:00' },
    { start: '2025-04-21T00:00', end: '2025-04-21T00:00' },
  ],
};

/** Exception types (EXCEPTIONN): 1 working, 2 non-working, 3 bank holiday. */
const EXCEPTION_TYPES = [
  { id: 1, bits: 8, name: 'Working' },
  { id: 2, bits: 4, name: 'Non Working' },
  { id: 3, bits: 16, name: 'Bank holiday' },
];

/**
 * The 5-day week as time entries, Sunday first: each day tiled from midnight to midnight, the
 * working entries typed 1 and the rest 2.
 */
export function fiveDayWeek(): { exception: number; start: string; end: string }[][] {
  const off = [{ exception: 2, start: '00:00', end: '00:00' }];
  const on = [
    { exception: 2, start: '00:00', end: '08:00' },
    { exception: 1, start: '08:00', end: '12:00' },
    { exception: 2, start: '12:00', end: '13:00' },
    { exception: 1, start: '13:00', end: '17:00' },
    { exception: 2, start: '17:00', end: '00:00' },
  ];
  return [off, on, on, on, on, on, off];
}

// ---- text form -------------------------------------------------------------------------------

const text = (s: string) => `<"${s}">`;

/** One text-form row: `#<id> <sequence> <type>:` then the values in the layout's column order. */
export function textRow(type: number, values: Record<string, Value>, sequence = 0, version = 13004): string {
  return textRowOf(type, values, sequence, version);
}

function textRowOf(type: number, values: Record<string, Value>, sequence: number, version: number): string {
  const layout = TEXT_LAYOUTS.get(version)?.get(type);
  if (!layout) throw new Error(`no layout for table type ${type}`);
  const cells = layout.columns.map((c) => {
    const v = values[c];
    return v === null || v === undefined ? '' : String(v);
  });
  return `#${cells[0]} ${sequence} ${type}:${cells.slice(1).join(',')}`;
}

/** The first line: two NULs, the zero-padded file version, then free text. */
export const textHeader = (version = 13004) => `\0\0${String(version).padStart(11, '0')} Asta Powerproject`;

/** The plan as a text .pp file (version 13004 unless given). `extraLines` are appended (for tolerance tests). */
export function textPp(plan: Plan = PLAN, extraLines: string[] = [], version = 13004): Uint8Array {
  const textRow = (type: number, values: Record<string, Value>, sequence = 0) => textRowOf(type, values, sequence, version);
  const lines = [textHeader(version)];
  lines.push(textRow(2, { PROJECT_SUMMARYID: 1, SHORT_NAME: text(plan.code), LONG_NAME: text(plan.name), PROJECT_START: epoch(plan.start), PROJECT_END: epoch(plan.finish), PROJECT_BY: text('Site team') }));
  for (const e of EXCEPTION_TYPES) lines.push(textRow(12, { ID: e.id, UNIQUE_BIT_FIELD: e.bits, NAML: text(e.name) }));
  lines.push(textRow(17, { ID: 10, NAME: text('5 day week') }));
  let seq = 0;
  for (const day of fiveDayWeek()) for (const e of day) lines.push(textRow(15, { TIME_ENTRYID: 10, EXCEPTION: e.exception, START_TIME: hhmmss(e.start), END_TIME: hhmmss(e.end) }, seq++));
  lines.push(textRow(11, { ID: 1, NAME: text('Standard'), DOMINANT_WORK_PATTERN: 10, CALENDAR: null }));
  for (const h of plan.holidays) lines.push(textRow(14, { EXCEPTION_ASSIGNMENTID: 1, START_DATE: epoch(h.start), END_DATE: epoch(h.end), EXCEPTIOO: 3 }));
  for (const b of plan.bars) lines.push(textRow(7, { BARID: b.id, NAME: text(b.name), EXPANDED_TASK: b.expandedTask, NATURAL_ORDER: b.order }));
  for (const b of plan.bars) if (b.ownExpanded !== null) lines.push(textRow(23, { EXPANDED_TASKID: b.ownExpanded, BAR: b.id, NAME: text(b.name), CALENDAR: 1 }));
  for (const t of plan.tasks) {
    lines.push(
      textRow(21, {
        TASKID: t.id,
        NAME: text(t.name),
        UNIQUE_TASK_ID: text(t.code),
        BAR: t.bar,
        CALENDAR: 1,
        NATURAL_ORDER: t.order,
        LINKABLE_START: epoch(t.start),
        LINKABLE_FINISH: epoch(t.finish),
        RESUME: t.resume ? epoch(t.resume) : '-1 -1',
        ACTUAL_DURATIONTYPF: 0,
        ACTUAL_DURATION: t.actualHours,
        OVERALL_PERCENT_COMPLETE: t.percent,
        DURATION_TIME_UNIT: 23,
        CONSTRAINT_FLAG: 0,
      }),
    );
  }
  for (const m of plan.milestones) {
    lines.push(textRow(22, { MILESTONEID: m.id, NAME: text(m.name), UNIQUE_TASK_ID: text(m.code), BAR: m.bar, CALENDAR: 1, NATURAL_ORDER: m.order, GIVEN_DATE_TIME: epoch(m.at), MILESTONE_TYPE: m.type, COMPLETED: m.completed ? 1 : 0 }));
  }
  for (const l of plan.links) {
    lines.push(textRow(25, { ID: l.id, START_LAG_TIMETYPF: 0, START_LAG_TIME: l.startLag, END_LAG_TIMETYPF: 0, END_LAG_TIME: l.endLag, START_TASK: l.from, END_TASK: l.to, LINK_KIND: l.kind }));
  }
  lines.push(textRow(62, { ID: 500, NAME: text('Groundworks gang'), CALENDAR: 1, CREATED_AS_FOLDER: 0 }));
  lines.push(textRow(62, { ID: 501, NAME: text('Steel erectors'), CALENDAR: 1, CREATED_AS_FOLDER: 0 }));
  lines.push(textRow(61, { ID: 600, NAME: text('Concrete'), MEASUREMENT: text('m3'), COST_PER_UNITAMOUNT: 95, CALENDAR: 1, CREATED_AS_FOLDER: 0 }));
  lines.push(textRow(63, { ID: 700, PLAYER: 500 }));
  lines.push(textRow(63, { ID: 701, PLAYER: 501 }));
  for (const a of plan.allocations) {
    lines.push(textRow(67, { ID: a.id, ALLOCATED_TO: a.task, ALLOCATION_OF: a.skill, EFFORT: a.hours * 3600, PERCENT_COMPLETE: a.percent, BUDGETED_COST_AMOUNT: a.cost }));
  }
  lines.push(...extraLines);
  return new TextEncoder().encode(lines.join('\r\n') + '\r\n');
}

// ---- SQLite form -----------------------------------------------------------------------------

let SQL: Awaited<ReturnType<typeof initSqlJs>> | null = null;

export async function sqlite(): Promise<Awaited<ReturnType<typeof initSqlJs>>> {
  SQL ??= await initSqlJs();
  return SQL;
}

function create(db: Database, name: string, columns: Record<string, 'INTEGER' | 'REAL' | 'TEXT' | 'DATETIME'>, rows: Row[]): void {
  const names = Object.keys(columns);
  db.run(`CREATE TABLE ${name} (${names.map((c) => `${c} ${columns[c]}`).join(', ')})`);
  const stmt = db.prepare(`INSERT INTO ${name} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`);
  for (const r of rows) stmt.run(names.map((c) => (r[c] === undefined ? null : r[c])));
  stmt.free();
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Packs a work pattern's days as the SQLite form's SHIFTS column: the number of days, then per
 * day a number, the day's name in quotes, the number of entries and the entries (exception type,
 * start, end). MPXJ skips the first two items of a day; IfcOpenShell's pp2ifc shows the name.
 */
export function packShifts(week: { exception: number; start: string; end: string }[][]): string {
  const parts: string[] = [String(week.length)];
  week.forEach((day, i) => {
    parts.push(String(i), `<"${DAY_NAMES[i]}">`, String(day.length));
    for (const e of day) parts.push(String(e.exception), hhmmss(e.start), hhmmss(e.end));
  });
  return parts.join(',');
}

export interface SqliteOptions {
  /** Change the database before it is exported (drop a table, add junk…). */
  tweak?: (db: Database) => void;
  /** Also write a baseline copy of the tasks under PROJID 1 with different names. */
  baselineCopy?: boolean;
}

/** The plan as an SQLite .pp database. */
export async function sqlitePp(plan: Plan = PLAN, options: SqliteOptions = {}): Promise<Uint8Array> {
  const db = new (await sqlite()).Database();
  try {
    const p = (rows: Row[], projid = 0) => rows.map((r) => ({ PROJID: projid, ...r }));
    create(db, 'DODSCHEM', { SCHVER: 'INTEGER' }, [{ SCHVER: 1501 }]);
    create(db, 'PROJECT_SUMMARY', { ID: 'INTEGER', PROJID: 'INTEGER', SHORT_NAME: 'TEXT', LONG_NAME: 'TEXT', PROJECT_START: 'DATETIME', PROJECT_END: 'DATETIME', SOMETHING_NEW: 'TEXT' }, p([{ ID: 1, SHORT_NAME: plan.code, LONG_NAME: plan.name, PROJECT_START: sqlDate(plan.start), PROJECT_END: sqlDate(plan.finish), SOMETHING_NEW: 'ignored' }]));
    create(db, 'PROGRESS_PERIOD', { ID: 'INTEGER', PROJID: 'INTEGER', REPORT_DATE: 'DATETIME' }, p([{ ID: 1, REPORT_DATE: '2025-04-11 17:00:00' }, { ID: 2, REPORT_DATE: '2025-04-16 17:00:00' }, { ID: 3, REPORT_DATE: '2025-04-30 17:00:00' }]));
    create(db, 'USERR', { PROJID: 'INTEGER', CURRENT_PROGRESS_PERIOD: 'INTEGER' }, p([{ CURRENT_PROGRESS_PERIOD: 2 }]));
    create(db, 'EXCEPTIONN', { ID: 'INTEGER', UNIQUE_BIT_FIELD: 'INTEGER', NAML: 'TEXT' }, EXCEPTION_TYPES.map((e) => ({ ID: e.id, UNIQUE_BIT_FIELD: e.bits, NAML: e.name })));
    create(db, 'WORK_PATTERN', { ID: 'INTEGER', NAME: 'TEXT', SHIFTS: 'TEXT' }, [{ ID: 10, NAME: '5 day week', SHIFTS: packShifts(fiveDayWeek()) }]);
    const exceptions = [String(plan.holidays.length), ...plan.holidays.flatMap((h) => [epoch(h.start), epoch(h.end), '3'])].join(',');
    create(db, 'CALENDAR', { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', DOMINANT_WORK_PATTERN: 'INTEGER', CALENDAR: 'INTEGER', WORK_PATTERNS: 'TEXT', EXCEPTIONS: 'TEXT' }, p([{ ID: 1, NAME: 'Standard', DOMINANT_WORK_PATTERN: 10, CALENDAR: null, WORK_PATTERNS: '0', EXCEPTIONS: exceptions }]));
    create(db, 'BAR', { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', EXPANDED_TASK: 'INTEGER', NATURAL_ORDER: 'INTEGER' }, p(plan.bars.map((b) => ({ ID: b.id, NAME: b.name, EXPANDED_TASK: b.expandedTask, NATURAL_ORDER: b.order }))));
    create(db, 'EXPANDED_TASK', { ID: 'INTEGER', PROJID: 'INTEGER', BAR: 'INTEGER', NAME: 'TEXT', CALENDAR: 'INTEGER' }, p(plan.bars.filter((b) => b.ownExpanded !== null).map((b) => ({ ID: b.ownExpanded, BAR: b.id, NAME: b.name, CALENDAR: 1 }))));
    const taskColumns = { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', UNIQUE_TASK_ID: 'TEXT', BAR: 'INTEGER', CALENDAR: 'INTEGER', NATURAL_ORDER: 'INTEGER', LINKABLE_START: 'DATETIME', LINKABLE_FINISH: 'DATETIME', RESUME: 'DATETIME', ACTUAL_DURATION: 'TEXT', OVERALL_PERCENT_COMPLETE: 'REAL', DURATION_TIME_UNIT: 'INTEGER', CONSTRAINT_FLAG: 'INTEGER' } as const;
    const taskRows = (projid: number, suffix: string) =>
      p(
        plan.tasks.map((t) => ({
          ID: t.id,
          NAME: t.name + suffix,
          UNIQUE_TASK_ID: t.code,
          BAR: t.bar,
          CALENDAR: 1,
          NATURAL_ORDER: t.order,
          LINKABLE_START: sqlDate(t.start),
          LINKABLE_FINISH: sqlDate(t.finish),
          RESUME: t.resume ? sqlDate(t.resume) : null,
          ACTUAL_DURATION: sqlDuration(t.actualHours),
          OVERALL_PERCENT_COMPLETE: t.percent,
          DURATION_TIME_UNIT: 23,
          CONSTRAINT_FLAG: 0,
        })),
        projid,
      );
    create(db, 'TASK', taskColumns, [...taskRows(0, ''), ...(options.baselineCopy ? taskRows(1, ' (baseline)') : [])]);
    create(db, 'MILESTONE', { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', UNIQUE_TASK_ID: 'TEXT', BAR: 'INTEGER', CALENDAR: 'INTEGER', NATURAL_ORDER: 'INTEGER', GIVEN_DATE_TIME: 'DATETIME', MILESTONE_TYPE: 'INTEGER', COMPLETED: 'INTEGER' }, p(plan.milestones.map((m) => ({ ID: m.id, NAME: m.name, UNIQUE_TASK_ID: m.code, BAR: m.bar, CALENDAR: 1, NATURAL_ORDER: m.order, GIVEN_DATE_TIME: sqlDate(m.at), MILESTONE_TYPE: m.type, COMPLETED: m.completed ? 1 : 0 }))));
    create(db, 'LINK', { ID: 'INTEGER', PROJID: 'INTEGER', START_TASK: 'INTEGER', END_TASK: 'INTEGER', LINK_KIND: 'INTEGER', START_LAG_TIME: 'TEXT', END_LAG_TIME: 'TEXT' }, p(plan.links.map((l) => ({ ID: l.id, START_TASK: l.from, END_TASK: l.to, LINK_KIND: l.kind, START_LAG_TIME: sqlDuration(l.startLag), END_LAG_TIME: sqlDuration(l.endLag) }))));
    create(db, 'PERMANENT_RESOURCE', { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', CALENDAR: 'INTEGER', CREATED_AS_FOLDER: 'INTEGER' }, p([{ ID: 500, NAME: 'Groundworks gang', CALENDAR: 1, CREATED_AS_FOLDER: 0 }, { ID: 501, NAME: 'Steel erectors', CALENDAR: 1, CREATED_AS_FOLDER: 0 }]));
    create(db, 'CONSUMABLE_RESOURCE', { ID: 'INTEGER', PROJID: 'INTEGER', NAME: 'TEXT', MEASUREMENT: 'TEXT', COST_PER_UNITAMOUNT: 'REAL', CALENDAR: 'INTEGER', CREATED_AS_FOLDER: 'INTEGER' }, p([{ ID: 600, NAME: 'Concrete', MEASUREMENT: 'm3', COST_PER_UNITAMOUNT: 95, CALENDAR: 1, CREATED_AS_FOLDER: 0 }]));
    create(db, 'PERM_RESOURCE_SKILL', { ID: 'INTEGER', PROJID: 'INTEGER', PLAYER: 'INTEGER' }, p([{ ID: 700, PLAYER: 500 }, { ID: 701, PLAYER: 501 }]));
    create(db, 'PERMANENT_SCHEDUL_ALLOCATION', { ID: 'INTEGER', PROJID: 'INTEGER', ALLOCATED_TO: 'INTEGER', ALLOCATION_OF: 'INTEGER', EFFORT: 'REAL', PERCENT_COMPLETE: 'REAL', BUDGETED_COST_AMOUNT: 'REAL' }, p(plan.allocations.map((a) => ({ ID: a.id, ALLOCATED_TO: a.task, ALLOCATION_OF: a.skill, EFFORT: a.hours * 3600, PERCENT_COMPLETE: a.percent, BUDGETED_COST_AMOUNT: a.cost }))));
    options.tweak?.(db);
    return db.export();
  } finally {
    db.close();
  }
}
