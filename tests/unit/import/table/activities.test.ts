/**
 * Building schedules from mapped activity tables. Expected figures are worked out by hand in the
 * comments (and, for the Riverside fixture, in tests/fixtures/tables/README.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../../src/core/evm';
import { parseSchedule } from '../../../../src/core/model';
import { activitiesFromTable, applyCorrections, proposeMapping, readCsvBytes, type CellValue, type Sheet } from '../../../../src/core/import/table';
import { ImportCancelled, ImportError } from '../../../../src/core/import/types';

const FIXTURES = join(__dirname, '../../../fixtures/tables');
const build = (rows: CellValue[][], options = {}) => {
  const sheet: Sheet = { name: 'Tasks', rows };
  return activitiesFromTable(sheet, proposeMapping(sheet), options);
};
const messages = (r: ReturnType<typeof build>) => r.schedules[0].source?.warnings.map((w) => w.message) ?? [];

describe('activitiesFromTable: an MS Project-style outline export (US dates, $)', () => {
  // Rows 1 ("Design phase", outline 1) and 4 ("Construction", outline 2) have rows under them:
  // they are summaries and become WBS elements. Five activities remain (IDs 2, 3, 5, 6, 7).
  const rows: CellValue[][] = [
    ['ID', 'Outline Number', 'Task Name', 'Duration', 'Start', 'Finish', 'Baseline Cost', 'Actual Cost', '% Complete', 'Predecessors', 'Resource Names'],
    [1, '1', 'Design phase', '15 days', '3/3/2025', '3/21/2025', '$30,000.00', '$20,000.00', '60%', '', ''],
    [2, '1.1', 'Concept', '5 days', '3/3/2025', '3/7/2025', '$10,000.00', '$10,000.00', '100%', '', 'Architect'],
    [3, '1.2', 'Detailed design', '10 days', '3/10/2025', '3/21/2025', '$20,000.00', '$10,000.00', '40%', '2', 'Architect,Engineer'],
    [4, '2', 'Construction', '20 days', '3/24/2025', '4/18/2025', '$100,000.00', '$0.00', '0%', '1', ''],
    [5, '2.1', 'Groundworks', '10 days', '3/24/2025', '4/4/2025', 'TBC', '$0.00', '0%', '3FS+2 days', 'Crew A[50%]'],
    [6, '2.2', 'Frame', '10 days', '4/7/2025', '4/18/2025', '$60,000.00', '$0.00', '0%', '5', 'Crew A'],
    [7, '2.3', 'Handover', '0 days', '4/18/2025', '4/18/2025', '$0.00', '$0.00', '0%', '6', ''],
  ];
  const result = build(rows, { fileName: 'plan.csv', projectName: 'Depot' });
  const s = result.schedules[0];
  const byCode = (code: string) => s.activities.find((a) => a.code === code);

  it('turns summary rows into WBS elements and leaf rows into activities', () => {
    expect(s.activities.map((a) => a.code)).toEqual(['2', '3', '5', '6', '7']);
    expect(s.wbs.map((w) => [w.code, w.name])).toEqual([
      ['1', 'Design phase'],
      ['2', 'Construction'],
    ]);
    expect(byCode('3')?.wbsId).toBe('wbs:1');
    expect(byCode('6')?.wbsId).toBe('wbs:2');
    expect(messages(result).some((m) => /2 rows are summaries of the outline .*rows 2, 5/.test(m))).toBe(true);
  });

  it('reads month-first dates (3/21/2025 proves it) with 08:00 starts and 17:00 finishes', () => {
    expect(byCode('3')?.plannedStart).toBe('2025-03-10T08:00');
    expect(byCode('3')?.plannedFinish).toBe('2025-03-21T17:00');
  });

  it('converts durations in days to working hours (× 8) and reads a zero-duration row as a milestone', () => {
    expect(byCode('2')?.originalDuration).toBe(40);
    expect(byCode('3')?.originalDuration).toBe(80);
    expect(byCode('7')?.originalDuration).toBe(0);
    expect(byCode('7')?.type).toBe('finish-milestone');
    expect(byCode('6')?.type).toBe('task');
  });

  it('reads money with $ and thousands separators, and warns (row-numbered) for TBC', () => {
    // Budgets 10,000 + 20,000 + 0 (TBC) + 60,000 + 0 = 90,000; actuals 10,000 + 10,000 = 20,000.
    expect(s.activities.reduce((t, a) => t + a.budgetCost, 0)).toBe(90_000);
    expect(s.activities.reduce((t, a) => t + a.actualCost, 0)).toBe(20_000);
    expect(s.project.currency).toBe('USD');
    expect(s.source?.warnings).toContainEqual({ message: "row 6: 'Baseline Cost' value 'TBC' is not a number; counted as 0", where: 'Tasks!G6' });
    // No remaining-cost column: budget − actual, never below 0 → 0 + 10,000 + 0 + 60,000 + 0.
    expect(s.activities.reduce((t, a) => t + a.remainingCost, 0)).toBe(70_000);
  });

  it('reads % complete as fractions of the physical kind', () => {
    expect(byCode('2')?.percentComplete).toEqual({ physical: 1 });
    expect(byCode('3')?.percentComplete).toEqual({ physical: 0.4 });
    expect(byCode('3')?.percentCompleteType).toBe('physical');
  });

  it('links predecessors by ID, with FS lags in working hours; links to summary rows are not made', () => {
    expect(s.relationships).toEqual([
      { predecessorId: '2', successorId: '3', type: 'FS', lagHours: 0 },
      { predecessorId: '3', successorId: '5', type: 'FS', lagHours: 16 },
      { predecessorId: '5', successorId: '6', type: 'FS', lagHours: 0 },
      { predecessorId: '6', successorId: '7', type: 'FS', lagHours: 0 },
    ]);
  });

  it('creates resources, and gives a single resource the activity figures', () => {
    expect(s.resources.map((r) => r.name)).toEqual(['Architect', 'Engineer', 'Crew A']);
    expect(s.assignments).toHaveLength(5);
    const concept = s.assignments.find((a) => a.activityId === '2');
    expect(concept).toMatchObject({ resourceId: 'res:Architect', budgetCost: 10_000, actualCost: 10_000 });
    // Activity 3 names two resources: the table cannot say how to split, so no figures.
    expect(s.assignments.filter((a) => a.activityId === '3').every((a) => a.budgetCost === 0)).toBe(true);
  });

  it('produces a schedule the model validator accepts, and a project summary', () => {
    expect(() => parseSchedule(JSON.parse(JSON.stringify(s)))).not.toThrow();
    expect(result.projects).toEqual([{ id: 'depot', name: 'Depot', activities: 5 }]);
    expect(s.calendars.map((c) => c.id)).toEqual(['standard']);
    expect(s.project.defaultCalendarId).toBe('standard');
    expect(s.project.plannedStart).toBe('2025-03-03T08:00');
    expect(s.project.plannedFinish).toBe('2025-04-18T17:00');
    expect(s.source).toMatchObject({ format: 'xlsx', fileName: 'plan.csv' });
  });
});

describe('activitiesFromTable: the Riverside progress report (tests/fixtures/tables/riverside-progress.csv)', () => {
  const bytes = readFileSync(join(FIXTURES, 'riverside-progress.csv'));
  const sheet = readCsvBytes(new Uint8Array(bytes), { fileName: 'riverside-progress.csv' });
  const proposal = proposeMapping(sheet);
  const result = activitiesFromTable(sheet, proposal, { fileName: 'riverside-progress.csv', format: 'csv' });
  const s = result.schedules[0];

  it('leaves out the Total row, with a warning, and keeps the eight activities', () => {
    expect(s.activities.map((a) => a.code)).toEqual(['A100', 'A110', 'A120', 'A130', 'A200', 'A210', 'A220', 'A230']);
    expect(s.source?.warnings.map((w) => w.message)).toContain("row 13 looks like a total row ('Total'); it was not imported, so its figures are not counted twice");
  });

  it('takes the data date and project name from the title rows', () => {
    expect(s.project.dataDate).toBe('2025-02-05T17:00');
    expect(s.project.name).toBe('Riverside Pumping Station - Monthly Progress Report');
    expect(s.project.currency).toBe('GBP');
  });

  it('reads the totals of the README: budget 225,000, AC 89,500, remaining 146,000', () => {
    const sum = (k: 'budgetCost' | 'actualCost' | 'remainingCost') => s.activities.reduce((t, a) => t + a[k], 0);
    expect(sum('budgetCost')).toBe(225_000);
    expect(sum('actualCost')).toBe(89_500);
    expect(sum('remainingCost')).toBe(146_000);
  });

  it('reads EV techniques, types, WBS and control accounts', () => {
    const a = (code: string) => s.activities.find((x) => x.code === code);
    expect(a('A200')?.evTechnique).toEqual({ kind: 'fixed', startShare: 0.5 });
    expect(a('A230')?.evTechnique).toEqual({ kind: 'fixed', startShare: 0 });
    expect(a('A230')?.type).toBe('finish-milestone');
    expect(a('A230')?.baselineStart).toBe('2025-03-07T17:00');
    expect(a('A120')?.forecastFinish).toBe('2025-02-14T17:00');
    expect(a('A220')?.controlAccount).toBe('CA-200');
    expect(s.wbs.map((w) => w.code)).toEqual(['1', '1.1', '1.2', '2', '2.1', '2.2']);
    expect(s.wbs.find((w) => w.code === '1.2')?.name).toBe('Concrete');
    expect(a('A110')?.udf).toEqual({ Notes: 'Rock found at 2 m' });
  });

  it('links the seven predecessors, A120 → A130 with a 2-day (16 h) lag', () => {
    expect(s.relationships).toHaveLength(7);
    expect(s.relationships).toContainEqual({ predecessorId: 'A120', successorId: 'A130', type: 'FS', lagHours: 16 });
    expect(s.relationships).toContainEqual({ predecessorId: 'A130', successorId: 'A210', type: 'FS', lagHours: 0 });
  });

  it('analyses to the figures worked out in tests/fixtures/README.md: PV 121,000, EV 80,000, AC 89,500', () => {
    const a = analyseSchedule(s);
    expect(a.cost.bac.value).toBe(225_000);
    expect(a.cost.pv.value).toBeCloseTo(121_000, 6);
    expect(a.cost.ev.value).toBeCloseTo(80_000, 6);
    expect(a.cost.ac.value).toBe(89_500);
    expect(a.cost.spi.value).toBeCloseTo(80_000 / 121_000, 9);
    expect(a.cost.cpi.value).toBeCloseTo(80_000 / 89_500, 9);
  });
});

describe('activitiesFromTable: awkward values', () => {
  it('keeps duplicate IDs under a new id and says so', () => {
    const r = build([['Activity ID', 'Activity Name', 'Budget'], ['A1', 'One', 1], ['A1', 'Two', 2]]);
    expect(r.schedules[0].activities.map((a) => [a.id, a.code])).toEqual([
      ['A1', 'A1'],
      ['A1 (row 3)', 'A1'],
    ]);
    expect(messages(r)).toContain("row 3: activity ID 'A1' repeats row 2; both are kept, this one as 'A1 (row 3)'");
  });

  it('leaves out total rows but not activities whose names start with "Total"', () => {
    const r = build([
      ['Activity ID', 'Activity Name', 'Budget'],
      ['S1', 'Total station survey', 100],
      [null, 'Total Civils', 100],
      ['Grand Total', null, 100],
    ]);
    expect(r.schedules[0].activities.map((a) => a.name)).toEqual(['Total station survey']);
    expect(messages(r).filter((m) => /looks like a total row/.test(m))).toEqual([
      "row 3 looks like a total row ('Total Civils'); it was not imported, so its figures are not counted twice",
      "row 4 looks like a total row ('Grand Total'); it was not imported, so its figures are not counted twice",
    ]);
  });

  it('imports a row without an ID under ROW-<n>, never dropping it', () => {
    const r = build([['Activity ID', 'Activity Name', 'Budget'], ['A1', 'One', 1], [null, 'Unnumbered', 5]]);
    expect(r.schedules[0].activities.map((a) => a.code)).toEqual(['A1', 'ROW-3']);
    expect(r.schedules[0].activities[1].budgetCost).toBe(5);
    expect(messages(r)).toContain("row 3 has no activity ID; imported as 'ROW-3'");
  });

  it('lists the first bad values by row and sums up the rest in one line', () => {
    const rows: CellValue[][] = [['Activity ID', 'Budget']];
    for (let i = 0; i < 50; i++) rows.push([`A${i}`, 'TBC']);
    const m = messages(build(rows));
    expect(m.filter((x) => /'Budget' value 'TBC' is not a number; counted as 0/.test(x))).toHaveLength(20);
    // Rows 2–51 hold data; the first 20 (rows 2–21) are listed, 30 more (rows 22–51) summed up.
    expect(m).toContain("30 more 'Budget' values could not be read; counted as 0 (rows 22–51)");
  });

  it('caps % complete above 100% and below 0 with a warning; reads 0–100 and fractions by column', () => {
    const r = build([['Activity ID', '% Complete'], ['A', 45], ['B', 130], ['C', '-5%']]);
    const pc = r.schedules[0].activities.map((a) => a.percentComplete.physical);
    expect(pc).toEqual([0.45, 1, 0]);
    expect(messages(r)).toContain("row 3: '% Complete' value '130' is outside 0–100%; read as 100%");
  });

  it('takes physical % complete from EV ÷ budget when there is no % column, and says so', () => {
    const r = build([['Activity ID', 'BAC', 'BCWP', 'ACWP'], ['A', 1000, 250, 300], ['B', 0, 0, 0]]);
    expect(r.schedules[0].activities.map((a) => a.percentComplete)).toEqual([{ physical: 0.25 }, {}]);
    expect(messages(r).some((m) => /physical % complete is taken as 'BCWP' ÷ budget/.test(m))).toBe(true);
  });

  it('falls back on status and actual finish for progress, and on the at-completion cost for budget', () => {
    const r = build([
      ['Activity ID', 'Status', 'EAC', 'Actual Cost', 'Original Duration', 'Remaining Duration'],
      ['A', 'Completed', 1000, 1100, 10, 0],
      ['B', 'In Progress', 2000, 500, 10, 4],
      ['C', 'Not Started', 3000, 0, 10, 10],
    ]);
    const acts = r.schedules[0].activities;
    expect(acts.map((a) => a.budgetCost)).toEqual([1000, 2000, 3000]);
    expect(acts[0].percentComplete).toEqual({ physical: 1 });
    // (10 − 4) / 10 days = 60% by duration.
    expect(acts[1].percentComplete).toEqual({ duration: 0.6 });
    expect(acts[1].percentCompleteType).toBe('duration');
    expect(acts[2].percentComplete).toEqual({ physical: 0 });
    expect(messages(r).some((m) => /No budget column: 'EAC' \(cost at completion\) is used/.test(m))).toBe(true);
    expect(messages(r).some((m) => /'Original Duration' values have no unit: read as working days of 8 h/.test(m))).toBe(true);
  });

  it('builds calendars from their names and warns when the name says nothing of the hours', () => {
    const r = build([['Activity ID', 'Calendar'], ['A', '24 Hour'], ['B', '6 Day Week'], ['C', 'Night shift'], ['D', '']]);
    const s = r.schedules[0];
    expect(s.calendars.map((c) => [c.id, c.hoursPerDay])).toEqual([
      ['standard', 8],
      ['cal:24 Hour', 24],
      ['cal:6 Day Week', 8],
      ['cal:Night shift', 8],
    ]);
    expect(s.calendars[2].workWeek[6]).not.toEqual([]);
    expect(s.activities.map((a) => a.calendarId)).toEqual(['cal:24 Hour', 'cal:6 Day Week', 'cal:Night shift', undefined]);
    expect(messages(r)).toContain("Calendar 'Night shift': the table names it but not its working time; assumed Monday–Friday, 8 hours a day.");
  });

  it('reads yes/no milestone flags and P6 type codes', () => {
    const flags = build([['ID', 'Milestone'], ['A', 'Yes'], ['B', 'No']]);
    expect(flags.schedules[0].activities.map((a) => a.type)).toEqual(['finish-milestone', 'task']);
    const p6 = build([['Activity ID', 'Activity Type'], ['A', 'TT_Mile'], ['B', 'TT_FinMile'], ['C', 'TT_LOE'], ['D', 'TT_WBS'], ['E', 'Hammock'], ['F', 'Banana']]);
    expect(p6.schedules[0].activities.map((a) => a.type)).toEqual(['start-milestone', 'finish-milestone', 'level-of-effort', 'summary', 'level-of-effort', 'task']);
    expect(p6.schedules[0].activities[2].evTechnique).toEqual({ kind: 'level-of-effort' });
    expect(messages(p6).some((m) => /^row 7: 'Activity Type' value 'Banana' is not an activity type .*; read as a task$/.test(m))).toBe(true);
  });

  it('reports predecessors it cannot link and lags it cannot read', () => {
    const r = build([['Activity ID', 'Predecessors'], ['A', ''], ['B', 'A SS+50%'], ['C', 'Z9, A FF-1w']]);
    const s = r.schedules[0];
    expect(s.relationships).toEqual([
      { predecessorId: 'A', successorId: 'B', type: 'SS', lagHours: 0 },
      { predecessorId: 'A', successorId: 'C', type: 'FF', lagHours: -40 },
    ]);
    expect(messages(r)).toContain("row 3: predecessor 'A SS+50%' has a percentage lag, which cannot be converted to hours; the lag is taken as 0");
    expect(messages(r)).toContain("row 4: predecessor 'Z9' is not an activity ID in the table; the link was not created");
  });

  it('applies the user’s corrections when building', () => {
    const sheet: Sheet = { name: 'T', rows: [['Code', 'Item', 'Amount'], ['C1', 'Fencing', 1200], ['C2', 'Gates', 800]] };
    const p = applyCorrections(proposeMapping(sheet), { Amount: 'actualCost' });
    const s = activitiesFromTable(sheet, p).schedules[0];
    expect(s.activities.map((a) => [a.code, a.actualCost, a.budgetCost])).toEqual([
      ['C1', 1200, 0],
      ['C2', 800, 0],
    ]);
  });

  it('refuses a mapping with no ID or name column, naming the sheet and what to do', () => {
    const sheet: Sheet = { name: 'Costs', rows: [['Budget', 'Actual Cost'], [1, 2]] };
    let error: unknown;
    try {
      activitiesFromTable(sheet, proposeMapping(sheet), { fileName: 'costs.xlsx' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toBe(
      "costs.xlsx: sheet 'Costs': no column is mapped to Activity ID or Activity name, so the rows cannot be told apart. Map the column that identifies each activity (or its name) and import again.",
    );
    expect((error as ImportError).where).toBe('Costs');
  });

  it('refuses a sheet with a header but no rows', () => {
    const sheet: Sheet = { name: 'T', rows: [['Activity ID', 'Name'], ['A', 'x']] };
    const p = proposeMapping(sheet);
    expect(() => activitiesFromTable({ name: 'T', rows: [['Activity ID', 'Name'], [null, null]] }, p)).toThrow(/has a header row \(row 1\) but no activity rows/);
  });

  it('stops when cancelled', () => {
    const rows: CellValue[][] = [['Activity ID']];
    for (let i = 0; i < 5000; i++) rows.push([`A${i}`]);
    expect(() => build(rows, { isCancelled: () => true })).toThrow(ImportCancelled);
  });
});

describe('activitiesFromTable: cost reports', () => {
  it('reads amounts in £k as pounds, and says so', () => {
    // Value 250 + 900 = 1,150 £k; spent 262 + 430 = 692 £k.
    const r = build([
      ['Activity No.', 'Activity Title', 'Value (£k)', 'Spent (£k)', '% Complete'],
      ['100', 'Enabling works', 250, 262, '100%'],
      ['200', 'Substructure', 900, 430, '40%'],
    ]);
    const s = r.schedules[0];
    expect(s.activities.map((a) => [a.budgetCost, a.actualCost])).toEqual([
      [250_000, 262_000],
      [900_000, 430_000],
    ]);
    expect(messages(r)).toContain('Column "Value (£k)" is in thousands: its values were multiplied by 1,000.');
  });

  it('a WBS-level cost report (no activity column) gives one activity per WBS element', () => {
    // Budget 100,000 + 125,000 = 225,000; AC 39,500 + 50,000 = 89,500; progress from EV ÷ budget: 34% and 36.8%.
    const r = build([
      ['WBS Code', 'WBS Name', 'Budgeted Total Cost', 'Actual Total Cost', 'Earned Value Cost'],
      ['RPS.CIV', 'Civils', 100000, 39500, 34000],
      ['RPS.MEC', 'Mechanical', 125000, 50000, 46000],
    ]);
    const s = r.schedules[0];
    expect(s.activities.map((a) => [a.code, a.name, a.budgetCost, a.actualCost, a.percentComplete.physical])).toEqual([
      ['RPS.CIV', 'Civils', 100_000, 39_500, 0.34],
      ['RPS.MEC', 'Mechanical', 125_000, 50_000, 0.368],
    ]);
    // The elements sit under their parent code, as in any WBS of dotted codes.
    expect(s.wbs.map((w) => w.code)).toEqual(['RPS', 'RPS.CIV', 'RPS.MEC']);
    expect(messages(r)).toContain(
      "No activity ID or name column: each row is a WBS element ('WBS Code') and was imported as one activity of its own.",
    );
  });
});
