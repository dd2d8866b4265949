/**
 * Variance analysis narratives (VARs, issue 13): which control accounts need one this status
 * period, and a first draft of its cause and impact written from the commentary.
 *
 * - The control accounts are the nodes the commentary compares as drivers (`driverNodes`): every
 *   control-account node when the breakdown has them, else the first level of the tree with a
 *   choice (the WBS elements a planner reports against).
 * - One needs a VAR when the alert rules breach on it: `judge`, the same evaluation behind the
 *   alert list and the breakdown's colours, on the node's own figures. A node whose figures are
 *   the project's (a single control account) still needs its VAR, although the alert list names
 *   the breach once, under the project.
 * - The draft is a draft: the drivers sentences of the commentary that name the account, its
 *   breaches as the alert list words them, and its forecast in the commentary's voice. The person edits it
 *   and owns it.
 *
 * Pure and deterministic, like the commentary.
 */
import type { Analysis, BreakdownKind, BreakdownNode } from '../evm/types';
import { judge, nodeTarget, formatAgainst, formatThreshold, type Alert } from './alerts';
import { driverNodes, type Commentary } from './commentary';
import { DEFAULT_RULES, METRICS, breachSize, type AlertRule, type MetricDefinition, type MetricId, type Severity } from './rules';
import { voiceFor } from './voice';

export interface VarianceBreach {
  metric: MetricId;
  /** "CPI", "VAC%"… as the alert list names it. */
  label: string;
  severity: Severity;
  /** The unrounded value that breached. */
  value: number;
  threshold: number;
  /** "CPI 0.85 below 0.90": value against threshold, as written in alerts. */
  text: string;
}

export interface VarianceCandidate {
  nodeId: string;
  code: string;
  name: string;
  kind: BreakdownKind;
  /** Critical when any breach is. */
  severity: Severity;
  /** Most serious first. */
  breaches: VarianceBreach[];
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 2, warning: 1 };

/** The metrics the rules watch, in the order their first rule is listed. */
function watched(rules: readonly AlertRule[]): MetricId[] {
  const out: MetricId[] = [];
  for (const r of rules) if (!out.includes(r.metric)) out.push(r.metric);
  return out;
}

const nodeName = (n: BreakdownNode): string => n.name || n.code || n.id;

/** The nodes VARs are written against (the commentary's drivers); [] without a breakdown. */
export function controlAccountsOf(analysis: Pick<Analysis, 'breakdown'>): BreakdownNode[] {
  return analysis.breakdown ? driverNodes(analysis.breakdown).filter((n) => n.kind !== 'project') : [];
}

/** The breaches of the rules on one node, most serious first ([] when none). */
export function breachesOf(node: BreakdownNode, rules: readonly AlertRule[] = DEFAULT_RULES): VarianceBreach[] {
  const target = nodeTarget(node);
  const out: { b: VarianceBreach; size: number }[] = [];
  for (const metric of watched(rules)) {
    // Nodes carry no schedule measures: schedule metrics are judged on the project only.
    const j = judge(target, metric, rules, true);
    if (!j.rule || j.value === null) continue;
    const def = METRICS[metric] as MetricDefinition;
    const words = j.rule.comparison === 'abs>' ? `beyond ±${formatThreshold(metric, j.rule.threshold)}` : `${j.rule.comparison === '<' || j.rule.comparison === '<=' ? 'below' : 'above'} ${formatThreshold(metric, j.rule.threshold)}`;
    out.push({
      b: { metric, label: def.label, severity: j.rule.severity, value: j.value, threshold: j.rule.threshold, text: `${def.label} ${formatAgainst(metric, j.value, j.rule.threshold)} ${words}` },
      size: breachSize(j.value, j.rule.comparison, j.rule.threshold),
    });
  }
  return out.sort((x, y) => SEVERITY_RANK[y.b.severity] - SEVERITY_RANK[x.b.severity] || y.size - x.size).map((x) => x.b);
}

/** The control accounts that breach a threshold this period, most serious first, then in breakdown order. */
export function varianceCandidates(analysis: Pick<Analysis, 'breakdown'>, rules: readonly AlertRule[] = DEFAULT_RULES): VarianceCandidate[] {
  const out: VarianceCandidate[] = [];
  for (const n of controlAccountsOf(analysis)) {
    const breaches = breachesOf(n, rules);
    if (breaches.length === 0) continue;
    out.push({ nodeId: n.id, code: n.code, name: nodeName(n), kind: n.kind, severity: breaches[0].severity, breaches });
  }
  // A stable sort: equal severities keep the breakdown's order.
  return out.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
}

export interface VarianceDraft {
  cause: string;
  impact: string;
}

