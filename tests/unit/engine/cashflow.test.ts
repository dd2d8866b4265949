/**
 * Cash flow: planned, earned, actual and forecast spend per period. Forecast = actual up to the
 * status period, then the selected EAC's ETC spread over the remaining periods.
 */
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm/analyseSchedule';
import { buildCashFlow, cashFlow } from '../../../src/core/evm/cashflow';
import type { PeriodPoint } from '../../../src/core/evm/types';
import type { Activity } from '../../../src/core/model/schedule';
import { act, schedule } from './helpers';

const pts = (pv: number[], ev: (number | null)[], ac: (number | null)[]): PeriodPoint[] =>
  pv.map((p, i) => ({ index: i + 1, end: null, label: `P${i + 1}`, pv: p, ev: ev[i] ?? null, ac: ac[i] ?? null }));

describe('cashFlow (direct)', () => {
  it('actual and earned up to the status period, forecast only after it: the ETC in the shape of the remaining PV', () => {
    // PV 100 | 300 | 600 | 1,000; status at period 2 with PV 300, EV 250, AC 320; ETC 800.
    // Remaining PV after period 2: 300 (period 3) and 400 (period 4) → 800 × 3/7 and 800 × 4/7.
    const rows = cashFlow(pts([100, 300, 600, 1_000], [90, 250], [100, 320]), 2, { pv: 300, ev: 250, ac: 320 }, 800);
    expect(rows.map((r) => r.planned)).toEqual([100, 200, 300, 400]);
    expect(rows.map((r) => r.earned)).toEqual([90, 160, null, null]);
    expect(rows.map((r) => r.actual)).toEqual([100, 220, null, null]);
    expect(rows[0].forecast).toBeNull();
    expect(rows[1].forecast).toBeNull();
    expect(rows[2].forecast).toBeCloseTo((800 * 3) / 7, 9);
    expect(rows[3].forecast).toBeCloseTo((800 * 4) / 7, 9);
    expect(rows.map((r) => r.cumulative.planned)).toEqual([100, 300, 600, 1_000]);
    // The cumulative forecast joins the actual line at the status period.
    expect(rows[0].cumulative.forecast).toBeNull();
    expect(rows[1].cumulative.forecast).toBe(320);
    expect(rows[3].cumulative.forecast).toBeCloseTo(320 + 800, 9);
    expect(rows[3].cumulative.actual).toBeNull();
    expect(rows[3].cumulative.earned).toBeNull();
  });

  it('the remaining PV of the first period after the status counts from max(status PV, status-period PV)', () => {
    // shape(3) = 600 − max(450, 300) = 150; shape(4) = 1,000 − 600 = 400.
    const rows = cashFlow(pts([100, 300, 600, 1_000], [90, 250], [100, 320]), 2, { pv: 450, ev: 250, ac: 320 }, 550);
    // Shape 150 : 400 → 550 × 150/550 = 150, 550 × 400/550 = 400.
    expect(rows[2].forecast).toBeCloseTo(150, 9);
    expect(rows[3].forecast).toBeCloseTo(400, 9);
  });

  it('a supplied shape (bottom-up remaining work) wins over the remaining PV', () => {
    const shape = Float64Array.from([0, 0, 1, 3]);
    const rows = cashFlow(pts([100, 300, 600, 1_000], [90, 250], [100, 320]), 2, { pv: 300, ev: 250, ac: 320 }, 800, shape);
    expect(rows[2].forecast).toBeCloseTo(200, 9);
    expect(rows[3].forecast).toBeCloseTo(600, 9);
  });

  it('nothing left in the plan (running past the planned finish): the ETC is spread evenly', () => {
    // PV is flat at BAC after period 2, so the remaining PV is 0 → 90 over 2 periods = 45 each.
    const rows = cashFlow(pts([100, 200, 200, 200], [80, 150], [100, 150]), 2, { pv: 200, ev: 150, ac: 150 }, 90);
    expect(rows[2].forecast).toBeCloseTo(45, 9);
    expect(rows[3].forecast).toBeCloseTo(45, 9);
    expect(rows[3].cumulative.forecast).toBeCloseTo(240, 9);
  });

  it('spend before the first status is one "before first status" amount, never spread over the periods', () => {
    // Period 1 ends before any work (known 0); periods 2-3 unknown; the only status is period 4.
    const f = buildCashFlow({ points: pts([100, 300, 600, 800, 1_000], [0, null, null], [0, null, null]), statusPeriod: 4, status: { pv: 800, ev: 700, ac: 750 }, etc: 300 });
    expect(f.info.beforeFirstStatus).toEqual({ earned: 700, actual: 750, firstStatus: 4 });
    expect(f.info.actualSource).toBe('statuses');
    expect(f.rows.map((r) => r.actual)).toEqual([0, null, null, null, null]);
    expect(f.rows.map((r) => r.earned)).toEqual([0, null, null, null, null]);
    // The cumulative lines are known where the values are: 0 before work, AC at the status.
    expect(f.rows.map((r) => r.cumulative.actual)).toEqual([0, null, null, 750, null]);
    expect(f.rows[4].forecast).toBe(300);
    expect(f.rows[4].cumulative.forecast).toBe(1_050);
    expect(f.info.notes.join(' ')).toMatch(/before first status/);
  });

  it('spend between two statuses several periods apart sits in the later one, marked with the first period it covers', () => {
    // Statuses at periods 1 (AC 100) and 4 (AC 400): 300 covers periods 2-4, not spread.
    const f = buildCashFlow({ points: pts([100, 200, 300, 400, 500], [100, null, null], [100, null, null]), statusPeriod: 4, status: { pv: 400, ev: 380, ac: 400 }, etc: 100 });
    expect(f.info.beforeFirstStatus).toBeNull();
    expect(f.rows.map((r) => r.actual)).toEqual([100, null, null, 300, null]);
    expect(f.rows.map((r) => r.earned)).toEqual([100, null, null, 280, null]);
    expect(f.rows[3].spansFrom).toBe(2);
    expect(f.rows[0].spansFrom).toBeUndefined();
  });

  it("the file's own period actuals are used as they are, and what they do not hold lands in the status period", () => {
    // The file phases 50 | 70 | 0 over periods 1-3 (through period 3); AC at the status (period 4) is 200.
    const fileActuals = { perPeriod: Float64Array.from([50, 70, 0, 0, 0]), through: 3, source: 'P6 past-period actuals (TRSRCFIN)' };
    const f = buildCashFlow({ points: pts([100, 200, 300, 400, 500], [null, null, null], [null, null, null]), statusPeriod: 4, status: { pv: 400, ev: 390, ac: 200 }, etc: 150, fileActuals });
    expect(f.info.actualSource).toBe('file');
    expect(f.rows.map((r) => r.actual)).toEqual([50, 70, 0, 80, null]);
    expect(f.rows.map((r) => r.cumulative.actual)).toEqual([50, 120, 120, 200, null]);
    expect(f.info.beforeFirstStatus).toEqual({ earned: 390, actual: null, firstStatus: 4 });
    expect(f.info.notes[0]).toMatch(/TRSRCFIN/);
    expect(f.info.notes[1]).toMatch(/80/);
  });

  it('file records that reach the status period: what they do not hold is added to that period', () => {
    const fileActuals = { perPeriod: Float64Array.from([50, 70, 30, 0]), through: 3, source: 'time-phased actual cost' };
    const f = buildCashFlow({ points: pts([100, 200, 300, 400], [null, null], [null, null]), statusPeriod: 3, status: { pv: 300, ev: 280, ac: 175 }, etc: 100, fileActuals });
    expect(f.rows.map((r) => r.actual)).toEqual([50, 70, 55, null]);
    expect(f.rows[2].cumulative.actual).toBe(175);
    expect(f.info.notes[1]).toMatch(/25/);
  });

  it('no actuals: no actual and no forecast anywhere', () => {
    const f = buildCashFlow({ points: pts([100, 300, 600], [90, 250], [null, null]), statusPeriod: 2, status: { pv: 300, ev: 250, ac: null }, etc: null });
    expect(f.rows.every((r) => r.actual === null && r.forecast === null && r.cumulative.forecast === null)).toBe(true);
    expect(f.info.actualSource).toBe('none');
    expect(f.rows.map((r) => r.earned)).toEqual([90, 160, null]);
  });

  it('a null ETC leaves the forecast at AC', () => {
    const rows = cashFlow(pts([100, 300, 600], [90, 250], [100, 320]), 2, { pv: 300, ev: 250, ac: 320 }, null);
    expect(rows.map((r) => r.cumulative.forecast)).toEqual([null, 320, 320]);
    expect(rows[2].forecast).toBe(0);
  });
});

