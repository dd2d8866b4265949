/**
 * Per-activity figures at a status date, for the activity grid (issue 14): the same steps
 * analyseSchedule takes before it rolls up (columnar form, calendars and spans, inferred actual
 * starts, the measure basis, PV at the data date, EV by technique), kept per activity instead of
 * summed. tests/unit/evm/activityValues.test.ts checks that the sums equal the analysis's PV, EV
 * and AC, so the grid and the cards cannot drift apart.
 */
import { toColumnar } from '../model/columnar';
import type { LocalDateTime } from '../model/dates';
import { fromMinutes } from '../model/dates';
import type { MeasureBasis, Schedule } from '../model/schedule';
import { inferActualStarts } from './actualDates';
import { noActualsIn, resolveDataDate, type ScheduleAnalysisOptions } from './analyseSchedule';
import { basisColumns, chooseBasis, earnedValues, percentCompleteOf } from './techniques';
import { activitySpans, compileCalendars, plannedValuesAt } from './timephase';
import { activityAccrualNote, withFixedCostAccrual } from './fixedCostAccrual';
import { AnalysisInputError } from '../model/errors';

/** One activity as the grid shows it. Dates are the file's; figures are in the measure basis. */
export interface ActivityRow {
  /** Position in the schedule (a stable tie-break for sorting). */
  index: number;
  id: string;
  /** Activity ID as the user sees it (P6 task_code). */
  code: string;
  name: string;
  /** The WBS element's code, '' when the activity has none. */
  wbs: string;
  wbsName: string;
  /** The control account (the activity's own, else its WBS chain's, as the breakdown groups it); '' when none. */
  controlAccount: string;
  /** Actual start, else forecast, else planned. */
  start: LocalDateTime | null;
  /** Actual finish, else forecast, else planned. */
  finish: LocalDateTime | null;
  /** Whether `start` / `finish` are the file's actual dates (P6 marks them "A"). */
  started: boolean;
  finished: boolean;
  baselineStart: LocalDateTime | null;
  baselineFinish: LocalDateTime | null;
  /** The activity's own percent complete (its P6 percent complete type), 0..1. */
  percentComplete: number;
  bac: number;
  pv: number;
  /** How this activity's PV plans its fixed cost, when MS Project accrues it at the start or finish. */
  pvNote?: string;
  ev: number;
  /** Null when the schedule records no actuals (`acMissingReason` says why). */
  ac: number | null;
  /** Total float from the file, in working days on the activity's calendar; null when the file has none. */
  totalFloatDays: number | null;
}

export interface ActivityTable {
  rows: ActivityRow[];
  dataDate: LocalDateTime;
  measureBasis: MeasureBasis;
  currency: string;
  /** Why AC is blank, when it is. */
  acMissingReason: string | null;
  /** How many activities carry a total float from the file. */
  withFloat: number;
  /** The longest Activity ID and WBS code, in characters: the grid sizes those columns so no code is cut. */
  longest: { code: number; wbs: number };
}

const HOURS_PER_DAY_FALLBACK = 8;

/**
 * Every activity's figures at the status date. The Activities tab (through the data worker) and the
 * reports' activity sheet both take their rows from here, so the two cannot differ.
 */
