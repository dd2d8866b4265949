/**
 * The MSPDI file as typed records, before any modelling decision: what the file says, in the
 * units the model uses. The mapping to the canonical model (./map.ts) takes decisions (what is a
 * summary, which cost is the budget); this layer only reads.
 *
 * Units (converted here, once):
 * - money: major units. MSPDI stores every money value in hundredths ("50000" = 500.00):
 *   Cost, ActualCost, RemainingCost, FixedCost, BCWS, BCWP, ACWP, CV, SV, baseline Cost,
 *   CostPerUse (also in Rates/Rate), cost custom fields and cost timephased values are divided by 100. The one
 *   exception is StandardRate/OvertimeRate (also in Rates/Rate), stored per hour as plain numbers ("50" = 50/h,
 *   whatever StandardRateFormat says; 20/minute is stored as 1200).
 * - durations and work: hours, from ISO 8601 (`PT8H0M0S`). Work of material resources is in
 *   the material's units (MS Project writes it in the same PT form).
 * - dates: the model's `YYYY-MM-DDTHH:mm` (seconds dropped).
 * - percentages: 0..100 as written (the mapping turns them into fractions).
 * - link lag: as written, tenths of a minute (or a percentage for % lag formats).
 * Absent (or unreadable) numbers, dates and texts are undefined; an unreadable value is also
 * reported in `warnings`. (Not NaN: V8 then keeps every number field of every record in a
 * separate heap box, which measured 25 % more allocation for a 10,000-task file.) Empty lists may
 * be one shared frozen array: treat every list here as read-only.
 */
import type { LocalDateTime } from '../../model/dates';
import type { ImportWarning } from '../../model/schedule';

export interface MspdiDocument {
  project: MspdiProject;
  calendars: MspdiCalendar[];
  tasks: MspdiTask[];
  resources: MspdiResource[];
  assignments: MspdiAssignment[];
  /** Custom field definitions (Project/ExtendedAttributes): FieldID → name and alias. */
  fields: MspdiFieldDefinition[];
  /** Every TimephasedData element in the file (tasks, resources and assignments). */
  timephasedRecords: number;
  /** What the reader could not read as written (unreadable values, skipped records). */
  warnings: ImportWarning[];
}

export interface MspdiProject {
  name?: string;
  title?: string;
  guid?: string;
  author?: string;
  company?: string;
  saveVersion?: number;
  buildNumber?: string;
  currencyCode?: string;
  currencySymbol?: string;
  startDate?: LocalDateTime;
  finishDate?: LocalDateTime;
  statusDate?: LocalDateTime;
  currentDate?: LocalDateTime;
  calendarUid?: number;
  minutesPerDay?: number;
  minutesPerWeek?: number;
  daysPerMonth?: number;
  /** 0 = % complete, 1 = physical % complete. */
  defaultTaskEvMethod?: number;
  /** Which baseline MS Project measures earned value against: 0 = Baseline, 1..10 = BaselineN. */
  baselineForEarnedValue?: number;
}

export interface MspdiLink {
  predecessorUid?: number;
  /** 0 = FF, 1 = FS, 2 = SF, 3 = SS. */
  type: number;
  /** Tenths of a minute, or a percentage when `lagFormat` is a % format. */
  linkLag: number;
  lagFormat: number;
  crossProject: boolean;
}

export interface MspdiBaseline {
  /** 0 = "Baseline", 1..10 = Baseline1..Baseline10. */
  number?: number;
  start?: LocalDateTime;
  finish?: LocalDateTime;
  duration?: number;
  work?: number;
  cost?: number;
  bcws?: number;
  bcwp?: number;
}

export interface MspdiCustomValue {
  fieldId?: number;
  /** The value as written (cost fields still in hundredths: see ./map.ts). */
  value: string;
}

export interface MspdiTask {
  uid?: number;
  id?: number;
  name?: string;
  wbs?: string;
  outlineNumber?: string;
  outlineLevel?: number;
  isNull: boolean;
  summary: boolean;
  milestone: boolean;
  external: boolean;
  isSubproject: boolean;
  /** Inactive tasks (Project 2010+) are kept by MS Project but excluded from its totals. */
  active: boolean;
  start?: LocalDateTime;
  finish?: LocalDateTime;
  actualStart?: LocalDateTime;
  actualFinish?: LocalDateTime;
  duration?: number;
  durationFormat?: number;
  remainingDuration?: number;
  actualDuration?: number;
  /** TotalSlack, in working hours (the file writes tenths of a minute). */
  totalSlack?: number;
  percentComplete?: number;
  percentWorkComplete?: number;
  physicalPercentComplete?: number;
  earnedValueMethod?: number;
  cost?: number;
  actualCost?: number;
  remainingCost?: number;
  fixedCost?: number;
  /** 1 = start, 2 = end, 3 = prorated (what MS Project writes and MPXJ reads; the Project 2003 schema page's 2 = prorated, 3 = end is contradicted by every file here). */
  fixedCostAccrual?: number;
  work?: number;
  actualWork?: number;
  remainingWork?: number;
  bcws?: number;
  bcwp?: number;
  acwp?: number;
  cv?: number;
  sv?: number;
  constraintType?: number;
  constraintDate?: LocalDateTime;
  deadline?: LocalDateTime;
  calendarUid?: number;
  predecessors: MspdiLink[];
  baselines: MspdiBaseline[];
  custom: MspdiCustomValue[];
}

