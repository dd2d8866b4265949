/** CALENDAR rows → model calendars (the clndr_data itself is read by ./calendar.ts). */
import type { Calendar } from '../../model/schedule';
import { readCalendarData } from './calendar';
import { colsOf, type BuildContext } from './kit';

export interface CalendarEntry {
  cal: Calendar;
  /** proj_id of a project calendar, -1 for a global one. */
  projKey: number;
  isDefault: boolean;
}

/** clndr key → calendar; unreadable calendar data is reported and replaced by P6's default week. */
export function readCalendars(ctx: BuildContext): Map<number, CalendarEntry> {
  const calendars = new Map<number, CalendarEntry>();
  const calT = ctx.src.get('CALENDAR');
  if (calT) {
    const c = colsOf(calT, ['clndr_id', 'clndr_name', 'proj_id', 'base_clndr_id', 'default_flag', 'day_hr_cnt', 'clndr_data']);
    for (let r = 0; r < calT.rowCount; r++) {
      const key = ctx.keys.of(calT, r, c.clndr_id);
      if (key === -1 || calendars.has(key)) continue;
      const id = calT.str(r, c.clndr_id).trim();
      const name = calT.str(r, c.clndr_name) || `Calendar ${id}`;
      const data = readCalendarData(calT.str(r, c.clndr_data));
      const weekHours = data.workWeek.reduce((s, d) => s + d.reduce((t, [a, b]) => t + (b - a) / 60, 0), 0);
      const workDays = data.workWeek.filter((d) => d.length > 0).length;
      const dayHours = calT.num(r, c.day_hr_cnt);
      const cal: Calendar = {
        id,
        name,
        hoursPerDay: dayHours > 0 ? dayHours : workDays ? weekHours / workDays : 8,
        workWeek: data.workWeek,
        exceptions: data.exceptions,
      };
      const base = calT.str(r, c.base_clndr_id).trim();
      if (base) cal.baseCalendarId = base;
      if (data.problems.length) ctx.warnings.push({ message: `Calendar "${name}": ${data.problems.join('; ')}.`, where: `CALENDAR row ${r + 1} (clndr_id ${id})` });
      calendars.set(key, { cal, projKey: ctx.keys.of(calT, r, c.proj_id), isDefault: calT.is(r, c.default_flag, 'Y') });
    }
    ctx.src.release('CALENDAR');
  }
  return calendars;
}
