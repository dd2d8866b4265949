/**
 * Day-level helpers for the calendar index.
 *
 * A "day index" is the number of whole days since 1970-01-01 on the project's wall clock:
 * `Math.floor(epochMinutes / 1440)`. It is the unit the compiled calendar's tables are indexed
 * by. These helpers work for any year (proleptic Gregorian), unlike `Date.UTC`, which maps
 * years 0–99 onto 1900–1999 — a garbage exception date such as `0001-01-01` must be reported,
 * not silently moved.
 */
import { MINUTES_PER_DAY } from '../model/dates';

/** 1970-01-04, the first Sunday on or after the epoch: the anchor of weekly periodicity. */
export const EPOCH_SUNDAY_DAY = 3;

/** Day index (days since 1970-01-01) of a proleptic Gregorian date; month 1..12. */
export function dayIndexOfDate(year: number, month: number, day: number): number {
  // Howard Hinnant's days_from_civil: exact for every year, no Date object involved.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Calendar date (year, month 1..12, day) of a day index. */
export function dateOfDayIndex(dayIndex: number): { year: number; month: number; day: number } {
  // Hinnant's civil_from_days.
  const z = dayIndex + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** `YYYY-MM-DD` of a day index (for messages and tests). */
export function isoDateOfDayIndex(dayIndex: number): string {
  const { year, month, day } = dateOfDayIndex(dayIndex);
  const y = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day index of a strict `YYYY-MM-DD` string, or null when it is not a real date. */
export function parseIsoDate(text: string): number | null {
  const m = ISO_DATE_RE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return dayIndexOfDate(year, month, day);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day of week of a day index: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDayIndex(dayIndex: number): number {
  return (((dayIndex + 4) % 7) + 7) % 7;
}

/** Epoch minute of midnight at the start of a day index. */
export function dayStartMinute(dayIndex: number): number {
  return dayIndex * MINUTES_PER_DAY;
}

export const WEEKDAY_NAMES: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