export interface MspdiResource {
  uid?: number;
  id?: number;
  name?: string;
  /** 0 = material, 1 = work, 2 = cost. */
  type: number;
  isCostResource: boolean;
  isBudget: boolean;
  code?: string;
  initials?: string;
  group?: string;
  materialLabel?: string;
  /** Per hour (per unit for material), NOT in hundredths. */
  standardRate?: number;
  overtimeRate?: number;
  /** Major units. */
  costPerUse?: number;
  calendarUid?: number;
  baselines: MspdiBaseline[];
  /** Resource/Rates/Rate: cost rate table entries as written (an .mpp's tables are read into the same form). */
  rates: MspdiRate[];
}

/** One cost rate table entry (MSPDI Resource/Rates/Rate). */
export interface MspdiRate {
  /** RateTable: 0..4 = A..E. */
  table?: number;
  /** RatesFrom; 1984-01-01T00:00 (MS Project's "NA" start) for the first entry. */
  from?: LocalDateTime;
  /** RatesTo: the next entry's RatesFrom; 2049-12-31T23:59 (MS Project's "NA" end) for the last. */
  to?: LocalDateTime;
  /** Per hour, not in hundredths, whatever StandardRateFormat says (as the resource's own StandardRate). */
  standardRate?: number;
  overtimeRate?: number;
  /** Major units. */
  costPerUse?: number;
}

export interface MspdiTimephased {
  /** TimephasedData Type: 1 remaining work, 2 actual work, 3 actual overtime work, 4/5 baseline work/cost, 6 actual cost, 11 task % complete, 16+6(n−1)… baseline n (see ./timephased.ts). */
  type?: number;
  start?: LocalDateTime;
  finish?: LocalDateTime;
  /** Hours for work types, major units for cost types, percent for type 11. */
  value?: number;
}

export interface MspdiAssignment {
  uid?: number;
  taskUid?: number;
  resourceUid?: number;
  units?: number;
  start?: LocalDateTime;
  finish?: LocalDateTime;
  actualStart?: LocalDateTime;
  actualFinish?: LocalDateTime;
  work?: number;
  actualWork?: number;
  remainingWork?: number;
  cost?: number;
  actualCost?: number;
  remainingCost?: number;
  bcws?: number;
  bcwp?: number;
  acwp?: number;
  /** CostRateTable: 0..4 = A..E. */
  costRateTable?: number;
  baselines: MspdiBaseline[];
  timephased: MspdiTimephased[];
}

export interface MspdiWorkingDay {
  /** 0 = exception (pre-2007 form, with `from`/`to`), 1 = Sunday … 7 = Saturday. */
  dayType?: number;
  working: boolean;
  /** Minutes after midnight, [start, end); end 1440 for a ToTime of 00:00 (midnight). */
  times: [number, number][];
  from?: LocalDateTime;
  to?: LocalDateTime;
}

export interface MspdiException {
  name?: string;
  from?: LocalDateTime;
  to?: LocalDateTime;
  /** 1 daily, 2 yearly by date, 3 yearly by position, 4 monthly by date, 5 monthly by position, 6 weekly, 7 by day count. */
  type: number;
  working: boolean;
  times: [number, number][];
  enteredByOccurrences: boolean;
  occurrences?: number;
  period?: number;
  /** Bitmask: 1 = Sunday, 2 = Monday … 64 = Saturday. */
  daysOfWeek?: number;
  /** 0-based: 0 = January. */
  month?: number;
  monthDay?: number;
  /** 0 = first … 4 = last. */
  monthPosition?: number;
  /** 3 = Sunday … 9 = Saturday (0–2: day, weekday, weekend day). */
  monthItem?: number;
}

export interface MspdiWorkWeek {
  name?: string;
  from?: LocalDateTime;
  to?: LocalDateTime;
  days: MspdiWorkingDay[];
}

export interface MspdiCalendar {
  uid?: number;
  name?: string;
  isBase: boolean;
  baseUid?: number;
  /** DayType 1..7 entries and, in files before Project 2007, DayType 0 exceptions. */
  weekDays: MspdiWorkingDay[];
  /** The Project 2007+ `Exceptions` form. */
  exceptions: MspdiException[];
  workWeeks: MspdiWorkWeek[];
}

export interface MspdiFieldDefinition {
  fieldId?: number;
  fieldName?: string;
  alias?: string;
}
