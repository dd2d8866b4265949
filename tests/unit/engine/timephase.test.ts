/**
 * Time-phasing: budget spread over working time on each activity's own calendar.
 * Calendar convention (src/core/calendar): the standard calendar works Mon–Fri 08:00–12:00 and
 * 13:00–17:00, 8 h a day. 2025-01-06 is a Monday.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCalendar } from '../../../src/core/calendar';
import { periodGrid } from '../../../src/core/evm/periods';
import {
  SPREAD_PROFILES,
  activitySpans,
  compileCalendars,
  plannedValuesAt,
  profileFraction,
  timePhase,
  type SpreadProfile,
} from '../../../src/core/evm/timephase';
import { toColumnar } from '../../../src/core/model/columnar';
import { fromMinutes } from '../../../src/core/model/dates';
import type { Activity } from '../../../src/core/model/schedule';
import { CONTINUOUS, STANDARD, act, relClose, schedule, t } from './helpers';

/** Spans and budgets of a hand-made schedule, ready for plannedValuesAt/timePhase. */
function phase(activities: Activity[], calendars = [STANDARD, CONTINUOUS]) {
  const s = schedule({ activities, calendars });
  const c = toColumnar(s);
  const sp = activitySpans(c, compileCalendars(c, 'standard'));
  return { c, sp, budget: c.budgetCost };
}
const pvAt = (activities: Activity[], when: string, profile: SpreadProfile = 'linear', calendars?: typeof STANDARD[]) => {
  const { sp, budget } = phase(activities, calendars);
  return Array.from(plannedValuesAt(sp, budget, t(when), profile));
};
const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((a, b) => a + b, 0);

// Ten working days, Mon 6 Jan 08:00 → Fri 17 Jan 17:00 (80 working hours), £10,000: £1,000 a working day.
const tenDays = act('A', { baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000 });

describe('plannedValuesAt: linear spread on working time', () => {
  it('a 10-working-day £10,000 activity has planned £3,000 after its third day', () => {
    // Mon, Tue, Wed worked = 3 of 10 days → 3/10 × 10,000 = 3,000.
    expect(pvAt([tenDays], '2025-01-08T17:00')[0]).toBeCloseTo(3_000, 9);
  });

  it('plans nothing before the start and the whole budget from the finish on', () => {
    expect(pvAt([tenDays], '2025-01-06T07:00')[0]).toBe(0);
    expect(pvAt([tenDays], '2025-01-06T08:00')[0]).toBe(0);
    expect(pvAt([tenDays], '2025-01-17T17:00')[0]).toBe(10_000);
    expect(pvAt([tenDays], '2025-03-01T00:00')[0]).toBe(10_000);
  });

  it('accrues within the day on working minutes only (nothing over lunch)', () => {
    // Wed 12:00: 2 days + 4 h = 20 h of 80 → 2,500. At 12:59 still lunch → 2,500. At 14:00 → 21 h → 2,625.
    expect(pvAt([tenDays], '2025-01-08T12:00')[0]).toBeCloseTo(2_500, 9);
    expect(pvAt([tenDays], '2025-01-08T12:59')[0]).toBeCloseTo(2_500, 9);
    expect(pvAt([tenDays], '2025-01-08T14:00')[0]).toBeCloseTo(2_625, 9);
  });

  it('accrues nothing over a weekend', () => {
    // End of Fri 10 Jan = 5 days = 5,000; Saturday, Sunday and Monday 07:59 are all still 5,000.
    for (const when of ['2025-01-10T17:00', '2025-01-11T12:00', '2025-01-12T23:59', '2025-01-13T07:59']) {
      expect(pvAt([tenDays], when)[0]).toBeCloseTo(5_000, 9);
    }
  });

  it('accrues nothing on a bank holiday exception (Early May bank holiday, Mon 5 May 2025)', () => {
    const uk = makeCalendar({ id: 'standard', workDays: [1, 2, 3, 4, 5], holidays: [{ date: '2025-05-05', name: 'Early May bank holiday' }] });
    // Thu 1, Fri 2, [Sat, Sun, Mon 5 off], Tue 6, Wed 7, Thu 8: five working days, £5,000 → £1,000 a day.
    const a = act('B', { baselineStart: '2025-05-01T08:00', baselineFinish: '2025-05-08T17:00', budgetCost: 5_000 });
    const at = (when: string) => pvAt([a], when, 'linear', [uk])[0];
    expect(at('2025-05-02T17:00')).toBeCloseTo(2_000, 9);
    expect(at('2025-05-03T12:00')).toBeCloseTo(2_000, 9);
    expect(at('2025-05-05T12:00')).toBeCloseTo(2_000, 9); // the holiday itself
    expect(at('2025-05-05T17:00')).toBeCloseTo(2_000, 9);
    expect(at('2025-05-06T17:00')).toBeCloseTo(3_000, 9);
    expect(at('2025-05-08T12:00')).toBeCloseTo(4_500, 9);
    // Without the holiday the same dates hold six working days: Tue 6 May end would be 4/6 × 5,000.
    expect(pvAt([a], '2025-05-06T17:00', 'linear', [STANDARD])[0]).toBeCloseTo((4 / 6) * 5_000, 9);
  });

  it('a milestone plans its whole budget at its date', () => {
    const m = act('M', { type: 'finish-milestone', baselineStart: '2025-01-10T17:00', baselineFinish: '2025-01-10T17:00', budgetCost: 1_000 });
    expect(pvAt([m], '2025-01-10T16:59')[0]).toBe(0);
    expect(pvAt([m], '2025-01-10T17:00')[0]).toBe(1_000);
  });

  // A pair with one date (a milestone holding only its finish) is dated by that date.
  it('a finish milestone with only a baseline finish is dated by it', () => {
    const m2 = act('M2', { type: 'finish-milestone', baselineFinish: '2025-01-10T17:00', budgetCost: 1_000 });
    expect(pvAt([m2], '2025-01-10T16:00')[0]).toBe(0);
    expect(pvAt([m2], '2025-01-10T17:00')[0]).toBe(1_000);
  });

  it('falls back from baseline to planned to actual dates', () => {
    const planned = act('P', { plannedStart: '2025-01-06T08:00', plannedFinish: '2025-01-17T17:00', budgetCost: 10_000 });
    const actual = act('Q', { actualStart: '2025-01-06T08:00', forecastFinish: '2025-01-17T17:00', budgetCost: 10_000 });
    expect(pvAt([planned], '2025-01-08T17:00')[0]).toBeCloseTo(3_000, 9);
    expect(pvAt([actual], '2025-01-08T17:00')[0]).toBeCloseTo(3_000, 9);
  });
});

