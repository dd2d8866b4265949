/**
 * Time-phased actual work of assignments (MPP9/12/14) → MSPDI TimephasedData type 2 records,
 * the way MS Project's own XML export writes them, so the MSPDI mapping turns them into
 * `Assignment.timephased` 'actual-units' exactly as for an XML file.
 *
 * The blocks (assignment var data, field 50 "timephased actual work" for regular work and 51
 * for actual overtime work; layout learned from MPXJ's TimephasedDataFactory.getCompleteWork):
 *
 *   0   u16 period count
 *   8   f64 work per hour of the whole block (ten-thousandths: 10000 = 100 %), not used
 *   16  f64 total work (thousandths of a minute)
 *   24  i32 where the last period ends: working minutes × 80 from the assignment start
 *   32  the periods, 20 bytes each:
 *         0  i32 where the period starts: working minutes × 80 from the assignment start
 *         4  f64 cumulative work at the period's end (thousandths of a minute)
 *         12 f64 work per hour in the period, not used (MPXJ found it unreliable)
 *       a period ends where the next one starts, the last one at the i32 at 24.
 *
 * Offsets are in working time, so dates need the assignment's effective calendar: the work
 * resource's calendar, else the task's, else the project's; where a task has its own calendar
 * and a work resource has one too, the time both allow (MPXJ's getEffectiveCalendar and
 * CombinedCalendar; see `effectiveCalendarUids`). Calendars are only known once all
 * of the file is read and are in MSPDI form, so this runs as a post-pass over the document
 * (`spreadActualWork`) with the same calendar mapping the MSPDI mapping uses and the shared
 * calendar arithmetic (../../calendar); nothing here is a second calendar engine.
 *
 * How MS Project's XML export writes them (checked on the MPXJ twins mspdiresource.xml,
 * mspdiassignmentfields.xml, assignment-assignments-project2019-mspdi.xml and the Project 2007
 * mspditimephased.xml): one record per 24 hours from the period's start (Start 08:00, Finish
 * 08:00 the next day, a Saturday included, with no value when it holds no working time), the
 * last one ending where the period ends; the value is the period's work spread evenly over its
 * working minutes, regular and overtime work together (type 2 holds both: the records add up
 * to ActualWork, overtime included). Windows holding no work are left out here (the XML's
 * empty and zero records carry nothing the model keeps). Where the XML export goes finer (it
 * writes the last part of some periods hour by hour or minute by minute), the per-day totals
 * are the same; tests/unit/import/mpp/timephasedActual.test.ts compares them.
 *
 * Hostile files: counts and offsets are checked against the block's length and the
 * assignment's span in working time; a block that does not fit, or an assignment whose calendar
 * has no working time, gives no records and one warning per file; the 24-hour windows walked in
 * one file are capped (MAX_WINDOWS), so a 100-year assignment cannot stall the import.
 */
import { addWorkingMinutes, compileCalendar, nextWorkingTime, parseIsoDate, standardCalendar, weekdayOfDayIndex, workingMinutesBetween, type CompiledCalendar } from '../../calendar';
import { fromMinutes, tryToMinutes } from '../../model/dates';
import type { Calendar, ImportWarning, WorkInterval } from '../../model/schedule';
import { mapCalendars } from '../mspdi/calendars';
import type { MspdiAssignment, MspdiDocument, MspdiTimephased } from '../mspdi/document';
import { Bytes } from './blocks';

/** One period of a complete-work block: working minutes from the assignment start, and its work in minutes. */
export interface WorkPeriod {
  from: number;
  to: number;
  work: number;
}

/** An assignment whose actual-work blocks wait for the calendars (filled in by readAssignments). */
export interface PendingActualWork {
  assignment: MspdiAssignment;
  regular?: Uint8Array;
  overtime?: Uint8Array;
}

const HEADER = 32;
const PERIOD = 20;
/** Offsets are working minutes × 80. */
const TICKS_PER_MINUTE = 80;
/** Work below a thousandth of a minute per period is rounding noise. */
const NOISE = 1;
/** 24-hour windows one file may walk: ~200 per assignment on a 10k-assignment plan. */
export const MAX_WINDOWS = 2_000_000;

/**
 * A complete-work block → its periods; `[]` when it holds none (MS Project writes 52-byte
 * blocks with a count of 0 for assignments without actuals), `null` when it is malformed: more
 * periods than bytes, offsets out of order or past the block's end, cumulative work that is not
 * a number or goes down.
 */
