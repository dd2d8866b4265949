/**
 * Both Powerproject forms read to the same schedule: activities, dates, progress, links, WBS,
 * calendars, resources and costs, and the EV calculation on it gives the plan's BAC and EV.
 *
 * The files are NOT real Powerproject files: tests/unit/import/asta/build.ts writes them from the
 * table layouts MPXJ documents (no public .pp file exists; see the note there).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { ASTA_NOTICE, prepareAsta, readAsta } from '../../../../src/core/import/asta';
import type { Schedule } from '../../../../src/core/model/schedule';
import { PLAN, sqlitePp, textPp } from './build';

beforeAll(async () => {
  await prepareAsta();
});

const forms: [string, () => Promise<Uint8Array>][] = [
  ['text (version 13004)', async () => textPp()],
  ['SQLite', () => sqlitePp()],
];

describe.each(forms)('the %s form', (_form, make) => {
  let s: Schedule;
  beforeAll(async () => {
    const result = readAsta(await make(), { fileName: 'depot.pp' });
    expect(result.schedules).toHaveLength(1);
    s = result.schedules[0];
  });

  it('reads the project', () => {
    expect(s.project).toMatchObject({ name: 'Riverside Depot', code: 'RD-01', currency: 'GBP', plannedStart: '2025-04-07T08:00', plannedFinish: '2025-05-09T17:00', defaultCalendarId: 'cal-1' });
    expect(s.source).toMatchObject({ format: 'asta', fileName: 'depot.pp' });
  });

  it('says first that Asta support is new and how to report a difference', () => {
    expect(s.source?.warnings[0]).toEqual({ message: ASTA_NOTICE, where: 'file' });
    expect(ASTA_NOTICE).toMatch(/new in Earnest/);
    expect(ASTA_NOTICE).toMatch(/Contact page/);
  });

  it('reads tasks and milestones in outline order with their codes and names', () => {
    expect(s.activities.map((a) => [a.id, a.code, a.name, a.type])).toEqual([
      ['201', 'GW-010', 'Excavate to formation', 'task'],
      ['202', 'GW-020', 'Pour foundations', 'task'],
      ['203', 'FR-010', 'Erect steel frame', 'task'],
      ['204', 'FR-020', 'Clad frame', 'task'],
      ['301', 'MS-100', 'Handover', 'finish-milestone'],
    ]);
  });

  it('reads dates, progress and durations on the calendar (the Easter holidays do not count)', () => {
    const [excavate, foundations, frame] = s.activities;
    expect(excavate).toMatchObject({ plannedStart: '2025-04-07T08:00', plannedFinish: '2025-04-11T17:00', actualStart: '2025-04-07T08:00', actualFinish: '2025-04-11T17:00', originalDuration: 40, remainingDuration: 0 });
    expect(excavate.percentComplete.physical).toBe(1);
    // 24 h done; 17 Apr (8 h) and 22–25 Apr (32 h) remain: 18 and 21 Apr are bank holidays.
    expect(foundations).toMatchObject({ actualStart: '2025-04-14T08:00', forecastStart: '2025-04-17T08:00', forecastFinish: '2025-04-25T17:00', actualDuration: 24, remainingDuration: 40, originalDuration: 64 });
    expect(foundations.actualFinish).toBeUndefined();
    expect(foundations.percentComplete).toEqual({ physical: 0.5, duration: 24 / 64 });
    expect(frame).toMatchObject({ forecastStart: '2025-04-28T08:00', originalDuration: 40, remainingDuration: 40, actualDuration: 0 });
    expect(frame.actualStart).toBeUndefined();
    const handover = s.activities[4];
    expect(handover).toMatchObject({ plannedStart: '2025-05-09T17:00', plannedFinish: '2025-05-09T17:00', originalDuration: 0 });
  });

  it('reads links with their type and lag, and leaves out links to summaries or missing activities with a note', () => {
    expect(s.relationships).toEqual([
      { predecessorId: '201', successorId: '202', type: 'FS', lagHours: 0 },
      { predecessorId: '202', successorId: '203', type: 'FS', lagHours: 8 },
      { predecessorId: '203', successorId: '204', type: 'SS', lagHours: 16 },
      { predecessorId: '204', successorId: '301', type: 'FF', lagHours: 0 },
    ]);
    const notes = s.source?.warnings.map((w) => w.message).join('\n') ?? '';
    expect(notes).toMatch(/1 link to or from summary groups was left out/);
    expect(notes).toMatch(/1 link named an activity that is not in the file/);
  });

  it('builds the WBS from the summary groups (the project group itself is not an element)', () => {
    expect(s.wbs).toEqual([
      { id: 'bar-101', parentId: null, code: '1', name: 'Groundworks', sequence: 1 },
      { id: 'bar-104', parentId: null, code: '2', name: 'Frame', sequence: 2 },
    ]);
    expect(s.activities.map((a) => a.wbsId)).toEqual(['bar-101', 'bar-101', 'bar-104', 'bar-104', null]);
  });

  it('reads the calendar: work week, hours per day and holidays', () => {
    expect(s.calendars).toHaveLength(1);
    const cal = s.calendars[0];
    const day = [
      [480, 720],
      [780, 1020],
    ];
    expect(cal).toMatchObject({ id: 'cal-1', name: 'Standard', hoursPerDay: 8 });
    expect(cal.workWeek).toEqual([[], day, day, day, day, day, []]);
    expect(cal.exceptions).toEqual([
      { date: '2025-04-18', intervals: [], name: 'Bank holiday' },
      { date: '2025-04-21', intervals: [], name: 'Bank holiday' },
    ]);
  });

  it('reads resources, allocations and budgets', () => {
    expect(s.resources.map((r) => [r.id, r.name, r.type, r.unit, r.rate])).toEqual([
      ['res-500', 'Groundworks gang', 'labour', 'h', undefined],
      ['res-501', 'Steel erectors', 'labour', 'h', undefined],
      ['res-600', 'Concrete', 'material', 'm3', 95],
    ]);
    expect(s.assignments.map((a) => [a.activityId, a.resourceId, a.budgetCost, a.budgetUnits, a.actualUnits, a.remainingCost])).toEqual([
      ['201', 'res-500', 10000, 40, 40, 0],
      ['202', 'res-500', 20000, 64, 32, 10000],
      ['203', 'res-501', 30000, 80, 0, 30000],
      ['204', 'res-501', 15000, 40, 0, 15000],
    ]);
    expect(s.activities.map((a) => a.budgetCost)).toEqual([10000, 20000, 30000, 15000, 0]);
    expect(s.activities.map((a) => a.remainingCost)).toEqual([0, 10000, 30000, 15000, 0]);
    expect(s.activities.every((a) => a.actualCost === 0)).toBe(true);
    const notes = s.source?.warnings.map((w) => w.message).join('\n') ?? '';
    expect(notes).toMatch(/actual costs are not read yet/);
    expect(notes).toMatch(/baselines are not read/);
  });

  it('gives the plan\u2019s BAC and EV in the EV calculation, and no invented AC', () => {
    const r = analyseSchedule(s, { dataDate: '2025-04-16T17:00', breakdown: 'none' });
    expect(r.measureBasis).toBe('cost');
    expect(r.cost.bac.value).toBe(75000);
    // Excavation done (10,000) and half the foundations (0.5 × 20,000).
    expect(r.cost.ev.value).toBe(20000);
    // PV: the excavation plus 3 of the foundations' 8 working days.
    expect(r.cost.pv.value).toBeCloseTo(10000 + (3 / 8) * 20000, 6);
    expect(r.noActualsReason).toBeTruthy();
    expect(r.cost.cpi.value).toBeNull();
  });
});

describe('a version 13001 (early Powerproject 13) text file', () => {
  it('reads to the same schedule as version 13004', () => {
    const v13001 = readAsta(textPp(PLAN, [], 13001), { fileName: 'old.pp' }).schedules[0];
    const v13004 = readAsta(textPp(), { fileName: 'old.pp' }).schedules[0];
    expect(v13001.source?.application).toMatch(/version 13001/);
    expect({ ...v13001, source: undefined }).toEqual({ ...v13004, source: undefined });
    expect(v13001.source?.warnings).toEqual(v13004.source?.warnings);
  });
});

describe.each([12005, 12002])('a version %i (Powerproject 12) text file', (version) => {
  it('reads the same activities, dates, links, WBS and calendar; its allocations hold no costs', () => {
    const v12 = readAsta(textPp(PLAN, [], version), { fileName: 'old.pp' }).schedules[0];
    const v13 = readAsta(textPp(), { fileName: 'old.pp' }).schedules[0];
    expect(v12.source?.application).toMatch(new RegExp(`version ${version}`));
    const shape = (s: Schedule) => ({
      project: s.project,
      wbs: s.wbs,
      relationships: s.relationships,
      calendars: s.calendars,
      activities: s.activities.map(({ budgetCost: _b, remainingCost: _r, ...rest }) => rest),
      units: s.assignments.map((a) => [a.activityId, a.resourceId, a.budgetUnits, a.actualUnits]),
    });
    expect(shape(v12)).toEqual(shape(v13));
    expect(v12.activities.every((a) => a.budgetCost === 0)).toBe(true);
    expect(v12.source?.warnings.some((w) => /no costs: earned value is measured on durations/.test(w.message))).toBe(true);
  });
});

describe('what only the SQLite form holds', () => {
  it('takes the status date from the current progress period', async () => {
    const s = readAsta(await sqlitePp(), { fileName: 'depot.pp' }).schedules[0];
    expect(s.project.dataDate).toBe('2025-04-16T17:00');
  });

  it('reads only the main project (PROJID 0), not baseline copies kept in the same database', async () => {
    const s = readAsta(await sqlitePp(PLAN, { baselineCopy: true }), { fileName: 'depot.pp' }).schedules[0];
    expect(s.activities).toHaveLength(5);
    expect(s.activities.some((a) => a.name.includes('(baseline)'))).toBe(false);
  });

  it('reports progress and the summary a chooser needs', async () => {
    const phases: string[] = [];
    const result = readAsta(await sqlitePp(), { fileName: 'depot.pp', onProgress: (p) => phases.push(p.phase) });
    expect(result.projects).toEqual([{ id: 'asta-RD-01', code: 'RD-01', name: 'Riverside Depot', activities: 5, dataDate: '2025-04-16T17:00' }]);
    expect(phases[0]).toBe('reading');
    expect(phases.at(-1)).toBe('done');
  });
});
