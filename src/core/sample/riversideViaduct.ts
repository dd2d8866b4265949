/**
 * The product tour's built-in sample project: a small synthetic rail job (twelve monthly periods,
 * five control accounts, fourteen activities) with six months of status history, run through the
 * real engine (analyseSchedule → dashboardOf: alerts and commentary), exactly as an imported schedule
 * would be. Nothing here is a customer's data; every figure the tour shows is computed from it.
 *
 * Each activity's progress is generated from a few plain assumptions (a start slip in days, a
 * speed against plan, a cost factor), so the story is consistent at every status date: piling
 * started late and costs more than planned, the deck is slipping, enabling works came in under
 * budget.
 */
import { standardCalendar } from '../calendar/presets';
import { analyseSchedule } from '../evm/analyseSchedule';
import { dashboardOf, type DashboardData } from '../insight/dashboard';
import { SCHEDULE_FORMAT_VERSION, type Activity, type ActivityStatus, type Schedule, type StatusSnapshot, type WbsNode } from '../model/schedule';

export const SAMPLE_PROJECT_NAME = 'Riverside Viaduct — Package B';

/** The sample's status date: the end of its seventh month. */
export const SAMPLE_DATA_DATE = '2025-10-31T17:00';

/** Month-end status dates before the data date (one snapshot each). */
const HISTORY_DATES = ['2025-04-30T17:00', '2025-05-30T17:00', '2025-06-30T17:00', '2025-07-31T17:00', '2025-08-29T17:00', '2025-09-30T17:00'];

const WBS: WbsNode[] = [
  { id: 'W1', parentId: null, code: '1', name: 'Enabling works & utilities', controlAccount: 'CA-100', sequence: 1 },
  { id: 'W2', parentId: null, code: '2', name: 'Piling & foundations', controlAccount: 'CA-200', sequence: 2 },
  { id: 'W3', parentId: null, code: '3', name: 'Piers & substructure', controlAccount: 'CA-300', sequence: 3 },
  { id: 'W4', parentId: null, code: '4', name: 'Deck & superstructure', controlAccount: 'CA-400', sequence: 4 },
  { id: 'W5', parentId: null, code: '5', name: 'Rail systems & commissioning', controlAccount: 'CA-500', sequence: 5 },
];

interface Plan {
  id: string;
  name: string;
  wbs: string;
  /** Baseline start and finish (dates). */
  start: string;
  finish: string;
  budget: number;
  /** Calendar days the actual start trails the baseline start. */
  slip: number;
  /** Progress rate against plan (0.8: takes 25% longer). */
  speed: number;
  /** Actual cost per pound earned. */
  cost: number;
}

const PLANS: Plan[] = [
  { id: 'A1010', name: 'Site set-up and haul roads', wbs: 'W1', start: '2025-04-01', finish: '2025-05-16', budget: 420_000, slip: 0, speed: 1.05, cost: 0.96 },
  { id: 'A1020', name: 'Utility diversions', wbs: 'W1', start: '2025-04-14', finish: '2025-07-11', budget: 680_000, slip: 5, speed: 0.95, cost: 0.94 },
  { id: 'A2010', name: 'Piling mat and trial piles', wbs: 'W2', start: '2025-05-06', finish: '2025-06-13', budget: 310_000, slip: 7, speed: 0.9, cost: 1.12 },
  { id: 'A2020', name: 'Bored piles, piers 1–6', wbs: 'W2', start: '2025-06-02', finish: '2025-08-29', budget: 1_450_000, slip: 14, speed: 0.88, cost: 1.15 },
  { id: 'A2030', name: 'Pile caps', wbs: 'W2', start: '2025-07-14', finish: '2025-10-10', budget: 860_000, slip: 21, speed: 0.9, cost: 1.1 },
  { id: 'A3010', name: 'Pier columns, piers 1–3', wbs: 'W3', start: '2025-08-04', finish: '2025-10-17', budget: 920_000, slip: 24, speed: 0.95, cost: 1.02 },
  { id: 'A3020', name: 'Pier columns, piers 4–6', wbs: 'W3', start: '2025-09-08', finish: '2025-11-21', budget: 940_000, slip: 28, speed: 0.95, cost: 1.03 },
  { id: 'A3030', name: 'Abutments and wing walls', wbs: 'W3', start: '2025-07-21', finish: '2025-11-14', budget: 780_000, slip: 7, speed: 1.0, cost: 0.99 },
  { id: 'A4010', name: 'Precast beam fabrication', wbs: 'W4', start: '2025-06-16', finish: '2025-11-28', budget: 1_650_000, slip: 10, speed: 0.85, cost: 1.01 },
  { id: 'A4020', name: 'Beam erection', wbs: 'W4', start: '2025-10-13', finish: '2026-01-23', budget: 1_120_000, slip: 21, speed: 0.9, cost: 1.0 },
  { id: 'A4030', name: 'Deck slab and parapets', wbs: 'W4', start: '2025-12-01', finish: '2026-03-06', budget: 1_240_000, slip: 0, speed: 1, cost: 1 },
  { id: 'A5010', name: 'Track bed and drainage', wbs: 'W5', start: '2026-01-12', finish: '2026-03-13', budget: 540_000, slip: 0, speed: 1, cost: 1 },
  { id: 'A5020', name: 'Overhead line equipment', wbs: 'W5', start: '2026-01-26', finish: '2026-03-20', budget: 610_000, slip: 0, speed: 1, cost: 1 },
  { id: 'A5030', name: 'Testing and commissioning', wbs: 'W5', start: '2026-03-02', finish: '2026-03-31', budget: 330_000, slip: 0, speed: 1, cost: 1 },
];

