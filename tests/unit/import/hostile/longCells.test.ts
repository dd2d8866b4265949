/** Table cells with long runs of spaces: read as text at once (the value patterns backtracked quadratically). */
import { describe, expect, it } from 'vitest';
import { ImportError, parseScheduleFile } from '../../../../src/core/import';
import { parseDateText, parseDurationCell, periodEndOfText } from '../../../../src/core/import/table/values';
import { profileColumn } from '../../../../src/core/import/table/profile';

const tabs = '\t'.repeat(1_000_000);

describe('cells with a million tabs', () => {
  it('are no date, duration or period label, and profile as text', () => {
    expect(parseDateText(`2024-01-01${tabs}x`)).toBeNull();
    expect(periodEndOfText(`Mar${tabs}x`)).toBeNull();
    expect(parseDurationCell(`5${tabs}x`)).toBeNull();
    const p = profileColumn([`A1${tabs}x`, `1140${tabs}0`]);
    expect([p.texts, p.spaced, p.dates, p.numbers]).toEqual([2, 2, 0, 0]);
  });

  it('in a period table CSV give the cell error, naming the cell (this input used to run for minutes)', () => {
    const csv = `Period,PV,EV,AC\n2024-01-28,1000,900,950\n2024-02-28,2000,1800,1140${tabs}0\n2024-03-28,3000,,\n`;
    try {
      parseScheduleFile(new TextEncoder().encode(csv), { fileName: 'p.csv', table: { confirmed: true } });
      throw new Error('expected an ImportError');
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as Error).message).toMatch(/^p\.csv: line 3, column D \('AC'\): AC value '1140 0' is not a number/);
    }
  });
});
