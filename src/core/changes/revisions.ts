/**
 * From approved change requests to budget revisions of the PMB (evm/revisions.ts applies those to
 * an analysis). Pure: the same changes give the same revisions, in the same order, on every device.
 */
import type { BudgetRevision } from '../evm/revisions';
import type { ChangeCore, ChangeLine } from './types';

/** The day after a YYYY-MM-DD day: a line's last day is inclusive, a revision's end exclusive. */
export function dayAfter(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Is the change part of the PMB at a status date? Approved, and approved at or before that date:
 * re-analysing the project at an earlier status shows the PMB as it stood then.
 */
export function inPmbAt(c: Pick<ChangeCore, 'status' | 'approvedStatusDate'>, asOf?: string | null): boolean {
  if (c.status !== 'approved') return false;
  if (!asOf || !c.approvedStatusDate) return true;
  return c.approvedStatusDate.slice(0, 10) <= asOf.slice(0, 10);
}

const keyOf = (l: ChangeLine) => `${l.account.kind}\u0000${l.account.id}\u0000${l.from}\u0000${l.to}`;

/**
 * The budget revisions that the approved changes make, per control account and period (lines on
 * the same account and span summed; nets of zero dropped). `asOf`: only changes approved at or
 * before this status date.
 */
export function budgetRevisions(changes: readonly ChangeCore[], asOf?: string | null): BudgetRevision[] {
  const sums = new Map<string, BudgetRevision>();
  for (const c of changes) {
    if (!inPmbAt(c, asOf)) continue;
    for (const l of c.lines) {
      if (!Number.isFinite(l.amount)) continue;
      const k = keyOf(l);
      const r = sums.get(k);
      if (r) r.amount += l.amount;
      else sums.set(k, { accountId: l.account.id, accountKind: l.account.kind, accountCode: l.account.code, from: l.from, to: dayAfter(l.to), amount: l.amount });
    }
  }
  return [...sums.values()]
    .filter((r) => r.amount !== 0)
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** Per control account (by code, else id), per period start: the summed deltas, for tables. */
export function deltasByAccount(revs: readonly BudgetRevision[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of revs) {
    const k = r.accountCode || r.accountId;
    const m = out.get(k) ?? new Map<string, number>();
    m.set(r.from, (m.get(r.from) ?? 0) + r.amount);
    out.set(k, m);
  }
  return out;
}

/** A short, stable fingerprint of the revisions (the dashboard's cache key changes with them). */
export function revisionsKey(revs: readonly BudgetRevision[]): string {
  return revs.map((r) => `${r.accountKind}:${r.accountId}:${r.from}:${r.to}:${r.amount}`).join('|');
}
