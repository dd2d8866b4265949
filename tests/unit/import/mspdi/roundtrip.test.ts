/**
 * Round trip: seeded synthetic schedule → writeMspdi → readMspdi keeps activities, WBS,
 * relationships (types and lags), costs, units, dates, calendars, resources (with their cost rate
 * tables), assignments (with theirs) and fixed costs with their accrual.
 * What MSPDI cannot carry is listed and checked as such: EV techniques other than % complete,
 * per-calendar hours per day, physical % complete finer than whole percent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMspdi } from '../../../../src/core/import/mspdi';
import { syntheticSchedule } from '../../../../src/core/model/synthetic';
import type { Schedule } from '../../../../src/core/model/schedule';
import { writeMspdi } from '../../../../src/core/model/writers/mspdi';

function roundTrip(n: number, seed: number): { src: Schedule; out: Schedule; xml: string } {
  const src = syntheticSchedule({ activities: n, seed });
  const xml = writeMspdi(src);
  const out = readMspdi(new TextEncoder().encode(xml), { fileName: 'synthetic.xml' }).schedules[0];
  return { src, out, xml };
}

const cents = (x: number) => Math.round(x * 100);
/** A sample of the corpus (read in place; its test is skipped when the corpus is absent). */
const COST_RATE_XML = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/mspdi/mpxj_mspdicostratetable.xml');

