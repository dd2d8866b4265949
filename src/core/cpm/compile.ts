/**
 * Schedule → CpmNetwork: the shared NetworkArrays shape (./network.ts) plus what the CPM passes
 * need per node and per link, all in typed arrays so the passes allocate nothing:
 *
 * - per node: kind, calendar index, durations in working minutes, actual dates, constraint;
 * - per link (indexed like predType/predLag): the lag in working minutes and the compiled
 *   calendar it counts on, resolved here once (predecessor's, successor's, 24-hour or project);
 * - the compiled calendars themselves, each compiled once however many activities use it.
 *
 * Topological order comes from Kahn's algorithm. A cycle is an AnalysisInputError naming the
 * activities in one loop by code and name; links naming an activity that is not in the schedule
 * (an external project's) are dropped with a warning naming them.
 */
import { compileCalendar, continuousCalendar, standardCalendar, workingMinutesBetween, type CompiledCalendar } from '../calendar';
import { tryToMinutes } from '../model/dates';
import { AnalysisInputError } from '../model/errors';
import type { Activity, Calendar, ImportWarning, Project, Schedule } from '../model/schedule';
import {
  CONSTRAINT_CODES,
  CSTR_NONE,
  KIND_FINISH_MILESTONE,
  KIND_LOE,
  KIND_START_MILESTONE,
  KIND_SUMMARY,
  KIND_TASK,
} from './codes';
import { activityLabel, loopMessage } from './loops';
import { LINK_FF, LINK_FS, LINK_SF, LINK_SS, type NetworkArrays } from './network';
import { summaryMembers } from './summaries';

export interface CpmNetwork extends NetworkArrays {
  /** Activity code and name per node, for messages. */
  readonly codes: readonly string[];
  readonly names: readonly string[];
  /** KIND_* per node (./codes.ts). */
  readonly kind: Uint8Array;
  /** Index into `calendars` of each node's calendar. */
  readonly cal: Uint16Array;
  /** Compiled calendars; `calendars[projectCal]` is the project default. */
  readonly calendars: readonly CompiledCalendar[];
  readonly projectCal: number;
  /** Original duration in working minutes (0 for milestones). */
  readonly durMin: Float64Array;
  /** Remaining duration in working minutes (the original when the file gives none). */
  readonly remMin: Float64Array;
  /** Actual duration in working minutes (the file's, else original − remaining); 0 when none. */
  readonly actMin: Float64Array;
  /** Actual start / finish in epoch minutes; NaN when there is none. */
  readonly actStart: Float64Array;
  readonly actFinish: Float64Array;
  /** Expected finish (epoch minutes) of unfinished work, NaN when none (P6 expect_end_date). */
  readonly expFinish: Float64Array;
  /** CSTR_* per node and its date (epoch minutes, NaN when the constraint has none). */
  readonly cstrType: Uint8Array;
  readonly cstrDate: Float64Array;
  /** The secondary constraint (P6), same codes; CSTR_NONE when there is none. */
  readonly cstr2Type: Uint8Array;
  readonly cstr2Date: Float64Array;
  /** Per link (indexed like predType): lag in working minutes and the calendar index it counts on. */
  readonly lagMin: Float64Array;
  readonly lagCal: Uint16Array;
  /** WBS summary members: node s spans summaryIdx[summaryStart[s] .. summaryStart[s + 1]). */
  readonly summaryStart: Int32Array;
  readonly summaryIdx: Int32Array;
  /** Node index of an activity id. */
  readonly indexOf: ReadonlyMap<string, number>;
  /**
   * The project's data date, planned start (else the earliest start an activity states) and
   * scheduling options: the defaults of a run.
   */
  readonly project: Pick<Project, 'dataDate' | 'plannedStart' | 'scheduling'>;
  /** What was dropped or assumed while compiling (dangling links, unknown constraints, missing calendars). */
  readonly warnings: ImportWarning[];
}

const KINDS: Record<Activity['type'], number> = {
  task: KIND_TASK,
  'start-milestone': KIND_START_MILESTONE,
  'finish-milestone': KIND_FINISH_MILESTONE,
  'level-of-effort': KIND_LOE,
  summary: KIND_SUMMARY,
};
const LINK_CODES = { FS: LINK_FS, SS: LINK_SS, FF: LINK_FF, SF: LINK_SF } as const;

