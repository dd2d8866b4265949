/**
 * MS Project's fixed cost accrual in planned value (core/evm/timephase.ts, fixedCostAccrual.ts), on
 * a hand-built week: Mon 9 – Fri 13 Feb 2026, 08:00–17:00 on the standard calendar (8 h a day,
 * 40 h), budget 1,000 of which 200 is fixed cost. The expected figures are worked out in each test
 * from PV(t) = w·[φ_s·[t > s] + (1 − φ_s − φ_e)·F(u)], not read back from the code.
 */
import { describe, expect, it } from 'vitest';
import { standardCalendar } from '../../../src/core/calendar';
import {
  activitySpans,
  analyseSchedule,
  compileCalendars,
  fixedCostAccrualNote,
  plannedValuesAt,
  remainingFixedAccrual,
  timePhase,
  withFixedCostAccrual,
  type Spans,
} from '../../../src/core/evm';
import { activityTable } from '../../../src/core/evm/activityValues';
import { FixedAccrualCode, toColumnar, toMinutes } from '../../../src/core/model';
import type { Activity, Calendar, FixedCostAccrual, Schedule } from '../../../src/core/model/schedule';

const START = '2026-02-09T08:00';
const FINISH = '2026-02-13T17:00';
const BUDGET = 1000;
const FIXED = 200;
const φ = FIXED / BUDGET;

function activity(id: string, accrual: FixedCostAccrual | undefined, over: Partial<Activity> = {}): Activity {
  return {
    id,
    code: id,
    name: `Activity ${id}`,
    wbsId: null,
    type: 'task',
    calendarId: 'cal',
    baselineStart: START,
    baselineFinish: FINISH,
    percentCompleteType: 'physical',
    percentComplete: { physical: 0 },
    evTechnique: { kind: 'percent-complete' },
    budgetCost: BUDGET,
    actualCost: 0,
    remainingCost: BUDGET,
    budgetUnits: 0,
    actualUnits: 0,
    remainingUnits: 0,
    codes: {},
    ...(accrual ? { fixedCost: FIXED, fixedCostAccrual: accrual } : {}),
    ...over,
  };
}

function calendar(holiday?: string): Calendar {
  const cal = standardCalendar('cal');
  return holiday ? { ...cal, exceptions: [{ date: holiday, intervals: [] }] } : cal;
}

function schedule(activities: Activity[], cal = calendar(), dataDate = '2026-02-11T17:00'): Schedule {
  return {
    formatVersion: 1,
    project: { id: 'p', name: 'Accrual', currency: 'GBP', dataDate, defaultCalendarId: 'cal' },
    wbs: [],
    activities,
    relationships: [],
    calendars: [cal],
    resources: [],
    codeTypes: [],
    snapshots: [],
    source: { format: 'test', fileName: 'hand-built' },
  } as unknown as Schedule;
}

/** Spans with the accrual PV honours when it is money, as the analysis builds them. */
function pvSpans(s: Schedule): { sp: Spans; plain: Spans; weights: Float64Array } {
  const c = toColumnar(s);
  const plain = activitySpans(c, compileCalendars(c, 'cal'));
  return { sp: withFixedCostAccrual(plain, c, 'cost'), plain, weights: c.budgetCost };
}

const m = toMinutes;
const pvOf = (s: Schedule, at: string) => {
  const { sp, weights } = pvSpans(s);
  return Array.from(plannedValuesAt(sp, weights, m(at)));
};

describe('columnar fixed cost accrual', () => {
  it('holds the start or finish share of the budget cost, and nothing for prorated, no fixed cost or no budget', () => {
    const c = toColumnar(
      schedule([
        activity('S', 'start'),
        activity('E', 'end'),
        activity('P', 'prorated'),
        activity('N', undefined),
        activity('Z', 'start', { budgetCost: 0, remainingCost: 0 }),
        activity('O', 'end', { fixedCost: 5000 }),
      ]),
    );
    expect(Array.from(c.fixedAt)).toEqual([FixedAccrualCode.Start, FixedAccrualCode.End, 0, 0, 0, FixedAccrualCode.End]);
    // 200 of 1,000; a fixed cost above the budget (the budget is a baseline, the fixed cost current) is capped at the whole budget.
    expect(Array.from(c.fixedShare)).toEqual([0.2, 0.2, 0, 0, 0, 1]);
  });
});