export function decodeCompleteWork(data: Uint8Array): WorkPeriod[] | null {
  if (data.length < HEADER + PERIOD) return [];
  const b = new Bytes(data);
  const count = b.u16(0);
  if (count === 0) return [];
  if (HEADER + count * PERIOD > data.length) return null;
  const end = b.i32(24);
  if (end < 0) return null;
  const out: WorkPeriod[] = [];
  let before = 0;
  for (let i = 0, o = HEADER; i < count; i++, o += PERIOD) {
    const from = b.i32(o);
    const to = i + 1 < count ? b.i32(o + PERIOD) : end;
    const cumulative = b.view.getFloat64(o + 4, true);
    if (from < 0 || to < from || to > end || !Number.isFinite(cumulative) || cumulative < before - NOISE) return null;
    const work = cumulative - before;
    before = cumulative;
    if (Math.abs(work) >= NOISE) out.push({ from: from / TICKS_PER_MINUTE, to: to / TICKS_PER_MINUTE, work: work / 1000 });
  }
  return out;
}

/**
 * Which calendars an assignment's working time follows (MPXJ's getEffectiveCalendar): its task's
 * own calendar and its work resource's calendar, both when both exist (MS Project then works
 * only when both do); neither: the project's.
 */
function effectiveCalendarUids(doc: MspdiDocument, a: MspdiAssignment, taskCal: Map<number, number | undefined>, resourceCal: Map<number, number | undefined>): [number | undefined, number | undefined] {
  const task = a.taskUid !== undefined ? taskCal.get(a.taskUid) : undefined;
  const resource = a.resourceUid !== undefined ? resourceCal.get(a.resourceUid) : undefined;
  if (task === undefined && resource === undefined) return [doc.project.calendarUid, undefined];
  return [task ?? resource, task === undefined ? undefined : resource];
}

/** Working time in both calendars: each weekday's and each exception date's intervals intersected. */
export function intersectCalendars(a: Calendar, b: Calendar): Calendar {
  const both = (x: readonly WorkInterval[], y: readonly WorkInterval[]): WorkInterval[] => {
    const out: WorkInterval[] = [];
    for (const [s1, e1] of x) for (const [s2, e2] of y) if (Math.max(s1, s2) < Math.min(e1, e2)) out.push([Math.max(s1, s2), Math.min(e1, e2)]);
    return out.sort((p, q) => p[0] - q[0]);
  };
  const dayOf = (c: Calendar, byDate: Map<string, readonly WorkInterval[]>, date: string): readonly WorkInterval[] => {
    const day = parseIsoDate(date);
    return byDate.get(date) ?? (day === null ? [] : (c.workWeek[weekdayOfDayIndex(day)] ?? []));
  };
  const aDates = new Map(a.exceptions.map((e) => [e.date, e.intervals]));
  const bDates = new Map(b.exceptions.map((e) => [e.date, e.intervals]));
  const dates = [...new Set([...aDates.keys(), ...bDates.keys()])].sort();
  return {
    id: `${a.id}&${b.id}`,
    name: `${a.name} and ${b.name}`,
    hoursPerDay: a.hoursPerDay,
    workWeek: a.workWeek.map((day, d) => both(day, b.workWeek[d] ?? [])),
    exceptions: dates.map((date) => ({ date, intervals: both(dayOf(a, aDates, date), dayOf(b, bDates, date)) })),
  };
}

/**
 * Resolves the pending blocks of `pending` into type-2 records on their assignments (see the file
 * comment), warning once in `doc.warnings` about blocks that could not be placed.
 */
