/**
 * The canonical schedule model. Every reader (XER, PMXML, MSPDI, Excel, CSV) produces a
 * `Schedule`; nothing downstream knows which file format it came from.
 *
 * Conventions (apply to every field below):
 * - Dates are `LocalDateTime` strings in the project's wall-clock time (see ./dates.ts).
 * - Fractions are 0..1, never 0..100 (a 45% complete activity has `0.45`).
 * - Durations and lags are in working hours on the calendar that governs them.
 * - Money is in the project's currency (`Project.currency`, ISO 4217), as a plain number of
 *   major units (pounds, not pence). Readers convert (MSPDI stores hundredths).
 * - Optional fields are omitted when the source does not hold them; `0` means a real zero.
 */
import type { LocalDateTime } from './dates';

export const SCHEDULE_FORMAT_VERSION = 1;

export interface Schedule {
  formatVersion: typeof SCHEDULE_FORMAT_VERSION;
  project: Project;
  wbs: WbsNode[];
  activities: Activity[];
  relationships: Relationship[];
  calendars: Calendar[];
  resources: Resource[];
  assignments: Assignment[];
  /** Activity code dictionaries (P6 activity codes, MS Project outline codes, custom fields). */
  codeTypes: CodeType[];
  /** Status at successive data dates, oldest first. The activities' own status is the latest. */
  snapshots: StatusSnapshot[];
  /** Baselines other than the one held in the activities' baseline fields. */
  baselines: Baseline[];
  changeOrders: ChangeOrder[];
  /** Where this schedule came from and what the reader had to say about it. */
  source?: SourceInfo;
}

export interface Project {
  id: string;
  /** Short code (P6 project id, MS Project file name). */
  code?: string;
  name: string;
  /** ISO 4217 currency code; GBP when the source does not say. */
  currency: string;
  /** Status date: the moment up to which actuals are reported. */
  dataDate?: LocalDateTime;
  /**
   * Where `dataDate` came from when it is not the file's own status date: the default the import
   * summary proposed and the user kept, or `chosen` when the user picked another date. Omitted:
   * the file's status date. See statusDate.ts.
   */
  dataDateSource?: StatusDateSource;
  /**
   * MS Project's current date (Project Information ▸ Current Date), kept apart from the status
   * date: MS Project measures progress at it only when no status date is set.
   */
  currentDate?: LocalDateTime;
  plannedStart?: LocalDateTime;
  plannedFinish?: LocalDateTime;
  /** Calendar used when an activity names none. */
  defaultCalendarId?: string;
  /**
   * What EV is measured in. `cost` when activities carry budgets, `units` for labour-hour
   * schedules, `duration` when a schedule has neither (EV then weighs activities by duration).
   * Omitted: chosen automatically (see evm/basis.ts).
   */
  measureBasis?: MeasureBasis;
  /** How the file's own scheduler was set to schedule (P6 SCHEDOPTIONS/PROJECT); the CPM engine's defaults apply where omitted. */
  scheduling?: SchedulingOptions;
}

/**
 * Scheduling options a file carries (P6: SCHEDOPTIONS and PROJECT columns; MS Project: project
 * properties). Every field is optional: omitted means "the file does not say", and src/core/cpm
 * then uses P6's defaults.
 */
export interface SchedulingOptions {
  /**
   * Out-of-sequence progress: true = progress override (an in-progress activity's remaining work
   * starts at the data date whatever its predecessors), false = retained logic (P6's default:
   * remaining work waits for unfinished predecessors). P6 sched_progress_override.
   */
  progressOverride?: boolean;
  /** Activities with total float at or below this many hours are critical (P6 critical_drtn_hr_cnt). */
  criticalFloatHours?: number;
  /** What makes an activity critical: its total float, or lying on the longest path (P6 critical_path_type). */
  criticalPath?: 'total-float' | 'longest-path';
  /** Start-to-start lags of started predecessors count from their actual start (true) or their remaining early start (false, P6 sched_lag_early_start_flag = Y). */
  ssLagFromActualStart?: boolean;
  /** Total float is finish float (late − early finish, P6's default), start float, or the smaller of the two (P6 sched_float_type). */
  floatType?: 'finish' | 'start' | 'smallest';
  /** Project must-finish-by date: late dates of open-ended activities count back from it (P6 PROJECT.plan_end_date). */
  mustFinishBy?: LocalDateTime;
  /**
   * Where progressed work sits in the logic. `data-date` (P6): remaining work runs from the data
   * date and nothing unfinished starts before it. `actual-progress` (MS Project, without "move
   * uncompleted parts after the status date"): remaining work resumes where the actual work
   * stopped (actual start + actual duration), finished work keeps its actual dates, and only the
   * project start bounds unstarted work.
   */
  progressFrom?: 'data-date' | 'actual-progress';
  /** Remaining work with an expected finish (Activity.expectedFinish) runs to it (P6 sched_use_expect_end_flag). */
  useExpectedFinish?: boolean;
}

export type MeasureBasis = 'cost' | 'units' | 'duration';