describe('plannedValuesAt with accrual', () => {
  const s = schedule([activity('S', 'start'), activity('E', 'end'), activity('P', 'prorated'), activity('N', undefined)]);
  // Working minutes elapsed since Mon 08:00, of 2,400.
  const cases: [string, number][] = [
    ['2026-02-06T12:00', 0], // before the span
    [START, 0], // at the start: nothing planned yet, not even the start share
    ['2026-02-09T08:01', 1],
    ['2026-02-09T12:00', 240],
    ['2026-02-09T12:30', 240], // lunch: no working time passes
    ['2026-02-11T17:00', 1440],
    ['2026-02-13T16:59', 2399],
  ];
  for (const [at, worked] of cases) {
    it(`at ${at}: start share all in once started, finish share none, the rest linear`, () => {
      const u = worked / 2400;
      const [pS, pE, pP, pN] = pvOf(s, at);
      const started = m(at) > m(START);
      expect(pS).toBeCloseTo(started ? BUDGET * (φ + (1 - φ) * u) : 0, 9);
      expect(pE).toBeCloseTo(BUDGET * (1 - φ) * u, 9);
      expect(pP).toBeCloseTo(BUDGET * u, 9);
      expect(pN).toBeCloseTo(BUDGET * u, 9);
    });
  }
  it('at and after the finish: the whole budget, finish share included', () => {
    for (const at of [FINISH, '2026-02-16T09:00']) expect(pvOf(s, at)).toEqual([BUDGET, BUDGET, BUDGET, BUDGET]);
  });

  it('over a holiday: the spread part stands still, the start share stays planned', () => {
    // Wednesday 11 Feb a holiday: 32 working hours; Mon 08:00 → Wed any time = 16 h done.
    const h = schedule([activity('S', 'start'), activity('E', 'end')], calendar('2026-02-11'));
    for (const at of ['2026-02-11T10:00', '2026-02-11T17:00', '2026-02-12T08:00']) {
      const [pS, pE] = pvOf(h, at);
      expect(pS).toBeCloseTo(FIXED + (BUDGET - FIXED) * 0.5, 9);
      expect(pE).toBeCloseTo((BUDGET - FIXED) * 0.5, 9);
    }
  });

  it('is not applied to hours or units: fixed cost is money', () => {
    const c = toColumnar(s);
    const plain = activitySpans(c, compileCalendars(c, 'cal'));
    expect(withFixedCostAccrual(plain, c, 'duration')).toBe(plain);
    expect(withFixedCostAccrual(plain, c, 'units')).toBe(plain);
    expect(withFixedCostAccrual(plain, c, 'cost').accrual).toBeDefined();
  });

  it('a milestone with a fixed cost plans it all at its date', () => {
    const ms = schedule([activity('M', 'start', { type: 'finish-milestone', baselineStart: FINISH })]);
    expect(pvOf(ms, '2026-02-13T16:00')).toEqual([0]);
    expect(pvOf(ms, FINISH)).toEqual([BUDGET]);
  });
});

