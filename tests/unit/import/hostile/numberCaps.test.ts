/** Numbers no schedule holds (1.8e308, 1e20, NaN) are left out at import, with a warning. */
import { describe, expect, it } from 'vitest';
import { parseScheduleFile } from '../../../../src/core/import';
import { dropImplausibleNumbers } from '../../../../src/core/import/numberCaps';
import { analyseSchedule } from '../../../../src/core/evm/analyseSchedule';
import { syntheticSchedule } from '../../../../src/core/model/synthetic';
import { CALENDAR, PROJECT, PROJWBS, RSRC, TASK, TASKRSRC, bytes, xer } from '../xer/helpers';

const finite = (v: unknown): boolean => {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>).every((x) => Number.isFinite(x));
  return Object.values(v).every(finite);
};

describe('implausible numbers at import', () => {
  it('an XER assignment cost of 1.7976931348623157e308 (the largest double) is left out with a warning, so the analysis has no Infinity', () => {
    const rows = TASKRSRC.rows.map((r) => [...r]);
    rows[0][10] = '1.7976931348623157e308';
    rows[1][10] = '1.7976931348623157e308';
    const out = parseScheduleFile(bytes(xer([PROJECT, CALENDAR, PROJWBS, RSRC, TASK, { ...TASKRSRC, rows }])), { fileName: 'big.xer' });
    if (out.kind !== 'schedules') throw new Error(out.kind);
    const s = out.result.schedules[0];
    expect(s.activities.every((a) => a.budgetCost <= 1e15)).toBe(true);
    const w = s.source!.warnings.filter((x) => /not a usable number/.test(x.message));
    expect(w.map((x) => x.message)).toEqual([
      expect.stringMatching(/^\d+ budgeted cost values? (was|were) not a usable number \(.*1\.7976931348623157e\+308, more than 10\^15 or not finite\) and (was|were) left out, first at activity A10[01]0/),
      ...w.slice(1).map((x) => x.message),
    ]);
    expect(finite(analyseSchedule(s))).toBe(true);
  });

  it('zeroes required amounts, removes optional ones, and keeps ordinary and negative numbers', () => {
    const s = syntheticSchedule({ activities: 20, seed: 3 });
    s.source = { format: 'xer', warnings: [] };
    s.activities[0].budgetCost = 1e20;
    s.activities[1].actualCost = Number.NaN;
    s.activities[2].remainingDuration = Number.POSITIVE_INFINITY;
    s.activities[3].percentComplete = { physical: 1e300 };
    s.activities[4].actualCost = -1200;
    dropImplausibleNumbers(s);
    expect(s.activities[0].budgetCost).toBe(0);
    expect(s.activities[1].actualCost).toBe(0);
    expect('remainingDuration' in s.activities[2]).toBe(false);
    expect(s.activities[3].percentComplete).toEqual({});
    expect(s.activities[4].actualCost).toBe(-1200);
    expect(s.source.warnings.map((w) => w.message.split(' (')[0])).toEqual([
      '1 budgeted cost value was not a usable number',
      '1 actual cost value was not a usable number',
      '1 remaining duration value was not a usable number',
      '1 percent complete value was not a usable number',
    ]);
  });

  it('removes a total float no schedule holds, and keeps negative float (late work)', () => {
    const s = syntheticSchedule({ activities: 5, seed: 3 });
    s.source = { format: 'xer', warnings: [] };
    s.activities[0].totalFloat = 1e300;
    s.activities[1].totalFloat = -3648;
    dropImplausibleNumbers(s);
    expect('totalFloat' in s.activities[0]).toBe(false);
    expect(s.activities[1].totalFloat).toBe(-3648);
    expect(s.source.warnings.map((w) => w.message.split(' (')[0])).toEqual(['1 total float value was not a usable number']);
  });
});

describe('implausible numbers in a period table', () => {
  it('refuses a PV of 1e308 naming the cell (the cash flow forecast was Infinity)', () => {
    const csv = 'Period,PV,EV,AC\n2024-01-28,1000,900,950\n2024-02-28,1e308,1800,1900\n2024-03-28,3000,,\n';
    expect(() => parseScheduleFile(new TextEncoder().encode(csv), { fileName: 'p.csv', table: { confirmed: true } })).toThrow(
      "p.csv: line 3, column B ('PV'): PV value '1e308' is too large to be an amount (more than 10^15). Check the cell for a typing or export error.",
    );
  });
});
