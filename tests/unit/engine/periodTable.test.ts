/**
 * Plain period tables (PV, EV, AC per period): the analysis. Their reading is tested with the
 * table readers (tests/unit/import/table/periodTables.test.ts).
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
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PeriodTableError, analysePeriodTable, type PeriodTable, type PeriodTableRow } from '../../../src/core/evm/periodTable';

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

// The CSV reader's tests and the MPUG worked example read through the one table path now:
// tests/unit/import/table/periodTables.test.ts.
