/**
 * Change control (issue 14): the change requests of a project as the core sees them. Storage
 * (src/local/changes) turns its documents into these; the rules (transitions.ts), the budget
 * revisions (revisions.ts) and the reconciliation (reconcile.ts) work on them alone.
 *
 * Budget terms (ANSI/EIA-748, DoD EVMIG):
 *   CBB (contract budget base) = PMB + MR (management reserve)
 *   PMB (performance measurement baseline) = distributed budget (control accounts) + UB (undistributed budget)
 * Earnest measures BAC as the distributed budget, the budget that can be earned: UB is not
 * time-phased, so it is in neither PV nor BAC until a change distributes it to control accounts.
 */
import type { BreakdownKind } from '../evm/types';

export const CHANGE_TYPES = ['scope', 'replan', 'mr-draw', 'ub-distribution'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const CHANGE_TYPE_LABELS: Readonly<Record<ChangeType, string>> = {
  scope: 'Scope change',
  replan: 'Re-plan',
  'mr-draw': 'Contingency / management reserve draw',
  'ub-distribution': 'Undistributed budget distribution',
};

/** What each type does to the budgets, in a sentence the form shows. */
export const CHANGE_TYPE_NOTES: Readonly<Record<ChangeType, string>> = {
  scope: 'A contract change: its lines add budget to (or take it from) control accounts, and the contract budget base moves by the same amount.',
  replan: 'Moves budget between control accounts or periods inside the PMB: its lines must add up to zero.',
  'mr-draw': 'Moves budget from management reserve into control accounts: the PMB grows, the contract budget base does not.',
  'ub-distribution': 'Moves undistributed budget into control accounts: the PMB and the contract budget base do not change.',
};

export const CHANGE_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** The breakdown node a budget line changes, as it was picked from the project's breakdown. */
export interface ChangeAccount {
  id: string;
  kind: BreakdownKind;
  code: string;
  name: string;
}

/** One line of a change's effect on the budget: an amount on a control account over one period. */
export interface ChangeLine {
  account: ChangeAccount;
  /** First day of the budget's span (YYYY-MM-DD). */
  from: string;
  /** Last day of the span, inclusive (YYYY-MM-DD). */
  to: string;
  /** The period's label as the project showed it ("Jun 2026"). */
  period: string;
  /** Positive adds budget, negative removes it. */
  amount: number;
}

/** What the budget rules need of a change. */
export interface ChangeCore {
  /** CR-001, for messages. */
  number: string;
  title: string;
  type: ChangeType;
  status: ChangeStatus;
  lines: readonly ChangeLine[];
  /** The status date the change was approved at (YYYY-MM-DD…); set with approval. */
  approvedStatusDate?: string | null;
  /** When it was approved (ISO instant), which orders the reconciliation. */
  decidedAt?: string | null;
}

/** The starting management reserve and undistributed budget the user entered for the project. */
export interface ReserveBase {
  managementReserve: number;
  undistributedBudget: number;
}
