/**
 * The canonical fields a table column can be mapped to, what values each expects and which
 * kind of table it belongs to. The mapper scores columns against these; the builders read them.
 */

export type TableKind = 'activities' | 'periods';

/** What a column of this field holds, for value profiling. */
export type ValueKind =
  | 'id'
  | 'text'
  | 'wbs'
  | 'date'
  | 'money'
  | 'units'
  | 'percent'
  | 'duration'
  | 'activity-type'
  | 'status'
  | 'pct-type'
  | 'ev-technique'
  | 'links'
  | 'category'
  | 'level'
  | 'period';

export const MAPPING_FIELDS = [
  'activityId',
  'uniqueId',
  'activityName',
  'wbsCode',
  'wbsName',
  'outlineLevel',
  'controlAccount',
  'activityType',
  'activityStatus',
  'baselineStart',
  'baselineFinish',
  'plannedStart',
  'plannedFinish',
  'actualStart',
  'actualFinish',
  'forecastStart',
  'forecastFinish',
  'baselineDuration',
  'originalDuration',
  'remainingDuration',
  'actualDuration',
  'budgetCost',
  'atCompletionCost',
  'plannedValue',
  'earnedValue',
  'actualCost',
  'remainingCost',
  'percentComplete',
  'physicalPercentComplete',
  'durationPercentComplete',
  'unitsPercentComplete',
  'schedulePercentComplete',
  'performancePercentComplete',
  'percentCompleteType',
  'evTechnique',
  'budgetUnits',
  'actualUnits',
  'remainingUnits',
  'atCompletionUnits',
  'predecessors',
  'successors',
  'calendar',
  'resource',
  'period',
  'periodDate',
  'plannedValueCum',
  'earnedValueCum',
  'actualCostCum',
] as const;

export type MappingField = (typeof MAPPING_FIELDS)[number];

export interface FieldInfo {
  /** Lower-case words for reasons and menus: "actual cost". */
  label: string;
  kind: ValueKind;
  /** Which table kinds use it. */
  tables: readonly TableKind[];
  /**
   * An amount measured over time (PV, EV, AC, budget…): its header may carry "cumulative" or
   * "this period" qualifiers that do not change the field.
   */
  measure?: boolean;
}

const A: readonly TableKind[] = ['activities'];
const P: readonly TableKind[] = ['periods'];
const AP: readonly TableKind[] = ['activities', 'periods'];

export const FIELDS: Record<MappingField, FieldInfo> = {
  activityId: { label: 'activity ID', kind: 'id', tables: AP },
  uniqueId: { label: 'unique ID', kind: 'id', tables: A },
  activityName: { label: 'activity name', kind: 'text', tables: AP },
  wbsCode: { label: 'WBS code', kind: 'wbs', tables: AP },
  wbsName: { label: 'WBS name', kind: 'text', tables: AP },
  outlineLevel: { label: 'outline level', kind: 'level', tables: A },
  controlAccount: { label: 'control account', kind: 'id', tables: AP },
  activityType: { label: 'activity type', kind: 'activity-type', tables: A },
  activityStatus: { label: 'activity status', kind: 'status', tables: A },
  baselineStart: { label: 'baseline start', kind: 'date', tables: A },
  baselineFinish: { label: 'baseline finish', kind: 'date', tables: A },
  plannedStart: { label: 'planned start', kind: 'date', tables: A },
  plannedFinish: { label: 'planned finish', kind: 'date', tables: A },
  actualStart: { label: 'actual start', kind: 'date', tables: A },
  actualFinish: { label: 'actual finish', kind: 'date', tables: A },
  forecastStart: { label: 'forecast (remaining) start', kind: 'date', tables: A },
  forecastFinish: { label: 'forecast (remaining) finish', kind: 'date', tables: A },
  baselineDuration: { label: 'baseline duration', kind: 'duration', tables: A },
  originalDuration: { label: 'original duration', kind: 'duration', tables: A },
  remainingDuration: { label: 'remaining duration', kind: 'duration', tables: A },
  actualDuration: { label: 'actual duration', kind: 'duration', tables: A },
  budgetCost: { label: 'budget (BAC)', kind: 'money', tables: AP, measure: true },
  atCompletionCost: { label: 'cost at completion (EAC)', kind: 'money', tables: AP, measure: true },
  plannedValue: { label: 'planned value (PV, BCWS)', kind: 'money', tables: AP, measure: true },
  earnedValue: { label: 'earned value (EV, BCWP)', kind: 'money', tables: AP, measure: true },
  actualCost: { label: 'actual cost (AC, ACWP)', kind: 'money', tables: AP, measure: true },
  remainingCost: { label: 'remaining cost (ETC)', kind: 'money', tables: AP, measure: true },
  percentComplete: { label: '% complete', kind: 'percent', tables: A },
  physicalPercentComplete: { label: 'physical % complete', kind: 'percent', tables: A },
  durationPercentComplete: { label: 'duration % complete', kind: 'percent', tables: A },
  unitsPercentComplete: { label: 'units % complete', kind: 'percent', tables: A },
  schedulePercentComplete: { label: 'schedule (planned) % complete', kind: 'percent', tables: A },
  performancePercentComplete: { label: 'performance (earned) % complete', kind: 'percent', tables: A },
  percentCompleteType: { label: '% complete type', kind: 'pct-type', tables: A },
  evTechnique: { label: 'earned value technique', kind: 'ev-technique', tables: A },
  budgetUnits: { label: 'budget units (hours)', kind: 'units', tables: A },
  actualUnits: { label: 'actual units (hours)', kind: 'units', tables: A },
  remainingUnits: { label: 'remaining units (hours)', kind: 'units', tables: A },
  atCompletionUnits: { label: 'units at completion', kind: 'units', tables: A },
  predecessors: { label: 'predecessors', kind: 'links', tables: A },
  successors: { label: 'successors', kind: 'links', tables: A },
  calendar: { label: 'calendar', kind: 'category', tables: A },
  resource: { label: 'resource', kind: 'category', tables: A },
  period: { label: 'period', kind: 'period', tables: P },
  periodDate: { label: 'period end date', kind: 'date', tables: P },
  plannedValueCum: { label: 'cumulative planned value', kind: 'money', tables: P, measure: true },
  earnedValueCum: { label: 'cumulative earned value', kind: 'money', tables: P, measure: true },
  actualCostCum: { label: 'cumulative actual cost', kind: 'money', tables: P, measure: true },
};

export function isMappingField(s: string): s is MappingField {
  return (MAPPING_FIELDS as readonly string[]).includes(s);
}

/**
 * A field that stands in for another when the other has no column: a table with only "Unique
 * ID" identifies activities by it; a period table with only cumulative columns uses them as PV,
 * EV and AC.
 */
export const STANDS_IN_FOR: Partial<Record<MappingField, MappingField>> = {
  uniqueId: 'activityId',
  plannedValueCum: 'plannedValue',
  earnedValueCum: 'earnedValue',
  actualCostCum: 'actualCost',
};

/** The cumulative twin of a period measure. */
export const CUMULATIVE_OF: Partial<Record<MappingField, MappingField>> = {
  plannedValue: 'plannedValueCum',
  earnedValue: 'earnedValueCum',
  actualCost: 'actualCostCum',
};
