/**
 * Every PMXML file of the sample corpus (shared/samples/schedules/other/*.pmxml, *.pmxml.xml),
 * read in place, against the figures in the corpus notes:
 *   README.md  – "File tables › other/" and "Same project in several formats";
 *   EXPECTED.md – A.10 (resource rates), A.11 (percent complete), A.12 (lag calendar),
 *                 B (cross-format families), C.1 (XER twins' PROJCOST), C.3 (PMXML sums).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPmxml } from '../../../../src/core/import/pmxml';
import { ImportError } from '../../../../src/core/import/types';
import { parseSchedule } from '../../../../src/core/model/validate';
import { compileCalendar } from '../../../../src/core/calendar';
import type { Calendar, Schedule } from '../../../../src/core/model/schedule';
import { OTHER, readSample, samplesPresent } from './fixtures';

if (!samplesPresent) console.warn(`PMXML corpus tests skipped: ${OTHER} not found (the shared sample corpus is not on this machine).`);

const read = (file: string, project?: string) => readPmxml(readSample(OTHER, file), { fileName: file, project });
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
const byCode = (s: Schedule, code: string) => {
  const a = s.activities.find((x) => x.code === code);
  if (!a) throw new Error(`no activity ${code}`);
  return a;
};
const warningsOf = (s: Schedule) => (s.source?.warnings ?? []).map((w) => w.message).join('\n');

describe.skipIf(!samplesPresent)('PMXML corpus', () => {
  const files = samplesPresent ? fs.readdirSync(OTHER).filter((f) => /\.pmxml(\.xml)?$/.test(f)) : [];

  it('finds the six PMXML files the README lists', () => {
    // README "other/" table: resource-rates, percent-complete, PredecessorCalendar, BaselineProjects,
    // MultiprojectWithExternal, PrimaveraProject.
    expect(files.sort()).toEqual([
      'aspose_BaselineProjects.pmxml.xml',
      'aspose_MultiprojectWithExternal.pmxml.xml',
      'aspose_PrimaveraProject.pmxml.xml',
      'mpxj_PredecessorCalendar.pmxml.xml',
      'mpxj_percent-complete-8.4.pmxml',
      'mpxj_resource-rates-test.pmxml.xml',
    ]);
  });

  it.each(files)('%s imports into valid schedules with usable calendars', (file) => {
    const r = read(file);
    expect(r.schedules.length).toBe(r.projects.length);
    for (const s of r.schedules) {
      // The model's own validator accepts the result (dates, fractions 0..1, enums…).
      expect(() => parseSchedule(JSON.parse(JSON.stringify(s)))).not.toThrow();
      expect(s.source?.format).toBe('pmxml');
      expect(s.source?.fileName).toBe(file);
      expect(s.source?.application).toMatch(/^Primavera P6/);
      // Every calendar compiles (intervals sorted, within the day, inheritance resolvable).
      const byId = new Map<string, Calendar>(s.calendars.map((c) => [c.id, c]));
      for (const c of s.calendars) expect(() => compileCalendar(c, { calendarsById: byId })).not.toThrow();
      // Every activity sits in a WBS element of the schedule; every assignment on an activity.
      const wbsIds = new Set(s.wbs.map((w) => w.id));
      const actIds = new Set(s.activities.map((a) => a.id));
      for (const a of s.activities) expect(wbsIds.has(a.wbsId ?? '')).toBe(true);
      for (const a of s.assignments) expect(actIds.has(a.activityId)).toBe(true);
    }
  });

  describe('mpxj_resource-rates-test.pmxml.xml (EXPECTED A.10, C.3)', () => {
    const r = samplesPresent ? read('mpxj_resource-rates-test.pmxml.xml') : undefined;
    const s = r?.schedules[0] as Schedule;

    it('holds project NEWPROJ "Resource Rates Test" with data date 2022-08-22 in USD', () => {
      expect(r?.projects).toEqual([{ id: '368', code: 'NEWPROJ', name: 'Resource Rates Test', activities: 1, dataDate: '2022-08-22T00:00' }]);
      expect(s.project.currency).toBe('USD');
    });

    it('has 5 assignments whose planned costs are 240 / 480 / 1,440 / 1,680 / 23,760 = 27,600', () => {
      expect(s.assignments.map((a) => a.id).sort()).toEqual(['6639', '6640', '6641', '6642', '6643']);
      expect(s.assignments.map((a) => a.budgetCost).sort((a, b) => a - b)).toEqual([240, 480, 1440, 1680, 23760]);
      expect(s.assignments.every((a) => a.budgetUnits === 240)).toBe(true);
      expect(sum(s.activities, (a) => a.budgetCost)).toBe(27600);
      expect(sum(s.activities, (a) => a.actualCost)).toBe(0);
      expect(sum(s.activities, (a) => a.remainingCost)).toBe(27600);
    });

    it('takes the resource rate in force at the data date (1/h from 2022-01-01, 21/h only from 2023-01-01)', () => {
      const res = s.resources.find((x) => x.code === 'R1');
      expect(res?.rate).toBe(1);
      expect(res?.type).toBe('labour');
    });
  });

  describe('mpxj_percent-complete-8.4.pmxml (EXPECTED A.11)', () => {
    const s = samplesPresent ? read('mpxj_percent-complete-8.4.pmxml').schedules[0] : (undefined as unknown as Schedule);
    const table: [string, 'duration' | 'physical' | 'units', number][] = [
      ['A1000', 'duration', 0], ['A1010', 'duration', 0.25], ['A1020', 'duration', 0.75], ['A1030', 'duration', 1],
      ['A1040', 'physical', 0], ['A1050', 'physical', 0.25], ['A1060', 'physical', 0.75], ['A1070', 'physical', 1],
      ['A1080', 'units', 0], ['A1090', 'units', 0.25], ['A1100', 'units', 0.75], ['A1110', 'units', 1],
    ];

    it('has the 12 activities of project EC00640', () => {
      expect(s.project.code).toBe('EC00640');
      expect(s.activities).toHaveLength(12);
    });

    it.each(table)('%s is %s %% complete = %d (as a 0..1 fraction)', (code, type, value) => {
      const a = byCode(s, code);
      expect(a.percentCompleteType).toBe(type);
      expect(a.percentComplete[type]).toBeCloseTo(value, 12);
    });

    it('keeps P6 durations in hours: planned 800 h, remaining 800/600/200/0 h for the duration group', () => {
      expect(['A1000', 'A1010', 'A1020', 'A1030'].map((c) => byCode(s, c).remainingDuration)).toEqual([800, 600, 200, 0]);
      expect(s.activities.every((a) => a.originalDuration === 800)).toBe(true);
    });

    it('keeps the labour hours of the units group (actual/remaining 0/100, 25/75, 75/25, 100/0)', () => {
      expect(['A1080', 'A1090', 'A1100', 'A1110'].map((c) => [byCode(s, c).actualUnits, byCode(s, c).remainingUnits])).toEqual([
        [0, 100], [25, 75], [75, 25], [100, 0],
      ]);
    });
  });

  describe('aspose_BaselineProjects.pmxml.xml (EXPECTED B "BaselineCosts", C.3)', () => {
    const r = samplesPresent ? read('aspose_BaselineProjects.pmxml.xml') : undefined;
    const s = r?.schedules[0] as Schedule;

    it('holds one project, BaselineCosts, with the Cyrillic activity names A1000 "Задача 1" and A1010 "Тест2"', () => {
      expect(r?.projects.map((p) => p.code)).toEqual(['BaselineCosts']);
      expect(s.activities.map((a) => [a.code, a.name])).toEqual([
        ['A1000', 'Задача 1'],
        ['A1010', 'Тест2'],
      ]);
    });

    it('sums assignments to planned 20,111 / actual 544 / remaining 7,406', () => {
      expect(s.assignments).toHaveLength(4);
      expect(sum(s.assignments, (a) => a.budgetCost)).toBe(20111);
      expect(sum(s.assignments, (a) => a.actualCost)).toBe(544);
      expect(sum(s.assignments, (a) => a.remainingCost)).toBe(7406);
    });

    it('adds the two activity expenses (3,341 planned / 154 actual, the same items as the XER twin\'s PROJCOST) to actual and remaining cost', () => {
      // C.1: aspose_encoding1251.xer PROJCOST target 3,341 / actual 154; the PMXML carries the
      // same two expense items (3,230 + 111 planned, 100 + 54 actual, 103 + 0 remaining).
      expect(sum(s.activities, (a) => a.actualCost)).toBe(544 + 154);
      expect(sum(s.activities, (a) => a.remainingCost)).toBe(7406 + 103);
    });

    it('takes baseline budgets and dates from B2, the project baseline P6 names (CurrentBaselineProjectObjectId 5493)', () => {
      // C.3: BaselineProject "BaselineCosts - B2" planned cost 4,162, plus the same expense items.
      expect(sum(s.activities, (a) => a.budgetCost)).toBe(4162 + 3341);
      // B2's A1000 started 2023-03-08 08:00 and was forecast to finish 2023-10-18 10:00.
      expect(byCode(s, 'A1000')).toMatchObject({ baselineStart: '2023-03-08T08:00', baselineFinish: '2023-10-18T10:00', baselineDuration: 64 });
      expect(warningsOf(s)).toMatch(/Baseline dates and budgets come from P6's project baseline "\(New Project\) - B2"/);
      // Hours leave out the material assignment (resource 8275, 40 units of a material):
      // B2's A1000 budget = labour 40 (8278) + non-labour 72 (8274); the current actual and
      // remaining hours are 0 + 345 and 40 + 0 (the file's ResourceAssignment values).
      expect(byCode(s, 'A1000')).toMatchObject({ budgetUnits: 112, actualUnits: 345, remainingUnits: 40 });
    });

    it('lists the other baseline, B1 (planned cost 1,000 + the same expenses), against the Cyrillic activities', () => {
      expect(s.baselines.map((b) => [b.id, b.name, b.date])).toEqual([['5492', '(New Project) - B1', '2023-10-06T03:25']]);
      const [b1] = s.baselines;
      expect(sum(b1.activities, (a) => a.budgetCost ?? 0)).toBe(1000 + 3341);
      const names = new Map(s.activities.map((a) => [a.id, a.name]));
      expect(b1.activities.map((a) => names.get(a.activityId))).toEqual(['Задача 1', 'Тест2']);
      // B1 is the state of the XER snapshot: A1000 started 2023-03-06 08:00, remaining finish
      // 2023-03-10 16:00 (aspose_encoding1251.xer act_start_date / reend_date).
      expect(b1.activities[0]).toMatchObject({ start: '2023-03-06T08:00', finish: '2023-03-10T16:00' });
    });
  });

  describe('aspose_MultiprojectWithExternal.pmxml.xml (EXPECTED B "P6 multi-project")', () => {
    it('lists TestProject and TestProject2 and builds both', () => {
      const r = read('aspose_MultiprojectWithExternal.pmxml.xml');
      expect(r.projects.map((p) => [p.code, p.activities])).toEqual([
        ['TestProject', 1],
        ['TestProject2', 2],
      ]);
      const [p1, p2] = r.schedules;
      expect(p1.activities.map((a) => [a.code, a.name])).toEqual([['A1000', 'Задача 1']]);
      expect(p2.activities.map((a) => [a.code, a.name])).toEqual([
        ['A1000', 'Activity2 - 1'],
        ['A1010', 'Activity 2 - 2'],
      ]);
      for (const a of p2.activities) expect([a.baselineStart, a.baselineFinish]).toEqual(['2024-05-28T08:00', '2024-06-03T16:00']);
      // TestProject is only an "external" stub in this export: say so.
      expect(warningsOf(p1)).toMatch(/holds only activity ids and names/);
    });

    it('keeps the cross-project FS link TestProject/A1000 → TestProject2/A1010 when both are built', () => {
      const [p1, p2] = read('aspose_MultiprojectWithExternal.pmxml.xml').schedules;
      expect(p2.relationships).toEqual([{ predecessorId: p1.activities[0].id, successorId: byCode(p2, 'A1010').id, type: 'FS', lagHours: 0 }]);
      expect(p1.relationships).toEqual([]);
    });

    it('chooses one project by Id or ObjectId and drops the link to the other with a warning', () => {
      const byId = read('aspose_MultiprojectWithExternal.pmxml.xml', 'TestProject2');
      const byObjectId = read('aspose_MultiprojectWithExternal.pmxml.xml', '5494');
      for (const r of [byId, byObjectId]) {
        expect(r.projects).toHaveLength(2);
        expect(r.schedules.map((s) => s.project.code)).toEqual(['TestProject2']);
        expect(r.schedules[0].relationships).toEqual([]);
        expect(warningsOf(r.schedules[0])).toMatch(/from A1000 in project TestProject to A1010 was dropped/);
      }
    });

    it('names the projects it has when asked for one it does not', () => {
      expect(() => read('aspose_MultiprojectWithExternal.pmxml.xml', 'NOPE')).toThrow(ImportError);
      expect(() => read('aspose_MultiprojectWithExternal.pmxml.xml', 'NOPE')).toThrow(/no project "NOPE".*TestProject.*TestProject2/);
    });
  });

  describe('aspose_PrimaveraProject.pmxml.xml (README other/ table, C.3)', () => {
    const file = 'aspose_PrimaveraProject.pmxml.xml';
    const r = samplesPresent ? read(file) : undefined;
    const raw = samplesPresent ? fs.readFileSync(path.join(OTHER, file), 'utf8') : '';

    /** PlannedCost of each ResourceAssignment of a project, straight from the text (no reader). */
    const rawPlannedCosts = (projectId: string): string[] => {
      const block = raw.split('<Project>').find((p) => p.includes(`<Id>${projectId}</Id>`)) ?? '';
      return [...block.matchAll(/<ResourceAssignment>[\s\S]*?<PlannedCost>([^<]*)<\/PlannedCost>[\s\S]*?<\/ResourceAssignment>/g)].map((m) => m[1]);
    };

    it('lists its four projects with 1 / 1 / 13 / 13 activities', () => {
      expect(r?.projects.map((p) => [p.code, p.activities, p.dataDate])).toEqual([
        ['PROD00266', 1, undefined],
        ['PROD00228', 1, undefined],
        ['PROD00883', 13, '2012-01-02T00:00'],
        ['PROD00499', 13, '2012-01-02T00:00'],
      ]);
    });

    it('reads the 41 + 41 assignments, decimal commas included', () => {
      const s883 = r?.schedules[2] as Schedule;
      const s499 = r?.schedules[3] as Schedule;
      expect([s883.assignments.length, s499.assignments.length]).toEqual([41, 41]);
      for (const [s, code, expectedWithoutCommas] of [[s883, 'PROD00883', 120000], [s499, 'PROD00499', 106667]] as const) {
        const values = rawPlannedCosts(code);
        expect(values).toHaveLength(41);
        // README/EXPECTED give 120,000 and 106,667: exactly the sum of the values written without a
        // decimal comma (the corpus script could not parse "3529,4118"), as this shows…
        expect(sum(values.filter((v) => !v.includes(',')), Number)).toBe(expectedWithoutCommas);
        // …while the file's true total counts every value, the comma ones as decimals.
        const all = sum(values, (v) => Number(v.replace(',', '.')));
        expect(sum(s.assignments, (a) => a.budgetCost)).toBeCloseTo(all, 6);
      }
      expect(sum(s883.assignments, (a) => a.budgetCost)).toBeCloseTo(270000, 6);
      expect(sum(s499.assignments, (a) => a.budgetCost)).toBeCloseTo(960001.9997, 6);
      expect(warningsOf(s883)).toMatch(/decimal comma/);
    });

    it('places all 26 relationships, two of them across projects', () => {
      // README: "totals: … Relationship 26". Each goes to its successor's project.
      const rels = r?.schedules.flatMap((s) => s.relationships) ?? [];
      expect(rels).toHaveLength(26);
      expect(r?.schedules.map((s) => s.relationships.length)).toEqual([1, 0, 13, 12]);
      expect(rels.find((x) => x.lagHours === -40)?.type).toBe('FS');
    });

    it('reads activity codes and role assignments', () => {
      const s = r?.schedules[2] as Schedule;
      const a = byCode(s, 'PD1030');
      const type = s.codeTypes.find((t) => t.name === 'Type of work');
      expect(type && type.values[a.codes[type.id]]?.code).toBe('Planned');
      // Every assignment and expense of PROD00883 is on cost account 664 ("00100" in the file's
      // CostAccount list), so every activity with costs carries it.
      const accounts = s.codeTypes.find((t) => t.id === 'P6_COST_ACCOUNT');
      expect(accounts?.values['664']).toMatchObject({ code: '00100' });
      expect(s.activities.filter((x) => x.budgetCost > 0).every((x) => x.codes.P6_COST_ACCOUNT === '664')).toBe(true);
      // Assignments name roles only; each used role becomes a labour resource.
      expect(s.assignments.every((x) => x.resourceId.startsWith('role:'))).toBe(true);
      const used = new Set(s.assignments.map((x) => x.resourceId));
      for (const id of used) expect(s.resources.some((res) => res.id === id)).toBe(true);
    });
  });

  describe('mpxj_PredecessorCalendar.pmxml.xml (EXPECTED A.12)', () => {
    const file = 'mpxj_PredecessorCalendar.pmxml.xml';

    it('holds project 201020 "Test Project" (data date 2021-05-17) with one completed activity', () => {
      const r = read(file);
      expect(r.projects).toEqual([{ id: '34136', code: '201020', name: 'Test Project', activities: 1, dataDate: '2021-05-17T22:00' }]);
      const a = r.schedules[0].activities[0];
      expect(a.actualFinish).toBe('2021-04-19T15:30');
      expect(a.forecastFinish).toBeUndefined();
      // "Test Calendar": 07:00–11:59 and 12:30–15:29 in P6's last-minute notation = 8 h a day.
      const cal = r.schedules[0].calendars.find((c) => c.id === '12002');
      expect(cal?.workWeek[1]).toEqual([[420, 720], [750, 930]]);
      expect(cal?.workWeek[0]).toEqual([]);
    });

    it('reads the project lag calendar "Predecessor Activity Calendar" (the model default) and other settings', () => {
      // The file has no relationship, so one is added to its text; the setting is the file's own.
      const raw = fs.readFileSync(path.join(OTHER, file), 'utf8');
      expect(raw).toContain('<RelationshipLagCalendar>Predecessor Activity Calendar</RelationshipLagCalendar>');
      const second = '<Activity><Id>A1010</Id><Name>Second</Name><ObjectId>140002</ObjectId></Activity>';
      const rel = '<Relationship><Lag>16</Lag><ObjectId>1</ObjectId><PredecessorActivityObjectId>140001</PredecessorActivityObjectId><SuccessorActivityObjectId>140002</SuccessorActivityObjectId><Type>Finish to Finish</Type></Relationship>';
      // The last </Project> closes the real project (the first is inside <ProjectList>).
      const at = raw.lastIndexOf('</Project>');
      const edited = `${raw.slice(0, at)}${second}${rel}${raw.slice(at)}`;
      const s = readPmxml(new TextEncoder().encode(edited)).schedules[0];
      // Predecessor is the model's default, left implicit (as the XER reader does).
      expect(s.relationships).toEqual([{ predecessorId: '140001', successorId: '140002', type: 'FF', lagHours: 16 }]);
      const successor = edited.replace('Predecessor Activity Calendar', 'Successor Activity Calendar');
      expect(readPmxml(new TextEncoder().encode(successor)).schedules[0].relationships[0].lagCalendar).toBe('successor');
    });
  });
});
