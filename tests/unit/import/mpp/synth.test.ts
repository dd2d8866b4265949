/**
 * The speed benchmark's generator (bench/mppSynth.ts) and the MPP reader agree: a 2,000-task
 * MPP14 file built from a corpus sample's streams reads back to exactly the plan that was
 * written (names, outline, dates, durations, costs, links), so bench/mpp.bench.ts times a real
 * read of a realistic file, not a reader skipping records it does not understand.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasMppSynthSample, MPP_SYNTH_SAMPLE, planSynth, synthesizeMpp } from '../../../../bench/mppSynth';
import { readMpp } from '../../../../src/core/import/mpp';

if (!hasMppSynthSample()) console.warn(`[mpp synth] sample ${MPP_SYNTH_SAMPLE} not found; the generator test is skipped.`);

describe.skipIf(!hasMppSynthSample())('a generated 2,000-task .mpp', () => {
  const LEAVES = 2_000;
  const SEED = 11;
  const plan = planSynth(LEAVES, SEED);
  const bytes = synthesizeMpp(LEAVES, SEED);
  const result = readMpp(bytes, { fileName: 'synthetic.mpp' });
  const s = result.schedules[0];
  const leaves = plan.tasks.filter((t) => !t.summary);
  const summaries = plan.tasks.filter((t) => t.summary);

  it('plans 2,000 leaf tasks under phase and group summaries, with about 1.3 links a task', () => {
    expect(leaves).toHaveLength(LEAVES);
    expect(summaries).toHaveLength(80 + 8); // 25 leaves a group, 10 groups a phase
    expect(plan.links.length / LEAVES).toBeGreaterThan(1.2);
    expect(plan.links.length / LEAVES).toBeLessThan(1.4);
    // Every link runs forward in the plan, and its successor starts after its predecessor finishes.
    const byUid = new Map(plan.tasks.map((t) => [t.uid, t]));
    for (const l of plan.links) expect((byUid.get(l.successorUid) as { start: string }).start > (byUid.get(l.predecessorUid) as { finish: string }).finish).toBe(true);
  });

  it('reads to the 2,000 activities written, with their names, dates, durations and budgets', () => {
    expect(result.projects[0].activities).toBe(LEAVES);
    expect(s.activities).toHaveLength(LEAVES);
    const byId = new Map(s.activities.map((a) => [a.id, a]));
    for (const t of leaves) {
      const a = byId.get(String(t.uid));
      expect(a, `task ${t.uid}`).toBeDefined();
      if (!a) continue;
      expect([a.name, a.plannedStart, a.plannedFinish, a.baselineStart, a.baselineFinish, a.originalDuration, a.budgetCost, a.actualCost]).toEqual([
        t.name,
        t.start,
        t.finish,
        t.start,
        t.finish,
        t.durationHours,
        t.cost,
        0,
      ]);
    }
  });

  it('reads the summaries as the WBS, each leaf under its group and each group under its phase', () => {
    expect(s.wbs.map((w) => [w.id, w.name]).sort()).toEqual(summaries.map((t) => [String(t.uid), t.name]).sort());
    const wbs = new Map(s.wbs.map((w) => [w.id, w]));
    // In the plan, a row's parent is the nearest earlier row one level up.
    const parent = new Map<number, number>();
    const stack: number[] = [];
    for (const t of plan.tasks) {
      stack.length = t.outlineLevel - 1;
      if (t.outlineLevel > 1) parent.set(t.uid, stack[t.outlineLevel - 2]);
      stack[t.outlineLevel - 1] = t.uid;
    }
    for (const a of s.activities) expect(a.wbsId).toBe(String(parent.get(Number(a.id))));
    for (const t of summaries) expect(wbs.get(String(t.uid))?.parentId ?? null).toBe(t.outlineLevel === 1 ? null : String(parent.get(t.uid)));
    expect(s.project.plannedStart).toBe('2025-01-06T08:00');
    expect(s.project.plannedFinish).toBe(leaves.reduce((m, t) => (t.finish > m ? t.finish : m), ''));
  });

  it('reads every finish-to-start link written, and no other', () => {
    const read = s.relationships.map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagHours}`).sort();
    const written = plan.links.map((l) => `${l.predecessorUid}>${l.successorUid}:FS:0`).sort();
    expect(read).toEqual(written);
  });

  it('keeps the sample plan’s calendars and resources, and drops its assignments (their tasks are gone)', () => {
    expect(s.calendars.length).toBeGreaterThan(1);
    expect(s.resources.length).toBeGreaterThan(10);
    expect(s.assignments).toHaveLength(0);
  });

  it('is the same file for the same seed, and a different plan for another seed', () => {
    expect(Buffer.from(synthesizeMpp(50, SEED)).equals(Buffer.from(synthesizeMpp(50, SEED)))).toBe(true);
    const other = readMpp(synthesizeMpp(50, SEED + 1)).schedules[0];
    const same = readMpp(synthesizeMpp(50, SEED)).schedules[0];
    expect(other.activities.map((a) => a.name)).not.toEqual(same.activities.map((a) => a.name));
  });
});

// The generator is not tied to one sample: any MPP14 plan's streams (Project 2010's early link
// layout, 2016 and 2019 files) give a file the reader reads back exactly.
const OTHER_SAMPLES = ['aspose_Baselines2010.mpp', 'mpxj_task-baselines-project2016-mpp14.mpp', 'mpxj_task-costs-project2019-mpp14.mpp', 'mpxj_mpp14resource.mpp'].map((f) => path.join(path.dirname(MPP_SYNTH_SAMPLE), f));

describe.each(OTHER_SAMPLES)('a generated 300-task .mpp from %s', (sample) => {
  it.skipIf(!existsSync(sample))('reads back with every name, date, duration, cost and link written', () => {
    const plan = planSynth(300, 5);
    const s = readMpp(synthesizeMpp(300, 5, sample)).schedules[0];
    const leaves = plan.tasks.filter((t) => !t.summary);
    expect(s.activities.map((a) => [a.id, a.name, a.plannedStart, a.plannedFinish, a.originalDuration, a.budgetCost])).toEqual(leaves.map((t) => [String(t.uid), t.name, t.start, t.finish, t.durationHours, t.cost]));
    expect(s.wbs.map((w) => w.name)).toEqual(plan.tasks.filter((t) => t.summary).map((t) => t.name));
    expect(s.relationships.map((r) => `${r.predecessorId}>${r.successorId}:${r.type}:${r.lagHours}`).sort()).toEqual(plan.links.map((l) => `${l.predecessorUid}>${l.successorUid}:FS:0`).sort());
  });
});

// The generator's progress option (the benchmark's "half complete" case): the first half of the
// leaf tasks are done, each with one work resource whose actual work MS Project keeps day by day
// in the assignment's var data (field 50). The reader must date it on the resource's calendar:
// one record per working day (8 hours, Monday to Friday; the synthetic plan has no holidays).
describe.skipIf(!hasMppSynthSample())('a generated 2,000-task .mpp with the first half of its tasks complete', () => {
  const LEAVES = 2_000;
  const SEED = 11;
  const plan = planSynth(LEAVES, SEED, { progress: 0.5 });
  const s = readMpp(synthesizeMpp(LEAVES, SEED, undefined, { progress: 0.5 })).schedules[0];

  it('is the same plan as without progress, with one assignment on each of the first 1,000 leaves', () => {
    const plain = planSynth(LEAVES, SEED);
    expect(plan.tasks).toEqual(plain.tasks);
    expect(plan.links).toEqual(plain.links);
    expect(plain.assignments).toHaveLength(0);
    const leaves = plan.tasks.filter((t) => !t.summary);
    expect(plan.assignments.map((a) => a.taskUid)).toEqual(leaves.slice(0, 1_000).map((t) => t.uid));
  });

  it('reads every assignment with its work all actual, and its tasks as started and finished', () => {
    expect(s.assignments).toHaveLength(1_000);
    const byActivity = new Map(s.assignments.map((a) => [a.activityId, a]));
    const activities = new Map(s.activities.map((a) => [a.id, a]));
    for (const p of plan.assignments) {
      const a = byActivity.get(String(p.taskUid));
      expect(a, `assignment on task ${p.taskUid}`).toBeDefined();
      expect([a?.budgetUnits, a?.actualUnits, a?.remainingUnits]).toEqual([p.workHours, p.workHours, 0]);
      const t = activities.get(String(p.taskUid));
      expect([t?.actualStart, t?.actualFinish]).toEqual([p.start, p.finish]);
    }
    // The other half has no assignments and no actual dates.
    const assigned = new Set(plan.assignments.map((a) => String(a.taskUid)));
    for (const t of s.activities) if (!assigned.has(t.id)) expect([t.actualStart, t.actualFinish]).toEqual([undefined, undefined]);
  });

  it('spreads each assignment’s actual work one record per working day, adding up to its actual work', () => {
    const byActivity = new Map(s.assignments.map((a) => [a.activityId, a]));
    let records = 0;
    for (const p of plan.assignments) {
      const tp = (byActivity.get(String(p.taskUid))?.timephased ?? []).filter((r) => r.kind === 'actual-units');
      records += tp.length;
      expect(tp.length, `records of task ${p.taskUid}`).toBe(p.workHours / 8);
      expect(tp.reduce((n, r) => n + r.value, 0)).toBeCloseTo(p.workHours, 6);
      // Every day holds a full day's work, on a weekday, inside the task's dates.
      for (const r of tp) {
        expect(r.value).toBeCloseTo(8, 6);
        expect(r.start >= p.start && r.start < p.finish).toBe(true);
        expect([0, 6]).not.toContain(new Date(`${r.start.slice(0, 10)}T00:00Z`).getUTCDay());
      }
    }
    expect(records).toBe(plan.assignments.reduce((n, a) => n + a.workHours / 8, 0));
    expect(s.source?.warnings.map((w) => w.message).join('\n')).not.toMatch(/day-by-day actual work/);
  });
});

// The stress benchmark's plan: every task complete with several resources, each its own work
// resource of the sample (the reader keeps one assignment per task and resource).
describe.skipIf(!hasMppSynthSample())('a generated 300-task .mpp with every task complete and 3 resources a task', () => {
  const plan = planSynth(300, 5, { progress: 1, resourcesPerTask: 3 });
  const s = readMpp(synthesizeMpp(300, 5, undefined, { progress: 1, resourcesPerTask: 3 })).schedules[0];

  it('reads 3 assignments on each task, to 3 different resources, each with the task’s work day by day', () => {
    expect(plan.assignments).toHaveLength(900);
    expect(s.assignments).toHaveLength(900);
    const byTask = new Map<string, typeof s.assignments>();
    for (const a of s.assignments) byTask.set(a.activityId, [...(byTask.get(a.activityId) ?? []), a]);
    for (const t of plan.tasks.filter((x) => !x.summary)) {
      const list = byTask.get(String(t.uid)) ?? [];
      expect(new Set(list.map((a) => a.resourceId)).size, `resources of task ${t.uid}`).toBe(3);
      for (const a of list) {
        const days = (a.timephased ?? []).filter((r) => r.kind === 'actual-units');
        expect([a.actualUnits, days.length]).toEqual([t.durationHours, t.durationHours / 8]);
        expect(days.reduce((n, r) => n + r.value, 0)).toBeCloseTo(t.durationHours, 6);
      }
    }
  });
});
