/**
 * One data date on every surface (issue 12, item 4): a P6 data date of 2012-05-10 00:00 read as
 * "9 May 2012" on the dashboard, the status history and the commentary (formatEndDate: midnight =
 * end of the previous day) and "10 May 2012" on the import summary. A status date is shown the way
 * P6 and MS Project show it: its calendar day.
 */
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm/analyseSchedule';
import { formatDataDate, formatDate, formatEndDate } from '../../../src/core/format';
import { dashboardOf } from '../../../src/core/insight';
import { act, schedule } from '../engine/helpers';

describe('formatDataDate', () => {
  it('a P6 data date at 00:00 is that day, as P6 shows it', () => {
    expect(formatDataDate('2012-05-10T00:00')).toBe('10 May 2012');
    expect(formatDataDate('2012-05-10 00:00')).toBe('10 May 2012');
    expect(formatDataDate('2012-08-03T00:00:00')).toBe('3 Aug 2012');
    // The old display of the same date on the dashboard: the day before.
    expect(formatEndDate('2012-05-10T00:00')).toBe('9 May 2012');
  });

  it('an MS Project status date at the end of the working day is that day', () => {
    expect(formatDataDate('2012-05-10T17:00')).toBe('10 May 2012');
    expect(formatDataDate('2012-05-10')).toBe('10 May 2012');
  });

  it('24:00 is midnight at the start of the next day', () => {
    expect(formatDataDate('2012-05-09T24:00')).toBe('10 May 2012');
    expect(formatDataDate('2012-12-31T24:00')).toBe('1 Jan 2013');
  });

  it('agrees with formatDate on every other input, including non-dates', () => {
    for (const t of ['2025-02-28T08:00', '2024-02-29', '2025-02-30', 'soon', '', null, undefined]) expect(formatDataDate(t)).toBe(formatDate(t));
    expect(formatDataDate(null)).toBe('n/a');
  });
});

describe("the commentary's 'As at' is the same day as the data date everywhere else", () => {
  it('a data date at 00:00', () => {
    const s = schedule({
      dataDate: '2025-01-15T00:00',
      activities: [
        act('A1', { baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000, actualStart: '2025-01-06T08:00', percentComplete: { physical: 0.5 }, actualCost: 6_000 }),
        act('A2', { baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-24T17:00', budgetCost: 20_000 }),
      ],
    });
    const text = dashboardOf(analyseSchedule(s)).commentary.paragraphs.map((p) => p.text).join('\n');
    expect(text).toContain('As at 15 Jan 2025, ');
    expect(text).not.toContain('14 Jan 2025');
  });
});
