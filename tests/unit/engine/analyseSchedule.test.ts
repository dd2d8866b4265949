/**
 * analyseSchedule on hand-built schedules: every number at the data date is worked out by hand.
 *
 * The schedule (standard calendar, Mon–Fri 8 h; 2025-01-06 is a Monday), data date Wed 15 Jan 17:00:
 *
 * | id | WBS             | baseline             | budget | status                          | AC    |
 * |----|-----------------|----------------------|--------|---------------------------------|-------|
 * | A1 | 1.1 Foundations | Mon 6 → Fri 17 Jan   | 10,000 | started 6 Jan, 60% physical     | 7,000 |
 * | A2 | 2 M&E           | Mon 13 → Fri 24 Jan  | 20,000 | started 15 Jan, 25% physical    | 5,500 |
 * | A3 | 1 Civils        | Mon 20 → Fri 31 Jan  | 10,000 | not started                     | 0     |
 *
 * PV at the data date: A1 8 of 10 days → 8,000; A2 3 of 10 days (13, 14, 15 Jan) → 6,000; A3 0 → 14,000.
 * EV: 0.6 × 10,000 + 0.25 × 20,000 = 11,000. AC = 12,500. BAC = 40,000.
 * SPI = 11,000 / 14,000 = 0.785714…; CPI = 11,000 / 12,500 = 0.88.
 *
 * Weekly periods end on the data date's rhythm (Wednesdays 17:00): 8, 15, 22, 29 Jan, 5 Feb.
 * Cumulative PV at those ends: 3,000 | 14,000 | 29,000 (A1 10k + A2 8/10·20k + A3 3/10·10k) |
 * 38,000 (10k + 20k + 8/10·10k) | 40,000. PD = 5, AT = 2 (the data date ends period 2).
 * ES = 1 + (11,000 − 3,000)/(14,000 − 3,000) = 1 + 8/11 = 1.727272…; SPI(t) = ES/2 = 0.863636…;
 * SV(t) = −3/11 = −0.272727…
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnalysisInputError, analyseSchedule, withSnapshot } from '../../../src/core/evm/analyseSchedule';
import type { Analysis, BreakdownNode } from '../../../src/core/evm/types';
import { toColumnar } from '../../../src/core/model/columnar';
import type { Activity, Schedule, WbsNode } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { act, relClose, schedule, t } from './helpers';

const WBS: WbsNode[] = [
  { id: 'W0', parentId: null, code: 'PRJ', name: 'Project' },
  { id: 'W1', parentId: 'W0', code: '1', name: 'Civils', controlAccount: 'CA-CIV', sequence: 1 },
  { id: 'W11', parentId: 'W1', code: '1.1', name: 'Foundations' },
  { id: 'W2', parentId: 'W0', code: '2', name: 'M&E', controlAccount: 'CA-ME', sequence: 2 },
];

function activities(): Activity[] {
  return [
    act('A1', { wbsId: 'W11', baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000, actualStart: '2025-01-06T08:00', percentComplete: { physical: 0.6 }, actualCost: 7_000, codes: { PHASE: 'DES' } }),
    act('A2', { wbsId: 'W2', baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-24T17:00', budgetCost: 20_000, actualStart: '2025-01-15T08:00', percentComplete: { physical: 0.25 }, actualCost: 5_500, codes: { PHASE: 'CON' } }),
    act('A3', { wbsId: 'W1', baselineStart: '2025-01-20T08:00', baselineFinish: '2025-01-31T17:00', budgetCost: 10_000 }),
  ];
}
const DD = '2025-01-15T17:00';
const base = (over: Partial<Parameters<typeof schedule>[0]> = {}): Schedule =>
  schedule({
    activities: activities(),
    wbs: WBS,
    dataDate: DD,
    codeTypes: [{ id: 'PHASE', name: 'Phase', values: { DES: { code: 'DES', description: 'Design' }, CON: { code: 'CON', description: 'Construction' } } }],
    ...over,
  });

const find = (n: BreakdownNode, id: string): BreakdownNode | undefined => (n.id === id ? n : n.children.map((c) => find(c, id)).find(Boolean));

describe('analyseSchedule: the status-date numbers by hand', () => {
  const a = analyseSchedule(base());

  it('PV, EV, AC, BAC, SPI, CPI at the data date', () => {
    expect(a.dataDate).toBe('2025-01-15T17:00');
    expect(a.measureBasis).toBe('cost');
    expect(a.cost.pv.value).toBeCloseTo(14_000, 6);
    expect(a.cost.ev.value).toBeCloseTo(11_000, 6);
    expect(a.cost.ac.value).toBe(12_500);
    expect(a.cost.bac.value).toBe(40_000);
    expect(a.cost.spi.value).toBeCloseTo(11 / 14, 12);
    expect(a.cost.cpi.value).toBeCloseTo(0.88, 12);
    expect(a.warnings).toEqual([]);
  });

  it('the weekly PV curve, PD, AT, ES, SPI(t), SV(t)', () => {
    expect(a.series.map((s) => s.period.end)).toEqual(['2025-01-08T17:00', '2025-01-15T17:00', '2025-01-22T17:00', '2025-01-29T17:00', '2025-02-05T17:00']);
    expect(a.series.map((s) => s.period.pv)).toEqual([3_000, 14_000, 29_000, 38_000, 40_000].map((v) => expect.closeTo(v, 6)));
    expect(a.statusPeriod).toBe(2);
    expect(a.schedule.pd.value).toBe(5);
    expect(a.schedule.at.value).toBe(2);
    expect(a.schedule.es.value).toBeCloseTo(1 + 8 / 11, 12);
    expect(a.schedule.spit.value).toBeCloseTo((1 + 8 / 11) / 2, 12);
    expect(a.schedule.svt.value).toBeCloseTo(-3 / 11, 12);
  });

  it('forecast finish: IEAC(t) with PF = 1 is AT + (PD − ES) = 5.2727… periods, i.e. 0.2727 of a week past 5 Feb 17:00', () => {
    expect(a.schedule.ieact.pf1.value).toBeCloseTo(2 + 5 - (1 + 8 / 11), 12);
    // 3/11 of a week = 2,749.09 minutes = 45 h 49 min after Wed 5 Feb 17:00 → Fri 7 Feb 14:49.
    expect(a.forecastFinish.pf1).toBe('2025-02-07T14:49');
  });

  it('without snapshots, earlier periods after the first actual start are unknown (null), not invented', () => {
    expect(a.series[0].period.ev).toBeNull();
    expect(a.series[0].period.ac).toBeNull();
    expect(a.series[0].cost).toBeNull();
    // Periods after the status have no EV/AC either.
    expect(a.series[2].period.ev).toBeNull();
    expect(a.series[1].period.ev).toBeCloseTo(11_000, 6);
    // CPI over the last 3 periods needs history 3 periods back (period −1): none.
    expect(a.cost.cpiLastN.value).toBeNull();
  });

  it('periods that end before the first actual start have EV = AC = 0', () => {
    const acts = activities();
    acts[0] = { ...acts[0], actualStart: '2025-01-09T08:00' }; // A1 started late, Thu 9 Jan
    const late = analyseSchedule(base({ activities: acts }));
    expect(late.series[0].period.ev).toBe(0);
    expect(late.series[0].period.ac).toBe(0);
    // Period 1's SPI = 0 / 3,000 = 0 and CPI undefined (AC = 0).
    expect(late.series[0].cost?.spi.value).toBe(0);
    expect(late.series[0].cost?.cpi.value).toBeNull();
  });

  it('monthly periods: AT is the fraction of January elapsed, ES a fraction of the one-period plan', () => {
    const m = analyseSchedule(base(), { periods: 'month' });
    // One period, 1 Jan → 1 Feb (31 days). Data date 15 Jan 17:00 = 14 days 17 h in = 21,180 of 44,640 minutes.
    // (Later periods exist only because the job still has work to forecast past January.)
    expect(m.series[0].period.label).toBe('2025-01');
    expect(m.statusPeriod).toBe(1);
    expect(m.schedule.at.value).toBeCloseTo(21_180 / 44_640, 12);
    // PV at the data date is still 14,000 (not January's end value); ES = 11,000 / 40,000 of period 1.
    expect(m.cost.pv.value).toBeCloseTo(14_000, 6);
    expect(m.schedule.es.value).toBeCloseTo(0.275, 12);
  });

  it('a data date before any work is planned: PV 0, SPI undefined with a reason, AT 0', () => {
    const r = analyseSchedule(base(), { dataDate: '2025-01-03T17:00' });
    expect(r.cost.pv.value).toBe(0);
    // Both actual starts are after this date: the status is counted as it stands (EV 6,000 + 5,000,
    // AC 12,500), and the dates that disagree with the data date are named.
    expect(r.cost.ev.value).toBeCloseTo(11_000, 6);
    expect(r.cost.ac.value).toBe(12_500);
    expect(r.warnings).toContain(
      '2 activities have an actual start or finish after the data date (A1 and others); their reported progress and actuals are counted as they stand. Check the data date: one set before the last progress update does this, as does a data date at 00:00 with work recorded later that day (common in P6).',
    );
    expect(r.cost.spi.value).toBeNull();
    expect(r.cost.spi.reason).toMatch(/PV = 0/);
    expect(r.schedule.at.value).toBe(0);
    expect(r.schedule.spit.value).toBeNull();
    expect(r.statusPeriod).toBe(1);
  });

  it('complete and late: ES = PD, SPI(t) = PD / AT, SPI = 1', () => {
    // Everything finished; status two weeks after the planned finish (Fri 31 Jan) on Fri 14 Feb 17:00.
    const done = activities().map((x) => ({ ...x, actualStart: x.baselineStart, actualFinish: '2025-02-14T12:00', percentComplete: { physical: 1 } }));
    const r = analyseSchedule(base({ activities: done, dataDate: '2025-02-14T17:00' }));
    // Weekly ends (Fri 17:00 rhythm) from 10 Jan: 10, 17, 24, 31 Jan (PV = BAC), 7, 14 Feb → PD 4, AT 6.
    expect(r.schedule.pd.value).toBe(4);
    expect(r.schedule.at.value).toBe(6);
    expect(r.schedule.es.value).toBe(4);
    expect(r.schedule.spit.value).toBeCloseTo(4 / 6, 12);
    expect(r.cost.spi.value).toBe(1);
  });

  it('the data date option overrides the file', () => {
    // At Fri 10 Jan 17:00: PV = A1 5/10 → 5,000 (A2 not yet due). EV and AC are the file's (status as given).
    const r = analyseSchedule(base(), { dataDate: '2025-01-10T17:00' });
    expect(r.dataDate).toBe('2025-01-10T17:00');
    expect(r.cost.pv.value).toBeCloseTo(5_000, 6);
    // A2's actual start (15 Jan) is after this data date. It used to claim nothing while its
    // 5,500 of actual cost still counted (CPI 0.48); its reported 25% now counts, with a warning.
    expect(r.cost.ev.value).toBeCloseTo(11_000, 6);
    expect(r.cost.cpi.value).toBeCloseTo(11_000 / 12_500, 12);
    expect(r.warnings.some((w) => w.startsWith('1 activity has an actual start or finish after the data date (A2)'))).toBe(true);
  });
});

describe('analyseSchedule: history from snapshots', () => {
  // Snapshot at Wed 8 Jan 17:00 (end of period 1): A1 started, 20% → EV 2,000, AC 2,500.
  const snap = { id: 'S1', dataDate: '2025-01-08T17:00', activities: [{ activityId: 'A1', actualStart: '2025-01-06T08:00', percentComplete: { physical: 0.2 }, actualCost: 2_500, actualUnits: 0 }] };

  it('gives EV and AC in the earlier period, and that period its own measures', () => {
    const a = analyseSchedule(base({ snapshots: [snap] }));
    expect(a.series[0].period.ev).toBeCloseTo(2_000, 6);
    expect(a.series[0].period.ac).toBe(2_500);
    expect(a.series[0].cost?.spi.value).toBeCloseTo(2_000 / 3_000, 12);
    expect(a.series[0].cost?.cpi.value).toBeCloseTo(0.8, 12);
    // Incremental EV in period 2 = 11,000 − 2,000.
    expect(a.series[1].incremental.ev).toBeCloseTo(9_000, 6);
  });

  it('CPI over the last n periods uses the history n periods back', () => {
    // n = 1: (11,000 − 2,000) / (12,500 − 2,500) = 0.9.
    expect(analyseSchedule(base({ snapshots: [snap] }), { lastN: 1 }).cost.cpiLastN.value).toBeCloseTo(0.9, 12);
    // n = 2: two periods back is the project start (EV = AC = 0) → 11,000 / 12,500.
    expect(analyseSchedule(base({ snapshots: [snap] }), { lastN: 2 }).cost.cpiLastN.value).toBeCloseTo(0.88, 12);
    // n = 1 without the snapshot: period 1 is unknown → null.
    expect(analyseSchedule(base(), { lastN: 1 }).cost.cpiLastN.value).toBeNull();
  });

  it('a snapshot at or after the data date is not history', () => {
    const later = { ...snap, id: 'S2', dataDate: '2025-01-22T17:00' };
    const a = analyseSchedule(base({ snapshots: [later] }));
    expect(a.series[2].period.ev).toBeNull();
    expect(a.cost.ev.value).toBeCloseTo(11_000, 6);
  });

  it('a duration-% activity that a snapshot reports finished earns its whole budget in that period', () => {
    // A1 measured by duration %, original duration 80 h. The snapshot (8 Jan) says it started 6 Jan and
    // finished 8 Jan 12:00, with no percentage: finished counts 100% → period 1 EV = 10,000, AC 9,000.
    // A snapshot cannot carry a remaining duration, so it must not be taken as "all of it remains".
    const acts = activities();
    acts[0] = { ...acts[0], percentCompleteType: 'duration', originalDuration: 80, remainingDuration: 0, actualFinish: '2025-01-08T12:00', percentComplete: {} };
    const finishedSnap = { id: 'S1', dataDate: '2025-01-08T17:00', activities: [{ activityId: 'A1', actualStart: '2025-01-06T08:00', actualFinish: '2025-01-08T12:00', percentComplete: {}, actualCost: 9_000, actualUnits: 0 }] };
    const a = analyseSchedule(base({ activities: acts, snapshots: [finishedSnap] }));
    expect(a.series[0].period.ev).toBe(10_000);
    expect(a.series[0].period.ac).toBe(9_000);
    // The latest status agrees: A1 finished → 10,000, plus A2's 5,000.
    expect(a.cost.ev.value).toBeCloseTo(15_000, 6);
  });

  it('withSnapshot replaces the status columns with the snapshot and leaves the plan alone', () => {
    const c = toColumnar(base());
    const s = withSnapshot(c, snap);
    expect(s.actualStart[0]).toBe(t('2025-01-06T08:00'));
    expect(s.pctPhysical[0]).toBe(0.2);
    expect(s.actualCost[0]).toBe(2_500);
    // Remaining cost defaults to budget − actual; remaining duration is unknown (a snapshot cannot carry it).
    expect(s.remainingCost[0]).toBe(7_500);
    expect(Number.isNaN(s.remainingDuration[0])).toBe(true);
    // Activities the snapshot does not mention had not started.
    expect(Number.isNaN(s.actualStart[1])).toBe(true);
    expect(s.actualCost[1]).toBe(0);
    expect(s.baselineStart[1]).toBe(c.baselineStart[1]);
    expect(s.budgetCost).toBe(c.budgetCost);
  });
});

describe('analyseSchedule: warnings', () => {
  it('an activity with a budget and no dates is warned about and not planned', () => {
    const a = analyseSchedule(base({ activities: [...activities(), act('U', { budgetCost: 5_000 })] }));
    expect(a.warnings).toContain('1 activity has a budget but no dates, so their budget is never planned (PV excludes it).');
    expect(a.cost.pv.value).toBeCloseTo(14_000, 6);
    expect(a.series.at(-1)?.period.pv).toBeCloseTo(40_000, 6);
    // BAC is the whole budget, so the PV curve never reaches it.
    expect(a.cost.bac.value).toBe(45_000);
  });

  it('no data date: the latest actual date is used, and the analysis says so', () => {
    const a = analyseSchedule(base({ dataDate: undefined }));
    // Latest actual: A2 started Wed 15 Jan 08:00.
    expect(a.dataDate).toBe('2025-01-15T08:00');
    expect(a.dataDateSource).toBe('latest-actual');
  });

  it('no data date anywhere but a snapshot: the latest snapshot date is used', () => {
    const s = base({ dataDate: undefined, snapshots: [{ id: 'S', dataDate: '2025-01-15T17:00', activities: [] }] });
    expect(analyseSchedule(s).dataDate).toBe('2025-01-15T17:00');
  });

  it('a schedule without costs or units is weighted by duration, and elapsed time is never AC', () => {
    const acts = activities().map((x) => ({ ...x, budgetCost: 0, actualCost: 0 }));
    const a = analyseSchedule(base({ activities: acts }));
    expect(a.measureBasis).toBe('duration');
    // The basis is labelled where the figures are shown (MEASURE_BASES), not listed as a warning to resolve.
    expect(a.warnings.some((w) => /weighted/.test(w))).toBe(false);
    // Budgets = baseline spans, 80 h each → BAC 240 h. EV = 0.6 × 80 + 0.25 × 80 = 68 h.
    expect(a.cost.bac.value).toBe(240);
    expect(a.cost.ev.value).toBeCloseTo(68, 9);
    // The 72 working hours elapsed since the actual starts used to be reported as AC (CPI 0.94).
    expect(a.noActualsReason).toBe('This schedule carries no costs or actual units.');
    expect(a.cost.ac.value).toBeNull();
    for (const m of [a.cost.cv, a.cost.cpi, a.cost.eacSelected, a.cost.etc, a.cost.vac, a.cost.tcpiBac, a.cost.tcpiEac, ...Object.values(a.cost.eac)]) {
      expect(m.value).toBeNull();
      expect(m.reason).toMatch(/needs actual cost \(AC\): this schedule carries no costs or actual units\.$/);
    }
    expect(a.cost.spi.value).not.toBeNull();
    expect(a.schedule.es.value).not.toBeNull();
    expect(a.breakdown!.cost.cpi.value).toBeNull();
    expect(a.cashFlow.every((r) => r.forecast === null && r.actual === null)).toBe(true);
  });

  it('a units-only schedule is weighted by units, and its actual units are AC', () => {
    const acts = activities().map((x) => ({ ...x, budgetCost: 0, actualCost: 0, budgetUnits: x.id === 'A2' ? 200 : 100, actualUnits: 10 }));
    const a = analyseSchedule(base({ activities: acts }));
    expect(a.measureBasis).toBe('units');
    expect(a.warnings.some((w) => /weighted/.test(w))).toBe(false);
    expect(a.cost.bac.value).toBe(400);
    expect(a.cost.ev.value).toBeCloseTo(0.6 * 100 + 0.25 * 200, 9);
    expect(a.cost.ac.value).toBe(30);
    expect(a.cost.cpi.value).toBeCloseTo(110 / 30, 9);
  });

  it('a units-only schedule with no actual units has no AC', () => {
    const acts = activities().map((x) => ({ ...x, budgetCost: 0, actualCost: 0, budgetUnits: 100, actualUnits: 0 }));
    const a = analyseSchedule(base({ activities: acts }));
    expect(a.measureBasis).toBe('units');
    expect(a.cost.ac.value).toBeNull();
    expect(a.cost.cpi.reason).toBe('CPI needs actual cost (AC): this schedule carries no costs or actual units.');
  });

  it('progress above 100% is capped and named', () => {
    const acts = activities();
    acts[0] = { ...acts[0], percentComplete: { physical: 1.3 } };
    const a = analyseSchedule(base({ activities: acts }));
    expect(a.warnings).toContain('1 activity reports progress above 100%; EV was capped at the budget (A1).');
    expect(a.cost.ev.value).toBeCloseTo(15_000, 6);
  });
});

describe('analyseSchedule: input errors say what is wrong and what to do', () => {
  const message = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(AnalysisInputError);
      return (e as Error).message;
    }
    throw new Error('expected an AnalysisInputError');
  };
  const WHAT_TO_DO = /\b(add|give|pass|check|export|use)\b/i;

  it('no activities', () => {
    const m = message(() => analyseSchedule(base({ activities: [] })));
    expect(m).toMatch(/no activities/);
    expect(m).toMatch(WHAT_TO_DO);
  });

  it('no activity has any dates', () => {
    const m = message(() => analyseSchedule(base({ activities: [act('X', { budgetCost: 100 })] })));
    expect(m).toMatch(/No activity has any dates/);
    expect(m).toMatch(WHAT_TO_DO);
  });

  it('zero budget at completion', () => {
    const milestones = [act('M', { type: 'finish-milestone', baselineStart: '2025-01-10T17:00', baselineFinish: '2025-01-10T17:00' })];
    const m = message(() => analyseSchedule(base({ activities: milestones })));
    expect(m).toBe("The schedule's budget at completion is zero in duration: add budgets or baseline durations.");
  });

  it('a data date that is not a date', () => {
    const m = message(() => analyseSchedule(base(), { dataDate: '15/01/2025' }));
    expect(m).toBe('The data date "15/01/2025" is not a date (expected YYYY-MM-DD).');
  });

  it('no data date, no actuals and no "today" to fall back on (callers pass their clock: tests/unit/model/statusDate.test.ts)', () => {
    const acts = activities().map((x) => ({ ...x, actualStart: undefined }));
    const m = message(() => analyseSchedule(base({ activities: acts, dataDate: undefined })));
    expect(m).toMatch(/no status date, no current date and no actual dates/);
    expect(m).toMatch(WHAT_TO_DO);
  });
});

describe('analyseSchedule: breakdowns', () => {
  it('by WBS: the tree with sums at every level', () => {
    const root = analyseSchedule(base()).breakdown!;
    expect(root.kind).toBe('project');
    expect(root.activityCount).toBe(3);
    expect(root.children.map((c) => c.code)).toEqual(['PRJ']);
    const prj = root.children[0];
    expect(prj.children.map((c) => c.code)).toEqual(['1', '2']);
    const civ = find(root, 'W1')!;
    const fnd = find(root, 'W11')!;
    const me = find(root, 'W2')!;
    // Foundations = A1; Civils = A3 + Foundations; M&E = A2.
    expect([fnd.cost.pv.value, fnd.cost.ev.value, fnd.cost.ac.value, fnd.cost.bac.value]).toEqual([8_000, 6_000, 7_000, 10_000].map((v) => expect.closeTo(v, 6)));
    expect([civ.cost.pv.value, civ.cost.ev.value, civ.cost.ac.value, civ.cost.bac.value]).toEqual([8_000, 6_000, 7_000, 20_000].map((v) => expect.closeTo(v, 6)));
    expect([me.cost.pv.value, me.cost.ev.value, me.cost.ac.value, me.cost.bac.value]).toEqual([6_000, 5_000, 5_500, 20_000].map((v) => expect.closeTo(v, 6)));
    expect(civ.activityCount).toBe(2);
    expect(me.cost.cpi.value).toBeCloseTo(5_000 / 5_500, 12);
    expect(prj.cost.bac.value).toBe(40_000);
  });

  it('orphans (no WBS, or an unknown WBS id) go under "(no WBS)", last', () => {
    const acts = [...activities(), act('O1', { wbsId: null, budgetCost: 300, baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-06T17:00' }), act('O2', { wbsId: 'NOPE', budgetCost: 700, baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-06T17:00' })];
    const root = analyseSchedule(base({ activities: acts })).breakdown!;
    const last = root.children.at(-1)!;
    expect(last.name).toBe('(no WBS)');
    expect(last.activityCount).toBe(2);
    expect(last.cost.bac.value).toBe(1_000);
    expect(root.cost.bac.value).toBe(41_000);
  });

  it('WBS elements without activities are pruned', () => {
    const root = analyseSchedule(base({ wbs: [...WBS, { id: 'W3', parentId: 'W0', code: '3', name: 'Empty' }] })).breakdown!;
    expect(find(root, 'W3')).toBeUndefined();
  });

  it('a cycle in the WBS parents does not hang and loses no money', () => {
    const cyclic: WbsNode[] = [
      { id: 'X', parentId: 'Y', code: 'X', name: 'X' },
      { id: 'Y', parentId: 'X', code: 'Y', name: 'Y' },
      { id: 'Z', parentId: 'Z', code: 'Z', name: 'Self' },
    ];
    const acts = activities().map((x, i) => ({ ...x, wbsId: ['X', 'Y', 'Z'][i] }));
    const root = analyseSchedule(base({ wbs: cyclic, activities: acts })).breakdown!;
    expect(root.cost.bac.value).toBe(40_000);
    expect(root.activityCount).toBe(3);
    // Each element appears exactly once in the tree.
    const seen: string[] = [];
    const walk = (n: BreakdownNode) => {
      seen.push(n.id);
      n.children.forEach(walk);
    };
    walk(root);
    expect(seen.sort()).toEqual(['P1', 'X', 'Y', 'Z']);
  });

  it('by control account, inherited from the WBS; an activity’s own account wins', () => {
    const acts = activities();
    acts[2] = { ...acts[2], controlAccount: 'CA-X' }; // A3 names its own account
    const root = analyseSchedule(base({ activities: acts }), { breakdown: 'control-account' }).breakdown!;
    expect(root.children.map((c) => [c.kind, c.code, c.activityCount, c.cost.bac.value])).toEqual([
      ['control-account', 'CA-CIV', 1, 10_000], // A1 via Foundations → Civils
      ['control-account', 'CA-ME', 1, 20_000],
      ['control-account', 'CA-X', 1, 10_000],
    ]);
    const none = analyseSchedule(base({ wbs: [] }), { breakdown: 'control-account' }).breakdown!;
    expect(none.children.map((c) => c.name)).toEqual(['(no control account)']);
  });

  it('by activity code type, with "(no Phase)" for activities without the code', () => {
    const root = analyseSchedule(base(), { breakdown: { codeTypeId: 'PHASE' } }).breakdown!;
    expect(root.children.map((c) => [c.code, c.name, c.cost.bac.value])).toEqual([
      ['DES', 'Design', 10_000],
      ['CON', 'Construction', 20_000],
      ['—', '(no Phase)', 10_000],
    ]);
    expect(root.cost.ev.value).toBeCloseTo(11_000, 6);
  });

  it('an unknown code type is an error naming it', () => {
    expect(() => analyseSchedule(base(), { breakdown: { codeTypeId: 'ZONE' } })).toThrow('No activity code type "ZONE" in this schedule.');
  });

  it('breakdown none', () => {
    expect(analyseSchedule(base(), { breakdown: 'none' }).breakdown).toBeNull();
  });
});

describe('property: roll-up additivity on synthetic schedules', () => {
  const close = (a: number | null, b: number) => a !== null && relClose(a, b, 1e-6);
  const fields = ['pv', 'ev', 'ac', 'bac'] as const;

  function checkNode(n: BreakdownNode, isProject: boolean, own?: Map<string, number>): void {
    if (n.children.length > 0) {
      const ownBac = own?.get(n.id) ?? 0;
      for (const f of fields) {
        const sumChildren = n.children.reduce((s, c) => s + (c.cost[f].value ?? NaN), 0);
        if (f === 'bac') expect(close(n.cost.bac.value, sumChildren + ownBac), `${n.id} ${f}`).toBe(true);
        else if (ownBac === 0 || isProject) expect(close(n.cost[f].value, sumChildren), `${n.id} ${f}`).toBe(true);
      }
      expect(n.activityCount).toBeGreaterThanOrEqual(n.children.reduce((s, c) => s + c.activityCount, 0));
    }
    expect(n.cost.ev.value!).toBeLessThanOrEqual(n.cost.bac.value! * (1 + 1e-12));
    n.children.forEach((c) => checkNode(c, false, own));
  }

  for (const seed of [1, 2, 3, 11, 2025]) {
    it(`seed ${seed}: every node is the sum of its children; root = totals; EV ≤ BAC; ES ≤ PD`, () => {
      const s = syntheticSchedule({ activities: 300, seed });
      // Each WBS element's own budget (activities sit on work packages only).
      const own = new Map<string, number>();
      for (const x of s.activities) own.set(x.wbsId!, (own.get(x.wbsId!) ?? 0) + x.budgetCost);
      const totalBudget = s.activities.reduce((a, x) => a + x.budgetCost, 0);

      for (const breakdown of ['wbs', 'control-account', { codeTypeId: 'PHASE' }, { codeTypeId: 'AREA' }] as const) {
        const a: Analysis = analyseSchedule(s, { breakdown });
        const root = a.breakdown!;
        for (const f of fields) expect(close(root.cost[f].value, a.cost[f].value ?? NaN), `root ${f}`).toBe(true);
        expect(close(root.cost.bac.value, totalBudget)).toBe(true);
        expect(root.activityCount).toBe(300);
        checkNode(root, true, breakdown === 'wbs' ? own : undefined);
        // Leaves in the WBS tree: BAC = Σ budgets of their own activities.
        if (breakdown === 'wbs') {
          const leaves: BreakdownNode[] = [];
          const walk = (n: BreakdownNode) => (n.children.length ? n.children.forEach(walk) : leaves.push(n));
          walk(root);
          for (const leaf of leaves) expect(close(leaf.cost.bac.value, own.get(leaf.id) ?? NaN), leaf.id).toBe(true);
        }
        expect(a.cost.ev.value!).toBeLessThanOrEqual(a.cost.bac.value!);
        expect(a.schedule.es.value!).toBeLessThanOrEqual(a.schedule.pd.value!);
        for (const p of a.series) if (p.schedule) expect(p.schedule.es.value!).toBeLessThanOrEqual(p.schedule.pd.value!);
      }
    });
  }

  it('fast-check over seeds: PV ≤ BAC, EV ≤ BAC, ES ≤ PD, final PV = BAC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 120 }), (seed, n) => {
        const a = analyseSchedule(syntheticSchedule({ activities: n, seed }), { breakdown: 'none' });
        const bac = a.cost.bac.value!;
        expect(a.cost.pv.value!).toBeLessThanOrEqual(bac * (1 + 1e-12));
        expect(a.cost.ev.value!).toBeLessThanOrEqual(bac * (1 + 1e-12));
        expect(a.schedule.es.value!).toBeLessThanOrEqual(a.schedule.pd.value!);
        expect(relClose(a.series.at(-1)!.period.pv, bac, 1e-9)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
