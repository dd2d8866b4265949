/**
 * How an MPX file writes its values, and parsers for them. The file says it in three settings
 * records (MPXJ's MPXReader and MPXJFormats show what each field means):
 * - record 10 (currency): symbol, symbol position, digits, thousands separator, decimal separator;
 * - record 11 (defaults): default duration units, …, hours per day (field 3) and per week (field 4);
 * - record 12 (date and time): date order (0 MDY, 1 DMY, 2 YMD), time format (0 12-hour,
 *   1 24-hour), default start time in minutes after midnight, date separator, time separator,
 *   AM text, PM text, date format.
 * Missing settings take MS Project's English defaults.
 *
 * Values come out in the units of the MSPDI document (../mspdi/document.ts): money in major
 * units, durations and work in hours, dates as `YYYY-MM-DD` plus an optional time of day.
 *
 * Durations: a number and a unit, as MS Project displays them ("1.5d", "0ed", "500h"): m, h, d, w,
 * mon (also "mo"), y and their elapsed forms em, eh, ed, ew, emon, ey; % and e% for link lags.
 * No unit means days (MPX 3.0 wrote none). Working units convert with the file's hours per day
 * and per week and MS Project's 20 days per month (MPX does not record it); elapsed units run on
 * the clock: 24 hours a day, 168 a week, 30 days a month, 365 a year.
 */

export interface MpxSettings {
  currencySymbol: string;
  thousands: string;
  decimal: string;
  hoursPerDay: number;
  hoursPerWeek: number;
  /** 0 MDY, 1 DMY, 2 YMD. */
  dateOrder: number;
  dateSeparator: string;
  timeSeparator: string;
  amText: string;
  pmText: string;
  /** Minutes after midnight. */
  defaultStart: number;
}

export const DEFAULT_SETTINGS: MpxSettings = {
  currencySymbol: '$',
  thousands: ',',
  decimal: '.',
  hoursPerDay: 8,
  hoursPerWeek: 40,
  dateOrder: 1,
  dateSeparator: '/',
  timeSeparator: ':',
  amText: 'am',
  pmText: 'pm',
  defaultStart: 480,
};

/** MS Project's days per month, which MPX files do not record. */
export const DAYS_PER_MONTH = 20;

/** A duration in hours, with the unit as written (for link lag formats). */
export interface MpxDuration {
  hours: number;
  /** For % units: the percentage (and `hours` is 0). */
  percent?: number;
  unit: DurationUnit;
}

export type DurationUnit = 'm' | 'h' | 'd' | 'w' | 'mon' | 'y' | 'em' | 'eh' | 'ed' | 'ew' | 'emon' | 'ey' | '%' | 'e%';

const UNIT_ALIASES: Record<string, DurationUnit> = {
  m: 'm', min: 'm', mins: 'm', minute: 'm', minutes: 'm',
  h: 'h', hr: 'h', hrs: 'h', hour: 'h', hours: 'h',
  d: 'd', day: 'd', days: 'd',
  w: 'w', wk: 'w', wks: 'w', week: 'w', weeks: 'w',
  mo: 'mon', mon: 'mon', mons: 'mon', month: 'mon', months: 'mon',
  y: 'y', yr: 'y', yrs: 'y', year: 'y', years: 'y',
  em: 'em', eh: 'eh', ed: 'ed', ew: 'ew', emo: 'emon', emon: 'emon', ey: 'ey',
  '%': '%', 'e%': 'e%',
};

const PLAIN_NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/** A number as the file writes it: its thousands separator dropped, its decimal separator read. */
export function parseNumber(raw: string, s: MpxSettings): number | undefined {
  let t = raw.trim();
  if (t === '') return undefined;
  // Most values have neither separator: no copies for them (a big file has millions of numbers).
  if (s.thousands && s.thousands !== s.decimal && t.includes(s.thousands)) t = t.split(s.thousands).join('');
  if (s.decimal !== '.' && t.includes(s.decimal)) t = t.split(s.decimal).join('.');
  if (!PLAIN_NUMBER.test(t)) return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : undefined;
}

