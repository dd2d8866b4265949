/**
 * Small hand-built schedules for the CPM unit tests. Calendar "std": Monday–Friday 08:00–12:00 and
 * 13:00–17:00 (8 h a day). Week used throughout: Monday 2026-01-05 … Friday 2026-01-09, then
 * Monday 2026-01-12; the data date is Monday 2026-01-05 08:00 unless a test says otherwise.
 */
import { continuousCalendar, sixDayCalendar, standardCalendar } from '../../../src/core/calendar';
import { activityResults, compileNetwork, scheduleNetwork, type ActivityCpm, type CpmOptions, type CpmSchedule } from '../../../src/core/cpm';
import { SCHEDULE_FORMAT_VERSION, type Activity, type Relationship, type Schedule, type SchedulingOptions } from '../../../src/core/model/schedule';

export interface Act {
  id: string;
  /** Working hours (ignored for milestones). */
  dur?: number;
  type?: Activity['type'];
  cal?: string;
  remaining?: number;
  actualStart?: string;
  actualFinish?: string;
  constraint?: Activity['constraint'];
  wbs?: string;
}

export type Link = [pred: string, succ: string, type?: Relationship['type'], lagHours?: number, lagCalendar?: Relationship['lagCalendar']];

export function schedule(acts: Act[], links: Link[], project: { dataDate?: string; calendar?: string; scheduling?: SchedulingOptions; wbs?: Schedule['wbs'] } = {}): Schedule {
  return {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: 'p',
      name: 'Test',
      currency: 'GBP',
      dataDate: project.dataDate ?? '2026-01-05T08:00',
      defaultCalendarId: project.calendar ?? 'std',
      ...(project.scheduling ? { scheduling: project.scheduling } : {}),
    },
    wbs: project.wbs ?? [],
    activities: acts.map(
      (a): Activity => ({
        id: a.id,
        code: a.id,
        name: `Activity ${a.id}`,
        wbsId: a.wbs ?? null,
        type: a.type ?? 'task',
        calendarId: a.cal ?? 'std',
        originalDuration: a.dur ?? 0,
        remainingDuration: a.remaining ?? (a.actualFinish ? 0 : (a.dur ?? 0)),
        actualStart: a.actualStart,
        actualFinish: a.actualFinish,
        constraint: a.constraint,
        percentCompleteType: 'duration',
        percentComplete: {},
        evTechnique: { kind: 'percent-complete' },
        budgetCost: 0,
        actualCost: 0,
        remainingCost: 0,
        budgetUnits: 0,
        actualUnits: 0,
        remainingUnits: 0,
        codes: {},
      }),
    ),
    relationships: links.map(([p, s, type = 'FS', lagHours = 0, lagCalendar]) => ({ predecessorId: p, successorId: s, type, lagHours, ...(lagCalendar ? { lagCalendar } : {}) })),
    calendars: [standardCalendar('std'), sixDayCalendar('six'), continuousCalendar('24h')],
    resources: [],
    assignments: [],
    codeTypes: [],
    snapshots: [],
    baselines: [],
    changeOrders: [],
  };
}

export interface Ran {
  run: CpmSchedule;
  /** Figures by activity id. */
  at: (id: string) => ActivityCpm;
}

/** Compiles and schedules, returning the figures by activity id. */
export function cpm(s: Schedule, options: CpmOptions = {}): Ran {
  const run = scheduleNetwork(compileNetwork(s), options);
  const byId = new Map(activityResults(run).map((r) => [r.id, r]));
  return {
    run,
    at: (id) => {
      const r = byId.get(id);
      if (!r) throw new Error(`no activity ${id}`);
      return r;
    },
  };
}

/** [earlyStart, earlyFinish, lateStart, lateFinish] of an activity, for compact assertions. */
export const dates = (r: ActivityCpm) => [r.earlyStart, r.earlyFinish, r.lateStart, r.lateFinish];
