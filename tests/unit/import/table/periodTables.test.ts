/**
 * Period tables through the one path every caller uses (parseScheduleFile → the column mapper →
 * periodTableFromSheet): the CLI and the app read them the same way. The assertions of the old
 * CSV-only period reader live here now, so no message lost its line and column.
 *
 * The hand-worked table used throughout (cumulative; tests/fixtures/README.md):
 *
 * | period | PV    | EV  | AC  |
 * |--------|-------|-----|-----|
 * | 1      | 100   | 80  | 90  |
 * | 2      | 250   | 200 | 230 |
 * | 3      | 450   | 380 | 420 |   ← status: the last row with EV or AC
 * | 4      | 700   |     |     |
 * | 5      | 900   |     |     |
 * | 6      | 1,000 |     |     |
 *
 * BAC = 1,000; PD = 6; AT = 3; ES = 2 + (380 − 250)/(450 − 250) = 2.65; SPI = 380/450; CPI = 380/420.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { analysePeriodTable, PeriodTableError, type PeriodTable } from '../../../../src/core/evm/periodTable';
import { ImportError, parseScheduleFile, type ParseOutcome, type TableChoice } from '../../../../src/core/import';
import { headerScale } from '../../../../src/core/import/table/values';

const FIXTURES = join(__dirname, '../../../fixtures');
const enc = (s: string) => new TextEncoder().encode(s);
const csv = (lines: string[]) => lines.join('\n');

function parse(bytes: Uint8Array | string, table: TableChoice = { confirmed: true }, fileName = 'plan.csv'): ParseOutcome {
  return parseScheduleFile(typeof bytes === 'string' ? enc(bytes) : bytes, { fileName, table });
}

/** The period table the one path reads from `text` (values cumulative unless said). */
function read(text: string | Uint8Array, choice: TableChoice = {}, fileName = 'plan.csv'): PeriodTable {
  const out = parse(text, { confirmed: true, ...choice }, fileName);
  if (out.kind !== 'period-table') throw new Error(`expected a period table, got ${out.kind}${out.kind === 'needs-mapping' ? ` (${out.proposal.kind}: ${out.proposal.kindReason})` : ''}`);
  return out.table;
}

const errorOf = (fn: () => unknown, type: new (...args: never[]) => Error = ImportError): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(type);
    return (e as Error).message;
  }
  throw new Error(`expected ${type.name}`);
};

/** A one-sheet .xlsx written by SheetJS from rows (cells given as SheetJS cell objects or values). */
function xlsx(rows: (XLSX.CellObject | string | number | null)[][], sheetName = 'Sheet1'): Uint8Array {
  const ws: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((r, ri) => {
    width = Math.max(width, r.length);
    r.forEach((v, ci) => {
      if (v === null) return;
      ws[XLSX.utils.encode_cell({ r: ri, c: ci })] = typeof v === 'object' ? v : typeof v === 'number' ? { t: 'n', v } : { t: 's', v };
    });
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: width - 1 } });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName);
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}
/** Excel serial of a date (days since 1899-12-30), as a date-formatted cell. */
const dateCell = (iso: string): XLSX.CellObject => ({ t: 'n', v: (Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) - Date.UTC(1899, 11, 30)) / 86_400_000, z: 'dd/mm/yyyy' });

const values = (t: PeriodTable) => t.rows.map((r) => [r.label, r.end, r.pv, r.ev, r.ac]);

