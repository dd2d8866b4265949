/**
 * Time-phased actual work of .mpp assignments (src/core/import/mpp/actualWork.ts): the blocks
 * MS Project stores in working minutes from the assignment's start become the same day-by-day
 * records as the XML twin's TimephasedData type 2, and the same period actuals in the cash flow.
 *
 * The twins (corpus README, "Same project in several formats") are read in place from
 * ../shared/samples/schedules and skipped with a message when it is absent. The decoder's bounds
 * are tested on blocks written here byte by byte, so they run without the corpus.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../../src/core/evm';
import { parseMppDocument, readMpp } from '../../../../src/core/import/mpp';
import { decodeCompleteWork, intersectCalendars, spreadActualWork } from '../../../../src/core/import/mpp/actualWork';
import { ImportError } from '../../../../src/core/import/types';
import { parseMspdiDocument, readMspdi, type MspdiDocument, type MspdiTimephased } from '../../../../src/core/import/mspdi';
import { tryToMinutes } from '../../../../src/core/model/dates';
import type { Calendar, Schedule } from '../../../../src/core/model/schedule';

const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
const haveSamples = existsSync(path.join(SAMPLES, 'mpp')) && existsSync(path.join(SAMPLES, 'mspdi'));
if (!haveSamples) console.warn(`[mpp time-phased actual work] sample corpus not found at ${SAMPLES}; the twin tests are skipped.`);
const bytesOf = (dir: string, f: string) => new Uint8Array(readFileSync(path.join(SAMPLES, dir, f)));

/**
 * Every twin pair whose XML holds type-2 (actual work) records. Not here:
 * mpxj_mpp14timephased2.mpp and mpxj_mspditimephased.xml are not the same plan (the .mpp's tasks
 * run from 2011-12-07, the XML's from 2008-11-20, with other task names), so they cannot be
 * compared; the .mpp is checked against its own ActualWork below.
 */
