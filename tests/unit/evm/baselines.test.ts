/**
 * Baselines (issue 14): plans from an import, applying one as the PMB, comparing two. On synthetic
 * schedules (syntheticSchedule) and the MSPDI sample with Baseline 0–10
 * (../shared/samples/schedules/mspdi/mpxj_task-baselines-project2016-mspdi.xml, EXPECTED.md A.5),
 * read in place and skipped when absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCalendar, workingMinutesBetween } from '../../../src/core/calendar';
import { analyseSchedule, applyBaseline, compareBaselines, planOfCurrent, planOfFile, planOfStored, type BaselinePlan } from '../../../src/core/evm';
import { readMspdi } from '../../../src/core/import/mspdi';
import { readXer } from '../../../src/core/import/xer';
import { syntheticSchedule, type Schedule } from '../../../src/core/model';
import { fromMinutes, toMinutes } from '../../../src/core/model/dates';
import { CALENDAR, PROJECT, PROJWBS, RSRC, TASK, TASKPRED, TASKRSRC, bytes, xer, type TableSpec } from '../import/xer/helpers';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const DAY = 24 * 60;

function schedule(): Schedule {
  return syntheticSchedule({ activities: 400, seed: 7, statusAt: 0.5 });
}

/** The plan with every date moved `days` calendar days later (budgets unchanged). */
function shifted(plan: BaselinePlan, days: number): BaselinePlan {
  const move = (d: string | undefined) => (d ? fromMinutes(toMinutes(d) + days * DAY) : undefined);
  return { ...plan, name: `${plan.name} +${days}d`, rows: plan.rows.map((r) => ({ ...r, ...(r.start ? { start: move(r.start) } : {}), ...(r.finish ? { finish: move(r.finish) } : {}) })) };
}

