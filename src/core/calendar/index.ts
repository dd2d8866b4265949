/**
 * Working-time calendars: presets, compilation into an O(1) index, and the arithmetic on it.
 *
 * Typical use: compile each calendar once (`compileCalendar(cal, { calendarsById })`), then call
 * the arithmetic functions with the compiled form in inner loops. Instants are `EpochMinutes`
 * (../model/dates.ts); conventions are documented in ./arithmetic.ts and ./compile.ts.
 */
export {
  STANDARD_DAY,
  continuousCalendar,
  interval,
  makeCalendar,
  mergeIntervals,
  sixDayCalendar,
  standardCalendar,
  timeOfDay,
  type MakeCalendarOptions,
} from './presets';
export {
  DEFAULT_FROM_YEAR,
  DEFAULT_TO_YEAR,
  MAX_HORIZON_YEARS,
  compileCalendar,
  type CompileOptions,
  type CompiledCalendar,
} from './compile';
export {
  addWorkingHours,
  addWorkingMinutes,
  cumulativeWorkingMinutes,
  dayIndexOfMinute,
  isWorkingTime,
  nextWorkingTime,
  previousWorkingTimeEnd,
  workingDaysBetween,
  workingHoursBetween,
  workingMinutesBetween,
  workingMinutesOnDay,
} from './arithmetic';
export { dayIndexOfDate, isoDateOfDayIndex, parseIsoDate, weekdayOfDayIndex } from './days';
