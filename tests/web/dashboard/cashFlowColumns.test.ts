/** The cash-flow table's columns on the table kit: what each cell sorts by and writes to the CSV. */
import { describe, expect, it } from 'vitest';
import { cashFlowCell, cashFlowColumns, cashFlowTableRows, type CashFlowTableRow } from '../../../src/app/dashboard/components/cashFlowColumns';
import { sortRows, tableCsv } from '../../../src/ui/table';
import { riverside } from './fixture';

const a = riverside().analysis;
const cols = cashFlowColumns(a);
const col = (id: string) => cols.find((c) => c.id === id)!;
const rows = cashFlowTableRows(a);
const periods = rows.filter((r): r is Extract<CashFlowTableRow, { kind: 'period' }> => r.kind === 'period');
const statusRow = periods.find((r) => r.status)!;

describe('cash-flow columns', () => {
  it('has the period column first, then each series for the period and cumulative', () => {
    expect(cols.map((c) => c.id)).toEqual(['period', 'p-planned', 'p-earned', 'p-actual', 'p-forecast', 'c-planned', 'c-earned', 'c-actual', 'c-forecast']);
    expect(col('period').required).toBe(true);
    expect(periods).toHaveLength(a.cashFlow.length);
    expect(periods.filter((r) => r.status)).toHaveLength(1);
  });

  it('reads the unrounded values, and blanks where a cell cannot exist', () => {
    // Week 5 (the status period): cumulative planned 121,000, earned 80,000, actual 89,500 (README).
    expect(col('c-planned').csvValue!(statusRow)).toBe(121000);
    expect(col('c-earned').csvValue!(statusRow)).toBe(80000);
    expect(col('c-actual').csvValue!(statusRow)).toBe(89500);
    // The forecast starts after the status period; earned and actual stop at it.
    expect(cashFlowCell(a, statusRow, 'forecast', false).kind).toBe('blank');
    const later = periods.find((r) => r.row.index > a.statusPeriod)!;
    expect(later).toBeDefined();
    expect(col('p-earned').csvValue!(later)).toBeNull();
    expect(col('p-earned').cellData!(later)).toEqual({ 'data-blank': '' });
    expect(col('p-earned').sortValue!(later)).toBeNull();
    // Each planned cell is the analysis' own figure, not a rounded one.
    for (const r of periods) expect(col('p-planned').csvValue!(r)).toBe(r.row.planned);
  });

  it('sorts by period by default order, and by any amount with blanks last', () => {
    const byPeriod = sortRows(rows, col('period'), 'asc');
    expect(byPeriod).toEqual(rows);
    const desc = sortRows(rows, col('p-planned'), 'desc').filter((r) => r.kind === 'period');
    const planned = desc.map((r) => (r.kind === 'period' ? r.row.planned : 0));
    expect(planned).toEqual([...planned].sort((x, y) => y - x));
    const earned = sortRows(rows, col('p-earned'), 'asc').map((r) => col('p-earned').sortValue!(r));
    const firstBlank = earned.findIndex((v) => v === null);
    if (firstBlank >= 0) expect(earned.slice(firstBlank).every((v) => v === null)).toBe(true);
  });

  it('writes the CSV with ISO period ends, full-precision numbers and empty blanks', () => {
    const csv = tableCsv(cols, rows).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Period end,Planned,Earned,Actual,Forecast,Cum. planned,Cum. earned,Cum. actual,Cum. forecast');
    const line = csv[rows.indexOf(statusRow) + 1].split(',');
    expect(line[0]).toBe(statusRow.row.end!.slice(0, 10));
    expect(line.slice(5, 8)).toEqual(['121000', '80000', '89500']);
    // No forecast in the status period's own column: an empty cell, not 0 or "n/a".
    expect(line[4]).toBe('');
  });

  it('puts the spend before the first status in its own row, first', () => {
    const before = {
      ...a,
      cashFlowInfo: { actualSource: 'statuses' as const, notes: [], beforeFirstStatus: { earned: 1234.5678, actual: null, firstStatus: 2 } },
    };
    const r = cashFlowTableRows(before);
    expect(r[0].kind).toBe('before');
    const c = cashFlowColumns(before);
    const pick = (id: string) => c.find((x) => x.id === id)!;
    expect(pick('period').csvValue!(r[0])).toBe('Before first status');
    expect(pick('p-earned').csvValue!(r[0])).toBe(1234.5678);
    expect(pick('p-earned').cellData!(r[0])).toEqual({ 'data-value': 1234.5678 });
    // No actual before the first status: an empty cell, not one that cannot exist.
    expect(pick('p-actual').cellData!(r[0])).toEqual({});
    expect(pick('c-planned').cellData!(r[0])).toEqual({ 'data-blank': '' });
    expect(sortRows(r, pick('period'), 'asc')[0]).toBe(r[0]);
  });
});
