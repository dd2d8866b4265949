/**
 * `BaselineProject` elements → the baseline of the project they belong to.
 *
 * A P6 baseline is a frozen copy of a project, with its own ObjectIds for everything. PMXML links
 * it back by `OriginalProjectObjectId`, and the project names the baseline P6 uses (its "project
 * baseline") in `CurrentBaselineProjectObjectId`. Each baseline is read like a project
 * (./buildSchedule.ts) and its activities are matched to the project's by GUID, which P6 copies
 * into the baseline, and failing that by activity Id.
 *
 * As in the XER reader (where the baseline project is a PROJECT named by sum_base_proj_id):
 * - the project baseline supplies the activities' baseline fields: dates = the baseline
 *   activity's actual, else current (early), else planned dates (P6's "BL Project Start/Finish"),
 *   baselineDuration = its planned duration, budgetCost/budgetUnits = its budget. An activity
 *   added since has no baseline dates and a zero baseline budget;
 * - without it, the activities' P6 Planned dates and budgets stand in, and a warning says so.
 * Every other baseline of the project goes to `Schedule.baselines`, with the same per-activity
 * values, so it can be compared against.
 */
import type { Activity, Baseline } from '../../model/schedule';
import { buildSchedule, type BuildContext, type BuiltProject } from './buildSchedule';
import { kids, text, type XmlNode } from './xmlTree';
import { parseDate } from './values';

