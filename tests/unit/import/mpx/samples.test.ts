/**
 * The MPX files of the sample corpus (../shared/samples/schedules/other, read in place):
 * - `mpxj_legacy_sample.mpx` against its MSPDI twin `mspdi/mpxj_legacy_sample.xml` (EXPECTED.md B,
 *   "MPXJ sample"), field by field through the canonical model both readers produce;
 * - `mpxj_task-durations-project98.mpx` (EXPECTED.md B "Task durations, Project 98": 91 task
 *   records; README: one calendar, no resources or assignments) with the custom durations MPXJ's
 *   TaskDurationsTest checks (1m, 1h, 1d, 1w, 1em, 1eh, 1ed, 1ew per task).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpx } from '../../../../src/core/import/mpx';
import { readMspdi } from '../../../../src/core/import/mspdi';
import type { Activity, Schedule } from '../../../../src/core/model/schedule';

const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
const LEGACY_MPX = path.join(SAMPLES, 'other/mpxj_legacy_sample.mpx');
const LEGACY_XML = path.join(SAMPLES, 'mspdi/mpxj_legacy_sample.xml');
const DURATIONS = path.join(SAMPLES, 'other/mpxj_task-durations-project98.mpx');
const haveSamples = existsSync(LEGACY_MPX) && existsSync(LEGACY_XML) && existsSync(DURATIONS);
if (!haveSamples) console.warn(`[mpx tests] sample corpus not found at ${SAMPLES}; the corpus tests are skipped.`);

const read = (file: string): Schedule => readMpx(new Uint8Array(readFileSync(file)), { fileName: path.basename(file) }).schedules[0];
const day = (d: string | undefined) => d?.slice(0, 10);

describe.skipIf(!haveSamples)('legacy sample: MPX against its MSPDI twin', () => {
  const mpx = haveSamples ? read(LEGACY_MPX) : (undefined as unknown as Schedule);
  const xml = haveSamples ? readMspdi(new Uint8Array(readFileSync(LEGACY_XML)), { fileName: 'mpxj_legacy_sample.xml' }).schedules[0] : (undefined as unknown as Schedule);
  const twin = (a: Activity): Activity => {
    const b = mpx.activities.find((x) => x.id === a.id);
    if (!b) throw new Error(`MPX has no activity with unique ID ${a.id} ("${a.name}")`);
    return b;
  };

  it('has the same project, tasks, outline and WBS', () => {
    expect(mpx.project.name).toBe('sample');
    expect(mpx.project.name).toBe(xml.project.name);
    expect(mpx.project.currency).toBe(xml.project.currency);
    expect(mpx.source?.format).toBe('mpx');
    // EXPECTED.md B: 20 task rows incl. the project summary: 16 leaf tasks and 3 summaries.
    expect(mpx.activities).toHaveLength(16);
    expect(mpx.wbs).toHaveLength(3);
    expect(mpx.activities.map((a) => [a.id, a.code, a.name, a.wbsId])).toEqual(xml.activities.map((a) => [a.id, a.code, a.name, a.wbsId]));
    expect(mpx.wbs).toEqual(xml.wbs);
    expect(mpx.activities.map((a) => a.udf?.['msp:ID'])).toEqual(xml.activities.map((a) => a.udf?.['msp:ID']));
  });

  it('has the same dates, durations, float, constraints and costs, task by task', () => {
    for (const a of xml.activities) {
      const b = twin(a);
      const label = `${a.id} ${a.name}`;
      expect([label, b.type, b.originalDuration, b.remainingDuration, b.actualDuration, b.totalFloat]).toEqual([label, a.type, a.originalDuration, a.remainingDuration, a.actualDuration, a.totalFloat]);
      expect([label, b.budgetCost, b.actualCost, b.remainingCost, b.budgetUnits, b.actualUnits, b.remainingUnits]).toEqual([label, a.budgetCost, a.actualCost, a.remainingCost, a.budgetUnits, a.actualUnits, a.remainingUnits]);
      expect([label, b.plannedStart, b.forecastStart, b.constraint]).toEqual([label, a.plannedStart, a.forecastStart, a.constraint]);
      // MPX writes finishes without a time ("Tue 18/03/03"), so the reader ends them when the
      // calendar's working day ends (17:00). MS Project's XML has the exact time, which for two
      // tasks here is 08:00; the MPX file does not say it. The day is the same.
      expect([label, day(b.plannedFinish), day(b.forecastFinish)]).toEqual([label, day(a.plannedFinish), day(a.forecastFinish)]);
      if (a.plannedFinish?.endsWith('17:00') || a.plannedFinish === a.plannedStart) expect(b.plannedFinish).toBe(a.plannedFinish);
      // % complete by duration is in both; the MPX task model of this file has no physical or
      // work % complete fields, which the MSPDI file writes as 0.
      expect(b.percentComplete.duration).toBe(a.percentComplete.duration);
    }
    const total = (s: Schedule) => s.activities.reduce((n, a) => n + a.budgetCost, 0);
    // EXPECTED.md B / C.2: total cost 3,526.25.
    expect(total(mpx)).toBeCloseTo(3526.25, 6);
    expect(total(mpx)).toBeCloseTo(total(xml), 6);
  });

  it('has the same links, except one the MPX file has and its later MSPDI twin does not', () => {
    const key = (r: Schedule['relationships'][number]) => `${r.predecessorId}->${r.successorId} ${r.type} ${r.lagHours}h`;
    const inXml = xml.relationships.map(key).sort();
    const inMpx = mpx.relationships.map(key).sort();
    // Every MSPDI link, with its type and lag (1d = 8 h, −1d = −8 h), is in the MPX file.
    for (const k of inXml) expect(inMpx).toContain(k);
    // "Related Task 2b" lists predecessors "10FS+1d,9" in the MPX file (ID 9 = unique ID 10,
    // "Related Task 1b"); the MSPDI file, saved five weeks later (its current date is 2003-02-19,
    // the MPX file's 2003-01-15), no longer has the second link. The files differ, not the readers.
    expect(inMpx.filter((k) => !inXml.includes(k))).toEqual(['10->12 FS 0h']);
    expect(inXml).toEqual(expect.arrayContaining(['11->12 FS 8h', '13->14 FS -8h', '15->16 SS 0h', '17->18 FF 0h', '20->21 SF 0h', '9->10 FS 0h']));
  });

  it('has the same resources, rates, calendars and assignments', () => {
    // EXPECTED.md B: "First Resource" 10/h and "Second Resource" 5/h.
    expect(mpx.resources).toEqual(xml.resources);
    expect(mpx.resources.map((r) => [r.name, r.rate])).toEqual([
      ['First Resource', 10],
      ['Second Resource', 5],
    ]);
    const strip = (s: Schedule) => s.calendars.map((c) => ({ ...c, exceptions: c.exceptions.length }));
    expect(strip(mpx)).toEqual(strip(xml));
    // MSPDI lists 17 assignments, 15 of them MS Project's "unassigned" placeholder, which the
    // mapper drops; the MPX file writes only the 2 real ones. Assignment UIDs are not in MPX.
    const asg = (s: Schedule) => s.assignments.map(({ id: _id, timephased: _tp, ...a }) => a);
    expect(asg(mpx)).toEqual(asg(xml));
    expect(mpx.assignments.map((a) => a.budgetCost)).toEqual([2015, 1511.25]);
  });

  it('takes the current date from the MPX header, and says there is no status date', () => {
    // The twins were saved on different days (see the links test): 2003-01-15 here.
    expect(mpx.project.currentDate).toBe('2003-01-15T08:00');
    expect(xml.project.currentDate).toBe('2003-02-19T08:00');
    expect(mpx.project.dataDate).toBeUndefined();
    const w = mpx.source?.warnings.map((x) => x.message).join('\n') ?? '';
    expect(w).toMatch(/MPX files have no status date/);
    expect(w).toMatch(/taken to be GBP from the file's currency symbol/);
    expect(w).not.toMatch(/CurrencyCode|<\w+>/);
  });
});

describe.skipIf(!haveSamples)('task durations, Project 98 (MPX)', () => {
  const s = haveSamples ? read(DURATIONS) : (undefined as unknown as Schedule);

  it('has the 91 task records: the project summary and 90 tasks, one calendar, no resources', () => {
    expect(s.project.name).toBe('task-durations-project98');
    expect(s.activities).toHaveLength(90);
    expect(s.wbs).toHaveLength(0);
    expect(s.calendars.map((c) => c.name)).toEqual(['Standard']);
    expect(s.resources).toHaveLength(0);
    expect(s.assignments).toHaveLength(0);
    for (const a of s.activities) expect([a.name, a.originalDuration, a.plannedStart, a.plannedFinish]).toEqual([a.name, 8, '2014-10-17T08:00', '2014-10-17T17:00']);
  });

  it('reads Duration1–3 in every unit (m, h, d, w, em, eh, ed, ew) as hours', () => {
    // MPXJ TaskDurationsTest: "DurationN - Task k" holds 1 of the k-th unit.
    const hours = [1 / 60, 1, 8, 40, 1 / 60, 1, 24, 168];
    for (const field of ['Duration1', 'Duration2', 'Duration3']) {
      for (let k = 0; k < 8; k++) {
        const a = s.activities.find((x) => x.name === `${field} - Task ${k}`);
        expect(a?.udf?.[field]).toBeCloseTo(hours[k], 9);
      }
    }
    expect(s.activities.find((x) => x.name === 'Duration2')?.udf?.Duration2).toBe(16);
  });
});
