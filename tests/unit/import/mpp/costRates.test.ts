/**
 * Cost rate tables A–E, assignments' cost rate table and tasks' fixed cost accrual, read from
 * .mpp files and their MS Project XML twins (the sample corpus, read in place): the values MPXJ's
 * CostRateTableTest asserts (EXPECTED.md A.6), the .mpp and the XML agreeing entry by entry, and
 * the accrual of every task agreeing with its twin.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMppDocument, readMpp } from '../../../../src/core/import/mpp';
import { parseMspdiDocument, readMspdi } from '../../../../src/core/import/mspdi';
import type { CostRate, CostRateTableIndex, Resource, Schedule } from '../../../../src/core/model/schedule';
import { costRateAt, costRateTable } from '../../../../src/core/model/costRates';

const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
const haveSamples = existsSync(path.join(SAMPLES, 'mpp')) && existsSync(path.join(SAMPLES, 'mspdi'));
if (!haveSamples) console.warn(`[mpp cost rate tests] sample corpus not found at ${SAMPLES}; these tests are skipped.`);
const bytesOf = (dir: string, f: string) => new Uint8Array(readFileSync(path.join(SAMPLES, dir, f)));
const mpp = (f: string): Schedule => readMpp(bytesOf('mpp', f), { fileName: f }).schedules[0];
const xml = (f: string): Schedule => readMspdi(bytesOf('mspdi', f), { fileName: f }).schedules[0];
const byName = (s: Schedule, name: string): Resource => {
  const r = s.resources.find((x) => x.name === name);
  if (!r) throw new Error(`no resource "${name}"`);
  return r;
};
const TABLES: CostRateTableIndex[] = [0, 1, 2, 3, 4];
/** [standard rate per hour, overtime rate per hour, cost per use, from, to] for each entry of a table. */
const rows = (entries: CostRate[]) => entries.map((e) => [e.standardRate, e.overtimeRate, e.costPerUse, e.from, e.to]);

// MS Project's hours: 480 minutes a day, 2400 a week, 20 days a month (both files' settings), 52 weeks a year.
const PER_DAY = 8;
const PER_WEEK = 40;
const PER_MONTH = 160;
const PER_YEAR = 52 * 40;

