/**
 * Earned value techniques and the measure basis. EV = earned fraction × the activity's BAC
 * (PMI / ANSI-748), never % × PV-to-date.
 */
import { describe, expect, it } from 'vitest';
import { basisColumns, chooseBasis, earnedValues, percentCompleteOf } from '../../../src/core/evm/techniques';
import { activitySpans, compileCalendars, plannedValuesAt } from '../../../src/core/evm/timephase';
import { toColumnar } from '../../../src/core/model/columnar';
import type { Activity } from '../../../src/core/model/schedule';
import { STANDARD, act, schedule, t } from './helpers';

const DD = '2025-01-15T17:00'; // Wednesday
const dd = t(DD);
const started = { actualStart: '2025-01-06T08:00' };
const finished = { actualStart: '2025-01-06T08:00', actualFinish: '2025-01-10T17:00' };

function columns(activities: Activity[]) {
  const c = toColumnar(schedule({ activities, calendars: [STANDARD] }));
  const sp = activitySpans(c, compileCalendars(c, 'standard'));
  return { c, sp };
}
/** EV per activity at DD, on the cost basis. */
function ev(activities: Activity[], when = dd, milestones?: Map<number, ReadonlySet<string>>) {
  const { c, sp } = columns(activities);
  const pv = plannedValuesAt(sp, c.budgetCost, when);
  return earnedValues(c, c.budgetCost, when, pv, milestones);
}

describe('percent complete of each type', () => {
  it('physical % × budget', () => {
    // 40% of £5,000 = £2,000.
    const r = ev([act('A', { ...started, budgetCost: 5_000, percentComplete: { physical: 0.4 } })]);
    expect(r.ev[0]).toBeCloseTo(2_000, 9);
    expect(r.clipped).toEqual([]);
  });

  it('duration % when given, else (original − remaining) / original', () => {
    const given = act('D1', { ...started, budgetCost: 8_000, percentCompleteType: 'duration', percentComplete: { duration: 0.25, physical: 0.9 } });
    // No duration %: original 80 h, remaining 60 h → (80 − 60)/80 = 0.25 → 2,000 of 8,000.
    const derived = act('D2', { ...started, budgetCost: 8_000, percentCompleteType: 'duration', originalDuration: 80, remainingDuration: 60 });
    const r = ev([given, derived]);
    expect(r.ev[0]).toBeCloseTo(2_000, 9); // the physical 0.9 is not this activity's type
    expect(r.ev[1]).toBeCloseTo(2_000, 9);
  });

  it('units % when given, else actual / (actual + remaining) units', () => {
    const given = act('U1', { ...started, budgetCost: 1_200, percentCompleteType: 'units', percentComplete: { units: 0.5 } });
    // 30 done, 90 to go → 30/120 = 0.25 → 300 of 1,200.
    const derived = act('U2', { ...started, budgetCost: 1_200, percentCompleteType: 'units', actualUnits: 30, remainingUnits: 90 });
    const r = ev([given, derived]);
    expect(r.ev[0]).toBeCloseTo(600, 9);
    expect(r.ev[1]).toBeCloseTo(300, 9);
  });

  it('no percentage at all: finished counts 100%, started counts 0%', () => {
    const r = ev([act('F', { ...finished, budgetCost: 700 }), act('S', { ...started, budgetCost: 700 })]);
    expect(r.ev[0]).toBe(700);
    expect(r.ev[1]).toBe(0);
  });

  it('without an actual start nothing is earned here (analyseSchedule infers starts first); an actual start after the data date still earns what is reported', () => {
    const notStarted = act('N', { budgetCost: 1_000, percentComplete: { physical: 0.5 } });
    // A P6 data date at 00:00 with the work progressed at 08:00 that day: the status is the status.
    const startsLater = act('L', { actualStart: '2025-01-20T08:00', budgetCost: 1_000, percentComplete: { physical: 0.5 } });
    const r = ev([notStarted, startsLater]);
    expect(r.ev[0]).toBe(0);
    expect(r.ev[1]).toBe(500);
    const { c } = columns([notStarted]);
    expect(percentCompleteOf(c, 0)).toBe(0);
  });

  it('progress above 100% is clipped to the budget and reported', () => {
    const over = act('O', { ...started, budgetCost: 2_000, percentComplete: { physical: 1.2 } });
    const ok = act('K', { ...started, budgetCost: 2_000, percentComplete: { physical: 0.5 } });
    const r = ev([ok, over]);
    expect(r.ev[1]).toBe(2_000);
    expect(r.clipped).toEqual([1]);
  });
});

