import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dateOnly, dayOfWeek, fromMinutes, toMinutes, tryToMinutes } from '../../../src/core/model/dates';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Reference: what Date.UTC says, with validity checked by round-tripping the fields. */
function reference(y: number, m: number, d: number, h: number, mi: number, withTime: boolean): number | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(2000, m - 1, d, 0, 0));
  dt.setUTCFullYear(y);
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  if (withTime && (mi > 59 || h > 24 || (h === 24 && mi !== 0))) return null;
  return dt.getTime() / 60000 + (withTime ? h * 60 + mi : 0);
}

describe('tryToMinutes', () => {
  it('agrees with Date.UTC on valid and invalid dates of every shape (fast path vs reference)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(10, 16, 19),
        (y, m, d, h, mi, len) => {
          let s = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
          if (len >= 16) s += `T${pad(h)}:${pad(mi)}`;
          if (len === 19) s += ':00';
          expect(tryToMinutes(s)).toBe(reference(y, m, d, h, mi, len >= 16));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('handles leap years and rejects roll-over dates', () => {
    expect(tryToMinutes('2024-02-29')).not.toBeNull();
    expect(tryToMinutes('2025-02-29')).toBeNull();
    expect(tryToMinutes('1900-02-29')).toBeNull();
    expect(tryToMinutes('2000-02-29')).not.toBeNull();
    expect(tryToMinutes('2025-04-31')).toBeNull();
  });

  it('accepts a space separator, seconds and fractions; rejects junk', () => {
    expect(tryToMinutes('2025-03-14 08:30')).toBe(toMinutes('2025-03-14T08:30'));
    expect(tryToMinutes('2025-03-14T08:30:59')).toBe(toMinutes('2025-03-14T08:30'));
    expect(tryToMinutes('2025-03-14T08:30:00.000')).toBe(toMinutes('2025-03-14T08:30'));
    expect(tryToMinutes(' 2025-03-14 ')).toBe(toMinutes('2025-03-14'));
    for (const bad of ['', '2025', '14/03/2025', '2025-3-14', '2025-03-14T8:30', 'abcd-ef-gh', '2025-03-14T25:00', '2025-03-14T24:01']) {
      expect(tryToMinutes(bad), bad).toBeNull();
    }
    expect(() => toMinutes('soon')).toThrow(/Not a date: "soon"/);
  });

  it('round-trips through fromMinutes and knows the weekday', () => {
    const t = toMinutes('2025-03-14T17:05');
    expect(fromMinutes(t)).toBe('2025-03-14T17:05');
    expect(dateOnly(t)).toBe('2025-03-14');
    expect(dayOfWeek(t)).toBe(5); // Friday
    expect(dayOfWeek(toMinutes('1970-01-01'))).toBe(4); // Thursday
    expect(dayOfWeek(toMinutes('1969-12-28'))).toBe(0); // Sunday, before the epoch
  });
});
