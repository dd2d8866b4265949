/**
 * The PDF status report: the project and status date, the key figures, the S-curve and cash-flow
 * charts (vector SVG), the breakdown, alerts, the commentary, VAR narratives and the team's
 * comments; A4 or Letter.
 *
 * pdfmake (0.3): tables whose header rows repeat on every page, page breaks it works out itself,
 * SVG drawn as vector paths, and Roboto embedded as a Unicode font, so "−", "£" and "€" print
 * (the 14 standard PDF fonts of pdf-lib or jsPDF are WinAnsi and have no "−"). It is loaded with a
 * dynamic import, so it is a chunk of its own that only the data worker (and the CLI) loads; the
 * page never imports it.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Computed } from '../evm/computed';
import { eacMethodLabel, MEASURE_BASES } from '../evm/dictionary';
import type { Analysis, BreakdownNode } from '../evm/types';
import { formatDataDate, formatDate, formatEndDate } from '../format';
import { eacViewOf } from '../insight/dashboard';
import { cashFlowSvg, sCurveSvg } from './charts';
import { reportFileName } from './fileName';
import { figureContextOf, formatFigure, keyFigures, type FigureContext } from './figures';
import { hasControlAccounts, PDF_MIME, type Paper, type ReportFile, type ReportInput } from './types';

const PAGE_SIZE: Record<Paper, string> = { A4: 'A4', Letter: 'LETTER' };

/** Content width in points: A4 595 − 2×40, Letter 612 − 2×40. */
const CONTENT_WIDTH: Record<Paper, number> = { A4: 515, Letter: 532 };

const SEVERITY: Record<string, string> = { critical: 'Critical', warning: 'Warning' };

const th = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, style: 'th', alignment });
const num = (text: string): TableCell => ({ text, alignment: 'right', noWrap: true });

/**
 * A status report's breakdown stops at a reporting level, as a planner's would: a WBS of thousands
 * of elements printed in full ran to 76 pages. The deepest level whose rows, with all above it, fit
 * in `maxRows` (level 1 always); the workbook's Breakdown sheet keeps every element.
 */
export const BREAKDOWN_ROWS_MAX = 150;

export function reportingDepth(root: BreakdownNode, maxRows = BREAKDOWN_ROWS_MAX): { depth: number; shown: number; total: number } {
  const perLevel: number[] = [];
  const count = (n: BreakdownNode, depth: number) => {
    perLevel[depth] = (perLevel[depth] ?? 0) + 1;
    for (const ch of n.children) count(ch, depth + 1);
  };
  for (const ch of root.children) count(ch, 0);
  const total = perLevel.reduce((a, b) => a + b, 0);
  let depth = 0;
  let shown = perLevel[0] ?? 0;
  while (depth + 1 < perLevel.length && shown + perLevel[depth + 1] <= maxRows) shown += perLevel[++depth];
  return { depth, shown, total };
}

function breakdownRows(root: BreakdownNode, ctx: FigureContext, maxDepth = Infinity): TableCell[][] {
  const rows: TableCell[][] = [];
  const walk = (n: BreakdownNode, depth: number) => {
    const c = n.cost;
    const f = (v: Computed, kind: Parameters<typeof formatFigure>[1]) => num(formatFigure(v.value, kind, ctx));
    rows.push([
      { text: n.code || '—', noWrap: true, margin: [depth * 6, 0, 0, 0] },
      { text: n.name },
      f(c.bac, 'amount'),
      f(c.pv, 'amount'),
      f(c.ev, 'amount'),
      f(c.ac, 'amount'),
      f(c.sv, 'signedAmount'),
      f(c.cv, 'signedAmount'),
      f(c.spi, 'index'),
      f(c.cpi, 'index'),
      f(c.eacSelected, 'amount'),
      f(c.vac, 'signedAmount'),
    ]);
    if (depth < maxDepth) for (const ch of n.children) walk(ch, depth + 1);
  };
  // The project row is the key figures already; its children are the breakdown.
  for (const ch of root.children) walk(ch, 0);
  return rows;
}

function breakdownTitle(root: BreakdownNode): string {
  const kind = root.children[0]?.kind;
  return kind === 'control-account' ? 'Breakdown by control account' : kind === 'wbs' ? 'Breakdown by WBS' : 'Breakdown by activity code';
}

