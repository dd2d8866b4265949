/**
 * exportReport through the data worker's API (src/local/backend.ts) in Node against the real store:
 * the report holds the dashboard the screen gets at the same options, the VARs and comments the
 * team wrote, and the activity grid; the bytes come as a transferable ArrayBuffer; a bad request
 * says what to do.
 */
import '../store/setup';
import { describe, expect, it } from 'vitest';
import { metricCards } from '../../../src/app/dashboard/components/cardModels';
import { formatContextOf } from '../../../src/app/dashboard/components/valueFormat';
import { eacViewOf } from '../../../src/core/insight/dashboard';
import type { Schedule } from '../../../src/core/model/schedule';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { DataBackend } from '../../../src/local/backend';
import type { DashboardOptions } from '../../../src/local/contracts';
import { num, pdfText, readWorkbook, rowsOf } from '../../unit/report/readBack';
import { teamDevice } from '../local/teamDevice';

const ANN = { id: 'user-ann', name: 'ann@site.example' };
const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

async function importInto(api: DataBackend, schedule: Schedule) {
  const staged = await api.stage(jsonOf([schedule]), { fileName: 'site.xer', format: 'xer', fileSize: 100 });
  const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
  return saved;
}

const OPTIONS: DashboardOptions = { breakdown: 'wbs', periods: 'month', eacMethod: 'cpi' };

describe('exportReport', () => {
  it('makes the PDF and the workbook of what the screen shows, with the VARs and comments', async () => {
    const { api } = await teamDevice(ANN);
    const schedule = syntheticSchedule({ activities: 600, seed: 21 });
    const saved = await importInto(api, schedule);
    const projectId = saved.projectId;
    const screen = await api.dashboard(projectId, OPTIONS);
    const vars = await api.listVariances(projectId, OPTIONS);
    const row = vars.rows[0];
    // The synthetic schedule breaches a threshold somewhere, so there is a control account to write a VAR on.
    expect(row).toBeDefined();
    if (row && vars.period) await api.saveVariance(projectId, { nodeId: row.nodeId, period: vars.period, code: row.code, name: row.name }, { cause: 'Piling rig stood idle for 9 days − wet ground.' });
    await api.addComment(projectId, { kind: 'project' }, 'Invoice for €12,400 still to post.');

    const pdf = await api.exportReport(projectId, OPTIONS, { format: 'pdf', paper: 'Letter' });
    expect(pdf.bytes).toBeInstanceOf(ArrayBuffer);
    expect(pdf.mime).toBe('application/pdf');
    expect(pdf.fileName).toMatch(new RegExp(`status ${screen.analysis.dataDate!.slice(0, 10)}\\.pdf$`));
    const text = await pdfText(new Uint8Array(pdf.bytes));
    expect(text.sizes[0]).toEqual({ width: 612, height: 792 });
    const cards = metricCards(screen.analysis, formatContextOf(screen.analysis), screen.rules, eacViewOf(screen));
    for (const c of cards) expect(text.text, c.label).toContain(c.text);
    expect(text.text).toContain('Invoice for €12,400 still to post.');
    if (row) expect(text.text).toContain('Piling rig stood idle for 9 days − wet ground.');

    const xlsx = await api.exportReport(projectId, OPTIONS, { format: 'xlsx' });
    expect(xlsx.fileName.endsWith('.xlsx')).toBe(true);
    const wb = readWorkbook(new Uint8Array(xlsx.bytes));
    const measures = rowsOf(wb.Sheets.Measures);
    const evRow = measures.findIndex((r) => r[0] === 'EV') + 1;
    expect(num(wb.Sheets.Measures, `C${evRow}`)).toBe(screen.analysis.cost.ev.value);
    expect(rowsOf(wb.Sheets.Activities).length - 1).toBe(schedule.activities.length);
    expect(rowsOf(wb.Sheets.Commentary).some((r) => r[3] === 'Invoice for €12,400 still to post.')).toBe(true);
  }, 60_000);

  it('follows the toolbar: weekly periods give the report the weekly series', async () => {
    const { api } = await teamDevice(ANN);
    const saved = await importInto(api, syntheticSchedule({ activities: 200, seed: 5 }));
    const screen = await api.dashboard(saved.projectId, { ...OPTIONS, periods: 'week' });
    const wb = readWorkbook(new Uint8Array((await api.exportReport(saved.projectId, { ...OPTIONS, periods: 'week' }, { format: 'xlsx' })).bytes));
    expect(rowsOf(wb.Sheets.Periods).length - 1).toBe(screen.analysis.series.length);
  }, 60_000);

  it('measures the activity sheet against the PMB, as the Activities tab does: the same rows, the PMB’s budgets', async () => {
    const { api } = await teamDevice(ANN);
    const schedule = syntheticSchedule({ activities: 300, seed: 11, statusAt: 0.5 });
    const saved = await importInto(api, schedule);
    const projectId = saved.projectId;
    const sheetOf = async () => rowsOf(readWorkbook(new Uint8Array((await api.exportReport(projectId, OPTIONS, { format: 'xlsx' })).bytes)).Sheets.Activities).slice(1);
    const gridOf = async () => (await api.activityGrid(projectId, { offset: 0, limit: 500 })).rows;
    const before = await sheetOf();

    // "Set current as baseline", chosen as the PMB (tests/web/local/baselines.test.ts).
    const current = (await api.baselineSources(projectId)).find((o) => o.source.kind === 'current')!;
    const b = await api.createBaseline(projectId, current.source, 'Re-plan March');
    await api.setPmb(projectId, b.id);

    const grid = await gridOf();
    const sheet = await sheetOf();
    expect(grid).toHaveLength(schedule.activities.length);
    expect(sheet).toHaveLength(grid.length);
    // Row for row the grid's figures: budget, PV, EV, AC and the baseline dates of the PMB.
    grid.forEach((r, i) => {
      expect(sheet[i][0]).toBe(r.code);
      expect(sheet[i].slice(11, 15)).toEqual([r.bac, r.pv, r.ev, r.ac]);
      expect(sheet[i][8] instanceof Date ? (sheet[i][8] as Date).toISOString().slice(0, 10) : null).toBe(r.baselineStart?.slice(0, 10) ?? null);
    });
    // The PMB's budgets: "current as baseline" budgets each activity at its cost at completion.
    schedule.activities.forEach((a, i) => {
      if (a.type !== 'summary') expect(grid[i].bac).toBeCloseTo(a.actualCost + a.remainingCost, 6);
    });
    const total = (rows: unknown[][], col: number) => rows.reduce((x, r) => x + ((r[col] as number) ?? 0), 0);
    const dashboard = await api.dashboard(projectId, OPTIONS);
    expect(total(sheet, 11)).toBeCloseTo(dashboard.analysis.cost.bac.value!, 4);
    expect(total(sheet, 12)).toBeCloseTo(dashboard.analysis.cost.pv.value!, 4);
    // And not the import's own baseline any more.
    expect(total(sheet, 11)).not.toBeCloseTo(total(before, 11), 0);
  }, 60_000);

  it('an unknown format is refused with what to choose', async () => {
    const { api } = await teamDevice(ANN);
    await expect(api.exportReport('p-1', OPTIONS, { format: 'docx' as never })).rejects.toThrow('Unknown report format "docx": choose PDF or Excel.');
  });
});
