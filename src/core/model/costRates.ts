/**
 * Reading a resource's cost rate tables (`Resource.costRates`): which rate prices work on a given
 * minute, with the model's conventions for what a file leaves out (see schedule.ts): a resource
 * with no `costRates` has one rate, `rate`, and no overtime rate or cost per use; a table that is
 * not listed is one entry of zeros, except table A, which is then `rate`.
 */
import type { CostRate, CostRateTableIndex, Resource } from './schedule';
import type { LocalDateTime } from './dates';
import { toMinutes } from './dates';

/** The entries of table `table`, in date order, with the defaults filled in (never empty). */
export function costRateTable(resource: Resource, table: CostRateTableIndex = 0): CostRate[] {
  const listed = (resource.costRates ?? []).filter((e) => e.table === table);
  if (listed.length > 0) return listed;
  return [{ table, standardRate: table === 0 ? (resource.rate ?? 0) : 0, overtimeRate: 0, costPerUse: 0 }];
}

/**
 * The entry of table `table` in force at `at`: the last one whose `from` is at or before it (an
 * entry applies from its `from`, inclusive, up to its `to`, exclusive). Before the first dated
 * entry, the first entry applies, as MS Project does.
 */
export function costRateAt(resource: Resource, at: LocalDateTime, table: CostRateTableIndex = 0): CostRate {
  const entries = costRateTable(resource, table);
  const t = toMinutes(at);
  let found = entries[0];
  for (const e of entries) if (e.from === undefined || toMinutes(e.from) <= t) found = e;
  return found;
}
