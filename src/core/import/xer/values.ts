/**
 * Reading P6 values (numbers, dates, integer ids) straight from a region of a string, without
 * cutting a substring first. The XER reader calls these millions of times on one big text, so
 * the common shapes are read from character codes; anything unusual takes the slow, exact path.
 */
import { fromMinutes, tryToMinutes, type LocalDateTime } from '../../model/dates';

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16];

/**
 * The number in s[a, b), or NaN when the region is empty or not a number. `-?\d+(\.\d*)?` with at
 * most 15 digits is read from char codes: the mantissa is then an exact integer and one division
 * by an exact power of ten rounds correctly, so the result equals Number(text).
 */
export function numberAt(s: string, a: number, b: number): number {
  if (a >= b) return NaN;
  let i = a;
  let neg = false;
  if (s.charCodeAt(i) === 45) {
    neg = true;
    i++;
  }
  let m = 0;
  let digits = 0;
  let scale = 0;
  let dot = false;
  for (; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (dot) scale++;
    } else if (c === 46 && !dot) dot = true;
    else return slowNumber(s.slice(a, b));
  }
  if (digits === 0 || digits > 15) return slowNumber(s.slice(a, b));
  const v = scale ? m / POW10[scale] : m;
  return neg ? -v : v;
}

function slowNumber(text: string): number {
  const t = text.trim();
  if (t === '') return NaN;
  // Some exports write thousands separators ("1,234.50"); never decimal commas in XER.
  const v = Number(t.includes(',') && /^-?[\d,]+(\.\d*)?$/.test(t) ? t.replace(/,/g, '') : t);
  return Number.isFinite(v) ? v : NaN;
}

/** The non-negative integer in s[a, b), or -1 when it is not one (ids in P6 are integers). */
export function intAt(s: string, a: number, b: number): number {
  if (a >= b || b - a > 15) return -1;
  let v = 0;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats dates for the model and remembers them: a schedule uses a few thousand distinct
 * date-times across hundreds of thousands of date fields, so most lookups return a string that
 * already exists instead of allocating a new one.
 */
export class DateCache {
  private readonly cache = new Map<number, string>();

  /**
   * The model date (`YYYY-MM-DDTHH:mm`) for the P6 date in s[a, b) (`YYYY-MM-DD HH:mm`, with or
   * without time or seconds), undefined when empty, null when present but not a date.
   */
  at(s: string, a: number, b: number): LocalDateTime | undefined | null {
    const len = b - a;
    if (len <= 0) return undefined;
    if ((len === 16 || len === 19 || len === 10) && s.charCodeAt(a + 4) === 45 && s.charCodeAt(a + 7) === 45) {
      const y = d4(s, a);
      const mo = d2(s, a + 5);
      const d = d2(s, a + 8);
      let h = 0;
      let mi = 0;
      let ok = y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31;
      if (ok && len > 10) {
        const sep = s.charCodeAt(a + 10);
        h = d2(s, a + 11);
        mi = d2(s, a + 14);
        ok = (sep === 32 || sep === 84) && s.charCodeAt(a + 13) === 58 && h >= 0 && h <= 23 && mi >= 0 && mi <= 59;
      }
      // 2023-02-30 is refused, not rolled over into March.
      if (ok && d > 28 && d > (mo === 2 ? (isLeap(y) ? 29 : 28) : DAYS_IN_MONTH[mo - 1])) return null;
      if (ok) {
        const key = (((y - 1900) * 13 + mo) * 32 + d) * 1440 + h * 60 + mi;
        let out = this.cache.get(key);
        if (out === undefined) {
          out = `${String(y).padStart(4, '0')}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}`;
          this.cache.set(key, out);
        }
        return out;
      }
    }
    return this.slow(s.slice(a, b));
  }

  private slow(text: string): LocalDateTime | null | undefined {
    const t = text.trim();
    if (t === '') return undefined;
    const m = tryToMinutes(t);
    return m === null ? null : fromMinutes(m);
  }
}

function d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function d4(s: string, i: number): number {
  const hi = d2(s, i);
  const lo = d2(s, i + 2);
  return hi < 0 || lo < 0 ? -1 : hi * 100 + lo;
}