describe('a period table with a single period', () => {
  it('is read as a period table, not refused as an activity list', () => {
    const t = read('Period,PV,EV,AC\n1,100,80,90\n');
    expect(t.rows).toEqual([{ label: '1', end: null, pv: 100, ev: 80, ac: 90, source: 'line 2' }]);
  });

  it('is proposed as a period table whose values need no cumulative choice (one period is both)', () => {
    const out = parse('Period end,BCWS,BCWP,ACWP\n31/03/2025,450,380,420\n', {});
    expect(out.kind).toBe('needs-mapping');
    if (out.kind !== 'needs-mapping') return;
    expect(out.proposal.kind).toBe('periods');
    expect(out.proposal.otherReading).toBeUndefined();
    expect(out.proposal.valuesAre).toBe('cumulative');
    expect(out.proposal.valuesAreReason).toMatch(/one period/);
  });

  it('analyses: BAC = PV = 100, SPI = 0.8, CPI = 80/90, ES = (80 − 0)/(100 − 0) = 0.8 of the one period', () => {
    const a = analysePeriodTable(read('Period end,PV,EV,AC\n31/03/2025,100,80,90\n'));
    expect(a.statusPeriod).toBe(1);
    expect(a.dataDate).toBe('2025-03-31');
    expect(a.cost.bac.value).toBe(100);
    expect(a.cost.spi.value).toBeCloseTo(0.8, 12);
    expect(a.cost.cpi.value).toBeCloseTo(80 / 90, 12);
    expect(a.schedule.es.value).toBeCloseTo(0.8, 12);
  });
});

