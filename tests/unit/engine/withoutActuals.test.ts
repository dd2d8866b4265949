/**
 * Issue 12, items 3 and 7: a schedule or table that records no actuals is measured on schedule
 * alone. Elapsed duration used to be reported as AC (a schedule-only P6 update showed CPI 0.34,
 * "critical"), and a PV/EV table without AC was refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysePeriodTable, analyseSchedule, type Analysis, type PeriodTable } from '../../../src/core/evm';
import { parseScheduleFile } from '../../../src/core/import';

const AC_DEPENDENT = (a: Analysis) => [a.cost.cv, a.cost.cvPct, a.cost.cpi, a.cost.csi, a.cost.pctSpent, a.cost.eacSelected, a.cost.etc, a.cost.vac, a.cost.vacPct, a.cost.tcpiBac, a.cost.tcpiEac, ...Object.values(a.cost.eac)];

describe('a period table with PV and EV but no AC', () => {
  const table: PeriodTable = {
    valuesAre: 'cumulative',
    rows: [
      { label: 'Jan', end: '2025-01-31', pv: 100, ev: 80, ac: null },
      { label: 'Feb', end: '2025-02-28', pv: 250, ev: 200, ac: null },
      { label: 'Mar', end: '2025-03-31', pv: 400, ev: null, ac: null },
      { label: 'Apr', end: '2025-04-30', pv: 500, ev: null, ac: null },
    ],
  };

  it('measures the schedule (PV, EV, SPI, ES, SPI(t)) and reports the cost measures as not available, with the reason', () => {
    const a = analysePeriodTable(table);
    expect(a.statusPeriod).toBe(2);
    expect(a.cost.spi.value).toBeCloseTo(200 / 250, 12);
    // ES = 1 + (200 − 100) / (250 − 100) = 1.667 periods; SPI(t) = ES / 2.
    expect(a.schedule.es.value).toBeCloseTo(1 + 100 / 150, 12);
    expect(a.schedule.spit.value).toBeCloseTo((1 + 100 / 150) / 2, 12);
    expect(a.schedule.ieact.pf1.value).not.toBeNull();
    expect(a.noActualsReason).toMatch(/^The table has no actual cost \(AC\)/);
    expect(a.cost.ac.value).toBeNull();
    for (const m of AC_DEPENDENT(a)) {
      expect(m.value).toBeNull();
      expect(m.reason).toContain('needs actual cost (AC): the table has no actual cost (AC)');
    }
    // Every period up to the status has its schedule measures; none has a cost figure.
    expect(a.series.slice(0, 2).map((p) => p.cost?.spi.value)).toEqual([0.8, 0.8]);
    expect(a.series[0].schedule?.es.value).toBeCloseTo(0.8, 12);
    expect(a.cashFlow.every((r) => r.actual === null && r.forecast === null)).toBe(true);
  });

  it('still refuses AC missing in some rows before the status period (a gap, not an absent column)', () => {
    const gap: PeriodTable = { ...table, rows: table.rows.map((r, i) => ({ ...r, ac: i === 1 ? 210 : null })) };
    expect(() => analysePeriodTable(gap)).toThrow(/row 1: AC is missing before the status period/);
  });
});

const XER = resolve(__dirname, '../../../..', 'shared/samples/schedules/xer/mpxj_PredecessorCalendar.xer');
const have = existsSync(XER);
if (!have) console.warn(`[withoutActuals.test] sample ${XER} not found; the XER case is skipped.`);

describe.skipIf(!have)('a P6 schedule with no resources and no costs', () => {
  it('is weighted by duration; elapsed hours are not AC; no cost figure is given', () => {
    const outcome = parseScheduleFile(new Uint8Array(readFileSync(XER)), { fileName: 'mpxj_PredecessorCalendar.xer' });
    if (outcome.kind !== 'schedules') throw new Error(outcome.kind);
    const a = analyseSchedule(outcome.result.schedules[0]);
    expect(a.measureBasis).toBe('duration');
    expect(a.cost.ev.value).toBeGreaterThan(0);
    expect(a.cost.ac.value).toBeNull();
    expect(a.noActualsReason).toBe('This schedule carries no costs or actual units.');
    for (const m of AC_DEPENDENT(a)) expect(m.value).toBeNull();
    expect(a.schedule.es.value).not.toBeNull();
    for (const s of a.series) if (s.cost) expect(s.cost.ac.value).toBeNull();
  });
});
