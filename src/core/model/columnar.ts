/**
 * The columnar (structure-of-arrays) form of a schedule's activities, for 100k-activity
 * schedules: one typed array per numeric field, string tables for text. The engine's hot loops
 * (time-phasing, EV, roll-ups) run over these arrays without allocating, and a worker can hand
 * them to the page by transfer instead of copy (see `columnarTransferables`).
 *
 * Missing dates and percentages are NaN; missing indexes are -1.
 */
import { tryToMinutes } from './dates';
import type { Activity, ActivityType, Calendar, EvTechnique, PercentCompleteType, Schedule, WbsNode } from './schedule';

export const ACTIVITY_TYPES: readonly ActivityType[] = ['task', 'start-milestone', 'finish-milestone', 'level-of-effort', 'summary'];
export const PCT_TYPES: readonly PercentCompleteType[] = ['physical', 'duration', 'units'];

/** EV technique codes in `ColumnarActivities.technique`. */
export const TechniqueCode = {
  PercentComplete: 0,
  Fixed: 1,
  WeightedMilestones: 2,
  LevelOfEffort: 3,
  Apportioned: 4,
} as const;

/** When an activity's fixed cost accrues, in `ColumnarActivities.fixedAt`. */
export const FixedAccrualCode = {
  /** No fixed cost, or one MS Project spreads with the work ('prorated'): it follows the profile. */
  None: 0,
  Start: 1,
  End: 2,
} as const;

export interface ColumnarActivities {
  count: number;
  id: string[];
  code: string[];
  name: string[];
  /** Index into `wbs`, or -1. */
  wbsIndex: Int32Array;
  wbs: WbsNode[];
  /** Index into `calendars`, or -1 for the project default. */
  calendarIndex: Int32Array;
  calendars: Calendar[];
  /** Index into ACTIVITY_TYPES. */
  type: Uint8Array;
  /** Index into `controlAccounts` (own, else inherited from the WBS chain), or -1. */
  controlAccountIndex: Int32Array;
  controlAccounts: string[];
  /** Display name of each control account: the name of the WBS element that defines it, else its code. */
  controlAccountNames: string[];

  /** Epoch minutes; NaN when absent. */
  baselineStart: Float64Array;
  baselineFinish: Float64Array;
  plannedStart: Float64Array;
  plannedFinish: Float64Array;
  actualStart: Float64Array;
  actualFinish: Float64Array;
  forecastStart: Float64Array;
  forecastFinish: Float64Array;

  /** Working hours; NaN when absent. */
  baselineDuration: Float64Array;
  originalDuration: Float64Array;
  remainingDuration: Float64Array;
  actualDuration: Float64Array;

  budgetCost: Float64Array;
  actualCost: Float64Array;
  remainingCost: Float64Array;
  budgetUnits: Float64Array;
  actualUnits: Float64Array;
  remainingUnits: Float64Array;

  /** Index into PCT_TYPES. */
  pctType: Uint8Array;
  /** 0..1; NaN when absent. */
  pctPhysical: Float64Array;
  pctDuration: Float64Array;
  pctUnits: Float64Array;

  technique: Uint8Array;
  /** startShare for Fixed, factor for Apportioned. */
  techniqueParam: Float64Array;
  /** Techniques that carry lists (weighted milestones, apportioned bases), by activity index. */
  techniqueDetail: Map<number, EvTechnique>;

  /**
   * The share of the budget cost that MS Project accrues at one instant, its fixed cost accrued at
   * the start or at the finish: clamp(fixedCost / budgetCost, 0, 1). MSPDI and .mpp keep no
   * baseline fixed cost, so the current fixed cost stands for that part of the budget. 0 when the
   * activity has no fixed cost, spreads it with the work ('prorated'), or has no budget cost.
   */
  fixedShare: Float64Array;
  /** When `fixedShare` accrues: a FixedAccrualCode. */
  fixedAt: Uint8Array;
}

const dateOrNaN = (text: string | undefined): number => {
  if (!text) return NaN;
  const v = tryToMinutes(text);
  return v === null ? NaN : v;
};
const numOrNaN = (v: number | undefined): number => (v === undefined || v === null || !Number.isFinite(v) ? NaN : v);
const num0 = (v: number | undefined): number => (v === undefined || v === null || !Number.isFinite(v) ? 0 : v);

