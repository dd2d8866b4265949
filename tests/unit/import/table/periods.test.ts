/**
 * Period tables from mapped sheets: rows of one period added together, cumulative or per-period
 * columns chosen by the caller's `cumulative`, and errors that name the cell.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysePeriodTable } from '../../../../src/core/evm/periodTable';
import { periodTableFromSheet, proposeMapping, readCsvBytes, type CellValue, type Sheet } from '../../../../src/core/import/table';
import { ImportError } from '../../../../src/core/import/types';

const FIXTURES = join(__dirname, '../../../fixtures/tables');

describe('periodTableFromSheet', () => {
  it('adds up the control accounts of each period in the Cobra fixture (README figures)', () => {
    const sheet = readCsvBytes(new Uint8Array(readFileSync(join(FIXTURES, 'cobra-periods.csv'))), { fileName: 'cobra-periods.csv' });
    const proposal = proposeMapping(sheet);
    expect(proposal.kind).toBe('periods');
    const notes: string[] = [];
    const table = periodTableFromSheet(sheet, proposal, { cumulative: false, onWarning: (m) => notes.push(m) });
    expect(table.valuesAre).toBe('incremental');
    expect(table.rows.map((r) => [r.label, r.end, r.pv, r.ev, r.ac])).toEqual([
      ['2025-01', '2025-01-31', 15_000, 14_000, 14_700],
      ['2025-02', '2025-02-28', 30_000, 26_000, 28_800],
      ['2025-03', '2025-03-31', 35_000, null, null],
    ]);
    expect(notes).toEqual(['6 rows share a period with others and were added together, giving 3 periods (one row per control account or work package per period).']);
    const a = analysePeriodTable(table);
    // Cumulative at February: PV 45,000, EV 40,000, AC 43,500; BAC = final cumulative PV 80,000.
    expect(a.cost.bac.value).toBe(80_000);
    expect(a.cost.spi.value).toBeCloseTo(40_000 / 45_000, 12);
    expect(a.cost.cpi.value).toBeCloseTo(40_000 / 43_500, 12);
  });

  it('takes the cumulative columns when asked for cumulative values, and the periodic ones otherwise', () => {
    const sheet: Sheet = {
      name: 'EV',
      rows: [
        ['Week Ending', 'PV', 'EV', 'AC', 'Cum PV', 'Cum EV', 'Cum AC'],
        ['07/03/2025', 5000, 4000, 4500, 5000, 4000, 4500],
        ['14/03/2025', 6000, 5500, 6000, 11000, 9500, 10500],
      ],
    };
    const p = proposeMapping(sheet);
    const cum = periodTableFromSheet(sheet, p, { cumulative: true });
    expect(cum.rows.map((r) => [r.end, r.pv, r.ev, r.ac])).toEqual([
      ['2025-03-07', 5000, 4000, 4500],
      ['2025-03-14', 11000, 9500, 10500],
    ]);
    const inc = periodTableFromSheet(sheet, p, { cumulative: false });
    expect(inc.rows.map((r) => r.pv)).toEqual([5000, 6000]);
    expect(inc.valuesAre).toBe('incremental');
  });

  it('reads the fixture of the CSV reader the same way (period-table-monthly.csv)', () => {
    const sheet = readCsvBytes(new Uint8Array(readFileSync(join(__dirname, '../../../fixtures/period-table-monthly.csv'))));
    const t = periodTableFromSheet(sheet, proposeMapping(sheet), { cumulative: true });
    // tests/fixtures/README.md: Jan–Mar PV 100,000 / 250,000 / 450,000, EV 80,000 / 200,000 / 380,000.
    expect(t.rows.slice(0, 3).map((r) => [r.end, r.pv, r.ev])).toEqual([
      ['2025-01-31', 100_000, 80_000],
      ['2025-02-28', 250_000, 200_000],
      ['2025-03-31', 450_000, 380_000],
    ]);
    expect(t.rows).toHaveLength(6);
    expect(t.rows[3].ev).toBeNull();
  });

  it('leaves out a total row and says so', () => {
    const notes: string[] = [];
    const sheet: Sheet = { name: 'P', rows: [['Period', 'PV', 'EV', 'AC'], [1, 10, 9, 9], [2, 20, 18, 19], ['Total', 30, 27, 28]] };
    const t = periodTableFromSheet(sheet, proposeMapping(sheet), { cumulative: false, onWarning: (m) => notes.push(m) });
    expect(t.rows.map((r) => r.label)).toEqual(['1', '2']);
    expect(notes).toEqual(["P row 4 looks like a total row ('Total'); it was left out so its figures are not counted twice."]);
    // The results say so too.
    expect(t.notes).toEqual(notes);
  });

  it('names the cell of a value that is not a number', () => {
    const sheet: Sheet = { name: 'Monthly EV', rows: [['Period', 'PV', 'EV', 'AC'], [1, 10, 9, 9], [2, 20, 'TBC', 19]] };
    let error: unknown;
    try {
      periodTableFromSheet(sheet, proposeMapping(sheet), { cumulative: false, fileName: 'ev.xlsx' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(
      "ev.xlsx: 'Monthly EV'!C3: EV value 'TBC' in column 'EV' is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).",
    );
    expect((error as ImportError).where).toBe("'Monthly EV'!C3");
  });

  it('says which of PV, EV and AC has no column', () => {
    const rows: CellValue[][] = [['Period', 'PV', 'AC'], [1, 10, 9], [2, 20, 19]];
    expect(() => periodTableFromSheet({ name: 'P', rows }, proposeMapping({ name: 'P', rows }, 'periods'), { cumulative: true })).toThrow(
      /^sheet 'P': no column is mapped to EV\. Found headers: 'Period', 'PV', 'AC'\. A period table needs PV \(BCWS, planned value\) and EV/,
    );
  });
});
