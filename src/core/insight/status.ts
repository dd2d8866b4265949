/**
 * The status (colour) of a figure on the dashboard, from the same rule evaluation as the alert list
 * (`judge` in alerts.ts): a card or a breakdown cell is critical or warning exactly when
 * evaluateAlerts raises an alert of that severity for that metric on that node, and a null or
 * unmeasurable figure is never coloured.
 */
import type { MeasureKey } from '../evm/dictionary';
import type { Analysis, BreakdownNode } from '../evm/types';
import { alertTargets, judge, nodeTarget, scheduleMeasurable, type StatusColour } from './alerts';
import { DEFAULT_RULES, isMetricId, type AlertRule, type MetricId } from './rules';

export interface StatusOptions {
  /** The rules the alerts were evaluated with (default: DEFAULT_RULES). */
  rules?: readonly AlertRule[];
  /** A breakdown node's id; default the project. */
  nodeId?: string;
}

/**
 * The metric whose rules colour a measure: the measure itself where a rule can watch it, else the
 * share or gap the rules read (VAC by VAC%, SV and CV by SV% and CV%, TCPI(EAC) by its gap to CPI,
 * the NDIA IPMD realism test of rules.ts). Measures missing here are never coloured.
 */
export const STATUS_METRIC_OF: Readonly<Partial<Record<MeasureKey, MetricId>>> = {
  sv: 'svPct',
  cv: 'cvPct',
  vac: 'vacPct',
  tcpiEac: 'tcpiEacMinusCpi',
};

/** The metric that colours a measure, if any. */
export function statusMetricOf(key: MeasureKey): MetricId | null {
  return STATUS_METRIC_OF[key] ?? (isMetricId(key) ? key : null);
}

/**
 * The status of a metric on the project (or on the breakdown node `opts.nodeId`), as the alert
 * rules judge it. A node is judged on its own figures, even one that repeats the project's (whose
 * alert the list names once, under the project).
 */
export function statusOf(metric: MetricId, analysis: Analysis, opts: StatusOptions = {}): StatusColour {
  const rules = opts.rules ?? DEFAULT_RULES;
  const targets = alertTargets(analysis);
  let target = opts.nodeId === undefined ? targets[0] : targets.find((t) => t.kind !== 'project' && t.id === opts.nodeId);
  if (!target && opts.nodeId !== undefined && analysis.breakdown) {
    // A wrapper node left out of the alert targets is still shown in the breakdown.
    const node = findNode(analysis.breakdown, opts.nodeId);
    if (node && node.kind !== 'project') target = nodeTarget(node);
  }
  if (!target) return 'neutral';
  return judge(target, metric, rules, scheduleMeasurable(analysis)).status;
}

/** The status of a metric on one breakdown node, judged on its own figures (the breakdown table's cells). */
export function nodeStatusOf(metric: MetricId, node: BreakdownNode, rules: readonly AlertRule[] = DEFAULT_RULES): StatusColour {
  // Nodes carry no schedule measures, so schedule metrics are never judged on them.
  return judge(nodeTarget(node), metric, rules, true).status;
}

function findNode(n: BreakdownNode, id: string): BreakdownNode | null {
  if (n.id === id) return n;
  for (const c of n.children) {
    const hit = findNode(c, id);
    if (hit) return hit;
  }
  return null;
}
