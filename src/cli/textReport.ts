/**
 * The plain-text report `earnest analyse` prints: measures, earned schedule, forecasts, variances,
 * alerts, commentary. Row labels and EAC method labels come from the measure dictionary
 * (src/core/evm/dictionary.ts), as on the dashboard.
 */
import type { Analysis, BreakdownNode, Computed } from '../core/evm';
import { EAC_METHODS } from '../core/evm';
import { MEASURE_BASES, eacMethodLabel, midSentence, rootReason, rowLabel as L } from '../core/evm/dictionary';
import { formatDataDate, formatEndDate, formatIndexOrNA, formatMoneyOrNA, formatPercentOrNA, formatPeriodsOrNA, formatNumberOrNA } from '../core/format';
import { eacViewOf, type DashboardData } from '../core/insight';
import { explainStatusDate } from '../core/model/statusDate';

/**
 * Which status date the figures are at and why, when the input is a schedule: the same words the
 * import summary uses (model/statusDate.ts). A date the file did not give comes with how to change it.
 */
function statusDateNote(a: Analysis): string | null {
  if (!a.dataDate || !a.dataDateSource) return null;
  const when = `Status date ${formatDataDate(a.dataDate)}`;
  if (a.dataDateSource === 'given') return `${when} — given with --data-date.`;
  if (a.dataDateSource === 'status-date') return `${when} — ${explainStatusDate('status-date')}.`;
  return `${when} — ${explainStatusDate(a.dataDateSource)}. Pass --data-date YYYY-MM-DD to measure at another date.`;
}

