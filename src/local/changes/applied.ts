/**
 * The approved changes a dashboard applies (issue 14): read from the project's database, turned
 * into budget revisions of the PMB (core/changes), with a key that the dashboard's cache key
 * carries, so approving, rejecting or re-deciding a change (here or on a teammate's device) is
 * never answered from a cached analysis of the old PMB.
 */
import { budgetRevisions, inPmbAt, revisionsKey } from '../../core/changes/revisions';
import { revisionTotal, type BudgetRevision } from '../../core/evm/revisions';
import type { AppliedChanges } from '../contracts';
import { hashText } from '../store/ids';
import type { Db } from '../sync/db';
import { coreOf } from './docs';
import { listChangeViews } from './log';

export interface ApprovedRevisions {
  revisions: BudgetRevision[];
  /** Null when no approved change is in the figures. */
  applied: AppliedChanges | null;
  /** '' when none; else a fingerprint of what is applied. */
  key: string;
}

/** The approved changes of a project in the PMB at status date `asOf` (all approved ones when absent). */
export async function approvedRevisions(db: Db, projectId: string, asOf?: string | null): Promise<ApprovedRevisions> {
  const approved = (await listChangeViews({ db }, projectId)).filter((v) => v.status === 'approved').map(coreOf);
  if (approved.length === 0) return { revisions: [], applied: null, key: '' };
  const included = approved.filter((c) => inPmbAt(c, asOf));
  const revisions = budgetRevisions(included);
  const numbers = included.map((c) => c.number).sort();
  const applied = { numbers, bacChange: revisionTotal(revisions), later: approved.length - included.length };
  return { revisions, applied: included.length || applied.later ? applied : null, key: hashText(`${numbers.join(',')}#${revisionsKey(revisions)}`) };
}
