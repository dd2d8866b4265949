/**
 * Baselines as plans the measures can be taken against (issue 14).
 *
 * A `BaselinePlan` is what a baseline says about each activity: its dates and budget, plus enough
 * of the activity (code, name, WBS, control account, calendar) to show it and to find it again in
 * a later import, where an activity that was re-imported may carry another internal id but keeps
 * the ID the planner sees (P6 task_code, MS Project ID).
 *
 * Plans come from an import: its own baseline fields (`planOfFile`: P6 planned/target dates or the
 * P6 baseline project the reader applied, MS Project Baseline 0 or the earned-value baseline), a
 * baseline it holds (`planOfStored`: MS Project Baseline 1–10, the P6 baseline project), or its
 * current dates and budgets (`planOfCurrent`: "set current as baseline").
 *
 * `applyBaseline` makes a plan the performance measurement baseline (PMB) of a schedule: it
 * returns the schedule with the plan's dates and budgets in the activities' baseline fields, so
 * analyseSchedule spreads PV over them and BAC is their sum. Progress (percent complete, actual
 * dates, actual and remaining cost, snapshots) is left exactly as it was, so EV and AC do not move.
 */
import { compileCalendar, standardCalendar, workingHoursBetween, type CompiledCalendar } from '../calendar';
import type { Activity, Calendar, Schedule, WbsNode } from '../model';
import { tryToMinutes, type LocalDateTime } from '../model/dates';

export interface BaselinePlanRow {
  /** The activity's id in the import the plan came from. */
  activityId: string;
  /** The activity ID as the user sees it: how a plan finds its activity in another import. */
  code?: string;
  name?: string;
  /** WBS code and name in the source import (compare groups by them). */
  wbs?: string;
  wbsName?: string;
  controlAccount?: string;
  calendarId?: string;
  start?: LocalDateTime;
  finish?: LocalDateTime;
  budgetCost?: number;
  budgetUnits?: number;
  /**
   * Duration in working hours when the source holds one (the file's baseline duration, the current
   * actual + remaining); otherwise applyBaseline counts it from the dates.
   */
  duration?: number;
}

export interface BaselinePlan {
  name: string;
  /** When it was set (the source's data date or the baseline's own date), when known. */
  date?: LocalDateTime;
  rows: BaselinePlanRow[];
  /** The calendars of the source import (working days are counted on them). */
  calendars: Calendar[];
  defaultCalendarId?: string;
}

/** Summaries carry no work of their own: a baseline lists only the activities that do. */
const carriesWork = (a: Activity): boolean => a.type !== 'summary';

function wbsIndex(wbs: readonly WbsNode[]): Map<string, WbsNode> {
  return new Map(wbs.map((w) => [w.id, w]));
}

type Values = Pick<BaselinePlanRow, 'start' | 'finish' | 'budgetCost' | 'budgetUnits' | 'duration'>;

/**
 * One row: the activity's description and the values. Built field by field (no spreads or
 * `Object.fromEntries`), as plans run to 100k rows and are made on every compare.
 */
function rowOf(a: Activity, wbs: Map<string, WbsNode>, v: Values): BaselinePlanRow {
  const r: BaselinePlanRow = { activityId: a.id };
  if (a.code) r.code = a.code;
  if (a.name) r.name = a.name;
  const w = a.wbsId ? wbs.get(a.wbsId) : undefined;
  if (w) {
    r.wbs = w.code;
    r.wbsName = w.name;
  }
  const ca = a.controlAccount ?? w?.controlAccount;
  if (ca) r.controlAccount = ca;
  if (a.calendarId) r.calendarId = a.calendarId;
  if (v.start !== undefined) r.start = v.start;
  if (v.finish !== undefined) r.finish = v.finish;
  if (v.budgetCost !== undefined) r.budgetCost = v.budgetCost;
  if (v.budgetUnits !== undefined) r.budgetUnits = v.budgetUnits;
  if (v.duration !== undefined) r.duration = v.duration;
  return r;
}

function planOf(schedule: Schedule, name: string, date: LocalDateTime | undefined, values: (a: Activity) => Values | null): BaselinePlan {
  const wbs = wbsIndex(schedule.wbs);
  const rows: BaselinePlanRow[] = [];
  for (const a of schedule.activities) {
    if (!carriesWork(a)) continue;
    const v = values(a);
    if (v) rows.push(rowOf(a, wbs, v));
  }
  const plan: BaselinePlan = { name, rows, calendars: schedule.calendars };
  if (date) plan.date = date;
  if (schedule.project.defaultCalendarId) plan.defaultCalendarId = schedule.project.defaultCalendarId;
  return plan;
}

