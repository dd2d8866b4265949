/**
 * Reading one cell's value the way people type it in schedule and cost spreadsheets: amounts with
 * currency symbols and thousands separators, dates in a dozen shapes, durations with units,
 * percentages with or without the sign. Each parser returns null for text it cannot read, so the
 * caller can say which cell and why.
 */
import { fromMinutes, type LocalDateTime } from '../../model/dates';
import type { CellValue } from './sheet';

// ───────────────────────────── numbers and amounts ─────────────────────────────

export interface ParsedNumber {
  value: number;
  /** Written with a % sign (the value is still as written: "45%" gives 45). */
  percent: boolean;
  /** ISO code of a currency symbol or code written with the amount. */
  currency: string | null;
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  '¥': 'JPY',
  '₹': 'INR',
  us$: 'USD',
  a$: 'AUD',
  au$: 'AUD',
  c$: 'CAD',
  ca$: 'CAD',
  nz$: 'NZD',
  hk$: 'HKD',
  s$: 'SGD',
  $: 'USD',
};
const CURRENCY_CODES = ['GBP', 'USD', 'EUR', 'AUD', 'CAD', 'NZD', 'ZAR', 'CHF', 'JPY', 'INR', 'AED', 'SAR', 'QAR', 'HKD', 'SGD', 'NOK', 'SEK', 'DKK'];
const CURRENCY_RE = new RegExp(`^(?:(${CURRENCY_CODES.join('|')})\\s*|(us\\$|au?\\$|ca?\\$|nz\\$|hk\\$|s\\$|[£€¥₹$]))`, 'i');
const CURRENCY_END_RE = new RegExp(`(?:\\s*(${CURRENCY_CODES.join('|')})|\\s*([£€¥₹$]))$`, 'i');
const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, mm: 1e6, bn: 1e9 };

/**
 * An amount or plain number written as text: "£1,234.50", "(1,200)" and "1,200-" (negative),
 * "1.234.567,89" and "1 234,5" (European), "12.5k", "£1.2m", "45%", "-" (accounting zero).
 * Dates, WBS codes ("1.2.3") and words are not numbers.
 */
export function parseNumberText(raw: string): ParsedNumber | null {
  let s = raw.replace(/[\u00a0\u2007\u202f]/g, ' ').trim();
  if (s === '') return null;
  if (s.length > 64) return null;
  if (/^[-–—]$/.test(s)) return { value: 0, percent: false, currency: null };
  let neg = false;
  let signed = false;
  let currency: string | null = null;
  // One sign, before or after the currency ("-£5", "£-5"); "--5" is a typing slip, not 5.
  const takeSign = () => {
    if (signed) return;
    if (s.startsWith('-') || s.startsWith('−') || s.startsWith('–')) {
      neg = !neg;
      signed = true;
      s = s.slice(1).trim();
    } else if (s.startsWith('+')) {
      signed = true;
      s = s.slice(1).trim();
    }
  };
  const takeCurrency = () => {
    const m = CURRENCY_RE.exec(s);
    if (m) {
      currency = m[1] ? m[1].toUpperCase() : (CURRENCY_SYMBOLS[m[2].toLowerCase()] ?? null);
      s = s.slice(m[0].length).trim();
    }
    const e = CURRENCY_END_RE.exec(s);
    if (e) {
      currency = e[1] ? e[1].toUpperCase() : (CURRENCY_SYMBOLS[e[2].toLowerCase()] ?? null);
      s = s.slice(0, s.length - e[0].length).trim();
    }
  };
  takeSign();
  takeCurrency();
  takeSign();
  if (/^\(.*\)$/.test(s)) {
    neg = !neg;
    s = s.slice(1, -1).trim();
    takeCurrency();
    takeSign();
  }
  if (/\d-$/.test(s)) {
    neg = !neg;
    s = s.slice(0, -1).trim();
  }
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  let mult = 1;
  const mm = /^(.*\d)\s*(k|m|mn|mm|bn)$/i.exec(s);
  if (mm && !percent) {
    mult = MULTIPLIERS[mm[2].toLowerCase()];
    s = mm[1];
  }
  const v = plainNumber(s);
  if (v === null) return null;
  const value = (neg ? -v : v) * mult;
  return Number.isFinite(value) ? { value, percent, currency } : null;
}

