/**
 * Reading workbooks: a workbook written by SheetJS in the test and read back (dates, formats,
 * merges, hidden sheets, .xls, the 1904 date system, a time zone with a historic offset), the
 * messages for files that cannot be read, and the corpus workbook (a P6 export, one table per
 * sheet).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseTableSheet,
  isDateFormat,
  isP6TablePerSheet,
  p6TablesFromSheets,
  proposeMapping,
  readWorkbook,
  readWorkbookSchedule,
  xerText,
  type Sheet,
} from '../../../../src/core/import/table';
import { ImportError } from '../../../../src/core/import/types';

// SheetJS's CFB helper is typed `any` by the package.
interface CfbApi {
  utils: { cfb_new(): unknown; cfb_add(cfb: unknown, name: string, content: Uint8Array): void };
  write(cfb: unknown, opts: { type: 'array'; fileType?: 'zip' }): ArrayBuffer | number[];
}
const CFB = XLSX.CFB as CfbApi;

/** Excel serial of a date: 2025-01-01 is day 45658 (days since 1899-12-30). */
const serial = (iso: string) => {
  const [d, t] = iso.split('T');
  const [y, m, dd] = d.split('-').map(Number);
  const [h, mi] = (t ?? '00:00').split(':').map(Number);
  return (Date.UTC(y, m - 1, dd) - Date.UTC(1899, 11, 30)) / 86_400_000 + (h * 60 + mi) / 1440;
};
const dateCell = (iso: string, z = 'dd/mm/yyyy hh:mm'): XLSX.CellObject => ({ t: 'n', v: serial(iso), z });

function writeWorkbook(bookType: XLSX.BookType = 'xlsx', date1904 = false): Uint8Array {
  const report = XLSX.utils.aoa_to_sheet([
    ['Riverside weekly report'],
    ['Data date', dateCell('2025-02-05T17:00')],
    [],
    [null, null, 'Baseline', null, null, null, null],
    ['Activity ID', 'Activity Name', 'Start', 'Finish', 'Budget', 'Done', 'Milestone'],
    ['A100', 'Site clearance', dateCell('2025-01-06T08:00'), dateCell('2025-01-10T17:00'), { t: 'n', v: 5000, z: '"£"#,##0.00' }, { t: 'n', v: 1, z: '0%' }, false],
    ['A110', 'Bulk excavation', dateCell('2025-01-13', 'dd-mmm-yy'), dateCell('2025-01-24', 'dd-mmm-yy'), { t: 'n', v: 20000, z: '#,##0' }, { t: 'n', v: 0.45, z: '0%' }, { t: 'e', v: 0x17 }],
  ]);
  report['!merges'] = [{ s: { r: 3, c: 2 }, e: { r: 3, c: 3 } }];
  const lists = XLSX.utils.aoa_to_sheet([['Status'], ['Not Started'], ['In Progress']]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, report, 'Report');
  XLSX.utils.book_append_sheet(wb, lists, 'Lists');
  wb.Workbook = { Sheets: [{ name: 'Report', Hidden: 0 }, { name: 'Lists', Hidden: 1 }], ...(date1904 ? { WBProps: { date1904: true } } : {}) };
  if (date1904) {
    // The same days in the 1904 system, which counts 1,462 days fewer.
    for (const key of Object.keys(report)) {
      const c = report[key] as XLSX.CellObject;
      if (!key.startsWith('!') && c.t === 'n' && typeof c.z === 'string' && /y/.test(c.z)) c.v = (c.v as number) - 1462;
    }
  }
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  throw new Error('expected an ImportError');
};

