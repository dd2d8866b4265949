/**
 * The MPX reader on files built here: the settings records (separators, date order, 12-hour
 * times, currency after the amount), links and lags, baselines, custom fields, code pages, and
 * every kind of bad input, which must end in an ImportError naming the file and the line, never
 * a crash or a hang.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMpx } from '../../../../src/core/import/mpx';
import { ImportCancelled, ImportError, type ImportProgress } from '../../../../src/core/import/types';
import type { Schedule } from '../../../../src/core/model/schedule';

/** The text as MS Project writes an ANSI (Windows-1252) file: one byte a character, € as 0x80. */
const enc = (s: string) =>
  Uint8Array.from(s, (c) => {
    if (c === '€') return 0x80;
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error(`${c} is not in Windows-1252 here`);
    return code;
  });
const TASK_MODEL = '60,ID,Unique ID,Name,Outline Level,WBS,Duration,Start,Finish,Predecessors,Cost,Baseline Cost,Baseline Start,Baseline Finish,% Complete,Actual Cost,Constraint Type,Constraint Date,Text1,Cost1,Number1\r\n' + '61,90,98,1,3,2,40,50,51,70,30,31,56,57,44,32,91,68,4,36,140';

interface Opts {
  sep?: string;
  /** Records 10/11/12 as written (with the separator). */
  settings?: string[];
  tasks: string[];
  extra?: string[];
}
function mpx(o: Opts): string {
  const sep = o.sep ?? ',';
  const lines = [
    `MPX${sep}Microsoft Project for Windows${sep}4.0${sep}ANSI`,
    ...(o.settings ?? ['10,£,1,2,",",.', '11,2,0,1,8.00,40.00,£0.00/h,£0.00/h,1,1', '12,1,1,480,/,:,,,9,1']),
    '20,Standard,0,1,1,1,1,1,0',
    '25,2,08:00,12:00,13:00,17:00',
    '25,3,08:00,12:00,13:00,17:00',
    '25,4,08:00,12:00,13:00,17:00',
    '25,5,08:00,12:00,13:00,17:00',
    '25,6,08:00,12:00,13:00,17:00',
    '30,Built here,,,Standard,Mon 06/01/25,Fri 31/01/25,0,Wed 15/01/25',
    ...TASK_MODEL.split('\r\n'),
    ...o.tasks,
    ...(o.extra ?? []),
  ];
  // The builder's own lines are written with commas; lines given with another separator keep theirs.
  return lines.map((l) => (sep === ',' || l.includes(sep) ? l : l.split(',').join(sep))).join('\r\n') + '\r\n';
}
const read = (text: string | Uint8Array, fileName = 'plan.mpx'): Schedule => readMpx(typeof text === 'string' ? enc(text) : text, { fileName }).schedules[0];

function refusal(input: string | Uint8Array, fileName = 'plan.mpx'): ImportError {
  try {
    readMpx(typeof input === 'string' ? enc(input) : input, { fileName });
  } catch (e) {
    if (e instanceof ImportError) {
      expect(e.message.startsWith(`${fileName}: `)).toBe(true);
      return e;
    }
    throw e;
  }
  throw new Error('expected the file to be refused');
}

const TWO = [
  '70,1,1,Dig,1,1,5d,Mon 06/01/25,Fri 10/01/25,,"£1,000.00",£800.00,Mon 06/01/25,Fri 10/01/25,40%,£300.00,As Soon As Possible,,Zone A,£12.34,7',
  '70,2,2,Pour,1,2,2d,Mon 13/01/25,Tue 14/01/25,"1FS+2ed",£500.00,£0.00,NA,NA,0%,£0.00,Finish No Later Than,Fri 17/01/25,,,',
];