/**
 * Where a status date came from (model/statusDate.ts): the file's status date, MS Project's current
 * date, the latest actual date, the latest status snapshot, today (the file has no dates), chosen
 * by the user on import, or given for one analysis (the CLI's --data-date, the dashboard's control).
 */
export type StatusDateSource = 'status-date' | 'current-date' | 'latest-actual' | 'latest-snapshot' | 'today' | 'chosen' | 'given';

export interface WbsNode {
  id: string;
  parentId: string | null;
  /** The WBS code as the user sees it, e.g. `1.2.3` or `HOTEL.CIV.FND`. */
  code: string;
  name: string;
  /** Control account this element belongs to (an EVMS control account code). */
  controlAccount?: string;
  /** Order among siblings. */
  sequence?: number;
}

export type ActivityType =
  | 'task'
  | 'start-milestone'
  | 'finish-milestone'
  | 'level-of-effort'
  /** WBS summary / hammock: spans other activities, carries no work of its own. */
  | 'summary';

/** How an activity's percent complete is expressed (P6's percent complete type). */
export type PercentCompleteType = 'physical' | 'duration' | 'units';

/**
 * Earned value technique. `fixed` covers 0/100 (startShare 0), 50/50 (0.5), 25/75 (0.25) and any
 * x/y: `startShare` of the budget is earned at actual start, the rest at actual finish.
 */
export type EvTechnique =
  | { kind: 'percent-complete' }
  | { kind: 'fixed'; startShare: number }
  | { kind: 'weighted-milestones'; milestones: WeightedMilestone[] }
  | { kind: 'level-of-effort' }
  /** Earns the same percentage as its base activities' combined EV, times `factor`. */
  | { kind: 'apportioned'; baseActivityIds: string[]; factor: number };

export interface WeightedMilestone {
  name: string;
  /** Share of the activity budget; the weights of one activity sum to 1. */
  weight: number;
  /** Date achieved, when achieved. */
  achieved?: LocalDateTime;
}

export interface Activity {
  id: string;
  /** Activity ID as the user sees it (P6 task_code, MS Project ID/WBS). */
  code: string;
  name: string;
  wbsId: string | null;
  type: ActivityType;
  calendarId?: string;
  controlAccount?: string;

  baselineStart?: LocalDateTime;
  baselineFinish?: LocalDateTime;
  /** Current planned (early) dates. */
  plannedStart?: LocalDateTime;
  plannedFinish?: LocalDateTime;
  actualStart?: LocalDateTime;
  actualFinish?: LocalDateTime;
  /** Remaining/forecast dates for unfinished work. */
  forecastStart?: LocalDateTime;
  forecastFinish?: LocalDateTime;

  /** Working hours. */
  baselineDuration?: number;
  originalDuration?: number;
  remainingDuration?: number;
  actualDuration?: number;
  /**
   * Total float in working hours as the file's own scheduler computed it (P6 total_float_hr_cnt,
   * MSPDI TotalSlack); omitted when the file carries none. Negative when the activity is late.
   */
  totalFloat?: number;

  percentCompleteType: PercentCompleteType;
  /** Each kind the source holds, 0..1. */
  percentComplete: { physical?: number; duration?: number; units?: number };
  evTechnique: EvTechnique;

  /** Budget at completion of this activity (the baseline budget). */
  budgetCost: number;
  actualCost: number;
  remainingCost: number;
  budgetUnits: number;
  actualUnits: number;
  remainingUnits: number;

  /**
   * MS Project's Fixed Cost: cost of the task itself, beyond its resources' costs, in major units
   * (already inside actualCost/remainingCost/budgetCost, as MS Project's Cost includes it).
   * Omitted when 0.
   */
  fixedCost?: number;
  /** When the fixed cost is incurred: at the start, spread over the work (prorated), or at the end. Omitted when there is no fixed cost. */
  fixedCostAccrual?: FixedCostAccrual;

  /** Activity codes: code type id → code value. */
  codes: Record<string, string>;
  /** User-defined fields as the source named them. */
  udf?: Record<string, string | number>;
  constraint?: { type: string; date?: LocalDateTime };
  /**
   * When the remaining work is expected to finish (P6 expect_end_date). With the project's
   * `scheduling.useExpectedFinish`, the remaining duration runs to it.
   */
  expectedFinish?: LocalDateTime;
  /** A second constraint alongside the first (P6's secondary constraint, cstr_type2/cstr_date2). */
  secondaryConstraint?: { type: string; date?: LocalDateTime };
}

export type FixedCostAccrual = 'start' | 'prorated' | 'end';

export type RelationshipType = 'FS' | 'SS' | 'FF' | 'SF';

export interface Relationship {
  predecessorId: string;
  successorId: string;
  type: RelationshipType;
  /** Working hours; negative for a lead. */
  lagHours: number;
  /** Which calendar the lag counts on (P6 project option). Default: predecessor. */
  lagCalendar?: 'predecessor' | 'successor' | '24h' | 'project';
}

