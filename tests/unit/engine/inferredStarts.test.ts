/**
 * Issue 12, item 1: progress reported on an activity means it has started. An activity list with
 * % complete and actual cost but no actual start dates used to earn nothing (EV 0, CPI 0.00).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { parseScheduleFile } from '../../../src/core/import';
import type { Schedule } from '../../../src/core/model';

const TRACKER = [
  'Activity ID,Name,Budgeted Cost,Actual Cost,% Complete,Start,Finish',
  'A100,Site set-up,10000,9000,100,2025-01-06,2025-01-17',
  'A200,Foundations,40000,25000,50,2025-01-20,2025-02-28',
  'A300,Frame,50000,0,0,2025-03-03,2025-04-25',
  // Started early: the plan says March, yet 10% is reported at the end of January.
  'A400,Early procurement,20000,1500,10,2025-03-10,2025-03-28',
].join('\n');

function trackerSchedule(csv: string): Schedule {
  const outcome = parseScheduleFile(new TextEncoder().encode(csv), { fileName: 'tracker.csv', table: { confirmed: true } });
  if (outcome.kind !== 'schedules') throw new Error(`expected schedules, got ${outcome.kind}`);
  return outcome.result.schedules[0];
}

describe('actual starts inferred from progress', () => {
  it('an activity list without actual starts earns % complete × budget, and says the starts were inferred', () => {
    const s = trackerSchedule(TRACKER);
    expect(s.activities.every((a) => a.actualStart === undefined)).toBe(true);
    const a = analyseSchedule(s, { dataDate: '2025-01-31T17:00' });
    // EV = 10,000 + 0.5 × 40,000 + 0 + 0.1 × 20,000 = 32,000; AC = 35,500.
    expect(a.cost.ev.value).toBeCloseTo(32_000, 6);
    expect(a.cost.ac.value).toBeCloseTo(35_500, 6);
    expect(a.cost.cpi.value).toBeCloseTo(32_000 / 35_500, 9);
    expect(a.warnings.some((w) => /^3 activities report progress but no actual start \(A100 and others\): their actual start was inferred as the planned start, or the data date where the planned start is later/.test(w))).toBe(true);
  });

  it('adding the Actual Start column gives the same EV (the inference matches real dates)', () => {
    const withStarts = TRACKER.split('\n')
      .map((line, i) => (i === 0 ? `${line},Actual Start` : `${line},${['2025-01-06', '2025-01-20', '', '2025-01-27'][i - 1]}`))
      .join('\n');
    const a = analyseSchedule(trackerSchedule(withStarts), { dataDate: '2025-01-31T17:00' });
    expect(a.cost.ev.value).toBeCloseTo(32_000, 6);
    expect(a.warnings.some((w) => /actual start was inferred/.test(w))).toBe(false);
  });

  it('a start inferred from a planned start after the data date is the data date, so early work earns', () => {
    const only = TRACKER.split('\n').filter((l, i) => i === 0 || l.startsWith('A400')).join('\n');
    const a = analyseSchedule(trackerSchedule(only), { dataDate: '2025-01-31T17:00' });
    expect(a.cost.ev.value).toBeCloseTo(2_000, 6);
    expect(a.cost.pv.value).toBe(0);
  });

  it('an activity with neither progress nor actuals is left unstarted', () => {
    const a = analyseSchedule(trackerSchedule(TRACKER.split('\n').slice(0, 4).join('\n').replace('A100,Site set-up,10000,9000,100', 'A100,Site set-up,10000,0,0').replace('A200,Foundations,40000,25000,50', 'A200,Foundations,40000,0,0')), {
      dataDate: '2025-01-31T17:00',
    });
    expect(a.cost.ev.value).toBe(0);
    expect(a.warnings.some((w) => /actual start was inferred/.test(w))).toBe(false);
  });
});

// The same holds for P6 and MS Project files: the MPXJ resource test (MSPDI) has a completed and
// an in-progress task; without their actual starts they must earn exactly as with them.
const MSPDI = resolve(__dirname, '../../../..', 'shared/samples/schedules/mspdi/mpxj_mspdiresource.xml');
const haveMspdi = existsSync(MSPDI);
if (!haveMspdi) console.warn(`[inferredStarts.test] sample ${MSPDI} not found; the MSPDI case is skipped.`);

describe.skipIf(!haveMspdi)('actual starts inferred on a real MS Project file', () => {
  it('removing the actual starts of tasks with progress leaves EV unchanged', () => {
    const outcome = parseScheduleFile(new Uint8Array(readFileSync(MSPDI)), { fileName: 'mpxj_mspdiresource.xml' });
    if (outcome.kind !== 'schedules') throw new Error(outcome.kind);
    const s = outcome.result.schedules[0];
    const withDates = analyseSchedule(s);
    const progressed = s.activities.filter((x) => x.actualStart !== undefined);
    expect(progressed.length).toBeGreaterThan(0);
    expect(withDates.cost.ev.value).toBeGreaterThan(0);
    const stripped: Schedule = { ...s, activities: s.activities.map((x) => ({ ...x, actualStart: undefined })) };
    const without = analyseSchedule(stripped, { dataDate: withDates.dataDate ?? undefined });
    expect(without.cost.ev.value).toBeCloseTo(withDates.cost.ev.value!, 6);
    expect(without.warnings.some((w) => w.startsWith(`${progressed.length} activit`) && /actual start was inferred/.test(w))).toBe(true);
  });
});