/** Money: the currency symbol wherever it stands, negatives as "-" or in brackets. */
export function parseCurrency(raw: string, s: MpxSettings): number | undefined {
  let t = raw.trim();
  if (t === '') return undefined;
  if (s.currencySymbol) t = t.split(s.currencySymbol).join('');
  t = t.trim();
  let sign = 1;
  if (t.startsWith('(') && t.endsWith(')')) {
    sign = -1;
    t = t.slice(1, -1).trim();
  }
  const v = parseNumber(t, s);
  return v === undefined ? undefined : sign * v;
}

export function parsePercent(raw: string, s: MpxSettings): number | undefined {
  return parseNumber(raw.trim().replace(/%$/, ''), s);
}

export function parseDuration(raw: string, s: MpxSettings): MpxDuration | undefined {
  const t = raw.trim();
  const m = /^([-+]?[\d.,\s]*\d[\d.,]*)\s*([a-z%]*)$/i.exec(t) ?? /^([-+]?[\d.,]*\d)\s*(e?%)$/i.exec(t);
  if (!m) return undefined;
  const value = parseNumber(m[1].replace(/\s/g, ''), s);
  if (value === undefined) return undefined;
  const unit = m[2] === '' ? 'd' : UNIT_ALIASES[m[2].toLowerCase()];
  if (!unit) return undefined;
  if (unit === '%' || unit === 'e%') return { hours: 0, percent: value, unit };
  return { hours: value * hoursPer(unit, s), unit };
}

function hoursPer(unit: DurationUnit, s: MpxSettings): number {
  switch (unit) {
    case 'm':
    case 'em':
      return 1 / 60;
    case 'h':
    case 'eh':
      return 1;
    case 'd':
      return s.hoursPerDay;
    case 'w':
      return s.hoursPerWeek;
    case 'mon':
      return DAYS_PER_MONTH * s.hoursPerDay;
    case 'y':
      return 52 * s.hoursPerWeek;
    case 'ed':
      return 24;
    case 'ew':
      return 168;
    case 'emon':
      return 30 * 24;
    case 'ey':
      return 365 * 24;
    default:
      return 0;
  }
}

/** A rate ("£10.00/h") per hour; no unit means per hour. */
export function parseRate(raw: string, s: MpxSettings): number | undefined {
  const t = raw.trim();
  const slash = t.lastIndexOf('/');
  const amount = parseCurrency(slash >= 0 ? t.slice(0, slash) : t, s);
  if (amount === undefined) return undefined;
  if (slash < 0) return amount;
  const unit = UNIT_ALIASES[t.slice(slash + 1).trim().toLowerCase()];
  if (!unit || unit === '%' || unit === 'e%') return undefined;
  return amount / hoursPer(unit, s);
}

