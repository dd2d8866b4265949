/**
 * PMXML `Calendar` → model `Calendar`.
 *
 * P6 writes a working period's finish as its last working minute: 08:00–12:00 is
 * `<Start>08:00:00</Start><Finish>11:59:00</Finish>`, and a whole day is 00:00–23:59. The model's
 * intervals are half-open [start, end), so such a finish gets its minute added back.
 *
 * A weekday missing from `StandardWorkWeek` is given P6's default (Monday–Friday 08:00–12:00 and
 * 13:00–17:00, weekends off), as P6 itself does. A calendar with no `StandardWorkWeek` at all and
 * a base calendar inherits the base's week (an empty `workWeek` in the model means "inherit").
 * An exception written as the single period 00:00–23:59 is a non-working day in P6.
 */
import type { Calendar, CalendarException, WorkInterval } from '../../model/schedule';
import type { WarningLog } from './warnings';
import { kid, kids, text, type XmlNode } from './xmlTree';
import { parseDate, parseNumber, timeOfDay } from './values';
import { mergeIntervals } from '../../calendar';

const DAY_INDEX: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  // Older schemas number the days from Sunday = 1.
  '1': 0,
  '2': 1,
  '3': 2,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 6,
};

const DEFAULT_DAY: WorkInterval[] = [
  [8 * 60, 12 * 60],
  [13 * 60, 17 * 60],
];

/** P6's default week: Monday–Friday 08:00–12:00 and 13:00–17:00, weekends off (Sunday first). */
export function p6DefaultWeek(): WorkInterval[][] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 0 || d === 6 ? [] : DEFAULT_DAY.map(([s, e]) => [s, e] as const)));
}

/** Working periods of a `StandardWorkHours` or `HolidayOrException` element. */
function workTimes(node: XmlNode, where: string, log: WarningLog): WorkInterval[] {
  const out: WorkInterval[] = [];
  for (const wt of kids(node, 'WorkTime')) {
    const start = timeOfDay(text(wt, 'Start'));
    const finish = timeOfDay(text(wt, 'Finish'));
    if (start === undefined && finish === undefined) continue; // <WorkTime xsi:nil="true"/>
    if (start === undefined || finish === undefined) {
      log.add(`A calendar working period has no valid start or finish time (${text(wt, 'Start') ?? '—'}–${text(wt, 'Finish') ?? '—'}); it was ignored.`, where, 'calendar-bad-time');
      continue;
    }
    // P6 writes the last working minute (11:59 for noon). Other writers sometimes give the true
    // end (12:00), so the minute is added back only where that lands on a quarter hour.
    // 00:00 as a finish means the end of the day.
    const end = finish === 0 ? 1440 : (finish + 1) % 15 === 0 ? finish + 1 : finish;
    if (end <= start) {
      log.add(`A calendar working period ends before it starts (${text(wt, 'Start')}–${text(wt, 'Finish')}); it was ignored.`, where, 'calendar-bad-time');
      continue;
    }
    out.push([start, end]);
  }
  // Touching or overlapping periods would be refused by the calendar compiler.
  return mergeIntervals(out);
}

export function toCalendar(node: XmlNode, log: WarningLog): Calendar | undefined {
  const id = text(node, 'ObjectId');
  const name = text(node, 'Name') ?? `Calendar ${id ?? '?'}`;
  const where = `Calendar "${name}"`;
  if (!id) {
    log.add('A calendar has no ObjectId, so nothing can refer to it; it was skipped.', where, 'calendar-no-id');
    return undefined;
  }
  const baseCalendarId = text(node, 'BaseCalendarObjectId');

  const weekNode = kid(node, 'StandardWorkWeek');
  let workWeek: WorkInterval[][];
  if (!weekNode && baseCalendarId) workWeek = [];
  else {
    const days: (WorkInterval[] | undefined)[] = new Array<WorkInterval[] | undefined>(7).fill(undefined);
    for (const h of kids(weekNode, 'StandardWorkHours')) {
      const dayName = text(h, 'DayOfWeek');
      const d = dayName === undefined ? undefined : DAY_INDEX[dayName.trim().toLowerCase()];
      if (d === undefined) {
        log.add(`A calendar names an unknown weekday "${dayName ?? ''}"; that entry was ignored.`, where, 'calendar-bad-day');
        continue;
      }
      days[d] = workTimes(h, `${where}, ${dayName}`, log);
    }
    workWeek = days.map((d, i) => d ?? (i === 0 || i === 6 ? [] : DEFAULT_DAY.map(([s, e]) => [s, e] as const)));
  }

  const byDate = new Map<string, CalendarException>();
  for (const ex of kids(kid(node, 'HolidayOrExceptions'), 'HolidayOrException')) {
    const date = parseDate(text(ex, 'Date'))?.slice(0, 10);
    if (!date) {
      log.add(`A calendar exception has no valid date ("${text(ex, 'Date') ?? ''}"); it was ignored.`, where, 'calendar-bad-date');
      continue;
    }
    let intervals = workTimes(ex, `${where}, exception ${date}`, log);
    if (intervals.length === 1 && intervals[0][0] === 0 && intervals[0][1] === 1440) intervals = [];
    // A date listed twice keeps the last entry, as P6's editor would show it.
    byDate.set(date, { date, intervals });
  }

  const worked = workWeek.filter((d) => d.length > 0);
  const weekHours = worked.reduce((sum, d) => sum + d.reduce((s, [a, b]) => s + (b - a), 0), 0) / 60;
  const stated = parseNumber(text(node, 'HoursPerDay'));
  const hoursPerDay = stated !== undefined && stated > 0 && stated <= 24 ? stated : worked.length ? weekHours / worked.length : 8;

  const cal: Calendar = { id, name, hoursPerDay, workWeek, exceptions: [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1)) };
  if (baseCalendarId) cal.baseCalendarId = baseCalendarId;
  return cal;
}
