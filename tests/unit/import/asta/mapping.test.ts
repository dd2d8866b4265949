/**
 * Single mapping decisions, each on a small change to the test plan (built from MPXJ's documented
 * layouts by ./build.ts; not real Powerproject files): dated work patterns, elapsed lags,
 * constraints, milestone kinds, Powerproject's own WBS, material resources and folders.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareAsta, readAsta } from '../../../../src/core/import/asta';
import type { Schedule } from '../../../../src/core/model/schedule';
import { PLAN, epoch, fiveDayWeek, packShifts, sqlDate, sqlitePp, textPp, textRow, type SqliteOptions } from './build';

beforeAll(async () => {
  await prepareAsta();
});

async function read(tweak: SqliteOptions['tweak']): Promise<Schedule> {
  return readAsta(await sqlitePp(PLAN, { tweak }), { fileName: 'site.pp' }).schedules[0];
}

describe('calendars', () => {
  it('a dated work pattern (a six-day summer week) becomes working-time exceptions on its dates; holidays still win', async () => {
    const six = fiveDayWeek();
    six[6] = [
      { exception: 2, start: '00:00', end: '08:00' },
      { exception: 1, start: '08:00', end: '13:00' },
      { exception: 2, start: '13:00', end: '00:00' },
    ];
    const s = await read((db) => {
      db.run('INSERT INTO WORK_PATTERN (ID, NAME, SHIFTS) VALUES (?, ?, ?)', [11, 'Summer Saturdays', packShifts(six)]);
      // count, then (?, work pattern, ?, start yyyyMMdd, end yyyyMMdd)
      db.run("UPDATE CALENDAR SET WORK_PATTERNS = '1,0,11,0,20250614,20250621' WHERE ID = 1");
      db.run(`UPDATE CALENDAR SET EXCEPTIONS = EXCEPTIONS || ',${epoch('2025-06-16')},${epoch('2025-06-17')},3'`); // a holiday inside the range
    });
    const ex = new Map(s.calendars[0].exceptions.map((e) => [e.date, e]));
    expect(ex.get('2025-06-14')).toEqual({ date: '2025-06-14', intervals: [[480, 780]], name: 'Summer Saturdays' });
    expect(ex.get('2025-06-15')?.intervals).toEqual([]); // Sunday stays off
    expect(ex.get('2025-06-17')?.intervals).toEqual([
      [480, 720],
      [780, 1020],
    ]);
    expect(ex.get('2025-06-16')).toEqual({ date: '2025-06-16', intervals: [], name: 'Bank holiday' });
    expect(ex.has('2025-06-22')).toBe(false);
  });

  it('reads working time from EXCEPTION_TYPE (0 = working) when a file has no UNIQUE_BIT_FIELD', async () => {
    const s = await read((db) => {
      db.run('DROP TABLE EXCEPTIONN');
      db.run('CREATE TABLE EXCEPTIONN (ID INTEGER, EXCEPTION_TYPE INTEGER, NAML TEXT)');
      db.run("INSERT INTO EXCEPTIONN VALUES (1, 0, 'Working'), (2, 1, 'Non Working'), (3, 2, 'Bank holiday')");
    });
    expect(s.calendars[0].workWeek[1]).toEqual([
      [480, 720],
      [780, 1020],
    ]);
    expect(s.activities[1].remainingDuration).toBe(40);
  });

  it('a derived calendar with no work pattern of its own inherits its parent\u2019s week and adds its holidays', async () => {
    const s = await read((db) => db.run(`INSERT INTO CALENDAR (ID, PROJID, NAME, DOMINANT_WORK_PATTERN, CALENDAR, WORK_PATTERNS, EXCEPTIONS) VALUES (2, 0, 'Site', NULL, 1, '0', '1,${epoch('2025-07-04')},${epoch('2025-07-05')},3')`));
    const site = s.calendars.find((c) => c.name === 'Site');
    expect(site).toMatchObject({ id: 'cal-2', baseCalendarId: 'cal-1', workWeek: [], hoursPerDay: 8, exceptions: [{ date: '2025-07-04', intervals: [], name: 'Bank holiday' }] });
  });
});

describe('links', () => {
  it('an elapsed lag counts on the 24-hour clock; a finish lag shortens the gap', async () => {
    const s = await read((db) => {
      db.run("UPDATE LINK SET START_LAG_TIME = '1,0,48' WHERE ID = 2");
      db.run("UPDATE LINK SET START_LAG_TIME = '0,0,<\"16\">', END_LAG_TIME = '0,0,4' WHERE ID = 3");
    });
    expect(s.relationships[1]).toEqual({ predecessorId: '202', successorId: '203', type: 'FS', lagHours: 48, lagCalendar: '24h' });
    expect(s.relationships[2]).toEqual({ predecessorId: '203', successorId: '204', type: 'SS', lagHours: 12 });
  });

  it('a link from the completed section of a split task is a link from the task (mpxj issue 81)', () => {
    const extra = [textRow(18, { ID: 950, TASK: 202 }), textRow(25, { ID: 60, START_TASK: 950, END_TASK: 204, LINK_KIND: 0 })];
    const s = readAsta(textPp(PLAN, extra), { fileName: 'site.pp' }).schedules[0];
    expect(s.relationships).toContainEqual({ predecessorId: '202', successorId: '204', type: 'FS', lagHours: 0 });
  });

  it('a link to a bar holding one activity is a link to that activity', async () => {
    const s = await read((db) => db.run('UPDATE LINK SET START_TASK = 102 WHERE ID = 1'));
    expect(s.relationships[0]).toEqual({ predecessorId: '201', successorId: '202', type: 'FS', lagHours: 0 });
  });
});

describe('activities', () => {
  it('constraints map to the scheduling engine\u2019s words with their dates', async () => {
    const s = await read((db) => {
      db.run('ALTER TABLE TASK ADD COLUMN START_CONSTRAINT_DATE DATETIME');
      db.run('ALTER TABLE TASK ADD COLUMN END_CONSTRAINT_DATE DATETIME');
      db.run("UPDATE TASK SET CONSTRAINT_FLAG = 3, START_CONSTRAINT_DATE = '2025-04-29 08:00:00' WHERE ID = 203");
      db.run("UPDATE TASK SET CONSTRAINT_FLAG = 5, END_CONSTRAINT_DATE = '2025-05-09 17:00:00' WHERE ID = 204");
    });
    expect(s.activities[2].constraint).toEqual({ type: 'SNET', date: '2025-04-29T08:00' });
    expect(s.activities[3].constraint).toEqual({ type: 'FNLT', date: '2025-05-09T17:00' });
    expect(s.activities[0].constraint).toBeUndefined();
  });

  it('a start milestone, and a completed milestone with its actual date', async () => {
    const s = await read((db) => db.run(`INSERT INTO MILESTONE (ID, PROJID, NAME, UNIQUE_TASK_ID, BAR, CALENDAR, NATURAL_ORDER, GIVEN_DATE_TIME, MILESTONE_TYPE, COMPLETED) VALUES (302, 0, 'Start on site', 'MS-001', 105, 1, 0, '${sqlDate('2025-04-07T08:00')}', 0, 1)`));
    const start = s.activities.find((a) => a.id === '302');
    expect(start).toMatchObject({ type: 'start-milestone', actualStart: '2025-04-07T08:00', actualFinish: '2025-04-07T08:00', percentComplete: { physical: 1, duration: 1 } });
    // Bar 105 now holds two milestones, so it is a WBS element of its own.
    expect(s.wbs.map((w) => w.name)).toEqual(['Groundworks', 'Frame', 'Handover']);
  });

  it('elapsed duration units count remaining time on the clock', async () => {
    const s = await read((db) => db.run('UPDATE TASK SET DURATION_TIME_UNIT = 14 WHERE ID = 203'));
    // 28 Apr 08:00 → 2 May 17:00 is 4 days and 9 hours of clock time.
    expect(s.activities[2].originalDuration).toBe(4 * 24 + 9);
  });
});

describe('WBS', () => {
  it('uses Powerproject\u2019s own WBS (WBS_ENTRY) when the activities point into it', async () => {
    const s = await read((db) => {
      db.run('CREATE TABLE WBS_ENTRY (ID INTEGER, PROJID INTEGER, NATURAP_ORDER INTEGER, WBT_CODE TEXT, WBT_NAME TEXT, WBS_ENTRY INTEGER)');
      db.run("INSERT INTO WBS_ENTRY VALUES (1, 0, 1, 'RD', 'Riverside Depot', NULL), (2, 0, 2, 'RD.1', 'Substructure', 1), (3, 0, 3, 'RD.2', 'Superstructure', 1), (4, 0, 4, 'RD.9', 'Loop', 5), (5, 0, 5, 'RD.8', 'Loop too', 4)");
      db.run('ALTER TABLE TASK ADD COLUMN WBS INTEGER');
      db.run('ALTER TABLE MILESTONE ADD COLUMN WBS INTEGER');
      db.run('UPDATE TASK SET WBS = CASE WHEN ID < 203 THEN 2 ELSE 3 END');
      db.run('UPDATE MILESTONE SET WBS = 1');
    });
    expect(s.wbs.map((w) => [w.id, w.parentId, w.code, w.name])).toEqual([
      ['wbs-1', null, 'RD', 'Riverside Depot'],
      ['wbs-2', 'wbs-1', 'RD.1', 'Substructure'],
      ['wbs-3', 'wbs-1', 'RD.2', 'Superstructure'],
      ['wbs-4', null, 'RD.9', 'Loop'],
      ['wbs-5', null, 'RD.8', 'Loop too'],
    ]);
    expect(s.activities.map((a) => a.wbsId)).toEqual(['wbs-2', 'wbs-2', 'wbs-3', 'wbs-3', 'wbs-1']);
  });
});

describe('resources', () => {
  it('resource folders are not resources; an allocation to a summary group is left out of the budget with a note', async () => {
    const s = await read((db) => {
      db.run("INSERT INTO PERMANENT_RESOURCE (ID, PROJID, NAME, CALENDAR, CREATED_AS_FOLDER) VALUES (510, 0, 'Subcontractors', 1, 1)");
      db.run('INSERT INTO PERMANENT_SCHEDUL_ALLOCATION (ID, PROJID, ALLOCATED_TO, ALLOCATION_OF, EFFORT, PERCENT_COMPLETE, BUDGETED_COST_AMOUNT) VALUES (899, 0, 1001, 700, 3600, 0, 2500)');
    });
    expect(s.resources.map((r) => r.name)).not.toContain('Subcontractors');
    expect(s.activities.reduce((sum, a) => sum + a.budgetCost, 0)).toBe(75000);
    expect(s.source?.warnings.some((w) => /1 resource allocation belongs to summary groups or to activities not in the file \(2500 of budgeted cost\)/.test(w.message))).toBe(true);
  });

  it('compares BAC with the total cost Powerproject shows on the top summary group', async () => {
    const add = (db: Parameters<NonNullable<SqliteOptions['tweak']>>[0], cost: number) => {
      db.run('ALTER TABLE EXPANDED_TASK ADD COLUMN CUMULATIVH_COSTAMOUNT REAL');
      db.run('UPDATE EXPANDED_TASK SET CUMULATIVH_COSTAMOUNT = ? WHERE ID = 1000', [cost]);
      db.run('UPDATE EXPANDED_TASK SET CUMULATIVH_COSTAMOUNT = 30000 WHERE ID = 1001'); // a lower group: not the total
    };
    const same = await read((db) => add(db, 75000));
    expect(same.source?.warnings.some((w) => /summary shows a total cost/.test(w.message))).toBe(false);
    const more = await read((db) => add(db, 82500));
    expect(more.source?.warnings.map((w) => w.message)).toContain(
      "Powerproject's summary shows a total cost of 82500, but the resource allocations read here budget 75000. The difference (for example consumable resources or costs entered on summary groups) is not in BAC: check the costs against Powerproject.",
    );
  });

  it('a programme without costs says EV will be measured on durations', () => {
    const text = new TextDecoder().decode(textPp());
    const noCosts = text
      .split('\r\n')
      .filter((l) => !/^#\d+ \d+ 67:/.test(l))
      .join('\r\n');
    const s = readAsta(new TextEncoder().encode(noCosts), { fileName: 'site.pp' }).schedules[0];
    expect(s.activities.every((a) => a.budgetCost === 0)).toBe(true);
    expect(s.source?.warnings.some((w) => /no costs: earned value is measured on durations/.test(w.message))).toBe(true);
    expect(textRow(67, { ID: 1 })).toMatch(/^#1 0 67:/);
  });
});
