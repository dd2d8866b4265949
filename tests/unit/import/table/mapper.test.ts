/**
 * The mapper's behaviour beyond accuracy: header-row detection, date order from the values,
 * reading hints (units, percent scale), errors for sheets it cannot map, the header signature and
 * the user's corrections.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCorrections, headerSignature, proposeMapping, type CellValue, type MappingProposal, type Sheet } from '../../../../src/core/import/table';
import { ImportError } from '../../../../src/core/import/types';

const sheet = (rows: CellValue[][], name = 'Sheet1'): Sheet => ({ name, rows });
const fieldOf = (p: MappingProposal, header: string) => p.columns.find((c) => c.header === header)?.field ?? null;
const errorOf = (fn: () => unknown): ImportError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('expected an ImportError');
};

describe('proposeMapping', () => {
  it('finds the header under title, data-date and blank rows, and reads the data date and title', () => {
    const p = proposeMapping(
      sheet([
        ['Riverside Pumping Station'],
        ['Status date', '28/02/2025'],
        [],
        ['Activity ID', 'Activity Name', 'Start', 'Finish', 'Budget'],
        ['A1', 'Dig', '03/02/2025', '14/02/2025', 100],
        ['A2', 'Pour', '17/02/2025', '28/02/2025', 200],
      ]),
    );
    expect(p.headerRow).toBe(3);
    expect(p.dataRows).toBe(2);
    expect(p.title).toBe('Riverside Pumping Station');
    // A date with no time: the status is at the end of that working day.
    expect(p.dataDate).toBe('2025-02-28T17:00');
  });

  it('takes the column titles of a P6 spreadsheet export, not the field names above them', () => {
    // P6 (File › Export › Spreadsheet) writes database field names in row 1 and titles in row 2.
    const p = proposeMapping(
      sheet(
        [
          ['task_code', 'status_code', 'task_name', 'target_start_date', 'target_end_date', 'act_start_date', 'phys_complete_pct'],
          ['Activity ID', '(*)Activity Status', 'Activity Name', 'Planned Start', 'Planned Finish', 'Actual Start', 'Physical % Complete'],
          ['A1000', 'Completed', 'Mobilise', '06-Jan-25 08:00', '10-Jan-25 17:00', '06-Jan-25 08:00', 100],
          ['A1010', 'Not Started', 'Excavate', '13-Jan-25 08:00', '24-Jan-25 17:00', '', 0],
        ],
        'TASK',
      ),
    );
    expect(p.headerRow).toBe(1);
    expect(p.columns.map((c) => c.field)).toEqual(['activityId', 'activityStatus', 'activityName', 'plannedStart', 'plannedFinish', 'actualStart', 'physicalPercentComplete']);
  });

  it('reads day/month order from the values: a day above 12 decides', () => {
    const uk = proposeMapping(sheet([['ID', 'Start'], ['A', '03/04/2025'], ['B', '25/04/2025']]));
    expect(uk.dateOrder).toBe('dmy');
    const us = proposeMapping(sheet([['ID', 'Start'], ['A', '03/04/2025'], ['B', '04/25/2025']]));
    expect(us.dateOrder).toBe('mdy');
    const unknown = proposeMapping(sheet([['ID', 'Start'], ['A', '03/04/2025'], ['B', '04/05/2025']]));
    expect(unknown.dateOrder).toBe('dmy');
    expect(unknown.dateOrderReason).toMatch(/cannot be told/);
    expect(proposeMapping(sheet([['ID', 'Start'], ['A', '03/04/2025']]), undefined, { dateOrder: 'mdy' }).dateOrder).toBe('mdy');
  });

  it('decides duration units from the header, then the values, else days with a reason', () => {
    const p = proposeMapping(
      sheet([
        ['Activity ID', 'Original Duration (hrs)', 'Remaining Duration', 'Actual Duration'],
        ['A', 16, '2w', 3],
        ['B', 8, '1w', 0],
      ]),
    );
    const col = (h: string) => p.columns.find((c) => c.header === h);
    expect(col('Original Duration (hrs)')?.durationUnit).toBe('hours');
    expect(col('Remaining Duration')?.durationUnit).toBe('weeks');
    expect(col('Actual Duration')?.durationUnit).toBe('days');
    expect(col('Actual Duration')?.durationUnitReason).toMatch(/neither the header nor the values/);
  });

  it('reads percentages as 0–100 when any value is above 1, else as fractions', () => {
    const p = proposeMapping(sheet([['ID', '% Complete', 'Physical % Complete'], ['A', 45, 0.45], ['B', 0, 1]]));
    expect(p.columns[1].percentScale).toBe('percent');
    expect(p.columns[2].percentScale).toBe('fraction');
  });

  it('says why a column is left unmapped', () => {
    const p = proposeMapping(sheet([['Activity ID', 'Total Float', ''], ['A', 3, 'x'], ['B', 0, 'y']]));
    expect(p.columns[1].field).toBeNull();
    expect(p.columns[1].reason).toMatch(/'Total Float' does not name a field/);
    expect(p.columns[2].reason).toMatch(/no header/);
  });

  it('guesses from the values when a header is blank, with low confidence', () => {
    const p = proposeMapping(sheet([['', 'Name', 'Budget'], ['X-1', 'Dig the trench', 1], ['X-2', 'Pour the slab', 2], ['X-3', 'Cure', 3]]));
    expect(p.columns[0].field).toBe('activityId');
    expect(p.columns[0].source).toBe('values');
    expect(p.columns[0].confidence).toBeLessThan(0.7);
  });

  it('takes the table kind from the caller', () => {
    const rows: CellValue[][] = [['Period', 'PV', 'EV', 'AC'], [1, 100, 90, 95], [2, 200, 180, 190]];
    expect(proposeMapping(sheet(rows)).kind).toBe('periods');
    expect(proposeMapping(sheet(rows), 'activities').kind).toBe('activities');
    // Period fields are not offered in an activity list.
    expect(fieldOf(proposeMapping(sheet(rows), 'activities'), 'Period')).toBeNull();
  });

  it('guesses cumulative from headers, and from values only with enough periods', () => {
    const cum = proposeMapping(sheet([['Month', 'Cum PV', 'Cum EV', 'Cum AC'], [1, 1, 1, 1], [2, 3, 2, 2]]));
    expect(cum.valuesAre).toBe('cumulative');
    const falling = proposeMapping(sheet([['Period', 'PV', 'EV', 'AC'], [1, 100, 90, 95], [2, 300, 280, 290], [3, 150, null, null]]));
    expect(falling.valuesAre).toBe('incremental');
    const rising = proposeMapping(sheet([['Period', 'PV', 'EV', 'AC'], [1, 100, 90, 95], [2, 300, 280, 290], [3, 600, 550, 580], [4, 1000, 900, 950]]));
    expect(rising.valuesAre).toBe('cumulative');
    const short = proposeMapping(sheet([['Period', 'PV', 'EV', 'AC'], [1, 100, 90, 95], [2, 300, 280, 290]]));
    expect(short.valuesAre).toBeUndefined();
  });

  it('explains a sheet with no header row, an empty sheet, and a sheet of numbers', () => {
    const numbers = errorOf(() => proposeMapping(sheet([[1, 2, 3], [4, 5, 6]], 'Data')));
    expect(numbers.message).toMatch(/^Sheet 'Data' has no header row: .*Add a row of column names/);
    expect(errorOf(() => proposeMapping(sheet([], 'Blank'))).message).toMatch(/^Sheet 'Blank' is empty/);
    expect(errorOf(() => proposeMapping(sheet([[null, ''], []], 'Blank'))).message).toMatch(/is empty/);
    // Text with nothing under it is a note, not a table…
    expect(errorOf(() => proposeMapping(sheet([['Prepared by J. Smith', 'Checked by A. Patel']]))).message).toMatch(/no header row/);
    // …unless it is a row of column names: then the rows under it are what is missing.
    expect(errorOf(() => proposeMapping(sheet([['Activity ID', 'Name']], 'Tasks'))).message).toBe(
      "the table has a header row (row 1 of sheet 'Tasks': 'Activity ID', 'Name') but no rows under it: add one row per period (or per activity) and import it again.",
    );
  });

  it('copes with a huge header cell and a wide sheet', () => {
    const huge = 'Budget '.repeat(20000);
    const p = proposeMapping(sheet([['Activity ID', huge], ['A', 1], ['B', 2]]));
    expect(p.columns[1].reason.length).toBeLessThan(300);
    const wide = proposeMapping(sheet([Array.from({ length: 300 }, (_, i) => `Col ${i}`).concat(['Activity ID']), Array.from({ length: 301 }, (_, i) => `v${i}`)]));
    expect(wide.columns[300].field).toBe('activityId');
  });
});

describe('headerSignature', () => {
  const headers = ['Activity ID', 'Activity Name', 'Start', 'Finish', 'Budget (£)'];

  it('is stable under column order, letter case and spacing', () => {
    const a = headerSignature(headers);
    expect(headerSignature([...headers].reverse())).toBe(a);
    expect(headerSignature(headers.map((h) => h.toUpperCase()))).toBe(a);
    expect(headerSignature(headers.map((h) => `  ${h.replace(' ', '   ')} `))).toBe(a);
    expect(headerSignature([...headers, '', '  '])).toBe(a);
    expect(a).toMatch(/^h5-[0-9a-f]{16}$/);
  });

  it('changes when a header changes, is added or repeats', () => {
    const a = headerSignature(headers);
    expect(headerSignature([...headers.slice(0, 4), 'Budget ($)'])).not.toBe(a);
    expect(headerSignature([...headers, 'Notes'])).not.toBe(a);
    expect(headerSignature([...headers, 'Start'])).not.toBe(a);
  });

  it('is order-insensitive for any header list (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 12 }), fc.integer(), (hs, seed) => {
        const shuffled = [...hs].sort((x, y) => ((x.length * 31 + seed) % 7) - ((y.length * 31 + seed) % 7));
        expect(headerSignature(shuffled)).toBe(headerSignature(hs));
      }),
    );
  });
});

describe('applyCorrections', () => {
  const base = () =>
    proposeMapping(
      sheet([
        ['Ref', 'Description', 'Start', 'Baseline Start', 'Value', 'Spent'],
        ['R1', 'Fence the site', '03/03/2025', '03/03/2025', 1000, 100],
        ['R2', 'Clear the site', '10/03/2025', '10/03/2025', 2000, 0],
      ]),
    );

  it('keeps the user’s choice with confidence 1 and frees the field elsewhere', () => {
    const p = base();
    expect(fieldOf(p, 'Start')).toBe('plannedStart');
    expect(fieldOf(p, 'Baseline Start')).toBe('baselineStart');
    // The user says "Start" is the baseline start (their template's convention).
    const c = applyCorrections(p, { Start: 'baselineStart' });
    expect(fieldOf(c, 'Start')).toBe('baselineStart');
    expect(c.columns[2].confidence).toBe(1);
    expect(c.columns[2].source).toBe('correction');
    expect(c.columns[2].reason).toMatch(/you mapped 'Start' to baseline start/);
    // "Baseline Start" cannot keep baselineStart; it is re-assigned from its own scores.
    expect(fieldOf(c, 'Baseline Start')).not.toBe('baselineStart');
    const fields = c.columns.map((x) => x.field).filter(Boolean);
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('matches headers in any letter case, ignores a column on request, and skips unknown fields', () => {
    const p = base();
    const c = applyCorrections(p, { spent: null, VALUE: 'budgetCost', Ref: 'notAField' });
    expect(fieldOf(c, 'Spent')).toBeNull();
    expect(c.columns[5].reason).toMatch(/you chose to ignore 'Spent'/);
    expect(fieldOf(c, 'Value')).toBe('budgetCost');
    expect(fieldOf(c, 'Ref')).toBe(fieldOf(p, 'Ref'));
  });

  it('is pure: the proposal given is not changed', () => {
    const p = base();
    const before = JSON.stringify(p);
    applyCorrections(p, { Start: 'baselineStart', Spent: null });
    expect(JSON.stringify(p)).toBe(before);
  });

  it('gives a field to only the first of two columns corrected to it', () => {
    const c = applyCorrections(base(), { Value: 'actualCost', Spent: 'actualCost' });
    expect(fieldOf(c, 'Value')).toBe('actualCost');
    expect(fieldOf(c, 'Spent')).toBeNull();
  });

  it('ignores fields of the other table kind', () => {
    const c = applyCorrections(base(), { Value: 'plannedValueCum' });
    expect(fieldOf(c, 'Value')).toBe(fieldOf(base(), 'Value'));
  });
});
