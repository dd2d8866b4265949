/**
 * MSPDI time-phased actual cost (TimephasedData type 6) reaches the cash flow as it is: each
 * day's actual cost in the week it falls in, nothing "before first status". No file in the sample
 * corpus carries type-6 records (README: its MSPDI files hold types 1, 2, 3, 11, 17 and 21), so
 * this MS Project XML is written here, in MS Project's own element names and units (money in
 * hundredths).
 */
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { parseScheduleFile } from '../../../src/core/import';
import { baseline, bytes, mspdi, task, timephased } from '../import/mspdi/build';

// Task 1: baseline Mon 6 Jan – Fri 31 Jan 2025, budget 10,000; started 6 Jan, 40% complete at the
// status date Fri 17 Jan 17:00. Actual cost 4,200 recorded day by day: 300 a day in week 1 (5 days
// = 1,500) and 540 a day in week 2 (5 days = 2,700).
const days = (from: number, n: number, hundredths: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = String(from + i).padStart(2, '0');
    return timephased(6, 1, `2025-01-${d}T08:00:00`, `2025-01-${d}T17:00:00`, String(hundredths));
  }).join('');
const doc = mspdi({
  project: { StatusDate: '2025-01-17T17:00:00' },
  tasks: task(
    { UID: 1, ID: 1, Name: 'Pour slab', OutlineLevel: 1, Start: '2025-01-06T08:00:00', Finish: '2025-01-31T17:00:00', ActualStart: '2025-01-06T08:00:00', PercentComplete: 40, PhysicalPercentComplete: 40, Cost: 1000000, ActualCost: 420000, RemainingCost: 580000 },
    baseline(0, { Start: '2025-01-06T08:00:00', Finish: '2025-01-31T17:00:00', Cost: 1000000 }),
  ),
  resources: '<Resource><UID>1</UID><ID>1</ID><Name>Crew</Name><Type>1</Type><StandardRate>50</StandardRate></Resource>',
  assignments:
    '<Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Cost>1000000</Cost><ActualCost>420000</ActualCost><RemainingCost>580000</RemainingCost>' +
    baseline(0, { Cost: 1000000 }) +
    days(6, 5, 30000) +
    days(13, 5, 54000) +
    '</Assignment>',
});

describe('MSPDI time-phased actual cost in the cash flow', () => {
  const outcome = parseScheduleFile(bytes(doc), { fileName: 'slab.xml' });
  if (outcome.kind !== 'schedules') throw new Error(`expected schedules, got ${outcome.kind}`);
  const s = outcome.result.schedules[0];

  it('the reader keeps the ten daily records, in pounds', () => {
    const tp = s.assignments.flatMap((x) => x.timephased ?? []).filter((t) => t.kind === 'actual-cost');
    expect(tp).toHaveLength(10);
    expect(tp.reduce((t, r) => t + r.value, 0)).toBeCloseTo(4_200, 9);
  });

  it('weekly: 1,500 in the week ending 10 Jan and 2,700 in the week ending 17 Jan, adding up to AC', () => {
    const a = analyseSchedule(s, { periods: 'week' });
    expect(a.cost.ac.value).toBeCloseTo(4_200, 9);
    expect(a.cashFlowInfo?.actualSource).toBe('file');
    expect(a.cashFlowInfo?.beforeFirstStatus?.actual ?? null).toBeNull();
    expect(a.cashFlowInfo?.notes[0]).toMatch(/time-phased actual cost/);
    const past = a.cashFlow.slice(0, a.statusPeriod);
    expect(past.map((r) => r.label)).toEqual(['w/e 2025-01-10', 'w/e 2025-01-17']);
    expect(past.map((r) => r.actual)).toEqual([expect.closeTo(1_500, 9), expect.closeTo(2_700, 9)]);
    expect(past.map((r) => r.cumulative.actual)).toEqual([expect.closeTo(1_500, 9), expect.closeTo(4_200, 9)]);
    // The forecast after the status ends at the selected EAC.
    expect(a.cashFlow.at(-1)!.cumulative.forecast).toBeCloseTo(a.cost.eacSelected.value!, 6);
  });

  it('without the records the same schedule shows its actual cost as one "before first status" amount', () => {
    const bare = { ...s, assignments: s.assignments.map(({ timephased: _drop, ...x }) => x) };
    const a = analyseSchedule(bare, { periods: 'week' });
    expect(a.cashFlowInfo?.actualSource).toBe('statuses');
    expect(a.cashFlowInfo?.beforeFirstStatus?.actual).toBeCloseTo(4_200, 9);
    expect(a.cashFlow.slice(0, a.statusPeriod).map((r) => r.actual)).toEqual([null, null]);
  });
});
