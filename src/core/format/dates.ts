/**
 * Dates for display. Model dates are project-local wall-clock text (`YYYY-MM-DD` or
 * `YYYY-MM-DDTHH:mm`, see model/dates.ts), so they are formatted from their digits: no time zone
 * can shift the day.
 */
import { NA } from './numbers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** "2025-03-14" or "2025-03-14T17:00" → "14 Mar 2025"; anything else → "n/a". */
export function formatDate(text: string | null | undefined): string {
  if (typeof text !== 'string') return NA;
  const m = DATE_RE.exec(text.trim());
  if (!m) return NA;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return NA;
  }
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * A status (data) date for display, the way P6 and MS Project show it: the calendar day it falls
 * on. A P6 data date is the start of the first day not yet reported ("2012-05-10T00:00" → "10 May
 * 2012", as P6 prints it) and an MS Project status date is usually the end of a working day
 * ("2012-05-10T17:00" → "10 May 2012"); both read as that day. Every surface that shows a data
 * date uses this (import summary, dashboard, status history, projects list, CLI, commentary), so
 * one file never shows two dates. Not for period ends or forecast finishes: those are exclusive
 * end instants (formatEndDate). "24:00" is the next day's 00:00.
 */
export function formatDataDate(text: string | null | undefined): string {
  if (typeof text !== 'string') return NA;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ]24:00(?::00(?:\.0+)?)?$/.exec(text.trim());
  if (!m || formatDate(text) === NA) return formatDate(text);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + 86_400_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return formatDate(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
}

/**
 * A finish (an exclusive end instant, as the engine's period ends and forecast dates are) for
 * display: a date-time at exactly 00:00 is the end of the previous day ("2025-07-01T00:00" →
 * "30 Jun 2025"); a bare date means the end of that day and prints as is.
 */
export function formatEndDate(text: string | null | undefined): string {
  if (typeof text !== 'string') return NA;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ]00:00(?::00(?:\.0+)?)?$/.exec(text.trim());
  if (!m) return formatDate(text);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (formatDate(text) === NA || !Number.isFinite(t)) return NA;
  const d = new Date(t - 86_400_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return formatDate(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
}

/** Whole calendar days from date `a` to date `b` (b − a), or null when either is not a date. */
export function daysBetween(a: string | null | undefined, b: string | null | undefined): number | null {
  const da = typeof a === 'string' ? DATE_RE.exec(a.trim()) : null;
  const db = typeof b === 'string' ? DATE_RE.exec(b.trim()) : null;
  if (!da || !db) return null;
  const ta = Date.UTC(Number(da[1]), Number(da[2]) - 1, Number(da[3]));
  const tb = Date.UTC(Number(db[1]), Number(db[2]) - 1, Number(db[3]));
  return Number.isFinite(ta) && Number.isFinite(tb) ? Math.round((tb - ta) / 86_400_000) : null;
}
