/**
 * Powerproject calendars → canonical calendars.
 *
 * Powerproject describes a calendar as a dominant work pattern (its normal week), optional work
 * patterns for date ranges, and exceptions (holidays). A work pattern is a list of time entries
 * that tile each day from midnight to midnight, Sunday first, each entry typed by an EXCEPTIONN
 * row: types 8 (working), 32 (overtime) and 128 (weekend working) are working time, the others
 * (4 non-working, 16 holiday, 64 weather, weekend) are not; files without that column say
 * EXCEPTION_TYPE 0 for working time (IfcOpenShell pp2ifc). A new day starts at each entry that
 * starts at midnight. (MPXJ AstaReader.processCalendar / processWorkPattern.)
 *
 * As in MPXJ, every exception assignment is read as non-working time: which exception types can
 * turn a non-working day into a working one is not documented.
 */
import { dateOnly, toMinutes, MINUTES_PER_DAY, type LocalDateTime } from '../../model/dates';
import type { Calendar, CalendarException, ImportWarning, WorkInterval } from '../../model/schedule';
import { groupBy, num, str, table, type AstaRow, type AstaTables } from './tables';

const WORKING_TYPES = new Set([8, 32, 128]);
/** Powerproject's own default when a working day has no hours: 08:00–12:00 and 13:00–17:00. */
const DEFAULT_DAY: WorkInterval[] = [
  [480, 720],
  [780, 1020],
];
const MONDAY_TO_FRIDAY: WorkInterval[][] = [[], DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, []];
/** One exception or dated work pattern spanning more than this many days is damage, not a plan. */
const MAX_RANGE_DAYS = 3660;

export const calendarId = (astaId: number): string => `cal-${astaId}`;

