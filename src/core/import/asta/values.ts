/**
 * Asta Powerproject value encodings, as MPXJ documents them (joniles/mpxj, asta/DatatypeConverter):
 *
 * - text strings are written `<"like this">` (the angle brackets and quotes are not part of the value);
 * - `-1 -1` means "no value" for numbers and dates;
 * - dates in the text format (file versions that use an epoch) are `"<julian day> <seconds>"`: the
 *   day is a Julian Day Number (2415021 = 1900-01-01), the seconds count from midnight;
 * - other text-format dates are `yyyyMMdd[ HHmmss]`; times of day are `HHmmss` (leading zeros dropped);
 * - the SQLite form stores dates as `yyyy-MM-dd HH:mm:ss` text and a duration as one text column
 *   `"<kind>,<months>,<hours>[,]"` where kind 1 is elapsed time.
 *
 * Every parser returns null for a value it cannot read rather than throwing: a reader that meets
 * one odd cell must keep the rest of the file.
 */
import { fromMinutes, MINUTES_PER_DAY, type LocalDateTime } from '../../model/dates';

/** Julian Day Number of 1970-01-01 (the model's epoch). */
const JDN_1970 = 2440588;

/** `<"text">` or `"text"` or `text` → `text`; empty and `-1 -1` → null. */
export function astaString(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  let v = raw;
  if (v.startsWith('<') && v.endsWith('>')) v = v.slice(1, -1);
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
  return v;
}

/** A number written as text (`12.5`, `1.5E+3`, `<"8">`); empty or `-1 -1` → null. */
export function astaNumber(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const v = astaString(raw.trim());
  if (!v || v === '-1 -1' || v.includes(' ')) return null;
  const n = Number(v.replace('E+', 'E'));
  return Number.isFinite(n) ? n : null;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Epoch-format timestamp: `"2458850 28800"` → 2020-01-01T08:00; a bare `HHmmss` is a time on 1900-01-01. */
export function epochTimestamp(raw: string | null | undefined): LocalDateTime | null {
  const v = astaString(raw ?? null)?.trim();
  if (!v || v === '-1 -1') return null;
  const space = v.indexOf(' ');
  if (space === -1) {
    const t = basicTimeMinutes(v);
    return t === null ? null : fromMinutes(dayOfJdn(2415021) * MINUTES_PER_DAY + t);
  }
  const day = Number(v.slice(0, space));
  const seconds = Number(v.slice(space + 1));
  if (!Number.isInteger(day) || !Number.isFinite(seconds) || seconds < 0 || seconds > 7 * 86400) return null;
  // Dates outside 1800–2300 are damage, not plans; an absurd day number would also overflow Date.
  if (day < 2378497 || day > 2561118) return null;
  return fromMinutes(dayOfJdn(day) * MINUTES_PER_DAY + Math.round(seconds / 60));
}

function dayOfJdn(jdn: number): number {
  return jdn - JDN_1970;
}

/** `yyyyMMdd[ HHmmss]` → LocalDateTime; `0`, empty and `-1 -1` → null. */
export function basicTimestamp(raw: string | null | undefined): LocalDateTime | null {
  const v = astaString(raw ?? null)?.trim();
  if (!v || v === '0' || v === '-1 -1') return null;
  const m = /^(\d{4})(\d{2})(\d{2})(?: (\d{1,6}))?$/.exec(v);
  if (!m) return null;
  const [, y, mo, d, time] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const minutes = time === undefined ? 0 : basicTimeMinutes(time);
  if (minutes === null) return null;
  return `${y}-${mo}-${d}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `HHmmss` with leading zeros dropped (`80000` = 08:00) → minutes after midnight; `0` → 0. */
export function basicTimeMinutes(raw: string): number | null {
  const v = raw.trim();
  if (!/^\d{1,6}$/.test(v)) return null;
  const s = v.padStart(6, '0');
  const h = Number(s.slice(0, 2));
  const mi = Number(s.slice(2, 4));
  if (h > 24 || mi > 59 || (h === 24 && mi !== 0)) return null;
  return h * 60 + mi;
}

/** SQLite date text `yyyy-MM-dd HH:mm:ss` (or an ISO form) → LocalDateTime. */
export function sqliteTimestamp(raw: string | number | null | undefined): LocalDateTime | null {
  if (typeof raw !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 24 || Number(mi) > 59) return null;
  return `${y}-${mo}-${d}T${h}:${mi}`;
}

/** A duration held in hours, with whether it counts elapsed (24-hour) time. */
export interface AstaDuration {
  hours: number;
  elapsed: boolean;
}

/** SQLite composite duration `"0,0,<8.0>"` → { hours: 8, elapsed: false }; anything else → null. */
export function sqliteDuration(raw: string | number | null | undefined): AstaDuration | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { hours: raw, elapsed: false } : null;
  if (typeof raw !== 'string') return null;
  // Trailing commas are dropped first: IfcOpenShell's pp2ifc reads the hours as the second-to-last
  // item of a Python split, MPXJ as the third of a Java split (which drops trailing empty items).
  const parts = raw.split(',');
  while (parts.length > 3 && parts[parts.length - 1].trim() === '') parts.pop();
  if (parts.length !== 3) return null;
  const hours = astaNumber(parts[2]);
  return hours === null ? null : { hours, elapsed: parts[0].trim() === '1' };
}