describe('readWorkbook on a workbook written in the test', () => {
  const TZ = process.env.TZ;
  afterEach(() => {
    if (TZ === undefined) delete process.env.TZ;
    else process.env.TZ = TZ;
  });

  it('reads values, date cells as wall-clock YYYY-MM-DDTHH:mm, formats, errors, merges and hidden sheets', () => {
    const sheets = readWorkbook(writeWorkbook(), { fileName: 'report.xlsx' });
    expect(sheets.map((s) => [s.name, s.hidden ?? false])).toEqual([
      ['Report', false],
      ['Lists', true],
    ]);
    const rows = sheets[0].rows;
    expect(rows[1]).toEqual(['Data date', '2025-02-05T17:00']);
    expect(rows[2]).toEqual([]);
    expect(rows[5]).toEqual(['A100', 'Site clearance', '2025-01-06T08:00', '2025-01-10T17:00', 5000, 1, false]);
    // A date-only format still gives the time (midnight), so a date cell is never mistaken for text.
    expect(rows[6]).toEqual(['A110', 'Bulk excavation', '2025-01-13T00:00', '2025-01-24T00:00', 20000, 0.45, '#REF!']);
    expect(sheets[0].merges).toEqual([{ s: { r: 3, c: 2 }, e: { r: 3, c: 3 } }]);
  });

  it('maps the sheet read back: header under the title, group header, data date', () => {
    const [report] = readWorkbook(writeWorkbook());
    const p = proposeMapping(report);
    expect(p.headerRow).toBe(4);
    expect(p.dataDate).toBe('2025-02-05T17:00');
    // "Start" and "Finish" sit under a merged "Baseline" group header.
    expect(p.columns.map((c) => c.field)).toEqual(['activityId', 'activityName', 'baselineStart', 'baselineFinish', 'budgetCost', 'percentComplete', 'activityType']);
    expect(p.columns[5].percentScale).toBe('fraction');
  });

  it('does not shift times in a time zone with a historic offset (SheetJS cellDates gives 07:59:50 there)', () => {
    process.env.TZ = 'Asia/Kolkata';
    const [report] = readWorkbook(writeWorkbook());
    expect(report.rows[5][2]).toBe('2025-01-06T08:00');
    expect(report.rows[1][1]).toBe('2025-02-05T17:00');
  });

  it('reads Excel 97–2003 .xls the same way', () => {
    const [report] = readWorkbook(writeWorkbook('biff8'));
    expect(report.rows[5]).toEqual(['A100', 'Site clearance', '2025-01-06T08:00', '2025-01-10T17:00', 5000, 1, false]);
  });

  it('reads SpreadsheetML 2003 (.xml saved from Excel) and .ods', () => {
    for (const bookType of ['xlml', 'ods'] as const) {
      const [report] = readWorkbook(writeWorkbook(bookType));
      expect(report.rows[5].slice(0, 2), bookType).toEqual(['A100', 'Site clearance']);
      expect(report.rows[5][4], bookType).toBe(5000);
    }
  });

  it('reads the 1904 date system', () => {
    const [report] = readWorkbook(writeWorkbook('xlsx', true));
    expect(report.rows[5][2]).toBe('2025-01-06T08:00');
  });

  it('reads at most maxRows rows per sheet when asked (a preview)', () => {
    const [report] = readWorkbook(writeWorkbook(), { maxRows: 2 });
    expect(report.rows).toEqual([['Riverside weekly report'], ['Data date', '2025-02-05T17:00']]);
  });

  it('tells date formats from number formats', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('[$-409]d-mmm-yy;@')).toBe(true);
    expect(isDateFormat('h:mm AM/PM')).toBe(true);
    expect(isDateFormat('General')).toBe(false);
    expect(isDateFormat('"£"#,##0.00')).toBe(false);
    expect(isDateFormat('0.00" days"')).toBe(false);
    expect(isDateFormat('[Red]#,##0;[Blue]-#,##0')).toBe(false);
    expect(isDateFormat('[h]:mm')).toBe(false);
    expect(isDateFormat('0%')).toBe(false);
  });

  it('reads a CSV given as a workbook (exports named .xls are often text)', () => {
    const sheets = readWorkbook(new TextEncoder().encode('ID,Name\nA1,Dig\n'), { fileName: 'export.xls' });
    // A text file's places are named by line in messages.
    expect(sheets).toEqual([{ name: 'export', rows: [['ID', 'Name'], ['A1', 'Dig']], fromText: true }]);
  });
});