/** Digits with one decimal separator and optional thousands grouping, in either convention. */
function plainNumber(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d*\.\d+(?:e[+-]?\d+)?$/i.test(s) || /^\d+\.$/.test(s) || /^\d+e[+-]?\d+$/i.test(s)) return Number(s);
  // Both separators: the last one is the decimal point.
  if (/^\d{1,3}(,\d{3})+\.\d*$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(\.\d{3})+,\d*$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  // Commas alone: thousands when grouped in threes ("1,234"), otherwise a decimal comma ("1,5").
  if (/^\d{1,3}(,\d{3})+$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d+,\d+$/.test(s)) return Number(s.replace(',', '.'));
  // Dots alone, more than one group: thousands ("1.234.567").
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) return Number(s.replace(/\./g, ''));
  // Spaces or apostrophes as thousands separators ("1 234 567,89", "1'234.50").
  const m = /^(\d{1,3}(?:[ '’]\d{3})+)([.,]\d+)?$/.exec(s);
  if (m) return Number(m[1].replace(/[ '’]/g, '') + (m[2] ? `.${m[2].slice(1)}` : ''));
  return null;
}

/** A cell as a number: numbers pass through, text is read by `parseNumberText`. */
export function numberOfCell(v: CellValue): ParsedNumber | null {
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, percent: false, currency: null } : null;
  if (typeof v === 'string') return parseNumberText(v);
  return null;
}

// ───────────────────────────── dates ─────────────────────────────

/** How an all-numeric date such as 03/04/2025 is read: 3 April (dmy) or 4 March (mdy). */
export type DateOrder = 'dmy' | 'mdy';

export interface ParsedDate {
  /** `YYYY-MM-DDTHH:mm`. */
  date: LocalDateTime;
  /** The text carried a time of day (a typed date cell at midnight counts as no time). */
  hasTime: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function monthOf(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '');
  if (n.length < 3) return null;
  const i = MONTHS.indexOf(n.slice(0, 3));
  if (i < 0) return null;
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][i];
  return full.startsWith(n) || n === 'sept' ? i + 1 : null;
}

const fullYear = (y: number, digits: number) => (digits <= 2 ? (y < 70 ? 2000 + y : 1900 + y) : y);

function validYmd(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const dim = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return d <= dim;
}

function make(y: number, m: number, d: number, time: TimeParts | null): ParsedDate | null {
  if (!validYmd(y, m, d)) return null;
  const h = time?.h ?? 0;
  const mi = time?.mi ?? 0;
  return { date: `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}`, hasTime: time !== null };
}

interface TimeParts {
  h: number;
  mi: number;
}

/** " 08:00", "T08:00:00.000Z", " 8:00 AM", " 17:00" — or "" for no time. undefined = not a time. */
function parseTime(t: string): TimeParts | null | undefined {
  const s = t.trim();
  if (s === '') return null;
  const m = /^T?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm|a\.m\.|p\.m\.)?\s*(?:z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (!m) return undefined;
  let h = Number(m[1]);
  const mi = Number(m[2]);
  const mer = m[4]?.toLowerCase().replace(/\./g, '');
  if (mer) {
    if (h < 1 || h > 12) return undefined;
    if (mer === 'pm' && h < 12) h += 12;
    if (mer === 'am' && h === 12) h = 0;
  }
  if (h > 24 || mi > 59 || (h === 24 && mi > 0)) return undefined;
  return { h, mi };
}

/**
 * Clutter around a date: a weekday in front ("Mon 03/03/25", "Monday, 3 March 2025"), and P6's
 * markers after it (" A" for an actual date, "*" for a constrained one).
 */
function stripDecorations(text: string): string {
  // No date is this long; the patterns below backtrack quadratically over a long run of spaces.
  if (text.length > MAX_DATE_TEXT) return text;
  return text
    .trim()
    .replace(/^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .replace(/\s*\*$/, '')
    .replace(/(\d)\s+A$/, '$1')
    .trim();
}

/** Longer text is not a date (parseDateText refuses above 40 characters after clean-up). */
const MAX_DATE_TEXT = 200;

/** Date shapes (date part, rest = time). */
const ISO_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})((?:[T ]|$).*)$/;
const YMD_RE = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})(\s.*)?$/;
const NUMERIC_RE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(\s.*)?$/;
const DMONY_RE = /^(\d{1,2})(?:st|nd|rd|th)?[-\s/.]?([A-Za-z]{3,9}\.?)[-\s/.,]*(\d{4}|\d{2})(\s.*)?$/;
const MONDY_RE = /^([A-Za-z]{3,9}\.?)[-\s]+(\d{1,2})(?:st|nd|rd|th)?,?[-\s]+(\d{4}|\d{2})(\s.*)?$/;