/** Sorts and joins touching intervals so the calendar engine accepts them. */
function tidy(day: WorkInterval[]): WorkInterval[] {
  const sorted = [...day].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A work pattern's seven days (Sunday first), or null when it has no usable time entries. */
function patternWeek(entries: AstaRow[] | undefined, working: (type: number | null) => boolean): WorkInterval[][] | null {
  if (!entries?.length) return null;
  const week: WorkInterval[][] = [[], [], [], [], [], [], []];
  let day = 6; // Saturday: the first entry at midnight moves to Sunday
  let started = false;
  for (const e of entries) {
    const start = num(e, 'START_TIME') ?? 0;
    let end = num(e, 'END_TIME') ?? 0;
    if (start === 0) {
      day = (day + 1) % 7;
      started = true;
    }
    if (!started) continue;
    if (end <= start) end = MINUTES_PER_DAY; // an entry ending at midnight runs to the end of the day
    if (working(num(e, 'EXCEPTION'))) week[day].push([start, end]);
  }
  return week.map(tidy);
}

const addDays = (date: string, n: number): string => dateOnly(toMinutes(date) + n * MINUTES_PER_DAY);

/** The dates from start to end inclusive, an end at midnight belonging to the day before. */
function datesOf(start: LocalDateTime | null, end: LocalDateTime | null): string[] | null {
  if (!start) return null;
  const first = start.slice(0, 10);
  let last = (end ?? start).slice(0, 10);
  if (end && end.length > 10 && end.slice(11, 16) === '00:00' && last > first) last = addDays(last, -1);
  const days = Math.round((toMinutes(last) - toMinutes(first)) / MINUTES_PER_DAY);
  if (days < 0 || days > MAX_RANGE_DAYS) return null;
  const out: string[] = [];
  for (let i = 0; i <= days; i++) out.push(addDays(first, i));
  return out;
}

export interface CalendarResult {
  calendars: Calendar[];
  byAstaId: Map<number, Calendar>;
}

export function readCalendars(t: AstaTables, warnings: ImportWarning[]): CalendarResult {
  const exceptionTypes = new Map<number, { working: boolean; name: string | null }>();
  for (const r of table(t, 'EXCEPTIONN')) {
    const id = num(r, 'ID');
    if (id === null) continue;
    // MPXJ reads the type from UNIQUE_BIT_FIELD; IfcOpenShell's pp2ifc from EXCEPTION_TYPE (0 = working).
    const bits = num(r, 'UNIQUE_BIT_FIELD');
    const working = bits !== null ? WORKING_TYPES.has(bits) : num(r, 'EXCEPTION_TYPE') === 0;
    exceptionTypes.set(id, { working, name: str(r, 'NAML') });
  }
  const working = (type: number | null) => type !== null && (exceptionTypes.get(type)?.working ?? false);
  const patterns = new Map<number, AstaRow>();
  for (const r of table(t, 'WORK_PATTERN')) {
    const id = num(r, 'ID');
    if (id !== null) patterns.set(id, r);
  }
  const entries = groupBy(table(t, 'TIME_ENTRY'), 'TIME_ENTRYID');
  const exceptionRows = groupBy(table(t, 'EXCEPTION_ASSIGNMENT'), 'EXCEPTION_ASSIGNMENTID');
  const datedPatterns = groupBy(table(t, 'WORK_PATTERN_ASSIGNMENT'), 'WORK_PATTERN_ASSIGNMENTID');

  const calendars: Calendar[] = [];
  const byAstaId = new Map<number, Calendar>();
  const parents = new Map<number, number>();
  for (const row of table(t, 'CALENDAR')) {
    const id = num(row, 'ID');
    if (id === null || byAstaId.has(id)) continue;
    const name = str(row, 'NAME') ?? `Calendar ${id}`;
    const where = `CALENDAR ${id}`;
    const dominant = num(row, 'DOMINANT_WORK_PATTERN');
    let week = dominant === null ? null : patternWeek(entries.get(dominant), working);
    const parent = num(row, 'CALENDAR');
    if (parent !== null && parent !== id) parents.set(id, parent);
    if (!week && parent === null) {
      warnings.push({ message: `Calendar "${name}": its work pattern was not found, so Monday–Friday 08:00–12:00 and 13:00–17:00 is used. Check durations on this calendar.`, where });
      week = MONDAY_TO_FRIDAY;
    }
    const exceptions = new Map<string, CalendarException>();
    // Dated work patterns first: a holiday inside one still wins below.
    for (const dp of datedPatterns.get(id) ?? []) {
      const pid = num(dp, 'WORK_PATTERN');
      if (pid === null || pid === dominant) continue;
      const pweek = patternWeek(entries.get(pid), working);
      const dates = datesOf(str(dp, 'START_DATE'), str(dp, 'END_DATE'));
      if (!pweek || !dates) {
        warnings.push({ message: `Calendar "${name}": a dated work pattern (${String(patterns.get(pid)?.NAME ?? pid)}) could not be read and was left out.`, where });
        continue;
      }
      for (const d of dates) exceptions.set(d, { date: d, intervals: pweek[new Date(`${d}T00:00Z`).getUTCDay()], name: str(patterns.get(pid) ?? {}, 'NAME') ?? undefined });
    }
    let skipped = 0;
    for (const ex of exceptionRows.get(id) ?? []) {
      const dates = datesOf(str(ex, 'START_DATE'), str(ex, 'END_DATE'));
      if (!dates) {
        skipped++;
        continue;
      }
      const type = num(ex, 'EXCEPTIOO');
      const label = type === null ? undefined : (exceptionTypes.get(type)?.name ?? undefined);
      for (const d of dates) exceptions.set(d, { date: d, intervals: [], ...(label ? { name: label } : {}) });
    }
    if (skipped) warnings.push({ message: `Calendar "${name}": ${skipped} exception${skipped === 1 ? '' : 's'} had no readable dates (or spanned more than ten years) and ${skipped === 1 ? 'was' : 'were'} left out.`, where });
    const workWeek = week ?? [];
    const cal: Calendar = { id: calendarId(id), name, hoursPerDay: hoursPerDay(workWeek), workWeek, exceptions: [...exceptions.values()].sort((a, b) => (a.date < b.date ? -1 : 1)) };
    calendars.push(cal);
    byAstaId.set(id, cal);
  }
  // Parents last, once every calendar is known; a missing parent or a cycle is dropped with a note.
  for (const [id, parent] of parents) {
    const cal = byAstaId.get(id);
    if (!cal) continue;
    const seen = new Set([id]);
    let p: number | undefined = parent;
    let cycle = false;
    while (p !== undefined) {
      if (seen.has(p)) {
        cycle = true;
        break;
      }
      seen.add(p);
      p = parents.get(p);
    }
    const base = byAstaId.get(parent);
    if (base && !cycle) {
      cal.baseCalendarId = base.id;
      if (cal.workWeek.length === 0) cal.hoursPerDay = base.hoursPerDay;
    } else {
      warnings.push({ message: `Calendar "${cal.name}": its parent calendar ${cycle ? 'forms a loop' : 'is missing'}, so it stands on its own.`, where: `CALENDAR ${id}` });
      if (cal.workWeek.length === 0) cal.workWeek = MONDAY_TO_FRIDAY;
    }
  }
  for (const cal of calendars) {
    if (cal.workWeek.length === 7 && cal.workWeek.every((d) => d.length === 0) && cal.exceptions.every((e) => e.intervals.length === 0)) {
      warnings.push({ message: `Calendar "${cal.name}" has no working time at all, so Monday–Friday 08:00–12:00 and 13:00–17:00 is used.`, where: cal.id });
      cal.workWeek = MONDAY_TO_FRIDAY;
      cal.hoursPerDay = 8;
    }
  }
  return { calendars, byAstaId };
}

/** The most common length of a working day in the week, in hours (8 when no day works). */
function hoursPerDay(week: WorkInterval[][]): number {
  const counts = new Map<number, number>();
  for (const day of week) {
    const minutes = day.reduce((s, [a, b]) => s + (b - a), 0);
    if (minutes > 0) counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [m, c] of counts) if (c > bestCount || (c === bestCount && m > best)) [best, bestCount] = [m, c];
  return best > 0 ? best / 60 : 8;
}