describe('timePhase with accrual', () => {
  const acts = [activity('S', 'start'), activity('E', 'end'), activity('P', 'prorated'), activity('N', undefined, { baselineStart: '2026-02-10T08:00' })];
  const s = schedule(acts, calendar('2026-02-11'));
  // Period ends at the start itself, through the week's working days (and the holiday), and after.
  const ends = Float64Array.from(
    ['2026-02-08T00:00', START, '2026-02-09T17:00', '2026-02-10T17:00', '2026-02-11T17:00', '2026-02-12T17:00', '2026-02-13T16:00', FINISH, '2026-02-20T17:00'].map(m),
  );

  it('at every period end equals the sum of the per-activity PV at that instant', () => {
    const { sp, weights } = pvSpans(s);
    const curve = timePhase(sp, weights, ends);
    for (let k = 0; k < ends.length; k++) {
      const direct = plannedValuesAt(sp, weights, ends[k]).reduce((a, b) => a + b, 0);
      expect(curve.total[k]).toBeCloseTo(direct, 9);
    }
    // Worked out by hand for S (start share) at the end of Monday: 200 + 800 × 8/32.
    expect(plannedValuesAt(sp, weights, m('2026-02-09T17:00'))[0]).toBeCloseTo(200 + 800 * 0.25, 9);
    expect(curve.total[0]).toBe(0);
    expect(curve.total[1]).toBe(0); // a period ending at the start plans nothing
    expect(curve.total[ends.length - 1]).toBe(4 * BUDGET);
  });

  it('differs from the plain spread only by the accrued shares', () => {
    const { sp, plain, weights } = pvSpans(s);
    const withAcc = timePhase(sp, weights, ends).total;
    const without = timePhase(plain, weights, ends).total;
    // Inside the span: S is ahead by 200·(1 − F(u)), E behind by 200·F(u), so the net is 200·(1 − 2u) with S and E on the same span.
    const k = 3; // Tue 17:00: 16 of 32 working hours, u = ½
    expect(withAcc[k] - without[k]).toBeCloseTo(FIXED * (1 - 2 * 0.5), 9);
    const k1 = 2; // Mon 17:00: u = ¼
    expect(withAcc[k1] - without[k1]).toBeCloseTo(FIXED * (1 - 2 * 0.25), 9);
    expect(withAcc[ends.length - 1]).toBe(without[ends.length - 1]);
  });

  it('groups add up to the total', () => {
    const { sp, weights } = pvSpans(s);
    const groupOf = Int32Array.from([0, 1, 0, -1]);
    const curve = timePhase(sp, weights, ends, 'linear', groupOf, 2);
    const ungrouped = timePhase({ ...sp }, Float64Array.from([0, 0, 0, BUDGET]), ends).total;
    for (let k = 0; k < ends.length; k++) {
      expect(curve.byGroup![k] + curve.byGroup![ends.length + k] + ungrouped[k]).toBeCloseTo(curve.total[k], 9);
      // Group 1 is E alone.
      expect(curve.byGroup![ends.length + k]).toBeCloseTo(plannedValuesAt(sp, weights, ends[k])[1], 9);
    }
  });

  it('applies with every spread profile to the spread part only', () => {
    const { sp, weights } = pvSpans(s);
    const t = m('2026-02-10T17:00'); // u = ½
    const pv = plannedValuesAt(sp, weights, t, 'back-loaded');
    expect(pv[0]).toBeCloseTo(FIXED + (BUDGET - FIXED) * 0.25, 9);
    expect(pv[1]).toBeCloseTo((BUDGET - FIXED) * 0.25, 9);
  });
});

