/**
 * XML Schema values (integers, decimals, xsd:duration, xsd:dateTime) read straight from UTF-8
 * bytes, without making a string first.
 *
 * Why from bytes: a big schedule file holds millions of numbers and dates. Parsing them from the
 * bytes costs a few nanoseconds each and allocates nothing; only dates that are kept become
 * strings, through a cache, so a date repeated a thousand times is one string.
 *
 * Every parser returns NaN (numbers) or undefined (dates) for text it cannot read; callers decide
 * whether that is a warning or an error. Surrounding whitespace is allowed (XML Schema collapses
 * it for these types).
 */
import type { LocalDateTime } from '../../model/dates';

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * A decimal number divided by 10^scale: `parseDecimal(b, s, e, 2)` reads MSPDI money (stored in
 * hundredths) as major units. The digits are accumulated as an integer and divided once, which
 * gives the correctly rounded result ("11108.45" with scale 2 is exactly the double nearest
 * 111.0845). Exponents and other rare shapes fall back to Number().
 */
export function parseDecimal(b: Uint8Array, start: number, end: number, scale = 0): number {
  while (start < end && isSpace(b[start])) start++;
  while (end > start && isSpace(b[end - 1])) end--;
  if (start === end) return NaN;
  let i = start;
  let neg = false;
  if (b[i] === 0x2d) {
    neg = true;
    i++;
  } else if (b[i] === 0x2b) i++;
  let digits = 0;
  let frac = 0;
  let v = 0;
  let seenDot = false;
  for (; i < end; i++) {
    const c = b[i];
    if (c >= 0x30 && c <= 0x39) {
      v = v * 10 + (c - 0x30);
      digits++;
      if (seenDot) frac++;
    } else if (c === 0x2e && !seenDot) {
      seenDot = true;
    } else {
      return slowDecimal(b, start, end, scale);
    }
  }
  if (digits === 0) return NaN;
  const p = frac + scale;
  if (digits > 15 || p > 22) return slowDecimal(b, start, end, scale);
  const r = p === 0 ? v : v / POW10[p];
  return neg ? -r : r;
}

function slowDecimal(b: Uint8Array, start: number, end: number, scale: number): number {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
  // Number('') is 0 and Number('0x10') is 16: accept only what XML Schema calls a decimal/double.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return NaN;
  // Beyond a double's range ("9" × 400) is as unreadable as "abc": NaN, not Infinity.
  const v = Number(s) / 10 ** scale;
  return Number.isFinite(v) ? v : NaN;
}

