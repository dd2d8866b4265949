/**
 * Budget revisions of the performance measurement baseline (PMB), applied to an analysis: approved
 * change requests (core/changes) add or remove budget on a control account over a span of time.
 * This module knows nothing of change requests; it only time-phases the deltas into PV and adds
 * them to BAC, at the project and on the breakdown node they name.
 *
 * A revision's amount is spread evenly over calendar time in [from, to) (the period it was entered
 * against), so it lands correctly on any period grid (weeks or months) and, for a later status date
 * inside that period, in the PV at the status date in proportion.
 *
 * EV and AC are never touched: a revision changes what is planned, never what was performed
 * (ANSI/EIA-748: no retroactive change to performance already recorded). The budget a revision
 * adds is work not yet done, so the bottom-up ETC grows by the same amount.
 */
import { tryToMinutes, type EpochMinutes, type LocalDateTime } from '../model/dates';
import { computeCostMeasures } from './measures';
import type { BreakdownKind, BreakdownNode, CostMeasures, EacMethod } from './types';

export interface BudgetRevision {
  /** The breakdown node (control account or WBS element) whose budget changes. */
  accountId: string;
  accountKind: BreakdownKind;
  /** As shown when the change was written, for messages when the node is not in this breakdown. */
  accountCode?: string;
  /** Start of the span (inclusive). */
  from: LocalDateTime;
  /** End of the span (exclusive): the start of the day after the period's last day. */
  to: LocalDateTime;
  /** Positive adds budget, negative removes it. */
  amount: number;
}

interface Span {
  from: EpochMinutes;
  to: EpochMinutes;
  amount: number;
}

function spanOf(r: BudgetRevision): Span | null {
  const from = tryToMinutes(r.from);
  const to = tryToMinutes(r.to);
  if (from === null || to === null || !Number.isFinite(r.amount)) return null;
  return { from, to: Math.max(to, from), amount: r.amount };
}

/** The part of a span planned by instant `t`: linear in calendar time (an empty span is planned whole at its instant). */
function plannedBy(s: Span, t: EpochMinutes): number {
  if (t >= s.to) return s.amount;
  if (t <= s.from) return 0;
  return (s.amount * (t - s.from)) / (s.to - s.from);
}

const spans = (revs: readonly BudgetRevision[]): Span[] => revs.flatMap((r) => spanOf(r) ?? []);

/** Cumulative revised budget planned by instant `t` (what the revisions add to PV at t). */
export function revisionPlannedBy(revs: readonly BudgetRevision[], t: EpochMinutes): number {
  let sum = 0;
  for (const s of spans(revs)) sum += plannedBy(s, t);
  return sum;
}

/** What the revisions add to BAC. */
export function revisionTotal(revs: readonly BudgetRevision[]): number {
  let sum = 0;
  for (const s of spans(revs)) sum += s.amount;
  return sum;
}

/** The earliest start and latest end of the revisions (epoch minutes); null when there are none. */
export function revisionExtent(revs: readonly BudgetRevision[]): { from: EpochMinutes; to: EpochMinutes } | null {
  const all = spans(revs);
  if (all.length === 0) return null;
  return { from: Math.min(...all.map((s) => s.from)), to: Math.max(...all.map((s) => s.to)) };
}

/** A cumulative PV curve at `ends` with the revisions added. */
export function reviseCurve(pv: ArrayLike<number>, ends: ArrayLike<number>, revs: readonly BudgetRevision[]): Float64Array {
  const out = Float64Array.from(pv);
  const all = spans(revs);
  for (let k = 0; k < out.length; k++) for (const s of all) out[k] += plannedBy(s, ends[k]);
  return out;
}

export interface ReviseOptions {
  eacMethod?: EacMethod;
  compositeWeight?: number;
  noActualsReason?: string;
}

function recompute(cost: CostMeasures, add: { pv: number; bac: number }, opts: ReviseOptions): CostMeasures {
  const etcBefore = cost.eac.bottomUp.inputs.ETC;
  return computeCostMeasures({
    pv: (cost.pv.value ?? 0) + add.pv,
    ev: cost.ev.value ?? 0,
    ac: opts.noActualsReason ? null : cost.ac.value,
    bac: (cost.bac.value ?? 0) + add.bac,
    bottomUpEtc: etcBefore === null || etcBefore === undefined ? null : etcBefore + add.bac,
    acMissingReason: opts.noActualsReason,
    eacMethod: opts.eacMethod,
    compositeWeight: opts.compositeWeight,
  });
}

/** The path from the root to the node `id` of `kind`, or null. */
function pathTo(root: BreakdownNode, id: string, kind: BreakdownKind): BreakdownNode[] | null {
  if (root.id === id && root.kind === kind) return [root];
  for (const c of root.children) {
    const p = pathTo(c, id, kind);
    if (p) return [root, ...p];
  }
  return null;
}

/**
 * The breakdown with each revision added to its node and every ancestor (the root takes them
 * all, so it matches the project's figures). `unplaced` are revisions whose node this breakdown
 * does not have (a control account's budget while the breakdown is by WBS): they count in the
 * root only, and the caller says so.
 */
export function reviseBreakdown(
  root: BreakdownNode,
  revs: readonly BudgetRevision[],
  dataDate: EpochMinutes,
  opts: ReviseOptions = {},
): { root: BreakdownNode; unplaced: BudgetRevision[] } {
  const add = new Map<BreakdownNode, { pv: number; bac: number }>();
  const bump = (n: BreakdownNode, pv: number, bac: number) => {
    const a = add.get(n) ?? { pv: 0, bac: 0 };
    a.pv += pv;
    a.bac += bac;
    add.set(n, a);
  };
  const unplaced: BudgetRevision[] = [];
  for (const r of revs) {
    const s = spanOf(r);
    if (!s) continue;
    const pv = plannedBy(s, dataDate);
    const path = root.kind === r.accountKind && root.id === r.accountId ? [root] : pathTo(root, r.accountId, r.accountKind);
    if (!path) {
      unplaced.push(r);
      bump(root, pv, s.amount);
    } else for (const n of path) bump(n, pv, s.amount);
  }
  const rebuild = (n: BreakdownNode): BreakdownNode => {
    const a = add.get(n);
    const children = n.children.map(rebuild);
    if (!a) return children.every((c, i) => c === n.children[i]) ? n : { ...n, children };
    return { ...n, cost: recompute(n.cost, a, opts), children };
  };
  return { root: rebuild(root), unplaced };
}
