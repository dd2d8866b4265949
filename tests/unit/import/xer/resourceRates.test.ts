/**
 * P6 resource prices (RSRCRATE rows with effective dates) as cost rate table A, against
 * EXPECTED.md A.10 (MPXJ's EffectiveRateTest on xer/mpxj_resource-rates-test.xer, read in place).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXer } from '../../../../src/core/import/xer';
import { costRateAt } from '../../../../src/core/model/costRates';

const file = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/xer/mpxj_resource-rates-test.xer');
const have = existsSync(file);
if (!have) console.warn(`[xer resourceRates.test] sample ${file} not found; skipped.`);

describe.skipIf(!have)('mpxj_resource-rates-test.xer (EXPECTED A.10)', () => {
  it('Resource 1 is priced 1/h from 2022-01-01 and 21/h from 2023-01-01; its rate at the data date (2022-08-22) is 1/h', () => {
    const s = readXer(new Uint8Array(readFileSync(file)), { fileName: 'mpxj_resource-rates-test.xer' }).schedules[0];
    expect(s.resources).toHaveLength(1);
    const r = s.resources[0];
    expect(r.rate).toBe(1);
    expect(r.costRates?.map((e) => [e.table, e.from, e.to, e.standardRate])).toEqual([
      [0, undefined, '2023-01-01T00:00', 1],
      [0, '2023-01-01T00:00', undefined, 21],
    ]);
    // EffectiveRateTest: assignment 6639 (resource rate, index 0) costs 1/h on 2022-02-01 and 21/h on 2023-02-01.
    expect([costRateAt(r, '2022-02-01T08:00').standardRate, costRateAt(r, '2023-02-01T08:00').standardRate]).toEqual([1, 21]);
  });
});