/** The document definition (pure data); `buildPdf` renders it. Exported for tests of the layout. */
export function pdfDefinition(input: ReportInput, paper: Paper): TDocumentDefinitions {
  const data = input.dashboard;
  const a: Analysis = data.analysis;
  const ctx = figureContextOf(a);
  const eac = eacViewOf(data);
  const title = input.projectCode && input.projectCode !== a.project.name ? `${a.project.name} (${input.projectCode})` : a.project.name;
  const statusLabel = a.series[a.statusPeriod - 1]?.period.label ?? String(a.statusPeriod);
  const basis = a.measureBasis === 'cost' ? a.project.currency : MEASURE_BASES[a.measureBasis].short;
  const content: Content[] = [];

  content.push({ text: 'Earned value status report', style: 'kicker' });
  content.push({ text: title, style: 'h1' });
  content.push({
    text: `Status date ${a.dataDate ? formatDataDate(a.dataDate) : 'n/a'} · status period ${a.statusPeriod} (${statusLabel}) of ${a.series.length} · measured in ${basis} · EAC by ${eacMethodLabel(a.cost.eacMethod, eac.labels)}`,
    style: 'meta',
  });
  // The forecast finish as the Overview's card gives it: at the current SPI(t), else at the plan's pace.
  const finish = a.forecastFinish.spit ?? a.forecastFinish.pf1;
  if (finish) content.push({ text: `Forecast finish ${formatEndDate(finish)} (${a.forecastFinish.spit ? 'at the current SPI(t)' : 'if the rest goes to plan'})`, style: 'meta' });
  if (a.noActualsReason) content.push({ text: a.noActualsReason, style: 'note' });

  // Key figures: two measures per row, label · value · name.
  const figures = keyFigures(a);
  const figRows: TableCell[][] = [];
  for (let i = 0; i < figures.length; i += 2) {
    const cells: TableCell[] = [];
    for (const f of [figures[i], figures[i + 1]]) {
      if (!f) {
        cells.push('', '', '');
        continue;
      }
      const value = formatFigure(f.computed.value, f.kind, ctx);
      cells.push({ text: f.label, bold: true, noWrap: true }, num(value), { text: f.computed.value === null && f.computed.reason ? `${f.name}: ${f.computed.reason}` : f.name, style: 'small' });
    }
    figRows.push(cells);
  }
  content.push({ text: 'Key figures', style: 'h2' });
  content.push({
    table: { headerRows: 1, widths: ['auto', 'auto', '*', 'auto', 'auto', '*'], body: [[th('Measure'), th('Value', 'right'), th(''), th('Measure'), th('Value', 'right'), th('')], ...figRows] },
    layout: 'lightHorizontalLines',
  });

  const width = CONTENT_WIDTH[paper];
  if (a.series.length > 0) {
    content.push({ text: 'Performance over time', style: 'h2', pageBreak: 'before' });
    content.push({ svg: sCurveSvg(a, ctx), width });
  }
  if (a.cashFlow.length > 0) content.push({ svg: cashFlowSvg(a, ctx), width, margin: [0, 12, 0, 0] });

  // By control account when the schedule has them (the dashboard's own breakdown may be by WBS).
  const breakdown = hasControlAccounts(a.breakdown) ? a.breakdown : hasControlAccounts(input.controlAccounts) ? input.controlAccounts : a.breakdown;
  if (breakdown && breakdown.children.length > 0) {
    content.push({ text: breakdownTitle(breakdown), style: 'h2', pageBreak: 'before' });
    const level = reportingDepth(breakdown);
    if (level.shown < level.total) {
      content.push({
        text: `Shown to level ${level.depth + 1}: ${level.shown.toLocaleString('en-GB')} of ${level.total.toLocaleString('en-GB')} elements, each with the totals of what lies below it. The Excel workbook's Breakdown sheet has every element.`,
        style: 'note',
      });
    }
    content.push({
      style: 'tableSmall',
      table: {
        headerRows: 1,
        widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
        body: [
          [th('Code'), th('Name'), th('BAC', 'right'), th('PV', 'right'), th('EV', 'right'), th('AC', 'right'), th('SV', 'right'), th('CV', 'right'), th('SPI', 'right'), th('CPI', 'right'), th('EAC', 'right'), th('VAC', 'right')],
          ...breakdownRows(breakdown, ctx, level.depth),
        ],
      },
      layout: 'lightHorizontalLines',
    });
  }

  content.push({ text: 'Alerts', style: 'h2' });
  if (data.alerts.length === 0) content.push({ text: 'No measure is beyond its threshold.', style: 'note' });
  else
    content.push({
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', '*'],
        body: [[th('Severity'), th('Where'), th('What')], ...data.alerts.map((al): TableCell[] => [SEVERITY[al.severity] ?? al.severity, al.nodeName, al.message])],
      },
      layout: 'lightHorizontalLines',
    });

  content.push({ text: 'Commentary', style: 'h2' });
  for (const p of data.commentary.paragraphs) content.push({ text: p.text, margin: [0, 0, 0, 6] });

  content.push({ text: 'Variance analysis reports', style: 'h2' });
  const vars = input.variances.filter((v) => v.status !== null);
  if (vars.length === 0) content.push({ text: input.variances.length ? `${input.variances.length} control account${input.variances.length === 1 ? '' : 's'} breach a threshold; no VAR has been written yet.` : 'No variance analysis report for this status period.', style: 'note' });
  for (const v of vars) {
    content.push({
      unbreakable: true,
      stack: [
        { text: `${v.code ? `${v.code} ` : ''}${v.name} — ${v.status}${v.severity ? ` (${SEVERITY[v.severity]})` : ''}`, bold: true, margin: [0, 4, 0, 2] },
        { text: [{ text: 'Cause: ', bold: true }, v.cause || '—'] },
        { text: [{ text: 'Impact: ', bold: true }, v.impact || '—'] },
        { text: [{ text: 'Corrective action: ', bold: true }, v.correctiveAction || '—'] },
        { text: [{ text: 'Owner: ', bold: true }, v.owner || '—', '   ', { text: 'Due: ', bold: true }, v.dueDate ? formatDate(v.dueDate) : '—'] },
      ],
    });
  }

  const comments = input.comments.filter((c) => !c.resolved);
  if (comments.length > 0) {
    content.push({ text: "The team's comments", style: 'h2' });
    content.push({
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', '*'],
        body: [[th('About'), th('Who, when'), th('Comment')], ...comments.map((c): TableCell[] => [c.about, `${c.author}, ${formatDate(c.at)}`, c.text])],
      },
      layout: 'lightHorizontalLines',
    });
  }

  const footerText = `${a.project.name} · status ${a.dataDate ? formatDataDate(a.dataDate) : 'n/a'} · made ${formatDate(input.generatedAt)} with Earnest`;
  return {
    pageSize: PAGE_SIZE[paper] as TDocumentDefinitions['pageSize'],
    pageMargins: [40, 40, 40, 48],
    info: { title: `${a.project.name} status report`, creator: 'Earnest', producer: 'Earnest' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      kicker: { fontSize: 9, color: '#555555' },
      h1: { fontSize: 18, bold: true, margin: [0, 2, 0, 4] },
      h2: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      meta: { fontSize: 9, color: '#333333', margin: [0, 0, 0, 4] },
      note: { fontSize: 8.5, italics: true, color: '#444444' },
      small: { fontSize: 7.5, color: '#444444' },
      th: { bold: true, fontSize: 8, color: '#222222' },
      tableSmall: { fontSize: 7 },
    },
    footer: (page: number, pages: number) => ({ columns: [{ text: footerText, fontSize: 7, color: '#666666' }, { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, color: '#666666' }], margin: [40, 16, 40, 0] }),
    content,
  };
}

