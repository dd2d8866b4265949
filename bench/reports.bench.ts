/**
 * The report builders (issue 14, "Exports") on synthetic schedules: the Excel workbook with its
 * activity grid (target: a 20k-activity workbook in a few seconds) and the PDF status report.
 * Setup analyses the schedule and computes the grid (the data worker does that once per export
 * too; it is timed separately) and loads pdfmake and exceljs, so the cases time the building.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseSchedule } from '../src/core/evm';
import { dashboardOf } from '../src/core/insight';
import { syntheticSchedule } from '../src/core/model/synthetic';
import type { Schedule } from '../src/core/model/schedule';
import { reportActivityRows } from '../src/core/report/activityRows';
import { buildPdf } from '../src/core/report/pdf';
import type { ReportInput } from '../src/core/report/types';
import { buildWorkbook } from '../src/core/report/xlsx';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

interface ReportCtx {
  schedule: Schedule;
  input: ReportInput;
}

async function setup(size: number): Promise<ReportCtx> {
  const schedule = syntheticSchedule({ activities: size, seed: 42 });
  const analysis = analyseSchedule(schedule, { periods: 'month', breakdown: 'wbs' });
  const input: ReportInput = { dashboard: dashboardOf(analysis), variances: [], comments: [], activities: reportActivityRows(schedule, analysis), generatedAt: '2026-11-27T09:00:00Z' };
  // Load the libraries once (the worker keeps them after its first export).
  await buildPdf({ ...input, activities: null }, 'A4');
  await buildWorkbook({ ...input, activities: [] });
  return { schedule, input };
}

export const reportsSuite: BenchSuite<ReportCtx> = {
  id: 'reports',
  sizes: [1_000, 20_000],
  label: sizeLabel,
  setup,
  cases(size): BenchCase<ReportCtx>[] {
    return [
      { name: 'activity grid (PV, EV per activity)', runs: 3, warmup: 1, fn: (x) => reportActivityRows(x.schedule, x.input.dashboard.analysis) },
      { name: 'Excel workbook, every sheet with the activity grid', runs: 3, warmup: 1, async: true, targetMs: size >= 20_000 ? 5_000 : undefined, fn: (x) => buildWorkbook(x.input) },
      { name: 'PDF status report (A4)', runs: 3, warmup: 1, async: true, fn: (x) => buildPdf(x.input, 'A4') },
    ];
  },
};

// `npx tsx bench/reports.bench.ts [size]`: one timed pass of each.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const size = Number(process.argv[2] ?? 20_000);
  const x = await setup(size);
  for (const c of reportsSuite.cases(size)) {
    const t0 = performance.now();
    await c.fn(x);
    console.log(`${c.name}, ${sizeLabel(size)}: ${(performance.now() - t0).toFixed(0)} ms`);
  }
}
