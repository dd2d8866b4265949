/**
 * Risk results as the Risk tab shows them and a risk snapshot stores them (issue 15): plain JSON,
 * finishes as dates as well as hours, nodes named by activity code and name, and only the top
 * activities (a 10,000-activity schedule's per-activity arrays would make every synced snapshot
 * megabytes). Built in a risk worker from finished results, so the live view and the saved
 * snapshot are the same object and the page thread never computes.
 */
import type { CompiledCalendar } from '../calendar/compile';
import type { LocalDateTime } from '../model/dates';
import { dateAtHours } from './fromSchedule';
import type { RiskResults, TargetRisk } from './results';
import type { DistributionSummary } from './stats';

/** What turns hours into dates and nodes into activities (from ScheduleRiskModel). */
export interface RiskLabels {
  /** Activity id per node (the model's order). */
  ids: readonly string[];
  codes: readonly string[];
  names: readonly string[];
  /** Time zero of the hours axis (epoch minutes) and the calendar that counts them. */
  origin: number;
  calendar: CompiledCalendar;
  deterministicFinish: LocalDateTime;
  costToDate: number;
  notes: string[];
}

/** NaN (undefined) becomes null, as JSON would write it anyway. */
export type Num = number | null;

export interface DistributionView {
  mean: number;
  sd: number;
  min: number;
  max: number;
  p10: number;
  p50: number;
  p80: number;
  p90: number;
  /** percentiles[p], p = 0..100. */
  percentiles: number[];
  deterministic: number;
  /** Share of iterations at or below the deterministic value. */
  deterministicConfidence: number;
  histogram: { edges: number[]; counts: number[]; cumulative: number[] };
}

/** A finish distribution: hours from the data date, with the dates they fall on. */
export interface FinishView extends DistributionView {
  dates: { min: LocalDateTime; max: LocalDateTime; p10: LocalDateTime; p50: LocalDateTime; p80: LocalDateTime; p90: LocalDateTime; deterministic: LocalDateTime; mean: LocalDateTime };
  /** The date of each percentile 0..100 and of each histogram edge. */
  percentileDates: LocalDateTime[];
  edgeDates: LocalDateTime[];
}

export interface ActivityRiskRow {
  activityId: string;
  code: string;
  name: string;
  criticality: Num;
  /** Pearson r(duration, finish), signed. */
  sensitivity: Num;
  /** Spearman ρ(duration, finish), signed. */
  cruciality: Num;
  ssi: Num;
  /** Hours. */
  meanDuration: Num;
  sdDuration: Num;
}

/** Drivers kept per milestone in a snapshot. */
export const TARGET_DRIVERS = 10;
/** Activities kept per milestone in a snapshot (its criticality table). */
export const TARGET_ACTIVITIES = 50;

/** One activity against a milestone's finish. */
export interface TargetDriverRow {
  activityId: string;
  code: string;
  name: string;
  /** Spearman ρ against the milestone's finish. */
  cruciality: Num;
  /** Pearson r against the milestone's finish (absent in snapshots saved before it existed). */
  sensitivity?: Num;
  /** Share of iterations critical to the milestone (absent in snapshots saved before it existed). */
  criticality?: Num;
}

export interface TargetView extends FinishView {
  activityId: string;
  code: string;
  name: string;
  /** Its own top drivers (Spearman ρ against its finish, |ρ| largest first). */
  drivers?: TargetDriverRow[];
  /** The activities most often critical to it, with their indices against its finish. */
  activities?: TargetDriverRow[];
  /** Activities that can reach it and vary or can be critical (the table's denominator). */
  activityCount?: number;
}

export interface RiskSnapshotResults {
  seed: number;
  iterations: number;
  finish: FinishView;
  /** Project cost (an EAC: cost to date + simulated remaining), null when the schedule has no costs. */
  cost: DistributionView | null;
  /** Date × cost sample (hours and currency), at most `scatterPoints` pairs. */
  joint: { finish: number[]; cost: number[]; deterministicConfidence: number; p80Confidence: number } | null;
  /** Each milestone's finish distribution, its own top drivers and its own criticality table. */
  targets: TargetView[];
  /** The top activities by criticality, then by |cruciality|. */
  activities: ActivityRiskRow[];
  /** Activities in this schedule that vary at all (the table's denominator). */
  activityCount: number;
  tornado: ActivityRiskRow[];
  events: { id: string; probability: number; occurred: Num; finishDeltaHours: Num }[];
  deterministicFinish: LocalDateTime;
  costToDate: number;
  notes: string[];
}

const num = (x: number): Num => (Number.isFinite(x) ? x : null);

function distributionView(s: DistributionSummary): DistributionView {
  return {
    mean: s.mean,
    sd: s.sd,
    min: s.min,
    max: s.max,
    p10: s.p10,
    p50: s.p50,
    p80: s.p80,
    p90: s.p90,
    percentiles: Array.from(s.percentiles),
    deterministic: s.deterministic,
    deterministicConfidence: s.deterministicConfidence,
    histogram: { edges: Array.from(s.histogram.edges), counts: Array.from(s.histogram.counts), cumulative: Array.from(s.histogram.cumulative) },
  };
}

