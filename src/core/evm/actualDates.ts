/**
 * Actual dates against reported progress and the data date: starts inferred where progress was
 * reported without one, and the warning for actual dates after the data date.
 *
 * Progress reported on an activity means it has started, whatever its dates say. Activity lists
 * kept in Excel often carry % complete and actual cost but no "Actual Start" column, and P6/MS
 * Project exports can hold progress on an activity whose actual start was never set. Without a
 * start such an activity would earn nothing (EV = % complete × budget needs the work to have
 * begun), and a tracker at 60% would read as CPI 0.00. So the start is inferred: the planned start,
 * or the data date when the planned start is later (the work has begun by the data date at the
 * latest), never after an actual finish. The analysis says how many starts it inferred.
 */
import type { ColumnarActivities } from '../model/columnar';
import type { Spans } from './timephase';

export interface InferredStarts {
  /** The columns with the inferred starts filled in (the input itself when none was needed). */
  columns: ColumnarActivities;
  /** Indexes of the activities whose actual start was inferred. */
  inferred: number[];
}

/** Whether activity `i` reports any progress: % complete of its type, actual cost or units, or a finish. */
function reportsProgress(c: ColumnarActivities, i: number): boolean {
  const pct = c.pctType[i] === 0 ? c.pctPhysical[i] : c.pctType[i] === 1 ? c.pctDuration[i] : c.pctUnits[i];
  return pct > 0 || c.actualCost[i] > 0 || c.actualUnits[i] > 0 || !Number.isNaN(c.actualFinish[i]);
}

/** Fills in the actual start of every activity that reports progress at `dataDate` but has none. */
export function inferActualStarts(c: ColumnarActivities, sp: Spans, dataDate: number): InferredStarts {
  const inferred: number[] = [];
  for (let i = 0; i < c.count; i++) if (Number.isNaN(c.actualStart[i]) && reportsProgress(c, i)) inferred.push(i);
  if (inferred.length === 0) return { columns: c, inferred };
  const actualStart = Float64Array.from(c.actualStart);
  for (const i of inferred) {
    // The current plan's start, else the baseline span the engine time-phases on.
    const planned = Number.isNaN(c.plannedStart[i]) ? sp.start[i] : c.plannedStart[i];
    let start = Number.isNaN(planned) ? dataDate : Math.min(planned, dataDate);
    if (!Number.isNaN(c.actualFinish[i])) start = Math.min(start, c.actualFinish[i]);
    actualStart[i] = start;
  }
  return { columns: { ...c, actualStart }, inferred };
}

/** The warning that says what was inferred, naming the first activity so it can be found. */
export function inferredStartsWarning(c: ColumnarActivities, inferred: readonly number[]): string | null {
  if (inferred.length === 0) return null;
  const n = inferred.length;
  const first = c.code[inferred[0]] || c.id[inferred[0]];
  return `${n} activit${n === 1 ? 'y reports' : 'ies report'} progress but no actual start (${first}${n > 1 ? ' and others' : ''}): ${n === 1 ? 'its' : 'their'} actual start was inferred as the planned start, or the data date where the planned start is later, so ${n === 1 ? 'it earns' : 'they earn'} value. Add actual starts to the file to use the real dates.`;
}

/**
 * The warning for actual dates after the data date (DCMA check 9, "invalid dates"). Their progress
 * still counts (EV = % complete × budget whatever the dates, techniques.ts), so the figures match
 * the costs the file records; the planner is told where the dates disagree with the status date.
 */
export function actualsAfterDataDateWarning(c: ColumnarActivities, dataDate: number): string | null {
  let n = 0;
  let first = -1;
  for (let i = 0; i < c.count; i++) {
    if (c.actualStart[i] > dataDate || c.actualFinish[i] > dataDate) {
      if (first < 0) first = i;
      n++;
    }
  }
  if (n === 0) return null;
  const name = c.code[first] || c.id[first];
  return `${n} activit${n === 1 ? 'y has' : 'ies have'} an actual start or finish after the data date (${name}${n > 1 ? ' and others' : ''}); ${n === 1 ? 'its' : 'their'} reported progress and actuals are counted as they stand. Check the data date: one set before the last progress update does this, as does a data date at 00:00 with work recorded later that day (common in P6).`;
}
