/**
 * The default status date (model/statusDate.ts), on small hand-made schedules and on real files
 * from the sample corpus: the file's status date, then MS Project's current date, then the latest
 * actual date (or a later status snapshot), then today; and analyseSchedule measuring at it and
 * saying which it used (issue 12, item 2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule, AnalysisInputError } from '../../../src/core/evm/analyseSchedule';
import { parseScheduleFile } from '../../../src/core/import';
import { parseSchedule } from '../../../src/core/model/validate';
import { statusDateOf } from '../../../src/core/model/snapshot';
import { defaultStatusDate, explainStatusDate, localToday, statusDateFromFile, withStatusDate } from '../../../src/core/model/statusDate';
import type { Schedule } from '../../../src/core/model/schedule';
import { act, schedule } from '../engine/helpers';

const TODAY = '2030-06-15';

/** Two activities on the standard calendar; A1 started Mon 6 Jan 2025 08:00, A2 not started. */
function base(project: Partial<Schedule['project']> = {}, actuals = true): Schedule {
  const s = schedule({
    activities: [
      act('A1', { baselineStart: '2025-01-06T08:00', baselineFinish: '2025-01-17T17:00', budgetCost: 10_000, ...(actuals ? { actualStart: '2025-01-06T08:00', actualFinish: '2025-01-14T12:00', percentComplete: { physical: 1 }, actualCost: 9_000 } : {}) }),
      act('A2', { baselineStart: '2025-01-13T08:00', baselineFinish: '2025-01-24T17:00', budgetCost: 20_000 }),
    ],
  });
  s.project = { ...s.project, ...project };
  return s;
}

describe('defaultStatusDate: which date, and the words that say why', () => {
  it("the file's status date first", () => {
    expect(defaultStatusDate(base({ dataDate: '2025-01-15T17:00', currentDate: '2025-03-01T08:00' }), TODAY)).toEqual({
      date: '2025-01-15T17:00',
      source: 'status-date',
      explanation: "the file's status date",
    });
  });

  it("then MS Project's current date, ahead of the actual dates (MS Project measures at it)", () => {
    expect(defaultStatusDate(base({ currentDate: '2025-03-01T08:00' }), TODAY)).toEqual({
      date: '2025-03-01T08:00',
      source: 'current-date',
      explanation: "MS Project's current date; the file has no status date",
    });
  });

  it('then the latest actual date (start or finish, whichever is later)', () => {
    expect(defaultStatusDate(base(), TODAY)).toEqual({ date: '2025-01-14T12:00', source: 'latest-actual', explanation: 'the latest actual date in the file' });
  });

  it('a status snapshot later than every actual date wins over them: the status cannot be older than it', () => {
    const s = base();
    s.snapshots = [{ id: 'S1', dataDate: '2025-01-15T17:00', activities: [] }];
    expect(defaultStatusDate(s, TODAY)).toMatchObject({ date: '2025-01-15T17:00', source: 'latest-snapshot' });
    s.snapshots = [{ id: 'S1', dataDate: '2025-01-10T17:00', activities: [] }];
    expect(defaultStatusDate(s, TODAY)).toMatchObject({ date: '2025-01-14T12:00', source: 'latest-actual' });
  });

  it('then today, as the caller gave it', () => {
    expect(defaultStatusDate(base({}, false), TODAY)).toEqual({ date: TODAY, source: 'today', explanation: 'today; the file has no dates to go by' });
    expect(statusDateFromFile(base({}, false))).toBeUndefined();
  });

  it('skips a status or current date that is not a date', () => {
    expect(defaultStatusDate(base({ dataDate: '31/01/2025', currentDate: 'soon' }), TODAY).source).toBe('latest-actual');
  });

  it('a date saved with the import keeps the source it was saved with', () => {
    const saved = withStatusDate(base({}, false), TODAY, 'today');
    expect(defaultStatusDate(saved, '2099-01-01')).toMatchObject({ date: TODAY, source: 'today' });
    const chosen = withStatusDate(base({ dataDate: '2025-01-15T17:00' }), '2025-01-31', 'chosen');
    expect(defaultStatusDate(chosen, TODAY)).toEqual({ date: '2025-01-31', source: 'chosen', explanation: 'chosen when the file was imported' });
  });

  it('statusDateOf (the history order) follows the same rule, without today', () => {
    expect(statusDateOf(base({ currentDate: '2025-03-01T08:00' }))).toBe('2025-03-01T08:00');
    expect(statusDateOf(base())).toBe('2025-01-14T12:00');
    expect(statusDateOf(base({}, false))).toBeUndefined();
  });

  it('every source has words', () => {
    for (const s of ['status-date', 'current-date', 'latest-actual', 'latest-snapshot', 'today', 'chosen', 'given'] as const) expect(explainStatusDate(s)).toMatch(/\w{4}/);
  });
});

