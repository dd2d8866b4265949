/** Where each activity's duration uncertainty comes from (src/core/risk/uncertainty.ts). */
import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model';
import { DEFAULT_RULE, fileThreePoint, overrideProblem, remainingHours, resolveUncertainty, ruleProblem, type UncertaintyRule } from '../../../src/core/risk/uncertainty';

function schedule(): Schedule {
  const s = syntheticSchedule({ activities: 60, seed: 3 });
  // Nothing finished, so every task has remaining work the rules can scale.
  for (const a of s.activities) {
    delete a.actualFinish;
    if (a.type === 'task') a.remainingDuration = a.originalDuration ?? 40;
  }
  return s;
}

const rule = (over: Partial<UncertaintyRule>): UncertaintyRule => ({ id: 'r', name: 'Rule', target: { kind: 'all' }, distribution: 'triangular', minPct: -5, mostLikelyPct: 0, maxPct: 10, ...over });

describe('resolveUncertainty', () => {
  it('with no rule and nothing in the file, every task gets the default −10% / +25% of its remaining duration', () => {
    const s = schedule();
    const out = resolveUncertainty(s, { rules: [] });
    const task = s.activities.find((a) => a.type === 'task')!;
    const u = out.find((x) => x.activityId === task.id)!;
    expect(u.source).toEqual({ kind: 'default' });
    expect(u.distribution).toEqual({ kind: 'triangular', min: task.remainingDuration! * 0.9, mostLikely: task.remainingDuration!, max: task.remainingDuration! * 1.25 });
    expect(DEFAULT_RULE).toMatchObject({ minPct: -10, maxPct: 25 });
  });

  it('the last matching rule wins; an override beats every rule; an activity no rule covers keeps its duration', () => {
    const s = schedule();
    // The first task's work package: a branch holding some tasks, not all.
    const firstTask = s.activities.find((a) => a.type === 'task')!;
    const child = s.wbs.find((w) => w.id === firstTask.wbsId)!;
    // Every element below the child (the rule covers the whole branch).
    const branch = new Set([child.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const w of s.wbs) if (w.parentId !== null && branch.has(w.parentId) && !branch.has(w.id)) grew = branch.add(w.id) !== null;
    }
    const inChild = s.activities.filter((a) => a.type === 'task' && a.wbsId !== null && branch.has(a.wbsId));
    expect(inChild.length).toBeGreaterThan(1);
    const rules = [rule({ id: 'civils', name: 'Civils', target: { kind: 'wbs', wbsId: child.id }, distribution: 'pert', minPct: -10, maxPct: 40 })];
    const [first, second] = inChild;
    const out = new Map(resolveUncertainty(s, { rules, overrides: [{ activityId: first.id, distribution: 'uniform', min: 8, mostLikely: 8, max: 16 }] }).map((u) => [u.activityId, u]));
    expect(out.get(first.id)!.distribution).toEqual({ kind: 'uniform', min: 8, max: 16 });
    expect(out.get(first.id)!.source).toEqual({ kind: 'override' });
    expect(out.get(second.id)!.source).toEqual({ kind: 'rule', ruleId: 'civils', ruleName: 'Civils' });
    expect(out.get(second.id)!.distribution).toMatchObject({ kind: 'pert', max: second.remainingDuration! * 1.4 });
    const outside = s.activities.find((a) => a.type === 'task' && !inChild.includes(a))!;
    expect(out.get(outside.id)!).toMatchObject({ distribution: null, source: { kind: 'none', reason: 'no rule covers it' } });
    // A later, broader rule overrides the earlier narrow one for the activities both cover.
    const later = new Map(resolveUncertainty(s, { rules: [...rules, rule({ id: 'all', name: 'All' })] }).map((u) => [u.activityId, u]));
    expect(later.get(second.id)!.source).toMatchObject({ ruleId: 'all' });
  });

  it('rules by activity code and by activity type', () => {
    const s = schedule();
    const tasks = s.activities.filter((a) => a.type === 'task');
    tasks[0].codes = { ...tasks[0].codes, DISC: 'CIV' };
    const out = new Map(resolveUncertainty(s, { rules: [rule({ id: 'civ', target: { kind: 'code', codeTypeId: 'DISC', value: 'CIV' } })] }).map((u) => [u.activityId, u]));
    expect(out.get(tasks[0].id)!.source).toMatchObject({ ruleId: 'civ' });
    expect(out.get(tasks[1].id)!.distribution).toBeNull();
    const byType = resolveUncertainty(s, { rules: [rule({ id: 'tasks', target: { kind: 'type', type: 'task' } })] });
    for (const u of byType) {
      const a = s.activities.find((x) => x.id === u.activityId)!;
      if (a.type === 'task' && remainingHours(a) > 0) expect(u.source).toMatchObject({ ruleId: 'tasks' });
    }
  });

  it('finished work, milestones, LOE and summaries are never sampled', () => {
    const s = schedule();
    const [done, loe] = s.activities.filter((a) => a.type === 'task');
    done.actualFinish = '2026-01-05T17:00';
    loe.type = 'level-of-effort';
    const out = new Map(resolveUncertainty(s, { rules: [] }).map((u) => [u.activityId, u]));
    expect(out.get(done.id)).toMatchObject({ distribution: null, remaining: 0, source: { reason: 'finished' } });
    expect(out.get(loe.id)).toMatchObject({ distribution: null, source: { reason: 'spans other activities' } });
    const milestone = s.activities.find((a) => a.type === 'finish-milestone' || a.type === 'start-milestone')!;
    expect(out.get(milestone.id)!.distribution).toBeNull();
  });

  it("takes a three-point duration from the file's fields (MS Project PERT, P6 user-defined) before the default, never before a user's rule", () => {
    const s = schedule();
    const a = s.activities.find((x) => x.type === 'task')!;
    a.udf = { Optimistic: 30, 'Expected Duration': 40, Pessimistic: 70 };
    expect(fileThreePoint(a)).toEqual({ min: 30, mostLikely: 40, max: 70, fields: 'Optimistic, Expected Duration, Pessimistic' });
    const fromFile = resolveUncertainty(s, { rules: [] }).find((u) => u.activityId === a.id)!;
    expect(fromFile).toMatchObject({ distribution: { kind: 'triangular', min: 30, mostLikely: 40, max: 70 }, source: { kind: 'file' } });
    expect(resolveUncertainty(s, { rules: [rule({})] }).find((u) => u.activityId === a.id)!.source).toMatchObject({ kind: 'rule' });
    // Out of order or not numbers: not a three-point estimate.
    a.udf = { Duration1: 50, Duration2: 40, Duration3: 70 };
    expect(fileThreePoint(a)).toBeNull();
    a.udf = { Min: 'soon', 'Most likely': 40, Max: 70 };
    expect(fileThreePoint(a)).toBeNull();
  });

  it('trigen and lognormal read the low and high as P10 and P90', () => {
    const s = schedule();
    const a = s.activities.find((x) => x.type === 'task')!;
    const r = remainingHours(a);
    const tri = resolveUncertainty(s, { rules: [rule({ distribution: 'trigen', minPct: -20, maxPct: 50 })] }).find((u) => u.activityId === a.id)!;
    expect(tri.distribution).toEqual({ kind: 'trigen', low: r * 0.8, mostLikely: r, high: r * 1.5, lowPercentile: 0.1, highPercentile: 0.9 });
    const ln = resolveUncertainty(s, { rules: [rule({ distribution: 'lognormal', minPct: -20, maxPct: 50 })] }).find((u) => u.activityId === a.id)!;
    expect(ln.distribution).toEqual({ kind: 'lognormal', by: 'p10-p90', p10: r * 0.8, p90: r * 1.5 });
  });
});

describe('rule and override problems', () => {
  it('say what is wrong and what to enter', () => {
    expect(ruleProblem(rule({ minPct: 10, maxPct: 5 }))).toMatch(/must be in that order/);
    expect(ruleProblem(rule({ minPct: -120 }))).toMatch(/would make durations negative/);
    expect(ruleProblem(rule({ maxPct: Number.NaN }))).toMatch(/enter three numbers/);
    expect(ruleProblem(rule({ distribution: 'lognormal', minPct: -100 }))).toMatch(/lognormal/);
    expect(ruleProblem(rule({}))).toBeNull();
    expect(overrideProblem({ activityId: 'a', distribution: 'triangular', min: 5, mostLikely: 3, max: 9 }, 'A1010')).toMatch(/^A1010: low, most likely and high/);
    expect(overrideProblem({ activityId: 'a', distribution: 'triangular', min: -1, mostLikely: 3, max: 9 }, 'A1010')).toMatch(/negative/);
    expect(overrideProblem({ activityId: 'a', distribution: 'pert', min: 1, mostLikely: 3, max: 9 }, 'A1010')).toBeNull();
  });
});
