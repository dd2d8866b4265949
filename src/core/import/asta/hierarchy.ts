/**
 * Powerproject's outline → WBS nodes and each activity's place in it.
 *
 * Powerproject hangs activities on bars (chart lines). A bar that has an EXPANDED_TASK row is a
 * summary group, and the bars whose EXPANDED_TASK column names that row sit inside it. MPXJ
 * (AstaReader.buildRowHierarchy) reads the same shape: top-level bars with no name or named
 * "Displaced Items" are dropped, a single top-level bar is the project itself (its children become
 * the top level), and a bar holding exactly one task or milestone is that activity, not a group.
 *
 * When the file also has Powerproject's own WBS (WBS_ENTRY, referenced by the activities' WBS
 * column), that is the WBS a cost engineer reports against, so it is used instead of the outline.
 */
import type { ImportWarning, WbsNode } from '../../model/schedule';
import { num, str, table, type AstaRow, type AstaTables } from './tables';

export interface Leaf {
  row: AstaRow;
  kind: 'task' | 'milestone';
  astaId: number;
  /** The bar's name, for an activity that has none of its own. */
  barName: string | null;
}

export interface Outline {
  wbs: WbsNode[];
  /** In outline order. */
  leaves: (Leaf & { wbsId: string | null })[];
  /** Asta bar / expanded-task id → the activity it stands for (a bar holding one activity). */
  aliases: Map<number, number>;
  /** Bars and groups (by Asta id) that are summaries, for the note on links to them. */
  summaries: Set<number>;
  /** The EXPANDED_TASK rows of the top-level groups, whose cumulative costs total the programme. */
  topGroups: AstaRow[];
}

interface BarNode {
  row: AstaRow;
  id: number;
  name: string | null;
  order: number;
  expandedId: number | null;
  bars: BarNode[];
  leaves: Leaf[];
}

const order = (r: AstaRow) => num(r, 'NATURAL_ORDER') ?? Number.MAX_SAFE_INTEGER;

export function readOutline(t: AstaTables, warnings: ImportWarning[]): Outline {
  const bars = new Map<number, BarNode>();
  for (const row of table(t, 'BAR')) {
    const id = num(row, 'BARID');
    if (id === null || bars.has(id)) continue;
    bars.set(id, { row, id, name: str(row, 'NAME'), order: order(row), expandedId: null, bars: [], leaves: [] });
  }
  const byExpanded = new Map<number, BarNode>();
  const expandedRows = new Map<BarNode, AstaRow>();
  for (const row of table(t, 'EXPANDED_TASK')) {
    const bar = bars.get(num(row, 'BAR') ?? NaN);
    const id = num(row, 'EXPANDED_TASKID');
    if (!bar || id === null) continue;
    bar.expandedId = id;
    bar.name ??= str(row, 'NAME');
    byExpanded.set(id, bar);
    expandedRows.set(bar, row);
  }
  const top: BarNode[] = [];
  for (const bar of bars.values()) {
    const parent = byExpanded.get(num(bar.row, 'EXPANDED_TASK') ?? NaN);
    if (parent && parent !== bar) parent.bars.push(bar);
    else top.push(bar);
  }
  const orphans: Leaf[] = [];
  const hammocks = table(t, 'HAMMOCK_TASK').length;
  for (const [name, kind, key] of [
    ['TASK', 'task', 'TASKID'],
    ['MILESTONE', 'milestone', 'MILESTONEID'],
  ] as const) {
    for (const row of table(t, name)) {
      const astaId = num(row, key);
      if (astaId === null) continue;
      const bar = bars.get(num(row, 'BAR') ?? NaN);
      const leaf: Leaf = { row, kind, astaId, barName: bar?.name ?? null };
      if (bar) bar.leaves.push(leaf);
      else orphans.push(leaf);
    }
  }
  if (hammocks) warnings.push({ message: `${hammocks} hammock task${hammocks === 1 ? ' was' : 's were'} left out: a hammock only spans other activities and carries no budget of its own.`, where: 'HAMMOCK_TASK' });

  let roots = top.filter((b) => b.name && b.name !== 'Displaced Items');
  // Leaves of dropped top-level bars ("Displaced Items", unnamed lines) are still activities: keep them at the top.
  for (const b of top) if (!roots.includes(b)) orphans.push(...collectLeaves(b));
  const topLeaves: Leaf[] = [];
  if (roots.length === 1 && (roots[0].bars.length > 0 || roots[0].leaves.length > 1)) {
    // One top-level group is the project itself, not a WBS element.
    topLeaves.push(...roots[0].leaves);
    roots = roots[0].bars;
  }

  const wbs: WbsNode[] = [];
  const leaves: Outline['leaves'] = [];
  const aliases = new Map<number, number>();
  const summaries = new Set<number>();
  const seen = new Set<BarNode>();
  const emitted = new Set<Leaf>();
  const place = (leaf: Leaf, wbsId: string | null) => {
    if (emitted.has(leaf)) return;
    emitted.add(leaf);
    leaves.push({ ...leaf, wbsId });
  };
  const bySiblingOrder = (a: BarNode, b: BarNode) => a.order - b.order || a.id - b.id;
  for (const leaf of topLeaves) place(leaf, null);
  // Depth-first without recursion: a damaged or hostile file may nest groups thousands deep.
  const counters = new Map<string | null, number>();
  const stack: { bar: BarNode; parentId: string | null; prefix: string }[] = [...roots]
    .sort(bySiblingOrder)
    .reverse()
    .map((bar) => ({ bar, parentId: null, prefix: '' }));
  while (stack.length) {
    const { bar, parentId, prefix } = stack.pop() as (typeof stack)[number];
    if (seen.has(bar)) continue; // a damaged file can make a group its own ancestor
    seen.add(bar);
    const sortedLeaves = [...bar.leaves].sort((a, b) => order(a.row) - order(b.row) || a.astaId - b.astaId);
    if (bar.bars.length === 0 && sortedLeaves.length === 1 && bar.expandedId === null) {
      place(sortedLeaves[0], parentId);
      aliases.set(bar.id, sortedLeaves[0].astaId);
      continue;
    }
    if (bar.bars.length === 0 && sortedLeaves.length === 0) continue; // an empty line of the chart
    const n = (counters.get(parentId) ?? 0) + 1;
    counters.set(parentId, n);
    // Outline codes grow with depth; past a few hundred characters (no real programme) a group is
    // coded by its Asta id so that a hostile file cannot make the codes quadratic in size.
    const code = prefix.length > 400 ? `G${bar.id}` : prefix ? `${prefix}.${n}` : String(n);
    const id = `bar-${bar.id}`;
    wbs.push({ id, parentId, code, name: bar.name ?? `Summary ${bar.id}`, sequence: n });
    summaries.add(bar.id);
    if (bar.expandedId !== null) summaries.add(bar.expandedId);
    for (const leaf of sortedLeaves) place(leaf, id);
    for (const child of [...bar.bars].sort(bySiblingOrder).reverse()) stack.push({ bar: child, parentId: id, prefix: code });
  }
  for (const leaf of orphans) place(leaf, null);
  // Groups inside each other in a loop are reachable from no top-level group: keep their activities.
  let lost = 0;
  for (const bar of bars.values()) {
    for (const leaf of bar.leaves) {
      if (!emitted.has(leaf)) {
        place(leaf, null);
        lost++;
      }
    }
  }
  if (lost) warnings.push({ message: `${lost} activit${lost === 1 ? 'y sits' : 'ies sit'} in summary groups that contain each other in a loop; ${lost === 1 ? 'it is' : 'they are'} placed at the top of the WBS.`, where: 'EXPANDED_TASK' });

  const topGroups = top.flatMap((b): AstaRow[] => { const r = expandedRows.get(b); return r ? [r] : []; });
  return useWbsEntries(t, { wbs, leaves, aliases, summaries, topGroups });
}