describe.skipIf(!haveSamples)('cost rate tables: mpxj_mpp14costratetable.mpp and mpxj_mspdicostratetable.xml (EXPECTED A.6)', () => {
  const files = () => [
    { file: 'mpp', s: mpp('mpxj_mpp14costratetable.mpp') },
    { file: 'xml', s: xml('mpxj_mspdicostratetable.xml') },
  ];

  it('Resource One: tables A–E are each one entry of zeros, for all time', () => {
    for (const { s } of files()) {
      const r = byName(s, 'Resource One');
      expect(r.costRates).toBeUndefined(); // nothing beyond its one rate of 0
      for (const t of TABLES) expect(rows(costRateTable(r, t))).toEqual([[0, 0, 0, undefined, undefined]]);
    }
  });

  it('Resource Two: one entry per table, for all time: A 5/10/15 … E 65/70/75', () => {
    for (const { s } of files()) {
      const r = byName(s, 'Resource Two');
      expect(TABLES.map((t) => rows(costRateTable(r, t)))).toEqual([
        [[5, 10, 15, undefined, undefined]],
        [[20, 25, 30, undefined, undefined]],
        [[35, 40, 45, undefined, undefined]],
        [[50, 55, 60, undefined, undefined]],
        [[65, 70, 75, undefined, undefined]],
      ]);
    }
  });

  it('Resource Three: two entries per table, changing on 15–19 June 2009, later rates per minute, day, week, month and year held per hour', () => {
    for (const { file, s } of files()) {
      const r = byName(s, 'Resource Three');
      const table = (t: CostRateTableIndex) => costRateTable(r, t);
      // MPXJ reports each first entry as ending at 07:59, the minute before the next one starts.
      expect(TABLES.map((t) => table(t).map((e) => [e.from, e.to]))).toEqual(
        [15, 16, 17, 18, 19].map((d) => [
          [undefined, `2009-06-${d}T08:00`],
          [`2009-06-${d}T08:00`, undefined],
        ]),
      );
      expect(TABLES.map((t) => [table(t)[0].standardRate, table(t)[0].overtimeRate, table(t)[0].costPerUse])).toEqual([
        [5, 10, 15],
        [35, 40, 45],
        [65, 70, 75],
        [95, 100, 105],
        [125, 130, 135],
      ]);
      const later = TABLES.map((t) => table(t)[1]);
      // A: 20/minute, 25/h, 30. B: 50/day, 55/week, 60. C: 80/month, 85/year, 90. D: 110/h, 115/h, 120. E: 140/h, 145/h, 150.
      expect(later.map((e) => e.standardRate)).toEqual([20 * 60, 50 / PER_DAY, 80 / PER_MONTH, 110, 140]);
      expect(later.map((e) => e.costPerUse)).toEqual([30, 60, 90, 120, 150]);
      expect([later[0].overtimeRate, later[1].overtimeRate, later[3].overtimeRate, later[4].overtimeRate]).toEqual([25, 55 / PER_WEEK, 115, 145]);
      // The XML writes rates to five decimals (0.04087); the .mpp keeps the double.
      expect(later[2].overtimeRate).toBeCloseTo(85 / PER_YEAR, file === 'xml' ? 5 : 12);
    }
  });

  it('the .mpp and the XML give the same tables, entry by entry', () => {
    const [a, b] = files().map(({ s }) => s);
    for (const r of a.resources) {
      const twin = b.resources.find((x) => x.id === r.id);
      expect(twin, `resource ${r.id}`).toBeDefined();
      const other = twin as Resource;
      expect((r.costRates ?? []).length).toBe((other.costRates ?? []).length);
      (r.costRates ?? []).forEach((e, i) => {
        const o = (other.costRates ?? [])[i];
        expect([e.table, e.from, e.to, e.standardRate, e.costPerUse]).toEqual([o.table, o.from, o.to, o.standardRate, o.costPerUse]);
        expect(e.overtimeRate).toBeCloseTo(o.overtimeRate ?? NaN, 5);
      });
    }
  });

  it("Standard Rate is table A's entry in force when each file was saved, either side of Resource Three's change", () => {
    const [a, b] = files().map(({ s }) => byName(s, 'Resource Three'));
    // The .mpp was last saved on 4 May 2010 (SummaryInformation), after the change: 20/min.
    expect(a.rate).toBe(1200);
    expect(a.rate).toBe(costRateAt(a, '2010-05-04T22:25').standardRate);
    // The XML was saved on 10 June 2009 (LastSaved, CurrentDate), before it: 5/h.
    expect(b.rate).toBe(5);
    expect(b.rate).toBe(costRateAt(b, '2009-06-10T08:00').standardRate);
    // The minute of the change belongs to the later entry.
    expect(costRateAt(a, '2009-06-15T07:59').standardRate).toBe(5);
    expect(costRateAt(a, '2009-06-15T08:00').standardRate).toBe(1200);
  });
});

