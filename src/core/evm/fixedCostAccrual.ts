/**
 * MS Project's fixed cost accrual in planned value and in the shape of the remaining work.
 *
 * MS Project plans a task's fixed cost at the task's start ('start'), at its finish ('end') or with
 * the work ('prorated'). The model carries `Activity.fixedCost` and `fixedCostAccrual`, and the
 * columnar form turns them into a share of the budget cost (`fixedShare`, `fixedAt`). MSPDI and
 * .mpp keep no baseline fixed cost, so the activity's current fixed cost stands for its share of
 * the budget: φ = clamp(fixedCost / budgetCost, 0, 1).
 *
 * Fixed cost is money: it shapes PV only when PV is measured in money. An analysis weighted by
 * hours or units (no activity has a budget cost) spreads its weights as before, and P6, Excel and
 * Asta imports, which carry no accrual, are never touched.
 */
import { FixedAccrualCode, type ColumnarActivities } from '../model/columnar';
import type { MeasureBasis } from '../model/schedule';
import { formatMoney } from '../format/numbers';
import type { InstantShares, Spans } from './timephase';

type AccrualColumns = Pick<ColumnarActivities, 'count' | 'fixedShare' | 'fixedAt'>;

function anyAccrual(c: AccrualColumns): boolean {
  for (let i = 0; i < c.count; i++) if (c.fixedAt[i] !== FixedAccrualCode.None && c.fixedShare[i] > 0) return true;
  return false;
}

/**
 * The spans to plan `basis` weights over: with the activities' fixed cost accrual when the weights
 * are money and some activity accrues a fixed cost at its start or finish; else `sp` unchanged.
 */
export function withFixedCostAccrual(sp: Spans, c: AccrualColumns, basis: MeasureBasis): Spans {
  if (basis !== 'cost' || !anyAccrual(c)) return sp;
  return { ...sp, accrual: { share: c.fixedShare, at: c.fixedAt } };
}

/**
 * Accrual for the remaining-work forecast (the cash flow's shape for the estimate to complete). It
 * is a forecast of what is still to be spent, not PV, but the same rule holds: a fixed cost accrued
 * at the finish and not yet spent falls due at the forecast finish, and one accrued at the start
 * falls due at the forecast start of an activity not yet started. An activity already started has
 * had its start-accrued fixed cost charged as actual cost (MS Project does so on the first day of
 * progress), so none of what remains is held at an instant. The share of the remaining amount is
 * min(fixedCost, remaining) / remaining. Money only, as for PV; null when nothing accrues.
 */
export function remainingFixedAccrual(
  c: AccrualColumns & Pick<ColumnarActivities, 'budgetCost' | 'actualStart' | 'actualFinish'>,
  remaining: Float64Array,
  basis: MeasureBasis,
): InstantShares | null {
  if (basis !== 'cost' || !anyAccrual(c)) return null;
  const share = new Float64Array(c.count);
  const at = new Uint8Array(c.count);
  for (let i = 0; i < c.count; i++) {
    const when = c.fixedAt[i];
    const rem = remaining[i];
    if (when === FixedAccrualCode.None || !(rem > 0) || !Number.isNaN(c.actualFinish[i])) continue;
    if (when === FixedAccrualCode.Start && !Number.isNaN(c.actualStart[i])) continue;
    const fixed = c.fixedShare[i] * c.budgetCost[i];
    share[i] = Math.min(1, fixed / rem);
    at[i] = when;
  }
  return { share, at };
}

/** "at the start" or "at the finish", for a FixedAccrualCode. */
const accruesWhen = (code: number): string => (code === FixedAccrualCode.Start ? 'at the start' : 'at the finish');

/**
 * How activity i's PV treats its fixed cost, for the activity's PV explanation: "£2,000 fixed cost
 * accrues at the finish (MS Project's accrual), so PV plans it then …"; null when it has no accrual.
 */
export function activityAccrualNote(c: AccrualColumns & Pick<ColumnarActivities, 'budgetCost'>, i: number, currency: string): string | null {
  if (c.fixedAt[i] === FixedAccrualCode.None || !(c.fixedShare[i] > 0)) return null;
  return `${formatMoney(c.fixedShare[i] * c.budgetCost[i], currency)} fixed cost accrues ${accruesWhen(c.fixedAt[i])} (MS Project's accrual), so PV plans it then rather than spreading it with the work.`;
}

/**
 * The caveat on the analysis's PV when some activity's fixed cost accrues at its start or finish:
 * how many, how much, one example, and why the current fixed cost is used. Null when none does.
 */
export function fixedCostAccrualNote(c: AccrualColumns & Pick<ColumnarActivities, 'budgetCost' | 'code' | 'name'>, currency: string): string | null {
  let atStart = 0;
  let atEnd = 0;
  let total = 0;
  let first = -1;
  for (let i = 0; i < c.count; i++) {
    const when = c.fixedAt[i];
    if (when === FixedAccrualCode.None || !(c.fixedShare[i] > 0)) continue;
    if (when === FixedAccrualCode.Start) atStart++;
    else atEnd++;
    total += c.fixedShare[i] * c.budgetCost[i];
    if (first < 0) first = i;
  }
  if (first < 0) return null;
  const n = atStart + atEnd;
  const split = [atStart ? `${atStart} at the start` : '', atEnd ? `${atEnd} at the finish` : ''].filter(Boolean).join(' and ');
  const name = c.name[first] || c.code[first];
  const label = c.code[first] && c.code[first] !== name ? `${name} (ID ${c.code[first]})` : name;
  return (
    `PV follows MS Project's fixed cost accrual: ${n} activit${n === 1 ? 'y plans its' : 'ies plan their'} fixed cost (${formatMoney(total, currency)} in all) at one instant instead of with the work, ${split}; ` +
    `for example, ${label} plans its ${formatMoney(c.fixedShare[first] * c.budgetCost[first], currency)} fixed cost ${accruesWhen(c.fixedAt[first])}. ` +
    `The file keeps no baseline fixed cost, so each activity's current fixed cost is taken as that part of its budget.`
  );
}
