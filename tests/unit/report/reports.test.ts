/**
 * The exported reports read back: the PDF's text (pdf.js) holds the figures the Overview shows,
 * written by the Overview's own formatters; the workbook (SheetJS) holds the values of the CLI's
 * JSON analysis, its formulas evaluate to them, and untrusted text never becomes a formula. Runs
 * the CLI as a user would (`analyse <file> --json --pdf … --xlsx …`) on the sample corpus, and the
 * builders directly on a synthetic schedule (always available).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { activityBudgetNote } from '../../../src/core/changes/activityNote';
import { metricCards } from '../../../src/app/dashboard/components/cardModels';
import { formatContextOf } from '../../../src/app/dashboard/components/valueFormat';
import { main } from '../../../src/cli/analyse';
import type { JsonReport } from '../../../src/cli/jsonReport';
import { analyseSchedule, type Analysis, type BreakdownNode } from '../../../src/core/evm';
import { activityTable } from '../../../src/core/evm/activityValues';
import { formatDataDate } from '../../../src/core/format';
import { parseScheduleFile } from '../../../src/core/import';
import { dashboardOf } from '../../../src/core/insight';
import { eacViewOf } from '../../../src/core/insight/dashboard';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { reportActivityRows } from '../../../src/core/report/activityRows';
import { BREAKDOWN_ROWS_MAX, buildPdf, reportingDepth } from '../../../src/core/report/pdf';
import { hasControlAccounts, type ReportInput } from '../../../src/core/report/types';
import { buildWorkbook } from '../../../src/core/report/xlsx';
import { evaluate, num, pdfText, readWorkbook, rowsOf } from './readBack';

const ROOT = resolve(__dirname, '../../..');
const SAMPLES = resolve(ROOT, '..', 'shared/samples/schedules');
const dir = mkdtempSync(join(tmpdir(), 'earnest-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

/** The figures of the Overview's cards as the screen writes them (the app's own card models). */
function screenFigures(analysis: Analysis): string[] {
  const data = dashboardOf(analysis);
  const cards = metricCards(analysis, formatContextOf(analysis), undefined, eacViewOf(data));
  return cards.flatMap((c) => [c.text, ...c.extras.map((e) => e.text)]);
}

