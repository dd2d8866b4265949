/**
 * Plain period tables (PV, EV, AC per period) and their CSV reader.
 *
 * The hand-worked table used throughout (cumulative):
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
 * BAC = final PV = 1,000; PD = 6 (first period PV reaches BAC); AT = 3.
 * ES = 2 + (380 − 250)/(450 − 250) = 2.65; SPI(t) = 2.65/3 = 0.88333…; SV(t) = −0.35.
 * SPI = 380/450 = 0.8444…; CPI = 380/420 = 0.904762…
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PeriodTableError, analysePeriodTable, type PeriodTable, type PeriodTableRow } from '../../../src/core/evm/periodTable';
import { headerScale, normaliseHeader, parseAmount, parsePeriodDate, parsePeriodTableCsv } from '../../../src/core/import/table/periodTableCsv';

const FIXTURES = join(__dirname, '../../fixtures');

const row = (label: string, pv: number | null, ev: number | null = null, ac: number | null = null, end: string | null = null): PeriodTableRow => ({ label, end, pv, ev, ac });
const cumulative: PeriodTable = {
  valuesAre: 'cumulative',
  rows: [row('1', 100, 80, 90), row('2', 250, 200, 230), row('3', 450, 380, 420), row('4', 700), row('5', 900), row('6', 1_000)],
};
const incremental: PeriodTable = {
  valuesAre: 'incremental',
  rows: [row('1', 100, 80, 90), row('2', 150, 120, 140), row('3', 200, 180, 190), row('4', 250), row('5', 200), row('6', 100)],
};

const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PeriodTableError);
    return (e as Error).message;
  }
  throw new Error('expected a PeriodTableError');
};

describe('analysePeriodTable', () => {
  it('the hand-worked table: BAC, PD, status, ES, SPI(t), SV(t), SPI, CPI', () => {
    const a = analysePeriodTable(cumulative);
    expect(a.statusPeriod).toBe(3);
    expect(a.cost.bac.value).toBe(1_000);
    expect(a.cost.pv.value).toBe(450);
    expect(a.cost.ev.value).toBe(380);
    expect(a.cost.ac.value).toBe(420);
    expect(a.schedule.pd.value).toBe(6);
    expect(a.schedule.at.value).toBe(3);
    expect(a.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(a.schedule.spit.value).toBeCloseTo(2.65 / 3, 12);
    expect(a.schedule.svt.value).toBeCloseTo(-0.35, 12);
    expect(a.cost.spi.value).toBeCloseTo(380 / 450, 12);
    expect(a.cost.cpi.value).toBeCloseTo(380 / 420, 12);
    expect(a.measureBasis).toBe('cost');
    expect(a.breakdown).toBeNull();
    expect(a.dataDate).toBeNull(); // undated table
    expect(a.warnings).toEqual([]);
  });

  it('cumulative and incremental tables of the same data give identical results', () => {
    const c = analysePeriodTable(cumulative);
    const i = analysePeriodTable(incremental);
    expect(i.cost).toEqual(c.cost);
    expect(i.schedule).toEqual(c.schedule);
    expect(i.series).toEqual(c.series);
    expect(i.cashFlow).toEqual(c.cashFlow);
  });

  it('property: any integer table gives the same analysis entered cumulatively or per period', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ pv: fc.integer({ min: 0, max: 5_000 }), ev: fc.integer({ min: 0, max: 5_000 }), ac: fc.integer({ min: 0, max: 5_000 }) }), { minLength: 1, maxLength: 15 }),
        fc.integer({ min: 0, max: 14 }),
        (inc, statusIdx) => {
          const s = Math.min(statusIdx, inc.length - 1);
          if (inc.reduce((a, r) => a + r.pv, 0) === 0) return; // BAC 0 is an error either way
          let pv = 0;
          let ev = 0;
          let ac = 0;
          const cumRows: PeriodTableRow[] = [];
          const incRows: PeriodTableRow[] = [];
          inc.forEach((r, k) => {
            pv += r.pv;
            ev += r.ev;
            ac += r.ac;
            cumRows.push(row(String(k + 1), pv, k <= s ? ev : null, k <= s ? ac : null));
            incRows.push(row(String(k + 1), r.pv, k <= s ? r.ev : null, k <= s ? r.ac : null));
          });
          const c = analysePeriodTable({ valuesAre: 'cumulative', rows: cumRows });
          const i = analysePeriodTable({ valuesAre: 'incremental', rows: incRows });
          expect(i.cost).toEqual(c.cost);
          expect(i.schedule).toEqual(c.schedule);
          expect(i.series.map((p) => p.period)).toEqual(c.series.map((p) => p.period));
          expect(i.statusPeriod).toBe(s + 1);
          // ES never exceeds PD.
          expect(c.schedule.es.value!).toBeLessThanOrEqual(c.schedule.pd.value!);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('PD is the first period where PV reaches BAC, not the last row', () => {
    const t: PeriodTable = { valuesAre: 'cumulative', rows: [row('1', 400, 100, 100), row('2', 1_000), row('3', 1_000), row('4', 1_000)] };
    expect(analysePeriodTable(t).schedule.pd.value).toBe(2);
  });

  it('status is the last row with EV or AC, even when only AC is given in it', () => {
    const onlyAc: PeriodTable = { valuesAre: 'cumulative', rows: [row('1', 100, 80, 90), row('2', 250, 200, 230), row('3', 450, null, 420), row('4', 700)] };
    // AC without EV in the status row is itself a gap in EV.
    expect(errorOf(() => analysePeriodTable(onlyAc))).toMatch(/^row 3: EV is missing/);
  });

  it('--bac overrides the final PV, with a warning', () => {
    const a = analysePeriodTable(cumulative, { bac: 1_200 });
    expect(a.cost.bac.value).toBe(1_200);
    expect(a.warnings).toContain('BAC was given as 1200, but the final cumulative PV is 1000; the given BAC is used.');
    // Equal to the final PV: no warning.
    expect(analysePeriodTable(cumulative, { bac: 1_000 }).warnings).toEqual([]);
  });

  it('a planned duration override replaces PD', () => {
    expect(analysePeriodTable(cumulative, { plannedDuration: 5 }).schedule.pd.value).toBe(5);
  });

  it('a cumulative column that falls is warned about (it is probably per period)', () => {
    const t: PeriodTable = { valuesAre: 'cumulative', rows: [row('1', 100, 80, 90), row('2', 90, 60, 100), row('3', 300)] };
    const w = analysePeriodTable(t).warnings;
    expect(w).toContain('row 2: cumulative PV falls from 100 to 90; check that the table is cumulative.');
    expect(w).toContain('row 2: cumulative EV falls from 80 to 60; check that the table is cumulative.');
  });

  it('dated rows give a dated status and forecast finish dates', () => {
    const ends = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'];
    const dated: PeriodTable = { valuesAre: 'cumulative', rows: cumulative.rows.map((r, k) => ({ ...r, end: ends[k] })) };
    const a = analysePeriodTable(dated);
    expect(a.dataDate).toBe('2025-03-31');
    // IEAC(t), PF = 1: AT + (PD − ES) = 3 + 3.35 = 6.35 periods: 0.35 of a 30-day period past the end of
    // 30 June (1 July 00:00) → 1 July + 10.5 days = 11 July 12:00.
    expect(a.schedule.ieact.pf1.value).toBeCloseTo(6.35, 12);
    expect(a.forecastFinish.pf1).toBe('2025-07-11T12:00');
  });

  describe('errors name the row and say what to do', () => {
    it('no rows', () => {
      expect(errorOf(() => analysePeriodTable({ valuesAre: 'cumulative', rows: [] }))).toBe('The period table has no rows: add one row per period with PV, EV and AC.');
    });

    it('no EV or AC anywhere', () => {
      expect(errorOf(() => analysePeriodTable({ valuesAre: 'cumulative', rows: [row('1', 100), row('2', 200)] }))).toMatch(/No row has EV or AC.*fill in EV \(and AC, when costs are tracked\)/);
    });

    it('missing PV', () => {
      const t: PeriodTable = { valuesAre: 'cumulative', rows: [row('1', 100, 80, 90), { ...row('2', null), source: 'plan.csv, line 3' }, row('3', 300)] };
      expect(errorOf(() => analysePeriodTable(t))).toMatch(/^plan\.csv, line 3: PV is missing\. Every period needs a planned value/);
    });

    it('EV missing before the status row', () => {
      const t: PeriodTable = { valuesAre: 'cumulative', rows: [row('1', 100, 80, 90), row('2', 250, null, 230), row('3', 450, 380, 420), row('4', 700)] };
      expect(errorOf(() => analysePeriodTable(t))).toBe("row 2: EV is missing before the status period (row 3). Fill it in, or remove later rows' EV.");
    });

    it('AC missing before the status row', () => {
      const t: PeriodTable = { valuesAre: 'incremental', rows: [row('1', 100, 80, null), row('2', 250, 200, 230)] };
      expect(errorOf(() => analysePeriodTable(t))).toMatch(/^row 1: AC is missing before the status period \(row 2\)/);
    });

    it('BAC of zero', () => {
      expect(errorOf(() => analysePeriodTable({ valuesAre: 'cumulative', rows: [row('1', 0, 0, 10)] }))).toBe('BAC is zero: the final cumulative PV is 0. Give the budget with --bac.');
    });
  });
});

describe('parsePeriodTableCsv', () => {
  const csv = (lines: string[]) => lines.join('\n');

  it('reads the hand-worked table and gives the same analysis', () => {
    const t = parsePeriodTableCsv(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,200,230', '3,450,380,420', '4,700,,', '5,900,,', '6,1000,,']), { fileName: 'plan.csv' });
    expect(t.valuesAre).toBe('cumulative');
    expect(t.rows[3]).toEqual({ label: '4', end: null, pv: 700, ev: null, ac: null, source: 'plan.csv, line 5' });
    expect(analysePeriodTable(t).schedule.es.value).toBeCloseTo(2.65, 12);
    expect(parsePeriodTableCsv(csv(['Period,PV,EV,AC', '1,100,80,90']), { incremental: true }).valuesAre).toBe('incremental');
  });

  it('the monthly fixture: £ amounts with thousands separators, dd/mm/yyyy period ends, "Cum. … (£)" headers', () => {
    const t = parsePeriodTableCsv(readFileSync(join(FIXTURES, 'period-table-monthly.csv'), 'utf8'), { fileName: 'period-table-monthly.csv' });
    expect(t.rows.map((r) => r.end)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']);
    expect(t.rows.map((r) => r.pv)).toEqual([100_000, 250_000, 450_000, 700_000, 900_000, 1_000_000]);
    const a = analysePeriodTable(t);
    // The hand-worked table × 1,000: same indices.
    expect(a.cost.spi.value).toBeCloseTo(380 / 450, 12);
    expect(a.cost.cpi.value).toBeCloseTo(380 / 420, 12);
    expect(a.schedule.es.value).toBeCloseTo(2.65, 12);
    expect(a.dataDate).toBe('2025-03-31');
  });

  describe('header lexicon', () => {
    const read = (header: string) => {
      const t = parsePeriodTableCsv(csv([header, '1,100,80,90']));
      const r = t.rows[0];
      return [r.pv, r.ev, r.ac];
    };
    it.each([
      'Period,BCWS,BCWP,ACWP',
      'Month,Planned Value,Earned Value,Actual Cost',
      'Week,Cum. PV (£),Cum. EV (£),Cum. AC (£)',
      'Period ending,Cumulative BCWS,BCWP to date,Actual Cost (GBP)',
      'No,Planned,Earned,Actuals',
      'Period,PV ($),EV ($),AC ($)',
    ])('%s', (header) => {
      expect(read(header)).toEqual([100, 80, 90]);
    });

    // Headers that give a name and its abbreviation are read by either part.
    it.each(['Period,Planned Value (PV),Earned Value (EV),Actual Cost (AC)', 'Period,PV (BCWS),EV (BCWP),AC (ACWP)'])('name with its abbreviation: %s', (header) => {
      expect(read(header)).toEqual([100, 80, 90]);
    });

    it('columns in any order', () => {
      const t = parsePeriodTableCsv(csv(['Actual Cost,Period,Earned Value,Planned Value', '90,1,80,100']));
      expect([t.rows[0].label, t.rows[0].pv, t.rows[0].ev, t.rows[0].ac]).toEqual(['1', 100, 80, 90]);
    });

    it('normaliseHeader lower-cases and strips currency and punctuation', () => {
      expect(normaliseHeader(' Cum. PV (£) ')).toBe('cum pv');
      expect(normaliseHeader('BCWS-to-date')).toBe('bcws to date');
    });
  });

  describe('amounts', () => {
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
    ])('%s → %d', (raw, v) => {
      expect(parseAmount(raw)).toBe(v);
    });

    it.each(['abc', '12,34', '1.234,50', '--5', '1e', 'n/a', '£'])('%s is not a number', (raw) => {
      expect(parseAmount(raw)).toBeNull();
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
      const t = parsePeriodTableCsv(csv(['Period,PV (£k),EV (£k),AC (£k)', '1,100,80,90', '2,250,,']));
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
    it.each([
      ['2025-01-31', true, '2025-01-31'],
      ['2025-1-5', true, '2025-01-05'],
      ['2025-01-31T17:00', true, '2025-01-31T17:00'],
      ['2025-01-31 08:30:00', true, '2025-01-31T08:30'],
      ['31/01/2025', true, '2025-01-31'],
      ['01/02/2025', true, '2025-02-01'],
      ['01/31/2025', false, '2025-01-31'],
      ['31.01.25', true, '2025-01-31'],
      ['31-Jan-25', true, '2025-01-31'],
      ['31 January 2025', true, '2025-01-31'],
      ['Jan 2025', true, '2025-01-31'],
      ['Feb 2024', true, '2024-02-29'],
      ['Feb-25', true, '2025-02-28'],
      ['2025-04', true, '2025-04-30'],
    ] as const)('%s (day first: %s) → %s', (text, dayFirst, iso) => {
      expect(parsePeriodDate(text, dayFirst)).toBe(iso);
    });

    it.each(['1', 'P1', 'Week 3', '31/02/2025', '2025-13-01', 'Foo 2025', '2025-01-31T25:00'])('%s is a label, not a date', (text) => {
      expect(parsePeriodDate(text)).toBeNull();
    });

    it('day-first unless a value proves month-first (a middle number above 12)', () => {
      const uk = parsePeriodTableCsv(csv(['Date,PV,EV,AC', '01/02/2025,100,80,90', '01/03/2025,200,,']));
      expect(uk.rows.map((r) => r.end)).toEqual(['2025-02-01', '2025-03-01']);
      const us = parsePeriodTableCsv(csv(['Date,PV,EV,AC', '01/31/2025,100,80,90', '02/28/2025,200,,']));
      expect(us.rows.map((r) => r.end)).toEqual(['2025-01-31', '2025-02-28']);
      // A proof later in the file still decides for every row.
      const usLate = parsePeriodTableCsv(csv(['Date,PV,EV,AC', '01/02/2025,100,80,90', '01/31/2025,200,,']));
      expect(usLate.rows.map((r) => r.end)).toEqual(['2025-01-02', '2025-01-31']);
    });
  });

  describe('errors name the line and column', () => {
    it('a non-numeric cell', () => {
      const text = csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,200,230', '3,450,about 380,420']);
      expect(errorOf(() => parsePeriodTableCsv(text, { fileName: 'plan.csv' }))).toBe(
        'plan.csv, line 4, column "EV": "about 380" is not a number. Use plain numbers such as 12500 or 12,500.00.',
      );
    });

    it('a missing PV names the line once analysed', () => {
      const t = parsePeriodTableCsv(csv(['Period,PV,EV,AC', '1,100,80,90', '2,,200,230']), { fileName: 'plan.csv' });
      expect(errorOf(() => analysePeriodTable(t))).toMatch(/^plan\.csv, line 3: PV is missing/);
    });

    it('EV missing before the status row names both lines', () => {
      const t = parsePeriodTableCsv(csv(['Period,PV,EV,AC', '1,100,80,90', '2,250,,230', '3,450,380,420']), { fileName: 'plan.csv' });
      expect(errorOf(() => analysePeriodTable(t))).toMatch(/^plan\.csv, line 3: EV is missing before the status period \(plan\.csv, line 4\)/);
    });

    it('an empty file, or one of blank lines', () => {
      expect(errorOf(() => parsePeriodTableCsv('', { fileName: 'plan.csv' }))).toBe('plan.csv is empty: expected a header row (Period, PV, EV, AC) and one row per period.');
      expect(errorOf(() => parsePeriodTableCsv('\uFEFF \n\n  \n', { fileName: 'plan.csv' }))).toMatch(/^plan\.csv is empty/);
    });

    it('a header with no rows', () => {
      expect(errorOf(() => parsePeriodTableCsv('Period,PV,EV,AC\n', { fileName: 'plan.csv' }))).toBe('plan.csv has a header but no rows: add one row per period.');
    });

    it('binary garbage', () => {
      const garbage = 'PK\u0003\u0004\u0014\u0000\u0006\u0000\u0008\u0000\u0000\u0000!\u0000b\u00ee\u009dh';
      expect(errorOf(() => parsePeriodTableCsv(garbage, { fileName: 'plan.xlsx.csv' }))).toBe(
        'plan.xlsx.csv is not a text CSV file (it contains binary data). Save it as CSV (comma-separated) and try again.',
      );
    });

    it('a missing AC column lists the headers that were found', () => {
      const m = errorOf(() => parsePeriodTableCsv(csv(['Period,BCWS,BCWP,Cost code', '1,100,80,x']), { fileName: 'plan.csv' }));
      expect(m).toMatch(/^plan\.csv, line 1: no column for AC\. Found headers: "Period", "BCWS", "BCWP", "Cost code"\. /);
      expect(m).toContain('AC (ACWP, Actual Cost)');
    });

    it('several missing columns are all named', () => {
      expect(errorOf(() => parsePeriodTableCsv(csv(['Date,Budget,Spend', '1,2,3'])))).toMatch(/no column for PV, EV\./);
    });
  });
});

describe('published worked example: MPUG "Earned Schedule Management (ESM)" — 10 modules, 10 months planned, 12 taken', () => {
  // Source: "Earned Schedule Management (ESM)", MPUG (https://www.mpug.com/earned-schedule-management-esm/,
  // republished at managementyogi.com, 2021-11-11). Published facts: 10 modules at US$100,000 each
  // (BAC = $1M) planned over 10 months; the project "actually took 12 months to complete with a cost of
  // US$1.3M"; at completion "Schedule variance = US$0.0M, Schedule performance index = 1.0 … Obviously,
  // the project is two months behind schedule. It also has a cost overrun of US$0.3 million."
  // Earned schedule therefore gives ES = PD = 10 months, SV(t) = −2 months, SPI(t) = 10/12 = 0.83.
  // The fixture's monthly EV/AC rows before month 12 are an even spread (see tests/fixtures/README.md); they
  // do not affect the figures asserted here, which depend only on the published PV plan and final status.
  const text = readFileSync(join(FIXTURES, 'mpug-esm-10-modules.csv'), 'utf8');
  const a = analysePeriodTable(parsePeriodTableCsv(text, { fileName: 'mpug-esm-10-modules.csv' }));

  it('cost-based SV and SPI say "on schedule" at completion', () => {
    expect(a.statusPeriod).toBe(12);
    expect(a.cost.bac.value).toBe(1_000_000);
    expect(a.cost.sv.value).toBe(0); // "Schedule variance = US$0.0M"
    expect(a.cost.spi.value).toBe(1); // "Schedule performance index = 1.0"
    expect(a.cost.cv.value).toBe(-300_000); // "a cost overrun of US$0.3 million"
    expect(a.cost.cpi.value).toBeCloseTo(1 / 1.3, 12);
  });

  it('earned schedule says two months late', () => {
    expect(a.schedule.pd.value).toBe(10); // PV reaches BAC at month 10
    expect(a.schedule.at.value).toBe(12);
    expect(a.schedule.es.value).toBe(10);
    expect(a.schedule.svt.value).toBe(-2); // "two months behind schedule"
    expect(a.schedule.spit.value!).toBeCloseTo(0.83, 2);
    expect(a.schedule.spit.value).toBeCloseTo(10 / 12, 12);
  });
});
