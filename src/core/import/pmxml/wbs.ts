/**
 * A project's `WBS` elements → model `WbsNode`s, under a root node for the project itself.
 *
 * P6 has a WBS node for the project (XER writes it as the PROJWBS row with proj_node_flag = Y);
 * PMXML only names it, in `Project/WBSObjectId`, and writes `WBSObjectId` nil for activities
 * that sit directly under the project. The reader recreates that node (id = the project's
 * WBSObjectId, code = the project's Id, name = the project's name) so that both formats give the
 * same tree and every activity has a WBS element.
 *
 * As in the XER reader: elements come in tree order (parents first, siblings by SequenceNumber),
 * codes are full paths joined with "." (`BaselineCosts.1.2`), an element whose parent is missing
 * or part of a loop hangs directly under the project, and the "technique for computing
 * performance percent complete" of each element (0/100, 50/50) becomes the EV technique of its
 * activities. Control accounts are set by ./buildSchedule.ts once the activity codes are known.
 */
import type { EvTechnique, WbsNode } from '../../model/schedule';
import { kids, text, type XmlNode } from './xmlTree';
import { evTechniqueOf, parseNumber } from './values';
import type { WarningLog } from './warnings';

export interface WbsTree {
  nodes: WbsNode[];
  rootId: string;
  ids: Set<string>;
  /** EV technique per WBS id, where P6 sets one other than activity percent complete. */
  techniqueOf(wbsId: string): EvTechnique | undefined;
}

export function buildWbs(project: XmlNode, projectCode: string, projectName: string, log: WarningLog): WbsTree {
  const projectId = text(project, 'ObjectId') ?? projectCode;
  const rootId = text(project, 'WBSObjectId') ?? `${projectId}:root`;

  const byId = new Map<string, XmlNode>();
  for (const w of kids(project, 'WBS')) {
    const id = text(w, 'ObjectId');
    if (!id) {
      log.add('A WBS element has no ObjectId; it was skipped and its activities sit under the project.', `WBS "${text(w, 'Name') ?? '?'}"`, 'wbs-no-id');
      continue;
    }
    if (id === rootId || byId.has(id)) continue; // the project node itself, or a repeat
    byId.set(id, w);
  }

  const root: WbsNode = { id: rootId, parentId: null, code: projectCode, name: projectName, sequence: 0 };
  const nodes: WbsNode[] = [root];
  const techniques = new Map<string, EvTechnique | string | undefined>([[rootId, evTechniqueOf(text(project, 'EarnedValueComputeType'))]]);

  const children = new Map<string, { id: string; w: XmlNode; seq: number }[]>();
  for (const [id, w] of byId) {
    const p = text(w, 'ParentObjectId');
    const parent = p && p !== id && byId.has(p) ? p : rootId;
    const list = children.get(parent) ?? [];
    list.push({ id, w, seq: parseNumber(text(w, 'SequenceNumber')) ?? 0 });
    children.set(parent, list);
  }
  const placed = new Set<string>([rootId]);
  const walk = (parent: WbsNode) => {
    const list = children.get(parent.id);
    if (!list) return;
    list.sort((a, b) => a.seq - b.seq);
    for (const { id, w, seq } of list) {
      if (placed.has(id)) continue;
      placed.add(id);
      const code = `${parent.code}.${text(w, 'Code') ?? id}`;
      const node: WbsNode = { id, parentId: parent.id, code, name: text(w, 'Name') ?? code };
      if (text(w, 'SequenceNumber') !== undefined) node.sequence = seq;
      nodes.push(node);
      techniques.set(id, evTechniqueOf(text(w, 'EarnedValueComputeType')));
      walk(node);
    }
  };
  walk(root);

  // Elements never reached sit in a parent loop: hang them under the project.
  let looped = 0;
  for (const [id, w] of byId) {
    if (placed.has(id)) continue;
    looped++;
    const node: WbsNode = { id, parentId: rootId, code: `${projectCode}.${text(w, 'Code') ?? id}`, name: text(w, 'Name') ?? id };
    nodes.push(node);
    techniques.set(id, evTechniqueOf(text(w, 'EarnedValueComputeType')));
  }
  if (looped) log.add(`${looped} WBS element${looped === 1 ? ' is' : 's are'} in a parent loop and ${looped === 1 ? 'was' : 'were'} placed directly under the project.`, `Project ${projectCode}`);

  const unknown = new Set<string>();
  return {
    nodes,
    rootId,
    ids: new Set(nodes.map((n) => n.id)),
    techniqueOf(wbsId: string): EvTechnique | undefined {
      const t = techniques.get(wbsId);
      if (typeof t !== 'string') return t;
      if (!unknown.has(t)) {
        unknown.add(t);
        log.add(`P6 earned-value setting "${t}" is not modelled; activities of WBS elements using it earn value by activity percent complete.`, `WBS ${wbsId}`, `ev-${t}`);
      }
      return undefined;
    },
  };
}
