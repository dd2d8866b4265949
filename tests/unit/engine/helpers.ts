/**
 * Small builders for hand-made schedules in the engine tests. Every default is the "nothing known"
 * value of the canonical model, so a test states only what it is about.
 */
import { continuousCalendar, standardCalendar } from '../../../src/core/calendar';
import { toMinutes } from '../../../src/core/model/dates';
import { SCHEDULE_FORMAT_VERSION, type Activity, type Calendar, type Schedule, type WbsNode } from '../../../src/core/model/schedule';

export const STANDARD = standardCalendar('standard');
export const CONTINUOUS = continuousCalendar('24h');

/** An activity with the model's defaults; give only what matters to the test. */
export function act(id: string, over: Partial<Activity> = {}): Activity {
  return {
    id,
    code: id,
    name: `Activity ${id}`,
    wbsId: null,
    type: 'task',
    percentCompleteType: 'physical',
    percentComplete: {},
    evTechnique: { kind: 'percent-complete' },
    budgetCost: 0,
    actualCost: 0,
    remainingCost: 0,
    budgetUnits: 0,
    actualUnits: 0,
    remainingUnits: 0,
    codes: {},
    ...over,
  };
}

export interface ScheduleParts {
  activities: Activity[];
  calendars?: Calendar[];
  wbs?: WbsNode[];
  dataDate?: string;
  defaultCalendarId?: string;
  snapshots?: Schedule['snapshots'];
  codeTypes?: Schedule['codeTypes'];
  measureBasis?: Schedule['project']['measureBasis'];
}

/** A schedule on the standard calendar (Mon–Fri 08:00–12:00, 13:00–17:00) unless told otherwise. */
export function schedule(p: ScheduleParts): Schedule {
  return {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: 'P1',
      code: 'P1',
      name: 'Test project',
      currency: 'GBP',
      ...(p.dataDate !== undefined ? { dataDate: p.dataDate } : {}),
      defaultCalendarId: p.defaultCalendarId ?? 'standard',
      ...(p.measureBasis !== undefined ? { measureBasis: p.measureBasis } : {}),
    },
    wbs: p.wbs ?? [],
    activities: p.activities,
    relationships: [],
    calendars: p.calendars ?? [STANDARD],
    resources: [],
    assignments: [],
    codeTypes: p.codeTypes ?? [],
    snapshots: p.snapshots ?? [],
    baselines: [],
    changeOrders: [],
  };
}

/** Epoch minutes of a local date-time. */
export const t = (s: string): number => toMinutes(s);

/** Relative closeness, for sums of many floating-point figures. */
export function relClose(a: number, b: number, rel = 1e-6): boolean {
  return Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));
}
