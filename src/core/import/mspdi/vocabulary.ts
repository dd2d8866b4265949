/**
 * The MSPDI element names the reader looks at (MS Project's XML schema, mspdi_pj12.xsd and
 * later). Every other element is skipped without making a string of its name; see
 * ../xml/names.ts. `N.Task` etc. are the ids the scanner reports.
 */
import { NameTable } from '../xml/names';

const NAMES = [
  // Containers
  'Project', 'Calendars', 'Calendar', 'Tasks', 'Task', 'Resources', 'Resource', 'Assignments', 'Assignment',
  'ExtendedAttributes', 'ExtendedAttribute', 'PredecessorLink', 'Baseline', 'TimephasedData',
  'WeekDays', 'WeekDay', 'WorkingTimes', 'WorkingTime', 'TimePeriod', 'Exceptions', 'Exception', 'WorkWeeks', 'WorkWeek',
  // Project
  'SaveVersion', 'BuildNumber', 'Name', 'Title', 'GUID', 'Author', 'Company', 'StartDate', 'FinishDate', 'StatusDate', 'CurrentDate',
  'CurrencyCode', 'CurrencySymbol', 'CalendarUID', 'MinutesPerDay', 'MinutesPerWeek', 'DaysPerMonth', 'DefaultTaskEVMethod',
  'ScheduleFromStart', 'BaselineForEarnedValue',
  // Task
  'UID', 'ID', 'Type', 'IsNull', 'WBS', 'OutlineNumber', 'OutlineLevel', 'Start', 'Finish', 'Duration', 'DurationFormat',
  'Work', 'ActualWork', 'RemainingWork', 'Milestone', 'Summary', 'ExternalTask', 'IsSubproject', 'ActualStart', 'ActualFinish',
  'ActualDuration', 'RemainingDuration', 'PercentComplete', 'PercentWorkComplete', 'PhysicalPercentComplete', 'EarnedValueMethod',
  'Cost', 'ActualCost', 'RemainingCost', 'FixedCost', 'BCWS', 'BCWP', 'ACWP', 'CV', 'SV', 'ConstraintType', 'ConstraintDate',
  'Deadline', 'Active', 'TotalSlack', 'FixedCostAccrual',
  // PredecessorLink
  'PredecessorUID', 'LinkLag', 'LagFormat', 'CrossProject',
  // Baseline
  'Number',
  // ExtendedAttribute
  'FieldID', 'FieldName', 'Alias', 'Value',
  // Resource
  'StandardRate', 'OvertimeRate', 'CostPerUse', 'MaterialLabel', 'Code', 'Initials', 'Group', 'IsCostResource', 'IsBudget',
  'Rates', 'Rate', 'RatesFrom', 'RatesTo', 'RateTable',
  // Assignment
  'TaskUID', 'ResourceUID', 'Units', 'CostRateTable',
  // TimephasedData
  'Unit',
  // Calendar
  'IsBaseCalendar', 'BaseCalendarUID', 'DayType', 'DayWorking', 'FromTime', 'ToTime', 'FromDate', 'ToDate',
  'Occurrences', 'Period', 'DaysOfWeek', 'MonthItem', 'MonthPosition', 'Month', 'MonthDay', 'EnteredByOccurrences',
] as const;

export type MspdiName = (typeof NAMES)[number];

export const VOCABULARY = new NameTable(NAMES);

/** Name → id, e.g. `N.Task`. */
export const N = Object.freeze(Object.fromEntries(NAMES.map((n, i) => [n, i])) as Record<MspdiName, number>);
