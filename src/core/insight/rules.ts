/**
 * Alert rules on variance thresholds (spec §1: "alerts on variance thresholds") and the metrics
 * they can watch. Thresholds come from reference/EVM_REFERENCE.md §5:
 *
 * - CPI and SPI(t) below 0.95 (warning) / 0.90 (critical): the ±10% trigger commonly used for
 *   SPI(t) (ProjectFlightDeck ES Exchange, 2021), applied to cost as well, with a 5% early warning.
 * - |VAC%| above 5% / 10% of BAC.
 * - TCPI(EAC) − CPI above 0.05 (watch) / 0.10 (EAC suspect): the analysts' rule of thumb of NDIA
 *   IPMD's "CPI vs TCPIeac" test (threshold values unverified against a primary text).
 * - TSPI above 1.10: recovery to the plan is very unlikely (Lipke 2016, "Examination of the
 *   Threshold for the To Complete Indexes").
 */
import { MEASURES, type MeasureKey } from '../evm/dictionary';
import type { CostMeasures, ScheduleMeasures } from '../evm/types';

export type Comparison = '<' | '<=' | '>' | '>=' | 'abs>';
export type Severity = 'warning' | 'critical';
/** Which nodes a rule applies to: the project as a whole, breakdown nodes of a kind, or all. */
export type RuleScope = 'project' | 'control-account' | 'wbs' | 'any';

export type MetricFormat = 'index' | 'percent';

export interface MetricDefinition {
  /** Short label used in messages, e.g. "CPI", "SPI(t)", "VAC%". */
  label: string;
  format: MetricFormat;
  /** Cost metrics exist on every breakdown node; schedule metrics on the project only. */
  source: 'cost' | 'schedule';
  /**
   * Needs actual cost: not evaluated while AC is zero or missing, when the EAC falls back to
   * AC + (BAC − EV) and a "forecast underrun" would only mean that no cost has been booked.
   */
  needsCost?: boolean;
  read(cost: CostMeasures, schedule: ScheduleMeasures | null): number | null;
}

const fin = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Labels come from the measure dictionary, so an alert names a figure exactly as its card does. */
const L = (k: MeasureKey): string => MEASURES[k].label;

/** The metrics a rule can watch: paths into CostMeasures / ScheduleMeasures, plus TCPI(EAC) − CPI. */
export const METRICS = {
  cpi: { needsCost: true, label: L('cpi'), format: 'index', source: 'cost', read: (c) => fin(c.cpi.value) },
  spi: { label: L('spi'), format: 'index', source: 'cost', read: (c) => fin(c.spi.value) },
  csi: { needsCost: true, label: L('csi'), format: 'index', source: 'cost', read: (c) => fin(c.csi.value) },
  cpiLastN: { needsCost: true, label: L('cpiLastN'), format: 'index', source: 'cost', read: (c) => fin(c.cpiLastN.value) },
  cvPct: { needsCost: true, label: L('cvPct'), format: 'percent', source: 'cost', read: (c) => fin(c.cvPct.value) },
  svPct: { label: L('svPct'), format: 'percent', source: 'cost', read: (c) => fin(c.svPct.value) },
  vacPct: { needsCost: true, label: L('vacPct'), format: 'percent', source: 'cost', read: (c) => fin(c.vacPct.value) },
  tcpiBac: { needsCost: true, label: L('tcpiBac'), format: 'index', source: 'cost', read: (c) => fin(c.tcpiBac.value) },
  tcpiEac: { needsCost: true, label: L('tcpiEac'), format: 'index', source: 'cost', read: (c) => fin(c.tcpiEac.value) },
  tcpiEacMinusCpi: {
    needsCost: true,
    label: `${L('tcpiEac')} − ${L('cpi')}`,
    format: 'index',
    source: 'cost',
    read: (c) => {
      const t = fin(c.tcpiEac.value);
      const p = fin(c.cpi.value);
      return t === null || p === null ? null : t - p;
    },
  },
  spit: { label: L('spit'), format: 'index', source: 'schedule', read: (_c, s) => fin(s?.spit.value) },
  tspi: { label: L('tspi'), format: 'index', source: 'schedule', read: (_c, s) => fin(s?.tspi.value) },
} satisfies Record<string, MetricDefinition>;

export type MetricId = keyof typeof METRICS;