interface PdfMakeModule {
  addVirtualFileSystem(vfs: Record<string, string>): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Uint8Array> };
}

let loaded: Promise<PdfMakeModule> | null = null;

/** pdfmake's self-contained build and its Roboto fonts, loaded once, on first use. */
function pdfMake(): Promise<PdfMakeModule> {
  loaded ??= Promise.all([import('pdfmake/build/pdfmake.js'), import('pdfmake/build/vfs_fonts.js')]).then(([pm, fonts]) => {
    const lib = ((pm as { default?: unknown }).default ?? pm) as PdfMakeModule;
    const vfs = ((fonts as { default?: unknown }).default ?? fonts) as Record<string, string>;
    lib.addVirtualFileSystem(vfs);
    return lib;
  });
  return loaded;
}

export async function buildPdf(input: ReportInput, paper: Paper = 'A4'): Promise<ReportFile> {
  const lib = await pdfMake();
  const out = await lib.createPdf(pdfDefinition(input, paper)).getBuffer();
  // pdfmake gives a Node Buffer (or its browser polyfill): hand on a plain Uint8Array of exactly its bytes.
  const bytes = new Uint8Array(out.byteLength);
  bytes.set(out);
  return { fileName: reportFileName(input.dashboard.analysis, input.projectCode, 'pdf'), mime: PDF_MIME, bytes };
}
