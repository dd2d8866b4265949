/**
 * Roll-ups: the measures of every WBS element, control account or activity-code value, from the
 * per-activity PV, EV, AC, BAC and bottom-up ETC at the status date. Sums are exact (no rounding),
 * so each node's PV/EV/AC/BAC equals the sum of its children's plus its own activities'.
 */
import type { ColumnarActivities } from '../model/columnar';
import type { CodeType } from '../model/schedule';
import { computeCostMeasures } from './measures';
import type { BreakdownKind, BreakdownNode, EacMethod } from './types';

export type BreakdownBy = 'wbs' | 'control-account' | { codeTypeId: string };

/** Per-activity figures at the status date, in the measure basis. */
export interface ActivityFigures {
  pv: Float64Array;
  ev: Float64Array;
  ac: Float64Array;
  bac: Float64Array;
  etc: Float64Array;
}

export interface RollUpOptions {
  project: { id: string; name: string; code?: string };
  eacMethod?: EacMethod;
  compositeWeight?: number;
  /** Set when the schedule records no actuals: every node's AC is then null with this reason. */
  noActualsReason?: string;
  /** For code roll-ups: each activity's code values and the dictionary. */
  activityCodes?: Record<string, string>[];
  codeTypes?: CodeType[];
}

interface Acc {
  id: string;
  code: string;
  name: string;
  kind: BreakdownKind;
  pv: number;
  ev: number;
  ac: number;
  bac: number;
  etc: number;
  count: number;
  children: Acc[];
  sequence: number;
}

const newAcc = (id: string, code: string, name: string, kind: BreakdownKind, sequence = 0): Acc => ({
  id, code, name, kind, pv: 0, ev: 0, ac: 0, bac: 0, etc: 0, count: 0, children: [], sequence,
});

function addActivity(a: Acc, f: ActivityFigures, i: number): void {
  a.pv += f.pv[i];
  a.ev += f.ev[i];
  a.ac += f.ac[i];
  a.bac += f.bac[i];
  a.etc += f.etc[i];
  a.count++;
}

/** Adds a child node's sums into its parent. */
function addNode(into: Acc, from: Acc): void {
  into.pv += from.pv;
  into.ev += from.ev;
  into.ac += from.ac;
  into.bac += from.bac;
  into.etc += from.etc;
  into.count += from.count;
}

export function rollUp(c: ColumnarActivities, f: ActivityFigures, by: BreakdownBy, opts: RollUpOptions): BreakdownNode {
  const root = newAcc(opts.project.id, opts.project.code ?? opts.project.id, opts.project.name, 'project');
  if (by === 'wbs') rollUpWbs(c, f, root);
  else if (by === 'control-account') {
    flatGroups(c, f, root, 'control-account', (i) => {
      const k = c.controlAccountIndex[i];
      return k < 0 ? null : { id: c.controlAccounts[k], code: c.controlAccounts[k], name: c.controlAccountNames[k] };
    }, '(no control account)');
  } else {
    const type = opts.codeTypes?.find((t) => t.id === by.codeTypeId);
    if (!type) throw new RangeError(`No activity code type "${by.codeTypeId}" in this schedule.`);
    flatGroups(c, f, root, 'code', (i) => {
      const v = opts.activityCodes?.[i]?.[type.id];
      if (v === undefined) return null;
      const entry = type.values[v];
      return { id: v, code: entry?.code ?? v, name: entry?.description ?? entry?.code ?? v };
    }, `(no ${type.name})`);
  }
  return finish(root, opts);
}

function rollUpWbs(c: ColumnarActivities, f: ActivityFigures, root: Acc): void {
  const nodes = c.wbs.map((w, i) => newAcc(w.id, w.code, w.name, 'wbs', w.sequence ?? i));
  const index = new Map(c.wbs.map((w, i) => [w.id, i]));
  // Parent of each element; an element in a cycle or with an unknown parent hangs off the root.
  const parent = c.wbs.map((w) => (w.parentId === null ? -1 : (index.get(w.parentId) ?? -1)));
  for (let i = 0; i < parent.length; i++) {
    let j = parent[i];
    let steps = 0;
    while (j >= 0 && steps++ <= parent.length) j = parent[j];
    if (steps > parent.length) parent[i] = -1;
  }
  // Activities into their own element.
  let orphan: Acc | null = null;
  for (let i = 0; i < c.count; i++) {
    const w = c.wbsIndex[i];
    if (w >= 0) addActivity(nodes[w], f, i);
    else {
      orphan ??= newAcc('(no-wbs)', '—', '(no WBS)', 'wbs', Number.MAX_SAFE_INTEGER);
      addActivity(orphan, f, i);
    }
  }
  // Children lists, then sums bottom-up (post-order, iterative to survive deep trees).
  for (let i = 0; i < nodes.length; i++) (parent[i] >= 0 ? nodes[parent[i]] : root).children.push(nodes[i]);
  if (orphan) root.children.push(orphan);
  sumUp(root);
  prune(root);
}

function flatGroups(
  c: ColumnarActivities,
  f: ActivityFigures,
  root: Acc,
  kind: BreakdownKind,
  keyOf: (i: number) => { id: string; code: string; name: string } | null,
  noneName: string,
): void {
  const groups = new Map<string, Acc>();
  for (let i = 0; i < c.count; i++) {
    const k = keyOf(i) ?? { id: '(none)', code: '—', name: noneName };
    let g = groups.get(k.id);
    if (!g) {
      g = newAcc(k.id, k.code, k.name, kind, k.id === '(none)' ? Number.MAX_SAFE_INTEGER : groups.size);
      groups.set(k.id, g);
    }
    addActivity(g, f, i);
  }
  root.children = [...groups.values()];
  for (const g of root.children) addNode(root, g);
}

function sumUp(root: Acc): void {
  const order: Acc[] = [];
  const stack: Acc[] = [root];
  while (stack.length) {
    const a = stack.pop() as Acc;
    order.push(a);
    for (const ch of a.children) stack.push(ch);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const a = order[i];
    for (const ch of a.children) addNode(a, ch);
  }
}

/** Drops WBS branches that hold no activities, so the tree shows only what carries figures. */
function prune(a: Acc): void {
  a.children = a.children.filter((ch) => ch.count > 0);
  for (const ch of a.children) prune(ch);
}

// One collator for all comparisons: localeCompare with options builds a new one on every call.
const byCode = new Intl.Collator('en', { numeric: true }).compare;

function finish(a: Acc, opts: RollUpOptions): BreakdownNode {
  const children = [...a.children]
    .sort((x, y) => x.sequence - y.sequence || byCode(x.code, y.code))
    .map((ch) => finish(ch, opts));
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    kind: a.kind,
    activityCount: a.count,
    cost: computeCostMeasures({
      pv: a.pv,
      ev: a.ev,
      ac: opts.noActualsReason ? null : a.ac,
      bac: a.bac,
      bottomUpEtc: a.etc,
      acMissingReason: opts.noActualsReason,
      eacMethod: opts.eacMethod,
      compositeWeight: opts.compositeWeight,
    }),
    children,
  };
}
