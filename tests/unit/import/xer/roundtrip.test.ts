/**
 * Synthetic schedule → writeXer → readXer gives back the same activities, relationships, costs,
 * dates, calendars, assignments and codes (compared by the codes users see, since P6 renumbers ids).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSingleByte } from '../../../../src/core/import/encoding';
import { parseXerTables, readXer, schedulesFromP6Tables } from '../../../../src/core/import/xer';
import type { Schedule } from '../../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../../src/core/model/synthetic';
import { writeXer } from '../../../../src/core/model/writers/xer';

function expectSameSchedule(original: Schedule, back: Schedule): void {
  expect(back.project).toMatchObject({ code: original.project.code, currency: original.project.currency, dataDate: original.project.dataDate, plannedStart: original.project.plannedStart, plannedFinish: original.project.plannedFinish });
  expect(back.activities).toHaveLength(original.activities.length);
  const byCode = new Map(back.activities.map((a) => [a.code, a]));
  for (const a of original.activities) {
    const b = byCode.get(a.code)!;
    expect(b, a.code).toBeDefined();
    expect({ name: b.name, type: b.type, pct: b.percentCompleteType }).toEqual({ name: a.name, type: a.type, pct: a.percentCompleteType });
    for (const k of ['baselineStart', 'baselineFinish', 'plannedStart', 'plannedFinish', 'actualStart', 'actualFinish', 'forecastStart', 'forecastFinish', 'originalDuration', 'baselineDuration', 'remainingDuration'] as const) {
      expect(b[k], `${a.code}.${k}`).toBe(a[k]);
    }
    for (const k of ['budgetCost', 'actualCost', 'remainingCost', 'budgetUnits', 'actualUnits', 'remainingUnits'] as const) {
      expect(b[k], `${a.code}.${k}`).toBeCloseTo(a[k], 6);
    }
    expect(b.percentComplete.physical, `${a.code} % complete`).toBeCloseTo(a.percentComplete.physical ?? 0, 6);
    // Codes come back under P6 ids; compare the values' codes per code type name.
    const codesOf = (s: Schedule, codes: Record<string, string>) =>
      Object.fromEntries(Object.entries(codes).map(([t, v]) => {
        const type = s.codeTypes.find((x) => x.id === t)!;
        return [type.name, type.values[v].code];
      }));
    expect(codesOf(back, b.codes)).toEqual(codesOf(original, a.codes));
    const cal = (s: Schedule, id?: string) => s.calendars.find((c) => c.id === id)?.name;
    expect(cal(back, b.calendarId)).toBe(cal(original, a.calendarId));
  }
  const idToCode = (s: Schedule) => new Map(s.activities.map((a) => [a.id, a.code]));
  const rels = (s: Schedule) => {
    const m = idToCode(s);
    return s.relationships.map((r) => `${m.get(r.predecessorId)}>${m.get(r.successorId)} ${r.type} ${r.lagHours}`).sort();
  };
  expect(rels(back)).toEqual(rels(original));
  expect(back.assignments).toHaveLength(original.assignments.length);
  const sum = (s: Schedule, k: 'budgetCost' | 'actualCost' | 'remainingCost' | 'budgetUnits') => s.assignments.reduce((x, a) => x + a[k], 0);
  for (const k of ['budgetCost', 'actualCost', 'remainingCost', 'budgetUnits'] as const) expect(sum(back, k)).toBeCloseTo(sum(original, k), 4);
  const cals = (s: Schedule) => s.calendars.map((c) => ({ name: c.name, hoursPerDay: c.hoursPerDay, workWeek: c.workWeek, exceptions: c.exceptions.map((e) => [e.date, e.intervals]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))) })).sort((x, y) => x.name.localeCompare(y.name));
  expect(cals(back)).toEqual(cals(original));
  expect(back.wbs).toHaveLength(original.wbs.length);
  expect(back.wbs.map((w) => w.name).slice(1).sort()).toEqual(original.wbs.map((w) => w.name).slice(1).sort());
}

describe('synthetic → writeXer → readXer', () => {
  it('gives back the same 2,000-activity schedule (UTF-8 bytes)', () => {
    const original = syntheticSchedule({ activities: 2000, seed: 7 });
    const text = writeXer(original);
    const r = readXer(new TextEncoder().encode(text), { fileName: 'syn.xer' });
    expect(r.projects).toEqual([{ id: '1000', code: original.project.code, name: original.project.name, activities: 2000, dataDate: original.project.dataDate }]);
    expectSameSchedule(original, r.schedules[0]);
    expect(r.schedules[0].source!.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no baseline project in P6/)]);
  });

  it('reads the same from windows-1252 bytes (how P6 writes), with £ in CURRTYPE', () => {
    const original = syntheticSchedule({ activities: 300, seed: 3 });
    const text = writeXer(original);
    expect(text).toContain('\t£\t');
    const r = readXer(encodeSingleByte(text, 'windows-1252'));
    expectSameSchedule(original, r.schedules[0]);
    expect(r.schedules[0].source!.warnings.some((w) => /guessed windows-1252/.test(w.message))).toBe(true);
  });

  it('property: the round trip holds for any seed and size (through both readers)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 400 }), (seed, n) => {
        const original = syntheticSchedule({ activities: n, seed });
        const text = writeXer(original);
        expectSameSchedule(original, readXer(new TextEncoder().encode(text)).schedules[0]);
        expectSameSchedule(original, schedulesFromP6Tables(parseXerTables(text)).schedules[0]);
      }),
      { numRuns: 6 },
    );
  });

  it('writes about the density of real P6 exports (TASK with 61 fields, TASKRSRC with 47, as P6 23.12 writes them)', () => {
    const text = writeXer(syntheticSchedule({ activities: 1000, seed: 1 }));
    const tables = parseXerTables(text);
    expect(tables.find((t) => t.name === 'TASK')!.fields).toHaveLength(61);
    expect(tables.find((t) => t.name === 'TASKRSRC')!.fields).toHaveLength(47);
    for (const t of tables) for (const row of t.rows) expect(row.length, t.name).toBe(t.fields.length);
    // Real files: pyp6xer 3,080,383 B / 3,994 activities ≈ 770 B; jaggelas 727,974 B / 695 ≈ 1,050 B (README sizes).
    const perActivity = text.length / 1000;
    expect(perActivity).toBeGreaterThan(700);
    expect(perActivity).toBeLessThan(2000);
  });
});

describe('dated resource rates (cost rate table A) through writeXer → readXer', () => {
  it('one RSRCRATE row per dated entry; the rate in force at the data date becomes the resource rate', () => {
    const original = syntheticSchedule({ activities: 40, seed: 11 });
    const dataDate = original.project.dataDate ?? '2025-06-01T08:00';
    original.project.dataDate = dataDate;
    const [r] = original.resources;
    // A rise before the data date and one after it: the first is in force at the data date.
    const before = '2020-01-06T00:00';
    const after = '2099-01-04T00:00';
    r.rate = 55;
    r.costRates = [
      { table: 0, to: before, standardRate: 50 },
      { table: 0, from: before, to: after, standardRate: 55 },
      { table: 0, from: after, standardRate: 61.5 },
      { table: 2, standardRate: 99 }, // P6 has no table C: not written
    ];
    const text = writeXer(original);
    const rsrcRates = parseXerTables(text).find((t) => t.name === 'RSRCRATE')!;
    expect(rsrcRates.rows).toHaveLength(original.resources.length + 2);
    const back = readXer(new TextEncoder().encode(text)).schedules[0].resources.find((x) => x.name === r.name)!;
    expect(back.rate).toBe(55);
    expect(back.costRates?.map((e) => [e.table, e.from, e.to, e.standardRate])).toEqual([
      [0, undefined, before, 50],
      [0, before, after, 55],
      [0, after, undefined, 61.5],
    ]);
    // A resource with one rate has no table.
    expect(readXer(new TextEncoder().encode(text)).schedules[0].resources.filter((x) => x.costRates).map((x) => x.name)).toEqual([r.name]);
  });
});
