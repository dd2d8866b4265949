/**
 * A schedule as a Monte Carlo model (src/core/risk/fromSchedule.ts): the deterministic run lands on
 * the CPM's finish date, ranges and costs come through, and a setup naming an unknown activity is
 * refused by name.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSchedule, syntheticSchedule, type Schedule } from '../../../src/core/model';
import { parseScheduleFile } from '../../../src/core/import';
import { compileNetwork, scheduleNetwork } from '../../../src/core/cpm';
import { toMinutes } from '../../../src/core/model/dates';
import { dateAtHours, riskModelFromSchedule, RiskSetupError, runRisk } from '../../../src/core/risk';

/**
 * A synthetic schedule with every activity and lag on the project's calendar, where the hours axis
 * is exact (the generator mixes three calendars otherwise). Its data date falls 40% through.
 */
function oneCalendar(activities = 300, seed = 4): Schedule {
  const s = syntheticSchedule({ activities, seed });
  for (const a of s.activities) a.calendarId = s.project.defaultCalendarId;
  for (const r of s.relationships) r.lagCalendar = 'project';
  return s;
}
const SP10 = resolve(__dirname, '../../../../shared/samples/schedules/xer/pyp6xer_SP10_COST_LOADED.xer');

/** Minutes between two dates, as a number (tolerance of rounding hours to minutes). */
const apart = (a: string, b: string) => Math.abs(toMinutes(a) - toMinutes(b));