export function spreadActualWork(doc: MspdiDocument, pending: PendingActualWork[]): void {
  if (pending.length === 0) return;
  // Warnings about the calendars themselves come from the real mapping later; not twice.
  const calendars = mapCalendars(doc.calendars, doc.project.minutesPerDay, () => {});
  const byId = new Map<string, Calendar>(calendars.map((c) => [c.id, c]));
  const compiled = new Map<string, CompiledCalendar | null>();
  const compile = (cal: Calendar): CompiledCalendar | null => {
    try {
      return compileCalendar(cal, { calendarsById: byId });
    } catch {
      return null;
    }
  };
  const idOf = (uid: number | undefined): string => (uid !== undefined && byId.has(String(uid)) ? String(uid) : calendars.length ? calendars[0].id : '');
  const compiledOf = ([first, second]: [number | undefined, number | undefined]): CompiledCalendar | null => {
    const ids = second === undefined || second === first || !byId.has(String(second)) ? [idOf(first)] : [idOf(first), String(second)];
    const key = ids.join('&');
    let cc = compiled.get(key);
    if (cc === undefined) {
      // A file without calendars is on MS Project's standard calendar (as the MSPDI mapping assumes).
      const one = ids.map((id) => compiledOf1(id));
      cc = one.includes(null) ? null : one.length === 1 ? one[0] : compile(intersectCalendars((one[0] as CompiledCalendar).resolved, (one[1] as CompiledCalendar).resolved));
      compiled.set(key, cc);
    }
    return cc;
  };
  const compiledOf1 = (id: string): CompiledCalendar | null => {
    let cc = compiled.get(id);
    if (cc === undefined) {
      cc = compile(byId.get(id) ?? standardCalendar());
      compiled.set(id, cc);
    }
    return cc;
  };
  const taskCal = new Map<number, number | undefined>();
  const taskDuration = new Map<number, number>();
  for (const t of doc.tasks) {
    if (t.uid === undefined) continue;
    taskCal.set(t.uid, t.calendarUid);
    taskDuration.set(t.uid, t.duration ?? 0);
  }
  // Only work resources follow their own calendar (MPXJ's getEffectiveCalendar).
  const resourceCal = new Map<number, number | undefined>();
  for (const r of doc.resources) if (r.uid !== undefined && r.type === 1) resourceCal.set(r.uid, r.calendarUid);

  const byPair = new Map<number | undefined, Map<number | undefined, CompiledCalendar | null>>();
  const budget = { windows: MAX_WINDOWS };
  let unreadable = 0;
  let capped = 0;
  for (const p of pending) {
    const a = p.assignment;
    // MPXJ reads no actual work for a task without duration (a milestone): it has no working span.
    if (a.taskUid === undefined || !taskDuration.get(a.taskUid)) continue;
    const regular = p.regular ? decodeCompleteWork(p.regular) : [];
    const overtime = p.overtime ? decodeCompleteWork(p.overtime) : [];
    if (regular === null || overtime === null) {
      unreadable++;
      continue;
    }
    if (regular.length === 0 && overtime.length === 0) continue;
    const start = a.start ? tryToMinutes(a.start) : null;
    const finish = a.finish ? tryToMinutes(a.finish) : null;
    const [first, second] = effectiveCalendarUids(doc, a, taskCal, resourceCal);
    // By the pair of calendar UIDs, without building a string key for each assignment.
    let inner = byPair.get(first);
    if (inner === undefined) byPair.set(first, (inner = new Map()));
    let cc = inner.get(second);
    if (cc === undefined) inner.set(second, (cc = compiledOf([first, second])));
    if (start === null || finish === null || finish < start || cc === null) {
      unreadable++;
      continue;
    }
    const ok = spread(cc, start, finish, regular, overtime, budget, a.timephased);
    if (!ok) {
      if (budget.windows <= 0) capped++;
      else unreadable++;
    }
  }
  if (unreadable) {
    doc.warnings.push({
      message: `The day-by-day actual work of ${unreadable} assignment${unreadable > 1 ? 's' : ''} could not be read (${unreadable > 1 ? 'their' : 'its'} periods fall outside the assignment's dates or ${unreadable > 1 ? 'their' : 'its'} calendar has no working time); ${unreadable > 1 ? 'their' : 'its'} actual work still counts in the totals, as one amount before the first status date. Open the file in Microsoft Project and save it again to repair it.`,
      where: 'TBkndAssn/Var2Data',
    } satisfies ImportWarning);
  }
  if (capped) {
    doc.warnings.push({
      message: `The day-by-day actual work of ${capped} assignment${capped > 1 ? 's' : ''} was not read: the plan's assignments span more than ${MAX_WINDOWS.toLocaleString('en-GB')} days of actuals in all, more than Earnest spreads day by day. ${capped > 1 ? 'Their' : 'Its'} actual work still counts in the totals, as one amount before the first status date.`,
      where: 'TBkndAssn/Var2Data',
    } satisfies ImportWarning);
  }
}

