/**
 * What a Monte Carlo run takes: the compiled network (../cpm/network.ts), a deterministic
 * remaining duration and an optional distribution per node, correlation groups, a risk register,
 * cost, and the nodes to report on.
 *
 * One time axis: working hours from the data date. The kernel adds durations and lags as plain
 * numbers, so it is calendar-free: turning a simulated finish (hours) into a date is done outside,
 * through the project calendar (the compiled working-time index of src/core/calendar). This is
 * exact when the activities and lags share one calendar, and an approximation (one calendar's
 * hours standing for another's) when they do not; the CPM engine, which owns calendars, decides
 * how to express each node's durations and lags in those common hours.
 *
 * Every array is indexed by node (the network's topological order), not by activity id: use
 * `network.ids` to map.
 */
import type { NetworkArrays } from '../cpm/network';
import type { DurationDistribution } from './distributions';

/** A three-point estimate sampled as a triangular distribution. */
export interface ThreePoint {
  min: number;
  mostLikely: number;
  max: number;
}

/**
 * Activities whose durations move together. Rank correlation `rho` (Spearman, 0..1) between every
 * pair in the group, induced by a one-factor Gaussian copula (./correlation.ts).
 */
export interface CorrelationGroup {
  name?: string;
  nodes: readonly number[];
  rho: number;
}

/** One activity a risk event hits, with the impact it adds there when the event occurs. */
export interface EventHit {
  node: number;
  /** Added to the node's duration, working hours (negative for an opportunity). */
  schedule?: ThreePoint;
  /** Added to the project cost (currency). */
  cost?: ThreePoint;
}

/**
 * A risk-register event. Each iteration it occurs with `probability`; when it does, one severity
 * draw is shared by all its hits (a severe occurrence is severe everywhere it lands, in time and
 * in cost), each hit reading its own three-point impact at that severity.
 */
export interface RiskEvent {
  id: string;
  name?: string;
  probability: number;
  hits: readonly EventHit[];
}

/**
 * Cost per node = (fixed + ratePerHour × sampled duration) × factor, where the factor is drawn
 * from `uncertainty` (a three-point factor such as 0.95 / 1 / 1.15, triangular) or is 1.
 * Time-dependent cost therefore follows the simulated duration, including risk-event delays.
 * The project cost is `costToDate` (actuals, not simulated) + Σ node costs + event cost impacts:
 * an EAC when fixed and rate describe the remaining work.
 */
export interface CostModel {
  fixed: ArrayLike<number>;
  ratePerHour: ArrayLike<number>;
  uncertainty?: ReadonlyArray<ThreePoint | null | undefined>;
  costToDate?: number;
}

export interface RiskModel {
  network: NetworkArrays;
  /** Deterministic remaining duration per node, working hours (0 for milestones and finished work). */
  duration: ArrayLike<number>;
  /** Uncertainty per node; missing or null keeps the node at its deterministic duration. */
  distributions?: ReadonlyArray<DurationDistribution | null | undefined>;
  /**
   * Earliest start per node, working hours from the data date (start-no-earlier-than constraints,
   * work that cannot resume at once). Every node starts at or after 0, the data date.
   */
  earliestStart?: ArrayLike<number>;
  correlations?: readonly CorrelationGroup[];
  events?: readonly RiskEvent[];
  cost?: CostModel;
  /** Nodes (milestones) whose finish is reported besides the project finish. */
  targets?: readonly number[];
}

/** A model the kernel cannot run, with what is wrong and where. */
export class RiskModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RiskModelError';
  }
}
