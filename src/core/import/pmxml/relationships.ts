/**
 * `Relationship` elements → model relationships, placed in the successor's schedule.
 *
 * In a multi-project export a relationship can join two projects, and P6 lists it under either
 * one (the corpus's PrimaveraProject sample does both). So relationships are collected from the
 * whole file first, de-duplicated, and then each goes to the schedule of its successor (as an XER
 * TASKPRED row belongs to the successor's project). A cross-project relationship is kept when both
 * projects are built, so the link survives for whoever analyses them together, and dropped with a
 * warning when the other project was not chosen or is not in the file.
 *
 * Lags are hours in PMXML, as in the model; negative lags are leads.
 */
import type { Relationship } from '../../model/schedule';
import type { BuiltProject } from './buildSchedule';
import type { PmxmlFile } from './fileIndex';
import { kids, text, type XmlNode } from './xmlTree';
import { parseNumber, relationshipType } from './values';

export interface ActivityHome {
  /** ObjectId of the project the activity belongs to. */
  projectId: string;
  /** The project's code (short name) for messages. */
  projectCode: string;
  /** The activity's own code for messages. */
  activityCode: string;
}

/** Every activity in the file (built or not) → its project. */
export function activityHomes(file: PmxmlFile, identities: { id: string; code?: string }[]): Map<string, ActivityHome> {
  const homes = new Map<string, ActivityHome>();
  file.projects.forEach((p, i) => {
    const { id, code } = identities[i];
    for (const a of kids(p, 'Activity')) {
      const aid = text(a, 'ObjectId');
      if (aid && !homes.has(aid)) homes.set(aid, { projectId: id, projectCode: code ?? id, activityCode: text(a, 'Id') ?? aid });
    }
  });
  return homes;
}

export function attachRelationships(file: PmxmlFile, built: Map<string, BuiltProject>, homes: Map<string, ActivityHome>, identities: { id: string; code?: string }[]): void {
  const seen = new Set<string>();
  const crossProject = new Map<string, number>();
  const pairs = new Set<string>();

  file.projects.forEach((projectNode, i) => {
    const listedIn = built.get(identities[i].id);
    const nodes: XmlNode[] = kids(projectNode, 'Relationship');
    for (const r of nodes) {
      const objectId = text(r, 'ObjectId');
      const predId = text(r, 'PredecessorActivityObjectId');
      const succId = text(r, 'SuccessorActivityObjectId');
      const key = objectId ?? `${predId}>${succId}>${text(r, 'Type') ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);

      const where = `Relationship ${objectId ?? '?'} (listed in project ${identities[i].code ?? identities[i].id})`;
      const succ = succId ? homes.get(succId) : undefined;
      const pred = predId ? homes.get(predId) : undefined;
      const target = succ ? built.get(succ.projectId) : undefined;

      if (!succ || !pred || !succId || !predId) {
        // Report it in a project being built: the successor's, else the one that lists it.
        const home = target ?? (pred ? built.get(pred.projectId) : undefined) ?? listedIn;
        const missing = !succ ? `successor activity ${succId ?? '(none)'}` : `predecessor activity ${predId ?? '(none)'}`;
        home?.log.add(`A relationship was dropped because its ${missing} is not in the file.`, where, 'rel-missing-activity');
        continue;
      }
      if (!target) {
        built.get(pred.projectId)?.log.add(
          `The relationship from ${pred.activityCode} to ${succ.activityCode} in project ${succ.projectCode} was dropped: that project is not being imported. Import it too to keep the link.`,
          where,
          'rel-other-project',
        );
        continue;
      }
      if (!built.has(pred.projectId)) {
        target.log.add(
          `The relationship from ${pred.activityCode} in project ${pred.projectCode} to ${succ.activityCode} was dropped: that project is not being imported. Import it too to keep the link.`,
          where,
          'rel-other-project',
        );
        continue;
      }

      const rawType = text(r, 'Type');
      let type = relationshipType(rawType);
      if (!type) {
        target.log.add(`Relationship type "${rawType ?? ''}" is not a P6 type; it was read as finish-to-start.`, where, 'rel-type');
        type = 'FS';
      }
      const lagHours = parseNumber(text(r, 'Lag')) ?? 0;
      const pairKey = `${predId}>${succId}`;
      if (pairs.has(pairKey)) {
        target.log.add(`${pred.activityCode} → ${succ.activityCode} is linked twice; only the first relationship was kept.`, where, 'rel-duplicate');
        continue;
      }
      pairs.add(pairKey);
      const rel: Relationship = { predecessorId: predId, successorId: succId, type, lagHours };
      if (target.lagCalendar) rel.lagCalendar = target.lagCalendar;
      target.schedule.relationships.push(rel);
      if (pred.projectId !== succ.projectId) crossProject.set(succ.projectId, (crossProject.get(succ.projectId) ?? 0) + 1);
    }
  });

  for (const [projectId, n] of crossProject) {
    built
      .get(projectId)
      ?.log.add(
        `${n} relationship${n === 1 ? '' : 's'} link${n === 1 ? 's' : ''} this project's activities to predecessors in another project of the file; kept because that project was imported too.`,
      );
  }
}
