/**
 * MS Project's own earned value figures, where the corpus has them, against ours.
 *
 * What the corpus holds (EXPECTED.md C.2 and the files): no MSPDI file has a status date or a
 * Baseline 0, so MS Project wrote BCWS = BCWP = 0 for every task: it measures EV only against a
 * saved baseline. Two files carry actual cost: ACWP on "Completed Task" (mspdiresource.xml, 800)
 * and on "Task One" (mspdiassignmentfields.xml, 299.0845).
 *
 * - ACWP: our AC must equal it, to the cent (tolerance 0.005: MSPDI stores hundredths).
 * - BCWS/BCWP: ours are NOT 0 by design. Without a baseline, Earnest takes the current cost as the
 *   budget and says so in a warning (asserted below), because a planner importing an un-baselined
 *   file wants progress measured rather than a dashboard of zeros. The difference is explained,
 *   not a disagreement about the arithmetic.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../../src/core/evm';
import { readMspdi } from '../../../../src/core/import/mspdi';

const DIR = resolve(__dirname, '../../../../..', 'shared/samples/schedules/mspdi');
const read = (f: string) => readMspdi(new Uint8Array(readFileSync(resolve(DIR, f))), { fileName: f }).schedules[0];

describe.skipIf(!existsSync(DIR))("MS Project's BCWS/BCWP/ACWP against Earnest", () => {
  for (const file of ['mpxj_mspdiresource.xml', 'mpxj_mspdiassignmentfields.xml']) {
    it(`${file}: AC equals MS Project's ACWP for every task that has one`, () => {
      const s = read(file);
      const withAcwp = s.activities.filter((a) => typeof a.udf?.['msp:ACWP'] === 'number');
      expect(withAcwp.length).toBeGreaterThan(0);
      for (const a of withAcwp) expect(Math.abs(a.actualCost - (a.udf?.['msp:ACWP'] as number))).toBeLessThanOrEqual(0.005);
      expect(withAcwp.some((a) => (a.udf?.['msp:ACWP'] as number) > 0)).toBe(true);
    });
  }

  it('the project AC at a data date after all actuals equals the sum of ACWP', () => {
    const s = read('mpxj_mspdiresource.xml');
    const acwp = s.activities.reduce((t, a) => t + ((a.udf?.['msp:ACWP'] as number) ?? 0), 0);
    expect(acwp).toBe(800); // EXPECTED.md A.1: "actual cost 800"
    const a = analyseSchedule(s, { dataDate: '2010-03-16' });
    expect(a.cost.ac.value).toBeCloseTo(acwp, 2);
  });

  it('with no Baseline 0 MS Project reports BCWP = 0; Earnest measures against current cost and says so', () => {
    const s = read('mpxj_mspdiresource.xml');
    for (const a of s.activities) expect(a.udf?.['msp:BCWP']).toBe(0);
    expect(s.source?.warnings.some((w) => /no baseline \(MS Project Baseline 0\)/.test(w.message))).toBe(true);
    const done = s.activities.find((a) => a.udf?.['msp:ACWP'] === 800);
    expect(done?.budgetCost).toBe(800);
  });
});