/**
 * The periods of one assignment → 24-hour windows from each period's start, the last one ending
 * with the period; work spread over the working minutes; the records are appended to `out`.
 * False (and `out` as it was) when a period lies outside the assignment's span in working time
 * (a damaged block) or the window budget runs out. Overtime periods repeat the regular windows,
 * so where both exist they end up in one record per window, the records in date order.
 *
 * This runs for every day of actual work in the plan (10k assignments × 20 days = 200k records),
 * so it allocates only the records themselves: no per-window objects, no intermediate arrays
 * when there is no overtime, and date strings shared through `dateText`'s cache.
 */
function spread(cc: CompiledCalendar, start: number, finish: number, regular: WorkPeriod[], overtime: WorkPeriod[], budget: { windows: number }, out: MspdiTimephased[]): boolean {
  let span: number;
  try {
    span = workingMinutesBetween(cc, start, finish);
  } catch {
    return false;
  }
  if (!Number.isFinite(span)) return false;
  const merge = regular.length > 0 && overtime.length > 0;
  const before = out.length;
  // Merged: the records go to a list of their own, sorted, then appended.
  const into = merge ? [] : out;
  // Window start (epoch minutes) → its record, only when regular and overtime work are merged.
  const byStart = merge ? new Map<number, MspdiTimephased>() : undefined;
  const total = regular.length + overtime.length;
  for (let k = 0; k < total; k++) {
    const p = k < regular.length ? regular[k] : overtime[k - regular.length];
    // A minute's tolerance: offsets are rounded to 1/80 minute, the dates to a minute.
    if (p.to > span + 1) return fail(out, before);
    let from: number;
    let to: number;
    try {
      from = p.from === 0 ? start : nextWorkingTime(cc, addWorkingMinutes(cc, start, p.from));
      to = addWorkingMinutes(cc, start, Math.min(p.to, span));
    } catch {
      return fail(out, before); // a calendar that runs out of working time
    }
    if (!Number.isFinite(from) || !Number.isFinite(to)) return fail(out, before);
    if (to < from) to = from;
    const minutes = workingMinutesBetween(cc, from, to);
    const count = minutes > 0 ? Math.max(1, Math.ceil((to - from) / 1440)) : 1;
    budget.windows -= count;
    if (budget.windows < 0) return fail(out, before);
    for (let w = from, i = 0; i < count; i++, w += 1440) {
      const end = i + 1 < count ? w + 1440 : to;
      // Work outside working time (no working minutes in the period) stays in one record.
      const share = minutes > 0 ? workingMinutesBetween(cc, w, end) / minutes : 1;
      if (!(share > 0)) continue;
      const hours = (p.work * share) / 60;
      const finishText = dateText(end);
      if (byStart) {
        const same = byStart.get(w);
        if (same && same.finish === finishText) {
          same.value = (same.value ?? 0) + hours;
          continue;
        }
      }
      const r: MspdiTimephased = { type: 2, start: dateText(w), finish: finishText, value: hours };
      into.push(r);
      byStart?.set(w, r);
    }
  }
  if (merge) {
    into.sort((x, y) => (x.start! < y.start! ? -1 : x.start! > y.start! ? 1 : 0));
    for (const r of into) out.push(r);
  }
  return true;
}

/** Drops what a failed `spread` appended; false. */
function fail(out: MspdiTimephased[], before: number): false {
  out.length = before;
  return false;
}

/**
 * Epoch minute → its `YYYY-MM-DDTHH:mm` text (as fromMinutes). Assignments share their day
 * windows (most start at the same hour of the same days), so the texts are cached: one string
 * per distinct minute instead of two new strings per record. The caches are bounded (a hostile
 * file spreads at most MAX_WINDOWS windows; past the bound, texts are made and not kept).
 */
const minuteTexts = new Map<number, string>();
const dayTexts = new Map<number, string>();
const CACHE_LIMIT = 100_000;
const two = (n: number) => (n < 10 ? '0' : '') + n;

function dateText(minutes: number): string {
  const m = Math.round(minutes);
  let text = minuteTexts.get(m);
  if (text !== undefined) return text;
  const day = Math.floor(m / 1440);
  let dayText = dayTexts.get(day);
  if (dayText === undefined) {
    dayText = fromMinutes(day * 1440).slice(0, 11);
    if (dayTexts.size < CACHE_LIMIT) dayTexts.set(day, dayText);
  }
  const r = m - day * 1440;
  text = dayText + two(Math.floor(r / 60)) + ':' + two(r % 60);
  if (minuteTexts.size < CACHE_LIMIT) minuteTexts.set(m, text);
  return text;
}
