/**
 * Project 98 (MPP8) files beyond tasks and links (src/core/import/mpp/mpp8.ts): project settings,
 * calendars, resources and assignments, against the twins the corpus README lists:
 * - mpxj_legacy_sample98.mpp and mspdi/mpxj_legacy_sample.xml ("probably the same plan"): verified
 *   here. Every task, calendar, resource and assignment agrees field by field, and both become
 *   the same canonical schedule except where listed (each with its reason).
 * - mpxj_task-durations-project98-mpp8.mpp and other/mpxj_task-durations-project98.mpx.
 * Read in place from ../shared/samples/schedules; skipped with a message when absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCfb, parseMppDocument, readMpp } from '../../../../src/core/import/mpp';
import { cfbFind } from '../../../../src/core/import/mpp/cfb';
import { Props8, readMpp8Assignments, readMpp8Calendars, readMpp8Resources, readMpp8Tasks } from '../../../../src/core/import/mpp/mpp8';
import { parseMpxDocument } from '../../../../src/core/import/mpx';
import { parseMspdiDocument, readMspdi, type MspdiAssignment } from '../../../../src/core/import/mspdi';
import { ImportError } from '../../../../src/core/import/types';

const SAMPLES = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
const haveSamples = existsSync(path.join(SAMPLES, 'mpp', 'mpxj_legacy_sample98.mpp'));
if (!haveSamples) console.warn(`[mpp8 tests] sample corpus not found at ${SAMPLES}; the corpus tests are skipped.`);
const bytesOf = (dir: string, f: string) => new Uint8Array(readFileSync(path.join(SAMPLES, dir, f)));

describe.skipIf(!haveSamples)('mpxj_legacy_sample98.mpp (MPP8) against its MS Project XML twin', () => {
  const mpp = () => parseMppDocument(bytesOf('mpp', 'mpxj_legacy_sample98.mpp'));
  const xml = () => parseMspdiDocument(bytesOf('mspdi', 'mpxj_legacy_sample.xml'));

  it('project settings: title, dates, currency symbol, hours per day and week, default calendar', () => {
    const m = mpp().project;
    const x = xml().project;
    expect(m).toMatchObject({ title: x.title, startDate: x.startDate, finishDate: x.finishDate, currencySymbol: '£', minutesPerDay: 480, minutesPerWeek: 2400, calendarUid: x.calendarUid });
    expect([x.minutesPerDay, x.minutesPerWeek, x.currencySymbol]).toEqual([480, 2400, '£']);
    // Not in Project 98's Props: a status date (NA in both), a currency code, days per month.
    expect(m.statusDate).toBeUndefined();
    expect(x.statusDate).toBeUndefined();
  });

  it('calendars: Standard, Night Shift (past midnight) and the two resource calendars, field by field', () => {
    const byUid = (list: ReturnType<typeof mpp>['calendars']) => new Map(list.map((c) => [c.uid, c]));
    const m = byUid(mpp().calendars);
    for (const x of xml().calendars) {
      const c = m.get(x.uid);
      expect(c, `calendar ${x.uid}`).toBeDefined();
      expect({ name: c!.name, isBase: c!.isBase, baseUid: c!.baseUid ?? -1, exceptions: c!.exceptions }).toEqual({ name: x.name, isBase: x.isBase, baseUid: x.baseUid ?? -1, exceptions: x.exceptions });
      // MSPDI writes a midnight end as 00:00 (0 here); the .mpp stores a length, so 24:00 (1440).
      const days = (list: typeof x.weekDays) => list.map((d) => ({ ...d, times: d.times.map(([a, b]) => [a, b === 0 && a > 0 ? 1440 : b]) }));
      expect(days(c!.weekDays), x.name).toEqual(days(x.weekDays));
    }
    // One more in the .mpp: calendar 5 of the placeholder resource 0, which the XML names (its
    // resource 0 has CalendarUID 5) but does not write; the MPP9 copy of the plan holds it too.
    expect([...m.keys()].filter((uid) => !xml().calendars.some((c) => c.uid === uid))).toEqual([5]);
  });

  it('resources: names, initials, rates, cost per use and calendars, field by field', () => {
    const x = xml().resources.filter((r) => r.uid !== 0); // the XML's placeholder row 0 is no resource
    expect(mpp().resources).toEqual(x);
    expect(mpp().resources.map((r) => [r.name, r.standardRate, r.overtimeRate, r.costPerUse])).toEqual([
      ['First Resource', 10, 20, 30],
      ['Second Resource', 5, 10, 15],
    ]);
  });

  it('assignments: units, dates, work, cost and actuals of all 17, field by field', () => {
    const view = (a: MspdiAssignment) => {
      const v: Record<string, unknown> = { uid: a.uid, taskUid: a.taskUid, resourceUid: a.resourceUid, units: a.units, start: a.start, finish: a.finish, actualStart: a.actualStart, actualFinish: a.actualFinish, cost: a.cost, actualCost: a.actualCost, actualWork: a.actualWork };
      // The "unassigned" rows (-65535) of the tasks with no resource: the .mpp keeps the task's
      // day of duration there as 8 h of work, the XML writes 0 (and the 8 h only time-phased). The
      // MPP9 copy of the plan stores 8 h as well; the mapping ignores these rows.
      if (a.resourceUid !== -65535) Object.assign(v, { work: a.work, remainingWork: a.remainingWork });
      return v;
    };
    const x = xml().assignments;
    expect(x).toHaveLength(17);
    expect(mpp().assignments.map(view)).toEqual(x.map(view));
    expect(mpp().assignments.find((a) => a.uid === 0)).toMatchObject({ units: 0.5, work: 200, cost: 2015 });
  });

  it('the same canonical schedule as the XML, apart from what MS Project computes and the .mpp does not store', () => {
    const m = readMpp(bytesOf('mpp', 'mpxj_legacy_sample98.mpp')).schedules[0];
    const x = readMspdi(bytesOf('mspdi', 'mpxj_legacy_sample.xml')).schedules[0];
    expect(m.resources).toEqual(x.resources);
    expect(m.assignments).toEqual(x.assignments);
    expect(m.calendars.filter((c) => c.id !== '5')).toEqual(x.calendars);
    // Left out: total float and the msp:BCWS/BCWP/ACWP/CV values the XML carries (MS Project
    // computes them when the plan opens; the .mpp does not store them).
    const view = (s: typeof m) => s.activities.map((a) => ({ ...a, totalFloat: undefined, udf: Object.fromEntries(Object.entries(a.udf ?? {}).filter(([k]) => !/^msp:(BCWS|BCWP|ACWP|CV|SV)$/.test(k))) }));
    expect(view(m)).toEqual(view(x));
    expect(m.activities.reduce((n, a) => n + (a.budgetCost ?? 0), 0)).toBeCloseTo(3526.25, 2);
  });

  it('the import says exactly what of a Project 98 file is and is not read', () => {
    const s = readMpp(bytesOf('mpp', 'mpxj_legacy_sample98.mpp')).schedules[0];
    const w = s.source?.warnings.find((x) => x.where === 'MPP8');
    expect(w?.message).toMatch(/calendars/);
    expect(w?.message).toMatch(/resources/);
    expect(w?.message).toMatch(/assignments/);
    expect(w?.message).toMatch(/not custom fields, time-phased data or assignment baselines/);
    expect(w?.message).not.toMatch(/standard calendar and an 8-hour day are used/);
  });
});

describe.skipIf(!haveSamples)('mpxj_task-durations-project98-mpp8.mpp (MPP8) against its MPX twin', () => {
  it('project settings, the Standard calendar and all 90 tasks agree; one unassigned row per task', () => {
    const m = parseMppDocument(bytesOf('mpp', 'mpxj_task-durations-project98-mpp8.mpp'));
    const x = parseMpxDocument(bytesOf('other', 'mpxj_task-durations-project98.mpx')).doc;
    expect(m.project).toMatchObject({ startDate: x.project.startDate, finishDate: x.project.finishDate, currencySymbol: x.project.currencySymbol, minutesPerDay: x.project.minutesPerDay, minutesPerWeek: x.project.minutesPerWeek, calendarUid: 1 });
    const standard = m.calendars.find((c) => c.name === 'Standard');
    expect(standard?.weekDays).toEqual(x.calendars.find((c) => c.name === 'Standard')?.weekDays);
    const view = (t: (typeof m.tasks)[number]) => [t.uid, t.id, t.name, t.start, t.finish, t.duration, t.work, t.cost];
    const mpxTasks = new Map(x.tasks.map((t) => [t.uid, t]));
    expect(m.tasks).toHaveLength(90);
    for (const t of m.tasks) expect(view(t), t.name).toEqual(view(mpxTasks.get(t.uid)!));
    // No resources in either; the MPX writes no assignment records, the .mpp keeps MS Project's
    // unassigned row (-65535) for each task.
    expect(m.resources).toEqual([]);
    expect(x.resources).toEqual([]);
    expect(m.assignments).toHaveLength(90);
    expect(new Set(m.assignments.map((a) => a.resourceUid))).toEqual(new Set([-65535]));
  });
});

describe.skipIf(!haveSamples)('MPP8 readers on damaged input', () => {
  const original = bytesOf('mpp', 'mpxj_legacy_sample98.mpp');
  const file = openCfb(original);
  const dir = file.root.children.get('   1')!;
  const stream = (...p: string[]) => file.read(cfbFind(dir, ...p))!;

  it('random damage to each table reads or is skipped, never throws, and stays fast', () => {
    let seed = 98;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const damage = (d: Uint8Array) => {
      const c = d.slice();
      for (let j = 0; j < 1 + c.length / 16; j++) c[Math.floor(rnd() * c.length)] = Math.floor(rnd() * 256);
      return c;
    };
    const t0 = performance.now();
    for (let k = 0; k < 40; k++) {
      const tasks = readMpp8Tasks(damage(stream('TBkndTask', 'FixFix   0')), damage(stream('TBkndTask', 'FixDeferFix   0')));
      const cals = readMpp8Calendars(damage(stream('TBkndCal', 'FixFix   0')), damage(stream('TBkndCal', 'FixDeferFix   0')));
      const resources = readMpp8Resources(damage(stream('TBkndRsc', 'FixFix   0')), damage(stream('TBkndRsc', 'FixDeferFix   0')), cals.ids);
      readMpp8Assignments(damage(stream('TBkndAssn', 'FixFix   0')), tasks, resources);
      new Props8(damage(stream('Props'))).string(37748750);
    }
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('a truncated or byte-damaged Project 98 file reads or fails with an ImportError', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 30; k++) {
      const copy = k < 10 ? original.subarray(0, Math.floor((original.length * (k + 1)) / 11)) : original.slice();
      if (k >= 10) for (let j = 0; j < 60; j++) copy[Math.floor(rnd() * copy.length)] = Math.floor(rnd() * 256);
      try {
        readMpp(copy, { fileName: 'plan98.mpp' });
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError);
      }
    }
  });

  it('empty or tiny tables give nothing rather than failing', () => {
    expect(readMpp8Calendars(new Uint8Array(0), undefined).calendars).toEqual([]);
    expect(readMpp8Resources(new Uint8Array(10), undefined, new Set())).toEqual([]);
    expect(readMpp8Assignments(new Uint8Array(203), [], [])).toEqual([]);
    expect(new Props8(new Uint8Array(3)).string(37748750)).toBeUndefined();
  });
});