const label = activityLabel;

/** At most `max` items of a list, then "and N more". */
function listed(items: string[], max = 5): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** Working hours between two dates on a calendar; undefined when either is missing or they are in the wrong order. */
function spanHours(cc: CompiledCalendar, from: string | undefined, to: string | undefined): number | undefined {
  const a = minutesOf(from);
  const b = minutesOf(to);
  if (a !== a || b !== b || b < a) return undefined;
  return workingMinutesBetween(cc, a, b) / 60;
}

/** The later of two dates (as written). */
function laterOf(a: string, b: string): string {
  return minutesOf(a) >= minutesOf(b) ? a : b;
}

/** Minutes of a date, or NaN. */
function minutesOf(d: string | undefined): number {
  if (!d) return NaN;
  const v = tryToMinutes(d);
  return v === null ? NaN : v;
}

/**
 * Compiles a schedule's logic, calendars, durations, progress and constraints for the CPM passes.
 * Throws AnalysisInputError on a logic loop (naming its activities) or an unusable calendar.
 */
export function compileNetwork(schedule: Schedule): CpmNetwork {
  const acts = schedule.activities;
  const n0 = acts.length;
  const warnings: ImportWarning[] = [];
  const byId = new Map<string, number>();
  for (let i = 0; i < n0; i++) if (!byId.has(acts[i].id)) byId.set(acts[i].id, i);

  // ---- Links: drop dangling ones (external projects), count in-degrees ------------------------
  const rels = schedule.relationships;
  const relPred: number[] = [];
  const relSucc: number[] = [];
  const relIndex: number[] = [];
  const dangling: string[] = [];
  for (let k = 0; k < rels.length; k++) {
    const r = rels[k];
    const p = byId.get(r.predecessorId);
    const s = byId.get(r.successorId);
    if (p === undefined || s === undefined) {
      const missing = p === undefined ? r.predecessorId : r.successorId;
      const other = p === undefined ? s : p;
      dangling.push(`${missing} (${p === undefined ? 'predecessor' : 'successor'} of ${other === undefined ? '?' : acts[other].code})`);
      continue;
    }
    if (p === s) throw new AnalysisInputError(`Logic loop: ${label(acts[p])} is its own predecessor; delete that link in the source schedule and import again.`);
    relPred.push(p);
    relSucc.push(s);
    relIndex.push(k);
  }
  if (dangling.length) {
    warnings.push({
      message: `${dangling.length} relationship${dangling.length === 1 ? '' : 's'} name${dangling.length === 1 ? 's' : ''} an activity that is not in this schedule and ${dangling.length === 1 ? 'was' : 'were'} left out of the CPM: ${listed(dangling)}. Import the other project too to schedule across it.`,
      where: 'relationships',
    });
  }
  const m = relPred.length;

  // ---- Kahn's topological sort (activity order is kept among equals) -------------------------
  const outStart = new Int32Array(n0 + 1);
  for (let k = 0; k < m; k++) outStart[relPred[k] + 1]++;
  for (let i = 0; i < n0; i++) outStart[i + 1] += outStart[i];
  const outIdx = new Int32Array(m);
  const fill = outStart.slice(0, n0);
  const indeg = new Int32Array(n0);
  for (let k = 0; k < m; k++) {
    outIdx[fill[relPred[k]]++] = relSucc[k];
    indeg[relSucc[k]]++;
  }
  const order = new Int32Array(n0);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n0; i++) if (indeg[i] === 0) order[tail++] = i;
  while (head < tail) {
    const v = order[head++];
    for (let e = outStart[v]; e < outStart[v + 1]; e++) {
      const w = outIdx[e];
      if (--indeg[w] === 0) order[tail++] = w;
    }
  }
  if (tail < n0) throw new AnalysisInputError(loopMessage(acts, indeg, relPred, relSucc));
  const n = n0;
  const pos = new Int32Array(n);
  for (let t = 0; t < n; t++) pos[order[t]] = t;

  // ---- Calendars: compile each one used, once -----------------------------------------------
  const calById = new Map<string, Calendar>(schedule.calendars.map((c) => [c.id, c]));
  const compiled: CompiledCalendar[] = [];
  const calIndex = new Map<string, number>();
  const useCalendar = (cal: Calendar): number => {
    let k = calIndex.get(cal.id);
    if (k === undefined) {
      k = compiled.length;
      compiled.push(compileCalendar(cal, { calendarsById: calById }));
      calIndex.set(cal.id, k);
    }
    return k;
  };
  const defaultCal = schedule.project.defaultCalendarId ? calById.get(schedule.project.defaultCalendarId) : undefined;
  if (!defaultCal && schedule.project.defaultCalendarId) {
    warnings.push({ message: `The project calendar "${schedule.project.defaultCalendarId}" is not in the schedule; a standard Monday–Friday 08:00–17:00 calendar stands in for it.`, where: 'project' });
  }
  const projectCal = useCalendar(defaultCal ?? schedule.calendars[0] ?? standardCalendar('cpm-standard'));
  let twentyFour = -1;
  const continuous = (): number => {
    if (twentyFour < 0) twentyFour = useCalendar(continuousCalendar('cpm-24h'));
    return twentyFour;
  };

  // ---- Per node -----------------------------------------------------------------------------
  const ids: string[] = new Array(n);
  const codes: string[] = new Array(n);
  const names: string[] = new Array(n);
  const kind = new Uint8Array(n);
  const cal = new Uint16Array(n);
  const durMin = new Float64Array(n);
  const remMin = new Float64Array(n);
  const actMin = new Float64Array(n);
  const actStart = new Float64Array(n);
  const actFinish = new Float64Array(n);
  const expFinish = new Float64Array(n);
  const cstrType = new Uint8Array(n);
  const cstrDate = new Float64Array(n);
  const cstr2Type = new Uint8Array(n);
  const cstr2Date = new Float64Array(n).fill(NaN);
  const missingCal = new Set<string>();
  const unknownCstr = new Set<string>();
  let fromDates = 0;
  const indexOf = new Map<string, number>();
  for (let t = 0; t < n; t++) {
    const a = acts[order[t]];
    ids[t] = a.id;
    codes[t] = a.code;
    names[t] = a.name;
    indexOf.set(a.id, t);
    const kd = KINDS[a.type] ?? KIND_TASK;
    kind[t] = kd;
    const c = a.calendarId === undefined ? undefined : calById.get(a.calendarId);
    if (a.calendarId !== undefined && !c) missingCal.add(a.calendarId);
    cal[t] = c ? useCalendar(c) : projectCal;
    const milestone = kd === KIND_START_MILESTONE || kd === KIND_FINISH_MILESTONE;
    let given = a.originalDuration ?? a.remainingDuration;
    let remaining = a.remainingDuration;
    if (!milestone && given === undefined) {
      // No duration in the file (an activity list from Excel or CSV gives dates only): the working
      // time its planned dates span on its calendar, else its baseline dates'. Work in progress
      // has what lies between the data date and its forecast (else planned) finish still to do.
      const cc = compiled[cal[t]];
      given = spanHours(cc, a.plannedStart, a.plannedFinish) ?? spanHours(cc, a.baselineStart, a.baselineFinish);
      if (given !== undefined) fromDates++;
      if (a.actualStart !== undefined && a.actualFinish === undefined && schedule.project.dataDate !== undefined) {
        remaining = spanHours(cc, laterOf(a.actualStart, schedule.project.dataDate), a.forecastFinish ?? a.plannedFinish) ?? 0;
      }
    }
    const od = milestone ? 0 : Math.max(0, given ?? 0);
    durMin[t] = od * 60;
    remMin[t] = milestone ? 0 : Math.max(0, remaining ?? od) * 60;
    actMin[t] = milestone ? 0 : Math.max(0, a.actualDuration ?? od - (a.remainingDuration ?? od)) * 60;
    actStart[t] = minutesOf(a.actualStart);
    actFinish[t] = minutesOf(a.actualFinish);
    // A finish without a start: the activity started when it finished (P6 shows it so).
    if (actStart[t] !== actStart[t] && actFinish[t] === actFinish[t]) actStart[t] = actFinish[t];
    expFinish[t] = a.actualFinish ? NaN : minutesOf(a.expectedFinish);
    cstrType[t] = CSTR_NONE;
    cstrDate[t] = NaN;
    if (a.constraint) {
      const code = CONSTRAINT_CODES[a.constraint.type];
      if (code === undefined) unknownCstr.add(a.constraint.type);
      else {
        cstrType[t] = code;
        cstrDate[t] = minutesOf(a.constraint.date);
      }
    }
    if (a.secondaryConstraint) {
      const code = CONSTRAINT_CODES[a.secondaryConstraint.type];
      if (code === undefined) unknownCstr.add(a.secondaryConstraint.type);
      else {
        cstr2Type[t] = code;
        cstr2Date[t] = minutesOf(a.secondaryConstraint.date);
      }
    }
  }
  if (fromDates > 0) {
    warnings.push({ message: `${fromDates.toLocaleString('en-GB')} ${fromDates === 1 ? 'activity has' : 'activities have'} no duration in the file; the working time between ${fromDates === 1 ? 'its' : 'their'} planned (else baseline) dates on ${fromDates === 1 ? 'its' : 'their'} calendar is used.`, where: 'activities' });
  }
  if (missingCal.size) {
    warnings.push({ message: `Activities name calendar${missingCal.size === 1 ? '' : 's'} ${listed([...missingCal])}, not in the schedule; they are scheduled on the project calendar.`, where: 'activities' });
  }
  if (unknownCstr.size) warnings.push({ message: `Unknown constraint type${unknownCstr.size === 1 ? '' : 's'} ${listed([...unknownCstr])} ignored.`, where: 'activities' });

  // ---- Links in CSR, by successor then by predecessor ----------------------------------------
  const predStart = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) predStart[pos[relSucc[k]] + 1]++;
  for (let i = 0; i < n; i++) predStart[i + 1] += predStart[i];
  const predIdx = new Int32Array(m);
  const predType = new Uint8Array(m);
  const predLag = new Float64Array(m);
  const lagMin = new Float64Array(m);
  const lagCal = new Uint16Array(m);
  const at = predStart.slice(0, n);
  for (let k = 0; k < m; k++) {
    const s = pos[relSucc[k]];
    const p = pos[relPred[k]];
    const r = rels[relIndex[k]];
    const e = at[s]++;
    predIdx[e] = p;
    predType[e] = LINK_CODES[r.type] ?? LINK_FS;
    const lag = Number.isFinite(r.lagHours) ? r.lagHours : 0;
    predLag[e] = lag;
    lagMin[e] = lag * 60;
    const lc = r.lagCalendar ?? 'predecessor';
    lagCal[e] = lc === 'successor' ? cal[s] : lc === '24h' ? continuous() : lc === 'project' ? projectCal : cal[p];
  }
  const succStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) succStart[predIdx[e] + 1]++;
  for (let i = 0; i < n; i++) succStart[i + 1] += succStart[i];
  const succIdx = new Int32Array(m);
  const succLink = new Int32Array(m);
  const sat = succStart.slice(0, n);
  for (let s = 0; s < n; s++) {
    for (let e = predStart[s]; e < predStart[s + 1]; e++) {
      const q = sat[predIdx[e]]++;
      succIdx[q] = s;
      succLink[q] = e;
    }
  }

  // ---- WBS summaries: the activities under their WBS element (and its children) -------------
  const { summaryStart, summaryIdx } = summaryMembers(schedule, kind, ids);

  return {
    n, ids, predStart, predIdx, predType, predLag, succStart, succIdx, succLink,
    codes, names, kind, cal, calendars: compiled, projectCal, durMin, remMin, actMin, actStart, actFinish, expFinish, cstrType, cstrDate, cstr2Type, cstr2Date,
    lagMin, lagCal, summaryStart, summaryIdx, indexOf, warnings,
    project: { dataDate: schedule.project.dataDate, plannedStart: schedule.project.plannedStart ?? earliestActivityStart(acts), scheduling: schedule.project.scheduling },
  };
}

/** The earliest start any activity states (actual, planned, else baseline), for a schedule without a project start. */
function earliestActivityStart(acts: readonly Activity[]): string | undefined {
  let best = Infinity;
  let text: string | undefined;
  for (const a of acts) {
    const d = a.actualStart ?? a.plannedStart ?? a.baselineStart;
    const m = minutesOf(d);
    if (m < best) {
      best = m;
      text = d;
    }
  }
  return text;
}
