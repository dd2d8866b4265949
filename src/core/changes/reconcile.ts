/**
 * The contract budget base reconciliation a cost engineer checks each period (the "CBB log"):
 *
 *   CBB = PMB + MR        PMB = distributed budget + UB
 *
 * starting from the schedule's budget (distributed, before any change), the management reserve and
 * the undistributed budget the user entered, then each approved change in the order approved:
 *   scope            distributed += Σ lines          CBB += Σ lines
 *   re-plan          distributed += Σ lines (= 0)    nothing else
 *   MR draw          distributed += Σ lines          MR −= Σ lines
 *   UB distribution  distributed += Σ lines          UB −= Σ lines
 * so CBB changes only with scope, and both identities hold at every step by construction; the
 * check that matters is that MR and UB never go below zero.
 */
import { CHANGE_TYPE_LABELS, type ChangeCore, type ChangeType, type ReserveBase } from './types';

export interface BudgetPosition {
  distributed: number;
  ub: number;
  mr: number;
  /** distributed + UB. */
  pmb: number;
  /** PMB + MR. */
  cbb: number;
}

export interface ReconciliationStep {
  number: string;
  title: string;
  type: ChangeType;
  typeLabel: string;
  /** What the change moved: into control accounts, out of UB, out of MR, onto the CBB. */
  distributed: number;
  ub: number;
  mr: number;
  cbb: number;
  after: BudgetPosition;
}

export interface Reconciliation {
  start: BudgetPosition;
  steps: ReconciliationStep[];
  current: BudgetPosition;
  /** MR or UB overdrawn, with what to do. */
  problems: string[];
}

const position = (distributed: number, ub: number, mr: number): BudgetPosition => ({ distributed, ub, mr, pmb: distributed + ub, cbb: distributed + ub + mr });

const byDecision = (a: ChangeCore, b: ChangeCore) => ((a.decidedAt ?? '') < (b.decidedAt ?? '') ? -1 : (a.decidedAt ?? '') > (b.decidedAt ?? '') ? 1 : a.number < b.number ? -1 : 1);

/** `distributedBefore`: the schedule's own budget (BAC before any change). */
export function reconcile(distributedBefore: number, base: ReserveBase, changes: readonly ChangeCore[]): Reconciliation {
  const start = position(distributedBefore, base.undistributedBudget, base.managementReserve);
  let { distributed, ub, mr } = start;
  const steps: ReconciliationStep[] = [];
  for (const c of changes.filter((x) => x.status === 'approved').sort(byDecision)) {
    const total = c.lines.reduce((s, l) => s + (Number.isFinite(l.amount) ? l.amount : 0), 0);
    const move = { distributed: total, ub: c.type === 'ub-distribution' ? -total : 0, mr: c.type === 'mr-draw' ? -total : 0, cbb: c.type === 'scope' || c.type === 'replan' ? total : 0 };
    distributed += move.distributed;
    ub += move.ub;
    mr += move.mr;
    steps.push({ number: c.number, title: c.title, type: c.type, typeLabel: CHANGE_TYPE_LABELS[c.type], ...move, after: position(distributed, ub, mr) });
  }
  const current = position(distributed, ub, mr);
  const money = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  const problems: string[] = [];
  if (current.mr < -1e-3) problems.push(`Management reserve is overdrawn by ${money(-current.mr)}: approved draws exceed the reserve entered. Check the starting reserve, or record a scope change that funds it.`);
  if (current.ub < -1e-3) problems.push(`Undistributed budget is overdrawn by ${money(-current.ub)}: approved distributions exceed the undistributed budget entered. Check the starting figure.`);
  return { start, steps, current, problems };
}

/** What is left to draw on before a change is approved. */
export function available(distributedBefore: number, base: ReserveBase, changes: readonly ChangeCore[]): { mr: number; ub: number } {
  const r = reconcile(distributedBefore, base, changes);
  return { mr: r.current.mr, ub: r.current.ub };
}
