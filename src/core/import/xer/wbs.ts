/**
 * PROJWBS → the WBS tree of each built project: the project node (proj_node_flag Y) is the root;
 * codes are full paths as P6 shows them (PROJ.AREA.CA…); siblings in seq_num order; elements
 * whose parent is outside their project (or in a loop) hang off the root. Each element also
 * carries P6's earned-value setting (ev_compute_type) for its activities.
 */
import type { EvTechnique, WbsNode } from '../../model/schedule';
import { EV_FIXED_SHARE } from './p6codes';
import { PERCENT, building, colsOf, noteProblems, plural, type BuildContext, type ProjectInfo } from './kit';

export interface WbsEntry {
  node: WbsNode;
  project: ProjectInfo;
  technique: EvTechnique;
}

/** Fills each built project's `wbs`, `rootWbsId` and name; returns wbs key → entry. */
export function readWbs(ctx: BuildContext, projects: ProjectInfo[], projectByKey: Map<number, ProjectInfo>): Map<number, WbsEntry> {
  const wbsByKey = new Map<number, WbsEntry>();
  const unknownTechniques = new Set<string>();
  const wbsT = ctx.src.get('PROJWBS');
  if (wbsT) {
    const c = colsOf(wbsT, ['wbs_id', 'proj_id', 'parent_wbs_id', 'seq_num', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'ev_compute_type']);
    const parents = new Map<number, number>();
    const shortName = new Map<number, string>();
    for (let r = 0; r < wbsT.rowCount; r++) {
      const p = projectByKey.get(ctx.keys.of(wbsT, r, c.proj_id));
      if (!building(p)) continue;
      const key = ctx.keys.of(wbsT, r, c.wbs_id);
      if (key === -1 || wbsByKey.has(key)) continue;
      const isRoot = wbsT.is(r, c.proj_node_flag, 'Y');
      const seq = wbsT.num(r, c.seq_num);
      const node: WbsNode = { id: wbsT.str(r, c.wbs_id).trim(), parentId: null, code: '', name: wbsT.str(r, c.wbs_name) };
      if (seq === seq) node.sequence = seq;
      const ev = wbsT.str(r, c.ev_compute_type);
      let technique = PERCENT;
      if (ev in EV_FIXED_SHARE) technique = { kind: 'fixed', startShare: EV_FIXED_SHARE[ev] };
      else if (ev && ev !== 'EC_Cmp_pct') unknownTechniques.add(ev);
      wbsByKey.set(key, { node, project: p, technique });
      shortName.set(key, wbsT.str(r, c.wbs_short_name));
      parents.set(key, isRoot ? -1 : ctx.keys.of(wbsT, r, c.parent_wbs_id));
      if (isRoot && !p.rootWbsId) {
        p.rootWbsId = node.id;
        if (node.name) p.name = node.name;
      }
    }
    noteProblems(wbsT, ctx.warnings);
    ctx.src.release('PROJWBS');
    // Parents, full codes (P6 shows PROJ.AREA.CA…), and tree order by seq_num.
    const children = new Map<string, { node: WbsNode; key: number }[]>();
    let orphans = 0;
    for (const [key, w] of wbsByKey) {
      const pk = parents.get(key) ?? -1;
      const parent = pk === -1 ? undefined : wbsByKey.get(pk);
      if (w.node.id === w.project.rootWbsId) continue;
      if (parent && parent.project === w.project) w.node.parentId = parent.node.id;
      else {
        w.node.parentId = null; // attached under the project root below
        orphans++;
      }
    }
    for (const p of projects) if (building(p) && !p.rootWbsId) p.rootWbsId = `${p.id}:root`;
    for (const [, w] of wbsByKey) {
      if (w.node.id === w.project.rootWbsId) continue;
      if (w.node.parentId === null) w.node.parentId = w.project.rootWbsId;
      const list = children.get(w.node.parentId);
      if (list) list.push({ node: w.node, key: 0 });
      else children.set(w.node.parentId, [{ node: w.node, key: 0 }]);
    }
    const shortOf = new Map<string, string>();
    for (const [key, w] of wbsByKey) shortOf.set(w.node.id, shortName.get(key) ?? '');
    for (const p of projects) {
      if (!building(p)) continue;
      const rootEntry = [...wbsByKey.values()].find((w) => w.node.id === p.rootWbsId && w.project === p);
      const root: WbsNode = rootEntry?.node ?? { id: p.rootWbsId, parentId: null, code: p.code, name: p.name, sequence: 0 };
      root.code = shortOf.get(root.id) || p.code;
      if (!root.name) root.name = p.name;
      const out: WbsNode[] = [root];
      const seen = new Set<string>([root.id]);
      const walk = (parent: WbsNode) => {
        const kids = children.get(parent.id);
        if (!kids) return;
        kids.sort((a, b) => (a.node.sequence ?? 0) - (b.node.sequence ?? 0));
        for (const { node } of kids) {
          if (seen.has(node.id)) continue;
          seen.add(node.id);
          const short = shortOf.get(node.id) || node.id;
          node.code = `${parent.code}.${short}`;
          out.push(node);
          walk(node);
        }
      };
      walk(root);
      p.wbs = out;
    }
    // Anything not reached (a cycle) hangs off its project root.
    for (const [, w] of wbsByKey) {
      if (!w.node.code) {
        w.node.parentId = w.project.rootWbsId;
        w.node.code = `${w.project.code}.${shortOf.get(w.node.id) || w.node.id}`;
        w.project.wbs.push(w.node);
        orphans++;
      }
    }
    if (orphans) ctx.warnings.push({ message: `${plural(orphans, 'WBS element')} had a parent outside their project (or in a loop) and were placed directly under the project.`, where: 'PROJWBS' });
  }
  for (const p of projects) {
    if (!building(p)) continue;
    if (!p.rootWbsId) p.rootWbsId = `${p.id}:root`;
    if (p.wbs.length === 0) p.wbs = [{ id: p.rootWbsId, parentId: null, code: p.code, name: p.name, sequence: 0 }];
  }
  if (unknownTechniques.size) {
    ctx.warnings.push({ message: `P6 earned-value setting${unknownTechniques.size > 1 ? 's' : ''} ${[...unknownTechniques].join(', ')} ${unknownTechniques.size > 1 ? 'are' : 'is'} not modelled; those WBS elements earn value by activity percent complete.`, where: 'PROJWBS.ev_compute_type' });
  }
  return wbsByKey;
}
