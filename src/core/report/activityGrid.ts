/**
 * The activity grid of a report (the P6-style columns a planner expects): ID, name, WBS, control
 * account, dates, baseline dates, % complete, budget, PV, EV and AC at the status date. PV and EV
 * per activity come from the engine's own functions, on the same columns analyseSchedule measures,
 * so the grid's columns add up to the project's PV, EV and AC (tests/unit/report check it).
 */
import { inferActualStarts } from '../evm/actualDates';
import { basisColumns, earnedValues, percentCompleteOf } from '../evm/techniques';
import { activitySpans, compileCalendars, plannedValuesAt, type SpreadProfile } from '../evm/timephase';
import type { Analysis } from '../evm/types';
import { toColumnar } from '../model/columnar';
import { fromMinutes, tryToMinutes, type LocalDateTime } from '../model/dates';
import type { Schedule } from '../model/schedule';

export interface ActivityGridRow {
  code: string;
  name: string;
  wbs: string;
  controlAccount: string;
  start: LocalDateTime | null;
  finish: LocalDateTime | null;
  /** Whether start and finish are actual dates (A in P6). */
  started: boolean;
  finished: boolean;
  baselineStart: LocalDateTime | null;
  baselineFinish: LocalDateTime | null;
  /** 0..1, of the activity's own % complete type. */
  pctComplete: number;
  /** In the analysis's measure basis. */
  budget: number;
  pv: number;
  ev: number;
  /** Null when the analysis has no actuals. */
  ac: number | null;
}

const dateOf = (m: number): LocalDateTime | null => (Number.isNaN(m) ? null : fromMinutes(m));

/** The grid at the analysis's status date and measure basis; null when the analysis has no date. */
export function activityGrid(schedule: Schedule, analysis: Pick<Analysis, 'dataDate' | 'measureBasis' | 'noActualsReason'>, profile: SpreadProfile = 'linear'): ActivityGridRow[] | null {
  const dd = analysis.dataDate ? tryToMinutes(analysis.dataDate) : null;
  if (dd === null) return null;
  const given = toColumnar(schedule);
  const sp = activitySpans(given, compileCalendars(given, schedule.project.defaultCalendarId));
  const { columns: c } = inferActualStarts(given, sp, dd);
  const cols = basisColumns(c, analysis.measureBasis, sp, dd);
  const pv = plannedValuesAt(sp, cols.budget, dd, profile);
  const ev = earnedValues(c, cols.budget, dd, pv).ev;
  const noActuals = analysis.noActualsReason !== undefined;
  const rows: ActivityGridRow[] = new Array(c.count);
  for (let i = 0; i < c.count; i++) {
    const w = c.wbsIndex[i] >= 0 ? c.wbs[c.wbsIndex[i]] : undefined;
    const ca = c.controlAccountIndex[i];
    const started = !Number.isNaN(c.actualStart[i]);
    const finished = !Number.isNaN(c.actualFinish[i]);
    const start = started ? c.actualStart[i] : !Number.isNaN(c.forecastStart[i]) ? c.forecastStart[i] : c.plannedStart[i];
    const finish = finished ? c.actualFinish[i] : !Number.isNaN(c.forecastFinish[i]) ? c.forecastFinish[i] : c.plannedFinish[i];
    rows[i] = {
      code: c.code[i],
      name: c.name[i],
      wbs: w?.code ?? '',
      controlAccount: ca >= 0 ? c.controlAccounts[ca] : '',
      start: dateOf(start),
      finish: dateOf(finish),
      started,
      finished,
      baselineStart: dateOf(c.baselineStart[i]),
      baselineFinish: dateOf(c.baselineFinish[i]),
      pctComplete: percentCompleteOf(c, i),
      budget: cols.budget[i],
      pv: pv[i],
      ev: ev[i],
      ac: noActuals ? null : cols.actual[i],
    };
  }
  return rows;
}