describe('applyBaseline', () => {
  it('the file’s own plan changes nothing: same PV, EV, AC and BAC as the import', () => {
    const s = schedule();
    const before = analyseSchedule(s, { periods: 'month' });
    const applied = applyBaseline(s, planOfFile(s));
    expect(applied.notInPlan).toBe(0);
    const after = analyseSchedule(applied.schedule, { periods: 'month' });
    for (const m of ['pv', 'ev', 'ac', 'bac'] as const) expect(after.cost[m].value).toBeCloseTo(before.cost[m].value as number, 6);
  });

  it('keeps the file’s own baseline durations, which weigh a schedule measured in duration', () => {
    const base = schedule();
    // No costs or units (the measure basis is duration), and baseline durations unlike the date
    // spans, as P6's target duration can be.
    const s: Schedule = {
      ...base,
      assignments: [],
      activities: base.activities.map((a) => ({ ...a, budgetCost: 0, actualCost: 0, remainingCost: 0, budgetUnits: 0, actualUnits: 0, remainingUnits: 0, baselineDuration: a.baselineDuration === undefined ? undefined : a.baselineDuration * 1.5 })),
    };
    const before = analyseSchedule(s, { periods: 'month' });
    expect(before.measureBasis).toBe('duration');
    const after = analyseSchedule(applyBaseline(s, planOfFile(s)).schedule, { periods: 'month' });
    expect(after.cost.bac.value).toBeCloseTo(before.cost.bac.value as number, 6);
    expect(after.cost.ev.value).toBeCloseTo(before.cost.ev.value as number, 6);
    // A plan of dates only (MS Project Baseline n holds no duration here): counted from its dates.
    const datesOnly = planOfFile(s);
    const counted = analyseSchedule(applyBaseline(s, { ...datesOnly, rows: datesOnly.rows.map(({ duration: _d, ...r }) => r) }).schedule, { periods: 'month' });
    expect(counted.cost.bac.value).toBeCloseTo((before.cost.bac.value as number) / 1.5, -2);
  });

  it('a plan with later dates lowers PV; EV, AC and BAC stay as they were', () => {
    const s = schedule();
    const before = analyseSchedule(s, { periods: 'month' });
    const after = analyseSchedule(applyBaseline(s, shifted(planOfFile(s), 60)).schedule, { periods: 'month', dataDate: before.dataDate as string });
    expect(after.cost.pv.value as number).toBeLessThan((before.cost.pv.value as number) - 1);
    expect(after.cost.ev.value).toBeCloseTo(before.cost.ev.value as number, 6);
    expect(after.cost.ac.value).toBeCloseTo(before.cost.ac.value as number, 6);
    expect(after.cost.bac.value).toBeCloseTo(before.cost.bac.value as number, 6);
  });

  it('the current plan as PMB: BAC is the cost at completion, AC unchanged, EV is % complete × the new budgets', () => {
    const s = schedule();
    const before = analyseSchedule(s, { periods: 'month' });
    const current = planOfCurrent(s);
    const after = analyseSchedule(applyBaseline(s, current).schedule, { periods: 'month', dataDate: before.dataDate as string });
    const atCompletion = sum(s.activities.filter((a) => a.type !== 'summary').map((a) => a.actualCost + a.remainingCost));
    expect(after.cost.bac.value).toBeCloseTo(atCompletion, 4);
    expect(after.cost.bac.value).not.toBeCloseTo(before.cost.bac.value as number, 0);
    expect(after.cost.ac.value).toBeCloseTo(before.cost.ac.value as number, 6);
    // EV is measured against the PMB's budgets: the share earned of each activity does not move.
    expect(after.cost.ev.value).not.toBeCloseTo(before.cost.ev.value as number, 0);
    const pctBefore = (before.cost.ev.value as number) / (before.cost.bac.value as number);
    const pctAfter = (after.cost.ev.value as number) / (after.cost.bac.value as number);
    expect(Math.abs(pctAfter - pctBefore)).toBeLessThan(0.2);
  });

  it('an activity the plan does not hold gets no budget, and a warning says how many', () => {
    const s = schedule();
    const plan = planOfFile(s);
    const dropped = plan.rows.slice(0, 5);
    const applied = applyBaseline(s, { ...plan, rows: plan.rows.slice(5) });
    expect(applied.notInPlan).toBe(5);
    for (const r of dropped) {
      const a = applied.schedule.activities.find((x) => x.id === r.activityId)!;
      expect(a.budgetCost).toBe(0);
      expect(a.baselineStart).toBeUndefined();
    }
    expect(applied.warnings[0].message).toMatch(/^5 activities are not in the performance measurement baseline/);
    const bac = analyseSchedule(applied.schedule).cost.bac.value as number;
    expect(bac).toBeCloseTo(sum(plan.rows.slice(5).map((r) => r.budgetCost ?? 0)), 4);
  });

  it('finds activities of another import by their activity ID when internal ids changed', () => {
    const s = schedule();
    const plan = shifted(planOfFile(s), 10);
    const renumbered = { ...plan, rows: plan.rows.map((r) => ({ ...r, activityId: `old-${r.activityId}` })) };
    const applied = applyBaseline(s, renumbered);
    expect(applied.notInPlan).toBe(0);
    expect(applied.removed).toBe(0);
    const a = applied.schedule.activities.find((x) => x.type !== 'summary' && x.baselineStart)!;
    const orig = s.activities.find((x) => x.id === a.id)!;
    expect(toMinutes(a.baselineStart!) - toMinutes(orig.baselineStart!)).toBe(10 * DAY);
  });
});

