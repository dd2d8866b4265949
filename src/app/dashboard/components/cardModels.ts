/**
 * Which metric cards the dashboard shows, in which groups, how each is formatted and which alert
 * metric colours it. Pure: the MetricCards component only lays these models out.
 *
 * Labels, names and units come from the measure dictionary (src/core/evm/dictionary.ts) and colours
 * from the alert rules' own evaluation (statusOf), so a card says what the CLI and the commentary
 * say, and is red or amber exactly when the alert list has that alert.
 */
import type { Computed } from '../../../core/evm/computed';
import { MEASURES, eacLabelOptionsOf, eacMethodLabel, midSentence, rootReason, type MeasureDefinition, type MeasureKey } from '../../../core/evm/dictionary';
import { EAC_METHODS, type Analysis, type EacMethod } from '../../../core/evm/types';
import { formatSigned } from '../../../core/format';
import type { StatusColour } from '../../../core/insight/alerts';
import { eacViewOf, type DashboardData, type EacView } from '../../../core/insight/dashboard';
import { DEFAULT_RULES, type AlertRule, type MetricId } from '../../../core/insight/rules';
import { statusMetricOf, statusOf } from '../../../core/insight/status';
import { formatDateText, formatValue, type FormatContext, type ValueKind } from './valueFormat';

export type CardGroupId = 'performance' | 'values' | 'forecast' | 'variances' | 'schedule';

export const CARD_GROUPS: readonly { id: CardGroupId; title: string }[] = [
  { id: 'performance', title: 'Performance' },
  { id: 'values', title: 'Values to date' },
  { id: 'forecast', title: 'Forecast at completion' },
  { id: 'variances', title: 'Variances' },
  { id: 'schedule', title: 'Earned schedule' },
];

/** A figure shown under a card's main value (VAC%, SV%, CV%), with its own math. */
export interface CardExtra {
  label: string;
  computed: Computed;
  kind: ValueKind;
  text: string;
}

export interface MetricCardModel {
  /** Stable id, e.g. "cpi", "tcpiEac", "forecastFinish". */
  id: string;
  group: CardGroupId;
  /** Short label: "CPI". */
  label: string;
  /** Full name: "Cost performance index". */
  name: string;
  /** The figure behind the card, for "show the math". */
  computed: Computed;
  kind: ValueKind;
  /** The value as shown, or "n/a". */
  text: string;
  /** Why the value is n/a (only when it is). */
  reason: string | null;
  /** A short line under the value. */
  detail: string | null;
  extras: CardExtra[];
  status: StatusColour;
  /** The alert metric whose rules set the colour, if any. */
  statusMetric: MetricId | null;
  /** Extra text for the popover (how a date came from a figure). */
  note?: string;
}

/**
 * The words of a card's status. 'neutral' (no rule watches the figure, or it is n/a) is never shown
 * as a badge: the card simply has no status (issue 14: no "No threshold" on every card).
 */
export const STATUS_LABELS: Readonly<Record<StatusColour, string>> = {
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
  neutral: '',
};

interface Spec {
  id: string;
  group: CardGroupId;
  label: string;
  name: string;
  computed: Computed;
  kind: ValueKind;
  /** The alert metric whose rules colour the card, if any. */
  status?: MetricId | null;
  detail?: string | null;
  extras?: { label: string; computed: Computed; kind: ValueKind }[];
  /** Shown instead of the formatted value (the forecast finish date). */
  text?: string;
  note?: string;
}

/** How a measure of the dictionary is written on a card. */
export function valueKindOf(m: MeasureDefinition): ValueKind {
  switch (m.unit) {
    case 'amount':
      return m.signed ? 'signedAmount' : 'amount';
    case 'percent':
      return m.signed ? 'signedPercent' : 'percent';
    case 'periods':
      return m.signed ? 'signedPeriods' : 'periods';
    case 'index':
      return 'index';
  }
}

/** A card for a measure of the dictionary: its label, name, unit and the metric that colours it. */
function measureCard(key: MeasureKey, group: CardGroupId, computed: Computed, more: Partial<Spec> = {}): Spec {
  const m = MEASURES[key];
  return { id: key, group, label: m.label, name: m.name, computed, kind: valueKindOf(m), status: statusMetricOf(key), ...more };
}

/** An extra figure under a card (VAC%, SV%, CV%), labelled by the dictionary. */
function extra(key: MeasureKey, computed: Computed): { label: string; computed: Computed; kind: ValueKind } {
  return { label: MEASURES[key].label, computed, kind: valueKindOf(MEASURES[key]) };
}

/**
 * The line under the EAC card: the method used, by its dictionary label, and — when the method asked
 * for could not be computed and the engine fell back — that one too, with why:
 * "By AC + (BAC − EV) — BAC / CPI not available: no actual cost has been recorded yet, so CPI is undefined."
 */
export function eacDetail(analysis: Analysis, eac: EacView = { requested: analysis.cost.eacMethod, labels: eacLabelOptionsOf(analysis.cost) }): string {
  const c = analysis.cost;
  const { requested, labels: opts } = eac;
  const used = `By ${eacMethodLabel(c.eacMethod, opts)}`;
  if (requested === c.eacMethod) return used;
  const why = rootReason(c.eac[requested].reason);
  return `${used} — ${eacMethodLabel(requested, opts)} not available: ${why ? midSentence(why) : 'it could not be computed.'}`;
}

