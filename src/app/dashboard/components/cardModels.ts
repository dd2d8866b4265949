/**
 * Which metric cards the dashboard shows, in which groups, how each is formatted and which alert
 * metric colours it. Pure: the MetricCards component only lays these models out.
 */
import type { Computed } from '../../../core/evm/computed';
import { EAC_METHOD_LABELS } from '../../../core/evm/measures';
import type { Analysis } from '../../../core/evm/types';
import { formatSigned } from '../../../core/format';
import { statusColour, type StatusColour } from '../../../core/insight/alerts';
import { DEFAULT_RULES, type AlertRule, type MetricId } from '../../../core/insight/rules';
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

export const STATUS_LABELS: Readonly<Record<StatusColour, string>> = {
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
  neutral: 'No threshold',
};

interface Spec {
  id: string;
  group: CardGroupId;
  label: string;
  name: string;
  computed: Computed;
  kind: ValueKind;
  /** Colours the card: the metric and the value the rules look at (default: the card's value). */
  status?: { metric: MetricId; value: number | null };
  detail?: string | null;
  extras?: { label: string; computed: Computed; kind: ValueKind }[];
  /** Shown instead of the formatted value (the forecast finish date). */
  text?: string;
  note?: string;
}

/** The date that the end of period `k` (possibly fractional, 1-based) falls in, when it is a whole dated period. */
function periodEnd(analysis: Analysis, k: number | null): string | null {
  if (k === null || !Number.isInteger(k) || k < 1) return null;
  return analysis.series[k - 1]?.period.end ?? null;
}

/** The metric cards for an analysis, in display order. */
export function metricCards(analysis: Analysis, ctx: FormatContext, rules: readonly AlertRule[] = DEFAULT_RULES): MetricCardModel[] {
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
    { id: 'spi', group: 'performance', label: 'SPI', name: 'Schedule performance index', computed: c.spi, kind: 'index', status: { metric: 'spi', value: c.spi.value } },
    { id: 'cpi', group: 'performance', label: 'CPI', name: 'Cost performance index', computed: c.cpi, kind: 'index', status: { metric: 'cpi', value: c.cpi.value } },
    { id: 'ev', group: 'values', label: 'EV', name: 'Earned value (BCWP)', computed: c.ev, kind: 'amount', detail: c.pctComplete.value !== null ? `${f(c.pctComplete.value, 'percent')} complete` : null },
    { id: 'pv', group: 'values', label: 'PV', name: 'Planned value (BCWS)', computed: c.pv, kind: 'amount', detail: c.pctScheduled.value !== null ? `${f(c.pctScheduled.value, 'percent')} scheduled` : null },
    { id: 'ac', group: 'values', label: 'AC', name: 'Actual cost (ACWP)', computed: c.ac, kind: 'amount', detail: c.pctSpent.value !== null ? `${f(c.pctSpent.value, 'percent')} of BAC spent` : null },
    { id: 'bac', group: 'values', label: 'BAC', name: 'Budget at completion', computed: c.bac, kind: 'amount' },
    {
      id: 'eac',
      group: 'forecast',
      label: 'EAC',
      name: 'Estimate at completion',
      computed: c.eacSelected,
      kind: 'amount',
      detail: `By ${EAC_METHOD_LABELS[c.eacMethod]}`,
    },
    { id: 'etc', group: 'forecast', label: 'ETC', name: 'Estimate to complete', computed: c.etc, kind: 'amount' },
    {
      id: 'vac',
      group: 'forecast',
      label: 'VAC',
      name: 'Variance at completion',
      computed: c.vac,
      kind: 'signedAmount',
      status: { metric: 'vacPct', value: c.vacPct.value },
      extras: [{ label: 'VAC%', computed: c.vacPct, kind: 'signedPercent' }],
    },
    {
      id: 'tcpiBac',
      group: 'forecast',
      label: 'TCPI (BAC)',
      name: 'To-complete performance index to finish within budget',
      computed: c.tcpiBac,
      kind: 'index',
      status: { metric: 'tcpiBac', value: c.tcpiBac.value },
      detail: c.cpi.value !== null ? `Against CPI ${f(c.cpi.value, 'index')} so far` : null,
    },
    {
      id: 'tcpiEac',
      group: 'forecast',
      label: 'TCPI (EAC)',
      name: 'To-complete performance index to achieve the EAC',
      computed: c.tcpiEac,
      kind: 'index',
      // Coloured by the gap to CPI (the realism test of NDIA IPMD in rules.ts), not by TCPI itself.
      status: { metric: 'tcpiEacMinusCpi', value: gap },
      detail: gap !== null ? `Gap to CPI ${formatSigned(gap, 'index')} (CPI ${f(c.cpi.value, 'index')})` : null,
    },
    {
      id: 'sv',
      group: 'variances',
      label: 'SV',
      name: 'Schedule variance',
      computed: c.sv,
      kind: 'signedAmount',
      status: { metric: 'svPct', value: c.svPct.value },
      extras: [{ label: 'SV%', computed: c.svPct, kind: 'signedPercent' }],
    },
    {
      id: 'cv',
      group: 'variances',
      label: 'CV',
      name: 'Cost variance',
      computed: c.cv,
      kind: 'signedAmount',
      status: { metric: 'cvPct', value: c.cvPct.value },
      extras: [{ label: 'CV%', computed: c.cvPct, kind: 'signedPercent' }],
    },
    {
      id: 'es',
      group: 'schedule',
      label: 'ES',
      name: 'Earned schedule',
      computed: s.es,
      kind: 'periods',
      detail: s.at.value !== null ? `Actual time ${f(s.at.value, 'periods')}` : null,
    },
    { id: 'spit', group: 'schedule', label: 'SPI(t)', name: 'Schedule performance index (time)', computed: s.spit, kind: 'index', status: { metric: 'spit', value: s.spit.value } },
    { id: 'svt', group: 'schedule', label: 'SV(t)', name: 'Schedule variance (time)', computed: s.svt, kind: 'signedPeriods' },
    {
      id: 'tspi',
      group: 'schedule',
      label: 'TSPI',
      name: 'To-complete schedule performance index',
      computed: s.tspi,
      kind: 'index',
      status: { metric: 'tspi', value: s.tspi.value },
    },
    {
      id: 'ieact',
      group: 'schedule',
      label: 'IEAC(t)',
      name: 'Independent estimate of duration at completion',
      computed: s.ieact.spi,
      kind: 'periods',
      detail: s.pd.value !== null ? `Against ${f(s.pd.value, 'periods')} planned` : null,
    },
    {
      id: 'forecastFinish',
      group: 'schedule',
      label: 'Forecast finish',
      name: bySpit ? 'Forecast finish date at the current SPI(t)' : 'Forecast finish date if the rest goes to plan',
      computed: finishFrom,
      kind: 'periods',
      text: formatDateText(finishText),
      detail: plannedFinish ? `Planned ${formatDateText(plannedFinish)}` : null,
      note: `The forecast finish is IEAC(t) (${bySpit ? 'PF = SPI(t)' : 'PF = 1'}) counted along the reporting periods from the start: ${f(finishFrom.value, 'periods')} ends on ${formatDateText(finishText)}.`,
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
      status: sp.status ? statusColour(sp.status.value, sp.status.metric, rules, 'project') : 'neutral',
      statusMetric: sp.status?.metric ?? null,
      ...(sp.note ? { note: sp.note } : {}),
    };
  });
}