function flatten(root: BreakdownNode): BreakdownNode[] {
  const out: BreakdownNode[] = [];
  const walk = (n: BreakdownNode) => {
    out.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** Every formula of a sheet evaluates (from the cells it names) to its cached value. */
function expectFormulasHold(ws: import('xlsx').WorkSheet): number {
  let count = 0;
  for (const [ref, cell] of Object.entries(ws)) {
    if (ref.startsWith('!') || !(cell as { f?: string }).f) continue;
    const c = cell as { f: string; v: number };
    expect(evaluate(ws, c.f), `${ref} = ${c.f}`).toBeCloseTo(c.v, 9);
    count++;
  }
  return count;
}

describe.skipIf(!existsSync(SAMPLES))('the CLI writes both reports for a sample schedule (--json --pdf --xlsx)', () => {
  const file = join(SAMPLES, 'xer/pyp6xer_SP10_COST_LOADED.xer');
  const pdfPath = join(dir, 'report.pdf');
  const xlsxPath = join(dir, 'report.xlsx');
  let json: JsonReport;

  it('runs, keeps stdout the JSON, and names the files written on stderr', async () => {
    const r = await cli(file, '--periods', 'month', '--by', 'ca', '--json', '--pdf', pdfPath, '--xlsx', xlsxPath, '--paper', 'letter');
    expect(r.code, r.err).toBe(0);
    json = JSON.parse(r.out) as JsonReport;
    expect(r.err).toContain(`wrote ${pdfPath}`);
    expect(r.err).toContain(`wrote ${xlsxPath}`);
  }, 120_000);

  it("the PDF's text holds the project, status date and every figure of the Overview, on Letter pages", async () => {
    const pdf = await pdfText(new Uint8Array(readFileSync(pdfPath)));
    expect(pdf.sizes.every((s) => s.width === 612 && s.height === 792)).toBe(true);
    expect(pdf.text).toContain(json.analysis.project.name);
    expect(pdf.text).toContain(`Status date ${formatDataDate(json.analysis.dataDate)}`);
    const figures = screenFigures(json.analysis);
    expect(figures.length).toBeGreaterThan(15);
    for (const f of figures) expect(pdf.text, f).toContain(f);
    expect(pdf.text).toContain('Breakdown by control account');
    // Every control account is listed by its code.
    for (const n of json.analysis.breakdown!.children) expect(pdf.text).toContain(n.code);
    // The commentary's opening words.
    expect(pdf.text).toContain(json.commentary.paragraphs[0].text.slice(0, 40));
  }, 60_000);

  it('the workbook holds the JSON analysis: measures, breakdown, periods and cash flow, with formulas that evaluate to them', async () => {
    const wb = readWorkbook(new Uint8Array(readFileSync(xlsxPath)));
    expect(wb.SheetNames).toEqual(['Measures', 'Breakdown', 'Periods', 'Cash flow', 'Alerts', 'Commentary', 'Activities']);
    const a = json.analysis;
    const m = wb.Sheets.Measures;
    const byLabel = new Map(rowsOf(m).map((r, i) => [r[0], i + 1]));
    const value = (label: string) => num(m, `C${byLabel.get(label)}`);
    expect(value('PV')).toBe(a.cost.pv.value);
    expect(value('EV')).toBe(a.cost.ev.value);
    expect(value('AC')).toBe(a.cost.ac.value);
    expect(value('BAC')).toBe(a.cost.bac.value);
    expect(value('EAC')).toBe(a.cost.eacSelected.value);
    for (const [label, c] of [['CPI', a.cost.cpi], ['SPI', a.cost.spi], ['CV', a.cost.cv], ['SV', a.cost.sv], ['VAC', a.cost.vac], ['ETC', a.cost.etc], ['TCPI (BAC)', a.cost.tcpiBac], ['SPI(t)', a.schedule.spit]] as const) {
      const cell = m[`C${byLabel.get(label)}`];
      expect(cell.f, label).toBeTruthy();
      expect(cell.v, label).toBe(c.value);
      expect(evaluate(m, cell.f)).toBeCloseTo(c.value!, 9);
    }
    expect(m[`C${byLabel.get('CPI')}`].f).toBe(`C${byLabel.get('EV')}/C${byLabel.get('AC')}`);
    expect(m[`C${byLabel.get('VAC')}`].f).toBe(`C${byLabel.get('BAC')}-C${byLabel.get('EAC')}`);
    expect(m[`C${byLabel.get('CPI')}`].z).toBe('0.00');
    expect(m[`C${byLabel.get('PV')}`].z).toContain('£');
    expect(expectFormulasHold(m)).toBeGreaterThan(15);

    const nodes = flatten(a.breakdown!);
    const b = rowsOf(wb.Sheets.Breakdown);
    expect(b.length - 1).toBe(nodes.length);
    nodes.forEach((n, i) => {
      const r = b[i + 1];
      expect(r[0]).toBe(n.code);
      expect(r.slice(4, 8)).toEqual([n.cost.bac.value, n.cost.pv.value, n.cost.ev.value, n.cost.ac.value]);
      expect(r[11]).toBe(n.cost.cpi.value);
      expect(r[14]).toBe(n.cost.vac.value);
    });
    expect(expectFormulasHold(wb.Sheets.Breakdown)).toBeGreaterThan(nodes.length);

    const p = rowsOf(wb.Sheets.Periods);
    expect(p.length - 1).toBe(a.series.length);
    a.series.forEach((s, i) => expect(p[i + 1].slice(3, 6)).toEqual([s.period.pv, s.period.ev, s.period.ac]));
    expect(p[1][2]).toBeInstanceOf(Date);
    expectFormulasHold(wb.Sheets.Periods);

    const cf = rowsOf(wb.Sheets['Cash flow']);
    a.cashFlow.forEach((f, i) => expect(cf[i + 1].slice(3, 7)).toEqual([f.planned, f.earned, f.actual, f.forecast]));
    // Future periods are blank, not zero.
    const future = a.cashFlow.findIndex((f) => f.actual === null);
    if (future >= 0) expect(cf[future + 1][5]).toBeNull();

    expect(rowsOf(wb.Sheets.Alerts).slice(1).map((r) => r[6])).toEqual(json.alerts.map((al) => al.message));

    // The activity grid adds up to the project's PV, EV and BAC.
    const act = rowsOf(wb.Sheets.Activities).slice(1);
    const sum = (col: number) => act.reduce((s, r) => s + (r[col] as number), 0);
    expect(sum(11)).toBeCloseTo(a.cost.bac.value!, 2);
    expect(sum(12)).toBeCloseTo(a.cost.pv.value!, 2);
    expect(sum(13)).toBeCloseTo(a.cost.ev.value!, 2);
    expect(act.some((r) => r[4] instanceof Date)).toBe(true);
    // Row for row the Activities tab's own figures (activityTable), total float included.
    const parsed = parseScheduleFile(new Uint8Array(readFileSync(file)), { fileName: 'pyp6xer_SP10_COST_LOADED.xer' });
    if (parsed.kind !== 'schedules') throw new Error(`expected schedules, got ${parsed.kind}`);
    const screen = activityTable(parsed.result.schedules[0], { dataDate: a.dataDate!, basis: a.measureBasis }).rows;
    expect(act).toHaveLength(screen.length);
    screen.forEach((r, i) => {
      expect(act[i][0]).toBe(r.code);
      expect(act[i][3] ?? '').toBe(r.controlAccount);
      expect(act[i].slice(11, 16)).toEqual([r.bac, r.pv, r.ev, r.ac, r.totalFloatDays]);
    });
    expect(rowsOf(wb.Sheets.Activities)[0][15]).toBe('Total float');
    expect(act.filter((r) => typeof r[15] === 'number').length).toBeGreaterThan(3000);
  }, 60_000);

  it('the workbook has frozen header panes, column widths and number formats (read with exceljs)', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxPath);
    expect(wb.getWorksheet('Measures')!.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
    const act = wb.getWorksheet('Activities')!;
    expect(act.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 1 });
    expect(act.getColumn(2).width).toBe(40);
    expect(act.getCell('E2').numFmt).toBe('d mmm yyyy');
    expect(wb.getWorksheet('Breakdown')!.getCell('K2').numFmt).toBe('0.00');
  }, 60_000);
});

