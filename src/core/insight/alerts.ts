/**
 * Evaluates alert rules over the project and every node of its breakdown.
 *
 * - A null figure never triggers an alert (an undefined ratio is not a breach).
 * - For one node and one metric only the most severe breach is kept: a critical rule supersedes
 *   the warning of the same metric.
 * - Alerts are sorted critical first, then by the size of the breach relative to its threshold.
 */
import type { Analysis, BreakdownKind, BreakdownNode, CostMeasures, ScheduleMeasures } from '../evm/types';
import { formatIndex, formatPercent } from '../format';
import {
  DEFAULT_RULES,
  METRICS,
  breachSize,
  breaches,
  comparisonWords,
  readMetric,
  type AlertRule,
  type MetricDefinition,
  type MetricId,
  type RuleScope,
  type Severity,
} from './rules';
import { voiceFor, type Voice } from './voice';

export interface Alert {
  ruleId: string;
  severity: Severity;
  nodeId: string;
  nodeName: string;
  nodeKind: BreakdownKind;
  metric: MetricId;
  /** The unrounded value that breached. */
  value: number;
  threshold: number;
  /** How far beyond the threshold, relative to it (0.05 = 5% beyond). */
  breach: number;
  /** Plain English with the figures. */
  message: string;
}

/** A node the rules look at: the project (with its schedule measures) or a breakdown node. */
export interface AlertTarget {
  id: string;
  name: string;
  kind: BreakdownKind;
  cost: CostMeasures;
  schedule: ScheduleMeasures | null;
}

/** Whether a rule's scope covers a node kind. */
export function inScope(scope: RuleScope, kind: BreakdownKind): boolean {
  return scope === 'any' || scope === kind;
}

/**
 * The project first, then the breakdown depth-first (its project-kind root is the project itself).
 * A node that only wraps one child of its own kind holding all its activities (P6's project-level WBS element, a
 * single phase) has that child's figures exactly, so it is left out: the same alert twice under
 * two names says nothing new.
 */
export function alertTargets(analysis: Analysis): AlertTarget[] {
  const out: AlertTarget[] = [
    { id: analysis.project.id, name: analysis.project.name, kind: 'project', cost: analysis.cost, schedule: analysis.schedule },
  ];
  const wrapper = (n: BreakdownNode) => n.children.length === 1 && n.children[0].kind === n.kind && n.children[0].activityCount === n.activityCount;
  const walk = (n: BreakdownNode): void => {
    if (n.kind !== 'project' && !wrapper(n)) out.push({ id: n.id, name: n.name || n.code || n.id, kind: n.kind, cost: n.cost, schedule: null });
    for (const c of n.children) walk(c);
  };
  if (analysis.breakdown) walk(analysis.breakdown);
  return out;
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 2, warning: 1 };

/** A threshold as written in messages: "0.90", "5%", "12.5%". */
export function formatThreshold(metric: MetricId, threshold: number): string {
  if ((METRICS[metric] as MetricDefinition).format === 'percent') {
    const whole = Math.abs(threshold * 100 - Math.round(threshold * 100)) < 1e-9;
    return formatPercent(Math.abs(threshold), whole ? 0 : 1);
  }
  return formatIndex(threshold);
}

/**
 * A value as written next to its threshold: more decimals (up to 4) when 2 would make a breach
 * look equal to the threshold ("CPI 0.8996 is below 0.90", not "0.90 is below 0.90").
 */
export function formatAgainst(metric: MetricId, value: number, threshold: number): string {
  const percent = (METRICS[metric] as MetricDefinition).format === 'percent';
  const f = (v: number, dp: number): string => (percent ? formatPercent(v, dp) : formatIndex(v, dp));
  const base = percent ? 1 : 2;
  for (let dp = base; dp <= 4; dp++) {
    if (f(value, dp) !== f(threshold, dp) && f(Math.abs(value), dp) !== f(Math.abs(threshold), dp)) return f(value, dp);
  }
  return f(value, 4);
}

function placeholders(t: AlertTarget, rule: AlertRule, value: number, v: Voice): Record<string, string> {
  const c = t.cost;
  const s = t.schedule;
  const num = (x: number | null | undefined, fmt: (n: number) => string): string =>
    typeof x === 'number' && Number.isFinite(x) ? fmt(x) : 'n/a';
  const vac = c.vac.value;
  const svt = s?.svt.value ?? null;
  const tspi = s?.tspi.value ?? null;
  return {
    node: t.name,
    metric: (METRICS[rule.metric] as MetricDefinition).label,
    value: formatAgainst(rule.metric, value, rule.threshold),
    valueAbs: formatAgainst(rule.metric, Math.abs(value), rule.threshold),
    threshold: formatThreshold(rule.metric, rule.threshold),
    severity: rule.severity,
    comparison: comparisonWords(rule.comparison),
    one: v.one,
    valueMoney: v.perOne(value),
    valuePct: formatPercent(value, 0),
    cpi: num(c.cpi.value, formatIndex),
    spi: num(c.spi.value, formatIndex),
    spit: num(s?.spit.value, formatIndex),
    tspi: num(tspi, formatIndex),
    tspiFaster: num(tspi === null ? null : tspi - 1, (x) => formatPercent(x, 0)),
    tcpiEac: num(c.tcpiEac.value, formatIndex),
    tcpiBac: num(c.tcpiBac.value, formatIndex),
    eac: num(c.eacSelected.value, v.amount),
    bac: num(c.bac.value, v.amount),
    vac: num(vac, v.amount),
    vacAbs: num(vac === null ? null : Math.abs(vac), v.amount),
    vacWord: vac !== null && vac > 0 ? 'underrun' : 'overrun',
    cv: num(c.cv.value, v.amount),
    sv: num(c.sv.value, v.amount),
    svt:
      svt === null
        ? 'schedule variance n/a'
        : Math.abs(svt) < 0.005
          ? 'on schedule'
          : `${v.periods(Math.abs(svt))} ${svt < 0 ? 'behind' : 'ahead'}`,
  };
}

