/**
 * The Excel workbook: Measures, Breakdown, Periods, Cash flow, Alerts, Commentary (with the VARs
 * and the team's comments) and Activities, formatted as a cost engineer would: currency and index
 * number formats, real dates, frozen header panes, column widths, filters.
 *
 * Written with exceljs: SheetJS community edition (the xlsx dependency, which reads imports) writes
 * neither frozen panes nor cell styles (SheetJS issue #1371: "part of our Pro offering"). exceljs is
 * loaded with a dynamic import, a chunk only the data worker and the CLI load.
 *
 * Where the reader expects a formula (CPI = EV/AC, SV = EV − PV, VAC = BAC − EAC…), the cell holds
 * the formula over the cells beside it together with the engine's value as its cached result, so
 * the sheet recalculates as Excel users expect and shows the right figure even before it does. A
 * figure the engine could not compute is left blank with the reason beside it, never 0. Text from
 * files or users is always written as a string value, so it can never become a formula.
 */
import type { Workbook, Worksheet } from 'exceljs';
import type { Computed } from '../evm/computed';
import { eacMethodLabel, MEASURE_BASES, MEASURES, type MeasureKey } from '../evm/dictionary';
import type { Analysis, BreakdownNode } from '../evm/types';
import { formatDataDate } from '../format';
import { eacViewOf } from '../insight/dashboard';
import { reportFileName } from './fileName';
import { hasControlAccounts, XLSX_MIME, type ReportFile, type ReportInput } from './types';

const CURRENCY_SYMBOL: Record<string, string> = { GBP: '£', EUR: '€', USD: '$', AUD: 'A$', CAD: 'C$', NZD: 'NZ$', JPY: '¥', INR: '₹', CHF: 'CHF ' };

