/**
 * Evaluates alert rules over the project and every node of its breakdown.
 *
 * - A null figure never triggers an alert (an undefined ratio is not a breach), and is never
 *   coloured: `judge` is the one evaluation of a metric on a node, and both the alert list
 *   (`evaluateAlerts`) and the dashboard's colours (`statusOf`, status.ts) are read from it, so a
 *   card can never be red while the alert list says there is nothing wrong.
 * - For one node and one metric only the most severe breach is kept: a critical rule supersedes
 *   the warning of the same metric.
 * - A breakdown node whose activities are the project's own (the single WBS root under the project)
 *   does not repeat the project's alerts.
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
  ruleNodeKey,
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
  /**
   * Set on a breakdown node whose figures are the project's own: the single WBS root under the
   * project (and any single-child chain below it) holding every activity, or a node that carries all
   * of the project's PV, EV, AC and BAC (the one cost-loaded WBS element among unbudgeted ones). It
   * does not repeat an alert the project raises.
   */
  sameAsProject?: boolean;
}

/** Whether a rule's scope covers a node kind. */
export function inScope(scope: RuleScope, kind: BreakdownKind): boolean {
  return scope === 'any' || scope === kind;
}

/**
 * Whether a rule applies to a node: its scope covers the node's kind, and the node is among its
 * `only` nodes (when it has them) and not among its `except` ones. A control account's own
 * threshold is a rule `only` on it, and the project's rule of that metric lists it in `except`,
 * so the account's own threshold wins there (thresholds.ts).
 */
export function appliesTo(rule: AlertRule, t: Pick<AlertTarget, 'id' | 'kind'>): boolean {
  if (!inScope(rule.scope, t.kind)) return false;
  const key = ruleNodeKey(t.kind, t.id);
  if (rule.only && !rule.only.includes(key)) return false;
  return !rule.except?.includes(key);
}

/** A breakdown node as the rules see it. */
export function nodeTarget(n: BreakdownNode): AlertTarget {
  return { id: n.id, name: n.name || n.code || n.id, kind: n.kind, cost: n.cost, schedule: null };
}