/** A whole number (xsd:int and friends); NaN for anything else, including "1.5". */
export function parseInteger(b: Uint8Array, start: number, end: number): number {
  while (start < end && isSpace(b[start])) start++;
  while (end > start && isSpace(b[end - 1])) end--;
  let i = start;
  let neg = false;
  if (i < end && b[i] === 0x2d) {
    neg = true;
    i++;
  } else if (i < end && b[i] === 0x2b) i++;
  if (i === end || end - i > 15) return end - i > 15 ? slowInteger(b, start, end) : NaN;
  let v = 0;
  for (; i < end; i++) {
    const c = b[i] - 0x30;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return neg ? -v : v;
}

function slowInteger(b: Uint8Array, start: number, end: number): number {
  const v = slowDecimal(b, start, end, 0);
  return Number.isSafeInteger(v) ? v : NaN;
}

/**
 * xsd:duration → hours. MS Project writes `PT8H0M0S` (hours may exceed 24, seconds may have a
 * fraction, a lead is `-PT8H0M0S`). Days count 24 hours and weeks 7 days, as ISO 8601 says;
 * years and months have no fixed length and give NaN.
 */
export function parseDurationHours(b: Uint8Array, start: number, end: number): number {
  while (start < end && isSpace(b[start])) start++;
  while (end > start && isSpace(b[end - 1])) end--;
  let i = start;
  let neg = false;
  if (i < end && b[i] === 0x2d) {
    neg = true;
    i++;
  }
  if (i >= end || b[i] !== 0x50 /* P */) return NaN;
  i++;
  let inTime = false;
  let hours = 0;
  let any = false;
  while (i < end) {
    const c = b[i];
    if (c === 0x54 /* T */) {
      if (inTime) return NaN;
      inTime = true;
      i++;
      continue;
    }
    let v = 0;
    let digits = 0;
    let div = 1;
    let dot = false;
    for (; i < end; i++) {
      const d = b[i];
      if (d >= 0x30 && d <= 0x39) {
        v = v * 10 + (d - 0x30);
        digits++;
        if (dot) div *= 10;
      } else if ((d === 0x2e || d === 0x2c) && !dot) dot = true;
      else break;
    }
    if (digits === 0 || i >= end) return NaN;
    v /= div;
    const unit = b[i++];
    if (!inTime && unit === 0x44 /* D */) hours += v * 24;
    else if (!inTime && unit === 0x57 /* W */) hours += v * 168;
    else if (inTime && unit === 0x48 /* H */) hours += v;
    else if (inTime && unit === 0x4d /* M */) hours += v / 60;
    else if (inTime && unit === 0x53 /* S */) hours += v / 3600;
    else return NaN; // years, months, or junk
    any = true;
  }
  if (!any) return NaN;
  return neg ? -hours : hours;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * xsd:dateTime (or xsd:date) → the model's `YYYY-MM-DDTHH:mm`, through a cache.
 *
 * Seconds and fractions are dropped (the model keeps minutes); a zone suffix (`Z`, `+01:00`) is
 * ignored, because schedules are wall-clock times and MS Project writes none. 24:00 is kept as
 * written. Strings are made once per distinct minute and shared.
 */
export class DateReader {
  // Open-addressing cache: minute key → string. Keys are stored +1 so that 0 means "empty".
  private keys = new Int32Array(1 << 12);
  private values: (LocalDateTime | undefined)[] = new Array<LocalDateTime | undefined>(1 << 12);
  private size = 0;
  /** Fibonacci hashing: the slot is the top log2(capacity) bits of key × 2^32/φ. */
  private shift = 20;

  read(b: Uint8Array, start: number, end: number): LocalDateTime | undefined {
    while (start < end && isSpace(b[start])) start++;
    while (end > start && isSpace(b[end - 1])) end--;
    const len = end - start;
    if (len < 10 || b[start + 4] !== 0x2d || b[start + 7] !== 0x2d) return undefined;
    const y = d4(b, start);
    const mo = d2(b, start + 5);
    const d = d2(b, start + 8);
    let h = 0;
    let mi = 0;
    let timeAt = -1;
    if (len > 10) {
      if (b[start + 10] !== 0x54 /* T */ || len < 16 || b[start + 13] !== 0x3a) return undefined;
      h = d2(b, start + 11);
      mi = d2(b, start + 14);
      timeAt = start + 11;
      // What may follow the minutes: ":ss", ".fff", a zone. Anything else is not a date.
      for (let i = start + 16; i < end; i++) {
        const c = b[i];
        if (!((c >= 0x30 && c <= 0x39) || c === 0x3a || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x5a)) return undefined;
      }
    }
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || mi < 0 || mi > 59 || h > 24 || (h === 24 && mi !== 0)) return undefined;
    if (d > (mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1])) return undefined;
    // Minutes since 1970 with 24:00 as its own minute (1441 a day): an int32 for years 0–3000.
    const key = (daysFromCivil(y, mo, d) * 1441 + h * 60 + mi + 1) | 0;
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = this.keys[slot];
      if (k === key) return this.values[slot];
      if (k === 0) break;
      slot = (slot + 1) & mask;
    }
    const s = String.fromCharCode(
      b[start], b[start + 1], b[start + 2], b[start + 3], 0x2d, b[start + 5], b[start + 6], 0x2d, b[start + 8], b[start + 9], 0x54,
      timeAt < 0 ? 0x30 : b[timeAt], timeAt < 0 ? 0x30 : b[timeAt + 1], 0x3a, timeAt < 0 ? 0x30 : b[timeAt + 3], timeAt < 0 ? 0x30 : b[timeAt + 4],
    );
    this.keys[slot] = key;
    this.values[slot] = s;
    if (++this.size * 2 > this.keys.length) this.grow();
    return s;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    this.keys = new Int32Array(oldKeys.length * 2);
    this.values = new Array<LocalDateTime | undefined>(oldKeys.length * 2);
    const mask = this.keys.length - 1;
    this.shift--;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i];
      if (key === 0) continue;
      let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
      while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.values[slot] = oldValues[i];
    }
  }
}

/** Days from 1970-01-01 (Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

function d2(b: Uint8Array, i: number): number {
  const x = b[i] - 0x30;
  const y = b[i + 1] - 0x30;
  return x >= 0 && x <= 9 && y >= 0 && y <= 9 ? x * 10 + y : -1;
}

function d4(b: Uint8Array, i: number): number {
  const hi = d2(b, i);
  const lo = d2(b, i + 2);
  return hi < 0 || lo < 0 ? -1 : hi * 100 + lo;
}
