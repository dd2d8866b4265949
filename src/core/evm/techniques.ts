/**
 * Earned value of each activity by its EV technique, and the measure basis (cost, labour units,
 * or duration when a schedule has neither).
 *
 * EV = earned fraction × the activity's budget at completion (PMI / ANSI-EIA-748; never
 * % × PV-to-date as some tools do — EVM_REFERENCE.md §4). The earned fraction depends on the
 * technique:
 * - percent complete: the activity's % complete of its own type (physical, duration or units);
 * - fixed x/y (0/100, 50/50, 25/75 …): x at actual start, the rest at actual finish;
 * - weighted milestones: the weights of the milestones achieved by the data date;
 * - level of effort: earns as time passes, so EV = PV;
 * - apportioned: the combined earned fraction of its base activities × factor.
 * Fractions are clipped to 0..1: EV above the budget is invalid in an EVMS (flagged, not
 * extrapolated).
 */
import { TechniqueCode, type ColumnarActivities } from '../model/columnar';
import { tryToMinutes } from '../model/dates';
import type { MeasureBasis } from '../model/schedule';
import { cumulativeWorkingMinutes } from '../calendar';
import type { Spans } from './timephase';

export interface BasisColumns {
  basis: MeasureBasis;
  /** Budget at completion per activity, in the basis. */
  budget: Float64Array;
  /** Actual (cost, units or elapsed working hours) per activity at the data date. */
  actual: Float64Array;
  /** Bottom-up estimate to complete per activity (remaining cost, units or duration). */
  remaining: Float64Array;
}

/** Picks cost when any activity has a budget, else units, else duration. */
export function chooseBasis(c: ColumnarActivities, requested?: MeasureBasis): MeasureBasis {
  if (requested) return requested;
  for (let i = 0; i < c.count; i++) if (c.budgetCost[i] > 0) return 'cost';
  for (let i = 0; i < c.count; i++) if (c.budgetUnits[i] > 0) return 'units';
  return 'duration';
}

/**
 * The budget, actual and remaining columns in the chosen basis. For duration, the budget is the
 * baseline (else original) duration in working hours and the actual is working hours elapsed
 * between actual start and actual finish (or the data date).
 */
export function basisColumns(c: ColumnarActivities, basis: MeasureBasis, sp: Spans, dataDate: number): BasisColumns {
  if (basis === 'cost') return { basis, budget: c.budgetCost, actual: c.actualCost, remaining: c.remainingCost };
  if (basis === 'units') return { basis, budget: c.budgetUnits, actual: c.actualUnits, remaining: c.remainingUnits };
  const n = c.count;
  const budget = new Float64Array(n);
  const actual = new Float64Array(n);
  const remaining = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let d = c.baselineDuration[i];
    if (Number.isNaN(d)) d = c.originalDuration[i];
    if (Number.isNaN(d)) d = Number.isNaN(sp.startCum[i]) ? 0 : (sp.finishCum[i] - sp.startCum[i]) / 60;
    budget[i] = d;
    const cal = sp.calendarsInUse[sp.calSlot[i]];
    const as = c.actualStart[i];
    if (!Number.isNaN(c.actualDuration[i])) actual[i] = c.actualDuration[i];
    else if (!Number.isNaN(as) && as <= dataDate) {
      const af = Number.isNaN(c.actualFinish[i]) ? dataDate : Math.min(c.actualFinish[i], dataDate);
      actual[i] = Math.max(0, (cumulativeWorkingMinutes(cal, af) - cumulativeWorkingMinutes(cal, as)) / 60);
    }
    const rd = c.remainingDuration[i];
    remaining[i] = Number.isNaN(rd) ? (Number.isNaN(c.actualFinish[i]) ? Math.max(0, d - actual[i]) : 0) : rd;
  }
  return { basis, budget, actual, remaining };
}

const clip01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * Whether an activity has started and finished, as its status says. EV = % complete × budget
 * whatever the dates: an actual date after the data date is a data error (DCMA check 9), most often
 * a P6 data date at 00:00 with work progressed at 08:00 the same day, and dropping that activity's
 * earned value while keeping its actual cost would report an overrun that is not there. The
 * analysis warns about such dates instead (analyseSchedule.ts).
 */
function statusOf(c: ColumnarActivities, i: number): { started: boolean; finished: boolean } {
  return { started: !Number.isNaN(c.actualStart[i]), finished: !Number.isNaN(c.actualFinish[i]) };
}

