/**
 * P6 calendar data (CALENDAR.clndr_data): a nested "structured text" of records
 *
 *   (0||CalendarData()(
 *     (0||DaysOfWeek()(
 *       (0||1()())                                          Sunday: no intervals = non-working
 *       (0||2()((0||0(s|08:00|f|12:00)())(0||1(s|13:00|f|17:00)())))   Monday
 *       …  7 = Saturday ))
 *     (0||VIEW(ShowTotal|Y)())
 *     (0||Exceptions()(
 *       (0||0(d|41519)())                                   a holiday
 *       (0||1(d|36992)((0||0(f|12:00|s|8:00)())))           a day with its own hours
 *     ))))
 *
 * A record is `(number||name(attr|value|attr|value…)(children…))`; whitespace and control
 * characters (P6 writes DEL, 0x7F, for line breaks) may sit between records. Exception days are
 * serial dates counted from 1899-12-30 (the spreadsheet epoch). Times are `H:mm` or `HH:mm`,
 * occasionally 12-hour (`8:00 AM`); an interval ending at 00:00 runs to midnight. The `s`/`f`
 * order varies between P6 versions.
 *
 * Without a DaysOfWeek record P6 works Monday–Friday 08:00–16:00 (as MPXJ also assumes).
 */
import type { CalendarException, WorkInterval } from '../../model/schedule';
import { mergeIntervals } from '../../calendar';

export interface StructuredRecord {
  name: string;
  attrs: Record<string, string>;
  children: StructuredRecord[];
}

export class CalendarDataError extends Error {
  override name = 'CalendarDataError';
}

/** Parses P6 structured text; throws CalendarDataError at the first character that does not fit. */
export function parseStructuredText(text: string): StructuredRecord {
  let i = 0;
  const n = text.length;
  const skip = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c <= 32 || c === 127) i++;
      else break;
    }
  };
  const fail = (what: string): never => {
    throw new CalendarDataError(`${what} at character ${i + 1}`);
  };
  const record = (depth: number): StructuredRecord => {
    if (depth > 32) fail('nesting too deep');
    // '(' already consumed. Record number.
    skip();
    const numStart = i;
    while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i === numStart) fail('missing record number');
    skip();
    if (text[i] !== '|' || text[i + 1] !== '|') fail("missing '||'");
    i += 2;
    const nameStart = i;
    const open = text.indexOf('(', i);
    if (open < 0) fail("missing '(' after the record name");
    const name = text.slice(nameStart, open).trim();
    i = open + 1;
    // Attributes: name|value|name|value… up to ')'.
    const attrs: Record<string, string> = {};
    const close = text.indexOf(')', i);
    if (close < 0) fail("missing ')' after the attributes");
    if (close > i) {
      const parts = text.slice(i, close).split('|');
      for (let k = 0; k + 1 < parts.length; k += 2) attrs[parts[k].trim()] = parts[k + 1].trim();
    }
    i = close + 1;
    skip();
    if (text[i] !== '(') fail("missing '(' before the child records");
    i++;
    const children: StructuredRecord[] = [];
    for (;;) {
      skip();
      if (i >= n) fail('unexpected end');
      if (text[i] === ')') {
        i++;
        break;
      }
      if (text[i] !== '(') fail(`unexpected '${text[i]}'`);
      i++;
      children.push(record(depth + 1));
    }
    skip();
    if (text[i] !== ')') fail("missing ')' closing the record");
    i++;
    return { name, attrs, children };
  };
  skip();
  if (text[i] !== '(') fail("calendar data does not start with '('");
  i++;
  return record(0);
}

/** Minutes after midnight for `08:00`, `8:00`, `8:00 AM`, `24:00`; null when unreadable. */
export function parseTime(text: string | undefined): number | null {
  if (!text) return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const mi = Number(m[2]);
  if (m[3]) {
    const pm = m[3].toLowerCase() === 'pm';
    if (h === 12) h = pm ? 12 : 0;
    else if (pm) h += 12;
  }
  if (h > 24 || mi > 59 || (h === 24 && mi > 0)) return null;
  return h * 60 + mi;
}

/** One `(s|…|f|…)` record as intervals: "f|00:00" runs to midnight; a night shift is split. */
function addInterval(rec: StructuredRecord, out: WorkInterval[]): void {
  const s = parseTime(rec.attrs.s);
  const f = parseTime(rec.attrs.f);
  if (s === null || f === null) return;
  // 00:00–00:00 is a whole day (how 24-hour calendars are written).
  if (s === f) out.push([0, 1440]);
  else if (f === 0) out.push([s, 1440]);
  else if (f > s) out.push([s, f]);
  else {
    // 22:00–06:00 within one day's record: the model's days hold [0, f) and [s, 24:00).
    out.push([0, f]);
    if (s < 1440) out.push([s, 1440]);
  }
}