/** Fills `{name}` placeholders; unknown ones are left as written. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.prototype.hasOwnProperty.call(values, k) ? values[k] : m));
}

export interface EvaluateOptions {
  /** Overrides the project's currency in messages. */
  currency?: string;
}

/**
 * Whether schedule metrics mean anything yet: earned schedule is 0 by convention while EV is 0, so
 * before any work was planned (PV = 0) SPI(t) = 0 and TSPI > 1 say nothing about lateness.
 */
export function scheduleMeasurable(analysis: Analysis): boolean {
  const pv = analysis.cost.pv.value;
  const ev = analysis.cost.ev.value;
  return !(pv !== null && pv <= 0 && (ev === null || ev <= 0));
}

/** Every alert the rules raise on the project and its breakdown, most serious first. */
export function evaluateAlerts(analysis: Analysis, rules: readonly AlertRule[] = DEFAULT_RULES, opts: EvaluateOptions = {}): Alert[] {
  const voice = voiceFor(analysis, { currency: opts.currency });
  const targets = alertTargets(analysis);
  const measurable = scheduleMeasurable(analysis);
  const kept: { alert: Alert; order: number }[] = [];
  targets.forEach((t, order) => {
    // Best breach per metric on this node: highest severity, then largest breach.
    const best = new Map<MetricId, Alert>();
    for (const rule of rules) {
      if (!inScope(rule.scope, t.kind)) continue;
      if (!Object.prototype.hasOwnProperty.call(METRICS, rule.metric)) continue;
      const def = METRICS[rule.metric] as MetricDefinition;
      if (!measurable && def.source === 'schedule') continue;
      if (def.needsCost && !(typeof t.cost.ac.value === 'number' && t.cost.ac.value > 0)) continue;
      const value = readMetric(rule.metric, t.cost, t.schedule);
      if (value === null || !Number.isFinite(rule.threshold)) continue;
      if (!breaches(value, rule.comparison, rule.threshold)) continue;
      const alert: Alert = {
        ruleId: rule.id,
        severity: rule.severity,
        nodeId: t.id,
        nodeName: t.name,
        nodeKind: t.kind,
        metric: rule.metric,
        value,
        threshold: rule.threshold,
        breach: breachSize(value, rule.comparison, rule.threshold),
        message: renderTemplate(rule.message, placeholders(t, rule, value, voice)),
      };
      const prev = best.get(rule.metric);
      if (
        !prev ||
        SEVERITY_RANK[alert.severity] > SEVERITY_RANK[prev.severity] ||
        (alert.severity === prev.severity && alert.breach > prev.breach)
      ) {
        best.set(rule.metric, alert);
      }
    }
    for (const a of best.values()) kept.push({ alert: a, order });
  });
  kept.sort(
    (a, b) =>
      SEVERITY_RANK[b.alert.severity] - SEVERITY_RANK[a.alert.severity] ||
      b.alert.breach - a.alert.breach ||
      a.order - b.order ||
      (a.alert.ruleId < b.alert.ruleId ? -1 : a.alert.ruleId > b.alert.ruleId ? 1 : 0),
  );
  return kept.map((k) => k.alert);
}

export type StatusColour = 'good' | 'warning' | 'critical' | 'neutral';

/**
 * The colour of a dashboard card for a metric's value: 'critical' or 'warning' when a rule of
 * that severity fires, 'good' when the metric has rules and none fires, 'neutral' when the value
 * is null or no rule watches the metric. Only rules whose scope covers `kind` count.
 */
export function statusColour(
  metricValue: number | null | undefined,
  metric: MetricId,
  rules: readonly AlertRule[] = DEFAULT_RULES,
  kind: BreakdownKind = 'project',
): StatusColour {
  if (typeof metricValue !== 'number' || !Number.isFinite(metricValue)) return 'neutral';
  const relevant = rules.filter((r) => r.metric === metric && inScope(r.scope, kind) && Number.isFinite(r.threshold));
  if (relevant.length === 0) return 'neutral';
  let worst: StatusColour = 'good';
  for (const r of relevant) {
    if (!breaches(metricValue, r.comparison, r.threshold)) continue;
    if (r.severity === 'critical') return 'critical';
    worst = 'warning';
  }
  return worst;
}
