/**
 * Thresholds as the user sets them (issue 14 "Thresholds and alerts"): for each watched metric an
 * amber and a red level, per project, with overrides per control account. `rulesOfThresholds`
 * turns them into the AlertRule[] that alerts.ts evaluates, so the cards, the breakdown cells, the
 * alert list and the commentary all read the same rules. The default thresholds give exactly
 * DEFAULT_RULES (tests/unit/insight/thresholds.test.ts), so a project nobody configured is judged as
 * the CLI and the product tour judge it.
 *
 * Where the defaults come from (reference/EVM_REFERENCE.md §5; DEFAULT_SOURCES below is what the
 * screen shows):
 * - CPI, SPI, SPI(t) below 0.95 amber / 0.90 red: the ±10% trigger commonly used for SPI(t)
 *   (ProjectFlightDeck ES Exchange, March 2021), applied to cost and to SPI as well; the 0.95
 *   early warning is a rule of thumb.
 * - SV%, CV%, VAC% beyond ±5% amber / ±10% red: DoD contracts set variance thresholds for variance
 *   analysis reports in the contract data requirements (IPMDAR, DI-MGMT-81861); the values are
 *   contract-specific, and ±10% with ±5% as an early warning is the usual practice, a rule of
 *   thumb rather than a standard. Both directions count: a large favourable variance needs an
 *   explanation too (often a baseline problem).
 * - TCPI(EAC) − CPI above 0.05 amber / 0.10 red: the analysts' rule of thumb for NDIA IPMD's "CPI vs
 *   TCPIeac" realism test (A Guide to Managing Programs Using Predictive Measures, 2014, §3.2);
 *   the values are not verified against a primary text.
 * - TSPI above 1.10 red (no amber): Lipke, "Examination of the Threshold for the To Complete
 *   Indexes", Measurable News 2016 (25 real projects).
 *
 * Pure: no storage, no DOM. Validation messages say what is wrong, where, and what to do.
 */
import type { BreakdownKind } from '../evm/types';
import { formatThreshold } from './alerts';
import { DEFAULT_RULES, METRICS, ruleNodeKey, type AlertRule, type Comparison, type MetricDefinition, type RuleScope, type Severity } from './rules';

