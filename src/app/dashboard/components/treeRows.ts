/**
 * The breakdown tree as the rows a table shows: only the children of expanded nodes are visited,
 * so a tree of 100,000 nodes with its top levels open costs what the open rows cost. Iterative
 * (no recursion), so a deep tree cannot overflow the stack. Pure, for testing without a DOM.
 */
import type { BreakdownNode } from '../../../core/evm/types';

export interface TreeRow {
  node: BreakdownNode;
  /** 1 for the root's children (the table's top level), 2 for theirs, … (aria-level). */
  level: number;
  hasChildren: boolean;
  expanded: boolean;
  /** 1-based position among its siblings, and how many siblings there are (aria-posinset / aria-setsize). */
  posInSet: number;
  setSize: number;
}

export interface VisibleRows {
  rows: TreeRow[];
  /** How many visible rows were left out because of `limit`. */
  hidden: number;
}

/**
 * The rows under `root` in display order (depth first, siblings as given): every child of the
 * root, and the children of every expanded node. The root itself is not a row (the table shows
 * it as the total). At most `limit` rows are returned; `hidden` counts the rest.
 */
export function visibleRows(root: BreakdownNode, expanded: ReadonlySet<string>, limit = Number.POSITIVE_INFINITY, order?: SiblingOrder): VisibleRows {
  const rows: TreeRow[] = [];
  let hidden = 0;
  const arrange = order ?? ((list: BreakdownNode[]) => list);
  // Stack of [siblings, next index, level]; the top frame is the list being walked.
  const stack: { list: BreakdownNode[]; i: number; level: number }[] = [{ list: arrange(root.children), i: 0, level: 1 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.i >= top.list.length) {
      stack.pop();
      continue;
    }
    const node = top.list[top.i];
    top.i++;
    const hasChildren = node.children.length > 0;
    const isOpen = hasChildren && expanded.has(node.id);
    if (rows.length < limit) {
      rows.push({ node, level: top.level, hasChildren, expanded: isOpen, posInSet: top.i, setSize: top.list.length });
    } else {
      hidden++;
    }
    if (isOpen) stack.push({ list: arrange(node.children), i: 0, level: top.level + 1 });
  }
  return { rows, hidden };
}

/**
 * How siblings are ordered when the table is sorted: a tree sorts within each parent, so a WBS
 * element's children stay under it (as P6 sorts within WBS bands).
 */
export type SiblingOrder = (siblings: BreakdownNode[]) => BreakdownNode[];

/** Every node under `root` (not the root) depth first, siblings in `order`, with its level: the whole tree, for the CSV. */
export function allRows(root: BreakdownNode, order?: SiblingOrder): { node: BreakdownNode; level: number }[] {
  const out: { node: BreakdownNode; level: number }[] = [];
  const arrange = order ?? ((list: BreakdownNode[]) => list);
  const stack: { node: BreakdownNode; level: number }[] = arrange(root.children)
    .slice()
    .reverse()
    .map((node) => ({ node, level: 1 }));
  while (stack.length) {
    const top = stack.pop()!;
    out.push(top);
    const kids = arrange(top.node.children);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], level: top.level + 1 });
  }
  return out;
}

/** Ids of the nodes with children down to `levels` levels below the root (1 = the top level). */
export function expandedToLevel(root: BreakdownNode, levels: number): Set<string> {
  const out = new Set<string>();
  if (levels < 1) return out;
  const stack: { node: BreakdownNode; level: number }[] = root.children.map((node) => ({ node, level: 1 }));
  while (stack.length) {
    const { node, level } = stack.pop()!;
    if (node.children.length === 0) continue;
    out.add(node.id);
    if (level < levels) for (const c of node.children) stack.push({ node: c, level: level + 1 });
  }
  return out;
}

/** Ids of every node with children ("Expand all"). */
export function allExpandable(root: BreakdownNode): Set<string> {
  return expandedToLevel(root, Number.POSITIVE_INFINITY);
}

/** A copy of `set` with `id` added or removed. */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
