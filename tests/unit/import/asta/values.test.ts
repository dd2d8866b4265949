/**
 * Powerproject value encodings (MPXJ asta/DatatypeConverter), checked against values known
 * independently of the reader: the Julian Day Number of 2000-01-01 is 2451545 and MPXJ's Asta
 * epoch 2415021 is 1900-01-01.
 */
import { describe, expect, it } from 'vitest';
import { astaNumber, astaString, basicTimeMinutes, basicTimestamp, epochTimestamp, sqliteDuration, sqliteTimestamp } from '../../../../src/core/import/asta/values';
import { jdn } from './build';

describe('Powerproject values', () => {
  it('epoch dates are a Julian day and seconds', () => {
    expect(epochTimestamp('2451545 28800')).toBe('2000-01-01T08:00');
    expect(epochTimestamp('2415021 0')).toBe('1900-01-01T00:00');
    expect(epochTimestamp('<"2460773 61200">')).toBe('2025-04-07T17:00'); // 2451545 + 9132 days to 2025-01-01 + 96;
    expect(jdn('2000-01-01')).toBe(2451545); // the test builder agrees with the known value
    expect(epochTimestamp('-1 -1')).toBeNull();
    expect(epochTimestamp('')).toBeNull();
    expect(epochTimestamp('99999999 0')).toBeNull();
    expect(epochTimestamp('2451545 abc')).toBeNull();
  });

  it('basic dates and times', () => {
    expect(basicTimestamp('20250414 80000')).toBe('2025-04-14T08:00');
    expect(basicTimestamp('20250414')).toBe('2025-04-14T00:00');
    expect(basicTimestamp('0')).toBeNull();
    expect(basicTimestamp('20251341')).toBeNull();
    expect(basicTimeMinutes('80000')).toBe(480);
    expect(basicTimeMinutes('173000')).toBe(1050);
    expect(basicTimeMinutes('0')).toBe(0);
    expect(basicTimeMinutes('256100')).toBeNull();
  });

  it('strings, numbers and SQLite forms', () => {
    expect(astaString('<"Pour, level: 2">')).toBe('Pour, level: 2');
    expect(astaNumber('1.5E+3')).toBe(1500);
    expect(astaNumber('<"8">')).toBe(8);
    expect(astaNumber('-1 -1')).toBeNull();
    expect(astaNumber('1e400')).toBeNull();
    expect(sqliteTimestamp('2025-04-16 17:00:00')).toBe('2025-04-16T17:00');
    expect(sqliteTimestamp('yesterday')).toBeNull();
    expect(sqliteDuration('0,0,<"16">')).toEqual({ hours: 16, elapsed: false });
    expect(sqliteDuration('1,0,48')).toEqual({ hours: 48, elapsed: true });
    expect(sqliteDuration('0,0,<8.5>,')).toEqual({ hours: 8.5, elapsed: false });
    expect(sqliteDuration('16')).toBeNull();
  });
});