describe('spread profiles', () => {
  it('profileFraction at u = 0.5: linear ½, front-loaded 1−(1−u)² = ¾, back-loaded u² = ¼, bell 3u²−2u³ = ½', () => {
    expect(profileFraction('linear', 0.5)).toBe(0.5);
    expect(profileFraction('front-loaded', 0.5)).toBeCloseTo(0.75, 12);
    expect(profileFraction('back-loaded', 0.5)).toBeCloseTo(0.25, 12);
    expect(profileFraction('bell', 0.5)).toBeCloseTo(0.5, 12); // 3(¼) − 2(⅛) = ¾ − ¼
  });

  it('profileFraction at u = 0.3 and clamps outside 0..1', () => {
    expect(profileFraction('front-loaded', 0.3)).toBeCloseTo(0.51, 12); // 1 − 0.7² = 1 − 0.49
    expect(profileFraction('back-loaded', 0.3)).toBeCloseTo(0.09, 12); // 0.3²
    expect(profileFraction('bell', 0.3)).toBeCloseTo(0.216, 12); // 3(0.09) − 2(0.027) = 0.27 − 0.054
    for (const p of SPREAD_PROFILES) {
      expect(profileFraction(p, -0.2)).toBe(0);
      expect(profileFraction(p, 0)).toBe(0);
      expect(profileFraction(p, 1)).toBe(1);
      expect(profileFraction(p, 1.7)).toBe(1);
    }
  });

  it('the profile is applied to working time elapsed: at the end of day 5 of 10 (u = ½)', () => {
    const at = (p: SpreadProfile) => pvAt([tenDays], '2025-01-10T17:00', p)[0];
    expect(at('linear')).toBeCloseTo(5_000, 9);
    expect(at('front-loaded')).toBeCloseTo(7_500, 9);
    expect(at('back-loaded')).toBeCloseTo(2_500, 9);
    expect(at('bell')).toBeCloseTo(5_000, 9);
    // Over the weekend u stays ½, so the front-loaded figure is unchanged on Sunday.
    expect(pvAt([tenDays], '2025-01-12T12:00', 'front-loaded')[0]).toBeCloseTo(7_500, 9);
  });
});