/**
 * A date typed as text. All-numeric day/month dates are read in `order`; ISO dates, month names
 * and a year first are unambiguous. Returns null for anything else (including impossible dates
 * such as 31/02/2025).
 */
export function parseDateText(text: string, order: DateOrder = 'dmy'): ParsedDate | null {
  const s = stripDecorations(text);
  if (s.length < 6 || s.length > 40) return null;
  let m = ISO_RE.exec(s);
  if (m) {
    const t = parseTime(m[4]);
    return t === undefined ? null : make(+m[1], +m[2], +m[3], t);
  }
  m = YMD_RE.exec(s);
  if (m) {
    const t = parseTime(m[4] ?? '');
    return t === undefined ? null : make(+m[1], +m[2], +m[3], t);
  }
  m = NUMERIC_RE.exec(s);
  if (m) {
    const t = parseTime(m[5] ?? '');
    if (t === undefined) return null;
    const a = +m[1];
    const b = +m[3];
    const y = fullYear(+m[4], m[4].length);
    return order === 'dmy' ? make(y, b, a, t) : make(y, a, b, t);
  }
  m = DMONY_RE.exec(s);
  if (m) {
    const mo = monthOf(m[2]);
    const t = parseTime(m[4] ?? '');
    return mo === null || t === undefined ? null : make(fullYear(+m[3], m[3].length), mo, +m[1], t);
  }
  m = MONDY_RE.exec(s);
  if (m) {
    const mo = monthOf(m[1]);
    const t = parseTime(m[4] ?? '');
    return mo === null || t === undefined ? null : make(fullYear(+m[3], m[3].length), mo, +m[2], t);
  }
  return null;
}

/**
 * What an all-numeric date says about the day/month order: 'dmy' when the first number is over
 * 12 (25/03/2025), 'mdy' when the second is (03/25/2025), 'either' when both are ≤ 12, null when
 * the text is not such a date.
 */
export function dateOrderEvidence(text: string): DateOrder | 'either' | null {
  const m = NUMERIC_RE.exec(stripDecorations(text));
  if (!m) return null;
  const a = +m[1];
  const b = +m[3];
  if (a > 12 && b <= 12) return 'dmy';
  if (b > 12 && a <= 12) return 'mdy';
  if (a <= 12 && b <= 12) return 'either';
  return null;
}

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug makes serials below 61 a day off). */
const EXCEL_EPOCH_1900 = -25569;
/** The 1904 date system (old Mac workbooks) counts from 1904-01-01. */
const EXCEL_EPOCH_1904 = -24107;

/**
 * An Excel date serial (days since 1899-12-30, the fraction is the time of day) as a wall-clock
 * `YYYY-MM-DDTHH:mm`, computed without time zones so it cannot drift by an hour. Null outside
 * years 1900–9999.
 */