describe.skipIf(!haveSamples)('cost rate tables elsewhere in the corpus', () => {
  it('mpxj_timephased-multi-rate.mpp: the table A change at 13:00 on 4 February 2026 is what EXPECTED A.9 prices (Task 1: 84 = 4 h at 10 + 4 h at 11)', () => {
    const r = byName(mpp('mpxj_timephased-multi-rate.mpp'), 'Prorated Resource 1');
    expect(rows(costRateTable(r))).toEqual([
      [10, 11, 0, undefined, '2026-02-04T13:00'],
      [11, 12, 0, '2026-02-04T13:00', undefined],
    ]);
    // 08:00–12:00 and 13:00–17:00 on the 4th, one rate per working hour, as MS Project costs it.
    const hours = [8, 9, 10, 11, 13, 14, 15, 16].map((h) => `2026-02-04T${String(h).padStart(2, '0')}:00`);
    expect(hours.reduce((sum, at) => sum + costRateAt(r, at).standardRate, 0)).toBe(84);
    expect([8, 9, 10, 11, 13, 14, 15, 16].reduce((sum, h) => sum + costRateAt(r, `2026-02-05T${String(h).padStart(2, '0')}:00`).standardRate, 0)).toBe(88);
  });

  it.each([
    ['mpxj_mpp14assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
    ['mpxj_mpp9assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
  ])('%s: Resource One is priced from table A, Resource Two from table B (EXPECTED A.2), as in %s', (mppFile, xmlFile) => {
    for (const s of [mpp(mppFile), xml(xmlFile)]) {
      const table = (name: string) => s.assignments.find((a) => a.resourceId === byName(s, name).id)?.costRateTable;
      expect([table('Resource One'), table('Resource Two')]).toEqual([undefined, 1]);
      // Resource Two's table B is 34/h, overtime 43/h (table A: 33, 39, cost per use 1).
      expect(rows(costRateTable(byName(s, 'Resource Two'), 1))).toEqual([[34, 43, 0, undefined, undefined]]);
      expect(byName(s, 'Resource Two').rate).toBe(33);
    }
  });

  it('resources with an overtime rate or a cost per use keep them in table A (EXPECTED A.1)', () => {
    for (const s of [mpp('mpxj_mpp14resource.mpp'), mpp('mpxj_mpp9resource.mpp'), xml('mpxj_mspdiresource.xml')]) {
      expect(rows(costRateTable(byName(s, 'Wade Golden')))).toEqual([[50, 100, 0, undefined, undefined]]);
      expect(rows(costRateTable(byName(s, 'Concrete')))).toEqual([[0, 0, 500, undefined, undefined]]);
    }
  });
});

describe.skipIf(!haveSamples)('fixed cost accrual', () => {
  it('mpxj_timephased-fixed-cost.mpp: prorated, start and end as EXPECTED A.9 labels its tasks, each with its fixed cost of 100', () => {
    const s = mpp('mpxj_timephased-fixed-cost.mpp');
    const task = (name: string) => s.activities.find((a) => a.name === name);
    expect([task('Task 1')?.fixedCost, task('Task 1')?.fixedCostAccrual]).toEqual([undefined, undefined]); // no fixed cost
    expect([2, 3, 4, 5, 6].map((n) => [task(`Task ${n}`)?.fixedCost, task(`Task ${n}`)?.fixedCostAccrual])).toEqual([
      [100, 'prorated'], // not started
      [100, 'start'],
      [100, 'end'],
      [100, 'prorated'], // 50 % complete
      [100, 'prorated'], // complete
    ]);
    // The unlabelled ones, by their per-day spreads: 7 and 8 accrue on day 1, 9 and 10 on the last day.
    expect([7, 8, 9, 10].map((n) => task(`Task ${n}`)?.fixedCostAccrual)).toEqual(['start', 'start', 'end', 'end']);
    // For tasks 1–10 the assignment costs nothing (EXPECTED A.9), so each task's cost is its fixed cost: Task 5 is half spent.
    for (let n = 2; n <= 10; n++) expect((task(`Task ${n}`)?.actualCost ?? NaN) + (task(`Task ${n}`)?.remainingCost ?? NaN)).toBe(100);
    expect([task('Task 5')?.actualCost, task('Task 5')?.remainingCost]).toEqual([50, 50]);
  });

  it.each([
    ['mpxj_task-baselines-project2016-mpp14.mpp', 'mpxj_task-baselines-project2016-mspdi.xml', 3],
    ['mpxj_task-baselines-project2016-mpp12.mpp', 'mpxj_task-baselines-project2016-mspdi.xml', 3],
    ['mpxj_task-baselines-project2010-mpp9.mpp', 'mpxj_task-baselines-project2010-mspdi.xml', 3],
    ['mpxj_legacy_sample.mpp', 'mpxj_legacy_sample.xml', 2],
  ])('%s: every task accrues as in %s (all %i)', (mppFile, xmlFile, accrual) => {
    const a = parseMppDocument(bytesOf('mpp', mppFile));
    const b = parseMspdiDocument(bytesOf('mspdi', xmlFile));
    const byUid = new Map(b.tasks.map((t) => [t.uid, t.fixedCostAccrual]));
    const compared = a.tasks.filter((t) => byUid.has(t.uid));
    expect(compared.length).toBeGreaterThanOrEqual(20);
    for (const t of compared) expect(t.fixedCostAccrual, `task ${t.uid}`).toBe(byUid.get(t.uid));
    expect(new Set(compared.map((t) => t.fixedCostAccrual))).toEqual(new Set([accrual]));
  });

  it('aspose_ResourceAssignmentCosts.mpp: the tasks with a fixed cost carry it and its (prorated, the default) accrual inside their cost; the others carry neither', () => {
    const s = mpp('aspose_ResourceAssignmentCosts.mpp');
    const withFixed = s.activities.filter((a) => a.fixedCost !== undefined);
    expect(withFixed.length).toBe(5);
    for (const a of withFixed) {
      expect(a.fixedCostAccrual).toBe('prorated');
      // MS Project's Cost (actual + remaining) includes the fixed cost.
      expect(a.actualCost + a.remainingCost).toBeGreaterThanOrEqual((a.fixedCost ?? 0) - 0.005);
    }
    expect(s.activities.filter((a) => a.fixedCost === undefined && a.fixedCostAccrual !== undefined)).toEqual([]);
  });
});