const TWINS: [mpp: string, xml: string][] = [
  ['mpxj_mpp9resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_mpp12resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_mpp14resource.mpp', 'mpxj_mspdiresource.xml'],
  ['mpxj_mpp9assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
  ['mpxj_mpp14assignmentfields.mpp', 'mpxj_mspdiassignmentfields.xml'],
  ['mpxj_assignment-assignments-project2019-mpp14.mpp', 'mpxj_assignment-assignments-project2019-mspdi.xml'],
];

const ONE_MINUTE = 1 / 60;

/**
 * Hours per calendar day, a record counted on the day of its last minute (as the cash flow
 * places it: src/core/evm/analyseSchedule.ts fileActuals). Records without work are left out:
 * the XML writes empty and zero records for days without work, the .mpp reader does not.
 *
 * Why per day and not record by record: where MS Project's XML export goes finer than a day it
 * does so in ways the .mpp does not record. In mspdiassignmentfields.xml, Resource One's 2.0014 h
 * on 2011-07-06 (an hour of overtime in the first minute, then 54 minutes of regular and overtime
 * work) is written as 55 one-minute records; the .mpp holds two periods (08:00–08:01, 08:01–08:55),
 * which the reader writes as two records. Same day, same hours; the records compared one by one
 * are below for the twins where the XML writes whole days.
 */
function perDay(records: MspdiTimephased[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of records) {
    if (r.type !== 2 || !r.value || !r.start || !r.finish) continue;
    const s = tryToMinutes(r.start)!;
    const f = tryToMinutes(r.finish)!;
    const last = new Date(Math.max(s, f - 1) * 60000).toISOString().slice(0, 10);
    out.set(last, (out.get(last) ?? 0) + r.value);
  }
  return out;
}

const asgKey = (a: { taskUid?: number; resourceUid?: number }) => `${a.taskUid}/${a.resourceUid}`;

describe.skipIf(!haveSamples)('.mpp time-phased actual work against the MS Project XML twins', () => {
  for (const [mppFile, xmlFile] of TWINS) {
    describe(`${mppFile} ↔ ${xmlFile}`, () => {
      const mpp = parseMppDocument(bytesOf('mpp', mppFile));
      const xml = parseMspdiDocument(bytesOf('mspdi', xmlFile));
      const xmlByKey = new Map(xml.assignments.map((a) => [asgKey(a), a]));
      const withActuals = xml.assignments.filter((a) => a.timephased.some((r) => r.type === 2 && r.value));

      it('has the assignments with actual work the XML has, and reads every one of them day by day', () => {
        expect(withActuals.length).toBeGreaterThan(0);
        const mine = mpp.assignments.filter((a) => a.timephased.some((r) => r.type === 2)).map(asgKey).sort();
        expect(mine).toEqual(withActuals.map(asgKey).sort());
        expect(mpp.warnings.map((w) => w.message).filter((m) => /day-by-day actual work/.test(m))).toEqual([]);
      });

      it("gives each assignment the XML's hours on each day (within a minute), adding up to its actual work", () => {
        for (const a of mpp.assignments) {
          const x = xmlByKey.get(asgKey(a));
          const mine = perDay(a.timephased);
          const theirs = perDay(x?.timephased ?? []);
          expect([...mine.keys()].sort(), `assignment ${asgKey(a)}: days`).toEqual([...theirs.keys()].sort());
          for (const [day, hours] of theirs) expect(Math.abs(mine.get(day)! - hours), `assignment ${asgKey(a)} on ${day}`).toBeLessThan(ONE_MINUTE);
          const total = [...mine.values()].reduce((s, v) => s + v, 0);
          expect(Math.abs(total - (a.actualWork ?? 0)), `assignment ${asgKey(a)}: total`).toBeLessThan(ONE_MINUTE);
        }
      });
    });
  }

  it('writes the same records as the XML where the XML writes whole days: 24 hours from the start, a weekend included, the last ending with the work', () => {
    // mpxj_mpp14resource.mpp "Completed Task": 16 h from Saturday 26 Aug 2006 08:00 on the
    // resource's standard week, so nothing on Saturday or Sunday, 8 h on Monday and Tuesday.
    const mpp = parseMppDocument(bytesOf('mpp', 'mpxj_mpp14resource.mpp'));
    const a = mpp.assignments.find((x) => x.taskUid === 4 && x.resourceUid === 1)!;
    expect(a.timephased.filter((r) => r.type === 2)).toEqual([
      { type: 2, start: '2006-08-28T08:00', finish: '2006-08-29T08:00', value: 8 },
      { type: 2, start: '2006-08-29T08:00', finish: '2006-08-29T17:00', value: 8 },
    ]);
    // Project 2019: Task 3's 40 h from Monday 4 Jan 2016, and Resource Two's 5 h of which 2 h
    // overtime (mpxj_mpp14assignmentfields.mpp) spread with the regular work, 2:1 over two windows.
    const p19 = parseMppDocument(bytesOf('mpp', 'mpxj_assignment-assignments-project2019-mpp14.mpp'));
    const x19 = parseMspdiDocument(bytesOf('mspdi', 'mpxj_assignment-assignments-project2019-mspdi.xml'));
    for (const a19 of p19.assignments) {
      const theirs = (x19.assignments.find((x) => asgKey(x) === asgKey(a19))?.timephased ?? []).filter((r) => r.type === 2 && r.value);
      const mine = a19.timephased.filter((r) => r.type === 2);
      expect(mine.map((r) => [r.start, r.finish])).toEqual(theirs.map((r) => [r.start, r.finish]));
      mine.forEach((r, i) => expect(r.value).toBeCloseTo(theirs[i].value!, 6));
    }
    const af = parseMppDocument(bytesOf('mpp', 'mpxj_mpp14assignmentfields.mpp'));
    const two = af.assignments.find((x) => x.taskUid === 1 && x.resourceUid === 4)!;
    expect(two.timephased.filter((r) => r.type === 2).map((r) => [r.start, r.finish, Number(r.value!.toFixed(6))])).toEqual([
      ['2011-07-06T08:55', '2011-07-07T08:55', 3.333333],
      ['2011-07-07T08:55', '2011-07-07T13:55', 1.666667],
    ]);
  });

  it('mpxj_mpp14timephased2.mpp (no twin): every assignment with actual work gets records adding up to it, overtime spread with the regular work', () => {
    const doc = parseMppDocument(bytesOf('mpp', 'mpxj_mpp14timephased2.mpp'));
    const worked = doc.assignments.filter((a) => (a.actualWork ?? 0) > 0);
    expect(worked.length).toBe(6);
    for (const a of worked) {
      const total = a.timephased.filter((r) => r.type === 2).reduce((s, r) => s + (r.value ?? 0), 0);
      expect(Math.abs(total - a.actualWork!)).toBeLessThan(ONE_MINUTE);
    }
    // "Partially complete task with overtime": 16 h (14 regular, 2 overtime) over 14 working
    // hours, so 9 working hours on day 1 take 16 × 9/14 (EXPECTED.md A.9: actual cost 176 then 132, 4:3).
    const ot = doc.assignments.find((a) => a.taskUid === 8)!;
    expect(ot.timephased.filter((r) => r.type === 2).map((r) => Number(r.value!.toFixed(6)))).toEqual([Number(((16 * 8) / 14).toFixed(6)), Number(((16 * 6) / 14).toFixed(6))]);
  });

  it('the cash flow of an .mpp twin has the XML twin\'s period actuals (units basis), not one "before first status" amount', () => {
    for (const [mppFile, xmlFile] of TWINS) {
      const mpp = readMpp(bytesOf('mpp', mppFile), { fileName: mppFile }).schedules[0];
      const xml = readMspdi(bytesOf('mspdi', xmlFile), { fileName: xmlFile }).schedules[0];
      const dataDate = xml.project.currentDate!.slice(0, 10);
      const weekly = (s: Schedule) => analyseSchedule(s, { dataDate, basis: 'units', periods: 'week' });
      const a = weekly(mpp);
      const b = weekly(xml);
      expect(a.cashFlowInfo?.actualSource, mppFile).toBe('file');
      expect(b.cashFlowInfo?.actualSource, xmlFile).toBe('file');
      expect(a.cashFlowInfo?.notes[0], mppFile).toMatch(/time-phased actual work/);
      expect(a.cashFlow.map((r) => r.label)).toEqual(b.cashFlow.map((r) => r.label));
      const past = (x: typeof a) => x.cashFlow.slice(0, x.statusPeriod).map((r) => r.actual ?? 0);
      const pa = past(a);
      const pb = past(b);
      expect(pa.some((v) => v > 0), mppFile).toBe(true);
      pa.forEach((v, i) => expect(Math.abs(v - pb[i]), `${mppFile} period ${i + 1}`).toBeLessThan(ONE_MINUTE));
      expect(a.cashFlowInfo?.beforeFirstStatus?.actual ?? null).toBe(b.cashFlowInfo?.beforeFirstStatus?.actual ?? null);
    }
  });
});

/** A complete-work block: `periods` of [start, cumulative work] in working minutes, ending at `end` minutes. */
function block(periods: [from: number, cumulativeMinutes: number][], end: number, count = periods.length, extra = 4): Uint8Array {
  const bytes = new Uint8Array(32 + periods.length * 20 + extra);
  const v = new DataView(bytes.buffer);
  v.setUint16(0, count, true);
  v.setInt32(24, end * 80, true);
  periods.forEach(([from, cum], i) => {
    v.setInt32(32 + i * 20, from * 80, true);
    v.setFloat64(36 + i * 20, cum * 1000, true);
    v.setFloat64(44 + i * 20, 10000, true);
  });
  return bytes;
}

describe('decoding a complete-work block', () => {
  it('reads the periods: each starts at its offset and ends where the next starts, the last at the end', () => {
    expect(decodeCompleteWork(block([[0, 0], [1, 54]], 55))).toEqual([{ from: 1, to: 55, work: 54 }]);
    expect(decodeCompleteWork(block([[0, 480], [600, 960]], 1080))).toEqual([
      { from: 0, to: 600, work: 480 },
      { from: 600, to: 1080, work: 480 },
    ]);
  });

  it('an empty block (count 0, as MS Project writes for assignments without actuals) has no periods', () => {
    expect(decodeCompleteWork(block([], 0, 0, 20))).toEqual([]);
    expect(decodeCompleteWork(new Uint8Array(10))).toEqual([]);
  });

  it('refuses what does not fit: more periods than bytes, offsets out of order or past the end, work going down or not a number', () => {
    expect(decodeCompleteWork(block([[0, 480]], 480, 5000))).toBeNull();
    expect(decodeCompleteWork(block([[0, 100], [500, 200], [300, 300]], 960))).toBeNull();
    expect(decodeCompleteWork(block([[0, 100], [2000, 200]], 960))).toBeNull();
    expect(decodeCompleteWork(block([[0, 300], [480, 100]], 960))).toBeNull();
    expect(decodeCompleteWork(block([[-5, 100]], 960))).toBeNull();
    const nan = block([[0, 480]], 480);
    new DataView(nan.buffer).setFloat64(36, NaN, true);
    expect(decodeCompleteWork(nan)).toBeNull();
  });
});

describe('damaged actual-work blocks', () => {
  it('any byte damage to a block gives null or periods inside the block (seeded, 2,000 copies)', () => {
    let seed = 4242;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const original = block([[0, 0], [1, 54], [480, 500], [960, 980]], 1500);
    for (let k = 0; k < 2000; k++) {
      const copy = original.slice();
      for (let j = 0; j < 3; j++) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
      const periods = decodeCompleteWork(copy);
      if (periods === null) continue;
      const end = new DataView(copy.buffer).getInt32(24, true) / 80;
      for (const p of periods) {
        expect(p.from).toBeGreaterThanOrEqual(0);
        expect(p.to).toBeGreaterThanOrEqual(p.from);
        expect(p.to).toBeLessThanOrEqual(end);
        expect(Number.isFinite(p.work) && p.work > 0).toBe(true);
      }
    }
  });

  it.skipIf(!haveSamples)('random byte damage to a plan with actual work either reads or fails with an ImportError (seeded, 40 copies)', () => {
    const original = bytesOf('mpp', 'mpxj_mpp14timephased2.mpp');
    let seed = 777;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let read = 0;
    for (let k = 0; k < 40; k++) {
      const copy = original.slice();
      for (let j = 0; j < 40; j++) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
      try {
        readMpp(copy, { fileName: 'plan.mpp' });
        read++;
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError);
      }
    }
    expect(read).toBeGreaterThan(0);
  });
});