export function activityTable(schedule: Schedule, opts: Pick<ScheduleAnalysisOptions, 'dataDate' | 'today' | 'profile' | 'basis'> = {}): ActivityTable {
  const given = toColumnar(schedule);
  if (given.count === 0) throw new AnalysisInputError("The schedule has no activities, so there is nothing to list: check that the export includes the project's activities.");
  const cals = compileCalendars(given, schedule.project.defaultCalendarId);
  const sp = activitySpans(given, cals);
  const { at: dd } = resolveDataDate(schedule, opts);
  const { columns: c } = inferActualStarts(given, sp, dd);
  const basis = chooseBasis(c, opts.basis ?? schedule.project.measureBasis);
  const cols = basisColumns(c, basis, sp, dd);
  // The same PV as the analysis: MS Project's fixed cost accrual included when PV is money.
  const pvSp = withFixedCostAccrual(sp, c, basis);
  const pvAt = plannedValuesAt(pvSp, cols.budget, dd, opts.profile ?? 'linear');
  const pvNoteOf = (i: number): { pvNote: string } | null => {
    const note = pvSp === sp ? null : activityAccrualNote(c, i, schedule.project.currency || 'GBP');
    return note ? { pvNote: note } : null;
  };
  const earned = earnedValues(c, cols.budget, dd, pvAt);
  let evTotal = 0;
  for (let i = 0; i < c.count; i++) evTotal += earned.ev[i];
  const acMissing = noActualsIn(basis, cols.actual, evTotal) ?? null;

  const hoursPerDay = new Map(schedule.calendars.map((cal) => [cal.id, cal.hoursPerDay > 0 ? cal.hoursPerDay : HOURS_PER_DAY_FALLBACK]));
  const projectDay = (schedule.project.defaultCalendarId && hoursPerDay.get(schedule.project.defaultCalendarId)) || HOURS_PER_DAY_FALLBACK;
  const wbsById = new Map(schedule.wbs.map((w) => [w.id, w]));
  let withFloat = 0;
  const longest = { code: 0, wbs: 0 };
  const rows: ActivityRow[] = schedule.activities.map((a, i) => {
    const w = a.wbsId ? wbsById.get(a.wbsId) : undefined;
    const day = (a.calendarId && hoursPerDay.get(a.calendarId)) || projectDay;
    const float = typeof a.totalFloat === 'number' && Number.isFinite(a.totalFloat) ? a.totalFloat / day : null;
    if (float !== null) withFloat++;
    if (a.code.length > longest.code) longest.code = a.code.length;
    if (w && w.code.length > longest.wbs) longest.wbs = w.code.length;
    return {
      index: i,
      id: a.id,
      code: a.code,
      name: a.name,
      wbs: w?.code ?? '',
      wbsName: w?.name ?? '',
      controlAccount: c.controlAccountIndex[i] >= 0 ? c.controlAccounts[c.controlAccountIndex[i]] : '',
      start: a.actualStart ?? a.forecastStart ?? a.plannedStart ?? null,
      finish: a.actualFinish ?? a.forecastFinish ?? a.plannedFinish ?? null,
      // The flags follow the dates shown: an actual start inferred from progress (actualDates.ts) is not the file's, so no "A".
      started: a.actualStart != null,
      finished: a.actualFinish != null,
      baselineStart: a.baselineStart ?? null,
      baselineFinish: a.baselineFinish ?? null,
      percentComplete: percentCompleteOf(c, i),
      bac: cols.budget[i],
      pv: pvAt[i],
      ...(pvNoteOf(i) ?? {}),
      ev: earned.ev[i],
      ac: acMissing ? null : cols.actual[i],
      totalFloatDays: float,
    };
  });
  return { rows, dataDate: fromMinutes(dd), measureBasis: basis, currency: schedule.project.currency || 'GBP', acMissingReason: acMissing, withFloat, longest };
}

// --- querying: sort, filter and a window (the data worker answers the grid with these) ---------

export type ActivitySortKey = 'code' | 'name' | 'wbs' | 'start' | 'finish' | 'baselineStart' | 'baselineFinish' | 'percentComplete' | 'bac' | 'pv' | 'ev' | 'ac' | 'totalFloatDays';

export const ACTIVITY_SORT_KEYS: readonly ActivitySortKey[] = ['code', 'name', 'wbs', 'start', 'finish', 'baselineStart', 'baselineFinish', 'percentComplete', 'bac', 'pv', 'ev', 'ac', 'totalFloatDays'];

export interface ActivitySort {
  key: ActivitySortKey;
  dir: 'asc' | 'desc';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The row order for a sort: blanks (no date, no float, no AC) last in either direction, as P6 and
 * Excel place them; equal values keep the schedule's order. Codes compare "naturally" (A2 < A10).
 */
export function sortedOrder(rows: readonly ActivityRow[], sort: ActivitySort | undefined): Int32Array {
  const order = Int32Array.from(rows, (_, i) => i);
  if (!sort) return order;
  const { key, dir } = sort;
  const sign = dir === 'desc' ? -1 : 1;
  const values = rows.map((r) => r[key]);
  const text = key === 'code' || key === 'name' || key === 'wbs';
  order.sort((x, y) => {
    const a = values[x];
    const b = values[y];
    const aBlank = a === null || a === '';
    const bBlank = b === null || b === '';
    if (aBlank || bBlank) return aBlank === bBlank ? x - y : aBlank ? 1 : -1;
    let d: number;
    if (text) d = collator.compare(a as string, b as string);
    else if (typeof a === 'number') d = a - (b as number);
    else d = (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    return d === 0 ? x - y : d * sign;
  });
  return order;
}

/** The rows whose Activity ID, name or WBS code contains `filter` (case-insensitive); all when blank. */
export function filteredOrder(rows: readonly ActivityRow[], order: Int32Array, filter: string | undefined): Int32Array {
  const q = (filter ?? '').trim().toLowerCase();
  if (!q) return order;
  const out: number[] = [];
  for (const i of order) {
    const r = rows[i];
    if (r.code.toLowerCase().includes(q) || r.name.toLowerCase().includes(q) || r.wbs.toLowerCase().includes(q) || r.wbsName.toLowerCase().includes(q)) out.push(i);
  }
  return Int32Array.from(out);
}