describe('the analysis and the activity grid', () => {
  const s = schedule([activity('S', 'start'), activity('E', 'end'), activity('P', 'prorated')], calendar(), '2026-02-11T17:00');

  it('PV at the status date includes the start share and explains the accrual', () => {
    const a = analyseSchedule(s);
    const u = 1440 / 2400;
    expect(a.cost.pv.value).toBeCloseTo(BUDGET * (φ + (1 - φ) * u) + BUDGET * (1 - φ) * u + BUDGET * u, 6);
    expect(a.cost.pv.reason).toContain("PV follows MS Project's fixed cost accrual: 2 activities plan their fixed cost (£400 in all)");
    expect(a.cost.pv.reason).toContain('1 at the start and 1 at the finish');
    expect(a.cost.pv.reason).toContain('for example, Activity S (ID S) plans its £200 fixed cost at the start.');
    expect(a.cost.pv.reason).toContain('keeps no baseline fixed cost');
    // The cash flow's planned column at the end is the whole budget, and its cumulative at the status period is the PV.
    expect(a.cashFlow.at(-1)!.cumulative.planned).toBeCloseTo(3 * BUDGET, 6);
  });

  it('the grid rows add up to the analysis PV and say how each accrues', () => {
    const t = activityTable(s);
    expect(t.rows.reduce((x, r) => x + r.pv, 0)).toBeCloseTo(analyseSchedule(s).cost.pv.value!, 6);
    expect(t.rows[0].pvNote).toBe("£200 fixed cost accrues at the start (MS Project's accrual), so PV plans it then rather than spreading it with the work.");
    expect(t.rows[1].pvNote).toContain('£200 fixed cost accrues at the finish');
    expect(t.rows[2].pvNote).toBeUndefined();
  });

  it('without accrual there is no note', () => {
    const c = toColumnar(schedule([activity('P', 'prorated')]));
    expect(fixedCostAccrualNote(c, 'GBP')).toBeNull();
    expect(analyseSchedule(schedule([activity('P', 'prorated')])).cost.pv.reason).toBeUndefined();
  });

  it('the forecast holds an unspent finish-accrued fixed cost at the forecast finish', () => {
    // E started, its 200 fixed cost unspent (MS Project charges it at the finish): of what remains
    // (600), 200 falls due at the forecast finish and 400 follows the remaining work. The same
    // activity with its fixed cost prorated spreads all 600, so the last period's share of the
    // forecast is g for it and (200 + 400·g) / 600 with the accrual.
    const started = (accrual: FixedCostAccrual) =>
      activity('E', accrual, {
        actualStart: START,
        percentComplete: { physical: 0.4 },
        actualCost: 400,
        remainingCost: 600,
        forecastStart: START,
        forecastFinish: '2026-02-27T17:00',
      });
    const lastShare = (accrual: FixedCostAccrual) => {
      const a = analyseSchedule(schedule([started(accrual)]), { periods: 'week' });
      const future = a.cashFlow.filter((r) => r.forecast !== null && r.index > a.statusPeriod);
      const total = future.reduce((x, r) => x + (r.forecast ?? 0), 0);
      expect(future.length).toBeGreaterThan(1);
      return future.at(-1)!.forecast! / total;
    };
    const g = lastShare('prorated');
    expect(g).toBeGreaterThan(0);
    expect(g).toBeLessThan(1);
    expect(lastShare('end')).toBeCloseTo((200 + 400 * g) / 600, 9);
    // Started, so a start-accrued fixed cost was charged already: what remains is spread.
    expect(lastShare('start')).toBeCloseTo(g, 9);
  });

  it('the forecast share of what remains: unspent fixed cost only, and none for a start already charged', () => {
    const c = toColumnar(
      schedule([
        activity('A', 'start'), // not started: 200 of the 1,000 remaining falls due at the start
        activity('B', 'start', { actualStart: START, actualCost: 300, remainingCost: 700 }), // charged at its start already
        activity('C', 'end', { actualStart: START, actualCost: 850, remainingCost: 150 }), // less remains than the fixed cost: all of it at the finish
        activity('D', 'end', { actualStart: START, actualFinish: FINISH, actualCost: 1000, remainingCost: 0 }), // finished
        activity('P', 'prorated'),
      ]),
    );
    const acc = remainingFixedAccrual(c, c.remainingCost, 'cost')!;
    expect(Array.from(acc.share)).toEqual([0.2, 0, 1, 0, 0]);
    expect(Array.from(acc.at)).toEqual([FixedAccrualCode.Start, 0, FixedAccrualCode.End, 0, 0]);
    expect(remainingFixedAccrual(c, c.remainingCost, 'duration')).toBeNull();
  });
});
