/**
 * The dashboard bundle: an analysis with its alerts and the commentary on those alerts, put
 * together in one place for every surface that shows them (the app's dashboard via the data
 * worker, the import worker's period-table preview, the product tour's sample, `earnest analyse`).
 * The alerts are evaluated once, and the commentary is written on exactly those alerts with the
 * same rules, so the words, the list and the card colours (statusOf) cannot disagree.
 */
import { DEFAULT_LAST_N } from '../evm/curve';
import { eacLabelOptionsOf, type EacLabelOptions } from '../evm/dictionary';
import { DEFAULT_COMPOSITE_WEIGHT } from '../evm/measures';
import type { Analysis, EacMethod } from '../evm/types';
import { evaluateAlerts, type Alert } from './alerts';
import { writeCommentary, type Commentary, type RiskCitation } from './commentary';
import { DEFAULT_RULES, type AlertRule } from './rules';

/** What the dashboard's presentational components are given: results only, never raw files. */
export interface DashboardData {
  analysis: Analysis;
  alerts: Alert[];
  commentary: Commentary;
  /**
   * The EAC method that was asked for. When it could not be computed the engine falls back to
   * AC + (BAC − EV) (analysis.cost.eacMethod), and the dashboard names both. Absent: the method used.
   */
  eacRequested?: EacMethod;
  /**
   * The composite weight and the n of CPI(n) the analysis was asked for, which the EAC labels
   * show. The analysis cannot always tell: CPI(n) carries no n before n periods of history.
   */
  eacLabelOptions?: EacLabelOptions;
}

export interface DashboardOptions {
  /** The alert rules; their thresholds also set the commentary's words. Default DEFAULT_RULES. */
  rules?: readonly AlertRule[];
  /** Overrides the project's currency in messages. */
  currency?: string;
  /** Write money of a million or more compactly in the commentary ("£12.3m"). */
  compactMoney?: boolean;
  /** How many breakdown nodes the commentary names as drivers (default 3). */
  maxDrivers?: number;
  /** The EAC method the analysis was asked for (default: the method it used). */
  eacMethod?: EacMethod;
  /** The composite weight the analysis was asked for (default: the engine's, 0.8). */
  compositeWeight?: number;
  /** The project's latest schedule risk run, which the commentary cites (issue 15). */
  risk?: RiskCitation | null;
  /** The n of CPI(n) the analysis was asked for (default: the engine's, 3). */
  lastN?: number;
}

/** What the EAC labels of a dashboard show, and which method was asked for. */
export interface EacView {
  requested: EacMethod;
  labels: EacLabelOptions;
}

/**
 * The EAC method asked for and the weight and n to label the methods with: what the analysis
 * itself carries first (the inputs of its composite EAC and CPI(n)), then what it was asked for.
 */
export function eacViewOf(data: Pick<DashboardData, 'analysis' | 'eacRequested' | 'eacLabelOptions'>): EacView {
  const own = eacLabelOptionsOf(data.analysis.cost);
  const asked = data.eacLabelOptions ?? {};
  return {
    requested: data.eacRequested ?? data.analysis.cost.eacMethod,
    labels: { weight: own.weight ?? asked.weight ?? null, n: own.n ?? asked.n ?? null },
  };
}

export function dashboardOf(analysis: Analysis, opts: DashboardOptions = {}): DashboardData {
  const rules = opts.rules ?? DEFAULT_RULES;
  const alerts = evaluateAlerts(analysis, rules, { currency: opts.currency });
  const commentary = writeCommentary(analysis, alerts, {
    rules,
    currency: opts.currency,
    compactMoney: opts.compactMoney,
    maxDrivers: opts.maxDrivers,
    risk: opts.risk,
  });
  return {
    analysis,
    alerts,
    commentary,
    eacRequested: opts.eacMethod ?? analysis.cost.eacMethod,
    eacLabelOptions: { weight: opts.compositeWeight ?? DEFAULT_COMPOSITE_WEIGHT, n: opts.lastN ?? DEFAULT_LAST_N },
  };
}