/** Working minutes within one day, [start, end) in minutes after midnight. */
export type WorkInterval = readonly [start: number, end: number];

export interface Calendar {
  id: string;
  name: string;
  /** Hours in a working day, used to express durations in days. */
  hoursPerDay: number;
  /** Seven entries, Sunday first: the working intervals of that weekday (empty = non-working). */
  workWeek: WorkInterval[][];
  /** Dates that differ from the work week: empty intervals = holiday. */
  exceptions: CalendarException[];
  baseCalendarId?: string;
}

export interface CalendarException {
  /** `YYYY-MM-DD`. */
  date: string;
  intervals: WorkInterval[];
  name?: string;
}

export type ResourceType = 'labour' | 'nonlabour' | 'material';

export interface Resource {
  id: string;
  code: string;
  name: string;
  type: ResourceType;
  /** Unit of measure for material resources (t, m³…); hours for labour. */
  unit?: string;
  /**
   * Cost per unit (per hour for labour): the rate in force now, as the source shows it (MS Project's
   * Standard Rate: cost rate table A's entry in effect at the project's current date when the file
   * was saved; P6: the RSRCRATE row in force at the data date).
   */
  rate?: number;
  calendarId?: string;
  /**
   * Dated rates, when the source has more than the one rate above: MS Project's cost rate tables
   * A–E (each a list of entries in date order), P6's RSRCRATE rows (table A). Omitted when the
   * resource has just one rate and no overtime rate or cost per use; a table that is not listed
   * has a single entry of zeros, except table A, whose single entry is `rate` (see costRates.ts).
   */
  costRates?: CostRate[];
}

/** One entry of a resource's cost rate table (MS Project Resource ▸ Costs tab; P6 resource prices). */
export interface CostRate {
  /** 0..4 = MS Project's tables A..E (P6 rates are table A). */
  table: CostRateTableIndex;
  /** First minute the entry applies; omitted for the first entry (in force since ever). */
  from?: LocalDateTime;
  /** First minute it no longer applies (the next entry's `from`); omitted for the last entry. */
  to?: LocalDateTime;
  /** Per hour for work resources (whatever unit the source displays it in: 20/min is 1200), per unit for material. */
  standardRate: number;
  /** Per hour, as standardRate. */
  overtimeRate?: number;
  /** Major currency units, charged once per assignment. */
  costPerUse?: number;
}

export type CostRateTableIndex = 0 | 1 | 2 | 3 | 4;

export interface Assignment {
  id: string;
  activityId: string;
  resourceId: string;
  budgetUnits: number;
  actualUnits: number;
  remainingUnits: number;
  budgetCost: number;
  actualCost: number;
  remainingCost: number;
  /** Period actuals or a baseline spread the source provided. */
  timephased?: TimephasedValue[];
  /** Which of the resource's cost rate tables prices this assignment (1..4 = B..E); omitted for A. */
  costRateTable?: CostRateTableIndex;
}

export interface TimephasedValue {
  kind: 'baseline-cost' | 'baseline-units' | 'actual-cost' | 'actual-units';
  start: LocalDateTime;
  finish: LocalDateTime;
  value: number;
}

export interface CodeType {
  id: string;
  name: string;
  /** value id → { code, description }. */
  values: Record<string, { code: string; description?: string; parentId?: string }>;
}

/** Progress of one activity at one data date. */
export interface ActivityStatus {
  activityId: string;
  actualStart?: LocalDateTime;
  actualFinish?: LocalDateTime;
  forecastFinish?: LocalDateTime;
  percentComplete: { physical?: number; duration?: number; units?: number };
  actualCost: number;
  actualUnits: number;
  remainingCost?: number;
  remainingUnits?: number;
  /** For weighted-milestone activities: names of milestones achieved by this date. */
  milestonesAchieved?: string[];
}

/** An immutable record of progress at a data date (one per import). */
export interface StatusSnapshot {
  id: string;
  dataDate: LocalDateTime;
  label?: string;
  activities: ActivityStatus[];
}

export interface Baseline {
  id: string;
  name: string;
  /** When this baseline was set. */
  date?: LocalDateTime;
  activities: { activityId: string; start?: LocalDateTime; finish?: LocalDateTime; budgetCost?: number; budgetUnits?: number }[];
}

export interface ChangeOrder {
  id: string;
  title: string;
  status: 'proposed' | 'approved' | 'rejected';
  date: LocalDateTime;
  /** Change to the budget (positive adds scope). */
  budgetDelta: number;
  activityIds: string[];
  description?: string;
}

export interface SourceInfo {
  format: 'xer' | 'pmxml' | 'mspdi' | 'mpx' | 'mpp' | 'asta' | 'xlsx' | 'csv' | 'json' | 'synthetic';
  fileName?: string;
  /** Application and version that wrote the file, when it says. */
  application?: string;
  warnings: ImportWarning[];
}

export interface ImportWarning {
  message: string;
  /** Where: table and row, sheet and cell, element path. */
  where?: string;
}