describe('activities on different calendars', () => {
  it('a 24-hour calendar activity plans over the weekend; a 5-day one does not', () => {
    // Both run Fri 10 Jan 08:00 → Mon 13 Jan 17:00, £8,100, observed Sun 12 Jan 12:00.
    // 5-day: Fri 8 h + Mon 8 h = 16 h; by Sunday noon 8 h → ½ → 4,050.
    // 24 h: 81 h from Fri 08:00 to Mon 17:00; by Sun 12:00, 52 h → 52/81 × 8,100 = 5,200.
    const five = act('F', { baselineStart: '2025-01-10T08:00', baselineFinish: '2025-01-13T17:00', budgetCost: 8_100, calendarId: 'standard' });
    const cont = act('C', { baselineStart: '2025-01-10T08:00', baselineFinish: '2025-01-13T17:00', budgetCost: 8_100, calendarId: '24h' });
    const [pf, pc] = pvAt([five, cont], '2025-01-12T12:00');
    expect(pf).toBeCloseTo(4_050, 9);
    expect(pc).toBeCloseTo(5_200, 9);
  });

  it('an activity naming no calendar uses the project default', () => {
    const noCal = act('N', { baselineStart: '2025-01-10T08:00', baselineFinish: '2025-01-13T17:00', budgetCost: 8_100 });
    expect(pvAt([noCal], '2025-01-12T12:00')[0]).toBeCloseTo(4_050, 9);
  });

  it('a span holding no working time (a weekend task on the 5-day calendar) is spread on elapsed time', () => {
    // Sat 00:00 → Mon 00:00 has no working minutes on the standard calendar; Sun 00:00 is half-way.
    const wk = act('W', { baselineStart: '2025-01-11T00:00', baselineFinish: '2025-01-13T00:00', budgetCost: 4_800 });
    expect(pvAt([wk], '2025-01-12T00:00')[0]).toBeCloseTo(2_400, 9);
  });
});

