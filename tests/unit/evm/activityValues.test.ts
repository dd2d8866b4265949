/**
 * The activity grid's figures (core/evm/activityValues.ts): per-activity PV, EV and AC that add up
 * to the analysis's own totals, the dates and float the file gives, and the sort and filter the
 * data worker answers the grid with.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { activityTable, filteredOrder, sortedOrder, type ActivityRow } from '../../../src/core/evm/activityValues';
import { parseScheduleFile } from '../../../src/core/import';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';

const SAMPLES = resolve(__dirname, '../../../..', 'shared/samples/schedules');
const XER = resolve(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
const MSPDI = resolve(SAMPLES, 'mspdi/aspose_not_updated.xml');

function parsed(path: string): Schedule {
  const o = parseScheduleFile(new Uint8Array(readFileSync(path)), { fileName: path.split('/').pop() });
  if (o.kind !== 'schedules') throw new Error(`expected schedules, got ${o.kind}`);
  return o.result.schedules[0];
}

/** Rows of the XER's TASK table with a total_float_hr_cnt, read with nothing but split. */
function rawFloatCount(text: string): number {
  const lines = text.split(/\r?\n/);
  let col = -1;
  let n = 0;
  let inTask = false;
  for (const l of lines) {
    if (l.startsWith('%T')) inTask = l.split('\t')[1] === 'TASK';
    else if (inTask && l.startsWith('%F')) col = l.split('\t').indexOf('total_float_hr_cnt');
    else if (inTask && l.startsWith('%R') && (l.split('\t')[col] ?? '') !== '') n++;
  }
  return n;
}

const total = (rows: ActivityRow[], k: 'pv' | 'ev' | 'bac') => rows.reduce((s, r) => s + r[k], 0);

describe('per-activity figures at the status date', () => {
  it('add up to the PV, EV, AC and BAC of the analysis at the same date', () => {
    const s = syntheticSchedule({ activities: 2000, seed: 11 });
    const a = analyseSchedule(s, { today: '2026-01-01' });
    const t = activityTable(s, { today: '2026-01-01' });
    expect(t.dataDate).toBe(a.dataDate);
    expect(t.rows).toHaveLength(2000);
    expect(total(t.rows, 'pv')).toBeCloseTo(a.cost.pv.value!, 4);
    expect(total(t.rows, 'ev')).toBeCloseTo(a.cost.ev.value!, 4);
    expect(total(t.rows, 'bac')).toBeCloseTo(a.cost.bac.value!, 4);
    expect(t.rows.reduce((x, r) => x + (r.ac ?? 0), 0)).toBeCloseTo(a.cost.ac.value!, 4);
    // Re-measured at another date, the sums follow that analysis too.
    const at = '2025-06-30';
    expect(total(activityTable(s, { dataDate: at }).rows, 'ev')).toBeCloseTo(analyseSchedule(s, { dataDate: at }).cost.ev.value!, 4);
  });

  it('leaves float blank when the file carries none, and says how many have it', () => {
    const s = syntheticSchedule({ activities: 50, seed: 3 });
    const t = activityTable(s, { today: '2026-01-01' });
    expect(t.withFloat).toBe(0);
    expect(t.rows.every((r) => r.totalFloatDays === null)).toBe(true);
    s.activities[4].totalFloat = -16;
    const cal = s.calendars.find((c) => c.id === (s.activities[4].calendarId ?? s.project.defaultCalendarId));
    const t2 = activityTable(s, { today: '2026-01-01' });
    expect(t2.withFloat).toBe(1);
    expect(t2.rows[4].totalFloatDays).toBeCloseTo(-16 / (cal?.hoursPerDay ?? 8), 9);
  });
});

describe('what the report needs of a row', () => {
  it('names the control account the breakdown groups by, and flags only the file’s actual dates', () => {
    const s = syntheticSchedule({ activities: 300, seed: 7 });
    const t = activityTable(s, { today: '2026-01-01' });
    const byCa = analyseSchedule(s, { today: '2026-01-01', breakdown: 'control-account' }).breakdown!;
    // Each control account's BAC in the breakdown is the sum of the rows that name it.
    const accounts = byCa.children.filter((n) => !n.name.startsWith('(no control account'));
    expect(accounts.length).toBeGreaterThan(1);
    for (const n of accounts) {
      const rows = t.rows.filter((r) => r.controlAccount === n.code);
      expect(rows.length, n.code).toBeGreaterThan(0);
      expect(total(rows, 'bac'), n.code).toBeCloseTo(n.cost.bac.value!, 4);
    }
    s.activities.forEach((a, i) => {
      expect(t.rows[i].started).toBe(a.actualStart != null);
      expect(t.rows[i].finished).toBe(a.actualFinish != null);
      if (a.actualStart) expect(t.rows[i].start).toBe(a.actualStart);
    });
    expect(t.rows.some((r) => r.started)).toBe(true);
    expect(t.rows.some((r) => !r.started)).toBe(true);
  });
});