/**
 * The activity's percent complete of its own type (0..1), falling back sensibly when the source
 * did not hold that type: duration % from original and remaining duration, units % from actual
 * and remaining units, and finally 1 for finished and 0 for unstarted activities.
 */
export function percentCompleteOf(c: ColumnarActivities, i: number): number {
  const { started, finished } = statusOf(c, i);
  let p = NaN;
  switch (c.pctType[i]) {
    case 0:
      p = c.pctPhysical[i];
      break;
    case 1:
      p = c.pctDuration[i];
      if (Number.isNaN(p)) {
        const od = c.originalDuration[i];
        const rd = c.remainingDuration[i];
        if (od > 0 && !Number.isNaN(rd)) p = (od - rd) / od;
      }
      break;
    case 2:
      p = c.pctUnits[i];
      if (Number.isNaN(p)) {
        const tot = c.actualUnits[i] + c.remainingUnits[i];
        if (tot > 0) p = c.actualUnits[i] / tot;
      }
      break;
  }
  if (Number.isNaN(p)) p = finished ? 1 : 0;
  if (!started && !finished) return 0; // no progress can be claimed on work not started
  return clip01(p);
}

export interface EarnedResult {
  /** EV per activity, in the basis. */
  ev: Float64Array;
  /** Activities whose reported progress exceeded their budget (clipped). */
  clipped: number[];
}

/**
 * EV of every activity at `dataDate`. `pvAtDataDate` (per activity) is needed for
 * level-of-effort activities, which earn what they planned.
 */
export function earnedValues(
  c: ColumnarActivities,
  budget: Float64Array,
  dataDate: number,
  pvAtDataDate: Float64Array,
  milestonesAchieved?: Map<number, ReadonlySet<string>>,
): EarnedResult {
  const n = c.count;
  const ev = new Float64Array(n);
  const clipped: number[] = [];
  const apportioned: number[] = [];
  for (let i = 0; i < n; i++) {
    const b = budget[i];
    const { started, finished } = statusOf(c, i);
    switch (c.technique[i]) {
      case TechniqueCode.PercentComplete: {
        const raw = c.pctType[i] === 0 ? c.pctPhysical[i] : c.pctType[i] === 1 ? c.pctDuration[i] : c.pctUnits[i];
        if (raw > 1) clipped.push(i);
        ev[i] = b * percentCompleteOf(c, i);
        break;
      }
      case TechniqueCode.Fixed:
        ev[i] = finished ? b : started ? b * clip01(c.techniqueParam[i]) : 0;
        break;
      case TechniqueCode.WeightedMilestones: {
        const t = c.techniqueDetail.get(i);
        let share = 0;
        if (t && t.kind === 'weighted-milestones') {
          const names = milestonesAchieved?.get(i);
          for (const m of t.milestones) {
            const done = names ? names.has(m.name) : m.achieved !== undefined && achievedBy(m.achieved, dataDate);
            if (done) share += m.weight;
          }
        }
        if (share > 1 + 1e-9) clipped.push(i);
        ev[i] = b * clip01(share);
        break;
      }
      case TechniqueCode.LevelOfEffort:
        ev[i] = Math.min(b, pvAtDataDate[i]);
        break;
      case TechniqueCode.Apportioned:
        apportioned.push(i);
        break;
    }
  }
  // Apportioned effort follows its base activities, so it is computed after them.
  if (apportioned.length) {
    const index = new Map<string, number>();
    for (let i = 0; i < n; i++) index.set(c.id[i], i);
    for (const i of apportioned) {
      const t = c.techniqueDetail.get(i);
      if (!t || t.kind !== 'apportioned') continue;
      let evBase = 0;
      let bBase = 0;
      for (const id of t.baseActivityIds) {
        const j = index.get(id);
        if (j === undefined || c.technique[j] === TechniqueCode.Apportioned) continue;
        evBase += ev[j];
        bBase += budget[j];
      }
      ev[i] = bBase > 0 ? budget[i] * clip01((t.factor || 1) * (evBase / bBase)) : 0;
    }
  }
  return { ev, clipped };
}

function achievedBy(date: string, dataDate: number): boolean {
  const t = tryToMinutes(date);
  return t !== null && t <= dataDate; // a malformed date counts as not achieved
}
