/**
 * Calendars of an MPP12/MPP14 file (storage TBkndCal) → `MspdiCalendar`, so they go through the
 * same calendar mapping as MS Project XML (../mspdi/calendars.ts).
 *
 * Layout (learned from MPXJ's calendar factories):
 * - FixedData: one 12-byte record per calendar: calendar ID, base calendar ID, resource ID; in
 *   that order up to Project 2010, and base, resource, calendar ID in files written by 2013+.
 *   A base calendar has base ID ≤ 0 (or its own ID).
 * - Var data of the calendar ID: key 1 the name, key 8 the data block:
 *   - 7 × 60 bytes, Sunday first: u16 flag (1 = "default": a base calendar takes the project's
 *     default hours, a derived one inherits the day), u16 range count, then up to 5 starts (u16,
 *     tenths of a minute after midnight) at 8 and their lengths (tenths of a minute) at 20;
 *     a day with no ranges is non-working.
 *   - at 420: u16 exception count, then per exception 92 bytes + its name: from/to dates (u16
 *     days) at 0/2, occurrences at 4, range count at 14, starts at 20, lengths at 32, recurrence
 *     type at 72 (MSPDI's own exception type codes: 1 daily, 2/3 yearly by date/position, 4/5
 *     monthly by date/position, 6 weekly, 7 every n days) with its details at 76–78, the name
 *     length at 88 (padded to 4) and the UTF-16 name at 92.
 *   - then a 4-byte header and the alternate work weeks: 7 × 60-byte days (as above, lengths
 *     as i32), from/to dates, 8 unknown bytes, a padded name length and the name.
 * The project's default hours (Props 37753736) have the same 7-day layout.
 */
import type { LocalDateTime } from '../../model/dates';
import type { MspdiCalendar, MspdiException, MspdiWorkingDay, MspdiWorkWeek } from '../mspdi/document';
import { Bytes, type FixedMeta, readFixedData, utf16String, type VarData } from './blocks';
import { dateAt } from './values';

const NAME = 1;
const DATA = 8;
const DATA9 = 3;

function dayTimes(b: Bytes, o: number, lengthsAsInt: boolean): [number, number][] {
  const count = Math.min(b.u16(o + 2), 5);
  const times: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.floor(b.u16(o + 8 + i * 2) / 10);
    const len = lengthsAsInt ? b.i32(o + 20 + i * 4) : b.u16(o + 20 + i * 4);
    times.push([start, Math.min(1440, start + Math.round(len / 10))]);
  }
  return times;
}

/** The 7 days of a week block; days flagged "default" are left out (inherited or MS Project's standard). */
function weekDays(b: Bytes, base: number, lengthsAsInt: boolean, fallback?: MspdiWorkingDay[]): MspdiWorkingDay[] {
  const out: MspdiWorkingDay[] = [];
  for (let d = 0; d < 7; d++) {
    const o = base + d * 60;
    if (o + 60 > b.length) break;
    if (b.u16(o) === 1) {
      const f = fallback?.find((x) => x.dayType === d + 1);
      if (f) out.push(f);
      continue;
    }
    const times = dayTimes(b, o, lengthsAsInt);
    out.push({ dayType: d + 1, working: times.length > 0, times });
  }
  return out;
}

const dayText = (b: Bytes, o: number): string | undefined => dateAt(b, o)?.slice(0, 10);
const from = (d: string | undefined): LocalDateTime | undefined => (d ? `${d}T00:00` : undefined);
const to = (d: string | undefined): LocalDateTime | undefined => (d ? `${d}T23:59` : undefined);

function exceptions(b: Bytes): { list: MspdiException[]; end: number } {
  const list: MspdiException[] = [];
  let o = 420;
  const count = b.u16(o);
  o += 4;
  for (let i = 0; i < count && o + 92 <= b.length; i++) {
    const rt = b.u16(o + 72);
    const times = dayTimes(b, o + 12, true);
    const x: MspdiException = {
      from: from(dayText(b, o)),
      to: to(dayText(b, o + 2)),
      type: rt >= 1 && rt <= 7 ? rt : 1,
      working: times.length > 0,
      times,
      enteredByOccurrences: false,
      occurrences: b.u16(o + 4) || undefined,
    };
    switch (rt) {
      case 7:
        x.period = b.u16(o + 76) || 1;
        break;
      case 6:
        x.daysOfWeek = b.u8(o + 76);
        x.period = b.u16(o + 78) || 1;
        break;
      case 5:
        x.monthPosition = b.u8(o + 76);
        x.monthItem = b.u8(o + 77);
        x.period = b.u16(o + 78) || 1;
        break;
      case 4:
        x.monthDay = b.u8(o + 76);
        x.period = b.u8(o + 78) || 1;
        break;
      case 3:
        x.month = b.u8(o + 76);
        x.monthPosition = b.u8(o + 77);
        x.monthItem = b.u8(o + 78);
        break;
      case 2:
        x.month = b.u8(o + 76);
        x.monthDay = b.u8(o + 77);
        break;
      default:
        x.period = 1;
    }
    let nameLength = b.i32(o + 88);
    if (nameLength < 0 || o + 92 + nameLength > b.length) nameLength = 0;
    if (nameLength % 4) nameLength += 4 - (nameLength % 4);
    if (nameLength) x.name = utf16String(b.data, o + 92, o + 92 + nameLength) || undefined;
    o += 92 + nameLength;
    list.push(x);
  }
  return { list, end: o };
}