function intervals(recs: StructuredRecord[]): WorkInterval[] {
  const out: WorkInterval[] = [];
  for (const r of recs) addInterval(r, out);
  // Touching or overlapping periods would be refused by the calendar compiler.
  return mergeIntervals(out);
}

const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);

/**
 * The exception days a calendar may hold, as P6 day numbers: 1900-01-01 to 2199-12-31. P6 itself
 * offers no dates outside these; a day beyond them is a damaged file (a `d` of 1e308 would not
 * even make a JavaScript Date), and it must not stretch the compiled calendar's day table past its
 * 500-year limit either.
 */
export const FIRST_EXCEPTION_DAY = 2; // 1900-01-01
export const LAST_EXCEPTION_DAY = 109_574; // 2199-12-31

/** `YYYY-MM-DD` of a P6 day number (days since 1899-12-30); a whole number of days within JavaScript's dates. */
export function serialDate(days: number): string {
  return new Date(EPOCH_1899_12_30 + days * 86400000).toISOString().slice(0, 10);
}

/** An exception's day number as a whole day within FIRST_EXCEPTION_DAY..LAST_EXCEPTION_DAY. */
function clampExceptionDay(d: number): number {
  return Math.min(LAST_EXCEPTION_DAY, Math.max(FIRST_EXCEPTION_DAY, Math.floor(d)));
}

const DEFAULT_DAY: WorkInterval[] = [[480, 960]];

export interface P6CalendarData {
  /** Sunday first, as the model wants. */
  workWeek: WorkInterval[][];
  exceptions: CalendarException[];
  /** What could not be read (for a warning); empty when all went well. */
  problems: string[];
}

/**
 * The work week and exceptions of a clndr_data value. Never throws: unreadable parts are reported
 * in `problems` and replaced by P6's default (Mon–Fri 08:00–16:00, no exceptions).
 */
export function readCalendarData(data: string): P6CalendarData {
  const problems: string[] = [];
  const defaultWeek = () => [[], DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, []] as WorkInterval[][];
  if (!data.trim()) return { workWeek: defaultWeek(), exceptions: [], problems: ['no calendar data (P6 default Mon–Fri 08:00–16:00 used)'] };
  let root: StructuredRecord;
  try {
    root = parseStructuredText(data);
  } catch (e) {
    return { workWeek: defaultWeek(), exceptions: [], problems: [`calendar data unreadable (${(e as Error).message}); P6 default Mon–Fri 08:00–16:00 used`] };
  }
  // Usually the root is CalendarData; some exports start at its children.
  const find = (name: string): StructuredRecord | undefined =>
    root.name === name ? root : (root.children.find((c) => c.name === name) ?? root.children.flatMap((c) => c.children).find((c) => c.name === name));

  let workWeek: WorkInterval[][];
  const days = find('DaysOfWeek');
  if (!days) {
    workWeek = defaultWeek();
    problems.push('no DaysOfWeek in the calendar data (P6 default Mon–Fri 08:00–16:00 used)');
  } else {
    workWeek = [[], [], [], [], [], [], []];
    for (const d of days.children) {
      const n = Number(d.name);
      if (!Number.isInteger(n) || n < 1 || n > 7) {
        problems.push(`unknown weekday "${d.name}"`);
        continue;
      }
      workWeek[n - 1] = intervals(d.children); // 1 = Sunday
    }
  }
  const exceptions: CalendarException[] = [];
  const ex = find('Exceptions');
  if (ex) {
    const seen = new Set<string>();
    for (const e of ex.children) {
      const d = Number(e.attrs.d);
      if (!e.attrs.d || !Number.isFinite(d)) {
        problems.push(`exception without a day number (${JSON.stringify(e.attrs)})`);
        continue;
      }
      const date = serialDate(clampExceptionDay(d));
      if (d < FIRST_EXCEPTION_DAY || d >= LAST_EXCEPTION_DAY + 1) problems.push(`exception day number ${e.attrs.d} lies outside 1900–2199, so it was moved to ${date} (check the calendar's exceptions in P6)`);
      if (seen.has(date)) continue;
      seen.add(date);
      exceptions.push({ date, intervals: intervals(e.children) });
    }
    exceptions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  return { workWeek, exceptions, problems };
}
