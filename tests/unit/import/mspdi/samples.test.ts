/**
 * Every MSPDI file of the sample corpus (../shared/samples/schedules/mspdi, read in place).
 * Expected figures come from the corpus notes: EXPECTED.md section C.2 (counts and sums read
 * from the raw files), A.1–A.8 (MPXJ's own unit-test assertions) and B (the legacy sample), and
 * README.md; each block cites its source. A few checks recount raw fields with a regex over the
 * file text (./helpers.ts) as an oracle independent of the reader.
 */
import { describe, expect, it } from 'vitest';
import { parseMspdiDocument, readMspdi, type MspdiDocument } from '../../../../src/core/import/mspdi';
import type { Activity, Schedule } from '../../../../src/core/model/schedule';
import { haveSamples, rawField, rawTasks, sampleBytes, sampleFiles, sampleText } from './helpers';

interface Loaded {
  doc: MspdiDocument;
  schedule: Schedule;
}
const cache = new Map<string, Loaded>();
function load(file: string): Loaded {
  let l = cache.get(file);
  if (!l) {
    const bytes = sampleBytes(file);
    l = { doc: parseMspdiDocument(bytes, { fileName: file }), schedule: readMspdi(bytes, { fileName: file }).schedules[0] };
    cache.set(file, l);
  }
  return l;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const leafTasks = (doc: MspdiDocument) => doc.tasks.filter((t) => t.uid !== 0 && !t.summary);
const byRowId = (s: Schedule, id: number): Activity => {
  const a = s.activities.find((x) => x.udf?.['msp:ID'] === id);
  if (!a) throw new Error(`no activity with ID ${id}`);
  return a;
};

// EXPECTED.md C.2 "MSPDI files (money divided by 100)": UID-0 summary Cost / ActualCost / BCWS /
// BCWP, leaf tasks, assignments, Σ leaf Cost, Σ leaf ActualCost, Σ leaf Baseline0 Cost,
// TimephasedData records.
const C2: [file: string, uid0: [number, number, number, number], leaves: number, assignments: number, cost: number, actual: number, baseline0: number, timephased: number][] = [
  ['mpxj_mspdiresource.xml', [8200, 800, 0, 0], 3, 5, 8200, 800, 0, 356],
  ['mpxj_mspdiassignmentfields.xml', [5052, 299.08, 0, 0], 1, 4, 5052, 299.08, 0, 128],
  ['mpxj_mspdiassignmentcustom.xml', [12870.78, 0, 0, 0], 1, 2, 12870.78, 0, 0, 118],
  ['mpxj_legacy_sample.xml', [3526.25, 0, 0, 0], 16, 17, 3526.25, 0, 0, 162],
  ['mpxj_task-baselines-project2016-mspdi.xml', [0, 0, 0, 0], 110, 110, 0, 0, 1, 110],
  ['mpxj_baselines.xml', [0, 0, 0, 0], 1, 1, 0, 0, 0, 48],
  ['mpxj_mspditimephased.xml', [0, 0, 0, 0], 40, 40, 0, 0, 0, 2358],
  ['mpxj_mspdicostratetable.xml', [0, 0, 0, 0], 0, 0, 0, 0, 0, 0],
  ['mpxj_assignment-assignments-project2019-mspdi.xml', [0, 0, 0, 0], 3, 3, 0, 0, 0, 41],
  ['mpxj_task-costs-project2019-mspdi.xml', [0, 0, 0, 0], 10, 10, 0, 0, 0, 10],
  ['aspose_not_updated.xml', [0, 0, 0, 0], 10, 10, 0, 0, 0, 23],
  ['mpxj_task-baselines-project2010-mspdi.xml', [0, 0, 0, 0], 110, 110, 0, 0, 1, 110],
  ['mpxj_task-baselines-project2003-mspdi.xml', [0, 0, 0, 0], 55, 55, 0, 0, 1, 55],
];

describe.skipIf(!haveSamples)('MSPDI sample corpus', () => {
  it('covers every MSPDI file in the corpus (README: 13 files)', () => {
    expect(sampleFiles()).toHaveLength(13);
    expect(new Set(sampleFiles())).toEqual(new Set(C2.map((r) => r[0])));
  });

  describe.each(C2)('%s (EXPECTED C.2)', (file, uid0, leaves, assignments, cost, actual, baseline0, timephased) => {
    it('reads every task, assignment and TimephasedData record', () => {
      const { doc, schedule } = load(file);
      const xml = sampleText(file);
      // Oracle: raw element counts.
      expect(doc.tasks).toHaveLength(rawTasks(xml).length);
      expect(doc.assignments).toHaveLength((xml.match(/<Assignment>/g) ?? []).length);
      expect(doc.timephasedRecords).toBe(timephased);
      expect(leafTasks(doc)).toHaveLength(leaves);
      expect(schedule.activities).toHaveLength(leaves);
      expect(doc.assignments).toHaveLength(assignments);
      expect(readMspdi(sampleBytes(file)).projects).toEqual([expect.objectContaining({ activities: leaves })]);
    });

    it('sums Cost and ActualCost in major units (MSPDI hundredths ÷ 100)', () => {
      const { doc, schedule } = load(file);
      const summary = doc.tasks.find((t) => t.uid === 0);
      expect(summary?.cost ?? 0).toBeCloseTo(uid0[0], 2);
      expect(summary?.actualCost ?? 0).toBeCloseTo(uid0[1], 2);
      expect(summary?.bcws ?? 0).toBeCloseTo(uid0[2], 2);
      expect(summary?.bcwp ?? 0).toBeCloseTo(uid0[3], 2);
      expect(sum(schedule.activities.map((a) => Number(a.udf?.['msp:Cost'] ?? 0)))).toBeCloseTo(cost, 2);
      expect(sum(schedule.activities.map((a) => a.actualCost))).toBeCloseTo(actual, 2);
      const b0 = sum(leafTasks(doc).map((t) => t.baselines.find((b) => b.number === 0)?.cost ?? 0));
      expect(b0).toBeCloseTo(baseline0, 2);
    });

    it('builds a consistent schedule: unique ids, links and assignments that resolve', () => {
      const { schedule } = load(file);
      const ids = new Set(schedule.activities.map((a) => a.id));
      expect(ids.size).toBe(schedule.activities.length);
      const wbsIds = new Set(schedule.wbs.map((w) => w.id));
      for (const a of schedule.activities) if (a.wbsId !== null) expect(wbsIds.has(a.wbsId)).toBe(true);
      for (const r of schedule.relationships) {
        expect(ids.has(r.predecessorId)).toBe(true);
        expect(ids.has(r.successorId)).toBe(true);
      }
      const resIds = new Set(schedule.resources.map((r) => r.id));
      for (const as of schedule.assignments) {
        expect(ids.has(as.activityId)).toBe(true);
        expect(resIds.has(as.resourceId)).toBe(true);
      }
      const calIds = new Set(schedule.calendars.map((c) => c.id));
      for (const a of schedule.activities) if (a.calendarId) expect(calIds.has(a.calendarId)).toBe(true);
      for (const c of schedule.calendars) {
        expect([0, 7]).toContain(c.workWeek.length);
        if (c.baseCalendarId) expect(calIds.has(c.baseCalendarId)).toBe(true);
      }
      expect(schedule.source?.format).toBe('mspdi');
    });
  });

  it('reads the currency from the file and falls back to GBP only when it is absent', () => {
    // aspose_not_updated.xml has <CurrencyCode>USD</CurrencyCode>; mpxj_baselines.xml has none.
    expect(load('aspose_not_updated.xml').schedule.project.currency).toBe('USD');
    expect(load('mpxj_mspdiresource.xml').schedule.project.currency).toBe('GBP');
    const none = load('mpxj_baselines.xml').schedule;
    expect(none.project.currency).toBe('GBP');
    expect(none.source?.warnings.some((w) => /does not say its currency/.test(w.message))).toBe(true);
  });

  it('has no status date in any sample, so no data date, and says so', () => {
    // No file in the corpus has a <StatusDate> (checked with the regex oracle).
    for (const file of sampleFiles()) {
      expect(sampleText(file)).not.toMatch(/<StatusDate>/);
      const { schedule } = load(file);
      expect(schedule.project.dataDate).toBeUndefined();
      expect(schedule.source?.warnings.some((w) => /no status date/.test(w.message))).toBe(true);
    }
  });

  it('A.1 mpxj_mspdiresource.xml: resources, rates, CostPerUse 500, assignment actuals 800', () => {
    const { doc, schedule } = load('mpxj_mspdiresource.xml');
    // README: 4 resources; A.1: rates 50/75/100 per hour, "Concrete" material with cost per use 500.
    expect(schedule.resources.map((r) => [r.name, r.type, r.rate])).toEqual([
      ['Wade Golden', 'labour', 50],
      ['Jon Iles', 'labour', 75],
      ['Brian Leach', 'labour', 100],
      ['Concrete', 'material', 0],
    ]);
    const concrete = doc.resources.find((r) => r.name === 'Concrete');
    expect(concrete?.costPerUse).toBe(500); // stored as 50000
    // First assignment in file order: resource 1 on task UID 2 "Task A", 24 h of work.
    const first = doc.assignments[0];
    expect([first.resourceUid, first.taskUid, first.work, first.remainingWork]).toEqual([1, 2, 24, 24]);
    expect(first.start?.slice(0, 10)).toBe('2006-08-25');
    expect(first.finish?.slice(0, 10)).toBe('2006-08-29');
    const b0 = first.baselines.find((b) => b.number === 0);
    expect([b0?.start?.slice(0, 10), b0?.finish?.slice(0, 10), b0?.cost, b0?.work]).toEqual(['2006-01-01', '2006-01-02', 1, 2]);
    // "Completed Task" (UID 4), its first assignment: actual 26/08 – 29/08/2006, 16 h, cost 800.
    const done = doc.assignments.find((a) => a.taskUid === 4);
    expect(done?.actualStart?.slice(0, 10)).toBe('2006-08-26');
    expect(done?.actualFinish?.slice(0, 10)).toBe('2006-08-29');
    expect(done?.actualWork).toBe(16);
    expect(done?.actualCost).toBe(800);
    const canonical = schedule.assignments.find((a) => a.id === String(done?.uid));
    expect(canonical?.actualCost).toBe(800);
    expect(canonical?.actualUnits).toBe(16);
    // Its actual work is time-phased (type 2) and kept as actual-units summing to the 16 h.
    const actualUnits = (canonical?.timephased ?? []).filter((t) => t.kind === 'actual-units');
    expect(sum(actualUnits.map((t) => t.value))).toBeCloseTo(16, 6);
  });

  it('A.2 mpxj_mspdiassignmentfields.xml: assignment actual work and remaining cost', () => {
    const { doc, schedule } = load('mpxj_mspdiassignmentfields.xml');
    const one = doc.assignments.find((a) => a.taskUid === 1 && a.resourceUid === 1);
    expect(one?.actualWork).toBeCloseTo(2, 2); // "actual work 2h"
    expect(one?.remainingCost).toBeCloseTo(3978.92, 2); // "remaining cost 3,978.92"
    const two = doc.assignments.filter((a) => a.taskUid === 1)[1];
    expect(two.actualWork).toBeCloseTo(5, 6); // "actual work 5h"
    expect(two.remainingCost).toBeCloseTo(774, 6); // "remaining cost 774"
    // The two budget-resource assignments on the project summary (ID 0) are not activities' …
    expect(doc.assignments.filter((a) => a.taskUid === 0)).toHaveLength(2);
    expect(schedule.assignments).toHaveLength(2);
    expect(schedule.source?.warnings.some((w) => /2 assignments on summary tasks/.test(w.message))).toBe(true);
    // (C) task Cost 5,052.00, ActualCost 299.08.
    expect(schedule.activities[0].udf?.['msp:Cost']).toBeCloseTo(5052, 2);
    expect(schedule.activities[0].actualCost).toBeCloseTo(299.08, 2);
  });

  it('A.3 mpxj_mspdiassignmentcustom.xml: assignment baselines 1–10, rolled up to the task', () => {
    const { doc, schedule } = load('mpxj_mspdiassignmentcustom.xml');
    const [one, two] = doc.assignments;
    for (let n = 1; n <= 10; n++) {
      const b1 = one.baselines.find((b) => b.number === n);
      const b2 = two.baselines.find((b) => b.number === n);
      // Baseline N cost: Resource One = N, Resource Two = 10 + N; work likewise in hours.
      expect([b1?.cost, b1?.work, b2?.cost, b2?.work]).toEqual([n, n, 10 + n, 10 + n]);
      const dd = String(n).padStart(2, '0');
      // Start: N January 2010 / N February 2010 08:00; finish: N January 2009 / N February 2009 17:00.
      expect([b1?.start, b2?.start, b1?.finish, b2?.finish]).toEqual([`2010-01-${dd}T08:00`, `2010-02-${dd}T08:00`, `2009-01-${dd}T17:00`, `2009-02-${dd}T17:00`]);
      // Task One has no task-level Baseline N: the model holds the assignments' sum and span.
      const bl = schedule.baselines.find((b) => b.name === `Baseline ${n}`);
      const e = bl?.activities.find((x) => x.activityId === schedule.activities[0].id);
      expect(e).toEqual({ activityId: schedule.activities[0].id, budgetCost: 10 + 2 * n, budgetUnits: 10 + 2 * n, start: `2010-01-${dd}T08:00`, finish: `2009-02-${dd}T17:00` });
    }
    // (B) task cost 12,870.78.
    expect(schedule.activities[0].udf?.['msp:Cost']).toBeCloseTo(12870.78, 2);
  });

  it('A.4 mpxj_baselines.xml: task baselines 1–10 (cost N, work N h, duration N d, dates) and resource baselines', () => {
    const { doc, schedule } = load('mpxj_baselines.xml');
    const task = doc.tasks.find((t) => t.id === 1);
    const hoursPerDay = Number(doc.project.minutesPerDay) / 60; // the file's MinutesPerDay
    const act = byRowId(schedule, 1);
    for (let n = 1; n <= 10; n++) {
      const dd = String(n).padStart(2, '0');
      const b = task?.baselines.find((x) => x.number === n);
      expect(b?.duration).toBeCloseTo(n * hoursPerDay, 6);
      const e = schedule.baselines.find((x) => x.id === `baseline-${n}`)?.activities.find((x) => x.activityId === act.id);
      expect(e?.budgetCost).toBe(n);
      expect(e?.budgetUnits).toBe(n);
      expect(e?.finish?.slice(0, 10)).toBe(`2000-01-${dd}`);
      expect(e?.start?.slice(0, 10)).toBe(`2001-01-${dd}`);
    }
    const res = doc.resources.find((r) => r.id === 1);
    for (let n = 1; n <= 10; n++) {
      const b = res?.baselines.find((x) => x.number === n);
      expect([b?.cost, b?.work]).toEqual([n, n]);
    }
  });

  describe.each([
    ['mpxj_task-baselines-project2016-mspdi.xml'],
    ['mpxj_task-baselines-project2010-mspdi.xml'],
    ['mpxj_task-baselines-project2003-mspdi.xml'],
  ])('A.5 %s: Baseline k = 0..10 of cost, duration, finish, start, work', (file) => {
    it('maps Baseline (k = 0) to the activity and Baseline1..10 to Schedule.baselines', () => {
      const { doc, schedule } = load(file);
      const hoursPerDay = Number(doc.project.minutesPerDay) / 60;
      const entry = (k: number, rowId: number) => schedule.baselines.find((b) => b.id === `baseline-${k}`)?.activities.find((x) => x.activityId === byRowId(schedule, rowId).id);
      const taskBaseline = (rowId: number, k: number) => doc.tasks.find((t) => t.id === rowId)?.baselines.find((b) => b.number === k);
      for (let k = 0; k <= 10; k++) {
        // IDs 1-11: Baseline k Cost = k + 1.
        if (k === 0) expect(byRowId(schedule, 1).budgetCost).toBe(1);
        else expect(entry(k, 1 + k)?.budgetCost).toBe(k + 1);
        // IDs 12-22: Baseline k Duration = 11 + k days.
        expect(taskBaseline(12 + k, k)?.duration).toBeCloseTo((11 + k) * hoursPerDay, 6);
        if (k === 0) expect(byRowId(schedule, 12).baselineDuration).toBeCloseTo(11 * hoursPerDay, 6);
        // IDs 23-33: Baseline k Finish = 01/03/2014 09:00, 02/03 10:00 … 10/03 18:00, 10/03 19:00.
        const day = String(Math.min(k + 1, 10)).padStart(2, '0');
        const hour = String(9 + k).padStart(2, '0');
        const finish = k === 0 ? byRowId(schedule, 23).baselineFinish : entry(k, 23 + k)?.finish;
        expect(finish).toBe(`2014-03-${day}T${hour}:00`);
        // IDs 34-44: Baseline k Start = 01/04/2014 09:00 … 10/04/2014 19:00.
        const start = k === 0 ? byRowId(schedule, 34).baselineStart : entry(k, 34 + k)?.start;
        expect(start).toBe(`2014-04-${day}T${hour}:00`);
        // IDs 45-55: Baseline k Work = 51 + k hours.
        const work = k === 0 ? byRowId(schedule, 45).budgetUnits : entry(k, 45 + k)?.budgetUnits;
        expect(work).toBe(51 + k);
      }
    });
  });

  it('A.6 mpxj_mspdicostratetable.xml: standard rates per hour and cost per use', () => {
    const { doc, schedule } = load('mpxj_mspdicostratetable.xml');
    // Table A (the resource's current rate): Resource One 0/h; Two 5/h, 10/h overtime, 15 per
    // use; Three 5/h, 10/h, 15 until mid-2009.
    expect(schedule.resources.map((r) => [r.name, r.rate])).toEqual([
      ['Resource One', 0],
      ['Resource Two', 5],
      ['Resource Three', 5],
    ]);
    const two = doc.resources.find((r) => r.name === 'Resource Two');
    expect([two?.standardRate, two?.overtimeRate, two?.costPerUse]).toEqual([5, 10, 15]);
  });

  it('A.7 mpxj_task-costs-project2019-mspdi.xml: task "Cost<n>" has custom field Cost<n> = n', () => {
    const { schedule } = load('mpxj_task-costs-project2019-mspdi.xml');
    for (let n = 1; n <= 10; n++) {
      const a = byRowId(schedule, n);
      expect(a.name).toBe(`Cost${n}`);
      expect(a.udf?.[`Cost${n}`]).toBe(n); // stored as n × 100
      for (let m = 1; m <= 10; m++) if (m !== n) expect(a.udf?.[`Cost${m}`] ?? 0).toBe(0);
    }
  });

  it('A.8 mpxj_assignment-assignments-project2019-mspdi.xml: one assignment per task', () => {
    const { schedule } = load('mpxj_assignment-assignments-project2019-mspdi.xml');
    for (const rowId of [1, 2, 3]) {
      const a = byRowId(schedule, rowId);
      expect(a.name).toBe(`Task ${rowId}`);
      expect(schedule.assignments.filter((x) => x.activityId === a.id)).toHaveLength(1);
    }
  });

  it('B mpxj_legacy_sample.xml: names in order, 3 summaries as WBS, resources, links with lags', () => {
    const { doc, schedule } = load('mpxj_legacy_sample.xml');
    // 20 task rows incl. ID 0 "sample"; ID 1 "First Task" … ID 19 "Related Task 6b"; 16 leaf + 3 summary.
    expect(doc.tasks).toHaveLength(20);
    expect(doc.tasks[0].name).toBe('sample');
    expect(doc.tasks[1].name).toBe('First Task');
    expect(doc.tasks[19].name).toBe('Related Task 6b');
    expect(schedule.wbs).toHaveLength(3);
    expect(schedule.activities).toHaveLength(16);
    const summaryUids = new Set(doc.tasks.filter((t) => t.summary && t.uid !== 0).map((t) => String(t.uid)));
    expect(new Set(schedule.wbs.map((w) => w.id))).toEqual(summaryUids);
    // Resources "First Resource" 10/h, cost per use 30; "Second Resource" 5/h, 15.
    expect(schedule.resources.map((r) => [r.name, r.rate])).toEqual([
      ['First Resource', 10],
      ['Second Resource', 5],
    ]);
    expect(doc.resources.filter((r) => r.uid !== 0).map((r) => r.costPerUse)).toEqual([30, 15]);
    // Links: the raw file has six PredecessorLinks (types 1,1,1,3,0,2 = FS,FS,FS,SS,FF,SF) with
    // LinkLag 0, 4800, -4800 tenths of a minute on the FS ones: 4800 / 600 = 8 h (one 8-hour day).
    const types = schedule.relationships.map((r) => r.type);
    expect(types).toEqual(['FS', 'FS', 'FS', 'SS', 'FF', 'SF']);
    expect(schedule.relationships.map((r) => r.lagHours)).toEqual([0, 8, -8, 0, 0, 0]);
    // Oracle: the link's predecessor and successor UIDs as written.
    const xml = sampleText('mpxj_legacy_sample.xml');
    const raw = rawTasks(xml).flatMap((t) => [...t.matchAll(/<PredecessorUID>(\d+)<\/PredecessorUID>/g)].map((m) => [m[1], rawField(t, 'UID')]));
    expect(schedule.relationships.map((r) => [r.predecessorId, r.successorId])).toEqual(raw);
  });

  it('mpxj_mspditimephased.xml: actual work records become actual-units, others are counted', () => {
    const { doc, schedule } = load('mpxj_mspditimephased.xml');
    const xml = sampleText('mpxj_mspditimephased.xml');
    // Oracle: type-2 (actual work) records that carry a <Value>.
    const withValue = (xml.match(/<TimephasedData>\s*<Type>2<\/Type>[\s\S]*?<\/TimephasedData>/g) ?? []).filter((r) => /<Value>/.test(r)).length;
    const kept = sum(schedule.assignments.map((a) => (a.timephased ?? []).filter((t) => t.kind === 'actual-units').length));
    expect(kept).toBe(withValue);
    expect(sum(doc.assignments.map((a) => a.timephased.length))).toBe(1659 + 418); // types 1 and 2 sit on assignments
    // One <Start> in this file really is "2008-12-04T17:-0:00": reported, not fatal.
    expect(schedule.source?.warnings.some((w) => /2008-12-04T17:-0:00/.test(w.message))).toBe(true);
  });

  it('aspose_not_updated.xml: placeholder actual dates (2000-01-01) on 0 % tasks are ignored', () => {
    const { schedule } = load('aspose_not_updated.xml');
    for (const a of schedule.activities) {
      expect(a.percentComplete.duration).toBe(0);
      expect(a.actualStart).toBeUndefined();
      expect(a.actualFinish).toBeUndefined();
    }
    expect(schedule.source?.warnings.some((w) => /contradicted the task's % complete/.test(w.message))).toBe(true);
    // Its Standard calendar lists Monday–Friday only; Saturday and Sunday default to non-working.
    const cal = schedule.calendars[0];
    expect(cal.workWeek[0]).toEqual([]);
    expect(cal.workWeek[6]).toEqual([]);
    expect(cal.workWeek[1]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
  });

  it('keeps MS Project\u2019s own EV figures (BCWS, BCWP, ACWP) on each activity', () => {
    const { schedule } = load('mpxj_mspdiresource.xml');
    const xml = sampleText('mpxj_mspdiresource.xml');
    for (const raw of rawTasks(xml)) {
      const uid = rawField(raw, 'UID');
      if (uid === '0') continue;
      const a = schedule.activities.find((x) => x.id === uid);
      for (const f of ['BCWS', 'BCWP', 'ACWP']) {
        const v = rawField(raw, f);
        expect(a?.udf?.[`msp:${f}`]).toBeCloseTo(Number(v) / 100, 6);
      }
    }
  });

  it('resource calendars derived from a base calendar inherit its week; the night shift ends at midnight', () => {
    const { schedule } = load('mpxj_mspdiresource.xml');
    const wade = schedule.calendars.find((c) => c.name === 'Wade Golden');
    expect(wade?.baseCalendarId).toBe('1');
    expect(wade?.workWeek).toEqual([]);
    const night = schedule.calendars.find((c) => c.name === 'Night Shift');
    // Monday 23:00–00:00; Tuesday 00:00–03:00, 04:00–08:00, 23:00–00:00 (file's WorkingTimes).
    expect(night?.workWeek[1]).toEqual([[1380, 1440]]);
    expect(night?.workWeek[2]).toEqual([
      [0, 180],
      [240, 480],
      [1380, 1440],
    ]);
    expect(night?.hoursPerDay).toBe(8); // MinutesPerDay 480
  });
});
