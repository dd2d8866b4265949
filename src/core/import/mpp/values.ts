/**
 * MS Project's binary value encodings, converted to the units of `MspdiDocument`:
 *
 * - timestamp: 4 bytes, time of day in tenths of a minute (u16) then days since 1983-12-31
 *   (u16); days 0, 1 and 65535 mean "NA".
 * - date: days since 1983-12-31 (u16), 65535 = NA.
 * - duration: tenths of a minute of working time (i32) → hours.
 * - work: thousandths of a minute (f64) → hours; under a minute is noise MS Project shows as 0.
 * - currency: hundredths (f64) → major units; under 0.1 of a hundredth is noise shown as 0.
 * - percentage: u16, 0..100.
 */
import type { LocalDateTime } from '../../model/dates';
import type { Bytes } from './blocks';

const EPOCH_MS = Date.UTC(1983, 11, 31);
const DAY_MS = 86_400_000;

const dayCache = new Map<number, string>();
function dayText(days: number): string {
  let s = dayCache.get(days);
  if (s === undefined) {
    s = new Date(EPOCH_MS + days * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(days, s);
  }
  return s;
}

const two = (n: number) => (n < 10 ? '0' : '') + n;

export function timestampAt(b: Bytes, o: number): LocalDateTime | undefined {
  if (o < 0 || o + 4 > b.length) return undefined;
  const days = b.u16(o + 2);
  if (days <= 1 || days === 65535) return undefined;
  let tenths = b.u16(o);
  if (tenths === 65535) tenths = 0;
  // MS Project shows tiny day counts with odd seconds as NA (files written with garbage there).
  if (days < 100 && tenths % 10 !== 0) return undefined;
  let minutes = Math.floor(tenths / 10);
  let day = days;
  if (minutes >= 1440) {
    day += Math.floor(minutes / 1440);
    minutes %= 1440;
  }
  return `${dayText(day)}T${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** A timestamp stored as tenths of a minute since 1983-12-31 (i32). */
export function tenthsTimestamp(b: Bytes, o: number): LocalDateTime | undefined {
  if (o < 0 || o + 4 > b.length) return undefined;
  const tenths = b.i32(o);
  if (tenths <= 0) return undefined;
  const minutes = Math.floor(tenths / 10);
  return `${dayText(Math.floor(minutes / 1440))}T${two(Math.floor((minutes % 1440) / 60))}:${two(minutes % 60)}`;
}

export function dateAt(b: Bytes, o: number): LocalDateTime | undefined {
  const days = b.u16(o);
  return o < 0 || o + 2 > b.length || days === 65535 ? undefined : `${dayText(days)}T00:00`;
}

/** Tenths of a minute → hours. */
export const tenthsToHours = (v: number) => v / 600;

/** Work as stored (thousandths of a minute) → hours. */
export function workHours(v: number): number {
  return Math.abs(v) < 1000 ? 0 : v / 60000;
}

/** Money as stored (hundredths) → major units. */
export function money(v: number): number {
  return Math.abs(v) < 0.1 ? 0 : v / 100;
}