/** Whether two figures are the same number (to float noise: sums taken in another order differ by ulps). */
function same(x: number | null, y: number | null): boolean {
  if (x === null || y === null) return x === y;
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

/** Whether a node's figures are the project's: the same PV, EV, AC, BAC and selected EAC. */
function sameFigures(c: CostMeasures, project: CostMeasures): boolean {
  return (
    same(c.pv.value, project.pv.value) &&
    same(c.ev.value, project.ev.value) &&
    same(c.ac.value, project.ac.value) &&
    same(c.bac.value, project.bac.value) &&
    same(c.eacSelected.value, project.eacSelected.value)
  );
}

/**
 * The project first, then the breakdown depth-first (its project-kind root is the project itself).
 * A node that only wraps one child of its own kind holding all its activities (P6's project-level WBS element, a
 * single phase) has that child's figures exactly, so it is left out: the same alert twice under
 * two names says nothing new. For the same reason the nodes whose figures are the project's own (the
 * single WBS root P6 puts under a project, or the one WBS element that carries all the cost) are
 * marked `sameAsProject`.
 */
export function alertTargets(analysis: Analysis): AlertTarget[] {
  const out: AlertTarget[] = [
    { id: analysis.project.id, name: analysis.project.name, kind: 'project', cost: analysis.cost, schedule: analysis.schedule },
  ];
  const root = analysis.breakdown;
  const wrapper = (n: BreakdownNode) => n.children.length === 1 && n.children[0].kind === n.kind && n.children[0].activityCount === n.activityCount;
  // Walking down from the project's root through single children that keep every activity.
  const sameAsProject = new Set<BreakdownNode>();
  if (root) {
    for (let n = root; n.children.length === 1 && n.children[0].activityCount === root.activityCount; n = n.children[0]) sameAsProject.add(n.children[0]);
  }
  const walk = (n: BreakdownNode): void => {
    if (n.kind !== 'project' && !wrapper(n)) {
      const t = nodeTarget(n);
      if (sameAsProject.has(n) || sameFigures(n.cost, analysis.cost)) t.sameAsProject = true;
      out.push(t);
    }
    for (const c of n.children) walk(c);
  };
  if (root) walk(root);
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

export type StatusColour = 'good' | 'warning' | 'critical' | 'neutral';

/** What the rules make of one metric on one node. */
export interface Judgement {
  /**
   * 'critical' or 'warning' when a rule of that severity is breached; 'good' when the metric is
   * watched by a rule in scope and none is breached; 'neutral' when it is not judged at all: no rule
   * in scope, the figure is null, it needs actual cost that was not recorded, or it is a schedule
   * figure before anything was planned.
   */
  status: StatusColour;
  /** The most severe breached rule (the largest breach among equals), when status is critical or warning. */
  rule: AlertRule | null;
  /** The value the rules read (null when not judged). */
  value: number | null;
}

/** Whether `t` has recorded actual cost, which the cost-efficiency metrics need to mean anything. */
const hasActualCost = (t: AlertTarget): boolean => typeof t.cost.ac.value === 'number' && t.cost.ac.value > 0;

const NOT_JUDGED: Judgement = { status: 'neutral', rule: null, value: null };

/**
 * The one evaluation of the rules on a metric of a node, behind both the alert list and the
 * dashboard's colours. `measurable`: whether schedule metrics can be judged (scheduleMeasurable).
 */
export function judge(t: AlertTarget, metric: MetricId, rules: readonly AlertRule[], measurable: boolean): Judgement {
  if (!Object.prototype.hasOwnProperty.call(METRICS, metric)) return NOT_JUDGED;
  const def = METRICS[metric] as MetricDefinition;
  const relevant = rules.filter((r) => r.metric === metric && appliesTo(r, t) && Number.isFinite(r.threshold));
  if (relevant.length === 0) return NOT_JUDGED;
  if (!measurable && def.source === 'schedule') return NOT_JUDGED;
  if (def.needsCost && !hasActualCost(t)) return NOT_JUDGED;
  const value = readMetric(metric, t.cost, t.schedule);
  if (value === null) return NOT_JUDGED;
  let worst: AlertRule | null = null;
  let worstBreach = 0;
  for (const r of relevant) {
    if (!breaches(value, r.comparison, r.threshold)) continue;
    const size = breachSize(value, r.comparison, r.threshold);
    if (!worst || SEVERITY_RANK[r.severity] > SEVERITY_RANK[worst.severity] || (r.severity === worst.severity && size > worstBreach)) {
      worst = r;
      worstBreach = size;
    }
  }
  return { status: worst ? worst.severity : 'good', rule: worst, value };
}

/** The metrics the rules watch, in the order their first rule is listed. */
function watchedMetrics(rules: readonly AlertRule[]): MetricId[] {
  const out: MetricId[] = [];
  for (const r of rules) if (!out.includes(r.metric)) out.push(r.metric);
  return out;
}

/** Every alert the rules raise on the project and its breakdown, most serious first. */
export function evaluateAlerts(analysis: Analysis, rules: readonly AlertRule[] = DEFAULT_RULES, opts: EvaluateOptions = {}): Alert[] {
  const voice = voiceFor(analysis, { currency: opts.currency });
  const targets = alertTargets(analysis);
  const measurable = scheduleMeasurable(analysis);
  const metrics = watchedMetrics(rules);
  const kept: { alert: Alert; order: number }[] = [];
  // The metrics the project itself is alerted on: a node with the project's own figures does not repeat them.
  const onProject = new Set<MetricId>();
  targets.forEach((t, order) => {
    for (const metric of metrics) {
      const j = judge(t, metric, rules, measurable);
      if (!j.rule || j.value === null) continue;
      if (t.kind === 'project') onProject.add(metric);
      else if (t.sameAsProject && onProject.has(metric)) continue;
      const rule = j.rule;
      const alert: Alert = {
        ruleId: rule.id,
        severity: rule.severity,
        nodeId: t.id,
        nodeName: t.name,
        nodeKind: t.kind,
        metric,
        value: j.value,
        threshold: rule.threshold,
        breach: breachSize(j.value, rule.comparison, rule.threshold),
        message: renderTemplate(rule.message, placeholders(t, rule, j.value, voice)),
      };
      kept.push({ alert, order });
    }
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