describe.each([
  [300, 1],
  [500, 7],
  [1200, 42],
])('synthetic %i activities, seed %i', (n, seed) => {
  const { src, out, xml } = roundTrip(n, seed);
  const byCode = new Map(out.activities.map((a) => [a.code, a]));
  const srcById = new Map(src.activities.map((a) => [a.id, a]));

  it('writes well-formed MSPDI of MS Project density', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">')).toBe(true);
    // ~3.5–4.5 KB per activity including assignments, baselines and time-phased data.
    expect(xml.length / n).toBeGreaterThan(3000);
    expect(xml.length / n).toBeLessThan(5000);
  });

  it('keeps the project', () => {
    expect(out.project).toMatchObject({ name: src.project.name, currency: src.project.currency, dataDate: src.project.dataDate, plannedStart: src.project.plannedStart, plannedFinish: src.project.plannedFinish });
    expect(out.calendars.find((c) => c.id === out.project.defaultCalendarId)?.name).toBe(src.calendars.find((c) => c.id === src.project.defaultCalendarId)?.name);
  });

  it('keeps every activity with its dates, durations, costs and units', () => {
    expect(out.activities).toHaveLength(src.activities.length);
    for (const a of src.activities) {
      const b = byCode.get(a.code);
      expect(b, a.code).toBeDefined();
      if (!b) continue;
      expect(b.name).toBe(a.name);
      expect(b.type).toBe(a.type === 'start-milestone' ? 'finish-milestone' : a.type);
      for (const f of ['baselineStart', 'baselineFinish', 'plannedStart', 'plannedFinish', 'actualStart', 'actualFinish', 'forecastStart', 'forecastFinish'] as const) {
        expect(b[f], `${a.code} ${f}`).toBe(a[f]);
      }
      expect(b.originalDuration).toBeCloseTo(a.originalDuration ?? 0, 6);
      expect(b.remainingDuration).toBeCloseTo(a.remainingDuration ?? 0, 6);
      expect(b.baselineDuration).toBeCloseTo(a.baselineDuration ?? 0, 6);
      expect(cents(b.budgetCost)).toBe(cents(a.budgetCost));
      expect(cents(b.actualCost)).toBe(cents(a.actualCost));
      expect(cents(b.remainingCost)).toBe(cents(a.remainingCost));
      expect(b.budgetUnits).toBeCloseTo(a.budgetUnits, 6);
      expect(b.actualUnits).toBeCloseTo(a.actualUnits, 6);
      expect(b.remainingUnits).toBeCloseTo(a.remainingUnits, 6);
      expect(b.percentCompleteType).toBe('physical');
      // MSPDI holds whole percents.
      expect(Math.abs((b.percentComplete.physical ?? 0) - (a.percentComplete.physical ?? 0))).toBeLessThanOrEqual(0.005 + 1e-12);
      expect(b.evTechnique).toEqual({ kind: 'percent-complete' });
      expect(b.udf).toMatchObject({ Phase: a.codes.PHASE, Location: a.codes.AREA });
      expect(b.calendarId && out.calendars.find((c) => c.id === b.calendarId)?.name).toBe(src.calendars.find((c) => c.id === a.calendarId)?.name);
    }
  });

  it('keeps the WBS tree and each activity\u2019s place in it', () => {
    expect(out.wbs).toHaveLength(src.wbs.length);
    const outWbsCode = new Map(out.wbs.map((w) => [w.id, w.code]));
    const srcWbsCode = new Map(src.wbs.map((w) => [w.id, w.code]));
    for (const w of out.wbs) {
      const s = src.wbs.find((x) => x.code === w.code);
      expect(s?.name).toBe(w.name);
      expect(w.parentId === null ? null : outWbsCode.get(w.parentId)).toBe(s?.parentId === null || s?.parentId === undefined ? null : srcWbsCode.get(s.parentId));
    }
    for (const a of src.activities) expect(outWbsCode.get(byCode.get(a.code)?.wbsId ?? '')).toBe(srcWbsCode.get(a.wbsId ?? ''));
  });

  it('keeps every relationship with its type and lag', () => {
    const key = (p: string, s: string, t: string, lag: number) => `${p}>${s}:${t}:${lag.toFixed(6)}`;
    const codeOf = new Map(out.activities.map((a) => [a.id, a.code]));
    const want = src.relationships.map((r) => key(srcById.get(r.predecessorId)?.code ?? '?', srcById.get(r.successorId)?.code ?? '?', r.type, r.lagHours)).sort();
    const got = out.relationships.map((r) => key(codeOf.get(r.predecessorId) ?? '?', codeOf.get(r.successorId) ?? '?', r.type, r.lagHours)).sort();
    expect(got).toEqual(want);
    expect(new Set(src.relationships.map((r) => r.type)).size).toBeGreaterThan(1);
    expect(src.relationships.some((r) => r.lagHours < 0)).toBe(true);
  });

  it('keeps calendars (weeks and holidays); hours per day become the project\u2019s', () => {
    expect(out.calendars.map((c) => c.name)).toEqual(src.calendars.map((c) => c.name));
    src.calendars.forEach((c, i) => {
      expect(out.calendars[i].workWeek).toEqual(c.workWeek);
      // The reader returns exceptions in date order.
      const sorted = [...c.exceptions].sort((x, y) => x.date.localeCompare(y.date));
      expect(out.calendars[i].exceptions.map((e) => [e.date, e.intervals])).toEqual(sorted.map((e) => [e.date, e.intervals]));
      expect(out.calendars[i].hoursPerDay).toBe(8);
    });
  });

  it('keeps resources and assignments, with time-phased baseline and actual spreads', () => {
    expect(out.resources.map((r) => [r.name, r.type, r.rate])).toEqual(src.resources.map((r) => [r.name, r.type, r.rate]));
    expect(out.assignments).toHaveLength(src.assignments.length);
    const outById = new Map(out.activities.map((a) => [a.id, a]));
    for (const [i, as] of src.assignments.entries()) {
      const b = out.assignments[i];
      expect(outById.get(b.activityId)?.code).toBe(srcById.get(as.activityId)?.code);
      expect(cents(b.budgetCost)).toBe(cents(as.budgetCost));
      expect(cents(b.actualCost)).toBe(cents(as.actualCost));
      expect(cents(b.remainingCost)).toBe(cents(as.remainingCost));
      expect(b.budgetUnits).toBeCloseTo(as.budgetUnits, 6);
      const spread = (k: string) => (b.timephased ?? []).filter((t) => t.kind === k).reduce((x, t) => x + t.value, 0);
      // The baseline spread adds up to the budget (cents rounding per slice aside).
      expect(Math.abs(spread('baseline-cost') - as.budgetCost)).toBeLessThan(0.02);
      expect(spread('baseline-units')).toBeCloseTo(as.budgetUnits, 2);
      if (as.actualUnits > 0 && srcById.get(as.activityId)?.actualStart) expect(spread('actual-units')).toBeCloseTo(as.actualUnits, 2);
    }
  });

  it('carries MS Project\u2019s own EV figures for a later comparison with the engine', () => {
    for (const a of out.activities) {
      expect(typeof a.udf?.['msp:BCWS']).toBe('number');
      // BCWP = budget × physical %; the file rounds the % to a whole number, so allow half a percent.
      expect(Math.abs(Number(a.udf?.['msp:BCWP']) - a.budgetCost * (a.percentComplete.physical ?? 0))).toBeLessThanOrEqual(a.budgetCost * 0.005 + 0.01);
      expect(a.udf?.['msp:ACWP']).toBeCloseTo(a.actualCost, 2);
    }
  });

  it('raises no warning beyond the expected ones', () => {
    const w = (out.source?.warnings ?? []).map((x) => x.message);
    expect(w.filter((m) => !/^Time-phased records the model does not hold/.test(m))).toEqual([]);
  });
});