describe('cash flow of an analysed schedule', () => {
  // Same schedule as analyseSchedule.test.ts: BAC 40,000, PV 14,000, EV 11,000, AC 12,500, CPI 0.88.
  const acts = (over: Record<string, Partial<Activity>> = {}): Activity[] => [
    act('A1', { baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000, actualStart: '2025-01-06T08:00', percentComplete: { physical: 0.6 }, actualCost: 7_000, ...over.A1 }),
    act('A2', { baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-24T17:00', budgetCost: 20_000, actualStart: '2025-01-15T08:00', percentComplete: { physical: 0.25 }, actualCost: 5_500, ...over.A2 }),
    act('A3', { baselineStart: '2025-01-20T08:00', baselineFinish: '2025-01-31T17:00', budgetCost: 10_000, ...over.A3 }),
  ];

  it('cumulative planned ends at BAC and cumulative forecast at the selected EAC (BAC / CPI)', () => {
    const a = analyseSchedule(schedule({ activities: acts(), dataDate: '2025-01-15T17:00' }));
    const cf = a.cashFlow;
    expect(cf).toHaveLength(5);
    expect(cf.at(-1)!.cumulative.planned).toBeCloseTo(40_000, 6);
    // EAC = 40,000 / 0.88 = 45,454.5454…
    expect(a.cost.eacMethod).toBe('cpi');
    expect(a.cost.eacSelected.value).toBeCloseTo(40_000 / 0.88, 6);
    expect(cf.at(-1)!.cumulative.forecast).toBeCloseTo(40_000 / 0.88, 6);
    // The forecast starts from AC at the status period; before it there is none.
    expect(cf[0].cumulative.forecast).toBeNull();
    expect(cf[1].cumulative.forecast).toBe(12_500);
    // No remaining-cost dates → the ETC 32,954.55 follows the remaining PV 15,000 : 9,000 : 2,000.
    const etc = 40_000 / 0.88 - 12_500;
    expect(cf[2].forecast).toBeCloseTo((etc * 15) / 26, 6);
    expect(cf[3].forecast).toBeCloseTo((etc * 9) / 26, 6);
    expect(cf[4].forecast).toBeCloseTo((etc * 2) / 26, 6);
  });

  it('with forecast dates and remaining costs the bottom-up phasing shapes the forecast', () => {
    // A2: 16,000 remaining over 15 → 29 Jan (half by 22 Jan). A3: 12,000 over 22 Jan → 5 Feb (half by 29 Jan).
    // Per period after the status: 8,000 | 8,000 + 6,000 | 6,000. With the bottom-up EAC (AC + 28,000) the
    // forecast is exactly that shape.
    const s = schedule({
      activities: acts({
        A2: { remainingCost: 16_000, forecastStart: '2025-01-15T17:00', forecastFinish: '2025-01-29T17:00' },
        A3: { remainingCost: 12_000, forecastStart: '2025-01-22T17:00', forecastFinish: '2025-02-05T17:00' },
      }),
      dataDate: '2025-01-15T17:00',
    });
    const a = analyseSchedule(s, { eacMethod: 'bottomUp' });
    expect(a.cost.eacSelected.value).toBe(12_500 + 28_000);
    expect(a.cashFlow.slice(2).map((r) => r.forecast)).toEqual([8_000, 14_000, 6_000].map((v) => expect.closeTo(v, 6)));
    expect(a.cashFlow.at(-1)!.cumulative.forecast).toBeCloseTo(40_500, 6);
    // Any EAC is spread in the same shape: BAC / CPI → ETC × 8/28, 14/28, 6/28.
    const b = analyseSchedule(s);
    const etc = 40_000 / 0.88 - 12_500;
    expect(b.cashFlow[2].forecast).toBeCloseTo((etc * 8) / 28, 6);
    expect(b.cashFlow.at(-1)!.cumulative.forecast).toBeCloseTo(40_000 / 0.88, 6);
  });

  // A job working past every planned date still forecasts its spend out to the selected EAC.
  it('a late project without forecast dates still forecasts to the selected EAC', () => {
    const late = acts({ A1: { percentComplete: { physical: 0.9 } }, A2: { percentComplete: { physical: 0.5 } } });
    const a = analyseSchedule(schedule({ activities: late, dataDate: '2025-02-12T17:00' }));
    // EV = 9,000 + 10,000 = 19,000; AC 12,500; CPI = 1.52 → EAC = 40,000/1.52; ETC > 0.
    expect(a.cost.etc.value!).toBeGreaterThan(0);
    // The grid is extended past the plan so the estimate to complete has periods to land in.
    expect(a.cashFlow.length).toBeGreaterThan(a.statusPeriod);
    expect(a.cashFlow.slice(a.statusPeriod).reduce((t, r) => t + (r.forecast ?? NaN), 0)).toBeCloseTo(a.cost.etc.value!, 6);
    expect(a.cashFlow.at(-1)!.cumulative.forecast).toBeCloseTo(a.cost.eacSelected.value!, 6);
  });
});