describe('readWorkbook on files it cannot read', () => {
  it('explains an empty file', () => {
    expect(messageOf(() => readWorkbook(new Uint8Array(0), { fileName: 'plan.xlsx' }))).toBe('plan.xlsx: the file is empty (0 bytes). Save the workbook again from Excel and import the new file.');
  });

  it('explains a workbook cut short', () => {
    const bytes = writeWorkbook();
    const m = messageOf(() => readWorkbook(bytes.slice(0, Math.floor(bytes.length / 2)), { fileName: 'plan.xlsx' }));
    expect(m).toMatch(/^plan\.xlsx: the workbook is incomplete: the file ends before the end of its contents .*Download or copy it again/);
  });

  it('explains a password-protected workbook (an OLE2 container with EncryptionInfo and EncryptedPackage)', () => {
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, 'EncryptionInfo', new Uint8Array(64).fill(4));
    CFB.utils.cfb_add(cfb, 'EncryptedPackage', new Uint8Array(4096).fill(7));
    const bytes = new Uint8Array(CFB.write(cfb, { type: 'array' }));
    expect(messageOf(() => readWorkbook(bytes, { fileName: 'secret.xlsx' }))).toBe(
      'secret.xlsx: the workbook is password-protected, so it cannot be read: open it in Excel, remove the password (File › Info › Protect Workbook › Encrypt with Password, clear the box), save a copy and import that.',
    );
  });

  it('explains other Office files and archives', () => {
    const word = CFB.utils.cfb_new();
    CFB.utils.cfb_add(word, 'word/document.xml', new TextEncoder().encode('<w:document/>'));
    const docx = new Uint8Array(CFB.write(word, { type: 'array', fileType: 'zip' }));
    expect(messageOf(() => readWorkbook(docx))).toMatch(/^this is a Word document, not a workbook/);
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, 'data/schedule.xer', new TextEncoder().encode('ERMHDR'));
    const zip = new Uint8Array(CFB.write(other, { type: 'array', fileType: 'zip' }));
    expect(messageOf(() => readWorkbook(zip))).toMatch(/^this is a ZIP archive, not an Excel workbook/);
    const ole = CFB.utils.cfb_new();
    CFB.utils.cfb_add(ole, 'WordDocument', new Uint8Array(600));
    expect(messageOf(() => readWorkbook(new Uint8Array(CFB.write(ole, { type: 'array' }))))).toMatch(/^this is a Word document/);
  });

  it('explains binary garbage and XML that is not a spreadsheet', () => {
    const garbage = new Uint8Array(5000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    expect(messageOf(() => readWorkbook(garbage, { fileName: 'x.xlsx' }))).toMatch(/^x\.xlsx: this is not a spreadsheet/);
    expect(messageOf(() => readWorkbook(new TextEncoder().encode('<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"/>')))).toMatch(/^this is not a spreadsheet/);
  });

  it('explains a workbook whose sheets are all empty', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([]), 'Sheet1');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([]), 'Sheet2');
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(messageOf(() => readWorkbook(bytes, { fileName: 'blank.xlsx' }))).toBe('blank.xlsx: the workbook has no data: all 2 sheets are empty. Check that you exported the table, not a blank template.');
  });

  it('reads or refuses with an ImportError any corruption of a workbook (never another error)', () => {
    const good = writeWorkbook();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: good.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 40 }), (edits) => {
        const bytes = good.slice();
        for (const [at, b] of edits) bytes[at] = b;
        try {
          readWorkbook(bytes);
        } catch (e) {
          expect(e).toBeInstanceOf(ImportError);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('explains a damaged workbook whose parts are garbage', () => {
    const junk = CFB.utils.cfb_new();
    CFB.utils.cfb_add(junk, '[Content_Types].xml', new TextEncoder().encode('not xml at all'));
    CFB.utils.cfb_add(junk, 'xl/workbook.xml', new Uint8Array([0, 1, 2, 3, 255, 254]));
    const bytes = new Uint8Array(CFB.write(junk, { type: 'array', fileType: 'zip' }));
    expect(messageOf(() => readWorkbook(bytes, { fileName: 'bad.xlsx' }))).toMatch(/^bad\.xlsx: (the workbook|the workbook is damaged|the workbook has no)/);
  });
});

