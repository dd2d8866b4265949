/** The XER reader on small hand-made files: the mapping, and every kind of bad input. */
import { describe, expect, it } from 'vitest';
import { MAX_XER_BYTES, parseXerTables, readXer, schedulesFromP6Tables } from '../../../../src/core/import/xer';
import { ImportCancelled, ImportError, type ImportProgress } from '../../../../src/core/import/types';
import { CALENDAR, HEADER, PROJECT, PROJWBS, RSRC, TASK, TASKPRED, TASKRSRC, bytes, xer, type TableSpec } from './helpers';

const BASE = [PROJECT, CALENDAR, PROJWBS, RSRC, TASK, TASKPRED, TASKRSRC];
const read = (text: string, opts = {}) => readXer(bytes(text), { fileName: 'site.xer', ...opts });
const one = (text: string, opts = {}) => read(text, opts).schedules[0];

function expectImportError(fn: () => unknown, re: RegExp): ImportError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    expect((e as Error).message).toMatch(re);
    return e as ImportError;
  }
  throw new Error('expected an ImportError');
}

describe('readXer mapping', () => {
  const s = one(xer(BASE));
  const act = (code: string) => s.activities.find((a) => a.code === code)!;

  it('maps the project: code, name from the project WBS node, data date, planned dates, currency, calendar', () => {
    expect(s.project).toMatchObject({ id: '1', code: 'P1', name: 'Project One', currency: 'USD', dataDate: '2024-03-01T08:00', plannedStart: '2024-01-02T08:00', plannedFinish: '2024-12-20T17:00', defaultCalendarId: '10' });
    expect(s.source).toMatchObject({ format: 'xer', application: 'Primavera P6 20.12', fileName: 'site.xer' });
  });

  it('builds the WBS tree with full codes, in seq_num order, every element its own control account', () => {
    expect(s.wbs.map((w) => [w.id, w.parentId, w.code, w.sequence])).toEqual([
      ['100', null, 'P1', 0],
      ['102', '100', 'P1.MEP', 1],
      ['101', '100', 'P1.CIV', 2],
      ['103', '101', 'P1.CIV.FND', 1],
    ]);
    expect(s.wbs.every((w) => w.controlAccount === w.code)).toBe(true);
  });

  it('maps types, status dates, durations (hours) and percent complete (0..1)', () => {
    const a = act('A1010');
    expect(a).toMatchObject({
      id: '1002', name: 'Pour footings', type: 'task', wbsId: '103', calendarId: '10',
      baselineStart: '2024-01-09T08:00', baselineFinish: '2024-01-22T16:00',
      plannedStart: '2024-01-09T08:00', plannedFinish: '2024-03-08T16:00',
      actualStart: '2024-01-09T08:00', forecastStart: '2024-03-01T08:00', forecastFinish: '2024-03-08T16:00',
      originalDuration: 80, baselineDuration: 80, remainingDuration: 48,
      percentCompleteType: 'duration', constraint: { type: 'start-on-or-after', date: '2024-01-09T08:00' },
    });
    expect(a.actualFinish).toBeUndefined();
    expect(a.percentComplete.physical).toBeCloseTo(0.4, 12);
    expect(a.percentComplete.duration).toBeCloseTo(1 - 48 / 80, 12);
    expect(act('A1000')).toMatchObject({ actualFinish: '2024-01-08T16:00', percentComplete: { physical: 1, duration: 1 } });
    expect(act('A1000').forecastStart).toBeUndefined();
    expect(act('M1').type).toBe('finish-milestone');
    expect(act('LOE1')).toMatchObject({ type: 'level-of-effort', evTechnique: { kind: 'level-of-effort' }, wbsId: '100' });
    // Empty complete_pct_type falls back to the project's def_complete_pct_type (CP_Phys).
    expect(act('LOE1').percentCompleteType).toBe('physical');
  });

  it('takes the EV technique from the WBS element (EC_0_100, EC_50_50), else percent complete', () => {
    expect(act('A1000').evTechnique).toEqual({ kind: 'fixed', startShare: 0 });
    expect(act('M1').evTechnique).toEqual({ kind: 'fixed', startShare: 0.5 });
  });

  it('sums assignment money and units; material units stay off the activity', () => {
    expect(act('A1000')).toMatchObject({ budgetCost: 2000, actualCost: 2050, remainingCost: 0, budgetUnits: 40, actualUnits: 40, remainingUnits: 0 });
    expect(act('A1010')).toMatchObject({ budgetCost: 5200, actualCost: 2000, remainingCost: 3200, budgetUnits: 80, actualUnits: 30, remainingUnits: 50 });
    expect(s.assignments.find((a) => a.id === '9003')).toMatchObject({ activityId: '1002', resourceId: '502', budgetUnits: 12, budgetCost: 1200 });
    expect(s.resources.map((r) => [r.id, r.type])).toEqual([['501', 'labour'], ['502', 'material']]);
  });

  it('maps relationships with their types and lags (hours)', () => {
    expect(s.relationships.map((r) => [r.predecessorId, r.successorId, r.type, r.lagHours])).toEqual([
      ['1001', '1002', 'FS', 0],
      ['1002', '1003', 'FF', 8],
      ['1001', '1003', 'SS', -4],
    ]);
  });

  it('says the planned dates stand in for the baseline', () => {
    expect(s.source!.warnings.some((w) => /no baseline project in P6/.test(w.message))).toBe(true);
  });

  it('says nothing about a baseline for a project with no activities', () => {
    const withEmpty: TableSpec = { ...PROJECT, rows: [...PROJECT.rows, [2, 'EMPTY', 10, '', '2024-03-01 08:00', '2024-01-02 08:00', '2024-12-20 17:00', 'CP_Phys']] };
    const r = read(xer([withEmpty, PROJWBS, CALENDAR, TASK]));
    const empty = r.schedules.find((x) => x.project.code === 'EMPTY');
    expect(empty?.activities).toEqual([]);
    expect(empty!.source!.warnings.filter((w) => /baseline/.test(w.message))).toEqual([]);
    // The project with activities still says where its baseline comes from.
    expect(r.schedules.find((x) => x.project.code === 'P1')!.source!.warnings.some((w) => /no baseline project in P6/.test(w.message))).toBe(true);
  });

  it('reads a calendar with its exception day (45292 = 2024-01-01)', () => {
    expect(s.calendars[0]).toMatchObject({ id: '10', name: 'Standard', hoursPerDay: 8, exceptions: [{ date: '2024-01-01', intervals: [] }] });
    expect(s.calendars[0].workWeek.map((d) => d.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
  });

  it('gives the same result through parseXerTables + schedulesFromP6Tables (the Excel path)', () => {
    const text = xer(BASE);
    const viaTables = schedulesFromP6Tables(parseXerTables(text), { fileName: 'site.xer' }).schedules[0];
    const { source: a, ...restA } = viaTables;
    const { source: b, ...restB } = s;
    expect(restA).toEqual(restB);
    expect(a!.format).toBe('xlsx');
    expect(b!.format).toBe('xer');
  });

  it('accepts an ERMHDR sheet whose only row became the header (table-per-sheet workbook)', () => {
    const tables = parseXerTables(xer(BASE)).filter((t) => t.name !== 'ERMHDR');
    const header = { name: 'ERMHDR', fields: ['15.2', '2023-05-01', 'Project', 'x', 'y', 'db', 'Project Management', 'EUR'], rows: [] };
    const r = schedulesFromP6Tables([header, ...tables]);
    expect(r.schedules[0].project.currency).toBe('EUR');
    expect(r.schedules[0].source!.application).toBe('Primavera P6 15.2');
  });
});

describe('readXer with activity codes, UDFs, cost accounts, roles and period actuals', () => {
  const extra: TableSpec[] = [
    { name: 'ACTVTYPE', fields: ['actv_code_type_id', 'actv_short_len', 'seq_num', 'actv_code_type', 'proj_id'], rows: [[31, 10, 1, 'Control Account', ''], [32, 10, 2, 'Phase', 1]] },
    { name: 'ACTVCODE', fields: ['actv_code_id', 'parent_actv_code_id', 'actv_code_type_id', 'actv_code_name', 'short_name'], rows: [[41, '', 31, 'Civils CA', 'CA-01'], [42, '', 32, 'Construction', 'CON']] },
    { name: 'TASKACTV', fields: ['task_id', 'actv_code_type_id', 'actv_code_id', 'proj_id'], rows: [[1001, 31, 41, 1], [1001, 32, 42, 1], [1002, 32, 42, 1], [1002, 32, 999, 1]] },
    { name: 'UDFTYPE', fields: ['udf_type_id', 'table_name', 'udf_type_name', 'udf_type_label', 'logical_data_type'], rows: [[81, 'TASK', 'user_field_81', 'Area lead', 'FT_TEXT'], [82, 'TASK', 'user_field_82', 'Weight', 'FT_FLOAT_2_DECIMAL'], [83, 'TASK', 'user_field_83', 'Permit', 'FT_END_DATE'], [84, 'RSRC', 'user_field_84', 'Skip', 'FT_TEXT']] },
    { name: 'UDFVALUE', fields: ['udf_type_id', 'fk_id', 'proj_id', 'udf_date', 'udf_number', 'udf_text', 'udf_code_id'], rows: [[81, 1001, 1, '', '', 'J. Smith', ''], [82, 1001, 1, '', '2.5', '', ''], [83, 1002, 1, '2024-02-01 00:00', '', '', ''], [84, 501, '', '', '', 'x', '']] },
    { name: 'ACCOUNT', fields: ['acct_id', 'parent_acct_id', 'acct_seq_num', 'acct_name', 'acct_short_name'], rows: [[71, '', 1, 'Labour', '5000']] },
    { name: 'ROLES', fields: ['role_id', 'parent_role_id', 'seq_num', 'role_name', 'role_short_name'], rows: [[61, '', 1, 'Site engineer', 'SE']] },
    { name: 'FINDATES', fields: ['fin_dates_id', 'fin_dates_name', 'start_date', 'end_date'], rows: [[1, 'Jan', '2024-01-01 00:00', '2024-01-31 00:00']] },
    { name: 'TRSRCFIN', fields: ['fin_dates_id', 'taskrsrc_id', 'task_id', 'proj_id', 'act_qty', 'act_cost'], rows: [[1, 9001, 1001, 1, '40', '2050.0000']] },
    { name: 'TASKFIN', fields: ['fin_dates_id', 'task_id', 'proj_id', 'bcws', 'bcwp'], rows: [[1, 1001, 1, '2000', '2000']] },
  ];
  const taskrsrc: TableSpec = { ...TASKRSRC, rows: [...TASKRSRC.rows.map((r, i) => (i === 0 ? [...r.slice(0, 5), 71, ...r.slice(6)] : r)), [9004, 1004, 1, '', 61, '', 10, 0, 0, 10, 900, 0, 0, 900, 'RT_Labor']] };
  const s = one(xer([PROJECT, CALENDAR, PROJWBS, RSRC, TASK, TASKPRED, taskrsrc, ...extra]));
  const act = (code: string) => s.activities.find((a) => a.code === code)!;

  it('uses a "Control Account" activity code as the control account and names code types apart from numbers', () => {
    expect(act('A1000').controlAccount).toBe('CA-01');
    expect(act('A1010').controlAccount).toBeUndefined();
    expect(s.wbs.every((w) => w.controlAccount === undefined)).toBe(true);
    expect(act('A1000').codes).toEqual({ 'actv:31': '41', 'actv:32': '42', P6_COST_ACCOUNT: '71' });
    expect(s.codeTypes.find((t) => t.id === 'actv:32')).toEqual({ id: 'actv:32', name: 'Phase', values: { '42': { code: 'CON', description: 'Construction' } } });
    expect(s.source!.warnings.some((w) => /1 activity code assignment name a code value missing/.test(w.message))).toBe(true);
  });

  it('reads TASK UDFs by label and type, ignoring other tables\' UDFs', () => {
    expect(act('A1000').udf).toEqual({ 'Area lead': 'J. Smith', Weight: 2.5 });
    expect(act('A1010').udf).toEqual({ Permit: '2024-02-01T00:00' });
  });

  it('makes a placeholder resource for a role-only assignment', () => {
    const asg = s.assignments.find((a) => a.id === '9004')!;
    expect(asg.resourceId).toBe('role:61');
    expect(s.resources.find((r) => r.id === 'role:61')).toMatchObject({ code: 'SE', name: 'Site engineer (role)' });
  });

  it('attaches TRSRCFIN period actuals to the assignment and says TASKFIN was not used', () => {
    expect(s.assignments.find((a) => a.id === '9001')!.timephased).toEqual([
      { kind: 'actual-cost', start: '2024-01-01T00:00', finish: '2024-01-31T00:00', value: 2050 },
      { kind: 'actual-units', start: '2024-01-01T00:00', finish: '2024-01-31T00:00', value: 40 },
    ]);
    expect(s.source!.warnings.some((w) => w.where === 'TASKFIN')).toBe(true);
  });
});

describe('readXer: projects and baselines', () => {
  const twoProjects = () => {
    const project: TableSpec = { ...PROJECT, rows: [...PROJECT.rows, [2, 'P2', 10, '', '2024-04-01 08:00', '2024-01-02 08:00', '', 'CP_Drtn']] };
    const wbs: TableSpec = { ...PROJWBS, rows: [...PROJWBS.rows, [200, 2, 0, 'Y', 'P2', 'Project Two', 9, '']] };
    const task: TableSpec = { ...TASK, rows: [...TASK.rows, [2001, 2, 200, 10, 0, 'CP_Drtn', 'TT_Task', 'TK_NotStart', 'B1', 'Other job', 8, 8, '', '', '2024-04-01 08:00', '2024-04-01 16:00', '', '', '2024-04-01 08:00', '2024-04-01 16:00', '', '']] };
    const pred: TableSpec = { ...TASKPRED, rows: [...TASKPRED.rows, [4, 2001, 1003, 2, 1, 'PR_FS', 0], [5, 2001, 7777, 2, 99, 'PR_FS', 0]] };
    return xer([project, CALENDAR, wbs, RSRC, task, pred, TASKRSRC]);
  };

  it('lists every project with its activity count and data date, and builds all by default', () => {
    const r = read(twoProjects());
    expect(r.projects).toEqual([
      { id: '1', code: 'P1', name: 'Project One', activities: 4, dataDate: '2024-03-01T08:00' },
      { id: '2', code: 'P2', name: 'Project Two', activities: 1, dataDate: '2024-04-01T08:00' },
    ]);
    expect(r.schedules.map((s) => s.activities.length)).toEqual([4, 1]);
    expect(r.schedules[1].relationships).toEqual([expect.objectContaining({ predecessorId: '1003', successorId: '2001' })]);
    expect(r.schedules[1].source!.warnings.some((w) => /1 relationship name a predecessor that is not in the file/.test(w.message))).toBe(true);
  });

  it('builds only the chosen project and explains the dropped link', () => {
    const r = read(twoProjects(), { project: 'p2' });
    expect(r.schedules.map((s) => s.project.code)).toEqual(['P2']);
    expect(r.schedules[0].relationships).toEqual([]);
    expect(r.schedules[0].source!.warnings.some((w) => /predecessors in project P1, which is not being imported/.test(w.message))).toBe(true);
  });

  it('refuses an unknown project with the list of what the file holds', () => {
    expectImportError(() => read(twoProjects(), { project: 'P9' }), /site\.xer: There is no project "P9" in this file\. It holds 2 projects: P1 \(id 1\), P2 \(id 2\)/);
  });

  it('uses a baseline project that is in the file (matched by activity ID) and does not import it on its own', () => {
    const project: TableSpec = { ...PROJECT, rows: [[1, 'P1', 10, 3, '2024-03-01 08:00', '2024-01-02 08:00', '', 'CP_Phys'], [3, 'P1-BL', 10, '', '2024-01-02 08:00', '2024-01-02 08:00', '', 'CP_Phys']] };
    const task: TableSpec = { ...TASK, rows: [...TASK.rows, [3001, 3, '', 10, 0, 'CP_Phys', 'TT_Task', 'TK_NotStart', 'A1010', 'Pour footings', 80, 80, '', '', '2024-01-10 08:00', '2024-01-23 16:00', '', '', '2024-01-10 08:00', '2024-01-23 16:00', '', '']] };
    const rsrc: TableSpec = { ...TASKRSRC, rows: [...TASKRSRC.rows, [9100, 3001, 3, 501, '', '', 70, 0, 0, 70, 3500, 0, 0, 3500, 'RT_Labor']] };
    const r = read(xer([project, CALENDAR, PROJWBS, RSRC, task, TASKPRED, rsrc]));
    expect(r.projects.map((p) => p.code)).toEqual(['P1', 'P1-BL']);
    expect(r.schedules.map((s) => s.project.code)).toEqual(['P1']);
    const s = r.schedules[0];
    expect(s.activities.find((a) => a.code === 'A1010')).toMatchObject({ baselineStart: '2024-01-10T08:00', baselineFinish: '2024-01-23T16:00', budgetCost: 3500, budgetUnits: 70, actualCost: 2000 });
    // Not in the baseline: no baseline at all.
    expect(s.activities.find((a) => a.code === 'A1000')).toMatchObject({ budgetCost: 0 });
    expect(s.activities.find((a) => a.code === 'A1000')!.baselineStart).toBeUndefined();
    expect(s.source!.warnings.some((w) => /come from baseline project P1-BL \(matched 1 activity of 4/.test(w.message))).toBe(true);
  });
});

describe('readXer on bad input', () => {
  it('rejects an empty file', () => {
    expectImportError(() => readXer(new Uint8Array(0), { fileName: 'site.xer' }), /^site\.xer: The file is empty \(0 bytes\)\. Export the project from P6 again/);
    expectImportError(() => read('  \n\n'), /site\.xer: The file is empty/);
  });

  it('rejects files that are not XER, naming what they look like', () => {
    expectImportError(() => read('<?xml version="1.0"?><APIBusinessObjects></APIBusinessObjects>'), /not a Primavera P6 XER file.*looks like a Primavera P6 XML \(PMXML\) file/);
    expectImportError(() => read('<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"></Project>'), /Microsoft Project XML/);
    expectImportError(() => readXer(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0]), { fileName: 'a.xlsx' }), /^a\.xlsx: This is not a Primavera P6 XER file.*zip archive/);
    expectImportError(() => readXer(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), { fileName: 'a.mpp' }), /binary Microsoft Office file/);
    expectImportError(() => read('task,name\n1,Dig\n'), /does not start with the ERMHDR header line\. Choose the \.xer file/);
  });

  it('rejects binary garbage', () => {
    const junk = new Uint8Array(4096);
    let x = 12345;
    for (let i = 0; i < junk.length; i++) junk[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    expectImportError(() => readXer(junk, { fileName: 'junk.bin' }), /^junk\.bin: This is not a Primavera P6 XER file/);
  });

  it('rejects a file without a TASK table, saying what to export', () => {
    const e = expectImportError(() => read(xer([PROJECT, PROJWBS])), /site\.xer: The file has no TASK table, so there are no activities to import\. Export the project itself/);
    expect(e.where).toBe('TASK');
  });

  it('imports without a PROJECT table, with a warning, making projects from TASK.proj_id', () => {
    const r = read(xer([PROJWBS, TASK]));
    expect(r.projects).toEqual([{ id: '1', code: '1', name: 'Project One', activities: 4 }]);
    expect(r.schedules[0].source!.warnings.some((w) => w.where === 'PROJECT' && /no PROJECT table/.test(w.message))).toBe(true);
  });

  it('skips unknown tables and reads the rest', () => {
    const bloat: TableSpec = { name: 'RISKTYPE', fields: ['risk_type_id', 'risk_type'], rows: Array.from({ length: 50 }, (_, i) => [i, `Risk ${i}\twith\textra\ttabs`]) };
    const s = one(xer([PROJECT, bloat, CALENDAR, PROJWBS, { name: 'NOSUCHTABLE', fields: ['a'], rows: [['x']] }, TASK]));
    expect(s.activities).toHaveLength(4);
  });

  it('reads CRLF files exactly like LF files', () => {
    const lf = one(xer(BASE));
    const crlf = one(xer(BASE, { eol: '\r\n' }));
    expect(crlf.activities).toEqual(lf.activities);
    expect(crlf.calendars).toEqual(lf.calendars);
    expect(crlf.project).toEqual(lf.project);
    expect(crlf.activities.find((a) => a.code === 'A1000')!.name).toBe('Excavate');
  });

  it('warns about rows with too few or too many fields, naming table and rows, and keeps going', () => {
    const task: TableSpec = { ...TASK, rows: [TASK.rows[0].slice(0, 10), [...TASK.rows[1], 'extra', 'more'], TASK.rows[2], TASK.rows[3]] };
    const s = one(xer([PROJECT, CALENDAR, PROJWBS, task]));
    expect(s.activities).toHaveLength(4);
    expect(s.activities[0]).toMatchObject({ code: 'A1000', name: 'Excavate' });
    expect(s.activities[0].baselineStart).toBeUndefined();
    expect(s.activities[1].remainingDuration).toBe(48);
    const w = s.source!.warnings.find((x) => x.where?.startsWith('TASK rows'))!;
    expect(w.where).toBe('TASK rows 1, 2');
    expect(w.message).toMatch(/TASK: 2 rows do not have the number of fields the table declares \(row 1 has 10 fields, the %F line names 22\)/);
  });

  it('reads a file truncated in the middle of a row, warning that it is incomplete', () => {
    const full = xer(BASE);
    const cut = full.slice(0, full.indexOf('Pour footings') + 8); // ends inside TASK row 2
    const r = read(cut);
    const s = r.schedules[0];
    expect(s.activities.map((a) => a.code)).toEqual(['A1000', 'A1010']);
    expect(s.activities[1].name).toBe('Pour foo');
    expect(s.relationships).toEqual([]);
    const msgs = s.source!.warnings.map((w) => w.message).join('\n');
    expect(msgs).toMatch(/ends without its closing %E line, so it is probably truncated/);
    expect(msgs).toMatch(/TASK: 1 row does not have the number of fields/);
  });

  it('turns unreadable numbers and dates into one warning per field, naming the first row', () => {
    const task: TableSpec = { ...TASK, rows: TASK.rows.map((r, i) => (i === 1 ? r.map((v, k) => (k === 11 ? 'eighty' : k === 18 ? '2024-02-30 08:00' : v)) : r)) };
    const s = one(xer([PROJECT, CALENDAR, PROJWBS, task]));
    const a = s.activities[1];
    expect(a.originalDuration).toBeUndefined();
    expect(a.baselineStart).toBeUndefined();
    const msgs = s.source!.warnings.filter((w) => w.where === 'TASK row 2').map((w) => w.message);
    expect(msgs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/TASK\.target_drtn_hr_cnt: 1 value could not be read \(first at row 2: "eighty"\)/),
        expect.stringMatching(/TASK\.target_start_date: 1 value could not be read \(first at row 2: "2024-02-30 08:00"\)/),
      ]),
    );
  });

  it('copes with a huge field and a value holding a raw line break (P6 memo fields)', () => {
    const memo = `<HTML>${'x'.repeat(2_000_000)}</HTML>`;
    const notes: TableSpec = { name: 'TASKMEMO', fields: ['memo_id', 'task_id', 'task_memo'], rows: [[1, 1001, memo]] };
    const task: TableSpec = { ...TASK, rows: TASK.rows.map((r, i) => (i === 0 ? r.map((v, k) => (k === 9 ? `Excavate ${'long '.repeat(20000)}` : v)) : r)) };
    const rsrc: TableSpec = { ...RSRC, fields: [...RSRC.fields, 'rsrc_notes'], rows: RSRC.rows.map((r) => [...r, 'line one\nline two']) };
    const s = one(xer([PROJECT, CALENDAR, PROJWBS, rsrc, notes, task, TASKPRED, TASKRSRC]));
    expect(s.activities).toHaveLength(4);
    expect(s.activities[0].name.length).toBe('Excavate '.length + 5 * 20000);
    expect(s.resources.map((r) => r.code)).toEqual(['LAB', 'CONC']);
    expect(s.source!.warnings.some((w) => /RSRC/.test(w.where ?? ''))).toBe(false);
  });

  it('warns when there is no ERMHDR line and assumes GBP', () => {
    const s = one(xer(BASE, { header: null }));
    expect(s.project.currency).toBe('GBP');
    expect(s.source!.warnings.some((w) => /no ERMHDR header line/.test(w.message))).toBe(true);
  });

  it('maps a P6 currency short name that is not an ISO code through CURRTYPE', () => {
    const curr: TableSpec = { name: 'CURRTYPE', fields: ['curr_id', 'curr_symbol', 'curr_type', 'curr_short_name'], rows: [[14, '£', 'British Pound', 'U.K.']] };
    const s = one(xer([curr, ...BASE], { header: HEADER.replace(/USD$/, 'U.K.') }));
    expect(s.project.currency).toBe('GBP');
  });

  it('reports progress and can be cancelled', () => {
    const text = xer(BASE);
    const seen: ImportProgress[] = [];
    readXer(bytes(text), { onProgress: (p) => seen.push(p) });
    expect(seen[0]).toMatchObject({ phase: 'reading', bytesRead: 0 });
    expect(seen.at(-1)).toMatchObject({ phase: 'done', bytesRead: text.length, totalBytes: text.length });
    expect(seen.some((p) => p.phase === 'building')).toBe(true);
    let calls = 0;
    expect(() => readXer(bytes(text), { isCancelled: () => ++calls > 2 })).toThrow(ImportCancelled);
  });
});

describe('readXer size limit', () => {
  it('refuses a file too big for a JavaScript string before trying to decode it', () => {
    // A view that claims to be that long without allocating it: only its length is read first.
    const fake = { length: MAX_XER_BYTES + 1 } as unknown as Uint8Array;
    expectImportError(() => readXer(fake, { fileName: 'huge.xer' }), /^huge\.xer: The file is 511\.0 MB; XER files up to 511 MB can be read \(a JavaScript string cannot hold more\)/);
  });
});