function finishView(s: DistributionSummary, labels: Pick<RiskLabels, 'origin' | 'calendar'>): FinishView {
  const at = (h: number) => dateAtHours(labels, h);
  const v = distributionView(s);
  return {
    ...v,
    dates: { min: at(s.min), max: at(s.max), p10: at(s.p10), p50: at(s.p50), p80: at(s.p80), p90: at(s.p90), deterministic: at(s.deterministic), mean: at(s.mean) },
    percentileDates: v.percentiles.map(at),
    edgeDates: v.histogram.edges.map(at),
  };
}

function targetView(t: TargetRisk, a: RiskResults['activities'], labels: RiskLabels): TargetView {
  const ta = t.activities;
  const row = (i: number): TargetDriverRow => ({
    activityId: labels.ids[i],
    code: labels.codes[i] ?? labels.ids[i],
    name: labels.names[i] ?? '',
    cruciality: num(ta.cruciality[i]),
    sensitivity: num(ta.sensitivity[i]),
    criticality: num(ta.criticality[i]),
  });
  const nodes: number[] = [];
  for (let i = 0; i < ta.criticality.length; i++) if (ta.criticality[i] > 0 || (a.sdDuration[i] > 0 && Number.isFinite(ta.sensitivity[i]))) nodes.push(i);
  const moves = (i: number) => Math.abs(Number.isFinite(ta.cruciality[i]) ? ta.cruciality[i] : Number.isFinite(ta.sensitivity[i]) ? ta.sensitivity[i] : 0);
  nodes.sort((x, y) => ta.criticality[y] - ta.criticality[x] || moves(y) - moves(x) || x - y);
  return {
    ...finishView(t, labels),
    activityId: t.id,
    code: labels.codes[t.node] ?? t.id,
    name: labels.names[t.node] ?? '',
    drivers: t.drivers.slice(0, TARGET_DRIVERS).map((d) => row(d.node)),
    activities: nodes.slice(0, TARGET_ACTIVITIES).map(row),
    activityCount: nodes.length,
  };
}

export interface SnapshotOptions {
  /** Activities kept (default 200). */
  activities?: number;
  /** Scatter pairs kept (default 1,000). */
  scatterPoints?: number;
}

export function snapshotResults(r: RiskResults, labels: RiskLabels, opts: SnapshotOptions = {}): RiskSnapshotResults {
  const a = r.activities;
  const row = (i: number): ActivityRiskRow => ({
    activityId: labels.ids[i],
    code: labels.codes[i] ?? labels.ids[i],
    name: labels.names[i] ?? '',
    criticality: num(a.criticality[i]),
    sensitivity: num(a.sensitivity[i]),
    cruciality: num(a.cruciality[i]),
    ssi: num(a.ssi[i]),
    meanDuration: num(a.meanDuration[i]),
    sdDuration: num(a.sdDuration[i]),
  });
  const n = a.criticality.length;
  const nodes: number[] = [];
  for (let i = 0; i < n; i++) if ((a.criticality[i] > 0 || a.sdDuration[i] > 0) && Number.isFinite(a.criticality[i])) nodes.push(i);
  const crucial = (i: number) => (Number.isFinite(a.cruciality[i]) ? Math.abs(a.cruciality[i]) : Number.isFinite(a.sensitivity[i]) ? Math.abs(a.sensitivity[i]) : 0);
  nodes.sort((x, y) => a.criticality[y] - a.criticality[x] || crucial(y) - crucial(x) || x - y);

  let joint: RiskSnapshotResults['joint'] = null;
  if (r.joint) {
    const m = r.joint.finish.length;
    const keep = opts.scatterPoints ?? 1000;
    const step = Math.max(1, Math.ceil(m / keep));
    const f: number[] = [];
    const c: number[] = [];
    for (let j = 0; j < m; j += step) {
      f.push(r.joint.finish[j]);
      c.push(r.joint.cost[j]);
    }
    joint = { finish: f, cost: c, deterministicConfidence: r.joint.deterministicConfidence, p80Confidence: r.joint.p80Confidence };
  }

  return {
    seed: r.seed,
    iterations: r.iterations,
    finish: finishView(r.finish, labels),
    cost: r.cost ? distributionView(r.cost) : null,
    joint,
    targets: r.targets.map((t) => targetView(t, a, labels)),
    activities: nodes.slice(0, opts.activities ?? 200).map(row),
    activityCount: nodes.length,
    tornado: r.tornado.map((t) => row(t.node)),
    events: r.events.map((e) => ({ id: e.id, probability: e.probability, occurred: num(e.occurred), finishDeltaHours: num(e.finishDelta) })),
    deterministicFinish: labels.deterministicFinish,
    costToDate: labels.costToDate,
    notes: labels.notes.slice(),
  };
}