describe('reading MPX', () => {
  it('reads tasks, money with thousands separators, baselines, progress, constraints and custom fields', () => {
    const s = read(mpx({ tasks: TWO }));
    expect(s.project.name).toBe('Built here');
    expect(s.project.currentDate).toBe('2025-01-15T08:00');
    const [dig, pour] = s.activities;
    expect(dig).toMatchObject({ id: '1', code: '1', name: 'Dig', plannedStart: '2025-01-06T08:00', plannedFinish: '2025-01-10T17:00', originalDuration: 40, budgetCost: 800, actualCost: 300, baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-10T17:00' });
    expect(dig.percentComplete.duration).toBeCloseTo(0.4, 12);
    // % complete = actual duration ÷ duration (MS Project's definition) fills the two in.
    expect(dig.actualDuration).toBeCloseTo(16, 12);
    expect(dig.remainingDuration).toBeCloseTo(24, 12);
    expect(dig.udf).toMatchObject({ 'msp:Cost': 1000, Text1: 'Zone A', Cost1: 12.34, Number1: 7 });
    // "£0.00" and "NA" baselines are MS Project's "never baselined": the budget is the cost.
    expect(pour.budgetCost).toBe(500);
    expect(pour.baselineStart).toBeUndefined();
    expect(pour.constraint).toEqual({ type: 'FNLT', date: '2025-01-17T17:00' });
    expect(s.source?.warnings.map((w) => w.message).join('\n')).toMatch(/1 of 2 activities have no baseline cost/);
  });

  it('names a project without a title after its summary row, else its file', () => {
    const untitled = mpx({ tasks: TWO }).replace('30,Built here,', '30,,');
    expect(read(untitled, 'site works.mpx').project.name).toBe('site works');
    const withSummary = mpx({ tasks: ['70,0,0,Whole job,0,0,5d,Mon 06/01/25,Fri 10/01/25,,£0.00,,,,0%,,,,,,', ...TWO] }).replace('30,Built here,', '30,,');
    expect(read(withSummary, 'site works.mpx').project.name).toBe('Whole job');
  });

  it('reads a file that names its fields only in words (record 60, no 61)', () => {
    const words = read(mpx({ tasks: TWO }).replace(/\r\n61,[^\r]*/, ''));
    const numbers = read(mpx({ tasks: TWO }));
    expect(words.activities).toEqual(numbers.activities);
    expect(words.relationships).toEqual(numbers.relationships);
  });

  it('reads links by ID and by unique ID, with working, elapsed and percentage lags', () => {
    const s = read(
      mpx({
        tasks: [
          '70,1,10,A,1,1,5d,Mon 06/01/25,Fri 10/01/25,,£0.00,,,,0%,,,,,,',
          '70,2,20,B,1,2,2d,Mon 13/01/25,Tue 14/01/25,"1FS+2ed,3SS-1d",£0.00,,,,0%,,,,,,',
          '70,3,30,C,1,3,1w,Mon 06/01/25,Fri 10/01/25,1FF+50%,£0.00,,,,0%,,,,,,',
        ],
      }),
    );
    expect(s.relationships).toEqual([
      { predecessorId: '10', successorId: '20', type: 'FS', lagHours: 48, lagCalendar: '24h' },
      { predecessorId: '30', successorId: '20', type: 'SS', lagHours: -8 },
      // 50 % of the predecessor's 5 days (40 h).
      { predecessorId: '10', successorId: '30', type: 'FF', lagHours: 20 },
    ]);
  });

  it('follows the date order, separators and 12-hour times of records 10–12, and a semicolon separator', () => {
    const text = mpx({
      sep: ';',
      settings: ['10;€;3;2;.;,', '11;2;0;1;7,50;37,50;0,00 €/h;0,00 €/h;1;1', '12;0;0;480;-;.;am;pm;0;1'],
      tasks: ['70;1;1;Dig;1;1;1,5d;01-06-25 8.00am;01-07-25 4.30pm;;1.234,50 €;(10,00 €);;;12,5%;;;;;;'],
    }).replace('30;Built here;;;Standard;Mon 06/01/25;Fri 31/01/25;0;Wed 15/01/25', '30;Built here;;;Standard;01-06-25;01-31-25;0;01-15-25');
    const s = read(text);
    const a = s.activities[0];
    // 1.5 days of 7.5 hours.
    expect(a.originalDuration).toBeCloseTo(11.25, 12);
    expect([a.plannedStart, a.plannedFinish]).toEqual(['2025-01-06T08:00', '2025-01-07T16:30']);
    expect(a.udf?.['msp:Cost']).toBe(1234.5);
    expect(a.percentComplete.duration).toBeCloseTo(0.125, 12);
    expect(s.project.currency).toBe('EUR');
    expect(s.project.currentDate).toBe('2025-01-15T08:00');
  });

  it('reads resources, rates in any unit, resource calendars and assignments', () => {
    const s = read(
      mpx({
        tasks: ['70,1,1,Dig,1,1,5d,Mon 06/01/25,Fri 10/01/25,,£400.00,,,,0%,,,,,,', '75,1,1,40h,0h,0h,0h,£400.00,£0.00,£0.00,Mon 06/01/25,Fri 10/01/25,0d,7'],
        extra: [],
      }).replace(
        '60,ID',
        '40,ID,Unique ID,Name,Standard Rate,Cost Per Use\r\n41,40,49,1,42,44\r\n50,1,7,Digger,£80.00/d,£25.00\r\n55,Standard,2,2,2,2,2,2,1\r\n56,7,09:00,13:00\r\n60,ID',
      ),
    );
    // £80.00/d over 8 hours is 10/h; the £25.00 cost per use is kept in table A (mspdi/map.ts, mapCostRates).
    expect(s.resources).toEqual([{ id: '7', code: '1', name: 'Digger', type: 'labour', rate: 10, calendarId: '2', costRates: [{ table: 0, standardRate: 10, overtimeRate: 0, costPerUse: 25 }] }]);
    expect(s.calendars.find((c) => c.id === '2')).toMatchObject({ name: 'Digger', baseCalendarId: '1' });
    expect(s.calendars.find((c) => c.id === '2')?.workWeek[6]).toEqual([[540, 780]]);
    expect(s.assignments).toEqual([{ id: '1', activityId: '1', resourceId: '7', budgetUnits: 40, actualUnits: 0, remainingUnits: 40, budgetCost: 400, actualCost: 0, remainingCost: 400 }]);
  });

  it('decodes the text in the code page record 0 names', () => {
    // "é" as the Windows-1252 byte E9 (ANSI), and Cyrillic as Windows-1251 bytes (RU).
    expect(read(mpx({ tasks: ['70,1,1,Café,1,1,1d,Mon 06/01/25,Mon 06/01/25,,£0.00,,,,0%,,,,,,'] })).activities[0].name).toBe('Café');
    const ru = enc(mpx({ tasks: ['70,1,1,@@@@,1,1,1d,Mon 06/01/25,Mon 06/01/25,,£0.00,,,,0%,,,,,,'] }).replace('4.0,ANSI', '4.0,RU'));
    ru.set([0xc4, 0xee, 0xec, 0xe0], indexOf(ru, enc('@@@@'))); // "Дома" in Windows-1251
    expect(read(ru).activities[0].name).toBe('Дома');
    // UTF-8 text under an "ANSI" label (some tools write it) is read as UTF-8, with a note.
    const utf8 = new TextEncoder().encode(mpx({ tasks: ['70,1,1,Café,1,1,1d,Mon 06/01/25,Mon 06/01/25,,£0.00,,,,0%,,,,,,'] }));
    const s = read(utf8);
    expect(s.activities[0].name).toBe('Café');
    expect(s.source?.warnings.map((w) => w.message)).toContain('The file says its text is ANSI (Windows-1252), but it is UTF-8; it was read as UTF-8.');
  });

  it('reports progress and stops when cancelled', () => {
    const tasks = Array.from({ length: 6000 }, (_, i) => `70,${i + 1},${i + 1},Task ${i + 1},1,${i + 1},1d,Mon 06/01/25,Mon 06/01/25,,£1.00,,,,0%,,,,,,`);
    const bytes = enc(mpx({ tasks }));
    const seen: ImportProgress[] = [];
    const r = readMpx(bytes, { fileName: 'big.mpx', onProgress: (p) => seen.push(p) });
    expect(r.schedules[0].activities).toHaveLength(6000);
    expect(seen.map((p) => p.phase)).toEqual(expect.arrayContaining(['reading', 'parsing', 'building', 'done']));
    expect(seen.at(-1)?.bytesRead).toBe(bytes.length);
    let polls = 0;
    expect(() => readMpx(bytes, { fileName: 'big.mpx', isCancelled: () => ++polls > 1 })).toThrow(ImportCancelled);
  });
});

describe('bad MPX input', () => {
  it('a file that does not start with MPX', () => {
    expect(refusal('PMX,Microsoft Project\r\n').message).toMatch(/^plan\.mpx: line 1: an MPX file starts with "MPX"/);
  });

  it('a header line and nothing else', () => {
    expect(refusal('MPX,Microsoft Project for Windows,4.0,ANSI\r\n').message).toMatch(/no records after it: it is cut short/);
  });

  it('a quoted field that never closes names its line', () => {
    const text = mpx({ tasks: ['70,1,1,"Dig,1,1,1d,Mon 06/01/25,Mon 06/01/25,,£0.00,,,,0%,,,,,,'] });
    const line = text.split('\r\n').findIndex((l) => l.startsWith('70,')) + 1;
    expect(refusal(text).message).toBe(`plan.mpx: line ${line}: a quoted field opens here and never closes. The file is cut short or damaged: export it again from its application.`);
  });

  it('a task record with more fields than the task model names', () => {
    const text = mpx({ tasks: ['70,1,1,Dig,1,1,1d,Mon 06/01/25,Mon 06/01/25,,£0.00,,,,0%,,,,,,,extra,more'] });
    const line = text.split('\r\n').findIndex((l) => l.startsWith('70,')) + 1;
    expect(refusal(text).message).toMatch(new RegExp(`^plan\\.mpx: line ${line}: this task record \\(70\\) has 22 fields, but the task field list \\(record 61\\) names only 20\\.`));
  });

  it('an unknown record number, and a line that is not a record', () => {
    const text = mpx({ tasks: ['99,whatever'] });
    const line = text.split('\r\n').findIndex((l) => l.startsWith('99,')) + 1;
    expect(refusal(text).message).toMatch(new RegExp(`^plan\\.mpx: line ${line}: the line starts with record type 99, which is not an MPX record type\\.`));
    expect(refusal(mpx({ tasks: ['hello world'] })).message).toMatch(/the line starts with "hello world" where a record number should be/);
  });

  it('a task before the task model', () => {
    const text = 'MPX,Microsoft Project for Windows,4.0,ANSI\r\n70,1,1,Dig\r\n';
    expect(refusal(text).message).toMatch(/^plan\.mpx: line 2: a task record \(70\) comes before the task model \(record 61\)/);
  });

  it('huge records and fields are refused, not read', () => {
    expect(refusal(mpx({ tasks: ['70' + ','.repeat(600)] })).message).toMatch(/has more than 512 fields; no MPX record has more than 153/);
    expect(refusal(mpx({ tasks: [`70,1,1,${'x'.repeat((1 << 20) + 1)}`] })).message).toMatch(/field 3 is 1,048,577 characters long/);
  });

  it('unreadable values become one warning per kind, with the first line, and stay empty', () => {
    const s = read(mpx({ tasks: ['70,1,1,Dig,1,1,five days,Mon 06/01/25,Someday,,£0.00,,,,0%,,,,,,'] }));
    const w = s.source?.warnings.map((x) => x.message).join('\n') ?? '';
    expect(w).toMatch(/1 value among the durations could not be read \(first on line \d+: "five days"\)/);
    expect(w).toMatch(/1 value among the dates could not be read \(first on line \d+: "Someday"\)/);
    expect(s.activities[0].originalDuration).toBeUndefined();
  });

  const LEGACY = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/other/mpxj_legacy_sample.mpx');
  it.skipIf(!existsSync(LEGACY))('the legacy sample cut short at any point: a schedule or an ImportError, never a crash', () => {
    const full = new Uint8Array(readFileSync(LEGACY));
    for (let cut = 1; cut < full.length; cut += 97) {
      try {
        readMpx(full.subarray(0, cut), { fileName: 'cut.mpx' });
      } catch (e) {
        expect(e, `cut at byte ${cut}`).toBeInstanceOf(ImportError);
        expect((e as Error).message.startsWith('cut.mpx: ')).toBe(true);
      }
    }
  });
});

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

