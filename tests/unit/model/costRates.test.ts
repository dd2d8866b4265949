/**
 * Cost rate tables in the model: the defaults a reader leaves implicit (model/costRates.ts), and
 * validation of saved documents that carry rates, an assignment's rate table and fixed cost accrual.
 */
import { describe, expect, it } from 'vitest';
import { costRateAt, costRateTable } from '../../../src/core/model/costRates';
import type { Resource } from '../../../src/core/model/schedule';
import { parseSchedule } from '../../../src/core/model/validate';

const plain: Resource = { id: 'R', code: 'R', name: 'Fitter', type: 'labour', rate: 45 };
const dated: Resource = {
  ...plain,
  rate: 50,
  costRates: [
    { table: 0, to: '2025-03-03T08:00', standardRate: 45, overtimeRate: 60, costPerUse: 10 },
    { table: 0, from: '2025-03-03T08:00', standardRate: 50, overtimeRate: 70, costPerUse: 12 },
    { table: 3, standardRate: 80 },
  ],
};

describe('costRateTable and costRateAt', () => {
  it('a resource without tables: table A is its rate, B–E are zeros', () => {
    expect(costRateTable(plain, 0)).toEqual([{ table: 0, standardRate: 45, overtimeRate: 0, costPerUse: 0 }]);
    expect(costRateTable(plain, 4)).toEqual([{ table: 4, standardRate: 0, overtimeRate: 0, costPerUse: 0 }]);
    expect(costRateAt(plain, '1999-01-01').standardRate).toBe(45);
  });

  it('a dated table: the entry whose from is at or before the minute; the first also before its end, the last for ever', () => {
    expect(costRateAt(dated, '2020-01-01T00:00').standardRate).toBe(45);
    expect(costRateAt(dated, '2025-03-03T07:59').standardRate).toBe(45);
    expect(costRateAt(dated, '2025-03-03T08:00').costPerUse).toBe(12);
    expect(costRateAt(dated, '2090-12-31').overtimeRate).toBe(70);
    expect(costRateAt(dated, '2025-01-01', 3).standardRate).toBe(80);
    expect(costRateAt(dated, '2025-01-01', 1).standardRate).toBe(0); // not listed: zeros
  });
});

describe('parseSchedule with rates and accrual', () => {
  const doc = (over: Record<string, unknown> = {}) => ({
    project: { id: 'P' },
    activities: [{ id: 'A', fixedCost: 250, fixedCostAccrual: 'end' }],
    resources: [{ id: 'R', rate: 50, costRates: dated.costRates }],
    assignments: [{ id: 'X', activityId: 'A', resourceId: 'R', costRateTable: 3 }],
    ...over,
  });

  it('keeps them as saved', () => {
    const s = parseSchedule(JSON.parse(JSON.stringify(doc())));
    expect([s.activities[0].fixedCost, s.activities[0].fixedCostAccrual]).toEqual([250, 'end']);
    expect(s.resources[0].costRates).toEqual(dated.costRates);
    expect(s.assignments[0].costRateTable).toBe(3);
  });

  it('names a table outside A–E, an unknown accrual and a mistyped rate field', () => {
    expect(() => parseSchedule(doc({ assignments: [{ id: 'X', activityId: 'A', resourceId: 'R', costRateTable: 5 }] }))).toThrow(/assignments\[0\]\.costRateTable/);
    expect(() => parseSchedule(doc({ activities: [{ id: 'A', fixedCostAccrual: 'monthly' }] }))).toThrow(/activities\[0\]\.fixedCostAccrual/);
    expect(() => parseSchedule(doc({ resources: [{ id: 'R', costRates: [{ table: 0, standardrate: 5 }] }] }))).toThrow(/resources\[0\]\.costRates\[0\]/);
  });
});