/** A date as written, its time of day kept apart: absent when the file wrote a date only. */
export interface MpxDate {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Minutes after midnight, when the file wrote a time. */
  minutes?: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date in any of the MPX date formats (record 12 field 7 chooses among about twenty: "Tue
 * 07/01/03", "07/01/2003 08:00", "7 January 2003", "Jan 7 '03 8:00am" …): a weekday name is
 * skipped, numeric dates follow the date order, a month name may stand for the month, and a time
 * may follow. Two-digit years are 1950–2049 (MPXJ slides its window with today's date; a fixed
 * one reads the same file the same way every year). "NA" and anything unreadable give undefined.
 */
export function parseDate(raw: string, s: MpxSettings): MpxDate | undefined {
  let t = raw.trim();
  if (t === '' || t.toUpperCase() === 'NA') return undefined;
  let minutes: number | undefined;
  const time = patternsFor(s).dateTime.exec(t);
  if (time) {
    let h = Number(time[1]);
    const min = Number(time[2]);
    const mark = time[3]?.toLowerCase();
    if (mark) {
      const pm = mark === s.pmText.toLowerCase() || mark === 'pm';
      if (h === 12) h = 0;
      if (pm) h += 12;
    }
    if (h > 24 || min > 59) return undefined;
    minutes = Math.min(1440, h * 60 + min);
    t = t.slice(0, time.index).trim();
  }
  const ymd = numericDate(t, s) ?? namedMonthDate(t, s);
  if (!ymd) return undefined;
  const [y, mo, d] = ymd;
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return undefined;
  const date = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return minutes === undefined ? { date } : { date, minutes };
}

function numericDate(t: string, s: MpxSettings): [number, number, number] | undefined {
  const m = patternsFor(s).numericDate.exec(t);
  if (!m) return undefined;
  const a = m[1];
  const b = Number(m[2]);
  const c = m[3];
  if (s.dateOrder === 2) return [year(a), b, Number(c)];
  if (s.dateOrder === 0) return [year(c), Number(a), b];
  return [year(c), b, Number(a)];
}

function namedMonthDate(t: string, s: MpxSettings): [number, number, number] | undefined {
  const words = t.toLowerCase().replace(/[,.]/g, ' ').split(/\s+/).filter((w) => w);
  let month = -1;
  const numbers: string[] = [];
  for (const w of words) {
    const mi = MONTHS.indexOf(w.slice(0, 3));
    if (/^[a-z]/.test(w) && mi >= 0 && month < 0 && w.length >= 3) month = mi + 1;
    else if (/^'?\d{1,4}$/.test(w)) numbers.push(w);
  }
  if (month < 0 || numbers.length !== 2) return undefined;
  // The year is the one with four digits or an apostrophe; else the date order decides.
  let yi = numbers.findIndex((w) => w.startsWith("'") || w.length === 4);
  if (yi < 0) yi = s.dateOrder === 2 ? 0 : 1;
  const y = year(numbers[yi].replace("'", ''));
  const d = Number(numbers[1 - yi].replace("'", ''));
  return [y, month, d];
}

function year(text: string): number {
  const y = Number(text);
  if (text.length > 2) return y;
  return y < 50 ? 2000 + y : 1900 + y;
}

function daysIn(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** A time of day ("08:00", "8:00am") in minutes after midnight; "00:00" as an end is midnight (1440, see the caller). */
export function parseTime(raw: string, s: MpxSettings): number | undefined {
  const t = raw.trim();
  if (t === '') return undefined;
  const m = patternsFor(s).time.exec(t);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const mark = m[3].toLowerCase();
  if (mark) {
    const pm = mark === s.pmText.toLowerCase() || mark === 'pm';
    const am = mark === s.amText.toLowerCase() || mark === 'am';
    if (!pm && !am) return undefined;
    if (h === 12) h = 0;
    if (pm) h += 12;
  }
  if (h > 24 || min > 59) return undefined;
  return h * 60 + min;
}

interface Patterns {
  key: string;
  dateTime: RegExp;
  numericDate: RegExp;
  time: RegExp;
}
let cached: Patterns | null = null;

/** The date and time patterns for the file's separators, built once per set of settings (a big file has millions of dates). */
function patternsFor(s: MpxSettings): Patterns {
  const key = `${s.dateSeparator}\u0000${s.timeSeparator}\u0000${s.amText}\u0000${s.pmText}`;
  if (cached?.key === key) return cached;
  const ts = escapeRe(s.timeSeparator || ':');
  const ds = escapeRe(s.dateSeparator || '/');
  const ampm = [s.amText, s.pmText, 'am', 'pm'].filter((x) => x).map(escapeRe).join('|');
  cached = {
    key,
    dateTime: new RegExp(`(?:^|\\s)(\\d{1,2})${ts}(\\d{2})\\s*(${ampm})?$`, 'i'),
    numericDate: new RegExp(`^(?:[^\\d\\s]+\\.?,?\\s+)?(\\d{1,4})${ds}(\\d{1,2})${ds}(\\d{1,4})$`),
    time: new RegExp(`^(\\d{1,2})(?:${ts}(\\d{2}))?\\s*([a-z]*)$`, 'i'),
  };
  return cached;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
