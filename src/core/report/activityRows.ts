/**
 * The report's activity sheet: the Activities tab's own rows (core/evm/activityValues.ts), measured
 * at the analysis's status date and basis, so a figure in the workbook is the figure on screen.
 */
import { activityTable, type ActivityRow } from '../evm/activityValues';
import type { SpreadProfile } from '../evm/timephase';
import type { Analysis } from '../evm/types';
import type { Schedule } from '../model/schedule';

/** Null when the analysis has no status date or the schedule no activities (a period table, say). */
export function reportActivityRows(schedule: Schedule, analysis: Pick<Analysis, 'dataDate' | 'measureBasis'>, profile: SpreadProfile = 'linear'): ActivityRow[] | null {
  if (!analysis.dataDate || schedule.activities.length === 0) return null;
  return activityTable(schedule, { dataDate: analysis.dataDate, basis: analysis.measureBasis, profile }).rows;
}