describe('compareBaselines', () => {
  it('a plan against itself: nothing added, removed or changed', () => {
    const s = schedule();
    const c = compareBaselines(planOfFile(s), planOfFile(s));
    expect(c.summary).toMatchObject({ added: 0, removed: 0, changed: 0, slipped: 0, budgetChange: 0, finishVariance: 0 });
    expect(c.activities.every((d) => d.status === 'unchanged')).toBe(true);
  });

  it('counts slips in working days on the activity calendar, and adds up the budget change by WBS', () => {
    const s = schedule();
    const a = planOfFile(s);
    // B: one activity finishes one calendar week later (5 working days on a Mon–Fri calendar),
    // one is removed, one is added and one costs 1000 more.
    const [slip, gone, dearer] = a.rows.filter((r) => r.start && r.finish && (r.budgetCost ?? 0) > 0);
    const rows = a.rows
      .filter((r) => r !== gone)
      .map((r) => (r === slip ? { ...r, finish: fromMinutes(toMinutes(r.finish!) + 7 * DAY) } : r === dearer ? { ...r, budgetCost: (r.budgetCost ?? 0) + 1000 } : r));
    rows.push({ activityId: 'NEW', code: 'NEW-1', name: 'Added work', wbs: slip.wbs, start: slip.start, finish: slip.finish, budgetCost: 250 });
    const c = compareBaselines(a, { ...a, name: 'B', rows });
    expect(c.summary).toMatchObject({ matched: a.rows.length - 1, added: 1, removed: 1, changed: 2, slipped: 1 });
    expect(c.summary.budgetChange).toBeCloseTo(1000 + 250 - (gone.budgetCost ?? 0), 6);
    const d = c.activities.find((x) => x.code === slip.code)!;
    const cal = s.calendars.find((x) => x.id === slip.calendarId) ?? s.calendars[0];
    const workingDaysPerWeek = cal.workWeek.filter((d) => d.length > 0).length;
    expect(d.status).toBe('changed');
    expect(d.startVariance).toBe(0);
    // Holidays can take a day off the week; never more than the work week, never less than 3.
    expect(d.finishVariance).toBeLessThanOrEqual(workingDaysPerWeek);
    expect(d.finishVariance).toBeGreaterThanOrEqual(workingDaysPerWeek - 2);
    expect(d.durationChange).toBeCloseTo(d.finishVariance as number, 9);
    expect(c.summary.biggestSlips[0].code).toBe(slip.code);
    expect(c.activities.find((x) => x.code === 'NEW-1')).toMatchObject({ status: 'added', budgetA: null, budgetB: 250, budgetChange: 250 });
    expect(c.activities.find((x) => x.code === gone.code)).toMatchObject({ status: 'removed', budgetB: null });
    // The WBS rows add up to the summary.
    expect(sum(c.wbs.map((w) => w.budgetChange))).toBeCloseTo(c.summary.budgetChange, 6);
    expect(sum(c.wbs.map((w) => w.added))).toBe(1);
    const slipWbs = c.wbs.find((w) => w.code === (slip.wbs ?? '(no WBS)'))!;
    expect(slipWbs.biggestSlip).toBe(d.finishVariance);
  });

  it('the current status against the file baseline shows the forecast slips', () => {
    const s = schedule();
    const c = compareBaselines(planOfFile(s), planOfCurrent(s));
    // A slip is later in working time on the activity's calendar (a finish moved from Friday 16:00
    // to Saturday is no slip on a Mon–Fri calendar), so the oracle counts working minutes.
    const byId = new Map(s.calendars.map((x) => [x.id, x]));
    const late = s.activities.filter((a) => {
      const now = a.actualFinish ?? a.forecastFinish ?? a.plannedFinish;
      if (a.type === 'summary' || !a.baselineFinish || !now) return false;
      const cc = compileCalendar(byId.get(a.calendarId!) ?? s.calendars[0], { calendarsById: byId });
      return workingMinutesBetween(cc, toMinutes(a.baselineFinish), toMinutes(now)) > 0;
    });
    expect(late.length).toBeGreaterThan(10);
    expect(c.summary.slipped).toBe(late.length);
  });
});