describe('P6 table-per-sheet detection', () => {
  const p6 = (extra: Partial<Record<string, Sheet['rows']>> = {}): Sheet[] =>
    Object.entries({
      ERMHDR: [['15.2', '2023-05-01', 'Project', 'USD']],
      PROJECT: [['proj_id', 'proj_short_name', 'last_recalc_date'], ['1', 'DEMO', '2023-05-01T00:00']],
      TASK: [['task_id', 'proj_id', 'task_code', 'task_name', 'phys_complete_pct', 'target_cost'], ['10', '1', 'A1000', 'Start', 12.5, 1e-7], ['11', '1', 'A1010', 'Dig', 100, 2500]],
      ...extra,
    }).map(([name, rows]) => ({ name, rows: rows ?? [] }));

  it('recognises TASK and PROJECT sheets with XER field names', () => {
    expect(isP6TablePerSheet(p6())).toBe(true);
    expect(isP6TablePerSheet(p6({ TASK: [['Activity ID', 'Activity Name'], ['A', 'B']] }))).toBe(false);
    expect(isP6TablePerSheet([{ name: 'Sheet1', rows: [['task_id', 'task_code']] }])).toBe(false);
  });

  it('writes every value as the XER would hold it', () => {
    const tables = p6TablesFromSheets(p6());
    expect(tables.map((t) => t.name)).toEqual(['ERMHDR', 'PROJECT', 'TASK']);
    expect(tables[0]).toEqual({ name: 'ERMHDR', fields: ['15.2', '2023-05-01', 'Project', 'USD'], rows: [] });
    expect(tables[1].rows).toEqual([['1', 'DEMO', '2023-05-01 00:00']]);
    expect(tables[2].rows[0]).toEqual(['10', '1', 'A1000', 'Start', '12.5', '0.0000001']);
    expect(xerText(true)).toBe('Y');
    expect(xerText(null)).toBe('');
    expect(xerText('2023-05-01')).toBe('2023-05-01');
  });
});

const CORPUS = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules');
const MSJC = path.join(CORPUS, 'other/xer-reader_MSJC-STEM-230501.xlsx');
const haveCorpus = existsSync(MSJC);
if (!haveCorpus) console.log(`Skipping the corpus workbook tests: ${MSJC} is not present.`);