/** One task (UID 1, 16 h) with one assignment from Monday 6 Jan 2025 08:00 to Tuesday 17:00, no calendars in the file. */
function plan(): MspdiDocument {
  const task = { uid: 1, id: 1, name: 'Pour', isNull: false, summary: false, milestone: false, external: false, isSubproject: false, active: true, duration: 16, predecessors: [], baselines: [], customValues: [] };
  return {
    project: {},
    calendars: [],
    tasks: [task as unknown as MspdiDocument['tasks'][number]],
    resources: [],
    assignments: [{ uid: 1, taskUid: 1, resourceUid: 1, start: '2025-01-06T08:00', finish: '2025-01-07T17:00', actualWork: 16, baselines: [], timephased: [] }],
    fields: [],
    timephasedRecords: 0,
    warnings: [],
  };
}

describe('placing actual work on the calendar', () => {
  it("with no calendar in the file, MS Project's standard week: 8 h on Monday, 8 h on Tuesday", () => {
    const doc = plan();
    spreadActualWork(doc, [{ assignment: doc.assignments[0], regular: block([[0, 960]], 960) }]);
    expect(doc.assignments[0].timephased).toEqual([
      { type: 2, start: '2025-01-06T08:00', finish: '2025-01-07T08:00', value: 8 },
      { type: 2, start: '2025-01-07T08:00', finish: '2025-01-07T17:00', value: 8 },
    ]);
    expect(doc.warnings).toEqual([]);
  });

  it('a block whose periods run past the assignment gives no records and one warning for the file', () => {
    const doc = plan();
    const second = { ...doc.assignments[0], uid: 2, timephased: [] };
    doc.assignments.push(second);
    spreadActualWork(doc, [
      { assignment: doc.assignments[0], regular: block([[0, 960]], 960 * 50) },
      { assignment: second, regular: block([[0, 100], [20, 50]], 960) },
    ]);
    expect(doc.assignments.flatMap((a) => a.timephased)).toEqual([]);
    expect(doc.warnings).toHaveLength(1);
    expect(doc.warnings[0].message).toMatch(/day-by-day actual work of 2 assignments could not be read/);
  });

  it('a period spread over a hundred years gives one record per 24 hours of it, adding up to its work (no runaway walk)', () => {
    const doc = plan();
    doc.assignments[0].finish = '2124-12-29T17:00';
    // 12,000,000 working minutes ≈ 96 years of 40-hour weeks: within the assignment, so it is read.
    spreadActualWork(doc, [{ assignment: doc.assignments[0], regular: block([[0, 960]], 12_000_000) }]);
    const records = doc.assignments[0].timephased;
    const days = (tryToMinutes('2124-12-29T17:00')! - tryToMinutes('2025-01-06T08:00')!) / 1440;
    expect(records.length).toBeGreaterThan(20_000);
    expect(records.length).toBeLessThanOrEqual(Math.ceil(days));
    expect(records.reduce((s, r) => s + (r.value ?? 0), 0)).toBeCloseTo(16, 6);
  });
});