export const METRIC_IDS = Object.keys(METRICS) as MetricId[];

export function isMetricId(v: unknown): v is MetricId {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(METRICS, v);
}

export function readMetric(metric: MetricId, cost: CostMeasures, schedule: ScheduleMeasures | null): number | null {
  return (METRICS[metric] as MetricDefinition).read(cost, schedule);
}

export interface AlertRule {
  id: string;
  metric: MetricId;
  comparison: Comparison;
  threshold: number;
  scope: RuleScope;
  severity: Severity;
  /**
   * Message template. Placeholders: {node} {metric} {value} {valueAbs} {threshold} {severity}
   * {comparison} {one} {valueMoney} {valuePct} {cpi} {spi} {spit} {tspi} {tspiFaster} {tcpiEac}
   * {tcpiBac} {eac} {bac} {vac} {vacAbs} {vacWord} {cv} {sv} {svt}. Unknown placeholders are left
   * as written.
   */
  message: string;
  /**
   * Only on these breakdown nodes (keys `<kind>:<id>`, `ruleNodeKey`): a control account's own
   * threshold (thresholds.ts). Absent: every node the scope covers.
   */
  only?: readonly string[];
  /** Not on these nodes (keys `<kind>:<id>`): the nodes with a threshold of their own for this metric. */
  except?: readonly string[];
}

/** How a rule names a breakdown node in `only` / `except`: its kind and id (ids of two kinds may coincide). */
export const ruleNodeKey = (kind: string, id: string): string => `${kind}:${id}`;

/**
 * The default rules. Each metric has a warning and a critical rule; when both fire on the same
 * node the critical one supersedes the warning (see `evaluateAlerts`).
 */
export const DEFAULT_RULES: readonly AlertRule[] = [
  {
    id: 'cpi-warning',
    metric: 'cpi',
    comparison: '<',
    threshold: 0.95,
    scope: 'any',
    severity: 'warning',
    message: '{node}: CPI {value} is below the warning threshold {threshold} — every {one} spent is earning {valueMoney} of work.',
  },
  {
    id: 'cpi-critical',
    metric: 'cpi',
    comparison: '<',
    threshold: 0.9,
    scope: 'any',
    severity: 'critical',
    message: '{node}: CPI {value} is below the critical threshold {threshold} — every {one} spent is earning {valueMoney} of work.',
  },
  {
    id: 'spit-warning',
    metric: 'spit',
    comparison: '<',
    threshold: 0.95,
    scope: 'project',
    severity: 'warning',
    message: '{node}: SPI(t) {value} is below the warning threshold {threshold} — work is being earned at {valuePct} of the planned rate ({svt}).',
  },
  {
    id: 'spit-critical',
    metric: 'spit',
    comparison: '<',
    threshold: 0.9,
    scope: 'project',
    severity: 'critical',
    message: '{node}: SPI(t) {value} is below the critical threshold {threshold} — work is being earned at {valuePct} of the planned rate ({svt}).',
  },
  {
    id: 'vac-warning',
    metric: 'vacPct',
    comparison: 'abs>',
    threshold: 0.05,
    scope: 'any',
    severity: 'warning',
    message: '{node}: the forecast {vacWord} of {vacAbs} is {valueAbs} of the budget, beyond the warning threshold of ±{threshold} (EAC {eac} against BAC {bac}).',
  },
  {
    id: 'vac-critical',
    metric: 'vacPct',
    comparison: 'abs>',
    threshold: 0.1,
    scope: 'any',
    severity: 'critical',
    message: '{node}: the forecast {vacWord} of {vacAbs} is {valueAbs} of the budget, beyond the critical threshold of ±{threshold} (EAC {eac} against BAC {bac}).',
  },
  {
    id: 'tcpi-gap-warning',
    metric: 'tcpiEacMinusCpi',
    comparison: '>',
    threshold: 0.05,
    scope: 'any',
    severity: 'warning',
    message: '{node}: the EAC needs a TCPI of {tcpiEac} on the remaining work against a CPI of {cpi} so far — a gap of {value}, above the warning threshold {threshold}; the EAC is ambitious.',
  },
  {
    id: 'tcpi-gap-critical',
    metric: 'tcpiEacMinusCpi',
    comparison: '>',
    threshold: 0.1,
    scope: 'any',
    severity: 'critical',
    message: '{node}: the EAC needs a TCPI of {tcpiEac} on the remaining work against a CPI of {cpi} so far — a gap of {value}, above the critical threshold {threshold}; the EAC assumes an unproven recovery.',
  },
  {
    id: 'spi-warning',
    metric: 'spi',
    comparison: '<',
    threshold: 0.95,
    scope: 'any',
    severity: 'warning',
    message: '{node}: SPI {value} is below the warning threshold {threshold} — work worth {valuePct} of the value planned to date has been earned (SV {sv}).',
  },
  {
    id: 'spi-critical',
    metric: 'spi',
    comparison: '<',
    threshold: 0.9,
    scope: 'any',
    severity: 'critical',
    message: '{node}: SPI {value} is below the critical threshold {threshold} — work worth {valuePct} of the value planned to date has been earned (SV {sv}).',
  },
  {
    id: 'sv-warning',
    metric: 'svPct',
    comparison: 'abs>',
    threshold: 0.05,
    scope: 'any',
    severity: 'warning',
    message: '{node}: the schedule variance of {sv} is {value} of the planned value, beyond the warning threshold of ±{threshold}.',
  },
  {
    id: 'sv-critical',
    metric: 'svPct',
    comparison: 'abs>',
    threshold: 0.1,
    scope: 'any',
    severity: 'critical',
    message: '{node}: the schedule variance of {sv} is {value} of the planned value, beyond the critical threshold of ±{threshold}.',
  },
  {
    id: 'cv-warning',
    metric: 'cvPct',
    comparison: 'abs>',
    threshold: 0.05,
    scope: 'any',
    severity: 'warning',
    message: '{node}: the cost variance of {cv} is {value} of the earned value, beyond the warning threshold of ±{threshold}.',
  },
  {
    id: 'cv-critical',
    metric: 'cvPct',
    comparison: 'abs>',
    threshold: 0.1,
    scope: 'any',
    severity: 'critical',
    message: '{node}: the cost variance of {cv} is {value} of the earned value, beyond the critical threshold of ±{threshold}.',
  },
  {
    id: 'tspi-critical',
    metric: 'tspi',
    comparison: '>',
    threshold: 1.1,
    scope: 'project',
    severity: 'critical',
    message: '{node}: TSPI {value} is above {threshold} — the remaining work would have to go {tspiFaster} faster than planned to finish on time, so recovery is very unlikely.',
  },
];

