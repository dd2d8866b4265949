/**
 * Cell value parsing and column profiling: amounts, dates (with day/month order read from the
 * values), Excel serials, durations, percentages, period labels.
 */
import { describe, expect, it } from 'vitest';
import { kindFit, profileColumn } from '../../../../src/core/import/table/profile';
import {
  dateOfCell,
  dateOrderEvidence,
  durationHours,
  excelSerialToDate,
  parseDateText,
  parseDurationCell,
  parseNumberText,
  periodEndOfText,
} from '../../../../src/core/import/table/values';

describe('parseNumberText', () => {
  it.each([
    ['1234', 1234],
    ['1,234.50', 1234.5],
    ['£1,234.50', 1234.5],
    ['$ 1,234', 1234],
    ['US$1,000', 1000],
    ['1 234 567,89', 1234567.89],
    ['1.234.567,89', 1234567.89],
    ['1.234.567', 1234567],
    ['1,5', 1.5],
    ["1'234.50", 1234.5],
    ['(1,200)', -1200],
    ['-£1,200', -1200],
    ['£-1,200', -1200],
    ['1,200-', -1200],
    ['12.5k', 12500],
    ['£1.2m', 1200000],
    ['2bn', 2e9],
    ['-', 0],
    ['1.5e3', 1500],
    ['EUR 99', 99],
    ['99 EUR', 99],
  ])('%s → %d', (text, value) => {
    expect(parseNumberText(text)?.value).toBeCloseTo(value, 9);
  });

  it('reports the % sign and the currency rather than guessing', () => {
    expect(parseNumberText('45%')).toEqual({ value: 45, percent: true, currency: null });
    expect(parseNumberText('£5,000')).toEqual({ value: 5000, percent: false, currency: 'GBP' });
    expect(parseNumberText('€5')?.currency).toBe('EUR');
  });

  it.each(['TBC', 'n/a', '2025-03-01', '01/03/2025', '1.2.3', 'A1000', '', '   ', '12 days', '1,2,3', 'x'.repeat(200)])('%s is not a number', (text) => {
    expect(parseNumberText(text)).toBeNull();
  });
});

describe('dates', () => {
  it('reads ISO, P6, MS Project and spreadsheet shapes', () => {
    const cases: [string, string, boolean][] = [
      ['2025-03-01', '2025-03-01T00:00', false],
      ['2025-03-01 08:30', '2025-03-01T08:30', true],
      ['2025-03-01T08:30:15.000Z', '2025-03-01T08:30', true],
      ['2025/03/01', '2025-03-01T00:00', false],
      ['01-Mar-25', '2025-03-01T00:00', false],
      ['01-Mar-25 08:00 A', '2025-03-01T08:00', true],
      ['10-Mar-25*', '2025-03-10T00:00', false],
      ['1 March 2025', '2025-03-01T00:00', false],
      ['March 1, 2025', '2025-03-01T00:00', false],
      ['Mon 03/03/25', '2025-03-03T00:00', false],
      ['Tue 3/4/25 8:00 AM', '2025-03-04T08:00', true],
      ['3/4/25 5:30 PM', '2025-03-04T17:30', true],
      ['01MAR25', '2025-03-01T00:00', false],
    ];
    for (const [text, date, hasTime] of cases) expect(parseDateText(text, 'mdy'), text).toEqual({ date, hasTime });
  });

  it('reads all-numeric dates in the order given', () => {
    expect(parseDateText('03/04/2025', 'dmy')?.date).toBe('2025-04-03T00:00');
    expect(parseDateText('03/04/2025', 'mdy')?.date).toBe('2025-03-04T00:00');
    expect(parseDateText('31.12.2024', 'dmy')?.date).toBe('2024-12-31T00:00');
  });

  it('rejects impossible dates instead of rolling them over', () => {
    expect(parseDateText('31/02/2025', 'dmy')).toBeNull();
    expect(parseDateText('2025-02-29')).toBeNull();
    expect(parseDateText('2024-02-29')?.date).toBe('2024-02-29T00:00');
    expect(parseDateText('13/13/2025', 'dmy')).toBeNull();
    expect(parseDateText('25:00 01/01/2025')).toBeNull();
  });

  it('says what a date proves about day/month order', () => {
    expect(dateOrderEvidence('25/03/2025')).toBe('dmy');
    expect(dateOrderEvidence('03/25/2025')).toBe('mdy');
    expect(dateOrderEvidence('03/04/2025')).toBe('either');
    expect(dateOrderEvidence('2025-03-25')).toBeNull();
  });

  it('converts Excel serials by arithmetic (no time zone)', () => {
    // 45000 is 15 March 2023 in Excel's 1900 system; .5 is noon; 1 is 1 Jan 1900 (before the
    // 1900 leap-year bug), 61 is 1 March 1900 (after it).
    expect(excelSerialToDate(45000)).toBe('2023-03-15T00:00');
    expect(excelSerialToDate(45000.5)).toBe('2023-03-15T12:00');
    expect(excelSerialToDate(45000.75)).toBe('2023-03-15T18:00');
    expect(excelSerialToDate(1)).toBe('1900-01-01T00:00');
    expect(excelSerialToDate(61)).toBe('1900-03-01T00:00');
    // The 1904 system counts from 1 Jan 1904: 43538 there is the same day as 45000 in 1900.
    expect(excelSerialToDate(45000 - 1462, true)).toBe('2023-03-15T00:00');
    expect(excelSerialToDate(-1)).toBeNull();
    // A time that rounds to 24:00 moves to the next day.
    expect(excelSerialToDate(45000.99999)).toBe('2023-03-16T00:00');
  });

  it('reads numbers as dates only when asked (a date column)', () => {
    expect(dateOfCell(45000)).toBeNull();
    expect(dateOfCell(45000, { serials: true })?.date).toBe('2023-03-15T00:00');
    expect(dateOfCell(12, { serials: true })).toBeNull();
  });

  it('reads Date objects by their wall-clock fields', () => {
    expect(dateOfCell(new Date(2025, 2, 3, 8, 0, 0))).toEqual({ date: '2025-03-03T08:00', hasTime: true });
    // SheetJS-style drift of a few seconds rounds back to the minute.
    expect(dateOfCell(new Date(2025, 2, 3, 11, 59, 50))?.date).toBe('2025-03-03T12:00');
  });

  it('turns period labels into period end dates', () => {
    expect(periodEndOfText('Mar-25')).toBe('2025-03-31');
    expect(periodEndOfText('February 2024')).toBe('2024-02-29');
    expect(periodEndOfText('2025-02')).toBe('2025-02-28');
    expect(periodEndOfText('31/01/2025')).toBe('2025-01-31');
    expect(periodEndOfText('P3')).toBeNull();
  });
});