describe('an assignment on a task with its own calendar and a resource with another', () => {
  const week = (from: number, to: number, days: number[]) => Array.from({ length: 7 }, (_, d) => (days.includes(d) ? [[from, to] as const] : []));

  it('works only when both calendars do (weekdays and exception dates intersected)', () => {
    const task: Calendar = { id: 't', name: 'Task', hoursPerDay: 8, workWeek: week(8 * 60, 17 * 60, [1, 2, 3, 4, 5]), exceptions: [{ date: '2025-01-08', intervals: [] }] };
    const crew: Calendar = { id: 'r', name: 'Crew', hoursPerDay: 8, workWeek: week(10 * 60, 20 * 60, [1, 2, 3, 4, 5, 6]), exceptions: [{ date: '2025-01-11', intervals: [[9 * 60, 12 * 60]] }] };
    const both = intersectCalendars(task, crew);
    expect(both.workWeek[1]).toEqual([[600, 1020]]);
    expect(both.workWeek[6]).toEqual([]);
    expect(both.exceptions).toEqual([
      { date: '2025-01-08', intervals: [] },
      { date: '2025-01-11', intervals: [] },
    ]);
  });

  it('spreads the actual work over the shared hours: 7 h a day, 10:00–17:00', () => {
    const doc = plan();
    const hours = (from: string, to: string) => [[Number(from) * 60, Number(to) * 60] as [number, number]];
    const day = (dayType: number, working: boolean, t: [number, number][]) => ({ dayType, working, times: working ? t : [] });
    doc.calendars = [
      { uid: 1, name: 'Task', isBase: true, weekDays: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, d >= 2 && d <= 6, hours('8', '17'))), exceptions: [], workWeeks: [] },
      { uid: 2, name: 'Crew', isBase: true, weekDays: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d, d >= 2 && d <= 7, hours('10', '20'))), exceptions: [], workWeeks: [] },
    ];
    doc.tasks[0].calendarUid = 1;
    doc.resources = [{ uid: 1, name: 'Crew', type: 1, isCostResource: false, isBudget: false, calendarUid: 2, baselines: [], rates: [] }];
    const a = doc.assignments[0];
    a.start = '2025-01-06T10:00';
    a.finish = '2025-01-07T17:00';
    a.actualWork = 14;
    spreadActualWork(doc, [{ assignment: a, regular: block([[0, 14 * 60]], 14 * 60) }]);
    expect(a.timephased).toEqual([
      { type: 2, start: '2025-01-06T10:00', finish: '2025-01-07T10:00', value: 7 },
      { type: 2, start: '2025-01-07T10:00', finish: '2025-01-07T17:00', value: 7 },
    ]);
  });
});
