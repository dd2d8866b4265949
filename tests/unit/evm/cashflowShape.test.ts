/**
 * The cash-flow forecast spreads the ETC over the remaining work's dates. Riverside
 * (tests/fixtures/riverside-pumping-station.json) carries only baseline dates for unstarted work,
 * and A120's forecast finish (14 Feb): the forecast must rise week by week after the 5 Feb status,
 * not jump in one period.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { parseSchedule } from '../../../src/core/model';

const schedule = parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));

describe('cash-flow forecast shape', () => {
  const a = analyseSchedule(schedule);
  const after = a.cashFlow.filter((r) => r.index > a.statusPeriod);

  it('every remaining week with baseline work gets some forecast spend', () => {
    for (const r of after) if (r.planned > 0) expect(r.forecast).toBeGreaterThan(0);
  });

  it('no single week takes most of the ETC, and the total still ends at the EAC', () => {
    const etc = a.cost.etc.value as number;
    for (const r of after) expect(r.forecast).toBeLessThan(0.6 * etc);
    expect(a.cashFlow.at(-1)?.cumulative.forecast).toBeCloseTo(a.cost.eacSelected.value as number, 6);
  });
});