/** The date that the end of period `k` (possibly fractional, 1-based) falls in, when it is a whole dated period. */
function periodEnd(analysis: Analysis, k: number | null): string | null {
  if (k === null || !Number.isInteger(k) || k < 1) return null;
  return analysis.series[k - 1]?.period.end ?? null;
}

/**
 * The EAC selector's options: every method by its dictionary label, with the composite weight and
 * the n of CPI(n) the analysis was computed with (eacViewOf), as the card and the reports label them.
 */
export function eacMethodOptions(data: Pick<DashboardData, 'analysis' | 'eacRequested' | 'eacLabelOptions'>): { value: EacMethod; label: string }[] {
  const { labels } = eacViewOf(data);
  return EAC_METHODS.map((m) => ({ value: m, label: eacMethodLabel(m, labels) }));
}

/**
 * The metric cards for an analysis, in display order. `rules` are those the alerts were evaluated
 * with; `eac` the EAC method asked for and the weight and n to label it with (eacViewOf).
 */
export function metricCards(analysis: Analysis, ctx: FormatContext, rules: readonly AlertRule[] = DEFAULT_RULES, eac?: EacView): MetricCardModel[] {
  const c = analysis.cost;
  const s = analysis.schedule;
  const f = (v: number | null, kind: ValueKind) => formatValue(v, kind, ctx);
  const gap = c.tcpiEac.value !== null && c.cpi.value !== null ? c.tcpiEac.value - c.cpi.value : null;

  // Forecast finish: the SPI(t)-based date when there is one, else PF = 1 (the plan's own pace).
  const bySpit = analysis.forecastFinish.spit !== null;
  const finishText = analysis.forecastFinish.spit ?? analysis.forecastFinish.pf1;
  const finishFrom = bySpit ? s.ieact.spi : s.ieact.pf1;
  const plannedFinish = periodEnd(analysis, s.pd.value);

  const specs: Spec[] = [
    measureCard('spi', 'performance', c.spi),
    measureCard('cpi', 'performance', c.cpi),
    measureCard('ev', 'values', c.ev, { detail: c.pctComplete.value !== null ? `${f(c.pctComplete.value, 'percent')} complete` : null }),
    measureCard('pv', 'values', c.pv, { detail: c.pctScheduled.value !== null ? `${f(c.pctScheduled.value, 'percent')} scheduled` : null }),
    measureCard('ac', 'values', c.ac, { detail: c.pctSpent.value !== null ? `${f(c.pctSpent.value, 'percent')} of BAC spent` : null }),
    measureCard('bac', 'values', c.bac),
    measureCard('eac', 'forecast', c.eacSelected, { detail: eacDetail(analysis, eac) }),
    measureCard('etc', 'forecast', c.etc),
    measureCard('vac', 'forecast', c.vac, { extras: [extra('vacPct', c.vacPct)] }),
    measureCard('tcpiBac', 'forecast', c.tcpiBac, { detail: c.cpi.value !== null ? `Against CPI ${f(c.cpi.value, 'index')} so far` : null }),
    // Coloured by the gap to CPI (the realism test of NDIA IPMD in rules.ts), not by TCPI itself.
    measureCard('tcpiEac', 'forecast', c.tcpiEac, { detail: gap !== null ? `Gap to CPI ${formatSigned(gap, 'index')} (CPI ${f(c.cpi.value, 'index')})` : null }),
    measureCard('sv', 'variances', c.sv, { extras: [extra('svPct', c.svPct)] }),
    measureCard('cv', 'variances', c.cv, { extras: [extra('cvPct', c.cvPct)] }),
    measureCard('es', 'schedule', s.es, { detail: s.at.value !== null ? `Actual time ${f(s.at.value, 'periods')}` : null }),
    measureCard('spit', 'schedule', s.spit),
    measureCard('svt', 'schedule', s.svt),
    measureCard('tspi', 'schedule', s.tspi),
    measureCard('ieact', 'schedule', s.ieact.spi, { detail: s.pd.value !== null ? `Against ${f(s.pd.value, 'periods')} planned` : null }),
    {
      id: 'forecastFinish',
      group: 'schedule',
      label: 'Forecast finish',
      name: bySpit ? 'Forecast finish date at the current SPI(t)' : 'Forecast finish date if the rest goes to plan',
      computed: finishFrom,
      kind: 'periods',
      text: formatDateText(finishText),
      detail: plannedFinish ? `Planned ${formatDateText(plannedFinish)}` : null,
      note: `The forecast finish is ${MEASURES.ieact.label} (${bySpit ? 'PF = SPI(t)' : 'PF = 1'}) counted along the reporting periods from the start: ${f(finishFrom.value, 'periods')} ends on ${formatDateText(finishText)}.`,
    },
  ];

  return specs.map((sp) => {
    const value = sp.computed.value;
    const text = sp.text ?? f(value, sp.kind);
    const na = sp.text !== undefined ? sp.text === 'n/a' : value === null;
    return {
      id: sp.id,
      group: sp.group,
      label: sp.label,
      name: sp.name,
      computed: sp.computed,
      kind: sp.kind,
      text,
      reason: na ? (sp.computed.reason ?? 'Not available for this analysis.') : null,
      detail: sp.detail ?? null,
      extras: (sp.extras ?? []).map((e) => ({ ...e, text: f(e.computed.value, e.kind) })),
      status: sp.status ? statusOf(sp.status, analysis, { rules }) : 'neutral',
      statusMetric: sp.status ?? null,
      ...(sp.note ? { note: sp.note } : {}),
    };
  });
}
