/**
 * Every XER of the sample corpus, read in place, against the counts and sums in
 * ../shared/samples/schedules/README.md ("File tables", xer/) and EXPECTED.md (A.10, A.11, B, C.1).
 * Those figures were computed by the corpus authors from the raw tables, independently of this code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXer } from '../../../../src/core/import/xer';
import type { ImportResult } from '../../../../src/core/import/types';
import type { Activity, Schedule } from '../../../../src/core/model/schedule';

const dir = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/xer');
const have = existsSync(dir);
if (!have) console.warn(`[xer corpus.test] sample corpus not found at ${dir}; corpus tests skipped.`);

const cache = new Map<string, ImportResult>();
function read(file: string, project?: string): ImportResult {
  const key = `${file}|${project ?? ''}`;
  let r = cache.get(key);
  if (!r) {
    r = readXer(new Uint8Array(readFileSync(path.join(dir, file))), { fileName: file, project });
    cache.set(key, r);
  }
  return r;
}

const all = (r: ImportResult) => r.schedules.flatMap((s) => s.activities);
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
const byCode = (s: Schedule, code: string) => s.activities.find((a) => a.code === code) as Activity;
/** Complete / active / not started, as P6's status_code: actual finish, actual start only, neither. */
function statusCounts(acts: Activity[]) {
  return {
    complete: acts.filter((a) => a.actualFinish).length,
    active: acts.filter((a) => a.actualStart && !a.actualFinish).length,
    notStarted: acts.filter((a) => !a.actualStart).length,
  };
}
const warned = (s: Schedule, re: RegExp) => s.source!.warnings.some((w) => re.test(w.message));

