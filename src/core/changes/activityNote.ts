/**
 * Why an activity grid's budgets add up to less (or more) than BAC once changes are approved.
 * A change revises control accounts' budgets by period (ANSI/EIA-748: the control account plan is
 * what a change moves), not activities' budgets, so the grid, its CSV and the workbook's
 * Activities sheet show each activity's own budget while the Overview and Breakdown include the
 * changes. One sentence, used by all of them, so the difference is traced wherever it shows.
 */
import { formatMoney, formatNumber } from '../format';
import type { MeasureBasis } from '../model';

export interface AppliedChangesSummary {
  /** Numbers of the approved changes in the figures. */
  numbers: readonly string[];
  /** What they added to BAC (negative when they took budget away). */
  bacChange: number;
}

/** The sentence, or null when no approved change is in the figures. */
export function activityBudgetNote(changes: AppliedChangesSummary | undefined | null, basis: MeasureBasis, currency: string): string | null {
  if (!changes || changes.numbers.length === 0) return null;
  const count = changes.numbers.length;
  const amount = basis === 'cost' ? formatMoney(Math.abs(changes.bacChange), currency) : formatNumber(Math.abs(changes.bacChange));
  const them = count === 1 ? 'it' : 'them';
  const moved = changes.bacChange < 0 ? 'took' : 'added';
  const side = changes.bacChange < 0 ? 'less' : 'more';
  return (
    `Budgets here are each activity’s own. ${count === 1 ? `The approved change ${changes.numbers[0]}` : `The ${count} approved changes (${changes.numbers.join(', ')})`} ${moved} ${amount} ` +
    `by control account and period, not by activity: the Overview and Breakdown include ${them}, so their BAC is ${amount} ${side} than the total of these activities.`
  );
}
