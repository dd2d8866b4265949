/**
 * The model builder fed with P6 tables from a table-per-sheet Excel export (RawTable[] with string
 * values), as the Excel reader will feed it: other/xer-reader_MSJC-STEM-230501.xlsx, checked
 * against EXPECTED.md C.4.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { schedulesFromP6Tables } from '../../../../src/core/import/xer';
import type { RawTable } from '../../../../src/core/import/types';

const file = path.resolve(__dirname, '../../../../..', 'shared/samples/schedules/other/xer-reader_MSJC-STEM-230501.xlsx');
const have = existsSync(file);
if (!have) console.warn(`[xer excel.test] ${file} not found; Excel-table tests skipped.`);

function tablesOf(bytes: Uint8Array): RawTable[] {
  const wb = XLSX.read(bytes);
  return wb.SheetNames.map((name) => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, raw: false, defval: '' });
    // The ERMHDR sheet has no header row: its one row becomes `fields`, as a generic reader would do.
    return { name, fields: (rows[0] ?? []).map(String), rows: rows.slice(1).map((r) => r.map(String)) };
  });
}

describe.skipIf(!have)('schedulesFromP6Tables on the MSJC table-per-sheet workbook', () => {
  const result = have ? schedulesFromP6Tables(tablesOf(new Uint8Array(readFileSync(file))), { fileName: 'MSJC.xlsx', application: 'Primavera P6 (Excel export)' }) : null;
  const s = () => result!.schedules[0];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('reads the project: data date 2023-05-01, plan start 2022-03-01, finish from scd_end_date, USD (C.4)', () => {
    expect(result!.projects).toEqual([{ id: '74828', code: 'MSJC-STEM-230501', name: expect.any(String), activities: 1865, dataDate: '2023-05-01T00:00' }]);
    expect(s().project).toMatchObject({ currency: 'USD', dataDate: '2023-05-01T00:00', plannedStart: '2022-03-01T00:00', plannedFinish: '2024-03-15T17:00' });
    expect(s().source).toMatchObject({ format: 'xlsx', application: 'Primavera P6 (Excel export)', fileName: 'MSJC.xlsx' });
  });

  it('has 1,865 activities (C 811 / A 121 / N 933), 3,707 relationships, 280 WBS elements, 2,640 assignments (C.4)', () => {
    const a = s().activities;
    expect(a).toHaveLength(1865);
    expect([a.filter((x) => x.actualFinish).length, a.filter((x) => x.actualStart && !x.actualFinish).length, a.filter((x) => !x.actualStart).length]).toEqual([811, 121, 933]);
    expect(s().relationships).toHaveLength(3707);
    expect(s().wbs).toHaveLength(280);
    expect(s().assignments).toHaveLength(2640);
  });

  it('sums the "Cost" resource 18666 and the "Man-Hours" resource 18662 as C.4 states', () => {
    const on = (id: string) => s().assignments.filter((x) => x.resourceId === id);
    expect(on('18666')).toHaveLength(1910);
    expect(sum(on('18666').map((x) => x.budgetCost))).toBeCloseTo(37_800_730, 2);
    expect(sum(on('18666').map((x) => x.actualCost))).toBeCloseTo(14_217_071.03, 1);
    expect(sum(on('18666').map((x) => x.remainingCost))).toBeCloseTo(23_583_658.97, 1);
    expect(on('18662')).toHaveLength(730);
    expect(sum(on('18662').map((x) => x.budgetUnits))).toBeCloseTo(90_619, 6);
  });

  it('attaches the 729 TRSRCFIN period actuals (Σ act_cost 10,869,892.62, C.4) and reports TASKFIN unused', () => {
    const tp = s().assignments.flatMap((x) => x.timephased ?? []);
    const cost = tp.filter((x) => x.kind === 'actual-cost');
    expect(cost).toHaveLength(729);
    expect(sum(cost.map((x) => x.value))).toBeCloseTo(10_869_892.62, 1);
    // 9 FINDATES periods, e.g. 2022-07-01 → 2022-07-31.
    expect(new Set(cost.map((x) => x.start)).size).toBe(9);
    expect(cost.some((x) => x.start === '2022-07-01T00:00' && x.finish === '2022-07-31T00:00')).toBe(true);
    expect(s().source!.warnings.some((w) => w.where === 'TASKFIN' && /648 activity past-period rows/.test(w.message))).toBe(true);
  });
});
