/**
 * The Thresholds form's text fields and the thresholds they stand for. Percentages are typed as
 * percent ("5" for ±5%) and stored as fractions; indices as written ("0.95"). A project field left
 * empty turns that level off; an account's field left empty follows the project's level.
 */
import { THRESHOLD_DIRECTIONS, THRESHOLD_METRICS, type ProjectThresholds, type ThresholdLevels, type ThresholdMetric } from '../../../core/insight/thresholds';
import { METRICS, type MetricDefinition } from '../../../core/insight/rules';

export type LevelText = { amber: string; red: string };
export type MetricsText = Record<ThresholdMetric, LevelText>;

export interface OverrideForm {
  id: string;
  code?: string;
  name?: string;
  levels: Partial<Record<ThresholdMetric, LevelText>>;
}

export interface ThresholdForm {
  project: MetricsText;
  overrides: OverrideForm[];
}

export const isPercent = (m: ThresholdMetric): boolean => (METRICS[m] as MetricDefinition).format === 'percent';

/** The metrics an account can have levels of its own for: the schedule ones exist on the project only. */
export const OVERRIDABLE: readonly ThresholdMetric[] = THRESHOLD_METRICS.filter((m) => THRESHOLD_DIRECTIONS[m].scope !== 'project');

/** A level as typed: "5" for 0.05 on a percentage, "0.95" on an index; '' when off. */
export function levelText(m: ThresholdMetric, v: number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return isPercent(m) ? String(+(v * 100).toFixed(6)) : String(+v.toFixed(6));
}

/** A typed level: null when empty, NaN when not a number (the check names it). */
export function parseLevel(m: ThresholdMetric, text: string): number | null {
  const t = text.trim().replace(/%$/, '').replace(/^\+/, '').replace(',', '.').trim();
  if (t === '') return null;
  const n = /^-?\d*\.?\d+$/.test(t) ? Number(t) : Number.NaN;
  return isPercent(m) ? n / 100 : n;
}

export function formOf(t: ProjectThresholds): ThresholdForm {
  const project = {} as MetricsText;
  for (const m of THRESHOLD_METRICS) project[m] = { amber: levelText(m, t.project[m].amber), red: levelText(m, t.project[m].red) };
  const overrides: OverrideForm[] = Object.entries(t.controlAccounts).map(([id, ca]) => {
    const levels: Partial<Record<ThresholdMetric, LevelText>> = {};
    for (const m of OVERRIDABLE) {
      const l = ca.levels[m];
      if (l) levels[m] = { amber: levelText(m, l.amber), red: levelText(m, l.red) };
    }
    return { id, ...(ca.code ? { code: ca.code } : {}), ...(ca.name ? { name: ca.name } : {}), levels };
  });
  return { project, overrides };
}

/**
 * The thresholds a form stands for (unchecked: the data worker checks and names every problem).
 * An account's empty field takes the project's level; a metric with both empty is not
 * overridden; an account with none overridden is dropped.
 */
export function thresholdsOf(f: ThresholdForm): ProjectThresholds {
  const project = {} as Record<ThresholdMetric, ThresholdLevels>;
  for (const m of THRESHOLD_METRICS) project[m] = { amber: parseLevel(m, f.project[m].amber), red: parseLevel(m, f.project[m].red) };
  const controlAccounts: ProjectThresholds['controlAccounts'] = {};
  for (const o of f.overrides) {
    const levels: Partial<Record<ThresholdMetric, ThresholdLevels>> = {};
    for (const m of OVERRIDABLE) {
      const l = o.levels[m];
      if (!l) continue;
      const amber = parseLevel(m, l.amber);
      const red = parseLevel(m, l.red);
      if (amber === null && red === null) continue;
      // An empty field follows the project's level.
      levels[m] = { amber: amber ?? project[m].amber, red: red ?? project[m].red };
    }
    if (Object.keys(levels).length > 0) controlAccounts[o.id] = { ...(o.code ? { code: o.code } : {}), ...(o.name ? { name: o.name } : {}), levels };
  }
  return { project, controlAccounts };
}