/** The metrics a user sets thresholds for, in the order the screen lists them. */
export const THRESHOLD_METRICS = ['cpi', 'spi', 'spit', 'cvPct', 'svPct', 'vacPct', 'tcpiEacMinusCpi', 'tspi'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

export function isThresholdMetric(v: unknown): v is ThresholdMetric {
  return typeof v === 'string' && (THRESHOLD_METRICS as readonly string[]).includes(v);
}

/** Amber (warning) and red (critical); null: that level is off. */
export interface ThresholdLevels {
  amber: number | null;
  red: number | null;
}

export type ThresholdLevel = keyof ThresholdLevels;

/** Which way a metric goes bad, and how its levels are written and checked. */
export interface ThresholdDirection {
  /** '<': bad when below (indices); 'abs>': bad when beyond ± (variances); '>': bad when above (gaps, TSPI). */
  comparison: Extract<Comparison, '<' | '>' | 'abs>'>;
  /** Where the rule looks: schedule metrics exist on the project only. */
  scope: RuleScope;
  /** The range a level may take (inclusive), in the stored unit (an index, or a fraction for percentages). */
  min: number;
  max: number;
}

export const THRESHOLD_DIRECTIONS: Readonly<Record<ThresholdMetric, ThresholdDirection>> = {
  cpi: { comparison: '<', scope: 'any', min: 0.01, max: 2 },
  spi: { comparison: '<', scope: 'any', min: 0.01, max: 2 },
  spit: { comparison: '<', scope: 'project', min: 0.01, max: 2 },
  cvPct: { comparison: 'abs>', scope: 'any', min: 0.001, max: 1 },
  svPct: { comparison: 'abs>', scope: 'any', min: 0.001, max: 1 },
  vacPct: { comparison: 'abs>', scope: 'any', min: 0.001, max: 1 },
  tcpiEacMinusCpi: { comparison: '>', scope: 'any', min: 0.001, max: 2 },
  tspi: { comparison: '>', scope: 'project', min: 1, max: 3 },
};

/** The levels of every metric. */
export type MetricThresholds = Record<ThresholdMetric, ThresholdLevels>;

/** A control account's own levels for some metrics; the others follow the project's. */
export interface ControlAccountThresholds {
  /** The account's code and name when it was set, to show it while no analysis lists it. */
  code?: string;
  name?: string;
  levels: Partial<MetricThresholds>;
}

export interface ProjectThresholds {
  project: MetricThresholds;
  /** By control-account id (the breakdown node's id, which is its code in the schedule). */
  controlAccounts: Record<string, ControlAccountThresholds>;
}

export const DEFAULT_METRIC_THRESHOLDS: Readonly<MetricThresholds> = {
  cpi: { amber: 0.95, red: 0.9 },
  spi: { amber: 0.95, red: 0.9 },
  spit: { amber: 0.95, red: 0.9 },
  cvPct: { amber: 0.05, red: 0.1 },
  svPct: { amber: 0.05, red: 0.1 },
  vacPct: { amber: 0.05, red: 0.1 },
  tcpiEacMinusCpi: { amber: 0.05, red: 0.1 },
  tspi: { amber: null, red: 1.1 },
};

export function defaultThresholds(): ProjectThresholds {
  const project = {} as MetricThresholds;
  for (const m of THRESHOLD_METRICS) project[m] = { ...DEFAULT_METRIC_THRESHOLDS[m] };
  return { project, controlAccounts: {} };
}

/** Where each default comes from, as the Thresholds screen shows it beside the levels. */
export const DEFAULT_SOURCES: Readonly<Record<ThresholdMetric, string>> = {
  cpi: 'Red below 0.90: the ±10% trigger commonly used for SPI(t) (ProjectFlightDeck ES Exchange, 2021), applied to cost. Amber below 0.95: a rule of thumb for an early warning.',
  spi: 'Red below 0.90: the same ±10% trigger as SPI(t). Amber below 0.95: a rule of thumb. SPI drifts back to 1.00 late in a job, so SPI(t) is the better schedule signal (Vandevoorde & Vanhoucke 2006).',
  spit: 'Red below 0.90: the ±10% trigger commonly used for SPI(t) (ProjectFlightDeck ES Exchange, 2021). Amber below 0.95: a rule of thumb.',
  cvPct:
    'Beyond ±10% red, ±5% amber: DoD contracts set variance-analysis thresholds in the contract data requirements (IPMDAR, DI-MGMT-81861); the values are contract-specific, and ±10% with a ±5% early warning is the usual practice, a rule of thumb rather than a standard.',
  svPct: 'Beyond ±10% red, ±5% amber: the usual DoD variance-analysis thresholds (IPMDAR, DI-MGMT-81861); contract-specific, a rule of thumb rather than a standard.',
  vacPct: 'Beyond ±10% red, ±5% amber of the budget: the usual DoD variance-analysis thresholds at completion (IPMDAR, DI-MGMT-81861); contract-specific, a rule of thumb.',
  tcpiEacMinusCpi:
    'Above 0.10 red (EAC suspect), 0.05 amber (watch): the analysts’ rule of thumb for NDIA IPMD’s “CPI vs TCPIeac” test (A Guide to Managing Programs Using Predictive Measures, 2014, §3.2); the values are not verified against a primary text.',
  tspi: 'Red above 1.10: recovery to the plan is very unlikely (Lipke, “Examination of the Threshold for the To Complete Indexes”, Measurable News, 2016). No amber level by default.',
};

const SEVERITY_OF: Readonly<Record<ThresholdLevel, Severity>> = { amber: 'warning', red: 'critical' };
const LEVEL_WORD: Readonly<Record<ThresholdLevel, string>> = { amber: 'amber', red: 'red' };

/** The id of a project-wide rule: the default rules' ids (`cpi-warning`, `vac-critical`…). */
const RULE_PREFIX: Readonly<Record<ThresholdMetric, string>> = {
  cpi: 'cpi',
  spi: 'spi',
  spit: 'spit',
  cvPct: 'cv',
  svPct: 'sv',
  vacPct: 'vac',
  tcpiEacMinusCpi: 'tcpi-gap',
  tspi: 'tspi',
};

export const ruleIdOf = (metric: ThresholdMetric, level: ThresholdLevel): string => `${RULE_PREFIX[metric]}-${SEVERITY_OF[level]}`;

/** The message of a rule: the default rule's own, or its other severity's with the word changed. */
function templateOf(metric: ThresholdMetric, severity: Severity): string {
  const own = DEFAULT_RULES.find((r) => r.metric === metric && r.severity === severity && !r.only);
  if (own) return own.message;
  const other = DEFAULT_RULES.find((r) => r.metric === metric && !r.only);
  if (other) return other.message.split(other.severity).join(severity);
  const words = THRESHOLD_DIRECTIONS[metric].comparison === '<' ? 'below' : THRESHOLD_DIRECTIONS[metric].comparison === '>' ? 'above' : 'beyond ±';
  return `{node}: {metric} {value} is ${words} the ${severity} threshold {threshold}.`;
}

function rule(metric: ThresholdMetric, level: ThresholdLevel, threshold: number, extra: Partial<AlertRule> = {}): AlertRule {
  const d = THRESHOLD_DIRECTIONS[metric];
  return {
    id: ruleIdOf(metric, level),
    metric,
    comparison: d.comparison,
    threshold,
    scope: d.scope,
    severity: SEVERITY_OF[level],
    message: templateOf(metric, SEVERITY_OF[level]),
    ...extra,
  };
}

/** The order rules are listed in: DEFAULT_RULES's (the metrics the first versions watched first). */
const RULE_ORDER: readonly ThresholdMetric[] = ['cpi', 'spit', 'vacPct', 'tcpiEacMinusCpi', 'spi', 'svPct', 'cvPct', 'tspi'];

/** A control account as rules name it. */
const CA = 'control-account' satisfies BreakdownKind & RuleScope;

/**
 * The alert rules of a project's thresholds: the project's levels for every node, except that a
 * control account with levels of its own for a metric is judged by those alone (its rule lists it
 * in `only`, the project's rule in `except`). An override gives both levels of its metric (a level
 * it leaves out follows the project's), so a red override with the project's amber still works.
 * Schedule metrics (SPI(t), TSPI) exist on the project only, so overrides of them are ignored.
 */
export function rulesOfThresholds(t: ProjectThresholds): AlertRule[] {
  const out: AlertRule[] = [];
  const overridden = new Map<ThresholdMetric, string[]>();
  const caRules: AlertRule[] = [];
  for (const caId of Object.keys(t.controlAccounts).sort()) {
    const own = t.controlAccounts[caId].levels;
    for (const metric of THRESHOLD_METRICS) {
      const levels = own[metric];
      if (!levels || THRESHOLD_DIRECTIONS[metric].scope === 'project') continue;
      const key = ruleNodeKey(CA, caId);
      overridden.set(metric, [...(overridden.get(metric) ?? []), key]);
      for (const level of ['amber', 'red'] as const) {
        const v = levels[level] === undefined ? t.project[metric][level] : levels[level];
        if (v === null) continue;
        caRules.push(rule(metric, level, v, { id: `${ruleIdOf(metric, level)}@${key}`, scope: CA, only: [key] }));
      }
    }
  }
  for (const metric of RULE_ORDER) {
    for (const level of ['amber', 'red'] as const) {
      const v = t.project[metric][level];
      if (v === null) continue;
      const except = overridden.get(metric);
      out.push(rule(metric, level, v, except ? { except } : {}));
    }
  }
  return [...out, ...caRules];
}

/** A level as written on screen and in messages: "0.90", "5%". */
export function formatLevel(metric: ThresholdMetric, v: number): string {
  return formatThreshold(metric, v);
}

/** The label of a metric on the thresholds screen ("CPI", "SV%", "TCPI(EAC) − CPI"). */
export const thresholdLabel = (metric: ThresholdMetric): string => (METRICS[metric] as MetricDefinition).label;

/** What a level means, for the screen: "below", "beyond ±", "above". */
export function directionWords(metric: ThresholdMetric): string {
  const c = THRESHOLD_DIRECTIONS[metric].comparison;
  return c === '<' ? 'below' : c === '>' ? 'above' : 'beyond ±';
}

export class ThresholdError extends Error {
  override name = 'ThresholdError';
}

const isPercent = (metric: ThresholdMetric): boolean => (METRICS[metric] as MetricDefinition).format === 'percent';

function shown(metric: ThresholdMetric, v: number): string {
  return isPercent(metric) ? `${+(v * 100).toFixed(4)}%` : String(+v.toFixed(6));
}

/** Problems with one metric's levels ([] when fine); `where` names the project or the account. */
export function levelProblems(metric: ThresholdMetric, levels: Partial<ThresholdLevels>, where: string): string[] {
  const d = THRESHOLD_DIRECTIONS[metric];
  const label = thresholdLabel(metric);
  const out: string[] = [];
  for (const level of ['amber', 'red'] as const) {
    const v = levels[level];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      out.push(`${where}: the ${LEVEL_WORD[level]} level of ${label} is not a number. Enter a number, or leave it empty to turn that level off.`);
    } else if (v < d.min || v > d.max) {
      out.push(`${where}: the ${LEVEL_WORD[level]} level of ${label} is ${shown(metric, v)}; it must be between ${shown(metric, d.min)} and ${shown(metric, d.max)}.`);
    }
  }
  const { amber, red } = levels;
  if (typeof amber === 'number' && typeof red === 'number' && Number.isFinite(amber) && Number.isFinite(red) && out.length === 0) {
    // Amber is the early warning: it must trip before red, on the less severe side.
    const ok = d.comparison === '<' ? amber > red : amber < red;
    if (!ok) {
      const side = d.comparison === '<' ? 'above' : 'below';
      out.push(
        `${where}: the amber level of ${label} (${shown(metric, amber)}) must be less severe than the red level (${shown(metric, red)}), so ${side} it: amber warns before red. Change one of them.`,
      );
    }
  }
  return out;
}