/** The import's own baseline fields: what the analysis uses when no other PMB is chosen. */
export function planOfFile(schedule: Schedule, name = 'Baseline in the file'): BaselinePlan {
  return planOf(schedule, name, schedule.project.dataDate, (a) => ({ start: a.baselineStart, finish: a.baselineFinish, budgetCost: a.budgetCost, budgetUnits: a.budgetUnits, duration: a.baselineDuration }));
}

/**
 * The import's current plan as a baseline, as MS Project's Set Baseline and a P6 copy of the
 * project do it: dates are the actual dates where the work has them, else the forecast (remaining)
 * dates, else the planned dates; the budget is the cost at completion, actual + remaining.
 */
export function planOfCurrent(schedule: Schedule, name = 'Current schedule'): BaselinePlan {
  return planOf(schedule, name, schedule.project.dataDate, (a) => ({
    start: a.actualStart ?? a.forecastStart ?? a.plannedStart ?? a.baselineStart,
    finish: a.actualFinish ?? a.forecastFinish ?? a.plannedFinish ?? a.baselineFinish,
    budgetCost: a.actualCost + a.remainingCost,
    budgetUnits: a.actualUnits + a.remainingUnits,
    // Unfinished work: what is done plus what remains; else the duration as planned.
    duration: a.actualDuration !== undefined && a.remainingDuration !== undefined ? a.actualDuration + a.remainingDuration : a.originalDuration,
  }));
}

/** A baseline the import holds (Schedule.baselines); null when it holds none by that id. */
export function planOfStored(schedule: Schedule, baselineId: string): BaselinePlan | null {
  const b = schedule.baselines.find((x) => x.id === baselineId);
  if (!b) return null;
  const byActivity = new Map(b.activities.map((r) => [r.activityId, r]));
  return planOf(schedule, b.name, b.date, (a) => {
    const r = byActivity.get(a.id);
    // MS Project writes no Baseline n record for a task added after that baseline was set.
    return r ? { start: r.start, finish: r.finish, budgetCost: r.budgetCost, budgetUnits: r.budgetUnits } : null;
  });
}

/**
 * Finds each row of a plan among `activities`: by id, else by the activity ID the user sees (an
 * activity keeps its code across imports; internal ids may change). Returns the row per activity
 * index (undefined when the plan has none), and the rows left over (in the plan, not in the schedule).
 */
export function matchPlan(plan: BaselinePlan, activities: readonly Pick<Activity, 'id' | 'code'>[]): { rowOf: (BaselinePlanRow | undefined)[]; unmatched: BaselinePlanRow[] } {
  const byId = new Map<string, number>();
  const byCode = new Map<string, number>();
  plan.rows.forEach((r, i) => {
    byId.set(r.activityId, i);
    // The first row with a code claims it: a code used twice cannot tell the activities apart.
    if (r.code && !byCode.has(r.code)) byCode.set(r.code, i);
  });
  const used = new Uint8Array(plan.rows.length);
  const rowOf: (BaselinePlanRow | undefined)[] = new Array(activities.length);
  activities.forEach((a, k) => {
    let i = byId.get(a.id);
    if (i !== undefined && plan.rows[i].code !== undefined && a.code && plan.rows[i].code !== a.code) i = undefined;
    if (i === undefined && a.code) i = byCode.get(a.code);
    if (i !== undefined && !used[i]) {
      used[i] = 1;
      rowOf[k] = plan.rows[i];
    }
  });
  const unmatched = plan.rows.filter((_, i) => !used[i]);
  return { rowOf, unmatched };
}

/**
 * Compiled calendars by the calendar list they came from: the two plans of a compare (and the PMB
 * step) usually share one import's list, and compiling is the costly part of counting working days.
 */
const compiledBy = new WeakMap<readonly Calendar[], Map<string, CompiledCalendar>>();

