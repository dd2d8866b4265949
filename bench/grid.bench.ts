/**
 * The activity grid (issue 14): what the data worker does for a 100k-activity schedule. Once per
 * schedule and status date it builds every activity's figures (activityTable); then each window
 * the grid asks for is a sort (once per sort, then reused), a filter and a slice. The page renders
 * only the rows on screen, so these are what stand between a click and the first rows.
 */
import { activityTable, filteredOrder, sortedOrder, type ActivityTable } from '../src/core/evm/activityValues';
import { syntheticSchedule, type Schedule } from '../src/core/model';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

const WINDOW = 200;

interface GridCtx {
  schedule: Schedule;
  table: ActivityTable;
}

function setup(n: number): GridCtx {
  const schedule = syntheticSchedule({ activities: n, seed: 42 });
  // Float as a P6 export carries it (hours), blank on a fifth (completed work).
  schedule.activities.forEach((a, i) => {
    if (i % 5 !== 0) a.totalFloat = ((i * 7919) % 400) - 40;
  });
  return { schedule, table: activityTable(schedule) };
}

const window = (t: ActivityTable, order: Int32Array) => Array.from(order.subarray(0, WINDOW), (i) => t.rows[i]);

export const gridSuite: BenchSuite<GridCtx> = {
  id: 'grid',
  sizes: [100_000],
  label: sizeLabel,
  setup,
  cases(): BenchCase<GridCtx>[] {
    return [
      { name: 'activity grid: every activity\'s figures at the status date (once per import)', runs: 5, warmup: 1, fn: (x) => activityTable(x.schedule) },
      { name: 'activity grid: first window (200 rows), schedule order', runs: 21, fn: (x) => window(x.table, filteredOrder(x.table.rows, sortedOrder(x.table.rows, undefined), '')) },
      { name: 'activity grid: sort by total float + first window', runs: 11, fn: (x) => window(x.table, sortedOrder(x.table.rows, { key: 'totalFloatDays', dir: 'asc' })) },
      { name: 'activity grid: sort by Activity ID (natural order) + first window', runs: 5, warmup: 1, fn: (x) => window(x.table, sortedOrder(x.table.rows, { key: 'code', dir: 'asc' })) },
      { name: 'activity grid: search "A1" in ID/name/WBS + first window', runs: 11, fn: (x) => window(x.table, filteredOrder(x.table.rows, sortedOrder(x.table.rows, undefined), 'A1')) },
    ];
  },
};