const DAY_MS = 86_400_000;
const ms = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), +(date.slice(11, 13) || 0), +(date.slice(14, 16) || 0));
const pad = (n: number) => String(n).padStart(2, '0');
/** A local date-time at a time of day, moved off the weekend (forwards for a start, backwards for a finish). */
function at(t: number, time: '08:00' | '17:00'): string {
  let d = new Date(t);
  const step = time === '08:00' ? DAY_MS : -DAY_MS;
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + step);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${time}`;
}
const round = (x: number) => Math.round(x);

interface Status {
  actualStart?: string;
  actualFinish?: string;
  forecastStart: string;
  forecastFinish: string;
  pct: number;
  actualCost: number;
  remainingCost: number;
}

/** One activity's status at a status date, from its plan and performance assumptions. */
function statusAt(p: Plan, statusDate: string): Status {
  const now = ms(statusDate);
  const bs = ms(`${p.start}T08:00`);
  const span = ms(`${p.finish}T17:00`) - bs;
  const as = ms(at(bs + p.slip * DAY_MS, '08:00'));
  const needs = span / p.speed;
  if (now <= as) {
    return { forecastStart: at(as, '08:00'), forecastFinish: at(as + needs, '17:00'), pct: 0, actualCost: 0, remainingCost: round(p.budget * p.cost) };
  }
  const pct = Math.min(1, (now - as) / needs);
  const s: Status = {
    actualStart: at(as, '08:00'),
    forecastStart: at(Math.max(as, now), '08:00'),
    forecastFinish: at(Math.max(now, as + needs), '17:00'),
    pct: Math.round(pct * 1000) / 1000,
    actualCost: round(p.budget * pct * p.cost),
    remainingCost: round(p.budget * (1 - pct) * p.cost),
  };
  if (pct >= 1) s.actualFinish = at(as + needs, '17:00');
  return s;
}

function snapshotAt(date: string, i: number): StatusSnapshot {
  const activities: ActivityStatus[] = PLANS.map((p) => {
    const s = statusAt(p, date);
    const a: ActivityStatus = { activityId: p.id, percentComplete: { physical: s.pct }, actualCost: s.actualCost, actualUnits: 0, remainingCost: s.remainingCost, remainingUnits: 0 };
    if (s.actualStart) a.actualStart = s.actualStart;
    if (s.actualFinish) a.actualFinish = s.actualFinish;
    else a.forecastFinish = s.forecastFinish;
    return a;
  });
  return { id: `S${i + 1}`, dataDate: date, label: `Status ${date.slice(0, 10)}`, activities };
}

/** The sample as a canonical schedule, as an importer would produce it. */
export function sampleSchedule(): Schedule {
  const activities: Activity[] = PLANS.map((p) => {
    const s = statusAt(p, SAMPLE_DATA_DATE);
    const a: Activity = {
      id: p.id,
      code: p.id,
      name: p.name,
      wbsId: p.wbs,
      type: 'task',
      calendarId: 'standard',
      baselineStart: `${p.start}T08:00`,
      baselineFinish: `${p.finish}T17:00`,
      plannedStart: s.actualStart ?? s.forecastStart,
      plannedFinish: s.actualFinish ?? s.forecastFinish,
      percentCompleteType: 'physical',
      percentComplete: { physical: s.pct },
      evTechnique: { kind: 'percent-complete' },
      budgetCost: p.budget,
      actualCost: s.actualCost,
      remainingCost: s.remainingCost,
      budgetUnits: 0,
      actualUnits: 0,
      remainingUnits: 0,
      codes: {},
    };
    if (s.actualStart) a.actualStart = s.actualStart;
    if (s.actualFinish) a.actualFinish = s.actualFinish;
    else {
      a.forecastStart = s.forecastStart;
      a.forecastFinish = s.forecastFinish;
    }
    return a;
  });
  return {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: 'RVB',
      code: 'RVB',
      name: SAMPLE_PROJECT_NAME,
      currency: 'GBP',
      dataDate: SAMPLE_DATA_DATE,
      plannedStart: '2025-04-01T08:00',
      plannedFinish: '2026-03-31T17:00',
      defaultCalendarId: 'standard',
    },
    wbs: WBS,
    activities,
    relationships: [],
    calendars: [standardCalendar('standard')],
    resources: [],
    assignments: [],
    codeTypes: [],
    snapshots: HISTORY_DATES.map(snapshotAt),
    baselines: [],
    changeOrders: [],
    source: { format: 'synthetic', warnings: [] },
  };
}

/** The sample's analysis, alerts and commentary: what the tour shows, as the dashboard would. */
export type SampleResults = DashboardData;

/** The sample through the engine: monthly periods, control-account breakdown, default rules. */
export function analyseSample(): SampleResults {
  const analysis = analyseSchedule(sampleSchedule(), { periods: 'month', breakdown: 'control-account' });
  return dashboardOf(analysis, { compactMoney: true });
}