describe.skipIf(!have)('XER corpus', () => {
  describe('pyp6xer_SP10_COST_LOADED.xer (P6 8.1, cost loaded)', () => {
    const f = 'pyp6xer_SP10_COST_LOADED.xer';
    it('has one project with its data date, currency and counts (README / EXPECTED C.1)', () => {
      const r = read(f);
      expect(r.projects).toEqual([{ id: '549', code: 'HS2-LWM-IMP-040-20', name: expect.any(String), activities: 3994, dataDate: '2017-09-16T00:00' }]);
      const s = r.schedules[0];
      expect(s.project.currency).toBe('GBP');
      expect(s.project.dataDate).toBe('2017-09-16T00:00');
      expect(s.source?.application).toBe('Primavera P6 8.1');
      expect(s.activities).toHaveLength(3994);
      expect(s.relationships).toHaveLength(5966);
      expect(s.assignments).toHaveLength(692);
      expect(s.resources.filter((x) => !x.id.startsWith('role:'))).toHaveLength(180);
    });
    it('has the status counts C 523 / A 170 / N 3301 (EXPECTED C.1)', () => {
      expect(statusCounts(read(f).schedules[0].activities)).toEqual({ complete: 523, active: 170, notStarted: 3301 });
    });
    it('sums TASKRSRC target / actual (reg+ot) / remaining cost and target_qty (EXPECTED C.1)', () => {
      const s = read(f).schedules[0];
      expect(sum(s.assignments, (a) => a.budgetCost)).toBeCloseTo(215_918_496.41, 2);
      expect(sum(s.assignments, (a) => a.actualCost)).toBeCloseTo(16_001_858.6, 2);
      expect(sum(s.assignments, (a) => a.remainingCost)).toBeCloseTo(201_650_471.06, 2);
      expect(sum(s.assignments, (a) => a.budgetUnits)).toBeCloseTo(214_647_320.11, 2);
      // No PROJCOST rows, so the activities carry exactly the assignments' money.
      expect(sum(s.activities, (a) => a.budgetCost)).toBeCloseTo(215_918_496.41, 2);
      expect(sum(s.activities, (a) => a.actualCost)).toBeCloseTo(16_001_858.6, 2);
    });
    it('warns that its baseline project (sum_base_proj_id 599) is not in the file (README)', () => {
      const s = read(f).schedules[0];
      expect(s.source!.warnings.some((w) => /baseline project 599/.test(w.message) && /not in this file/.test(w.message))).toBe(true);
    });
    it('builds the WBS tree from PROJWBS (2266 rows) under the project node', () => {
      const s = read(f).schedules[0];
      expect(s.wbs).toHaveLength(2266);
      const roots = s.wbs.filter((w) => w.parentId === null);
      expect(roots).toHaveLength(1);
      const ids = new Set(s.wbs.map((w) => w.id));
      expect(s.wbs.every((w) => w.parentId === null || ids.has(w.parentId))).toBe(true);
      expect(s.activities.every((a) => a.wbsId !== null && ids.has(a.wbsId))).toBe(true);
      expect(roots[0].code).toBe('HS2-LWM-IMP-040-20');
    });
    it('reads activity codes (ACTVTYPE/ACTVCODE/TASKACTV) onto the activities', () => {
      const s = read(f).schedules[0];
      expect(s.codeTypes.length).toBeGreaterThan(0);
      const withCodes = s.activities.filter((a) => Object.keys(a.codes).length > 0);
      expect(withCodes.length).toBeGreaterThan(0);
      for (const a of withCodes.slice(0, 50)) {
        for (const [type, value] of Object.entries(a.codes)) {
          const t = s.codeTypes.find((x) => x.id === type);
          expect(t?.values[value]).toBeDefined();
        }
      }
    });
    it('calendars: every activity calendar exists and work weeks have seven days', () => {
      const s = read(f).schedules[0];
      const ids = new Set(s.calendars.map((c) => c.id));
      expect(s.activities.every((a) => a.calendarId === undefined || ids.has(a.calendarId))).toBe(true);
      for (const c of s.calendars) expect(c.workWeek).toHaveLength(7);
      expect(s.project.defaultCalendarId && ids.has(s.project.defaultCalendarId)).toBe(true);
    });
  });

  describe('aspose_test.xer (P6 5.0)', () => {
    it('NEWPROJ: 2 not-started activities, 7 assignments, 36,200 budget, 280 units (EXPECTED C.1)', () => {
      const r = read('aspose_test.xer');
      expect(r.projects.map((p) => [p.code, p.dataDate, p.activities])).toEqual([['NEWPROJ', '2016-06-09T00:00', 2]]);
      const s = r.schedules[0];
      expect(s.project.currency).toBe('USD');
      expect(statusCounts(s.activities)).toEqual({ complete: 0, active: 0, notStarted: 2 });
      expect(s.assignments).toHaveLength(7);
      expect(sum(s.activities, (a) => a.budgetCost)).toBeCloseTo(36_200, 2);
      expect(sum(s.activities, (a) => a.remainingCost)).toBeCloseTo(36_200, 2);
      expect(sum(s.activities, (a) => a.actualCost)).toBe(0);
      expect(sum(s.assignments, (a) => a.budgetUnits)).toBeCloseTo(280, 6);
    });
  });

  describe('aspose_encoding1251.xer (P6 20.12, Cyrillic, expenses)', () => {
    const f = 'aspose_encoding1251.xer';
    it('decodes the Cyrillic names (EXPECTED B: A1000 "Задача 1", A1010 "Тест2")', () => {
      const s = read(f).schedules[0];
      expect(byCode(s, 'A1000').name).toBe('Задача 1');
      expect(byCode(s, 'A1010').name).toBe('Тест2');
    });
    it('adds PROJCOST expenses to TASKRSRC costs (EXPECTED C.1: 13,765 + 3,341; 1,570 + 154)', () => {
      const s = read(f).schedules[0];
      expect(s.assignments).toHaveLength(4);
      expect(sum(s.assignments, (a) => a.budgetCost)).toBeCloseTo(13_765, 2);
      expect(sum(s.assignments, (a) => a.actualCost)).toBeCloseTo(1_570, 2);
      expect(sum(s.assignments, (a) => a.remainingCost)).toBeCloseTo(165_798, 2);
      expect(sum(s.assignments, (a) => a.budgetUnits)).toBeCloseTo(192, 6);
      expect(sum(s.activities, (a) => a.budgetCost)).toBeCloseTo(13_765 + 3_341, 2);
      expect(sum(s.activities, (a) => a.actualCost)).toBeCloseTo(1_570 + 154, 2);
      // Expense remaining_cost in the file: 103 + 0 (PROJCOST rows read by hand).
      expect(sum(s.activities, (a) => a.remainingCost)).toBeCloseTo(165_798 + 103, 2);
    });
    it('has the assignment on resource 8278 at 1,000 / 230 / 770 (EXPECTED B "BaselineCosts")', () => {
      const s = read(f).schedules[0];
      const a = s.assignments.find((x) => x.resourceId === '8278');
      expect(a).toMatchObject({ budgetCost: 1000, actualCost: 230, remainingCost: 770 });
    });
    it('is two active activities with data date 2023-03-06', () => {
      const r = read(f);
      expect(r.projects[0]).toMatchObject({ code: 'BaselineCosts', dataDate: '2023-03-06T00:00', activities: 2 });
      expect(statusCounts(r.schedules[0].activities)).toEqual({ complete: 0, active: 2, notStarted: 0 });
    });
    it('excludes material quantities from activity units but keeps them on the assignment', () => {
      const s = read(f).schedules[0];
      // TASKRSRC rows (read by hand): 8278 RT_Labor 40, 8228 RT_Labor 40, 8275 RT_Mat 40, 8274 RT_Equip 72.
      // The assignment's own rsrc_type counts (RSRC lists 8228 as material, the assignment as labour).
      expect(s.assignments.find((a) => a.resourceId === '8275')?.budgetUnits).toBe(40);
      expect(sum(s.activities, (a) => a.budgetUnits)).toBeCloseTo(192 - 40, 6);
    });
    it('reads the calendar 178 with Mon–Fri 08:00–16:00 and exceptions as dates from 1899-12-30', () => {
      const cal = read(f).schedules[0].calendars.find((c) => c.id === '178')!;
      expect(cal.name).toBe('Corporate - Standard Full Time');
      expect(cal.hoursPerDay).toBe(8);
      expect(cal.workWeek[0]).toEqual([]); // Sunday
      expect(cal.workWeek[1]).toEqual([[480, 960]]);
      expect(cal.workWeek[6]).toEqual([]);
      expect(cal.exceptions).toHaveLength(24);
      // d|41519 = 2013-09-02 (US Labor Day), d|40179 = 2010-01-01.
      expect(cal.exceptions.map((e) => e.date)).toEqual(expect.arrayContaining(['2013-09-02', '2010-01-01']));
      expect(cal.exceptions.every((e) => e.intervals.length === 0)).toBe(true);
    });
  });

  describe('aspose_MultiprojectWithExternal.xer (two projects, cross-project link)', () => {
    const f = 'aspose_MultiprojectWithExternal.xer';
    it('lists both projects and builds both by default (EXPECTED B "P6 multi-project")', () => {
      const r = read(f);
      expect(r.projects.map((p) => [p.id, p.code, p.activities, p.dataDate])).toEqual([
        ['5442', 'TestProject', 1, '2023-10-06T00:00'],
        ['5494', 'TestProject2', 2, '2024-05-28T00:00'],
      ]);
      expect(r.schedules.map((s) => s.project.code)).toEqual(['TestProject', 'TestProject2']);
      expect(byCode(r.schedules[0], 'A1000').name).toBe('Задача 1');
      const p2 = r.schedules[1];
      expect(byCode(p2, 'A1000').name).toBe('Activity2 - 1');
      expect(byCode(p2, 'A1010').name).toBe('Activity 2 - 2');
      expect(byCode(p2, 'A1010')).toMatchObject({ plannedStart: '2024-05-28T08:00', plannedFinish: '2024-06-03T16:00' });
      expect(statusCounts(all(r))).toEqual({ complete: 0, active: 1, notStarted: 2 });
    });
    it('keeps the cross-project FS link TestProject2/A1010 ← TestProject/A1000 when both are built', () => {
      const r = read(f);
      const [p1, p2] = r.schedules;
      expect(p1.relationships).toHaveLength(0);
      expect(p2.relationships).toEqual([{ predecessorId: byCode(p1, 'A1000').id, successorId: byCode(p2, 'A1010').id, type: 'FS', lagHours: 0, lagCalendar: undefined }]);
      expect(warned(p2, /link activities of different projects/)).toBe(true);
    });
    it('drops that link with a warning when only TestProject2 is chosen', () => {
      const r = read(f, 'TestProject2');
      expect(r.projects).toHaveLength(2);
      expect(r.schedules).toHaveLength(1);
      expect(r.schedules[0].relationships).toHaveLength(0);
      expect(warned(r.schedules[0], /predecessors in project TestProject, which is not being imported/)).toBe(true);
    });
    it('chooses a project by proj_id as well as by short name', () => {
      expect(read(f, '5442').schedules.map((s) => s.project.code)).toEqual(['TestProject']);
    });
    it('warns that TestProject\'s baseline (proj 5493) is not in the file (README)', () => {
      expect(warned(read(f).schedules[0], /baseline project 5493.*not in this file/)).toBe(true);
    });
    it('carries the PROJCOST expenses (EXPECTED C.1: 3,341 / 154)', () => {
      const r = read(f);
      expect(sum(all(r), (a) => a.budgetCost)).toBeCloseTo(3_341, 2);
      expect(sum(all(r), (a) => a.actualCost)).toBeCloseTo(154, 2);
    });
  });

  describe('mpxj_resource-rates-test.xer (EXPECTED A.10)', () => {
    it('has 5 assignments of 240 h costing 240 / 480 / 1,440 / 1,680 / 23,760 = 27,600', () => {
      const s = read('mpxj_resource-rates-test.xer').schedules[0];
      expect(s.project).toMatchObject({ code: 'NEWPROJ', name: 'Resource Rates Test', dataDate: '2022-08-22T00:00' });
      expect(s.assignments.map((a) => a.budgetCost).sort((a, b) => a - b)).toEqual([240, 480, 1440, 1680, 23760]);
      expect(s.assignments.every((a) => a.budgetUnits === 240)).toBe(true);
      expect(s.activities[0].budgetCost).toBe(27_600);
      expect(s.activities[0].budgetUnits).toBe(1_200);
    });
    it('takes the resource rate in force at the data date (2022 row: 1/h, not the 2023 row: 21/h)', () => {
      const s = read('mpxj_resource-rates-test.xer').schedules[0];
      const res = s.resources.filter((x) => !x.id.startsWith('role:'));
      expect(res).toHaveLength(1);
      expect(res[0].rate).toBe(1);
    });
  });

  describe('mpxj_percent-complete-8.4.xer (EXPECTED A.11)', () => {
    const s = () => read('mpxj_percent-complete-8.4.xer').schedules[0];
    it('has 12 activities, 9 active and 3 not started, data date 2015-02-24', () => {
      expect(s().project).toMatchObject({ code: 'EC00640', dataDate: '2015-02-24T00:00' });
      expect(statusCounts(s().activities)).toEqual({ complete: 0, active: 9, notStarted: 3 });
    });
    it.each([
      ['A1000', 'duration', 0], ['A1010', 'duration', 0.25], ['A1020', 'duration', 0.75], ['A1030', 'duration', 1],
      ['A1040', 'physical', 0], ['A1050', 'physical', 0.25], ['A1060', 'physical', 0.75], ['A1070', 'physical', 1],
      ['A1080', 'units', 0], ['A1090', 'units', 0.25], ['A1100', 'units', 0.75], ['A1110', 'units', 1],
    ] as const)('%s: %s percent complete %s', (code, type, value) => {
      const a = byCode(s(), code);
      expect(a.percentCompleteType).toBe(type);
      expect(a.percentComplete[type]).toBeCloseTo(value, 10);
    });
  });

  describe('mpxj_PredecessorCalendar.xer (P6 8.2.0, UTF-8)', () => {
    it('reads the one complete activity and the project calendar', () => {
      const s = read('mpxj_PredecessorCalendar.xer').schedules[0];
      expect(s.project).toMatchObject({ code: 'TEST PROJECT', dataDate: '2019-10-02T00:00' });
      expect(s.activities).toHaveLength(1);
      expect(statusCounts(s.activities)).toEqual({ complete: 1, active: 0, notStarted: 0 });
      // Its rows are one field short of the %F line: read, and reported with table and row.
      expect(s.source!.warnings.some((w) => w.where === 'TASK row 1')).toBe(true);
    });
  });

  describe('jaggelas_test.xer (P6 23.12, units only, two projects)', () => {
    const f = 'jaggelas_test.xer';
    it('lists 935 (3 activities) and 10001 (692) with their data dates (README)', () => {
      const r = read(f);
      expect(r.projects.map((p) => [p.code, p.activities, p.dataDate])).toEqual([
        ['935', 3, '2025-04-07T09:40'],
        ['10001', 692, '2025-04-22T09:40'],
      ]);
      expect(all(r)).toHaveLength(695);
      expect(statusCounts(all(r))).toEqual({ complete: 74, active: 20, notStarted: 601 });
      expect(sum(r.schedules, (s) => s.relationships.length)).toBe(1595);
    });
    it('has 449 unit-only assignments: no cost, 64,342.33 units (EXPECTED C.1)', () => {
      const r = read(f);
      const asg = r.schedules.flatMap((s) => s.assignments);
      expect(asg).toHaveLength(449);
      expect(sum(asg, (a) => a.budgetCost)).toBe(0);
      expect(sum(asg, (a) => a.budgetUnits)).toBeCloseTo(64_342.33, 2);
      expect(sum(all(r), (a) => a.budgetCost)).toBe(0);
      expect(r.schedules[1].assignments).toHaveLength(449);
    });
    it('warns about both missing baseline projects (4539, 4538)', () => {
      const [a, b] = read(f).schedules;
      expect(warned(a, /baseline project 4539/)).toBe(true);
      expect(warned(b, /baseline project 4538/)).toBe(true);
    });
    it('reads the successor lag calendar option of project 10001 (SCHEDOPTIONS rcal_Successor)', () => {
      const s = read(f).schedules[1];
      expect(s.relationships.length).toBeGreaterThan(0);
      expect(s.relationships.every((x) => x.lagCalendar === 'successor')).toBe(true);
    });
    it('reads TASK user-defined fields by their label', () => {
      const r = read(f);
      const withUdf = all(r).filter((a) => a.udf);
      expect(withUdf.length).toBeGreaterThan(0);
      const labels = new Set(withUdf.flatMap((a) => Object.keys(a.udf!)));
      // UDFTYPE rows for table TASK in this file: Placeholder, Schedule Comments, Site Activity, Permit Verified By MB, …
      expect([...labels].every((l) => ['Placeholder', 'Schedule Comments', 'Site Activity', 'Permit Verified By MB'].includes(l) || l.length > 0)).toBe(true);
    });
  });

  it('every corpus file gives activities whose dates are model dates and fractions in 0..1', () => {
    const dateRe = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
    for (const file of ['pyp6xer_SP10_COST_LOADED.xer', 'aspose_test.xer', 'aspose_encoding1251.xer', 'aspose_MultiprojectWithExternal.xer', 'mpxj_resource-rates-test.xer', 'mpxj_percent-complete-8.4.xer', 'mpxj_PredecessorCalendar.xer', 'jaggelas_test.xer']) {
      for (const a of all(read(file))) {
        for (const k of ['baselineStart', 'baselineFinish', 'plannedStart', 'plannedFinish', 'actualStart', 'actualFinish', 'forecastStart', 'forecastFinish'] as const) {
          if (a[k] !== undefined) expect(a[k]).toMatch(dateRe);
        }
        for (const v of Object.values(a.percentComplete)) if (v !== undefined) expect(v >= 0 && v <= 1).toBe(true);
      }
    }
  });
});