/** Bytes as exceljs's load() is typed to take (its own Buffer type, older than Node's). */
const excelBytes = (bytes: Uint8Array) => Buffer.from(bytes) as unknown as Parameters<ExcelJS.Xlsx['load']>[0];

describe('the builders on a synthetic schedule', () => {
  const schedule = syntheticSchedule({ activities: 400, seed: 11 });
  // Untrusted text from a file: formula-like names must stay text.
  schedule.activities[0].name = '=HYPERLINK("http://evil.example","click")';
  schedule.activities[1].name = '+SUM(1,2)';
  schedule.activities[2].name = '@cmd';
  schedule.project.name = 'Viaduct − phase 2: £ and € budgets';
  const analysis = analyseSchedule(schedule, { periods: 'month', breakdown: 'wbs' });
  const accounts = analyseSchedule(schedule, { periods: 'month', breakdown: 'control-account' }).breakdown;
  const input: ReportInput = {
    dashboard: dashboardOf(analysis),
    controlAccounts: accounts,
    projectCode: 'VD2',
    variances: [
      { code: 'CA-01', name: 'Earthworks', severity: 'critical', status: 'submitted', cause: 'Wet ground − piling rig idle', impact: 'Two weeks late', correctiveAction: '=1+1 second rig', owner: 'Ann', dueDate: '2026-04-30' },
    ],
    comments: [{ about: 'Project', author: 'Bob', at: '2026-03-01T10:00:00Z', text: 'Check the €12k invoice.', resolved: false }],
    activities: reportActivityRows(schedule, analysis),
    generatedAt: '2026-03-02T09:00:00Z',
  };

  it('the A4 PDF holds the figures, the VAR narrative and the comments, with "−", "£" and "€" intact', async () => {
    const file = await buildPdf(input, 'A4');
    expect(file.fileName).toMatch(/^VD2 Viaduct − phase 2 £ and € budgets status \d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await pdfText(file.bytes);
    expect(pdf.sizes.every((s) => s.width === 595 && s.height === 842)).toBe(true);
    expect(pdf.text).toContain('Viaduct − phase 2: £ and € budgets');
    for (const f of screenFigures(analysis)) expect(pdf.text, f).toContain(f);
    expect(pdf.text).toContain('Wet ground − piling rig idle');
    expect(pdf.text).toContain('Check the €12k invoice.');
    // The toolbar's breakdown is by WBS; the status report's is by control account.
    expect(hasControlAccounts(accounts)).toBe(true);
    expect(pdf.text).toContain('Breakdown by control account');
    for (const ca of accounts!.children) expect(pdf.text).toContain(ca.code);
    // The charts' axis and legend text is there: they are drawn, not pictures.
    expect(pdf.text).toContain('S-curve (cumulative)');
    expect(pdf.text).toContain('Bars: each period (left axis) · lines: cumulative (right axis)');
    expect(pdf.text).toContain('Cumulative (GBP)');
  }, 60_000);

  it('the workbook has the WBS breakdown of the toolbar and a sheet of the control accounts', async () => {
    const wb = readWorkbook((await buildWorkbook(input)).bytes);
    expect(wb.SheetNames).toEqual(['Measures', 'Breakdown', 'Control accounts', 'Periods', 'Cash flow', 'Alerts', 'Commentary', 'Activities']);
    const ca = rowsOf(wb.Sheets['Control accounts']).slice(1);
    expect(ca.map((r) => r[0])).toEqual(flatten(accounts!).map((n) => n.code));
    expect(ca[0][6]).toBe(analysis.cost.ev.value);
    expectFormulasHold(wb.Sheets['Control accounts']);
  }, 60_000);

  it("the Activities sheet's budget heading carries the note tracing its total to BAC when changes are approved", async () => {
    const note = activityBudgetNote({ numbers: ['CR-001', 'CR-002'], bacChange: 30000 }, 'cost', 'GBP');
    expect(note).toContain('CR-001, CR-002');
    expect(note).toContain('£30,000 more than the total of these activities');
    expect(activityBudgetNote({ numbers: [], bacChange: 0 }, 'cost', 'GBP')).toBeNull();
    const withNote = new ExcelJS.Workbook();
    await withNote.xlsx.load(excelBytes((await buildWorkbook({ ...input, activityBudgetNote: note })).bytes));
    const heading = withNote.getWorksheet('Activities')!.getCell('L1');
    expect(heading.value).toBe('Budget (BAC)');
    expect(JSON.stringify(heading.note)).toContain('CR-001, CR-002');
    const without = new ExcelJS.Workbook();
    await without.xlsx.load(excelBytes((await buildWorkbook(input)).bytes));
    expect(without.getWorksheet('Activities')!.getCell('L1').note).toBeUndefined();
  }, 60_000);

  it("a big WBS is printed to a reporting level, and the report says so", async () => {
    // Level by level: the deepest level whose rows (with those above) fit.
    const wbs = analyseSchedule(syntheticSchedule({ activities: 400, seed: 11 }), { periods: 'month', breakdown: 'wbs' }).breakdown!;
    const all = reportingDepth(wbs);
    expect(all.shown).toBe(all.total);
    const top = reportingDepth(wbs, wbs.children.length);
    expect(top).toMatchObject({ depth: 0, shown: wbs.children.length });
    // 8,000 activities: some 300 WBS elements, more than a status report should print.
    const bigSchedule = syntheticSchedule({ activities: 8000, seed: 5 });
    const big = analyseSchedule(bigSchedule, { periods: 'month', breakdown: 'wbs' });
    const level = reportingDepth(big.breakdown!);
    expect(level.total).toBeGreaterThan(BREAKDOWN_ROWS_MAX);
    expect(level.shown).toBeLessThanOrEqual(BREAKDOWN_ROWS_MAX);
    const pdf = await pdfText((await buildPdf({ ...input, dashboard: dashboardOf(big), controlAccounts: null, activities: null }, 'A4')).bytes);
    expect(pdf.text).toContain(`Shown to level ${level.depth + 1}: ${level.shown} of ${level.total} elements`);
    for (const n of big.breakdown!.children) expect(pdf.text).toContain(n.code);
    const printed = flatten(big.breakdown!).filter((n) => n.code && pdf.text.includes(n.code)).length;
    expect(printed).toBeLessThan(level.total);
  }, 120_000);

  it('untrusted text is written as text, never as a formula', async () => {
    const wb = readWorkbook((await buildWorkbook(input)).bytes);
    const act = wb.Sheets.Activities;
    for (const ref of ['B2', 'B3', 'B4']) {
      expect(act[ref].t).toBe('s');
      expect(act[ref].f).toBeUndefined();
    }
    expect(act.B2.v).toBe('=HYPERLINK("http://evil.example","click")');
    const narrative = rowsOf(wb.Sheets.Commentary);
    expect(narrative.some((r) => r[3] === '=1+1 second rig')).toBe(true);
    for (const ws of Object.values(wb.Sheets))
      for (const [ref, c] of Object.entries(ws)) if (!ref.startsWith('!') && (c as { f?: string }).f) expect((c as { f: string }).f).toMatch(/^[A-Z0-9()+\-*/]+$/);
  }, 60_000);
});