interface BaselineValues {
  start?: string;
  finish?: string;
  duration?: number;
  budgetCost: number;
  budgetUnits: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function valuesOf(b: Activity): BaselineValues {
  const v: BaselineValues = { budgetCost: b.budgetCost, budgetUnits: b.budgetUnits };
  const start = b.actualStart ?? b.plannedStart ?? b.baselineStart;
  const finish = b.actualFinish ?? b.plannedFinish ?? b.baselineFinish;
  if (start) v.start = start;
  if (finish) v.finish = finish;
  if (b.originalDuration !== undefined) v.duration = b.originalDuration;
  return v;
}

/** The project's activity ids → the matching baseline activity's values. */
function matchActivities(owner: BuiltProject, baselineNode: XmlNode, baseline: BuiltProject): { matched: Map<string, BaselineValues>; orphans: number } {
  const guidOf = (node: XmlNode) => text(node, 'GUID')?.toUpperCase();
  const baseActivities = new Map(baseline.schedule.activities.map((a) => [a.id, a]));
  const byGuid = new Map<string, Activity>();
  for (const n of kids(baselineNode, 'Activity')) {
    const a = baseActivities.get(text(n, 'ObjectId') ?? '');
    const g = guidOf(n);
    if (a && g && !byGuid.has(g)) byGuid.set(g, a);
  }
  const byCode = new Map<string, Activity>();
  for (const a of baseline.schedule.activities) if (!byCode.has(a.code)) byCode.set(a.code, a);

  const ownerGuid = new Map<string, string>();
  for (const n of kids(owner.node, 'Activity')) {
    const id = text(n, 'ObjectId');
    const g = guidOf(n);
    if (id && g) ownerGuid.set(id, g);
  }
  const matched = new Map<string, BaselineValues>();
  const usedBase = new Set<string>();
  for (const a of owner.schedule.activities) {
    const g = ownerGuid.get(a.id);
    const b = (g ? byGuid.get(g) : undefined) ?? byCode.get(a.code);
    if (!b || usedBase.has(b.id)) continue;
    usedBase.add(b.id);
    matched.set(a.id, valuesOf(b));
  }
  return { matched, orphans: baseline.schedule.activities.length - usedBase.size };
}

export function attachBaselines(built: Map<string, BuiltProject>, baselineNodes: XmlNode[], projectIds: Set<string>, ctx: BuildContext): void {
  const byCurrentBaseline = new Map<string, BuiltProject>();
  for (const b of built.values()) if (b.currentBaselineId) byCurrentBaseline.set(b.currentBaselineId, b);
  const applied = new Set<BuiltProject>();

  baselineNodes.forEach((node, i) => {
    const id = text(node, 'ObjectId');
    const label = text(node, 'Name') ?? text(node, 'Id') ?? id ?? '?';
    const where = `BaselineProject ${text(node, 'Id') ?? id ?? '?'}`;
    const ownerId = text(node, 'OriginalProjectObjectId');
    let owner = ownerId ? built.get(ownerId) : id ? byCurrentBaseline.get(id) : undefined;
    let guessed = false;
    if (!ownerId && !owner && projectIds.size === 1 && built.size === 1) {
      owner = [...built.values()][0];
      guessed = true;
    }
    if (!owner) {
      // Its project was not chosen (nothing to say), or it belongs to a project not in the file.
      if (!ownerId || !projectIds.has(ownerId)) {
        for (const b of built.values()) b.log.add(`Baseline project "${label}" belongs to project ${ownerId ?? '(not stated)'}, which is not in the file; it was not used.`, where, 'baseline-orphan');
      }
      return;
    }
    if (ctx.isCancelled?.()) return;
    const baseline = buildSchedule(node, i, { ...ctx, fileNotes: [], onActivities: undefined });
    const { matched, orphans } = matchActivities(owner, node, baseline);
    if (guessed) owner.log.add(`Baseline project "${label}" does not say which project it belongs to; it was attached to the only project in the file.`, where);
    if (orphans > 0) {
      owner.log.add(`${plural(orphans, 'activity', 'activities')} of baseline "${label}" match no current activity (deleted or re-identified since the baseline was taken) and ${orphans === 1 ? 'is' : 'are'} not compared.`, where);
    }

    const activities = owner.schedule.activities;
    if (id && id === owner.currentBaselineId) {
      for (const a of activities) {
        const v = matched.get(a.id);
        delete a.baselineStart;
        delete a.baselineFinish;
        if (!v) {
          a.budgetCost = 0;
          a.budgetUnits = 0;
          continue;
        }
        if (v.start) a.baselineStart = v.start;
        if (v.finish) a.baselineFinish = v.finish;
        if (v.duration !== undefined) a.baselineDuration = v.duration;
        a.budgetCost = v.budgetCost;
        a.budgetUnits = v.budgetUnits;
      }
      applied.add(owner);
      owner.log.add(
        `Baseline dates and budgets come from P6's project baseline "${label}" (matched ${plural(matched.size, 'activity', 'activities')} of ${activities.length}; unmatched activities have no baseline).`,
        where,
      );
      return;
    }
    const entry: Baseline = { id: id ?? `${owner.schedule.project.id}:baseline-${owner.schedule.baselines.length + 1}`, name: label, activities: [] };
    const date = parseDate(text(node, 'LastBaselineUpdateDate')) ?? parseDate(text(node, 'DataDate'));
    if (date) entry.date = date;
    for (const a of activities) {
      const v = matched.get(a.id);
      if (!v) continue;
      const e: Baseline['activities'][number] = { activityId: a.id, budgetCost: v.budgetCost, budgetUnits: v.budgetUnits };
      if (v.start) e.start = v.start;
      if (v.finish) e.finish = v.finish;
      entry.activities.push(e);
    }
    owner.schedule.baselines.push(entry);
  });

  for (const b of built.values()) {
    if (applied.has(b)) continue;
    const p = b.schedule.project;
    const others = b.schedule.baselines.length ? ` The file's other baseline${b.schedule.baselines.length === 1 ? ' is' : 's are'} listed with the schedule's baselines.` : '';
    b.log.add(
      b.currentBaselineId
        ? `Project ${p.code ?? p.id} names baseline project ${b.currentBaselineId}, which is not in this file, so the activities' P6 planned dates (PlannedStartDate/PlannedFinishDate) and budgeted costs act as the baseline. To use the real baseline, export it from P6 together with the project.${others}`
        : `Project ${p.code ?? p.id} has no baseline project in P6, so the activities' planned dates (PlannedStartDate/PlannedFinishDate) and budgeted costs act as the baseline.${others}`,
      `Project ${p.code ?? p.id}`,
    );
  }
}