describe('cost rate tables, assignment rate tables and fixed cost accrual', () => {
  const src = syntheticSchedule({ activities: 60, seed: 5 });
  // Give the synthetic plan what MS Project plans have: fixed costs accruing each way, dated
  // rate tables with overtime and cost per use, and an assignment priced from table C.
  const accruals = ['start', 'prorated', 'end'] as const;
  src.activities.slice(0, 6).forEach((a, i) => {
    a.fixedCost = 100 * (i + 1) + 0.25;
    a.fixedCostAccrual = accruals[i % 3];
  });
  const [first, second] = src.resources;
  first.rate = 60;
  first.costRates = [
    { table: 0, to: '2025-03-01T08:00', standardRate: 50, overtimeRate: 75, costPerUse: 12.5 },
    { table: 0, from: '2025-03-01T08:00', standardRate: 60, overtimeRate: 90, costPerUse: 15 },
    { table: 2, standardRate: 0.5, overtimeRate: 0.040865, costPerUse: 0 },
  ];
  second.costRates = [{ table: 0, standardRate: second.rate ?? 0, overtimeRate: 0, costPerUse: 40 }];
  const priced = src.assignments.find((x) => x.resourceId === first.id);
  if (priced) priced.costRateTable = 2;
  const out = readMspdi(new TextEncoder().encode(writeMspdi(src)), { fileName: 'rates.xml' }).schedules[0];

  it('keeps each fixed cost and its accrual', () => {
    const byCode = new Map(out.activities.map((a) => [a.code, a]));
    for (const a of src.activities) {
      const b = byCode.get(a.code);
      expect([b?.fixedCost, b?.fixedCostAccrual], a.code).toEqual([a.fixedCost, a.fixedCostAccrual]);
    }
    expect(out.activities.filter((a) => a.fixedCostAccrual).map((a) => a.fixedCostAccrual)).toEqual(['start', 'prorated', 'end', 'start', 'prorated', 'end']);
  });

  it('keeps every rate table entry, dates, overtime and cost per use included, and the assignment on table C', () => {
    const byName = new Map(out.resources.map((r) => [r.name, r]));
    for (const r of src.resources) expect(byName.get(r.name)?.costRates, r.name).toEqual(r.costRates);
    expect(byName.get(first.name)?.rate).toBe(60);
    expect(priced).toBeDefined();
    const i = src.assignments.indexOf(priced as (typeof src.assignments)[number]);
    expect(out.assignments[i].costRateTable).toBe(2);
    expect(out.assignments.filter((x) => x.costRateTable !== undefined)).toHaveLength(1);
  });
});

if (!existsSync(COST_RATE_XML)) console.warn(`[mspdi round trip] sample ${COST_RATE_XML} not found; its round trip is skipped.`);
describe.skipIf(!existsSync(COST_RATE_XML))('a real MS Project file through the writer: mpxj_mspdicostratetable.xml', () => {
  it('keeps its 3 resources × 5 tables entry by entry', () => {
    const read = (b: Uint8Array) => readMspdi(b, { fileName: 'x.xml' }).schedules[0];
    const a = read(new Uint8Array(readFileSync(COST_RATE_XML)));
    const b = read(new TextEncoder().encode(writeMspdi(a)));
    expect(a.resources.filter((r) => r.costRates).length).toBe(2); // Resource One has no rates beyond its zero rate
    expect(b.resources.map((r) => [r.name, r.costRates])).toEqual(a.resources.map((r) => [r.name, r.costRates]));
  });
});
