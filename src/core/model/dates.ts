/**
 * Dates in the canonical model.
 *
 * Schedules are written in the project's local wall-clock time (P6 and MS Project store no zone),
 * so the model never converts to or from UTC. A date is an ISO-like string without a zone:
 * `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` (seconds allowed, ignored below the minute).
 *
 * For arithmetic, a date becomes "epoch minutes": minutes since 1970-01-01T00:00 of the same
 * wall clock (computed with Date.UTC, so daylight-saving shifts can never add or lose an hour).
 */

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss]`, project-local wall-clock time. */
export type LocalDateTime = string;

/** Minutes since 1970-01-01T00:00 on the project's wall clock. */
export type EpochMinutes = number;

export const MINUTES_PER_DAY = 1440;

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Days from 1970-01-01 to y-m-d (proleptic Gregorian), without allocating a Date. */
function daysFromCivil(y: number, m: number, d: number): number {
  // Howard Hinnant's days_from_civil.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Two ASCII digits at i, or -1. */
function digits2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Parses a LocalDateTime into epoch minutes; returns null when the text is not a valid date.
 * Schedules hold millions of dates, so the common `YYYY-MM-DD[THH:mm[:ss]]` shape is read from
 * character codes without a regular expression or a Date object; anything else takes the slow path.
 */
export function tryToMinutes(text: string): EpochMinutes | null {
  const len = text.length;
  if ((len === 10 || len === 16 || len === 19) && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45) {
    const y = digits2(text, 0) * 100 + digits2(text, 2);
    const mo = digits2(text, 5);
    const d = digits2(text, 8);
    let h = 0;
    let mi = 0;
    let ok = y >= 0 && digits2(text, 0) >= 0 && digits2(text, 2) >= 0 && mo >= 1 && mo <= 12 && d >= 1;
    if (ok && len >= 16) {
      const sep = text.charCodeAt(10);
      h = digits2(text, 11);
      mi = digits2(text, 14);
      ok = (sep === 84 || sep === 32) && text.charCodeAt(13) === 58 && h >= 0 && mi >= 0 && mi <= 59 && (h < 24 || (h === 24 && mi === 0));
      if (ok && len === 19) ok = text.charCodeAt(16) === 58 && digits2(text, 17) >= 0;
    }
    if (ok) {
      const dim = mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1];
      if (d > dim) return null;
      return daysFromCivil(y, mo, d) * MINUTES_PER_DAY + h * 60 + mi;
    }
  }
  return parseSlow(text);
}

function parseSlow(text: string): EpochMinutes | null {
  const m = LOCAL_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0'] = m.slice(1);
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59) return null;
  if (hour === 24 && minute !== 0) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(Date.UTC(year, month - 1, day));
  // Reject 2025-02-30 and friends rather than rolling them over into March.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / 60000;
}

/** Parses a LocalDateTime into epoch minutes; throws a RangeError naming the bad text. */
export function toMinutes(text: LocalDateTime): EpochMinutes {
  const v = tryToMinutes(text);
  if (v === null) throw new RangeError(`Not a date: "${text}" (expected YYYY-MM-DD or YYYY-MM-DDTHH:mm)`);
  return v;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Formats epoch minutes as `YYYY-MM-DDTHH:mm`. */
export function fromMinutes(minutes: EpochMinutes): LocalDateTime {
  const d = new Date(Math.round(minutes) * 60000);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Formats epoch minutes as `YYYY-MM-DD` (the calendar day the minute falls in). */
export function dateOnly(minutes: EpochMinutes): string {
  return fromMinutes(minutes).slice(0, 10);
}

/** Day of week of an epoch minute: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(minutes: EpochMinutes): number {
  // 1970-01-01 was a Thursday (4).
  return (Math.floor(minutes / MINUTES_PER_DAY) % 7 + 7 + 4) % 7;
}

/** Epoch minute of midnight at the start of the day containing `minutes`. */
export function startOfDay(minutes: EpochMinutes): EpochMinutes {
  return Math.floor(minutes / MINUTES_PER_DAY) * MINUTES_PER_DAY;
}