export function excelSerialToDate(serial: number, date1904 = false): LocalDateTime | null {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2958466) return null;
  let days = Math.floor(serial);
  let minutes = Math.round((serial - days) * 1440);
  if (minutes >= 1440) {
    days += 1;
    minutes -= 1440;
  }
  let epoch = date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH_1900;
  // Serials 1–60 in the 1900 system: Excel counts a 29 Feb 1900 that never was.
  if (!date1904 && days < 61) epoch += 1;
  return fromMinutes((days + epoch) * 1440 + minutes);
}

/** Plausible Excel serials for schedule dates: 1950-01-01 … 2099-12-31. */
export function isPlausibleSerial(n: number): boolean {
  return n >= 18264 && n < 73051;
}

/** A `Date` by its local wall-clock fields, rounded to the minute. */
export function dateObjectToLocal(d: Date): LocalDateTime | null {
  const t = d.getTime();
  if (!Number.isFinite(t)) return null;
  const ms = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
  return fromMinutes(Math.round(ms / 60000));
}

export interface DateCellOptions {
  order?: DateOrder;
  /** Read numbers as Excel serials (a date column in a CSV, or a workbook that lost the format). */
  serials?: boolean;
}

/** A cell as a date: typed dates, date text, and (when allowed) Excel serial numbers. */
export function dateOfCell(v: CellValue, opts: DateCellOptions = {}): ParsedDate | null {
  if (v instanceof Date) {
    const d = dateObjectToLocal(v);
    return d ? { date: d, hasTime: !d.endsWith('T00:00') } : null;
  }
  if (typeof v === 'number') {
    if (!opts.serials || !isPlausibleSerial(v)) return null;
    const d = excelSerialToDate(v);
    return d ? { date: d, hasTime: !d.endsWith('T00:00') } : null;
  }
  if (typeof v === 'string') {
    const p = parseDateText(v, opts.order);
    // The workbook reader writes date cells as YYYY-MM-DDTHH:mm; midnight there means "no time".
    if (p && /^\d{4}-\d{2}-\d{2}T00:00$/.test(v.trim())) return { date: p.date, hasTime: false };
    if (p && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v.trim())) return { date: p.date, hasTime: true };
    return p;
  }
  return null;
}

/**
 * A period label that names a month or a period end: a full date, "Mar-25", "March 2025",
 * "2025-03". Months give their last day, since a period is reported at its end.
 */