describe.skipIf(!existsSync(XER))('the P6 sample (SP10, 3,994 activities)', () => {
  if (!existsSync(XER)) console.warn(`[activityValues.test] sample ${XER} not found; skipped.`);
  it('reads total_float_hr_cnt wherever P6 gives it, and sums to the analysis', () => {
    const s = parsed(XER);
    const t = activityTable(s);
    const a = analyseSchedule(s);
    expect(t.rows).toHaveLength(3994);
    // P6 leaves completed activities' float blank: counted from the TASK table itself.
    expect(t.withFloat).toBe(rawFloatCount(readFileSync(XER, 'latin1')));
    expect(t.withFloat).toBeGreaterThan(3000);
    expect(total(t.rows, 'ev')).toBeCloseTo(a.cost.ev.value!, 2);
    // Float in days is the file's hours over the activity calendar's hours per day.
    const i = s.activities.findIndex((x) => (x.totalFloat ?? 0) !== 0);
    const act = s.activities[i];
    const day = s.calendars.find((c) => c.id === act.calendarId)!.hoursPerDay;
    expect(t.rows[i].totalFloatDays).toBeCloseTo(act.totalFloat! / day, 9);
    expect(t.rows[i].code).toBe(act.code);
    // The grid sizes its code columns by these, so no code is cut.
    expect(t.longest.code).toBe(Math.max(...s.activities.map((x) => x.code.length)));
    expect(t.longest.wbs).toBe(Math.max(...t.rows.map((r) => r.wbs.length)));
  });
});

describe.skipIf(!existsSync(MSPDI))('an MS Project XML sample', () => {
  it('reads TotalSlack in tenths of a minute as hours (4800 → 8 h)', () => {
    const s = parsed(MSPDI);
    const slack = s.activities.map((a) => a.totalFloat).filter((x): x is number => x !== undefined);
    expect(slack.length).toBeGreaterThan(0);
    expect(slack).toContain(8);
    expect(slack).toContain(16);
  });
});

describe('sorting and filtering the grid', () => {
  const row = (i: number, code: string, float: number | null, start: string | null, name = `Task ${i}`): ActivityRow => ({
    index: i, id: `id${i}`, code, name, wbs: i % 2 ? 'W.1' : 'W.2', wbsName: i % 2 ? 'Civils' : 'Rail', controlAccount: '', start, finish: null, started: false, finished: false, baselineStart: null, baselineFinish: null,
    percentComplete: i / 10, bac: 100 * i, pv: 0, ev: 0, ac: null, totalFloatDays: float,
  });
  const rows = [row(0, 'A10', 5, '2025-02-01'), row(1, 'A2', null, null), row(2, 'A1', -3, '2025-01-01'), row(3, 'B1', 5, '2024-12-01'), row(4, 'a3', 0, '2025-01-15')];
  const codes = (o: Int32Array) => Array.from(o, (i) => rows[i].code);

  it('sorts codes naturally, and keeps the schedule order without a sort', () => {
    expect(codes(sortedOrder(rows, undefined))).toEqual(['A10', 'A2', 'A1', 'B1', 'a3']);
    expect(codes(sortedOrder(rows, { key: 'code', dir: 'asc' }))).toEqual(['A1', 'A2', 'a3', 'A10', 'B1']);
    expect(codes(sortedOrder(rows, { key: 'code', dir: 'desc' }))).toEqual(['B1', 'A10', 'a3', 'A2', 'A1']);
  });

  it('puts blank float and dates last in either direction, ties in schedule order', () => {
    expect(codes(sortedOrder(rows, { key: 'totalFloatDays', dir: 'asc' }))).toEqual(['A1', 'a3', 'A10', 'B1', 'A2']);
    expect(codes(sortedOrder(rows, { key: 'totalFloatDays', dir: 'desc' }))).toEqual(['A10', 'B1', 'a3', 'A1', 'A2']);
    expect(codes(sortedOrder(rows, { key: 'start', dir: 'desc' }))).toEqual(['A10', 'a3', 'A1', 'B1', 'A2']);
  });

  it('filters on ID, name and WBS, case-insensitively, within the sorted order', () => {
    const sorted = sortedOrder(rows, { key: 'code', dir: 'asc' });
    expect(codes(filteredOrder(rows, sorted, 'a1'))).toEqual(['A1', 'A10']);
    expect(codes(filteredOrder(rows, sorted, 'civils'))).toEqual(['A2', 'B1']);
    expect(codes(filteredOrder(rows, sorted, '  task 4 '))).toEqual(['a3']);
    expect(filteredOrder(rows, sorted, '   ')).toBe(sorted);
  });
});
