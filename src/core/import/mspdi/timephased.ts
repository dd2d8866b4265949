/**
 * MSPDI TimephasedData types (MS Project's XML schema; the same numbering as Aspose.Tasks'
 * TimephasedDataType): 1 assignment remaining work, 2 assignment actual work, 3 assignment
 * actual overtime work, 4 assignment baseline work, 5 assignment baseline cost, 6 assignment
 * actual cost, 7/8 resource baseline work/cost, 9/10 task baseline work/cost, 11 task percent
 * complete, then for each baseline n = 1..10 a block of six starting at 16 + 6(n − 1):
 * assignment work, assignment cost, task work, task cost, resource work, resource cost.
 * So from 16 on, even types are work (ISO durations) and odd types are cost (hundredths).
 */
import type { TimephasedValue } from '../../model/schedule';

const COST_TYPES = new Set([5, 6, 8, 10]);

/** Whether a type's Value is money (hundredths in the file) rather than work or percent. */
export function isCostType(type: number): boolean {
  return COST_TYPES.has(type) || (type >= 16 && type % 2 === 1);
}

/**
 * Which assignment types the canonical model keeps, and as what. `evBaseline` is the baseline
 * MS Project measures earned value against (Project/BaselineForEarnedValue, normally 0): its
 * work and cost spreads are the model's baseline spreads (types 4/5 for Baseline, 16/17 + 6(n − 1)
 * for Baseline n). Remaining work (1) has no place in the model (it follows from the dates and
 * remaining units), actual overtime work (3) is already inside actual work (2) (in the sample
 * files the type-2 records add up to the assignment's ActualWork, overtime included), and the
 * other baselines are not time-phased in the model.
 */
export function timephasedKind(type: number, evBaseline = 0): TimephasedValue['kind'] | null {
  const baselineWork = evBaseline === 0 ? 4 : 16 + 6 * (evBaseline - 1);
  if (type === 2) return 'actual-units';
  if (type === 6) return 'actual-cost';
  if (type === baselineWork) return 'baseline-units';
  if (type === baselineWork + 1) return 'baseline-cost';
  return null;
}

/** Plain-English name of a type, for warnings. */
export function timephasedTypeName(type: number): string {
  const names: Record<number, string> = {
    1: 'remaining work', 2: 'actual work', 3: 'actual overtime work', 4: 'baseline work', 5: 'baseline cost', 6: 'actual cost',
    7: 'resource baseline work', 8: 'resource baseline cost', 9: 'task baseline work', 10: 'task baseline cost', 11: 'task % complete',
  };
  if (names[type]) return names[type];
  if (type >= 16 && type < 76) {
    const n = Math.floor((type - 16) / 6) + 1;
    const what = ['assignment', 'assignment', 'task', 'task', 'resource', 'resource'][(type - 16) % 6];
    return `${what} baseline ${n} ${type % 2 === 0 ? 'work' : 'cost'}`;
  }
  return `type ${type}`;
}