export function periodEndOfText(text: string, order: DateOrder = 'dmy'): string | null {
  if (text.length > MAX_DATE_TEXT) return null;
  const t = text.trim();
  const full = parseDateText(t, order);
  if (full) return full.date.endsWith('T00:00') ? full.date.slice(0, 10) : full.date;
  let m = /^([A-Za-z]{3,9})\.?[-\s/']*(\d{4}|\d{2})$/.exec(t);
  let y: number | null = null;
  let mo: number | null = null;
  if (m) {
    mo = monthOf(m[1]);
    y = fullYear(+m[2], m[2].length);
  } else if ((m = /^(\d{4})[-/](\d{1,2})$/.exec(t))) {
    y = +m[1];
    mo = +m[2];
  } else if ((m = /^(\d{1,2})[-/](\d{4})$/.exec(t))) {
    y = +m[2];
    mo = +m[1];
  }
  if (y === null || mo === null || mo < 1 || mo > 12) return null;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${pad(y, 4)}-${pad(mo)}-${pad(last)}`;
}

// ───────────────────────────── durations ─────────────────────────────

export type DurationUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'elapsed-hours' | 'elapsed-days' | 'elapsed-weeks';

export interface ParsedDuration {
  value: number;
  /** Null when the cell is a bare number (the column's unit applies). */
  unit: DurationUnit | null;
}

const UNIT_WORDS: [RegExp, DurationUnit][] = [
  [/^(?:m|min|mins|minute|minutes)$/, 'minutes'],
  [/^(?:h|hr|hrs|hour|hours)$/, 'hours'],
  [/^(?:d|dy|dys|day|days|wd|wdays)$/, 'days'],
  [/^(?:w|wk|wks|week|weeks)$/, 'weeks'],
  [/^(?:mo|mon|mons|mth|mths|month|months)$/, 'months'],
  [/^(?:eh|ehr|ehrs|ehour|ehours)$/, 'elapsed-hours'],
  [/^(?:ed|edy|eday|edays|cd|cal days|calendar days)$/, 'elapsed-days'],
  [/^(?:ew|ewk|ewks|eweek|eweeks)$/, 'elapsed-weeks'],
];

/** The unit a word names ("days", "hrs", "wk"), or null. */
export function durationUnitOf(word: string): DurationUnit | null {
  const w = word.trim().toLowerCase().replace(/\.$/, '');
  for (const [re, unit] of UNIT_WORDS) if (re.test(w)) return unit;
  return null;
}

/** "5d", "5 days", "2.5 wks", "40h", "3 edays", "5d?" (MS Project's estimated), or a bare number. */
export function parseDurationCell(v: CellValue): ParsedDuration | null {
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, unit: null } : null;
  if (typeof v !== 'string') return null;
  if (v.length > MAX_DATE_TEXT) return null;
  const s = v.trim().replace(/\?$/, '').trim();
  if (s === '') return null;
  const m = /^(-?\d+(?:[.,]\d+)?)\s*([A-Za-z][A-Za-z .]*)?$/.exec(s);
  if (!m) return null;
  const value = Number(m[1].replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  if (!m[2]) return { value, unit: null };
  const unit = durationUnitOf(m[2]);
  return unit ? { value, unit } : null;
}

/** Working hours in `value` of `unit`, with MS Project's defaults: 5-day weeks, 20-day months. */
export function durationHours(value: number, unit: DurationUnit, hoursPerDay: number): number {
  switch (unit) {
    case 'minutes':
      return value / 60;
    case 'hours':
    case 'elapsed-hours':
      return value;
    case 'days':
      return value * hoursPerDay;
    case 'weeks':
      return value * hoursPerDay * 5;
    case 'months':
      return value * hoursPerDay * 20;
    case 'elapsed-days':
      return value * 24;
    case 'elapsed-weeks':
      return value * 24 * 7;
  }
}

// ───────────────────────────── small vocabularies ─────────────────────────────

/** Yes/no cells: TRUE, Yes, Y, X, 1 and their opposites. */
export function booleanOfCell(v: CellValue): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  if (['yes', 'y', 'true', 'x', '1', '✓', '✔'].includes(s)) return true;
  if (['no', 'n', 'false', '0', ''].includes(s)) return false;
  return null;
}

/**
 * The unit multiplier a header states: "PV (£k)", "EV £000", "AC ($K)", "Cum BCWS £'000s",
 * "Planned (thousands)" → 1,000; "(£m)", "$M", "millions" → 1,000,000; otherwise 1. Reports
 * in thousands are common, and reading them as pounds would understate every figure 1,000-fold.
 */
export function headerScale(header: string): number {
  const h = header.toLowerCase();
  if (/\bthousands?\b|(?:^|[\s(£$€[])'?000s?\b|[£$€]\s?k\b|\(k\)|\[k\]/.test(h)) return 1000;
  if (/\bmillions?\b|[£$€]\s?(?:m|mn)\b|\((?:m|mn)\)|\[(?:m|mn)\]/.test(h)) return 1_000_000;
  return 1;
}

/** The note that tells the user a column was scaled by `headerScale`. */
export function scaleNote(header: string, factor: number): string {
  return `Column "${header}" is in ${factor === 1000 ? 'thousands' : 'millions'}: its values were multiplied by ${factor.toLocaleString('en-GB')}.`;
}
