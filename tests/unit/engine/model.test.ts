/**
 * The canonical model's helpers: local dates, validation of JSON documents, the columnar form and
 * the seeded synthetic generator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TechniqueCode, toColumnar } from '../../../src/core/model/columnar';
import { dateOnly, dayOfWeek, fromMinutes, startOfDay, toMinutes, tryToMinutes } from '../../../src/core/model/dates';
import { ScheduleValidationError, parseSchedule } from '../../../src/core/model/validate';
import { rng, syntheticSchedule } from '../../../src/core/model/synthetic';
import { act, schedule } from './helpers';

describe('local dates', () => {
  it('parses dates and date-times on the wall clock, rejecting impossible ones', () => {
    expect(tryToMinutes('1970-01-01')).toBe(0);
    expect(tryToMinutes('1970-01-02T01:30')).toBe(1440 + 90);
    expect(tryToMinutes(' 2025-01-06 08:00 ')).toBe(toMinutes('2025-01-06T08:00'));
    expect(tryToMinutes('2025-01-06T08:00:59')).toBe(toMinutes('2025-01-06T08:00')); // seconds ignored
    expect(tryToMinutes('2024-02-29')).not.toBeNull();
    expect(tryToMinutes('2025-02-29')).toBeNull();
    expect(tryToMinutes('2025-02-30')).toBeNull();
    expect(tryToMinutes('2025-13-01')).toBeNull();
    expect(tryToMinutes('2025-01-01T24:00')).toBe(toMinutes('2025-01-02T00:00'));
    expect(tryToMinutes('2025-01-01T24:01')).toBeNull();
    expect(tryToMinutes('31/01/2025')).toBeNull();
    expect(() => toMinutes('tomorrow')).toThrow('Not a date: "tomorrow" (expected YYYY-MM-DD or YYYY-MM-DDTHH:mm)');
  });

  it('formats back, and knows the weekday and the start of the day', () => {
    const m = toMinutes('2025-01-06T08:00'); // a Monday
    expect(fromMinutes(m)).toBe('2025-01-06T08:00');
    expect(dateOnly(m)).toBe('2025-01-06');
    expect(dayOfWeek(m)).toBe(1);
    expect(dayOfWeek(toMinutes('2025-01-05T23:59'))).toBe(0);
    expect(dayOfWeek(toMinutes('1969-12-31'))).toBe(3); // before the epoch too
    expect(fromMinutes(startOfDay(m))).toBe('2025-01-06T00:00');
  });

  it('property: fromMinutes and tryToMinutes round-trip every whole minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 60_000_000 }), (m) => {
        expect(tryToMinutes(fromMinutes(m))).toBe(m);
      }),
    );
  });
});

describe('parseSchedule', () => {
  it('a minimal document gets the defaults', () => {
    const s = parseSchedule({ project: { id: 'X' }, activities: [{ id: 'A' }] });
    expect(s.formatVersion).toBe(1);
    expect(s.project).toEqual({ id: 'X', name: 'Untitled project', currency: 'GBP' });
    expect(s.wbs).toEqual([]);
    expect(s.snapshots).toEqual([]);
    const a = s.activities[0];
    expect(a.code).toBe('A'); // the id when no code is given
    expect(a.type).toBe('task');
    expect(a.wbsId).toBeNull();
    expect(a.percentCompleteType).toBe('physical');
    expect(a.evTechnique).toEqual({ kind: 'percent-complete' });
    expect([a.budgetCost, a.actualCost, a.remainingCost, a.budgetUnits]).toEqual([0, 0, 0, 0]);
    expect(a.codes).toEqual({});
  });

  const problems = (doc: unknown): ScheduleValidationError => {
    try {
      parseSchedule(doc);
    } catch (e) {
      expect(e).toBeInstanceOf(ScheduleValidationError);
      return e as ScheduleValidationError;
    }
    throw new Error('expected a ScheduleValidationError');
  };

  it('names the path of the bad field and what was expected', () => {
    const e = problems({ project: { id: 'X' }, activities: [{ id: 'A' }, { id: 'B', percentComplete: { physical: 45 } }] });
    expect(e.issues).toEqual([{ path: 'activities[1].percentComplete.physical', message: 'expected a fraction 0..1 (45% is 0.45)' }]);
    expect(e.message).toBe('activities[1].percentComplete.physical: expected a fraction 0..1 (45% is 0.45)');
  });

  it('counts the further problems in the message', () => {
    const e = problems({
      project: { id: 'X', currency: 'pounds' },
      activities: [{ id: 'A', baselineStart: '2025-02-30' }],
      calendars: [{ id: 'C', workWeek: [[], [], [], [], [], []] }],
    });
    expect(e.issues.map((i) => i.path)).toEqual(['project.currency', 'activities[0].baselineStart', 'calendars[0].workWeek']);
    expect(e.issues.map((i) => i.message)).toEqual([
      'expected an ISO 4217 code such as GBP',
      'expected a date YYYY-MM-DD or YYYY-MM-DDTHH:mm',
      'expected seven weekdays, Sunday first',
    ]);
    expect(e.message).toBe('project.currency: expected an ISO 4217 code such as GBP (and 2 more problems)');
  });

  it('a duplicate activity id', () => {
    const e = problems({ project: { id: 'X' }, activities: [{ id: 'A' }, { id: 'B' }, { id: 'A' }] });
    expect(e.message).toBe('activities[2].id: duplicate activity id "A"');
  });

  it('a whole document that is not an object', () => {
    expect(problems([1, 2, 3]).message).toMatch(/^document: /);
  });

  it('accepts what the synthetic generator writes, unchanged in every analysed field', () => {
    const s = syntheticSchedule({ activities: 60, seed: 5 });
    const back = parseSchedule(JSON.parse(JSON.stringify(s)));
    expect(back.activities).toEqual(s.activities);
    expect(back.wbs).toEqual(s.wbs);
    expect(back.calendars).toEqual(s.calendars);
    expect(back.project).toEqual(s.project);
  });

  // A saved schedule must load back whole: provenance, warnings and time-phased values included.
  it('a saved schedule keeps its source info and time-phased assignment values when reloaded', () => {
    const s = schedule({ activities: [act('A')] });
    s.source = { format: 'xer', fileName: 'plan.xer', warnings: [{ message: 'Calendar 7 has no hours', where: 'CALENDAR row 7' }] };
    s.resources = [{ id: 'R', code: 'R', name: 'Fitter', type: 'labour' }];
    s.assignments = [
      { id: 'X', activityId: 'A', resourceId: 'R', budgetUnits: 8, actualUnits: 0, remainingUnits: 8, budgetCost: 400, actualCost: 0, remainingCost: 400, timephased: [{ kind: 'baseline-cost', start: '2025-01-06T08:00', finish: '2025-01-06T17:00', value: 400 }] },
    ];
    const back = parseSchedule(JSON.parse(JSON.stringify(s)));
    expect(back.source).toEqual(s.source);
    expect(back.assignments[0].timephased).toEqual(s.assignments[0].timephased);
  });

  it('a mistyped activity field is an error naming it, not a silent zero budget', () => {
    const doc = JSON.parse(JSON.stringify(schedule({ activities: [act('A')] })));
    doc.activities[0].budgetcost = 5000;
    expect(() => parseSchedule(doc)).toThrow(/activities\[0\].*budgetcost/);
  });
});

describe('toColumnar', () => {
  const s = schedule({
    wbs: [
      { id: 'W1', parentId: null, code: '1', name: 'One', controlAccount: 'CA-1' },
      { id: 'W11', parentId: 'W1', code: '1.1', name: 'One.one' },
      { id: 'W2', parentId: null, code: '2', name: 'Two' },
    ],
    activities: [
      act('A', { wbsId: 'W11', baselineStart: '2025-01-06T08:00', percentComplete: { units: 0.5 }, evTechnique: { kind: 'fixed', startShare: 0.25 }, budgetCost: 100 }),
      act('B', { wbsId: 'W2', controlAccount: 'CA-B', type: 'finish-milestone', calendarId: 'standard', evTechnique: { kind: 'weighted-milestones', milestones: [{ name: 'm', weight: 1 }] } }),
      act('C', { wbsId: 'nope', calendarId: 'nope', evTechnique: { kind: 'apportioned', baseActivityIds: ['A'], factor: 1.5 }, budgetCost: Number.NaN }),
      act('D', { wbsId: null, type: 'level-of-effort', evTechnique: { kind: 'level-of-effort' } }),
    ],
  });
  const c = toColumnar(s);

  it('indexes WBS and calendars, -1 when missing or unknown', () => {
    expect(c.count).toBe(4);
    expect(Array.from(c.wbsIndex)).toEqual([1, 2, -1, -1]);
    expect(Array.from(c.calendarIndex)).toEqual([-1, 0, -1, -1]);
    expect(Array.from(c.type)).toEqual([0, 2, 0, 3]); // task, finish-milestone, task, level-of-effort
  });

  it('control accounts: own, else inherited up the WBS, else none', () => {
    expect(c.controlAccounts).toEqual(['CA-1', 'CA-B']);
    expect(Array.from(c.controlAccountIndex)).toEqual([0, 1, -1, -1]);
  });

  it('missing dates and percentages are NaN; missing money is 0', () => {
    expect(c.baselineStart[0]).toBe(toMinutes('2025-01-06T08:00'));
    expect(Number.isNaN(c.baselineFinish[0])).toBe(true);
    expect(c.pctUnits[0]).toBe(0.5);
    expect(Number.isNaN(c.pctPhysical[0])).toBe(true);
    expect(c.budgetCost[2]).toBe(0);
    expect(Number.isNaN(c.originalDuration[0])).toBe(true);
  });

  it('EV techniques as codes, parameters and details', () => {
    expect(Array.from(c.technique)).toEqual([TechniqueCode.Fixed, TechniqueCode.WeightedMilestones, TechniqueCode.Apportioned, TechniqueCode.LevelOfEffort]);
    expect(c.techniqueParam[0]).toBe(0.25);
    expect(c.techniqueParam[2]).toBe(1.5);
    expect(c.techniqueDetail.get(1)?.kind).toBe('weighted-milestones');
    expect(c.techniqueDetail.get(2)).toEqual({ kind: 'apportioned', baseActivityIds: ['A'], factor: 1.5 });
    expect(c.techniqueDetail.has(0)).toBe(false);
  });
});

describe('syntheticSchedule and rng', () => {
  it('rng is seeded, deterministic and in [0, 1)', () => {
    const a = rng(42);
    const b = rng(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(rng(43)()).not.toBe(xs[0]);
    // Roughly uniform: the mean of 1,000 draws is within 0.05 of ½.
    expect(Math.abs(xs.reduce((s, x) => s + x, 0) / 1000 - 0.5)).toBeLessThan(0.05);
  });

  it('the same seed gives the same schedule; another seed another', () => {
    const s1 = syntheticSchedule({ activities: 200, seed: 9 });
    expect(JSON.stringify(syntheticSchedule({ activities: 200, seed: 9 }))).toBe(JSON.stringify(s1));
    expect(JSON.stringify(syntheticSchedule({ activities: 200, seed: 10 }))).not.toBe(JSON.stringify(s1));
  });

  it('is well formed: ids unique, every activity on a work package, dates ordered, status by the data date', () => {
    const s = syntheticSchedule({ activities: 300, seed: 3 });
    expect(s.activities).toHaveLength(300);
    expect(new Set(s.activities.map((a) => a.id)).size).toBe(300);
    const wbsIds = new Set(s.wbs.map((w) => w.id));
    const dd = toMinutes(s.project.dataDate!);
    for (const a of s.activities) {
      expect(wbsIds.has(a.wbsId!)).toBe(true);
      expect(toMinutes(a.baselineFinish!)).toBeGreaterThanOrEqual(toMinutes(a.baselineStart!));
      expect(a.budgetCost).toBeGreaterThanOrEqual(0);
      if (a.actualStart) expect(toMinutes(a.actualStart)).toBeLessThan(dd);
      if (a.actualFinish) expect(toMinutes(a.actualFinish)).toBeLessThanOrEqual(dd);
      if (!a.actualStart) expect(a.actualCost).toBe(0);
    }
    expect(dd).toBeGreaterThan(toMinutes(s.project.plannedStart!));
    expect(dd).toBeLessThan(toMinutes(s.project.plannedFinish!));
  });
});
