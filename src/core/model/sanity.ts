/**
 * Dates no real project has. Scheduling tools leave such values behind (P6 exports have been seen
 * with a planned finish in the year 4637), and one of them is enough to stretch a project's time
 * axis over thousands of years and make every period-based figure meaningless. They are replaced
 * by the activity's corresponding current date where it has one (else dropped), always with a
 * warning naming the activity, so the user can fix the source.
 */
import type { Activity, Schedule } from './schedule';

/** Years outside this range are taken as corrupt (MS Project's own limits are 1984–2149). */
export const PLAUSIBLE_YEARS = { from: 1950, to: 2150 } as const;

type DateField = 'baselineStart' | 'baselineFinish' | 'plannedStart' | 'plannedFinish' | 'actualStart' | 'actualFinish' | 'forecastStart' | 'forecastFinish';

/** Where to take a replacement from, in order of preference. */
const FALLBACK: Record<DateField, DateField[]> = {
  baselineStart: ['plannedStart'],
  baselineFinish: ['plannedFinish', 'forecastFinish'],
  plannedStart: ['forecastStart', 'baselineStart'],
  plannedFinish: ['forecastFinish', 'baselineFinish'],
  actualStart: [],
  actualFinish: [],
  forecastStart: ['plannedStart'],
  forecastFinish: ['plannedFinish'],
};

const LABEL: Record<DateField, string> = {
  baselineStart: 'baseline start',
  baselineFinish: 'baseline finish',
  plannedStart: 'planned start',
  plannedFinish: 'planned finish',
  actualStart: 'actual start',
  actualFinish: 'actual finish',
  forecastStart: 'forecast start',
  forecastFinish: 'forecast finish',
};

function plausible(d: string | undefined): boolean {
  if (!d) return true;
  const y = Number(d.slice(0, 4));
  return Number.isFinite(y) && y >= PLAUSIBLE_YEARS.from && y <= PLAUSIBLE_YEARS.to;
}

/** Fixes implausible activity dates in place; returns how many were changed. */
export function repairImplausibleDates(schedule: Schedule): number {
  let changed = 0;
  const warnings = schedule.source?.warnings;
  for (const a of schedule.activities) {
    for (const field of Object.keys(FALLBACK) as DateField[]) {
      const value = a[field];
      if (plausible(value)) continue;
      const from = FALLBACK[field].find((f) => a[f] && plausible(a[f]));
      const replacement = from ? a[from] : undefined;
      setDate(a, field, replacement);
      changed++;
      warnings?.push({
        message: `Activity ${a.code} (${a.name}) has a ${LABEL[field]} of ${value}, which no real project has; ${from ? `its ${LABEL[from]} (${replacement}) is used instead` : 'it is ignored'}. Correct it in the source schedule.`,
        where: `activity ${a.code}`,
      });
    }
  }
  return changed;
}

function setDate(a: Activity, field: DateField, value: string | undefined) {
  if (value === undefined) delete a[field];
  else a[field] = value;
}
