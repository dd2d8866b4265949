/**
 * Powerproject resources and their allocations → canonical resources and assignments.
 *
 * Permanent resources are labour (hours); consumable resources are material, with their unit of
 * measure and cost per unit. An allocation (PERMANENT_SCHEDUL_ALLOCATION) names a resource skill
 * (PERM_RESOURCE_SKILL), whose PLAYER is the resource (MPXJ AstaReader.processAssignments); its
 * EFFORT is in seconds. Resource folders (CREATED_AS_FOLDER) only group resources and are skipped.
 */
import type { Activity, Assignment, ImportWarning, Resource } from '../../model/schedule';
import { num, str, table, type AstaRow, type AstaTables } from './tables';

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const tidy = (v: number) => Math.round(v * 1e6) / 1e6;

export function readResources(
  t: AstaTables,
  calendars: Map<number, { id: string }>,
  activities: Map<number, Activity>,
  warnings: ImportWarning[],
): { resources: Resource[]; assignments: Assignment[] } {
  const resources: Resource[] = [];
  const byAsta = new Map<number, Resource>();
  const add = (row: AstaRow, type: Resource['type']) => {
    const id = num(row, 'ID');
    if (id === null || byAsta.has(id) || (num(row, 'CREATED_AS_FOLDER') ?? 0) !== 0) return;
    const name = str(row, 'NAME') ?? `Resource ${id}`;
    const res: Resource = { id: `res-${id}`, code: String(id), name, type };
    const cal = calendars.get(num(row, 'CALENDAR') ?? NaN);
    if (cal) res.calendarId = cal.id;
    if (type === 'material') {
      const unit = str(row, 'MEASUREMENT');
      if (unit) res.unit = unit;
      const rate = num(row, 'COST_PER_UNITAMOUNT');
      if (rate !== null) res.rate = rate;
    } else {
      res.unit = 'h';
    }
    resources.push(res);
    byAsta.set(id, res);
  };
  for (const r of table(t, 'PERMANENT_RESOURCE')) add(r, 'labour');
  for (const r of table(t, 'CONSUMABLE_RESOURCE')) add(r, 'material');

  const skills = new Map<number, number>();
  for (const s of table(t, 'PERM_RESOURCE_SKILL')) {
    const id = num(s, 'ID');
    const player = num(s, 'PLAYER');
    if (id !== null && player !== null) skills.set(id, player);
  }
  const assignments: Assignment[] = [];
  let unplaced = 0;
  let unplacedCost = 0;
  for (const al of table(t, 'PERMANENT_SCHEDUL_ALLOCATION')) {
    const activity = activities.get(num(al, 'ALLOCATED_TO') ?? NaN);
    const of = num(al, 'ALLOCATION_OF');
    const resource = byAsta.get(skills.get(of ?? NaN) ?? NaN) ?? byAsta.get(of ?? NaN);
    const cost = num(al, 'BUDGETED_COST_AMOUNT') ?? 0;
    if (!activity) {
      unplaced++;
      unplacedCost += cost;
      continue;
    }
    if (!resource) continue; // the cost still counts in the activity's budget (buildActivity)
    const hours = (num(al, 'EFFORT') ?? 0) / 3600;
    const done = activity.actualFinish ? 1 : clamp01((num(al, 'PERCENT_COMPLETE') ?? (activity.percentComplete.physical ?? 0) * 100) / 100);
    assignments.push({
      id: `alloc-${String(num(al, 'ID') ?? assignments.length)}`,
      activityId: activity.id,
      resourceId: resource.id,
      budgetUnits: tidy(hours),
      actualUnits: tidy(hours * done),
      remainingUnits: tidy(hours * (1 - done)),
      budgetCost: tidy(cost),
      actualCost: 0,
      remainingCost: tidy(cost * (1 - done)),
    });
  }
  if (unplaced) {
    warnings.push({
      message: `${unplaced} resource allocation${unplaced === 1 ? '' : 's'} belong${unplaced === 1 ? 's' : ''} to summary groups or to activities not in the file${unplacedCost ? ` (${tidy(unplacedCost)} of budgeted cost)` : ''} and ${unplaced === 1 ? 'was' : 'were'} left out of the budget.`,
      where: 'PERMANENT_SCHEDUL_ALLOCATION',
    });
  }
  return { resources, assignments };
}