describe('fixed x/y techniques', () => {
  const fixed = (share: number, status: Partial<Activity>) =>
    act(`X${share}`, { ...status, budgetCost: 4_000, evTechnique: { kind: 'fixed', startShare: share }, percentComplete: { physical: 0.9 } });

  it('0/100: nothing until finished, then all', () => {
    expect(ev([fixed(0, started)]).ev[0]).toBe(0);
    expect(ev([fixed(0, finished)]).ev[0]).toBe(4_000);
    expect(ev([fixed(0, {})]).ev[0]).toBe(0);
  });

  it('50/50: half at start, the rest at finish', () => {
    expect(ev([fixed(0.5, {})]).ev[0]).toBe(0);
    expect(ev([fixed(0.5, started)]).ev[0]).toBe(2_000);
    expect(ev([fixed(0.5, finished)]).ev[0]).toBe(4_000);
  });

  it('25/75: a quarter at start', () => {
    expect(ev([fixed(0.25, started)]).ev[0]).toBe(1_000);
    expect(ev([fixed(0.25, finished)]).ev[0]).toBe(4_000);
  });

  it('a finish recorded after the data date counts as reported (the analysis warns about the date)', () => {
    const lateFinish = fixed(0.25, { actualStart: '2025-01-06T08:00', actualFinish: '2025-01-20T17:00' });
    expect(ev([lateFinish]).ev[0]).toBe(4_000);
  });
});

describe('weighted milestones', () => {
  const wm = act('W', {
    ...started,
    budgetCost: 10_000,
    evTechnique: {
      kind: 'weighted-milestones',
      milestones: [
        { name: 'Design', weight: 0.2, achieved: '2025-01-10' },
        { name: 'Build', weight: 0.3, achieved: '2025-02-10' }, // after the data date
        { name: 'Test', weight: 0.5 },
      ],
    },
  });

  it('earns the weights of milestones achieved by the data date', () => {
    expect(ev([wm]).ev[0]).toBeCloseTo(2_000, 9); // 0.2 × 10,000
    // A month later Build counts too: (0.2 + 0.3) × 10,000.
    expect(ev([wm], t('2025-02-15T17:00')).ev[0]).toBeCloseTo(5_000, 9);
  });

  it('a snapshot list of achieved milestones overrides the dates', () => {
    expect(ev([wm], dd, new Map([[0, new Set(['Build', 'Test'])]])).ev[0]).toBeCloseTo(8_000, 9);
  });

  it('weights above 1 are clipped and reported', () => {
    const bad = act('B', {
      budgetCost: 1_000,
      evTechnique: { kind: 'weighted-milestones', milestones: [{ name: 'a', weight: 0.7, achieved: '2025-01-07' }, { name: 'b', weight: 0.6, achieved: '2025-01-08' }] },
    });
    const r = ev([bad]);
    expect(r.ev[0]).toBe(1_000);
    expect(r.clipped).toEqual([0]);
  });
});