/** Whether `value` breaches `threshold` under `comparison`. A tolerance of 1e-9 absorbs float noise. */
export function breaches(value: number, comparison: Comparison, threshold: number): boolean {
  const eps = 1e-9 * Math.max(1, Math.abs(threshold));
  switch (comparison) {
    case '<':
      return value < threshold - eps;
    case '<=':
      return value <= threshold + eps;
    case '>':
      return value > threshold + eps;
    case '>=':
      return value >= threshold - eps;
    case 'abs>':
      return Math.abs(value) > Math.abs(threshold) + eps;
  }
}

/**
 * How far past its threshold a value is, relative to the threshold (0.05 = 5% beyond), so
 * breaches of different metrics can be ranked.
 */
export function breachSize(value: number, comparison: Comparison, threshold: number): number {
  const scale = Math.abs(threshold) > 0 ? Math.abs(threshold) : 1;
  switch (comparison) {
    case '<':
    case '<=':
      return (threshold - value) / scale;
    case '>':
    case '>=':
      return (value - threshold) / scale;
    case 'abs>':
      return (Math.abs(value) - Math.abs(threshold)) / scale;
  }
}

/** Words for a comparison, for messages: "below", "at or above", … */
export function comparisonWords(comparison: Comparison): string {
  switch (comparison) {
    case '<':
      return 'below';
    case '<=':
      return 'at or below';
    case '>':
      return 'above';
    case '>=':
      return 'at or above';
    case 'abs>':
      return 'beyond ±';
  }
}

/**
 * The threshold of the rule for a metric and severity (the first match), if any: a project-wide
 * rule, never one of a single control account (`only`), which would not describe the project.
 */
export function thresholdOf(rules: readonly AlertRule[], metric: MetricId, severity: Severity): AlertRule | null {
  return rules.find((r) => r.metric === metric && r.severity === severity && !r.only) ?? null;
}