describe('riskModelFromSchedule', () => {
  it('with no uncertainty, every iteration finishes on the CPM date', () => {
    const s = oneCalendar();
    // A rule that covers nothing: no activity varies.
    const m = riskModelFromSchedule(s, { rules: [{ id: 'x', name: 'None', target: { kind: 'code', codeTypeId: 'nope', value: 'nope' }, distribution: 'triangular', minPct: -10, mostLikelyPct: 0, maxPct: 10 }] });
    expect(m.model.distributions!.every((d) => d === null)).toBe(true);
    const r = runRisk(m.model, { seed: 1, iterations: 64 });
    expect(r.finish.sd).toBe(0);
    const cpm = scheduleNetwork(compileNetwork(s));
    expect(apart(dateAtHours(m, r.finish.p50), m.deterministicFinish)).toBeLessThanOrEqual(1);
    expect(toMinutes(m.deterministicFinish)).toBe(cpm.finish);
    // The cost of the deterministic run is the actuals plus the remaining cost.
    const remaining = s.activities.reduce((t, a) => t + (a.actualFinish ? 0 : Math.max(0, a.remainingCost)), 0);
    expect(r.cost!.mean).toBeCloseTo(m.costToDate + remaining, 6);
  });

  it('with the default ranges (−10% / +25%), the finish spreads above the CPM date and the deterministic date is below P50', () => {
    const s = oneCalendar();
    const m = riskModelFromSchedule(s, { rules: [] });
    expect(m.uncertainty.some((u) => u.source.kind === 'default')).toBe(true);
    expect(m.notes.join(' ')).toMatch(/use the default range \(−10% \/ \+25%/);
    const r = runRisk(m.model, { seed: 7, iterations: 2000 });
    expect(r.finish.sd).toBeGreaterThan(0);
    expect(r.finish.deterministicConfidence).toBeLessThan(0.5);
    expect(toMinutes(dateAtHours(m, r.finish.p50))).toBeGreaterThan(toMinutes(m.deterministicFinish));
    expect(r.finish.p10).toBeLessThanOrEqual(r.finish.p50);
    expect(r.finish.p50).toBeLessThanOrEqual(r.finish.p90);
  });

  it('an activity list with dates and no durations (the Riverside fixture) varies by the durations its dates span', () => {
    const s = parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));
    expect(s.activities.every((a) => a.originalDuration === undefined)).toBe(true);
    const m = riskModelFromSchedule(s, { rules: [] });
    const varied = m.uncertainty.filter((u) => u.source.kind === 'default');
    expect(varied.length).toBeGreaterThan(0);
    for (const u of varied) expect(u.remaining).toBeGreaterThan(0);
    expect(m.notes.join(' ')).toContain('no duration in the file');
    const r = runRisk(m.model, { seed: 2, iterations: 500 });
    expect(r.finish.sd).toBeGreaterThan(0);
    expect(toMinutes(dateAtHours(m, r.finish.p90))).toBeGreaterThan(toMinutes(m.deterministicFinish));
  });

  it('refuses a correlation, risk or milestone that names an activity not in the schedule, by name', () => {
    const s = oneCalendar();
    expect(() => riskModelFromSchedule(s, { rules: [], correlations: [{ name: 'Civils', activityIds: ['nope'], rho: 0.5 }] })).toThrow(RiskSetupError);
    expect(() => riskModelFromSchedule(s, { rules: [], events: [{ id: 'e', name: 'Ground conditions', probability: 0.3, hits: [{ activityId: 'gone' }] }] })).toThrow(/The risk "Ground conditions" names an activity that is not in this schedule \(gone\)/);
  });

  it('correlation groups by WBS branch: varying activities under it move together, a later group takes an activity from an earlier one', () => {
    const s = oneCalendar(400, 6);
    // The largest top-level branch, and one branch under it.
    const top = s.wbs.filter((w) => w.parentId === s.wbs[0].parentId);
    const under = (id: string): Set<string> => {
      const ids = new Set([id]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const w of s.wbs) {
          if (w.parentId === null || !ids.has(w.parentId) || ids.has(w.id)) continue;
          ids.add(w.id);
          grew = true;
        }
      }
      return ids;
    };
    const count = (ids: Set<string>) => s.activities.filter((a) => a.wbsId !== null && ids.has(a.wbsId)).length;
    const branch = top.sort((a, b) => count(under(b.id)) - count(under(a.id)))[0];
    const sub = s.wbs.find((w) => w.parentId === branch.id && count(under(w.id)) >= 2)!;
    expect(sub, 'the synthetic WBS has a sub-branch with two activities').toBeDefined();
    const m = riskModelFromSchedule(s, {
      rules: [],
      correlations: [
        { name: 'Branch', target: { kind: 'wbs', wbsId: branch.id }, rho: 0.6 },
        { name: 'Sub', target: { kind: 'wbs', wbsId: sub.id }, rho: 0.9 },
      ],
    });
    const ids = m.model.network.ids;
    const varying = (wbs: Set<string>) => s.activities.filter((a) => a.wbsId !== null && wbs.has(a.wbsId) && m.model.distributions![ids.indexOf(a.id)]).map((a) => ids.indexOf(a.id));
    const inSub = new Set(varying(under(sub.id)));
    const [g1, g2] = m.model.correlations!;
    expect(g2.nodes.slice().sort()).toEqual([...inSub].sort());
    expect(g1.nodes.some((i) => inSub.has(i))).toBe(false);
    expect(g1.nodes.length).toBe(varying(under(branch.id)).length - inSub.size);
    expect(m.notes.join('\n')).toContain(`Correlation group "Branch": ${g1.nodes.length} activities move together, rank correlation 0.6 (${inSub.size} more are in a later group, which applies to them).`);
    // It runs, and correlation widens the finish's spread over the same ranges run independently.
    const together = runRisk(m.model, { seed: 4, iterations: 2000 });
    const apartRun = runRisk({ ...m.model, correlations: [] }, { seed: 4, iterations: 2000 });
    expect(together.finish.sd).toBeGreaterThan(apartRun.finish.sd);
  });

  it('a group with fewer than two varying activities is dropped and says so', () => {
    const s = oneCalendar();
    const one = s.activities.find((a) => a.type === 'task' && a.actualFinish === undefined)!;
    const m = riskModelFromSchedule(s, { rules: [], correlations: [{ name: 'Lonely', activityIds: [one.id], rho: 0.8 }] });
    expect(m.model.correlations).toEqual([]);
    expect(m.notes).toContain('Correlation group "Lonely" has one activity that varies, so it correlates nothing.');
  });

  it.skipIf(!existsSync(SP10))('a real cost-loaded P6 schedule: the deterministic run lands on the CPM finish', () => {
    const parsed = parseScheduleFile(new Uint8Array(readFileSync(SP10)), { fileName: 'SP10.xer' });
    if (parsed.kind !== 'schedules') throw new Error(`SP10 did not read as a schedule: ${parsed.kind}`);
    const s = parsed.result.schedules[0];
    const m = riskModelFromSchedule(s, { rules: [{ id: 'none', name: 'None', target: { kind: 'code', codeTypeId: '-', value: '-' }, distribution: 'triangular', minPct: 0, mostLikelyPct: 0, maxPct: 0 }] });
    const r = runRisk(m.model, { seed: 1, iterations: 16 });
    // Within an hour: lags on other calendars are the approximation the notes state.
    expect(apart(dateAtHours(m, r.finish.p50), m.deterministicFinish)).toBeLessThanOrEqual(60);
    const risky = runRisk(riskModelFromSchedule(s, { rules: [] }).model, { seed: 1, iterations: 500 });
    expect(risky.finish.p80).toBeGreaterThan(r.finish.p80);
  });
});
