/**
 * Damaged, hostile and odd Powerproject files: every refusal is an ImportError that names the
 * file and says what to do; damage inside an otherwise readable file becomes a warning; nothing
 * crashes or hangs. Files are built from MPXJ's documented layouts (./build.ts), not real files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareAsta, readAsta } from '../../../../src/core/import/asta';
import { splitValues } from '../../../../src/core/import/asta/textFile';
import { ImportCancelled, ImportError } from '../../../../src/core/import/types';
import { PLAN, epoch, sqlitePp, textHeader, textPp, textRow, type Plan } from './build';

beforeAll(async () => {
  await prepareAsta();
});

const enc = (s: string) => new TextEncoder().encode(s);

function refusal(bytes: Uint8Array, fileName = 'site.pp'): ImportError {
  try {
    readAsta(bytes, { fileName });
  } catch (e) {
    if (e instanceof ImportError) {
      expect(e.message.startsWith(`${fileName}: `)).toBe(true);
      return e;
    }
    throw e;
  }
  throw new Error('expected the file to be refused');
}

const messages = (bytes: Uint8Array) => readAsta(bytes, { fileName: 'site.pp' }).schedules[0].source?.warnings.map((w) => w.message) ?? [];

describe('files that are not Powerproject files', () => {
  it('an empty file', () => {
    expect(refusal(new Uint8Array(0)).message).toMatch(/empty \(0 bytes\)/);
  });
  it('some other file', () => {
    expect(refusal(enc('<?xml version="1.0"?><Project/>')).message).toMatch(/not an Asta Powerproject \.pp file.*MS Project XML/);
    expect(refusal(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])).message).toMatch(/not an Asta Powerproject/);
  });
  it('an SQLite database of another application', async () => {
    const bytes = await sqlitePp(PLAN, {
      tweak: (db) => {
        for (const t of ['PROJECT_SUMMARY', 'BAR', 'TASK']) db.run(`DROP TABLE ${t}`);
      },
    });
    expect(refusal(bytes).message).toMatch(/not a Powerproject programme/);
  });
  it('a text file of a version whose layout Earnest does not hold', () => {
    const text = new TextDecoder().decode(textPp()).replace(textHeader(), textHeader(11004));
    expect(refusal(enc(text)).message).toMatch(/text format version 11004; Earnest reads versions 13004 and 13001 .*12005 and 12002.*save it again/);
  });
  it('a programme with no activities', () => {
    expect(refusal(enc(`${textHeader()}\r\n${textRow(2, { PROJECT_SUMMARYID: 1, SHORT_NAME: '<"X">' })}\r\n`)).message).toMatch(/No activities were found/);
  });
});

describe('damaged files', () => {
  it('a text file cut short anywhere reads what is there or is refused with a message, never crashes', () => {
    const full = textPp();
    for (let cut = 1; cut < full.length; cut += 97) {
      try {
        const r = readAsta(full.slice(0, cut), { fileName: 'cut.pp' });
        expect(r.schedules[0].activities.length).toBeGreaterThan(0);
      } catch (e) {
        expect(e).toBeInstanceOf(ImportError);
      }
    }
  });

  it('an SQLite file cut short is refused with what to do', async () => {
    const full = await sqlitePp();
    for (const cut of [100, 1024, 4096, Math.floor(full.length / 2)]) {
      expect(refusal(full.slice(0, cut), 'cut.pp').message).toMatch(/SQLite says: database disk image is malformed\). The file may be damaged or cut short/);
    }
    // SQLite pads its last page: a file one byte short still holds every row.
    expect(readAsta(full.slice(0, full.length - 1), { fileName: 'cut.pp' }).schedules[0].activities).toHaveLength(5);
  });

  it('an SQLite file with garbage after its header is refused with a message', () => {
    const bytes = new Uint8Array(8192);
    bytes.set(enc('SQLite format 3\0'));
    for (let i = 16; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    expect(refusal(bytes).message).toMatch(/could not be read \(SQLite says: .+\).*export it as MS Project XML/);
  });
});

describe('tolerance', () => {
  it('skips tables and columns it does not know', async () => {
    const extra = [textRow(21, { TASKID: 1 }).replace(' 21:', ' 999:'), '#junk without a colon', 'a line that is not a row'];
    const text = readAsta(textPp(PLAN, extra), { fileName: 'site.pp' }).schedules[0];
    expect(text.activities).toHaveLength(5);
    expect(text.source?.warnings.some((w) => /had no readable row header/.test(w.message))).toBe(true);
    const sqlite = readAsta(
      await sqlitePp(PLAN, {
        tweak: (db) => {
          db.run('CREATE TABLE NEW_THING_2030 (ID INTEGER, WHATEVER TEXT)');
          db.run("INSERT INTO NEW_THING_2030 VALUES (1, 'x')");
          db.run('ALTER TABLE TASK ADD COLUMN FUTURE_FIELD TEXT');
        },
      }),
      { fileName: 'site.pp' },
    ).schedules[0];
    expect(sqlite.activities).toHaveLength(5);
  });

  it('names each missing table and what it means', async () => {
    const bytes = await sqlitePp(PLAN, { tweak: (db) => ['LINK', 'CALENDAR'].forEach((t) => db.run(`DROP TABLE ${t}`)) });
    const notes = messages(bytes);
    expect(notes).toContain('The file has no LINK table, so there are no links between activities, so the programme has no logic.');
    expect(notes).toContain('The file has no CALENDAR table, so calendars are unknown, so durations are counted in clock hours.');
    const s = readAsta(bytes, { fileName: 'site.pp' }).schedules[0];
    expect(s.relationships).toEqual([]);
    // Without a calendar, Pour foundations' remaining time is clock time: 17 Apr 08:00 → 25 Apr 17:00.
    expect(s.activities[1].remainingDuration).toBe(8 * 24 + 9);
  });

  it('an older file in the Windows code page keeps its £ signs, with a note on the encoding', () => {
    const text = new TextDecoder().decode(textPp()).replace('Clad frame', 'Clad frame \u00a3');
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0)); // windows-1252: £ is 0xA3
    const s = readAsta(bytes, { fileName: 'site.pp' }).schedules[0];
    expect(s.activities[3].name).toBe('Clad frame \u00a3');
    expect(s.source?.warnings.some((w) => w.where === 'file' && /Text encoding: .*windows-1252/.test(w.message))).toBe(true);
  });

  it('a text value may hold commas and colons', () => {
    expect(splitValues('<"a, b: c">,12,,<"x">', 0)).toEqual(['<"a, b: c">', '12', '', '<"x">']);
    const plan: Plan = { ...PLAN, tasks: PLAN.tasks.map((t, i) => (i === 0 ? { ...t, name: 'Excavate, level: grade' } : t)) };
    expect(readAsta(textPp(plan), { fileName: 'site.pp' }).schedules[0].activities[0].name).toBe('Excavate, level: grade');
  });

  it('reads a LINK row written by hand in MPXJ\u2019s column order (START_TASK 21st, END_TASK 22nd, LINK_KIND 23rd)', () => {
    // ID, START_LAG_TIMETYPF, …MONTHS, START_LAG_TIME=24, END_LAG_TIMETYPF, …MONTHS, END_LAG_TIME=8, 13 columns, START_TASK, END_TASK, LINK_KIND=3
    const row = '#77 0 25:0,0,24,0,0,8,0,0,0,,,0,0,0,<"">,0,0,0,0,201,202,3';
    const s = readAsta(textPp(PLAN, [row]), { fileName: 'site.pp' }).schedules[0];
    expect(s.relationships).toContainEqual({ predecessorId: '201', successorId: '202', type: 'SF', lagHours: 16 });
  });

  it('survives a summary group that contains itself and a calendar that is its own grandparent', async () => {
    const bytes = await sqlitePp(PLAN, {
      tweak: (db) => {
        db.run('UPDATE BAR SET EXPANDED_TASK = 1001 WHERE ID = 101'); // Groundworks inside itself
        db.run("INSERT INTO CALENDAR (ID, PROJID, NAME, DOMINANT_WORK_PATTERN, CALENDAR, WORK_PATTERNS, EXCEPTIONS) VALUES (2, 0, 'A', NULL, 3, '0', '0'), (3, 0, 'B', NULL, 2, '0', '0')");
      },
    });
    const s = readAsta(bytes, { fileName: 'site.pp' }).schedules[0];
    expect(s.activities.map((a) => a.id).sort()).toEqual(['201', '202', '203', '204', '301']);
    expect(s.source?.warnings.some((w) => /Calendar "A": its parent calendar forms a loop/.test(w.message))).toBe(true);
  });

  it('groups nested 20,000 deep, and groups inside each other in a loop, keep every activity', () => {
    const deep: string[] = [];
    const depth = 20_000;
    for (let i = 0; i < depth; i++) {
      // Bar 5000+i is group 90000+i, inside group 90000+i-1 (the first inside the project group 1000).
      deep.push(textRow(7, { BARID: 5000 + i, NAME: `<"Level ${i}">`, EXPANDED_TASK: i === 0 ? 1000 : 90000 + i - 1, NATURAL_ORDER: 10 }));
      deep.push(textRow(23, { EXPANDED_TASKID: 90000 + i, BAR: 5000 + i, NAME: `<"Level ${i}">` }));
    }
    deep.push(textRow(21, { TASKID: 40000, NAME: '<"Deep task">', BAR: 5000 + depth - 1, CALENDAR: 1, LINKABLE_START: epoch('2025-06-02T08:00'), LINKABLE_FINISH: epoch('2025-06-02T17:00') }));
    // Groups 197001 and 197002 inside each other.
    deep.push(textRow(7, { BARID: 30001, NAME: '<"Loop A">', EXPANDED_TASK: 197002 }), textRow(23, { EXPANDED_TASKID: 197001, BAR: 30001 }));
    deep.push(textRow(7, { BARID: 30002, NAME: '<"Loop B">', EXPANDED_TASK: 197001 }), textRow(23, { EXPANDED_TASKID: 197002, BAR: 30002 }));
    deep.push(textRow(21, { TASKID: 40001, NAME: '<"Looped task">', BAR: 30002, CALENDAR: 1, LINKABLE_START: epoch('2025-06-02T08:00'), LINKABLE_FINISH: epoch('2025-06-02T17:00') }));
    const s = readAsta(textPp(PLAN, deep), { fileName: 'deep.pp' }).schedules[0];
    const deepTask = s.activities.find((a) => a.id === '40000');
    expect(deepTask?.wbsId).toBe(`bar-${5000 + depth - 1}`);
    expect(s.wbs).toHaveLength(2 + depth);
    expect(Math.max(...s.wbs.map((w) => w.code.length))).toBeLessThan(500);
    expect(s.wbs.find((w) => w.id === 'bar-5003')?.code).toBe('3.1.1.1');
    expect(s.activities.find((a) => a.id === '40001')?.wbsId).toBeNull();
    expect(s.source?.warnings.some((w) => /1 activity sits in summary groups that contain each other in a loop/.test(w.message))).toBe(true);
  });

  it('leaves out an exception spanning centuries and an unreadable shift list, with notes', async () => {
    const bytes = await sqlitePp(PLAN, {
      tweak: (db) => {
        db.run(`UPDATE CALENDAR SET EXCEPTIONS = '1,${epoch('1900-01-01')},${epoch('2199-12-31')},3' WHERE ID = 1`);
        db.run("INSERT INTO WORK_PATTERN (ID, NAME, SHIFTS) VALUES (11, 'Broken', '7,0,0,99999,1,2')");
      },
    });
    const notes = messages(bytes).join('\n');
    expect(notes).toMatch(/Calendar "Standard": 1 exception had no readable dates \(or spanned more than ten years\)/);
    expect(notes).toMatch(/Work pattern "Broken": its shifts could not be read/);
  });

  it('rejects absurd values cell by cell: damaged dates become missing, not year 40000', () => {
    const extra = [textRow(21, { TASKID: 900, NAME: '<"Damaged">', BAR: 104, CALENDAR: 1, LINKABLE_START: '99999999 0', LINKABLE_FINISH: 'x y', OVERALL_PERCENT_COMPLETE: '1e400' })];
    const s = readAsta(textPp(PLAN, extra), { fileName: 'site.pp' }).schedules[0];
    const damaged = s.activities.find((a) => a.id === '900');
    expect(damaged?.plannedStart).toBeUndefined();
    expect(damaged?.percentComplete.physical).toBe(0);
    expect(s.source?.warnings.some((w) => /1 activity has no start date/.test(w.message))).toBe(true);
  });

  it('a very long line and a large programme read without trouble', () => {
    const long = `#5 0 21:${','.repeat(200_000)}`;
    const many: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      many.push(textRow(21, { TASKID: 10_000 + i, NAME: `<"Task ${i}">`, BAR: 104, CALENDAR: 1, NATURAL_ORDER: i + 10, LINKABLE_START: epoch('2025-06-02T08:00'), LINKABLE_FINISH: epoch('2025-06-06T17:00'), OVERALL_PERCENT_COMPLETE: 0 }));
    }
    const s = readAsta(textPp(PLAN, [long, ...many]), { fileName: 'big.pp' }).schedules[0];
    expect(s.activities.length).toBe(5 + 20_000 + 1);
    expect(s.activities.find((a) => a.id === '10000')?.originalDuration).toBe(40);
  });
});

describe('cancel', () => {
  it('stops with ImportCancelled when asked', async () => {
    expect(() => readAsta(textPp(), { fileName: 'site.pp', isCancelled: () => true })).toThrow(ImportCancelled);
    const bytes = await sqlitePp();
    expect(() => readAsta(bytes, { fileName: 'site.pp', isCancelled: () => true })).toThrow(ImportCancelled);
  });
});