describe('durations', () => {
  it('reads units the way MS Project and P6 write them', () => {
    expect(parseDurationCell('5 days')).toEqual({ value: 5, unit: 'days' });
    expect(parseDurationCell('5d')).toEqual({ value: 5, unit: 'days' });
    expect(parseDurationCell('5d?')).toEqual({ value: 5, unit: 'days' });
    expect(parseDurationCell('2.5 wks')).toEqual({ value: 2.5, unit: 'weeks' });
    expect(parseDurationCell('40h')).toEqual({ value: 40, unit: 'hours' });
    expect(parseDurationCell('3 edays')).toEqual({ value: 3, unit: 'elapsed-days' });
    expect(parseDurationCell('1 mo')).toEqual({ value: 1, unit: 'months' });
    expect(parseDurationCell(12)).toEqual({ value: 12, unit: null });
    expect(parseDurationCell('12')).toEqual({ value: 12, unit: null });
    expect(parseDurationCell('ten days')).toBeNull();
    expect(parseDurationCell('5 parsecs')).toBeNull();
  });

  it('converts to working hours with 5-day weeks and 20-day months', () => {
    expect(durationHours(5, 'days', 8)).toBe(40);
    expect(durationHours(2, 'weeks', 8)).toBe(80);
    expect(durationHours(1, 'months', 7.5)).toBe(150);
    expect(durationHours(3, 'elapsed-days', 8)).toBe(72);
    expect(durationHours(90, 'minutes', 8)).toBe(1.5);
  });
});

describe('value profiling', () => {
  it('tells amounts, dates, codes, names and percentages apart', () => {
    const money = profileColumn(['£5,000', '£12,500.50', '£0', null, '£1,000']);
    expect(money.nonEmpty).toBe(4);
    expect(money.numbers).toBe(4);
    expect(money.currency).toBe(4);
    expect(money.currencyCodes).toEqual({ GBP: 4 });
    expect(kindFit(money, 'money')).toBe(1);
    expect(kindFit(money, 'date')).toBe(0);

    const dates = profileColumn(['06/01/2025', '31/01/2025', '2025-02-03T08:00']);
    expect(dates.dates).toBe(3);
    expect(dates.dmy).toBe(1);
    expect(dates.mdy).toBe(0);
    expect(kindFit(dates, 'date')).toBe(1);
    expect(kindFit(dates, 'money')).toBe(0);

    const ids = profileColumn(['A1000', 'A1010', 'A1020', 'A1030']);
    expect(kindFit(ids, 'id')).toBe(1);
    const repeated = profileColumn(['A1000', 'A1000', 'A1000', 'A1000']);
    expect(kindFit(repeated, 'id')).toBeLessThan(kindFit(ids, 'id'));
    expect(kindFit(repeated, 'id', false)).toBe(1);

    const names = profileColumn(['Site clearance', 'Bulk excavation', 'Blinding and base slab']);
    expect(kindFit(names, 'text')).toBe(1);
    expect(kindFit(names, 'money')).toBe(0);

    const pct = profileColumn(['45%', '100%', '0%']);
    expect(pct.percentSigned).toBe(3);
    expect(kindFit(pct, 'percent')).toBe(1);
    expect(kindFit(pct, 'money')).toBeLessThan(1);
    const fractions = profileColumn([0.45, 1, 0]);
    expect(fractions.inUnit).toBe(3);
    expect(kindFit(fractions, 'percent')).toBe(1);
  });

  it('recognises WBS codes, durations, types, statuses and excel serials', () => {
    const wbs = profileColumn(['1.1', '1.2', '2.1', 'RPS.CIV.01']);
    expect(wbs.dotted).toBe(4);
    expect(kindFit(wbs, 'wbs')).toBe(1);
    const dur = profileColumn(['5 days', '10d', '0 days']);
    expect(dur.durations).toBe(3);
    expect(kindFit(dur, 'duration')).toBe(1);
    const types = profileColumn(['Task Dependent', 'Finish Milestone', 'TT_LOE', 'Level of Effort']);
    expect(kindFit(types, 'activity-type')).toBeGreaterThanOrEqual(0.75);
    const status = profileColumn(['Completed', 'In Progress', 'Not Started']);
    expect(kindFit(status, 'status')).toBe(1);
    const serials = profileColumn([45000, 45001, 45030]);
    expect(serials.serials).toBe(3);
    expect(kindFit(serials, 'date')).toBeCloseTo(0.8, 9);
  });

  it('treats an empty column as neutral evidence', () => {
    const empty = profileColumn([null, '', '  ']);
    expect(empty.nonEmpty).toBe(0);
    expect(kindFit(empty, 'money')).toBe(0.8);
  });
});