describe('level of effort and apportioned effort', () => {
  it('level of effort earns what it planned: EV = PV at the data date', () => {
    // Mon 6 → Fri 17 Jan, 10 days, £10,000; by Wed 15 Jan 17:00, 8 days → PV = EV = 8,000.
    const loe = act('L', { baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000, type: 'level-of-effort', evTechnique: { kind: 'level-of-effort' } });
    expect(ev([loe]).ev[0]).toBeCloseTo(8_000, 9);
  });

  it('apportioned = factor × the combined earned share of its base activities × its own budget', () => {
    const a = act('A', { ...started, budgetCost: 1_000, percentComplete: { physical: 0.4 } }); // EV 400
    const b = act('B', { ...started, budgetCost: 3_000, percentComplete: { physical: 0.2 } }); // EV 600
    // Share = (400 + 600) / (1,000 + 3,000) = 0.25.
    const qa = act('QA', { budgetCost: 2_000, evTechnique: { kind: 'apportioned', baseActivityIds: ['A', 'B'], factor: 1 } });
    const qa12 = act('QB', { budgetCost: 2_000, evTechnique: { kind: 'apportioned', baseActivityIds: ['A', 'B'], factor: 1.2 } });
    const r = ev([qa, a, b, qa12]); // order does not matter: apportioned is computed after its bases
    expect(r.ev[0]).toBeCloseTo(500, 9); // 0.25 × 2,000
    expect(r.ev[3]).toBeCloseTo(600, 9); // 1.2 × 0.25 × 2,000
  });

  it('apportioned ignores unknown and apportioned bases, and earns 0 without a base budget', () => {
    const a = act('A', { ...started, budgetCost: 1_000, percentComplete: { physical: 0.4 } });
    const q1 = act('Q1', { budgetCost: 500, evTechnique: { kind: 'apportioned', baseActivityIds: ['A', 'nope'], factor: 1 } });
    const q2 = act('Q2', { budgetCost: 500, evTechnique: { kind: 'apportioned', baseActivityIds: ['Q1', 'nope'], factor: 1 } });
    const r = ev([a, q1, q2]);
    expect(r.ev[1]).toBeCloseTo(200, 9); // 0.4 × 500
    expect(r.ev[2]).toBe(0);
  });
});

describe('measure basis', () => {
  it('chooses cost when any activity has a budget, else units, else duration; a request wins', () => {
    const cost = columns([act('A', { budgetUnits: 10 }), act('B', { budgetCost: 1 })]).c;
    const units = columns([act('A', { budgetUnits: 10 })]).c;
    const none = columns([act('A', { baselineDuration: 40 })]).c;
    expect(chooseBasis(cost)).toBe('cost');
    expect(chooseBasis(units)).toBe('units');
    expect(chooseBasis(none)).toBe('duration');
    expect(chooseBasis(cost, 'duration')).toBe('duration');
  });

  it('units basis uses the units columns', () => {
    const { c, sp } = columns([act('A', { budgetUnits: 100, actualUnits: 30, remainingUnits: 75 })]);
    const cols = basisColumns(c, 'units', sp, dd);
    expect([cols.budget[0], cols.actual[0], cols.remaining[0]]).toEqual([100, 30, 75]);
  });

  it('duration basis: budget is baseline (else original, else spanned) working hours; actual is working hours elapsed', () => {
    const { c, sp } = columns([
      // In progress since Mon 08:00; by Wed 15 Jan 17:00: Mon–Fri 6–10 (40 h) + Mon–Wed 13–15 (24 h) = 64 h.
      act('A', { baselineDuration: 120, originalDuration: 999, actualStart: '2025-01-06T08:00' }),
      // Finished Tue 7 Jan 12:00 after starting Mon 08:00: 8 h + 4 h = 12 h. No remaining.
      act('B', { originalDuration: 16, actualStart: '2025-01-06T08:00', actualFinish: '2025-01-07T12:00' }),
      // Neither duration: the baseline span Mon 13 → Fri 17 Jan = 40 working hours. Actual duration given.
      act('C', { baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-17T17:00', actualStart: '2025-01-13T08:00', actualDuration: 5 }),
      // Started after the data date: no actual.
      act('D', { baselineDuration: 8, actualStart: '2025-01-16T08:00' }),
    ]);
    const cols = basisColumns(c, 'duration', sp, dd);
    expect(Array.from(cols.budget)).toEqual([120, 16, 40, 8]);
    expect(Array.from(cols.actual)).toEqual([64, 12, 5, 0]);
    // Remaining: budget − actual unless finished or given: 120 − 64 = 56; finished 0; 40 − 5 = 35; 8.
    expect(Array.from(cols.remaining)).toEqual([56, 0, 35, 8]);
  });
});