/** The amount format of an analysis: the currency's symbol, or hours when EV is measured in time or units. */
export function amountFormat(a: Pick<Analysis, 'measureBasis' | 'project'>): string {
  if (a.measureBasis !== 'cost') return '#,##0 "h";-#,##0 "h"';
  const code = a.project.currency.toUpperCase();
  const sym = CURRENCY_SYMBOL[code];
  return sym ? `"${sym}"#,##0;[Red]-"${sym}"#,##0` : `#,##0 "${code.replace(/[^A-Z]/g, '')}";[Red]-#,##0 "${code.replace(/[^A-Z]/g, '')}"`;
}
export const INDEX_FORMAT = '0.00';
export const PERCENT_FORMAT = '0.0%';
export const PERIODS_FORMAT = '0.0';
/** Total float in working days; negative float in red, as the Activities tab marks it late. */
export const FLOAT_FORMAT = '0.0 "d";[Red]-0.0 "d"';
export const DATE_FORMAT = 'd mmm yyyy';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * An engine date as a spreadsheet date (a UTC midnight, which exceljs writes as that day's serial).
 * `asEnd`: an exclusive end instant at 00:00 is the day before, as the screen shows it (formatEndDate).
 */
export function sheetDate(text: string | null | undefined, asEnd = false): Date | null {
  if (!text) return null;
  const m = DATE_RE.exec(text);
  if (!m) return null;
  let t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (asEnd && (m[4] === undefined ? false : m[4] === '00' && m[5] === '00')) t -= 86_400_000;
  if (!asEnd && m[4] === '24') t += 86_400_000;
  return Number.isFinite(t) ? new Date(t) : null;
}

/** Text from a file or a user, as a plain string cell (never a formula, never over Excel's cell limit). */
export const text = (s: string | null | undefined): string => (s ?? '').slice(0, 32_767);

type Cell = string | number | Date | null | { formula: string; result: number };

/** A formula with the engine's value as its result, or blank when the engine has no value. */
const formulaOr = (formula: string, c: Computed): Cell => (c.value === null ? null : { formula, result: c.value });
/**
 * A ratio of two cells of the row as a formula when it is what the engine computed; otherwise the
 * engine's value alone. The status period's indices are measured at the status date, not at the
 * period's end, so EV/PV of the row's period-end figures would be a different number there.
 */
function ratioCell(formula: string, num: number | null, den: number | null, c: Computed): Cell {
  if (c.value === null) return null;
  const holds = num !== null && den !== null && den !== 0 && Math.abs(num / den - c.value) <= 1e-9 * Math.max(1, Math.abs(c.value));
  return holds ? { formula, result: c.value } : c.value;
}
const valueOf = (c: Computed): number | null => c.value;

function styleHeader(ws: Worksheet, row: number): void {
  const r = ws.getRow(row);
  r.font = { bold: true };
  r.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
  r.border = { bottom: { style: 'thin', color: { argb: 'FF8899AA' } } };
  r.alignment = { vertical: 'middle', wrapText: true };
}

interface ColumnSpec {
  header: string;
  width: number;
  numFmt?: string;
}

/** A sheet with a header row at `headerRow`, column widths and formats, frozen below the header (and right of `frozenColumns`). */
function sheet(wb: Workbook, name: string, columns: ColumnSpec[], opts: { headerRow?: number; frozenColumns?: number } = {}): Worksheet {
  const headerRow = opts.headerRow ?? 1;
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', xSplit: opts.frozenColumns ?? 0, ySplit: headerRow }] });
  ws.columns = columns.map((c) => ({ width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  ws.getRow(headerRow).values = columns.map((c) => c.header);
  styleHeader(ws, headerRow);
  return ws;
}

function measuresSheet(wb: Workbook, input: ReportInput, money: string): void {
  const a = input.dashboard.analysis;
  const c = a.cost;
  const s = a.schedule;
  const eac = eacViewOf(input.dashboard);
  const ws = sheet(
    wb,
    'Measures',
    [
      { header: 'Measure', width: 14 },
      { header: 'Name', width: 44 },
      { header: 'Value', width: 18 },
      { header: 'Definition', width: 40 },
      { header: 'Note', width: 60 },
    ],
    { headerRow: 5 },
  );
  ws.getCell('A1').value = text(a.project.name);
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = 'Status date';
  ws.getCell('B2').value = sheetDate(a.dataDate);
  ws.getCell('B2').numFmt = DATE_FORMAT;
  ws.getCell('B2').alignment = { horizontal: 'left' };
  ws.getCell('C2').value = a.dataDate ? formatDataDate(a.dataDate) : 'n/a';
  ws.getCell('A3').value = 'Measured in';
  ws.getCell('B3').value = a.measureBasis === 'cost' ? a.project.currency : MEASURE_BASES[a.measureBasis].short;
  ws.getCell('A4').value = 'EAC method';
  ws.getCell('B4').value = eacMethodLabel(c.eacMethod, eac.labels);

  // Row numbers of the inputs, for the formulas below them.
  const at: Partial<Record<MeasureKey, number>> = {};
  let row = 6;
  const put = (key: MeasureKey, value: Cell, fmt: string, computed: Computed) => {
    const m = MEASURES[key];
    const r = ws.getRow(row);
    r.values = [m.label, m.name, value, m.formula, computed.value === null ? text(computed.reason ?? 'Not available.') : null];
    r.getCell(3).numFmt = fmt;
    at[key] = row++;
  };
  const ref = (key: MeasureKey) => `C${at[key]}`;
  put('pv', valueOf(c.pv), money, c.pv);
  put('ev', valueOf(c.ev), money, c.ev);
  put('ac', valueOf(c.ac), money, c.ac);
  put('bac', valueOf(c.bac), money, c.bac);
  put('eac', valueOf(c.eacSelected), money, c.eacSelected);
  put('sv', formulaOr(`${ref('ev')}-${ref('pv')}`, c.sv), money, c.sv);
  put('cv', formulaOr(`${ref('ev')}-${ref('ac')}`, c.cv), money, c.cv);
  put('svPct', formulaOr(`${ref('sv')}/${ref('pv')}`, c.svPct), PERCENT_FORMAT, c.svPct);
  put('cvPct', formulaOr(`${ref('cv')}/${ref('ev')}`, c.cvPct), PERCENT_FORMAT, c.cvPct);
  put('spi', formulaOr(`${ref('ev')}/${ref('pv')}`, c.spi), INDEX_FORMAT, c.spi);
  put('cpi', formulaOr(`${ref('ev')}/${ref('ac')}`, c.cpi), INDEX_FORMAT, c.cpi);
  put('csi', formulaOr(`${ref('spi')}*${ref('cpi')}`, c.csi), INDEX_FORMAT, c.csi);
  put('cpiLastN', valueOf(c.cpiLastN), INDEX_FORMAT, c.cpiLastN);
  put('etc', formulaOr(`${ref('eac')}-${ref('ac')}`, c.etc), money, c.etc);
  put('vac', formulaOr(`${ref('bac')}-${ref('eac')}`, c.vac), money, c.vac);
  put('vacPct', formulaOr(`${ref('vac')}/${ref('bac')}`, c.vacPct), PERCENT_FORMAT, c.vacPct);
  put('tcpiBac', formulaOr(`(${ref('bac')}-${ref('ev')})/(${ref('bac')}-${ref('ac')})`, c.tcpiBac), INDEX_FORMAT, c.tcpiBac);
  put('tcpiEac', formulaOr(`(${ref('bac')}-${ref('ev')})/(${ref('eac')}-${ref('ac')})`, c.tcpiEac), INDEX_FORMAT, c.tcpiEac);
  put('pctComplete', formulaOr(`${ref('ev')}/${ref('bac')}`, c.pctComplete), PERCENT_FORMAT, c.pctComplete);
  put('pctSpent', formulaOr(`${ref('ac')}/${ref('bac')}`, c.pctSpent), PERCENT_FORMAT, c.pctSpent);
  put('pctScheduled', formulaOr(`${ref('pv')}/${ref('bac')}`, c.pctScheduled), PERCENT_FORMAT, c.pctScheduled);
  put('pd', valueOf(s.pd), PERIODS_FORMAT, s.pd);
  put('at', valueOf(s.at), PERIODS_FORMAT, s.at);
  put('es', valueOf(s.es), PERIODS_FORMAT, s.es);
  put('svt', formulaOr(`${ref('es')}-${ref('at')}`, s.svt), PERIODS_FORMAT, s.svt);
  put('spit', formulaOr(`${ref('es')}/${ref('at')}`, s.spit), INDEX_FORMAT, s.spit);
  put('tspi', formulaOr(`(${ref('pd')}-${ref('es')})/(${ref('pd')}-${ref('at')})`, s.tspi), INDEX_FORMAT, s.tspi);
  put('ieact', valueOf(s.ieact.spi), PERIODS_FORMAT, s.ieact.spi);
}

function breakdownSheet(wb: Workbook, root: BreakdownNode, money: string, name = 'Breakdown'): void {
  const ws = sheet(
    wb,
    name,
    [
      { header: 'Code', width: 16 },
      { header: 'Name', width: 36 },
      { header: 'Level', width: 7 },
      { header: 'Activities', width: 10, numFmt: '#,##0' },
      { header: 'BAC', width: 15, numFmt: money },
      { header: 'PV', width: 15, numFmt: money },
      { header: 'EV', width: 15, numFmt: money },
      { header: 'AC', width: 15, numFmt: money },
      { header: 'SV', width: 15, numFmt: money },
      { header: 'CV', width: 15, numFmt: money },
      { header: 'SPI', width: 8, numFmt: INDEX_FORMAT },
      { header: 'CPI', width: 8, numFmt: INDEX_FORMAT },
      { header: 'EAC', width: 15, numFmt: money },
      { header: 'ETC', width: 15, numFmt: money },
      { header: 'VAC', width: 15, numFmt: money },
    ],
    { frozenColumns: 2 },
  );
  let row = 2;
  const walk = (n: BreakdownNode, depth: number) => {
    const c = n.cost;
    const r = row++;
    ws.getRow(r).values = [
      text(n.code),
      text(n.name),
      depth,
      n.activityCount,
      c.bac.value,
      c.pv.value,
      c.ev.value,
      c.ac.value,
      formulaOr(`G${r}-F${r}`, c.sv),
      formulaOr(`G${r}-H${r}`, c.cv),
      formulaOr(`G${r}/F${r}`, c.spi),
      formulaOr(`G${r}/H${r}`, c.cpi),
      c.eacSelected.value,
      formulaOr(`M${r}-H${r}`, c.etc),
      formulaOr(`E${r}-M${r}`, c.vac),
    ];
    if (depth > 0) ws.getRow(r).outlineLevel = Math.min(depth, 7);
    else ws.getRow(r).font = { bold: true };
    for (const ch of n.children) walk(ch, depth + 1);
  };
  walk(root, 0);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 15 } };
}

function periodsSheet(wb: Workbook, a: Analysis, money: string): void {
  const ws = sheet(
    wb,
    'Periods',
    [
      { header: 'Period', width: 8 },
      { header: 'Label', width: 14 },
      { header: 'Period end', width: 13, numFmt: DATE_FORMAT },
      { header: 'PV (cumulative)', width: 16, numFmt: money },
      { header: 'EV (cumulative)', width: 16, numFmt: money },
      { header: 'AC (cumulative)', width: 16, numFmt: money },
      { header: 'PV (period)', width: 14, numFmt: money },
      { header: 'EV (period)', width: 14, numFmt: money },
      { header: 'AC (period)', width: 14, numFmt: money },
      { header: 'SPI', width: 8, numFmt: INDEX_FORMAT },
      { header: 'CPI', width: 8, numFmt: INDEX_FORMAT },
      { header: 'ES', width: 8, numFmt: PERIODS_FORMAT },
      { header: 'SPI(t)', width: 8, numFmt: INDEX_FORMAT },
    ],
    { frozenColumns: 2 },
  );
  a.series.forEach((p, i) => {
    const r = i + 2;
    ws.getRow(r).values = [
      p.period.index,
      text(p.period.label),
      sheetDate(p.period.end, true),
      p.period.pv,
      p.period.ev,
      p.period.ac,
      p.incremental.pv,
      p.incremental.ev,
      p.incremental.ac,
      p.cost ? ratioCell(`E${r}/D${r}`, p.period.ev, p.period.pv, p.cost.spi) : null,
      p.cost ? ratioCell(`E${r}/F${r}`, p.period.ev, p.period.ac, p.cost.cpi) : null,
      p.schedule?.es.value ?? null,
      p.schedule?.spit.value ?? null,
    ];
    if (i + 1 === a.statusPeriod) ws.getRow(r).font = { bold: true };
  });
}

function cashFlowSheet(wb: Workbook, a: Analysis, money: string): void {
  const ws = sheet(
    wb,
    'Cash flow',
    [
      { header: 'Period', width: 8 },
      { header: 'Label', width: 14 },
      { header: 'Period end', width: 13, numFmt: DATE_FORMAT },
      { header: 'Planned', width: 15, numFmt: money },
      { header: 'Earned', width: 15, numFmt: money },
      { header: 'Actual', width: 15, numFmt: money },
      { header: 'Forecast', width: 15, numFmt: money },
      { header: 'Planned (cumulative)', width: 18, numFmt: money },
      { header: 'Earned (cumulative)', width: 18, numFmt: money },
      { header: 'Actual (cumulative)', width: 18, numFmt: money },
      { header: 'Forecast (cumulative)', width: 18, numFmt: money },
    ],
    { frozenColumns: 2 },
  );
  a.cashFlow.forEach((f, i) => {
    ws.getRow(i + 2).values = [f.index, text(f.label), sheetDate(f.end, true), f.planned, f.earned, f.actual, f.forecast, f.cumulative.planned, f.cumulative.earned, f.cumulative.actual, f.cumulative.forecast];
  });
}

function alertsSheet(wb: Workbook, input: ReportInput): void {
  const ws = sheet(wb, 'Alerts', [
    { header: 'Severity', width: 10 },
    { header: 'Where', width: 32 },
    { header: 'Level', width: 16 },
    { header: 'Measure', width: 12 },
    { header: 'Value', width: 10, numFmt: '0.00##' },
    { header: 'Threshold', width: 10, numFmt: '0.00##' },
    { header: 'Message', width: 90 },
  ]);
  input.dashboard.alerts.forEach((al, i) => {
    ws.getRow(i + 2).values = [al.severity, text(al.nodeName), al.nodeKind, al.metric, al.value, al.threshold, text(al.message)];
  });
  if (input.dashboard.alerts.length === 0) ws.getRow(2).values = ['', '', '', '', null, null, 'No measure is beyond its threshold.'];
}

function commentarySheet(wb: Workbook, input: ReportInput): void {
  const ws = sheet(wb, 'Commentary', [
    { header: 'Section', width: 22 },
    { header: 'About', width: 30 },
    { header: 'Status / who', width: 22 },
    { header: 'Text', width: 100 },
  ]);
  const rows: Cell[][] = [];
  for (const p of input.dashboard.commentary.paragraphs) rows.push(['Commentary', p.topic, null, text(p.text)]);
  for (const v of input.variances) {
    if (v.status === null) continue;
    const about = text(`${v.code ? `${v.code} ` : ''}${v.name}`);
    rows.push(['VAR: cause', about, v.status, text(v.cause)]);
    rows.push(['VAR: impact', about, v.status, text(v.impact)]);
    rows.push(['VAR: corrective action', about, v.status, text(v.correctiveAction)]);
    rows.push(['VAR: owner, due', about, v.status, text(`${v.owner}${v.dueDate ? `, due ${v.dueDate}` : ''}`)]);
  }
  for (const c of input.comments) rows.push([c.resolved ? 'Comment (resolved)' : 'Comment', text(c.about), text(`${c.author}, ${c.at.slice(0, 10)}`), text(c.text)]);
  rows.forEach((r, i) => {
    const row = ws.getRow(i + 2);
    row.values = r;
    row.alignment = { wrapText: true, vertical: 'top' };
  });
}

function activitiesSheet(wb: Workbook, input: ReportInput, money: string): void {
  const rows = input.activities;
  if (!rows) return;
  const ws = sheet(
    wb,
    'Activities',
    [
      { header: 'Activity ID', width: 14 },
      { header: 'Activity name', width: 40 },
      { header: 'WBS', width: 16 },
      { header: 'Control account', width: 16 },
      { header: 'Start', width: 12, numFmt: DATE_FORMAT },
      { header: 'Finish', width: 12, numFmt: DATE_FORMAT },
      { header: 'Actual start', width: 8 },
      { header: 'Actual finish', width: 8 },
      { header: 'Baseline start', width: 12, numFmt: DATE_FORMAT },
      { header: 'Baseline finish', width: 12, numFmt: DATE_FORMAT },
      { header: '% complete', width: 10, numFmt: PERCENT_FORMAT },
      { header: 'Budget (BAC)', width: 15, numFmt: money },
      { header: 'PV', width: 15, numFmt: money },
      { header: 'EV', width: 15, numFmt: money },
      { header: 'AC', width: 15, numFmt: money },
      { header: 'Total float', width: 11, numFmt: FLOAT_FORMAT },
    ],
    { frozenColumns: 2 },
  );
  // addRows: one call for the lot (tens of thousands of rows), styles from the columns.
  ws.addRows(
    rows.map((r) => [
      text(r.code),
      text(r.name),
      text(r.wbs),
      text(r.controlAccount),
      sheetDate(r.start),
      sheetDate(r.finish, true),
      r.started ? 'A' : '',
      r.finished ? 'A' : '',
      sheetDate(r.baselineStart),
      sheetDate(r.baselineFinish, true),
      r.percentComplete,
      r.bac,
      r.pv,
      r.ev,
      r.ac,
      // Blank, not 0, when the file gives no float (P6 leaves completed activities' float empty).
      r.totalFloatDays,
    ]),
  );
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 16 } };
  // A note on the budget's heading (Excel shows it on hover), so the sheet's total is traced to BAC.
  if (input.activityBudgetNote) ws.getCell(1, 12).note = input.activityBudgetNote;
}