function collectLeaves(root: BarNode): Leaf[] {
  const out: Leaf[] = [];
  const seen = new Set<BarNode>();
  const stack = [root];
  while (stack.length) {
    const bar = stack.pop() as BarNode;
    if (seen.has(bar)) continue;
    seen.add(bar);
    out.push(...bar.leaves);
    stack.push(...bar.bars);
  }
  return out;
}

/** Replaces the outline with WBS_ENTRY when most activities point into it. */
function useWbsEntries(t: AstaTables, outline: Outline): Outline {
  const entries = new Map<number, AstaRow>();
  for (const r of table(t, 'WBS_ENTRY')) {
    const id = num(r, 'WBS_ENTRYID');
    if (id !== null) entries.set(id, r);
  }
  if (!entries.size) return outline;
  const linked = outline.leaves.filter((l) => entries.has(num(l.row, 'WBS') ?? NaN)).length;
  if (linked === 0 || linked * 2 < outline.leaves.length) return outline;
  const wbs: WbsNode[] = [];
  const ids = new Map<number, string>();
  const sorted = [...entries.entries()].sort(([a, ra], [b, rb]) => (num(ra, 'NATURAP_ORDER') ?? 0) - (num(rb, 'NATURAP_ORDER') ?? 0) || a - b);
  for (const [id] of sorted) ids.set(id, `wbs-${id}`);
  let seq = 0;
  for (const [id, r] of sorted) {
    let parent = num(r, 'WBS_ENTRY');
    // A parent that is missing, itself, or part of a loop makes the entry a top-level one.
    const chain = new Set([id]);
    for (let p = parent; p !== null && entries.has(p); p = num(entries.get(p) ?? {}, 'WBS_ENTRY')) {
      if (chain.has(p)) {
        parent = null;
        break;
      }
      chain.add(p);
    }
    wbs.push({ id: `wbs-${id}`, parentId: parent !== null && ids.has(parent) ? `wbs-${parent}` : null, code: str(r, 'WBT_CODE') ?? String(id), name: str(r, 'WBT_NAME') ?? str(r, 'WBT_CODE') ?? `WBS ${id}`, sequence: ++seq });
  }
  const leaves = outline.leaves.map((l) => ({ ...l, wbsId: ids.get(num(l.row, 'WBS') ?? NaN) ?? null }));
  return { ...outline, wbs, leaves };
}