describe('timePhase over a period grid', () => {
  const acts = [
    tenDays,
    act('B', { baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-24T17:00', budgetCost: 20_000 }),
    act('M', { type: 'finish-milestone', baselineStart: '2025-01-24T17:00', baselineFinish: '2025-01-24T17:00', budgetCost: 500 }),
    act('U', { budgetCost: 999 }), // undated: never planned
  ];

  it('weekly cumulative PV by hand (weeks ending Friday, i.e. at Saturday 00:00)', () => {
    const { sp, budget } = phase(acts);
    const grid = periodGrid({ kind: 'week', weekEndsOn: 5 }, t('2025-01-06T08:00'), t('2025-01-24T17:00'));
    expect(Array.from(grid.ends, fromMinutes)).toEqual(['2025-01-11T00:00', '2025-01-18T00:00', '2025-01-25T00:00']);
    const { total } = timePhase(sp, budget, grid.ends);
    // Week 1: A 5/10 × 10,000 = 5,000. Week 2: A done 10,000 + B 5/10 × 20,000 = 20,000.
    // Week 3: 10,000 + 20,000 + milestone 500 = 30,500 (the undated 999 is never planned).
    expect(Array.from(total)).toEqual([5_000, 20_000, 30_500].map((v) => expect.closeTo(v, 9)));
  });

  it('final cumulative PV equals the sum of the budgets of the dated activities', () => {
    const { sp, budget } = phase(acts);
    const grid = periodGrid({ kind: 'month' }, t('2025-01-06T08:00'), t('2025-01-24T17:00'));
    const { total } = timePhase(sp, budget, grid.ends, 'bell');
    expect(total[total.length - 1]).toBeCloseTo(10_000 + 20_000 + 500, 9);
    expect(sp.undated).toEqual([3]);
  });

  it('per-group curves sum to the total', () => {
    const { sp, budget } = phase(acts);
    const grid = periodGrid({ kind: 'week', weekEndsOn: 0 }, t('2025-01-06T08:00'), t('2025-01-24T17:00'));
    const groupOf = Int32Array.from([0, 1, 1, 0]);
    const { total, byGroup, periods } = timePhase(sp, budget, grid.ends, 'front-loaded', groupOf, 2);
    expect(byGroup).not.toBeNull();
    for (let k = 0; k < periods; k++) expect(byGroup![k] + byGroup![periods + k]).toBeCloseTo(total[k], 9);
    // Group 1 (B + milestone) ends at 20,500, group 0 (A; U is undated) at 10,000.
    expect(byGroup![periods - 1]).toBeCloseTo(10_000, 9);
    expect(byGroup![2 * periods - 1]).toBeCloseTo(20_500, 9);
  });

  it('activities with group −1 count in the total only', () => {
    const { sp, budget } = phase(acts);
    const grid = periodGrid({ kind: 'month' }, t('2025-01-06T08:00'), t('2025-01-24T17:00'));
    const { total, byGroup } = timePhase(sp, budget, grid.ends, 'linear', Int32Array.from([0, -1, -1, -1]), 1);
    expect(total[0]).toBeCloseTo(30_500, 9);
    expect(byGroup![0]).toBeCloseTo(10_000, 9);
  });
});

describe('property: timePhase agrees with plannedValuesAt at every period end', () => {
  const base = t('2025-01-06T00:00');
  const minuteChoices = [0, 7 * 60, 8 * 60, 10 * 60 + 30, 12 * 60, 12 * 60 + 30, 13 * 60, 17 * 60, 22 * 60];
  const activityArb = fc.record({
    day: fc.integer({ min: 0, max: 50 }),
    minute: fc.constantFrom(...minuteChoices),
    lengthMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 25 * 1440 })),
    budget: fc.integer({ min: 0, max: 100_000 }),
    calendar: fc.constantFrom('standard', '24h'),
    group: fc.integer({ min: -1, max: 2 }),
    dated: fc.boolean(),
  });

  it('Σ plannedValuesAt(end_k) = timePhase total_k, groups sum to the total, final = Σ dated budgets', () => {
    fc.assert(
      fc.property(
        fc.array(activityArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<SpreadProfile>(...SPREAD_PROFILES),
        fc.constantFrom('week', 'month', 'week-anchored'),
        fc.integer({ min: 0, max: 60 * 1440 }),
        (specs, profile, gridKind, anchorOffset) => {
          const activities = specs.map((x, i) => {
            const s = base + x.day * 1440 + x.minute;
            return act(`A${i}`, {
              calendarId: x.calendar,
              budgetCost: x.budget,
              type: x.lengthMinutes === 0 ? 'finish-milestone' : 'task',
              ...(x.dated ? { baselineStart: fromMinutes(s), baselineFinish: fromMinutes(s + x.lengthMinutes) } : {}),
            });
          });
          const { sp, budget } = phase(activities);
          let from = Infinity;
          let to = -Infinity;
          for (let i = 0; i < activities.length; i++) {
            if (Number.isNaN(sp.start[i])) continue;
            from = Math.min(from, sp.start[i]);
            to = Math.max(to, sp.finish[i]);
          }
          if (!Number.isFinite(from)) {
            from = base;
            to = base + 1440;
          }
          const spec =
            gridKind === 'month' ? ({ kind: 'month' } as const) : gridKind === 'week' ? ({ kind: 'week' } as const) : ({ kind: 'week', anchor: base + anchorOffset } as const);
          const grid = periodGrid(spec, from, to);
          const groupOf = Int32Array.from(specs, (x) => x.group);
          const curve = timePhase(sp, budget, grid.ends, profile, groupOf, 3);
          for (let k = 0; k < grid.ends.length; k++) {
            const direct = sum(plannedValuesAt(sp, budget, grid.ends[k], profile));
            expect(relClose(curve.total[k], direct, 1e-9)).toBe(true);
            // Groups: the total less the ungrouped activities' PV.
            const ungrouped = sum(Array.from(plannedValuesAt(sp, budget, grid.ends[k], profile)).filter((_, i) => groupOf[i] < 0));
            const grouped = curve.byGroup![k] + curve.byGroup![curve.periods + k] + curve.byGroup![2 * curve.periods + k];
            expect(relClose(grouped + ungrouped, curve.total[k], 1e-9)).toBe(true);
          }
          const datedBudget = specs.reduce((a, x) => a + (x.dated ? x.budget : 0), 0);
          expect(relClose(curve.total[grid.ends.length - 1], datedBudget, 1e-9)).toBe(true);
          // Cumulative PV never falls.
          for (let k = 1; k < grid.ends.length; k++) expect(curve.total[k]).toBeGreaterThanOrEqual(curve.total[k - 1] - 1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });
});