/** The sentences of a paragraph ("… £1,234 (40%). The schedule …" → two). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function findNode(n: BreakdownNode, id: string): BreakdownNode | null {
  if (n.id === id) return n;
  for (const c of n.children) {
    const hit = findNode(c, id);
    if (hit) return hit;
  }
  return null;
}

/**
 * A first draft of a VAR's cause and impact for the breakdown node `nodeId`, from the dashboard
 * of the same analysis: what the commentary says of the node (its drivers and next-step
 * sentences), its breaches as the alerts word them, and its forecast. Null when the node is not in
 * the analysis.
 */
export function draftVarianceNarrative(
  data: { analysis: Analysis; alerts: readonly Alert[]; commentary: Commentary },
  nodeId: string,
  opts: { rules?: readonly AlertRule[]; currency?: string } = {},
): VarianceDraft | null {
  const { analysis } = data;
  const node = analysis.breakdown ? findNode(analysis.breakdown, nodeId) : null;
  if (!node || node.kind === 'project') return null;
  const rules = opts.rules ?? DEFAULT_RULES;
  const v = voiceFor(analysis, { currency: opts.currency });
  const name = nodeName(node);
  const c = node.cost;
  const fin = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

  // Cause: the commentary's words on this node, then the breaches with their figures.
  const cause: string[] = [];
  for (const p of data.commentary.paragraphs) {
    if (p.topic !== 'drivers') continue;
    for (const s of sentences(p.text)) if (s.includes(name)) cause.push(s);
  }
  const own = data.alerts.filter((a) => a.nodeId === node.id && a.nodeKind === node.kind);
  if (own.length > 0) cause.push(...own.map((a) => a.message));
  else {
    // A node with the project's own figures: the list words its breaches under the project.
    const breaches = breachesOf(node, rules);
    const projectAlerts = data.alerts.filter((a) => a.nodeKind === 'project' && breaches.some((b) => b.metric === a.metric));
    if (projectAlerts.length > 0) cause.push(...projectAlerts.map((a) => (a.message.startsWith(`${a.nodeName}:`) ? name + a.message.slice(a.nodeName.length) : a.message)));
    else if (breaches.length > 0) cause.push(`${name}: ${breaches.map((b) => b.text).join('; ')}.`);
  }
  const figures: string[] = [];
  if (fin(c.cv.value)) figures.push(`a cost variance of ${c.cv.value < 0 ? '-' : '+'}${v.amount(Math.abs(c.cv.value))}${fin(c.cpi.value) ? ` (CPI ${v.index(c.cpi.value)})` : ''}`);
  if (fin(c.sv.value)) figures.push(`a schedule variance of ${c.sv.value < 0 ? '-' : '+'}${v.amount(Math.abs(c.sv.value))}${fin(c.spi.value) ? ` (SPI ${v.index(c.spi.value)})` : ''}`);
  // The figures to date, unless the commentary's sentences above already gave them.
  if (figures.length && !cause.some((s) => s.includes(`${name} (CV `) || s.includes(`${name} (SV `))) cause.push(`To date ${name} shows ${figures.join(' and ')}.`);

  // Impact: where the account is heading at today's performance.
  const impact: string[] = [];
  const eac = c.eacSelected.value;
  const bac = c.bac.value;
  const vac = c.vac.value;
  if (fin(eac) && fin(bac) && fin(vac)) {
    const pct = fin(c.vacPct.value) ? ` (${v.pct(Math.abs(c.vacPct.value))} of its budget)` : '';
    const outcome = v.amount(Math.abs(vac)) === v.amount(0) ? 'on budget' : `${vac < 0 ? 'an overrun' : 'an underrun'} of ${v.amount(Math.abs(vac))}${pct}`;
    impact.push(`At the current performance ${name} is forecast to cost ${v.amount(eac)} against a budget of ${v.amount(bac)}: ${outcome}.`);
  }
  const tcpi = c.tcpiEac.value;
  if (fin(tcpi) && fin(c.cpi.value) && tcpi - c.cpi.value > 0.05) {
    impact.push(`Meeting that forecast needs a CPI of ${v.index(tcpi)} on the remaining work against ${v.index(c.cpi.value)} achieved so far.`);
  }
  if (fin(c.sv.value) && c.sv.value < 0 && v.amount(-c.sv.value) !== v.amount(0)) {
    impact.push(`${v.amount(-c.sv.value)} of work planned by the status date has not been earned yet; activities on or near the critical path may delay the finish.`);
  }
  if (impact.length === 0) impact.push(`No forecast can be worked out for ${name} from this status (its budget or actual cost is missing).`);
  return { cause: cause.join(' '), impact: impact.join(' ') };
}