interface ExcelJsModule {
  Workbook: new () => Workbook;
}

let loaded: Promise<ExcelJsModule> | null = null;
function excelJs(): Promise<ExcelJsModule> {
  loaded ??= import('exceljs').then((m) => ((m as { default?: unknown }).default ?? m) as ExcelJsModule);
  return loaded;
}

export async function buildWorkbook(input: ReportInput): Promise<ReportFile> {
  const { Workbook } = await excelJs();
  const a = input.dashboard.analysis;
  const money = amountFormat(a);
  const wb = new Workbook();
  wb.creator = 'Earnest';
  wb.created = new Date(input.generatedAt);
  measuresSheet(wb, input, money);
  if (a.breakdown) breakdownSheet(wb, a.breakdown, money);
  if (!hasControlAccounts(a.breakdown) && hasControlAccounts(input.controlAccounts)) breakdownSheet(wb, input.controlAccounts, money, 'Control accounts');
  periodsSheet(wb, a, money);
  cashFlowSheet(wb, a, money);
  alertsSheet(wb, input);
  commentarySheet(wb, input);
  activitiesSheet(wb, input, money);
  const out = await wb.xlsx.writeBuffer();
  const bytes = new Uint8Array(out.byteLength);
  bytes.set(new Uint8Array(out as ArrayBuffer));
  return { fileName: reportFileName(a, input.projectCode, 'xlsx'), mime: XLSX_MIME, bytes };
}