/** The report of one dashboard bundle (dashboardOf): its analysis, alerts and commentary. */
export function textReport(data: DashboardData, importWarnings: readonly string[] = []): string {
  const { analysis: a, alerts, commentary } = data;
  const { requested: eacRequested, labels: eacOpts } = eacViewOf(data);
  const cur = a.project.currency;
  const isMoney = a.measureBasis === 'cost';
  const money = (c: Computed) =>
    isMoney ? formatMoneyOrNA(c.value, cur) : c.value === null ? formatNumberOrNA(null) : `${formatNumberOrNA(c.value, 1)} ${a.measureBasis === 'units' ? 'units' : 'h'}`;
  const idx = (c: Computed) => formatIndexOrNA(c.value);
  const pct = (c: Computed) => formatPercentOrNA(c.value);
  const per = (c: Computed) => formatPeriodsOrNA(c.value);
  const why = (c: Computed) => (c.value === null && c.reason ? `  (${c.reason})` : '');
  const row = (label: string, value: string, note = '') => `  ${label.padEnd(22)}${value.padStart(18)}${note}`;
  const m = a.cost;
  const s = a.schedule;
  const n = eacOpts.n;
  const statusLabel = a.series[a.statusPeriod - 1]?.period.label ?? String(a.statusPeriod);
  const out: string[] = [];

  out.push(`${a.project.name}`);
  out.push(
    `Data date ${a.dataDate ? formatDataDate(a.dataDate) : 'n/a'} · status period ${a.statusPeriod} (${statusLabel}) of ${a.series.length} · measured in ${isMoney ? cur : MEASURE_BASES[a.measureBasis].short}`,
  );
  const note = statusDateNote(a);
  if (note) out.push(note);
  out.push('');
  out.push('Measures');
  out.push(row(L('pv'), money(m.pv)));
  out.push(row(L('ev'), money(m.ev), why(m.ev)));
  out.push(row(L('ac'), money(m.ac), why(m.ac)));
  out.push(row(L('bac'), money(m.bac)));
  out.push(row(L('sv'), money(m.sv), `  ${pct(m.svPct)} of PV`));
  out.push(row(L('cv'), money(m.cv), `  ${pct(m.cvPct)} of EV`));
  out.push(row(L('spi'), idx(m.spi), why(m.spi)));
  out.push(row(L('cpi'), idx(m.cpi), why(m.cpi)));
  out.push(row(L('csi'), idx(m.csi)));
  out.push(row(L('cpiLastN'), idx(m.cpiLastN), m.cpiLastN.value === null ? why(m.cpiLastN) : typeof n === 'number' ? `  over the last ${n} ${n === 1 ? 'period' : 'periods'}` : ''));
  out.push(row(L('pctComplete'), pct(m.pctComplete)));
  out.push(row(L('pctSpent'), pct(m.pctSpent)));
  out.push(row(L('pctScheduled'), pct(m.pctScheduled)));
  out.push('');
  out.push('Earned schedule');
  out.push(row(L('pd'), per(s.pd)));
  out.push(row(L('at'), per(s.at)));
  out.push(row(L('es'), per(s.es)));
  out.push(row(L('svt'), per(s.svt)));
  out.push(row(L('spit'), idx(s.spit), why(s.spit)));
  out.push(row(L('tspi'), idx(s.tspi), why(s.tspi)));
  out.push(row(L('ieactPf1'), per(s.ieact.pf1), a.forecastFinish.pf1 ? `  finish ${formatEndDate(a.forecastFinish.pf1)}` : ''));
  out.push(row(L('ieact'), per(s.ieact.spi), `  PF = SPI(t)${a.forecastFinish.spit ? `, finish ${formatEndDate(a.forecastFinish.spit)}` : why(s.ieact.spi)}`));
  out.push(row(L('ieactSci'), per(s.ieact.sci), a.forecastFinish.scit ? `  finish ${formatEndDate(a.forecastFinish.scit)}` : why(s.ieact.sci)));
  out.push('');
  out.push('Forecasts');
  for (const k of EAC_METHODS) out.push(row(`EAC ${k}${k === m.eacMethod ? ' *' : ''}`, money(m.eac[k]), `  ${eacMethodLabel(k, eacOpts)}${why(m.eac[k])}`));
  if (eacRequested !== m.eacMethod) {
    const reason = rootReason(m.eac[eacRequested].reason) ?? 'it could not be computed.';
    const why = midSentence(reason).replace(/\.$/, '');
    out.push(`  * ${eacMethodLabel(m.eacMethod, eacOpts)} is used: ${eacMethodLabel(eacRequested, eacOpts)} was asked for and is not available (${why}).`);
  }
  out.push(row(L('etc'), money(m.etc), `  EAC (${eacMethodLabel(m.eacMethod, eacOpts)}) − AC${why(m.etc)}`));
  out.push(row(L('vac'), money(m.vac), m.vac.value === null ? why(m.vac) : `  ${pct(m.vacPct)} of BAC`));
  out.push(row(L('tcpiBac'), idx(m.tcpiBac), why(m.tcpiBac)));
  out.push(row(L('tcpiEac'), idx(m.tcpiEac), why(m.tcpiEac)));

  const top = topVariances(a.breakdown, 5);
  if (top.length) {
    out.push('');
    out.push(`Largest cost variances (${a.breakdown?.children[0]?.kind === 'control-account' ? 'control accounts' : a.breakdown?.children[0]?.kind === 'code' ? 'code values' : 'WBS'})`);
    for (const n of top)
      out.push(`  ${(n.name === n.code ? n.code : `${n.code} ${n.name}`).slice(0, 40).padEnd(42)}CV ${money(n.cost.cv).padStart(14)}  SV ${money(n.cost.sv).padStart(14)}  CPI ${idx(n.cost.cpi)}  SPI ${idx(n.cost.spi)}`);
  }
  out.push('');
  out.push(`Alerts (${alerts.length})`);
  if (!alerts.length) out.push('  None: every measure is within its thresholds.');
  for (const al of alerts) out.push(`  [${al.severity.toUpperCase()}] ${al.message}`);
  out.push('');
  out.push('Commentary');
  for (const p of commentary.paragraphs) out.push(...wrap(p.text, 96).map((l) => `  ${l}`), '');
  if (a.warnings.length) {
    out.push('Notes on the input');
    for (const w of a.warnings) out.push(`  - ${w}`);
    out.push('');
  }
  if (importWarnings.length) {
    out.push('Notes from the import');
    for (const w of importWarnings) out.push(`  - ${w}`);
  }
  return out.join('\n').trimEnd() + '\n';
}

/** The nodes with the most negative CV, deepest level first so leaves are not hidden behind parents. */
export function topVariances(root: BreakdownNode | null, count: number): BreakdownNode[] {
  if (!root) return [];
  const leaves: BreakdownNode[] = [];
  const walk = (n: BreakdownNode) => {
    if (n.children.length === 0 && n !== root) leaves.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  return leaves
    .filter((n) => (n.cost.cv.value ?? 0) < 0)
    .sort((x, y) => (x.cost.cv.value ?? 0) - (y.cost.cv.value ?? 0))
    .slice(0, count);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