describe('a period table with PV and EV but no AC (schedule-only, earned schedule)', () => {
  it('is read, every row with AC null, and the results say why', () => {
    const t = read(csv(['Period,PV,EV', '1,100,80', '2,250,200', '3,450,380', '4,700,', '5,900,', '6,1000,']));
    expect(values(t)).toEqual([
      ['1', null, 100, 80, null],
      ['2', null, 250, 200, null],
      ['3', null, 450, 380, null],
      ['4', null, 700, null, null],
      ['5', null, 900, null, null],
      ['6', null, 1000, null, null],
    ]);
    expect(t.notes).toBeUndefined();
  });

  it('analyses: PV, EV, SPI and earned schedule from the hand-worked table, AC and the cost measures null with the reason', () => {
    const a = analysePeriodTable(read(csv(['Period,PV,EV', '1,100,80', '2,250,200', '3,450,380', '4,700,', '5,900,', '6,1000,'])));
    expect(a.statusPeriod).toBe(3);
    expect(a.cost.pv.value).toBe(450);
    expect(a.cost.ev.value).toBe(380);
    expect(a.cost.spi.value).toBeCloseTo(380 / 450, 12);
    expect(a.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(a.schedule.spit.value).toBeCloseTo(2.65 / 3, 12);
    expect(a.cost.ac.value).toBeNull();
    expect(a.cost.cpi.value).toBeNull();
    expect(a.cost.cpi.reason).toMatch(/no actual cost \(AC\)/);
    expect(a.cost.eacSelected.value).toBeNull();
  });

  it('wide too: rows PV and EV only', () => {
    const t = read(csv(['Measure,Jan-25,Feb-25,Mar-25', 'Planned Value,100,250,450', 'Earned Value,80,200,']));
    expect(t.rows.map((r) => [r.pv, r.ev, r.ac])).toEqual([
      [100, 80, null],
      [250, 200, null],
      [450, null, null],
    ]);
    // Status Feb-25: SPI = 200/250; ES = 1 + (200 − 100)/(250 − 100) = 1.667.
    const a = analysePeriodTable(t);
    expect(a.dataDate).toBe('2025-02-28');
    expect(a.cost.spi.value).toBeCloseTo(0.8, 12);
    expect(a.schedule.es.value).toBeCloseTo(1 + 100 / 150, 12);
    expect(a.cost.ac.value).toBeNull();
  });

  it('without EV it is still refused, naming what is missing and the headers found', () => {
    const m = errorOf(() => read(csv(['Period,BCWS,Cost code,ACWP', '1,100,x,90', '2,250,y,230']), { kind: 'periods' }));
    expect(m).toMatch(/^plan\.csv: no column is mapped to EV\. Found headers: 'Period', 'BCWS', 'Cost code', 'ACWP'\. /);
    expect(m).toContain('EV (BCWP, earned value)');
  });

  it('names every missing measure', () => {
    expect(errorOf(() => read(csv(['Date,Cost code,Notes', '31/01/2025,X,y']), { kind: 'periods' }))).toMatch(/no column is mapped to PV, EV\./);
  });
});

describe('a wide period table (periods across, PV/EV/AC down)', () => {
  const long = read(csv(['Period,PV,EV,AC', 'Jan-25,100,80,90', 'Feb-25,250,200,230', 'Mar-25,450,380,420', 'Apr-25,700,,', 'May-25,900,,', 'Jun-25,1000,,']));

  it('is read turned round into the same period table as the long one', () => {
    const t = read(csv(['Measure,Jan-25,Feb-25,Mar-25,Apr-25,May-25,Jun-25', 'PV,100,250,450,700,900,1000', 'EV,80,200,380,,,', 'AC,90,230,420,,,']));
    expect(values(t)).toEqual(values(long));
    expect(t.rows.map((r) => r.end)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']);
    const a = analysePeriodTable(t);
    expect(a.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(a.cost.cpi.value).toBeCloseTo(380 / 420, 12);
  });

  it.each([
    ['BCWS/BCWP/ACWP, blank corner', [',Jan-25,Feb-25,Mar-25', 'BCWS,100,250,450', 'BCWP,80,200,', 'ACWP,90,230,']],
    ['Planned/Earned/Actual', ['Month,Jan-25,Feb-25,Mar-25', 'Planned,100,250,450', 'Earned,80,200,', 'Actual,90,230,']],
    ['full names with currency', ['EVM (£),Jan-25,Feb-25,Mar-25', 'Planned Value,"£100","£250","£450"', 'Earned Value,"£80","£200",', 'Actual Cost,"£90","£230",']],
    ['Cum PV / Cum EV / Cum AC', ['Cumulative,Jan-25,Feb-25,Mar-25', 'Cum PV,100,250,450', 'Cum EV,80,200,', 'Cum AC,90,230,']],
    ['"Planned Value (PV)" with its abbreviation', ['Item,Jan-25,Feb-25,Mar-25', 'Planned Value (PV),100,250,450', 'Earned Value (EV),80,200,', 'Actual Cost (AC),90,230,']],
  ])('%s', (_name, lines) => {
    expect(read(csv(lines)).rows.map((r) => [r.end, r.pv, r.ev, r.ac])).toEqual([
      ['2025-01-31', 100, 80, 90],
      ['2025-02-28', 250, 200, 230],
      ['2025-03-31', 450, null, null],
    ]);
  });

  it('period end dates or period numbers across the first row', () => {
    const dated = read(csv(['Period end,31/01/2025,28/02/2025,31/03/2025', 'PV,100,250,450', 'EV,80,200,', 'AC,90,230,']));
    expect(dated.rows.map((r) => [r.label, r.end])).toEqual([
      ['31/01/2025', '2025-01-31'],
      ['28/02/2025', '2025-02-28'],
      ['31/03/2025', '2025-03-31'],
    ]);
    const numbered = read(csv(['Period,1,2,3', 'PV,100,250,450', 'EV,80,200,', 'AC,90,230,']));
    expect(values(numbered)).toEqual([
      ['1', null, 100, 80, 90],
      ['2', null, 250, 200, 230],
      ['3', null, 450, null, null],
    ]);
  });

  it('a title above, an index row below and a Total column: the title and SPI are not periods, the total is left out with a note', () => {
    const t = read(
      csv(['Riverside Pumping Station – EV report', '', 'Measure,Jan-25,Feb-25,Mar-25,Total', 'BCWS,100,150,200,450', 'BCWP,80,120,,200', 'ACWP,90,140,,230', 'SPI,0.8,0.8,,']),
      { cumulative: false },
    );
    expect(t.valuesAre).toBe('incremental');
    expect(t.rows.map((r) => [r.label, r.pv, r.ev, r.ac])).toEqual([
      ['Jan-25', 100, 80, 90],
      ['Feb-25', 150, 120, 140],
      ['Mar-25', 200, null, null],
    ]);
    expect(t.notes).toContain("Column E ('Total') is a total, not a period: it was left out so its figures are not counted twice.");
  });

  it('a title that itself says "Earned Value" does not hide the table under it', () => {
    // Excel writes the title row with its empty cells (",,,").
    const t = read(csv(['Earned Value,,,', ',,,', 'Measure,Jan-25,Feb-25,Mar-25', 'PV,100,250,450', 'EV,80,200,', 'AC,90,230,']));
    expect(t.rows.map((r) => [r.label, r.pv, r.ev, r.ac])).toEqual([
      ['Jan-25', 100, 80, 90],
      ['Feb-25', 250, 200, 230],
      ['Mar-25', 450, null, null],
    ]);
  });

  it('per-period and cumulative rows side by side: the choice decides which are read', () => {
    const text = csv(['Measure,W1,W2,W3', 'PV,5000,6000,6000', 'EV,4000,5500,', 'AC,4500,6000,', 'Cum PV,5000,11000,17000', 'Cum EV,4000,9500,', 'Cum AC,4500,10500,']);
    expect(read(text, { cumulative: true }).rows.map((r) => r.pv)).toEqual([5000, 11000, 17000]);
    const inc = read(text, { cumulative: false });
    expect(inc.rows.map((r) => r.pv)).toEqual([5000, 6000, 6000]);
    expect(inc.valuesAre).toBe('incremental');
  });

  it('rows of several control accounts are added together per period, with a note', () => {
    const t = read(csv(['CA,Measure,Jan-25,Feb-25', 'CA-1,PV,100,120', 'CA-1,EV,90,100', 'CA-1,AC,95,110', 'CA-2,PV,50,60', 'CA-2,EV,50,55', 'CA-2,AC,52,58']), { cumulative: false });
    expect(t.rows.map((r) => [r.pv, r.ev, r.ac])).toEqual([
      [150, 140, 147],
      [180, 155, 168],
    ]);
    expect(t.notes).toContain("2 rows labelled 'PV' (lines 2, 5) were added together, as were those of EV and AC: one row per control account or work package.");
  });

  it('an error names the row, its measure, the column and its period (CSV)', () => {
    const m = errorOf(() => read(csv(['Measure,Jan-25,Feb-25,Mar-25', 'PV,100,250,450', 'EV,80,tbc,', 'AC,90,230,'])));
    expect(m).toBe("plan.csv: line 3 (EV), column C (Feb-25): EV value 'tbc' is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).");
  });

  it('an analysis error names the period column', () => {
    const t = read(csv(['Measure,Jan-25,Feb-25,Mar-25', 'PV,100,,450', 'EV,80,200,', 'AC,90,230,']));
    expect(errorOf(() => analysePeriodTable(t), PeriodTableError)).toMatch(/^column C \(Feb-25\): PV is missing/);
  });

  describe('in a workbook', () => {
    const book = xlsx([
      ['Measure', dateCell('2025-01-31'), dateCell('2025-02-28'), dateCell('2025-03-31'), dateCell('2025-04-30'), dateCell('2025-05-31'), dateCell('2025-06-30')],
      ['PV', 100, 250, 450, 700, 900, 1000],
      ['EV', 80, 200, 380],
      ['AC', 90, 230, 420],
    ]);

    it('date cells across the first row, amounts below: the same table as the long CSV', () => {
      const t = read(book, {}, 'ev.xlsx');
      expect(t.rows.map((r) => [r.end, r.pv, r.ev, r.ac])).toEqual(long.rows.map((r) => [r.end, r.pv, r.ev, r.ac]));
      expect(t.rows[2].source).toBe('Sheet1 column D (2025-03-31)');
    });

    it('errors name the cell, its row and column', () => {
      const bad = xlsx([['Measure', 'Jan 2025', 'Feb 2025', 'Mar 2025'], ['PV', 100, 250, 450], ['EV', 80, 200, 380], ['AC', 90, 230, '#REF!']], 'EV report');
      const m = errorOf(() => read(bad, {}, 'ev.xlsx'));
      expect(m).toBe(
        "ev.xlsx: 'EV report'!D4, row 4 (AC), column D (Mar 2025): AC value '#REF!' is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).",
      );
    });
  });

  it('is offered for review turned round (periods down, PV/EV/AC across) and says so', () => {
    const out = parse(csv(['Measure,Jan-25,Feb-25,Mar-25', 'PV,100,250,450', 'EV,80,200,', 'AC,90,230,']), {});
    expect(out.kind).toBe('needs-mapping');
    if (out.kind !== 'needs-mapping') return;
    expect(out.proposal.kind).toBe('periods');
    expect(out.proposal.layout).toBe('wide');
    expect(out.proposal.kindReason).toMatch(/periods run across line 1 .* lines 2–4 .*turned round/);
    expect(out.preview.headers).toEqual(['Period', 'PV', 'EV', 'AC']);
    expect(out.preview.rows[0]).toEqual(['Jan-25', '100', '80', '90']);
    expect(out.proposal.columns.map((c) => c.field)).toEqual(['period', 'plannedValue', 'earnedValue', 'actualCost']);
  });

  it('an activity list whose names happen to say "earned value" is not taken for a wide table', () => {
    const out = parse(
      csv(['Activity ID,Activity Name,Duration,Start,Finish,Budget', 'A100,Earned value review,5,03/03/2025,07/03/2025,5000', 'A110,Planned value baseline,3,10/03/2025,12/03/2025,3000', 'A120,Actual cost audit,2,13/03/2025,14/03/2025,2000']),
      {},
    );
    expect(out.kind === 'needs-mapping' && out.proposal.kind).toBe('activities');
  });
});

describe('the mapper asks when it is unsure whether a table is a period table or an activity list', () => {
  // "No" may number periods or activities; with no names, dates or budgets the values cannot tell.
  const ambiguous = csv(['No,Planned,Earned,Actuals', '1,100,80,90', '2,250,200,230', '3,450,380,420']);

  it('offers both readings for review, with the reason for each', () => {
    const out = parse(ambiguous, {});
    expect(out.kind).toBe('needs-mapping');
    if (out.kind !== 'needs-mapping') return;
    expect(out.proposal.otherReading).toBeDefined();
    const kinds = [out.proposal.kind, out.proposal.otherReading?.kind].sort();
    expect(kinds).toEqual(['activities', 'periods']);
    expect(out.proposal.otherReading?.reason).toMatch(/\S/);
  });

  it('does not build either reading until the user chooses, even when asked to confirm', () => {
    const out = parse(ambiguous, { confirmed: true });
    expect(out.kind).toBe('needs-mapping');
  });

  it('builds the reading chosen', () => {
    expect(values(read(ambiguous, { kind: 'periods' }))).toEqual([
      ['1', null, 100, 80, 90],
      ['2', null, 250, 200, 230],
      ['3', null, 450, 380, 420],
    ]);
    const asActivities = parse(ambiguous, { confirmed: true, kind: 'activities' });
    expect(asActivities.kind).toBe('schedules');
    if (asActivities.kind === 'schedules') expect(asActivities.result.schedules[0].activities.map((a) => a.code)).toEqual(['1', '2', '3']);
  });

  it('several control accounts in one period: a one-period table or a list of control accounts', () => {
    const out = parse(csv(['CA,Period,BCWS,BCWP,ACWP', 'CA-100,2025-03,400,380,410', 'CA-200,2025-03,100,90,95', 'CA-300,2025-03,0,0,0']), {});
    expect(out.kind === 'needs-mapping' && out.proposal.otherReading).toBeTruthy();
    const t = read(csv(['CA,Period,BCWS,BCWP,ACWP', 'CA-100,2025-03,400,380,410', 'CA-200,2025-03,100,90,95', 'CA-300,2025-03,0,0,0']), { kind: 'periods' });
    expect(values(t)).toEqual([['2025-03', '2025-03-31', 500, 470, 505]]);
  });

  it('a clear period table or activity list is not asked about', () => {
    const periods = parse(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,200,230']), {});
    expect(periods.kind === 'needs-mapping' && periods.proposal.otherReading).toBeUndefined();
    const activities = parse(csv(['Activity ID,Activity Name,Start,Finish,Budget', 'A1,Dig,03/03/2025,07/03/2025,100', 'A2,Pour,10/03/2025,14/03/2025,200']), {});
    expect(activities.kind === 'needs-mapping' && activities.proposal.otherReading).toBeUndefined();
  });
});

// ─────────────── the old CSV period reader's assertions, on the one path ───────────────

describe('CSV period tables (formerly their own reader)', () => {
  it('reads the hand-worked table and gives the same analysis', () => {
    const t = read(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,200,230', '3,450,380,420', '4,700,,', '5,900,,', '6,1000,,']));
    expect(t.valuesAre).toBe('cumulative');
    expect(t.rows[3]).toEqual({ label: '4', end: null, pv: 700, ev: null, ac: null, source: 'line 5' });
    expect(analysePeriodTable(t).schedule.es.value).toBeCloseTo(2.65, 12);
    expect(read(csv(['Period,PV,EV,AC', '1,100,80,90']), { cumulative: false }).valuesAre).toBe('incremental');
  });

  it('the monthly fixture: £ amounts with thousands separators, dd/mm/yyyy period ends, "Cum. … (£)" headers', () => {
    const t = read(new Uint8Array(readFileSync(join(FIXTURES, 'period-table-monthly.csv'))), {}, 'period-table-monthly.csv');
    expect(t.rows.map((r) => r.end)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']);
    expect(t.rows.map((r) => r.pv)).toEqual([100_000, 250_000, 450_000, 700_000, 900_000, 1_000_000]);
    const a = analysePeriodTable(t);
    expect(a.cost.spi.value).toBeCloseTo(380 / 450, 12);
    expect(a.cost.cpi.value).toBeCloseTo(380 / 420, 12);
    expect(a.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(a.dataDate).toBe('2025-03-31');
  });

  describe('header lexicon (one period each)', () => {
    const pvEvAc = (header: string, choice: TableChoice = {}) => {
      const r = read(csv([header, '1,100,80,90']), choice).rows[0];
      return [r.pv, r.ev, r.ac];
    };
    it.each([
      'Period,BCWS,BCWP,ACWP',
      'Month,Planned Value,Earned Value,Actual Cost',
      'Week,Cum. PV (£),Cum. EV (£),Cum. AC (£)',
      'Period ending,Cumulative BCWS,BCWP to date,Actual Cost (GBP)',
      'Period,PV ($),EV ($),AC ($)',
      'Period,Planned Value (PV),Earned Value (EV),Actual Cost (AC)',
      'Period,PV (BCWS),EV (BCWP),AC (ACWP)',
    ])('%s', (header) => {
      expect(pvEvAc(header)).toEqual([100, 80, 90]);
    });

    it('"No" may number periods or activities: read as periods when chosen', () => {
      expect(parse(csv(['No,Planned,Earned,Actuals', '1,100,80,90'])).kind).toBe('needs-mapping');
      expect(pvEvAc('No,Planned,Earned,Actuals', { kind: 'periods' })).toEqual([100, 80, 90]);
    });

    it('columns in any order', () => {
      const r = read(csv(['Actual Cost,Period,Earned Value,Planned Value', '90,1,80,100'])).rows[0];
      expect([r.label, r.pv, r.ev, r.ac]).toEqual(['1', 100, 80, 90]);
    });
  });

  describe('amounts', () => {
    const pvOf = (raw: string) => read(csv(['Period,PV,EV,AC', `1,"${raw}",80,90`])).rows[0].pv;
    it.each([
      ['£1,234.50', 1234.5],
      ['1234', 1234],
      ['12,500.00', 12500],
      ['(1,200)', -1200],
      ['(£1,200.50)', -1200.5],
      ['1e3', 1000],
      ['-3.5e3', -3500],
      ['GBP 2,000', 2000],
      ['$ 99.5', 99.5],
      ['€1 000', 1000],
      ['.5', 0.5],
      // Decimal commas are read as such now (the old reader refused them).
      ['12,34', 12.34],
      ['1.234,50', 1234.5],
    ])('%s → %d', (raw, v) => {
      expect(pvOf(raw)).toBe(v);
    });

    it.each(['abc', '--5', '1e', 'n/a', '£'])('%s is not a number, and the message names line and column', (raw) => {
      expect(errorOf(() => pvOf(raw))).toBe(
        `plan.csv: line 2, column B ('PV'): PV value '${raw}' is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).`,
      );
    });
  });

  describe('header units', () => {
    it.each([
      ['PV (£k)', 1000],
      ['EV £000', 1000],
      ["Cum BCWS £'000s", 1000],
      ['AC ($K)', 1000],
      ['Planned (thousands)', 1000],
      ['EV (£m)', 1_000_000],
      ['AC $M', 1_000_000],
      ['PV (millions)', 1_000_000],
      ['PV (£)', 1],
      ['Actual Cost', 1],
      ['Milestone', 1],
      ['BCWS 2000', 1],
    ] as const)('%s → × %d', (header, factor) => {
      expect(headerScale(header)).toBe(factor);
    });

    it('a table in £k is read in pounds, and the results say so', () => {
      const t = read(csv(['Period,PV (£k),EV (£k),AC (£k)', '1,100,80,90', '2,250,,']));
      expect(t.rows[0]).toMatchObject({ pv: 100_000, ev: 80_000, ac: 90_000 });
      expect(t.notes).toEqual([
        'Column "PV (£k)" is in thousands: its values were multiplied by 1,000.',
        'Column "EV (£k)" is in thousands: its values were multiplied by 1,000.',
        'Column "AC (£k)" is in thousands: its values were multiplied by 1,000.',
      ]);
      const a = analysePeriodTable(t);
      expect(a.cost.bac.value).toBe(250_000);
      expect(a.warnings).toContain('Column "PV (£k)" is in thousands: its values were multiplied by 1,000.');
    });
  });

  describe('period dates', () => {
    const endOf = (text: string) => read(csv(['Period end,PV,EV,AC', `"${text}",100,80,90`])).rows[0].end;
    it.each([
      ['2025-01-31', '2025-01-31'],
      ['2025-1-5', '2025-01-05'],
      ['2025-01-31T17:00', '2025-01-31T17:00'],
      ['2025-01-31 08:30:00', '2025-01-31T08:30'],
      ['31/01/2025', '2025-01-31'],
      ['01/02/2025', '2025-02-01'],
      ['01/31/2025', '2025-01-31'],
      ['31.01.25', '2025-01-31'],
      ['31-Jan-25', '2025-01-31'],
      ['31 January 2025', '2025-01-31'],
      ['Jan 2025', '2025-01-31'],
      ['Feb 2024', '2024-02-29'],
      ['Feb-25', '2025-02-28'],
      ['2025-04', '2025-04-30'],
    ] as const)('%s → %s', (text, iso) => {
      expect(endOf(text)).toBe(iso);
    });

    it.each(['1', 'P1', 'Week 3', '31/02/2025', '2025-13-01', 'Foo 2025', '2025-01-31T25:00'])('%s is a label, not a date', (text) => {
      const r = read(csv(['Period end,PV,EV,AC', `"${text}",100,80,90`])).rows[0];
      expect([r.label, r.end]).toEqual([text, null]);
    });

    it('day-first unless a value proves month-first (a middle number above 12)', () => {
      expect(read(csv(['Date,PV,EV,AC', '01/02/2025,100,80,90', '01/03/2025,200,,'])).rows.map((r) => r.end)).toEqual(['2025-02-01', '2025-03-01']);
      expect(read(csv(['Date,PV,EV,AC', '01/31/2025,100,80,90', '02/28/2025,200,,'])).rows.map((r) => r.end)).toEqual(['2025-01-31', '2025-02-28']);
      // A proof later in the file still decides for every row.
      expect(read(csv(['Date,PV,EV,AC', '01/02/2025,100,80,90', '01/31/2025,200,,'])).rows.map((r) => r.end)).toEqual(['2025-01-02', '2025-01-31']);
    });
  });

  describe('errors name the line and column', () => {
    it('a non-numeric cell', () => {
      expect(errorOf(() => read(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,200,230', '3,450,about 380,420'])))).toBe(
        "plan.csv: line 4, column C ('EV'): EV value 'about 380' is not a number. Use plain amounts such as 12500 or £12,500.00 (leave the cell empty for a period not yet reported).",
      );
    });

    it('a missing PV names the line once analysed', () => {
      const t = read(csv(['Period,PV,EV,AC', '1,100,80,90', '2,,200,230']));
      expect(errorOf(() => analysePeriodTable(t), PeriodTableError)).toMatch(/^line 3: PV is missing/);
    });

    it('EV missing before the status row names both lines', () => {
      const t = read(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,,230', '3,450,380,420']));
      expect(errorOf(() => analysePeriodTable(t), PeriodTableError)).toMatch(/^line 3: EV is missing before the status period \(line 4\)/);
    });

    it('an empty file, or one of blank lines', () => {
      expect(errorOf(() => parse(''))).toBe('plan.csv: the file is empty (0 bytes). Export the schedule again and pick the new file.');
      expect(errorOf(() => parse(enc('\uFEFF \n\n  \n')))).toMatch(/^plan\.csv: /);
    });

    it('a header with no rows', () => {
      expect(errorOf(() => parse('Period,PV,EV,AC\n', {}))).toBe(
        "plan.csv: the table has a header row (line 1: 'Period', 'PV', 'EV', 'AC') but no rows under it: add one row per period (or per activity) and import it again.",
      );
    });

    it('binary garbage named .csv', () => {
      expect(errorOf(() => parse(enc('PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000\u0000\u0000!\u0000b'), {}, 'plan.xlsx.csv'))).toMatch(/^plan\.xlsx\.csv: this is a ZIP archive/);
    });
  });
});

describe('published worked example: MPUG "Earned Schedule Management (ESM)" — 10 modules, 10 months planned, 12 taken', () => {
  // tests/fixtures/README.md: BAC $1M over 10 months; finished in 12 months at $1.3M. At completion SV = 0,
  // SPI = 1.0, CV = −$0.3M; earned schedule ES = PD = 10, SV(t) = −2 months, SPI(t) = 10/12.
  const a = analysePeriodTable(read(new Uint8Array(readFileSync(join(FIXTURES, 'mpug-esm-10-modules.csv'))), {}, 'mpug-esm-10-modules.csv'));

  it('cost-based SV and SPI say "on schedule" at completion', () => {
    expect(a.statusPeriod).toBe(12);
    expect(a.cost.bac.value).toBe(1_000_000);
    expect(a.cost.sv.value).toBe(0);
    expect(a.cost.spi.value).toBe(1);
    expect(a.cost.cv.value).toBe(-300_000);
    expect(a.cost.cpi.value).toBeCloseTo(1 / 1.3, 12);
  });

  it('earned schedule says two months late', () => {
    expect(a.schedule.pd.value).toBe(10);
    expect(a.schedule.at.value).toBe(12);
    expect(a.schedule.es.value).toBe(10);
    expect(a.schedule.svt.value).toBe(-2);
    expect(a.schedule.spit.value).toBeCloseTo(10 / 12, 12);
  });
});