function workWeeks(b: Bytes, start: number): MspdiWorkWeek[] {
  const out: MspdiWorkWeek[] = [];
  let o = start + 4;
  while (b.length >= o + 7 * 60 + 16) {
    const days = weekDays(b, o, true);
    o += 7 * 60;
    const ww: MspdiWorkWeek = { from: from(dayText(b, o)), to: to(dayText(b, o + 2)), days };
    o += 12;
    let nameLength = b.i32(o);
    o += 4;
    if (nameLength < 0 || o + nameLength > b.length) break;
    if (nameLength % 4) nameLength += 4 - (nameLength % 4);
    if (nameLength) ww.name = utf16String(b.data, o, o + nameLength) || undefined;
    o += nameLength;
    out.push(ww);
  }
  return out;
}

export interface CalendarRead {
  calendars: MspdiCalendar[];
  /** Resource unique ID → its calendar's UID. */
  resourceCalendars: Map<number, number>;
}

/**
 * MPP9 (Project 2000–2003) keeps a 4-byte header before the 7 days, whose first short is the
 * exception count; each exception is then a 64-byte block after the days (from/to dates at 0/2,
 * range count at 6, starts at 12, lengths at 24), with no recurrence, name or work weeks; the
 * calendar's data is under var key 3, not 8.
 */
function mpp9Exceptions(b: Bytes): MspdiException[] {
  const list: MspdiException[] = [];
  const count = b.u16(0);
  for (let i = 0; i < count; i++) {
    const o = 4 + 420 + i * 64;
    if (o + 64 > b.length) break;
    const n = Math.min(b.u16(o + 6), 5);
    const times: [number, number][] = [];
    for (let k = 0; k < n; k++) {
      const start = Math.floor(b.u16(o + 12 + k * 2) / 10);
      times.push([start, Math.min(1440, start + Math.round(b.u16(o + 24 + k * 4) / 10))]);
    }
    list.push({ from: from(dayText(b, o)), to: to(dayText(b, o + 2)), type: 1, period: 1, working: times.length > 0, times, enteredByOccurrences: false });
  }
  return list;
}

export function readCalendars(meta: FixedMeta, fixedData: Uint8Array, vars: VarData, lateLayout: boolean, defaultHours: Uint8Array | undefined, mpp9 = false): CalendarRead {
  const fixed = readFixedData(meta, fixedData, 12);
  const [idAt, baseAt, resAt] = lateLayout ? [8, 0, 4] : [0, 4, 8];
  const defaults = defaultHours ? weekDays(new Bytes(defaultHours), mpp9 ? 4 : 0, false) : undefined;
  const calendars: MspdiCalendar[] = [];
  const resourceCalendars = new Map<number, number>();
  const seen = new Set<number>();
  for (let i = 0; i < meta.count; i++) {
    const s = fixed.starts[i];
    if (s < 0 || fixed.lengths[i] < 12) continue;
    const b = fixed.bytes;
    const uid = b.i32(s + idAt);
    const baseUid = b.i32(s + baseAt);
    const resource = b.i32(s + resAt);
    if (uid <= 0 || seen.has(uid)) continue;
    seen.add(uid);
    const isBase = baseUid <= 0 || baseUid === uid;
    // A derived calendar belongs to its resource (even the placeholder resource 0); a base one
    // only when it names a resource not yet claimed.
    if (isBase ? resource > 0 && !resourceCalendars.has(resource) : resource >= 0) resourceCalendars.set(resource, uid);
    const key = mpp9 ? DATA9 : DATA;
    const start = vars.start(uid, key);
    const cal: MspdiCalendar = { uid, name: vars.string(uid, NAME), isBase, baseUid: isBase ? undefined : baseUid, weekDays: [], exceptions: [], workWeeks: [] };
    if (start >= 0) {
      const data = new Bytes(vars.bytes.data.subarray(start, start + vars.size(uid, key)));
      cal.weekDays = weekDays(data, mpp9 ? 4 : 0, false, isBase ? defaults : undefined);
      if (mpp9) cal.exceptions = mpp9Exceptions(data);
      else if (data.length > 420) {
        const x = exceptions(data);
        cal.exceptions = x.list;
        cal.workWeeks = workWeeks(data, x.end);
      }
    } else if (isBase && defaults) cal.weekDays = defaults;
    calendars.push(cal);
  }
  return { calendars, resourceCalendars };
}