export function toColumnar(schedule: Pick<Schedule, 'activities' | 'wbs' | 'calendars'>): ColumnarActivities {
  const acts = schedule.activities;
  const n = acts.length;
  const wbsIdx = new Map<string, number>();
  schedule.wbs.forEach((w, i) => wbsIdx.set(w.id, i));
  const calIdx = new Map<string, number>();
  schedule.calendars.forEach((c, i) => calIdx.set(c.id, i));

  // A WBS element's control account, inherited down the tree when the element has none.
  const wbsCa = new Map<string, string | undefined>();
  const caOfWbs = (id: string | null, depth = 0): string | undefined => {
    if (id === null || depth > 1000) return undefined;
    if (wbsCa.has(id)) return wbsCa.get(id);
    const i = wbsIdx.get(id);
    const node = i === undefined ? undefined : schedule.wbs[i];
    const ca = node ? (node.controlAccount ?? caOfWbs(node.parentId, depth + 1)) : undefined;
    wbsCa.set(id, ca);
    return ca;
  };
  const caIdx = new Map<string, number>();
  const controlAccounts: string[] = [];
  const controlAccountNames: string[] = [];
  const caName = new Map<string, string>();
  for (const w of schedule.wbs) if (w.controlAccount && w.name && !caName.has(w.controlAccount)) caName.set(w.controlAccount, w.name);

  const f64 = () => new Float64Array(n);
  const out: ColumnarActivities = {
    count: n,
    id: new Array<string>(n),
    code: new Array<string>(n),
    name: new Array<string>(n),
    wbsIndex: new Int32Array(n),
    wbs: schedule.wbs,
    calendarIndex: new Int32Array(n),
    calendars: schedule.calendars,
    type: new Uint8Array(n),
    controlAccountIndex: new Int32Array(n),
    controlAccounts,
    controlAccountNames,
    baselineStart: f64(), baselineFinish: f64(), plannedStart: f64(), plannedFinish: f64(),
    actualStart: f64(), actualFinish: f64(), forecastStart: f64(), forecastFinish: f64(),
    baselineDuration: f64(), originalDuration: f64(), remainingDuration: f64(), actualDuration: f64(),
    budgetCost: f64(), actualCost: f64(), remainingCost: f64(),
    budgetUnits: f64(), actualUnits: f64(), remainingUnits: f64(),
    pctType: new Uint8Array(n),
    pctPhysical: f64(), pctDuration: f64(), pctUnits: f64(),
    technique: new Uint8Array(n),
    techniqueParam: f64(),
    techniqueDetail: new Map(),
    fixedShare: f64(),
    fixedAt: new Uint8Array(n),
  };

  for (let i = 0; i < n; i++) {
    const a: Activity = acts[i];
    out.id[i] = a.id;
    out.code[i] = a.code;
    out.name[i] = a.name;
    out.wbsIndex[i] = a.wbsId === null ? -1 : (wbsIdx.get(a.wbsId) ?? -1);
    out.calendarIndex[i] = a.calendarId === undefined ? -1 : (calIdx.get(a.calendarId) ?? -1);
    out.type[i] = Math.max(0, ACTIVITY_TYPES.indexOf(a.type));
    const ca = a.controlAccount ?? caOfWbs(a.wbsId);
    if (ca === undefined) out.controlAccountIndex[i] = -1;
    else {
      let k = caIdx.get(ca);
      if (k === undefined) {
        k = controlAccounts.length;
        controlAccounts.push(ca);
        controlAccountNames.push(caName.get(ca) ?? ca);
        caIdx.set(ca, k);
      }
      out.controlAccountIndex[i] = k;
    }
    out.baselineStart[i] = dateOrNaN(a.baselineStart);
    out.baselineFinish[i] = dateOrNaN(a.baselineFinish);
    out.plannedStart[i] = dateOrNaN(a.plannedStart);
    out.plannedFinish[i] = dateOrNaN(a.plannedFinish);
    out.actualStart[i] = dateOrNaN(a.actualStart);
    out.actualFinish[i] = dateOrNaN(a.actualFinish);
    out.forecastStart[i] = dateOrNaN(a.forecastStart);
    out.forecastFinish[i] = dateOrNaN(a.forecastFinish);
    out.baselineDuration[i] = numOrNaN(a.baselineDuration);
    out.originalDuration[i] = numOrNaN(a.originalDuration);
    out.remainingDuration[i] = numOrNaN(a.remainingDuration);
    out.actualDuration[i] = numOrNaN(a.actualDuration);
    out.budgetCost[i] = num0(a.budgetCost);
    out.actualCost[i] = num0(a.actualCost);
    out.remainingCost[i] = num0(a.remainingCost);
    out.budgetUnits[i] = num0(a.budgetUnits);
    out.actualUnits[i] = num0(a.actualUnits);
    out.remainingUnits[i] = num0(a.remainingUnits);
    out.pctType[i] = Math.max(0, PCT_TYPES.indexOf(a.percentCompleteType));
    out.pctPhysical[i] = numOrNaN(a.percentComplete.physical);
    out.pctDuration[i] = numOrNaN(a.percentComplete.duration);
    out.pctUnits[i] = numOrNaN(a.percentComplete.units);
    const fc = a.fixedCost;
    const budget = out.budgetCost[i];
    if ((a.fixedCostAccrual === 'start' || a.fixedCostAccrual === 'end') && fc !== undefined && Number.isFinite(fc) && fc > 0 && budget > 0) {
      out.fixedShare[i] = Math.min(1, fc / budget);
      out.fixedAt[i] = a.fixedCostAccrual === 'start' ? FixedAccrualCode.Start : FixedAccrualCode.End;
    }
    const t = a.evTechnique;
    switch (t.kind) {
      case 'percent-complete':
        out.technique[i] = TechniqueCode.PercentComplete;
        break;
      case 'fixed':
        out.technique[i] = TechniqueCode.Fixed;
        out.techniqueParam[i] = t.startShare;
        break;
      case 'weighted-milestones':
        out.technique[i] = TechniqueCode.WeightedMilestones;
        out.techniqueDetail.set(i, t);
        break;
      case 'level-of-effort':
        out.technique[i] = TechniqueCode.LevelOfEffort;
        break;
      case 'apportioned':
        out.technique[i] = TechniqueCode.Apportioned;
        out.techniqueParam[i] = t.factor;
        out.techniqueDetail.set(i, t);
        break;
    }
  }
  return out;
}

/** The typed arrays' buffers, for `postMessage(columnar, transferables)` / Comlink.transfer. */
export function columnarTransferables(c: ColumnarActivities): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const v of Object.values(c)) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.push(v.buffer);
  }
  return out;
}