/** A compiled calendar per calendar id, compiled on first use; unknown ids get the fallback. */
export function calendarLookup(calendars: readonly Calendar[], defaultCalendarId?: string): (id: string | undefined) => CompiledCalendar {
  const byId = new Map(calendars.map((c) => [c.id, c]));
  let compiled = compiledBy.get(calendars);
  if (!compiled) compiledBy.set(calendars, (compiled = new Map<string, CompiledCalendar>()));
  let fallback: CompiledCalendar | null = null;
  const get = (id: string): CompiledCalendar | null => {
    const hit = compiled.get(id);
    if (hit) return hit;
    const cal = byId.get(id);
    if (!cal) return null;
    const cc = compileCalendar(cal, { calendarsById: byId });
    compiled.set(id, cc);
    return cc;
  };
  return (id) => {
    const cc = id === undefined ? null : get(id);
    if (cc) return cc;
    // Compiled once per lookup: a standard calendar is cheap next to the rows counted on it.
    if (!fallback) fallback = (defaultCalendarId !== undefined ? get(defaultCalendarId) : null) ?? (calendars.length === 1 ? get(calendars[0].id) : null) ?? compileCalendar(standardCalendar());
    return fallback;
  };
}

export interface AppliedBaseline {
  schedule: Schedule;
  /** Activities (that carry work) the plan covers. */
  matched: number;
  /** Activities that carry work but are not in the plan: they have no budget in this PMB. */
  notInPlan: number;
  /** Plan rows with no activity in the schedule (work removed since the baseline). */
  removed: number;
  /** What the user should know about the figures, for the dashboard's warnings. */
  warnings: { message: string; where?: string }[];
}

/**
 * The schedule measured against `plan`: each activity's baseline start, finish, duration and
 * budget (cost and units) become the plan's. An activity the plan does not hold has no budget and
 * no baseline dates in this PMB (as P6 treats an activity missing from its baseline project): its
 * EV and AC are still counted, and a warning says how many. Only baseline fields change: EV and AC
 * come out of the analysis exactly as before.
 */
export function applyBaseline(schedule: Schedule, plan: BaselinePlan): AppliedBaseline {
  const { rowOf, unmatched } = matchPlan(plan, schedule.activities);
  const calendarOf = calendarLookup(schedule.calendars, schedule.project.defaultCalendarId);
  let matched = 0;
  let notInPlan = 0;
  const activities = schedule.activities.map((a, k): Activity => {
    if (!carriesWork(a)) return a;
    const r = rowOf[k];
    // Copied, then overwritten (not `delete`d: deleting keys makes 100k objects slow to read).
    const next: Activity = { ...a, baselineStart: undefined, baselineFinish: undefined, baselineDuration: undefined };
    if (!r) {
      notInPlan++;
      next.budgetCost = 0;
      next.budgetUnits = 0;
      return next;
    }
    matched++;
    if (r.start) next.baselineStart = r.start;
    if (r.finish) next.baselineFinish = r.finish;
    // A baseline that holds no cost for an activity gives it none, as MS Project reads a missing Baseline Cost.
    next.budgetCost = r.budgetCost ?? 0;
    next.budgetUnits = r.budgetUnits ?? 0;
    const s = r.start ? tryToMinutes(r.start) : null;
    const f = r.finish ? tryToMinutes(r.finish) : null;
    // Duration-based % complete divides by the baseline duration: it must be this plan's, in working hours.
    if (r.duration !== undefined) next.baselineDuration = r.duration;
    else if (s !== null && f !== null && f >= s) next.baselineDuration = workingHoursBetween(calendarOf(a.calendarId), s, f);
    return next;
  });
  const warnings: AppliedBaseline['warnings'] = [];
  const where = `PMB: ${plan.name}`;
  if (notInPlan > 0) {
    warnings.push({
      message: `${notInPlan.toLocaleString('en-GB')} ${notInPlan === 1 ? 'activity is' : 'activities are'} not in the performance measurement baseline "${plan.name}", so ${notInPlan === 1 ? 'it has' : 'they have'} no budget or baseline dates: ${notInPlan === 1 ? 'its' : 'their'} actual cost counts, but ${notInPlan === 1 ? 'it adds' : 'they add'} nothing to PV or BAC. Bring ${notInPlan === 1 ? 'it' : 'them'} into the baseline with a change, or choose another PMB on the Baselines tab.`,
      where,
    });
  }
  if (unmatched.length > 0) {
    warnings.push({
      message: `${unmatched.length.toLocaleString('en-GB')} ${unmatched.length === 1 ? 'activity' : 'activities'} of the performance measurement baseline "${plan.name}" ${unmatched.length === 1 ? 'is' : 'are'} not in this status (removed since the baseline), so ${unmatched.length === 1 ? 'its' : 'their'} budget is not in BAC. Compare the baseline with the current status on the Baselines tab to see which.`,
      where,
    });
  }
  return { schedule: { ...schedule, activities }, matched, notInPlan, removed: unmatched.length, warnings };
}