const asLevel = (v: unknown): number | null | undefined => (v === null ? null : typeof v === 'number' ? v : v === undefined ? undefined : Number.NaN);

/**
 * Checks thresholds as they come from a form or from storage and returns them in canonical form
 * (every project metric present; unknown metrics and schedule metrics on accounts dropped). Throws
 * ThresholdError with every problem, one per line.
 */
export function checkThresholds(raw: unknown): ProjectThresholds {
  const problems: string[] = [];
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const rawProject = (r.project && typeof r.project === 'object' ? r.project : {}) as Record<string, unknown>;
  const project = {} as MetricThresholds;
  for (const m of THRESHOLD_METRICS) {
    const l = (rawProject[m] && typeof rawProject[m] === 'object' ? rawProject[m] : DEFAULT_METRIC_THRESHOLDS[m]) as Record<string, unknown>;
    const levels = { amber: asLevel(l.amber) ?? null, red: asLevel(l.red) ?? null };
    problems.push(...levelProblems(m, levels, 'Project'));
    project[m] = levels;
  }
  const controlAccounts: Record<string, ControlAccountThresholds> = {};
  const rawCas = (r.controlAccounts && typeof r.controlAccounts === 'object' ? r.controlAccounts : {}) as Record<string, unknown>;
  for (const [id, entry] of Object.entries(rawCas)) {
    if (!id || id.length > 500) {
      problems.push('A control-account override has no account id (or one over 500 characters). Remove it and add it again from the list.');
      continue;
    }
    const e = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const code = typeof e.code === 'string' ? e.code.slice(0, 300) : undefined;
    const name = typeof e.name === 'string' ? e.name.slice(0, 300) : undefined;
    const where = `Control account ${code || id}${name && name !== code ? ` (${name})` : ''}`;
    const rawLevels = (e.levels && typeof e.levels === 'object' ? e.levels : {}) as Record<string, unknown>;
    const levels: Partial<MetricThresholds> = {};
    for (const [m, lv] of Object.entries(rawLevels)) {
      if (!isThresholdMetric(m) || THRESHOLD_DIRECTIONS[m].scope === 'project') continue;
      const l = (lv && typeof lv === 'object' ? lv : {}) as Record<string, unknown>;
      const a = asLevel(l.amber);
      const rd = asLevel(l.red);
      // A level left out follows the project's; null turns it off on this account.
      const own: ThresholdLevels = { amber: a === undefined ? project[m].amber : a, red: rd === undefined ? project[m].red : rd };
      problems.push(...levelProblems(m, own, where));
      levels[m] = own;
    }
    if (Object.keys(levels).length === 0) continue;
    controlAccounts[id] = { ...(code ? { code } : {}), ...(name ? { name } : {}), levels };
  }
  if (problems.length > 0) throw new ThresholdError(problems.join('\n'));
  return { project, controlAccounts };
}

/** Whether thresholds are the defaults (no override, every level the default). */
export function isDefaultThresholds(t: ProjectThresholds): boolean {
  if (Object.keys(t.controlAccounts).length > 0) return false;
  return THRESHOLD_METRICS.every((m) => t.project[m].amber === DEFAULT_METRIC_THRESHOLDS[m].amber && t.project[m].red === DEFAULT_METRIC_THRESHOLDS[m].red);
}