const SAMPLE = resolve(__dirname, '../../../../shared/samples/schedules/mspdi/mpxj_task-baselines-project2016-mspdi.xml');
describe.skipIf(!existsSync(SAMPLE))('MS Project Baseline 0–10 (mpxj_task-baselines-project2016-mspdi.xml, EXPECTED.md A.5)', () => {
  if (!existsSync(SAMPLE)) console.warn(`Skipped: the sample corpus is not at ${SAMPLE}.`);
  const load = () => readMspdi(new Uint8Array(readFileSync(SAMPLE)), { fileName: 'task-baselines.xml' }).schedules[0];
  const byMspId = (s: Schedule, id: number) => s.activities.find((a) => a.udf?.['msp:ID'] === id)!;

  it('Baseline k as the PMB: task ID k+1 carries budget k+1 and the Baseline k finish of task 23+k', () => {
    const s = load();
    for (const k of [1, 3, 10]) {
      const plan = planOfStored(s, `baseline-${k}`)!;
      expect(plan.name).toBe(`Baseline ${k}`);
      const applied = applyBaseline(s, plan).schedule;
      expect(byMspId(applied, k + 1).budgetCost).toBe(k + 1);
      expect(sum(applied.activities.map((a) => a.budgetCost))).toBe(k + 1);
    }
    const b3 = applyBaseline(s, planOfStored(s, 'baseline-3')!).schedule;
    // EXPECTED.md A.5: Baseline 3 Finish (task ID 26) = 04/03/2014 12:00.
    expect(byMspId(b3, 26).baselineFinish).toBe('2014-03-04T12:00');
    expect(planOfStored(s, 'baseline-11')).toBeNull();
  });

  it('Baseline 1 against Baseline 2: each holds its own eight tasks, budgets 2 → 3', () => {
    const s = load();
    const c = compareBaselines(planOfStored(s, 'baseline-1')!, planOfStored(s, 'baseline-2')!);
    expect(c.summary).toMatchObject({ activitiesA: 8, activitiesB: 8, matched: 0, added: 8, removed: 8, budgetA: 2, budgetB: 3, budgetChange: 1 });
  });
});

describe('the P6 baseline project in an XER', () => {
  it('is kept as a named baseline beside the P6 planned dates it replaced', () => {
    const project: TableSpec = { ...PROJECT, rows: [[1, 'P1', 10, 3, '2024-03-01 08:00', '2024-01-02 08:00', '', 'CP_Phys'], [3, 'P1-BL', 10, '', '2024-01-02 08:00', '2024-01-02 08:00', '', 'CP_Phys']] };
    const task: TableSpec = { ...TASK, rows: [...TASK.rows, [3001, 3, '', 10, 0, 'CP_Phys', 'TT_Task', 'TK_NotStart', 'A1010', 'Pour footings', 80, 80, '', '', '2024-01-10 08:00', '2024-01-23 16:00', '', '', '2024-01-10 08:00', '2024-01-23 16:00', '', '']] };
    const rsrc: TableSpec = { ...TASKRSRC, rows: [...TASKRSRC.rows, [9100, 3001, 3, 501, '', '', 70, 0, 0, 70, 3500, 0, 0, 3500, 'RT_Labor']] };
    const s = readXer(bytes(xer([project, CALENDAR, PROJWBS, RSRC, task, TASKPRED, rsrc])), { fileName: 'site.xer' }).schedules[0];
    expect(s.baselines.map((b) => b.name)).toEqual(['P6 baseline project P1-BL', 'P6 planned dates of P1']);
    const bl = planOfStored(s, s.baselines[0].id)!;
    const planned = planOfStored(s, 'p6-planned')!;
    // The baseline project's values are what the import measures against already.
    expect(compareBaselines(planOfFile(s), bl).summary).toMatchObject({ added: 0, changed: 0 });
    // The P6 target dates of A1010 (2024-01-09 → 01-22) sit one working day before the baseline's.
    const c = compareBaselines(planned, bl);
    const d = c.activities.find((x) => x.code === 'A1010')!;
    expect(d.startA).toBe('2024-01-09T08:00');
    expect(d.startB).toBe('2024-01-10T08:00');
    expect(d.startVariance).toBe(1);
    expect(d.finishVariance).toBe(1);
    expect(c.summary.removed).toBe(3);
  });
});