describe.skipIf(!haveCorpus)('the corpus workbook (other/xer-reader_MSJC-STEM-230501.xlsx)', () => {
  const bytes = haveCorpus ? new Uint8Array(readFileSync(MSJC)) : new Uint8Array(0);
  const sheets = haveCorpus ? readWorkbook(bytes, { fileName: 'MSJC.xlsx' }) : [];
  const table = (name: string) => p6TablesFromSheets(sheets).find((t) => t.name === name);

  it('has 28 sheets, TASK with 1,865 data rows, and is detected as P6 table-per-sheet (README, EXPECTED C.4)', () => {
    expect(sheets).toHaveLength(28);
    const task = sheets.find((s) => s.name === 'TASK');
    expect(task?.rows.length).toBe(1866);
    expect(isP6TablePerSheet(sheets)).toBe(true);
    expect(table('TASK')?.rows).toHaveLength(1865);
    expect(table('TASKPRED')?.rows).toHaveLength(3707);
    expect(table('PROJWBS')?.rows).toHaveLength(280);
  });

  it('keeps the values an XER would hold: statuses, the data date, TASKFIN sums (EXPECTED C.4)', () => {
    const task = table('TASK');
    const status = task?.fields.indexOf('status_code') ?? -1;
    const counts: Record<string, number> = {};
    for (const r of task?.rows ?? []) counts[r[status]] = (counts[r[status]] ?? 0) + 1;
    expect(counts).toEqual({ TK_Complete: 811, TK_Active: 121, TK_NotStart: 933 });
    const project = table('PROJECT');
    expect(project?.rows[0][project.fields.indexOf('last_recalc_date')]).toBe('2023-05-01 00:00');
    const fin = table('TASKFIN');
    const sum = (f: string) => (fin?.rows ?? []).reduce((s, r) => s + Number(r[fin?.fields.indexOf(f) ?? -1] || 0), 0);
    expect(sum('bcws')).toBeCloseTo(10_132_710.04, 1);
    expect(sum('bcwp')).toBeCloseTo(10_509_897.79, 1);
    // EXPECTED gives these to the cent (rounded), hence one decimal of precision.
    expect(sum('act_equip_cost')).toBeCloseTo(10_869_892.62, 1);
  });

  it('is routed to the P6 model builder by readWorkbookSchedule (project MSJC-STEM-230501, 1,865 activities)', () => {
    const result = readWorkbookSchedule(bytes, { fileName: 'MSJC.xlsx' });
    expect('schedules' in result).toBe(true);
    if (!('schedules' in result)) return;
    expect(result.projects[0]).toMatchObject({ code: 'MSJC-STEM-230501', activities: 1865, dataDate: '2023-05-01T00:00' });
    expect(result.schedules[0].source?.application).toBe('Primavera P6 15.2 (Excel export, one table per sheet)');
  });

  it('would otherwise be mapped sheet by sheet: the TASK sheet is the one with the most confident columns', () => {
    const { sheet } = chooseTableSheet(sheets);
    expect(['TASK', 'TASKRSRC', 'PROJWBS']).toContain(sheet.name);
  });
});

describe('readWorkbookSchedule on an ordinary workbook', () => {
  it('asks for the mapping to be confirmed, then builds straight away once it is remembered', () => {
    const bytes = writeWorkbook();
    const first = readWorkbookSchedule(bytes, { fileName: 'report.xlsx' });
    expect('needsMapping' in first).toBe(true);
    if (!('needsMapping' in first)) return;
    expect(first.sheet.name).toBe('Report');
    const remembered = { [first.needsMapping.signature]: { Done: 'physicalPercentComplete' } };
    const second = readWorkbookSchedule(bytes, { fileName: 'report.xlsx', remembered });
    expect('schedules' in second).toBe(true);
    if (!('schedules' in second)) return;
    const acts = second.schedules[0].activities;
    expect(acts.map((a) => [a.code, a.budgetCost, a.percentComplete.physical, a.baselineStart])).toEqual([
      ['A100', 5000, 1, '2025-01-06T08:00'],
      ['A110', 20000, 0.45, '2025-01-13T08:00'],
    ]);
    expect(second.schedules[0].project.dataDate).toBe('2025-02-05T17:00');
    expect(second.schedules[0].source?.warnings.map((w) => w.message)).toContain("row 7: 'Milestone' value '#REF!' is not an activity type (Task, Start Milestone, Finish Milestone, Level of Effort, WBS Summary); read as a task");
  });

  it('says which sheets exist when asked for one that does not', () => {
    expect(messageOf(() => readWorkbookSchedule(writeWorkbook(), { fileName: 'r.xlsx', sheet: 'Data' }))).toBe("r.xlsx: there is no sheet 'Data'; the workbook has 'Report', 'Lists'.");
  });
});
