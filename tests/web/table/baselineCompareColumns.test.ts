/**
 * The baseline comparison's columns on the table kit, on a real comparison (compareBaselines of a
 * synthetic schedule's plan against the same plan moved, re-budgeted and cut): each column sorts
 * and writes to the CSV the worker's unrounded figure, and a missing side is an empty cell.
 */
import { describe, expect, it } from 'vitest';
import { activityCompareColumns, groupCompareColumns } from '../../../src/app/project/baselines/baselineCompareColumns';
import { compareBaselines, planOfFile, type BaselinePlan } from '../../../src/core/evm';
import { syntheticSchedule } from '../../../src/core/model';
import { fromMinutes, toMinutes } from '../../../src/core/model/dates';
import { sortRows, tableCsv } from '../../../src/ui/table';

const DAY = 24 * 60;
const a = planOfFile(syntheticSchedule({ activities: 120, seed: 3, statusAt: 0.5 }));
const move = (d: string | undefined, days: number) => (d ? fromMinutes(toMinutes(d) + days * DAY) : undefined);
// B: every third activity 10 days later and 7% dearer, the last five removed.
const b: BaselinePlan = {
  ...a,
  name: 'B',
  rows: a.rows.slice(0, -5).map((r, i) => (i % 3 === 0 ? { ...r, ...(r.finish ? { finish: move(r.finish, 10) } : {}), ...(r.budgetCost !== undefined ? { budgetCost: r.budgetCost * 1.07 } : {}) } : r)),
};
const cmp = compareBaselines(a, b);
const acts = activityCompareColumns('GBP');
const groups = groupCompareColumns('GBP');

describe('baseline comparison columns', () => {
  it('is a comparison with slips, removals and budget changes to test on', () => {
    expect(cmp.activities.some((d) => d.status === 'removed')).toBe(true);
    expect(cmp.activities.some((d) => (d.finishVariance ?? 0) > 0)).toBe(true);
  });

  it('sorts the finish variance biggest slip first, activities without one last', () => {
    const fv = acts.find((c) => c.id === 'finishVariance')!;
    const sorted = sortRows(cmp.activities, fv, 'desc').map((d) => d.finishVariance);
    const firstNull = sorted.indexOf(null);
    const known = (firstNull < 0 ? sorted : sorted.slice(0, firstNull)) as number[];
    expect(known).toEqual([...known].sort((x, y) => y - x));
    if (firstNull >= 0) expect(sorted.slice(firstNull).every((v) => v === null)).toBe(true);
    // A removed activity has no B side: no finish variance, and an empty Budget B in the CSV.
    const removed = cmp.activities.find((d) => d.status === 'removed')!;
    expect(fv.csvValue!(removed)).toBeNull();
    expect(acts.find((c) => c.id === 'budgetB')!.csvValue!(removed)).toBeNull();
  });

  it('writes the unrounded figures and dates Excel reads', () => {
    const shown = acts.filter((c) => !c.defaultHidden);
    const csv = tableCsv(shown, cmp.activities).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Activity,Name,Change,Finish A,Finish B,Start var.,Finish var.,Duration Δ,Budget A,Budget B,Budget Δ');
    const changed = cmp.activities.find((d) => d.status === 'changed' && d.budgetChange !== 0)!;
    const line = csv[cmp.activities.indexOf(changed) + 1];
    // The last three cells: Budget A, Budget B and Budget Δ as the worker computed them.
    expect(line.split(',').slice(-3).map(Number)).toEqual([changed.budgetA, changed.budgetB, changed.budgetChange]);
    expect(acts.find((c) => c.id === 'budgetChange')!.csvValue!(changed)).toBe(changed.budgetChange);
    expect(acts.find((c) => c.id === 'finishB')!.csvValue!(changed)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('gives the WBS view its own columns, on the group figures', () => {
    expect(groups.filter((c) => !c.defaultHidden).map((c) => c.id)).toEqual(['code', 'name', 'activities', 'added', 'removed', 'changed', 'finishVariance', 'biggestSlip', 'budgetA', 'budgetB', 'budgetChange']);
    const slip = groups.find((c) => c.id === 'biggestSlip')!;
    for (const g of cmp.wbs) expect(slip.csvValue!(g)).toBe(g.biggestSlip);
    const byBudget = sortRows(cmp.wbs, groups.find((c) => c.id === 'budgetChange'), 'asc').map((g) => g.budgetChange);
    expect(byBudget).toEqual([...byBudget].sort((x, y) => x - y));
  });
});