describe('localToday and withStatusDate', () => {
  it("localToday is the caller's local calendar day", () => {
    expect(localToday(new Date(2025, 2, 14, 23, 59))).toBe('2025-03-14');
    expect(localToday(new Date(2025, 0, 1, 0, 0))).toBe('2025-01-01');
  });

  it('withStatusDate copies, never mutates, and refuses a non-date', () => {
    const s = base({ dataDate: '2025-01-15T17:00' });
    const before = structuredClone(s);
    const out = withStatusDate(s, '2025-01-31', 'chosen');
    expect(out.project).toMatchObject({ dataDate: '2025-01-31', dataDateSource: 'chosen' });
    expect(s).toEqual(before);
    expect(withStatusDate(out, '2025-01-15T17:00', 'status-date').project.dataDateSource).toBeUndefined();
    expect(() => withStatusDate(s, '31/01/2025', 'chosen')).toThrow('The status date "31/01/2025" is not a date (expected YYYY-MM-DD).');
  });

  it('a saved choice survives the canonical JSON round trip (the CLI and the store read it back)', () => {
    const out = withStatusDate(base({ currentDate: '2025-03-01T08:00' }), '2025-01-31', 'chosen');
    const back = parseSchedule(JSON.parse(JSON.stringify(out)));
    expect(back.project).toMatchObject({ dataDate: '2025-01-31', dataDateSource: 'chosen', currentDate: '2025-03-01T08:00' });
  });
});

describe('analyseSchedule measures at the default and says which it used', () => {
  it('no dataDate option: the default, with its source; the option overrides as "given"', () => {
    const a = analyseSchedule(base({ currentDate: '2025-01-20T08:00' }), { today: TODAY });
    expect(a.dataDate).toBe('2025-01-20T08:00');
    expect(a.dataDateSource).toBe('current-date');
    const g = analyseSchedule(base({ currentDate: '2025-01-20T08:00' }), { dataDate: '2025-01-22', today: TODAY });
    expect(g.dataDate).toBe('2025-01-22T00:00');
    expect(g.dataDateSource).toBe('given');
    expect(analyseSchedule(base({ dataDate: '2025-01-15T17:00' })).dataDateSource).toBe('status-date');
  });

  it('no dates at all: today, no longer the dead end "pass a data date (--data-date YYYY-MM-DD)"', () => {
    const a = analyseSchedule(base({}, false), { today: '2025-01-20' });
    expect(a.dataDate).toBe('2025-01-20T00:00');
    expect(a.dataDateSource).toBe('today');
  });

  it('no dates and no clock given: a message that says what to do, without the CLI hint', () => {
    let message = '';
    try {
      analyseSchedule(base({}, false));
    } catch (e) {
      expect(e).toBeInstanceOf(AnalysisInputError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/no status date/);
    expect(message).not.toContain('--data-date');
  });
});

const SAMPLES = resolve(__dirname, '../../../../shared/samples/schedules');
const read = (rel: string): Schedule[] => {
  const out = parseScheduleFile(new Uint8Array(readFileSync(resolve(SAMPLES, rel))), { fileName: rel.split('/').at(-1) });
  if (out.kind !== 'schedules') throw new Error(`${rel}: not read as schedules`);
  return out.result.schedules;
};

describe.skipIf(!existsSync(SAMPLES))(`sample files (skipped when ${SAMPLES} is absent)`, () => {
  it('MSPDI without StatusDate: the reader carries CurrentDate, and it is the default', () => {
    const [s] = read('mspdi/mpxj_assignment-assignments-project2019-mspdi.xml');
    expect(s.project.dataDate).toBeUndefined();
    expect(s.project.currentDate).toBe('2018-10-18T08:00');
    // The file has actual dates (latest 2016-01-04), but MS Project measures at its current date.
    expect(defaultStatusDate(s, TODAY)).toMatchObject({ date: '2018-10-18T08:00', source: 'current-date' });
    expect(analyseSchedule(s, { today: TODAY })).toMatchObject({ dataDate: '2018-10-18T08:00', dataDateSource: 'current-date' });
  });

  it('MSPDI with neither StatusDate, CurrentDate nor actual dates: today', () => {
    const [s] = read('mspdi/aspose_not_updated.xml');
    expect(s.project.currentDate).toBeUndefined();
    expect(defaultStatusDate(s, TODAY)).toMatchObject({ date: TODAY, source: 'today' });
  });

  it('PMXML: a project with DataDate uses it; the external projects with DataDate none fall to today', () => {
    const schedules = read('other/aspose_PrimaveraProject.pmxml.xml');
    const byCode = new Map(schedules.map((s) => [s.project.code ?? s.project.id, s]));
    expect(defaultStatusDate(byCode.get('PROD00883')!, TODAY)).toMatchObject({ date: '2012-01-02T00:00', source: 'status-date' });
    expect(defaultStatusDate(byCode.get('PROD00266')!, TODAY)).toMatchObject({ date: TODAY, source: 'today' });
  });

  it('P6 XER: last_recalc_date is the status date', () => {
    const [s] = read('xer/pyp6xer_SP10_COST_LOADED.xer');
    expect(defaultStatusDate(s, TODAY)).toMatchObject({ date: '2017-09-16T00:00', source: 'status-date' });
  });
});
