/**
 * Which status changes a change request may make, and what must hold first. A change is written
 * while it is a draft; submitting makes it pending (waiting for a decision); a pending change is
 * approved or rejected, or withdrawn to draft to be changed; a rejected change may be reopened as
 * a draft. An approved change is part of the PMB and is final: a correction is a new change, so
 * the log keeps what was approved when.
 */
import { tryToMinutes } from '../model/dates';
import { CHANGE_TYPE_LABELS, type ChangeCore, type ChangeStatus } from './types';

const NEXT: Readonly<Record<ChangeStatus, readonly ChangeStatus[]>> = {
  draft: ['pending'],
  pending: ['approved', 'rejected', 'draft'],
  rejected: ['draft'],
  approved: [],
};

const VERB: Readonly<Record<ChangeStatus, string>> = { draft: 'return to draft', pending: 'submit', approved: 'approve', rejected: 'reject' };

export function canMove(from: ChangeStatus, to: ChangeStatus): boolean {
  return NEXT[from].includes(to);
}

/** Why `from` → `to` is not a valid transition, or null when it is. */
export function transitionProblem(c: Pick<ChangeCore, 'number' | 'status'>, to: ChangeStatus): string | null {
  if (canMove(c.status, to)) return null;
  if (c.status === 'approved') return `${c.number} is approved, so it is part of the PMB and can no longer change. To revise it, raise a new change.`;
  if (c.status === to) return `${c.number} is already ${to}.`;
  const can = NEXT[c.status].map((s) => VERB[s]);
  return `${c.number} is ${c.status}: you cannot ${VERB[to]} it from there. A ${c.status} change can ${can.join(' or ')}.`;
}

/** Only a draft is edited: a pending change is withdrawn to draft first, so nobody approves a moving target. */
export function editProblem(c: Pick<ChangeCore, 'number' | 'status'>): string | null {
  if (c.status === 'draft') return null;
  if (c.status === 'approved') return `${c.number} is approved, so it is part of the PMB and can no longer change. To revise it, raise a new change.`;
  return `${c.number} is ${c.status}: return it to draft before changing it, then submit it again.`;
}

const money = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
const sumOf = (c: Pick<ChangeCore, 'lines'>) => c.lines.reduce((s, l) => s + l.amount, 0);
/** Sums within a thousandth of a currency unit are equal (floating-point entry of pence). */
const EPS = 1e-3;

/** The earliest day a budget line may start at a status date: the day itself at midnight, else the next day. */
export function earliestLineDay(statusDate: string): string | null {
  const t = tryToMinutes(statusDate);
  if (t === null) return null;
  const day = statusDate.slice(0, 10);
  if (t === tryToMinutes(day)) return day;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Problems that stop a change being submitted (a complete, consistent request). */
export function submitProblems(c: ChangeCore): string[] {
  const out: string[] = [];
  if (!c.title.trim()) out.push(`${c.number} has no title: say in a few words what changes.`);
  if (c.lines.length === 0) out.push(`${c.number} has no budget lines: add at least one control account, period and amount.`);
  c.lines.forEach((l, i) => {
    if (!(Math.abs(l.amount) > EPS)) out.push(`Line ${i + 1} of ${c.number} (${l.account.code || l.account.name}, ${l.period}) has no amount: enter the budget it adds (or a negative amount it removes), or delete the line.`);
  });
  const total = sumOf(c);
  if (c.type === 'replan' && Math.abs(total) > EPS)
    out.push(`${c.number} is a re-plan, which moves budget inside the PMB, so its lines must add up to zero; they add up to ${money(total)}. Balance them, or make it a scope change or a management reserve draw.`);
  if ((c.type === 'mr-draw' || c.type === 'ub-distribution') && !(total > EPS))
    out.push(`${c.number} is ${c.type === 'mr-draw' ? 'a management reserve draw' : 'an undistributed budget distribution'}, which moves budget into control accounts, so its lines must add up to more than zero; they add up to ${money(total)}.`);
  return out;
}

/**
 * Problems that stop a change being approved at `statusDate` with the reserves still available.
 * No line may put budget before the status date: ANSI/EIA-748 does not allow retroactive changes
 * to performance already recorded, and budget there would change past PV (and SV, SPI).
 */
export function approveProblems(c: ChangeCore, ctx: { statusDate: string | null; mrAvailable: number; ubAvailable: number }): string[] {
  const out = submitProblems(c);
  if (ctx.statusDate === null) {
    out.push(`${c.number} cannot be approved before the project has a status date: import a status first, so Earnest knows which periods are already recorded.`);
    return out;
  }
  const earliest = earliestLineDay(ctx.statusDate);
  c.lines.forEach((l, i) => {
    if (earliest !== null && l.from < earliest)
      out.push(
        `Line ${i + 1} of ${c.number} (${l.account.code || l.account.name}, ${l.period}) puts budget before the status date ${ctx.statusDate!.slice(0, 10)}. Performance already recorded is never changed retroactively (ANSI/EIA-748): move the budget to a period from ${earliest} on.`,
      );
  });
  const total = sumOf(c);
  if (c.type === 'mr-draw' && total > ctx.mrAvailable + EPS)
    out.push(`${c.number} draws ${money(total)} from management reserve, but only ${money(ctx.mrAvailable)} is left. Reduce the draw, or record the reserve the contract holds on the Changes tab.`);
  if (c.type === 'ub-distribution' && total > ctx.ubAvailable + EPS)
    out.push(`${c.number} distributes ${money(total)} of undistributed budget, but only ${money(ctx.ubAvailable)} is left. Reduce it, or record the undistributed budget on the Changes tab.`);
  return out;
}

export const typeLabel = (c: Pick<ChangeCore, 'type'>): string => CHANGE_TYPE_LABELS[c.type];
