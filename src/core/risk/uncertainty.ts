/**
 * Where each activity's duration uncertainty comes from (issue 15 "Inputs"): rules first ("all
 * civils activities −10% / +25%"), then per-activity overrides, with three-point estimates the
 * file itself carries (P6 user-defined fields, MS Project's PERT fields Duration1–3) taking the
 * place of the default rule when present. Pure: activity ids in, distributions in working hours out.
 *
 * Precedence for one activity, highest first:
 * 1. an override the user typed for that activity;
 * 2. the LAST user rule that matches it (rules read top to bottom, later ones refining earlier
 *    ones, as QuickRisk templates do in Primavera Risk Analysis);
 * 3. a three-point estimate in the file;
 * 4. the default rule (DEFAULT_RULE below), only when the user has set no rule at all.
 * Activities with no remaining work (finished, milestones) have no duration to vary; LOE and WBS
 * summary activities span others and are never sampled.
 *
 * Percentages in a rule are of the activity's REMAINING duration at the data date: what is done is
 * done, and a risk range applies to the work still to do.
 */
import type { Activity, ActivityType, Schedule } from '../model';
import type { DurationDistribution } from './distributions';

export type DistributionKind = 'triangular' | 'pert' | 'uniform' | 'trigen' | 'lognormal';

/** Which activities a rule covers. */
export type RuleTarget =
  | { kind: 'all' }
  /** The WBS element and everything below it. */
  | { kind: 'wbs'; wbsId: string }
  /** Activities holding this value of an activity code type (P6 activity codes, MS Project outline codes). */
  | { kind: 'code'; codeTypeId: string; value: string }
  | { kind: 'type'; type: ActivityType };

export interface UncertaintyRule {
  id: string;
  /** What the user calls it: "Civils", "Long-lead equipment". */
  name: string;
  target: RuleTarget;
  distribution: DistributionKind;
  /** Percentages of the remaining duration: −10 means 90% of it. Most likely is 0 for "as planned". */
  minPct: number;
  mostLikelyPct: number;
  maxPct: number;
}

/** A three-point estimate typed for one activity, working hours. */
export interface DurationOverride {
  activityId: string;
  distribution: DistributionKind;
  min: number;
  mostLikely: number;
  max: number;
}

export type UncertaintySource = { kind: 'override' } | { kind: 'rule'; ruleId: string; ruleName: string } | { kind: 'file'; fields: string } | { kind: 'default' } | { kind: 'none'; reason: string };

export interface ActivityUncertainty {
  activityId: string;
  /** Deterministic remaining duration, working hours. */
  remaining: number;
  /** Null: the activity keeps its deterministic duration. */
  distribution: DurationDistribution | null;
  source: UncertaintySource;
}

/**
 * When nothing else says: every task −10% / as planned / +25% of its remaining duration,
 * triangular. A starting range for a schedule nobody has risk-assessed yet, with the skew most
 * schedule-risk practice finds (overruns are likelier and larger than underruns: AACE RP 57R-09
 * and Hulett, "Practical Schedule Risk Analysis", 2009); the issue's own example. It is shown as
 * the default wherever results are, so nobody mistakes it for an assessment.
 */
export const DEFAULT_RULE: UncertaintyRule = {
  id: 'default',
  name: 'Default: every task −10% / +25%',
  target: { kind: 'all' },
  distribution: 'triangular',
  minPct: -10,
  mostLikelyPct: 0,
  maxPct: 25,
};

/** Trigen's low and high are these percentiles (Primavera Risk Analysis's default P10/P90). */
export const TRIGEN_PERCENTILES = { low: 0.1, high: 0.9 } as const;

/** The remaining duration the simulation varies: zero when finished, else the file's remaining duration. */
export function remainingHours(a: Activity): number {
  if (a.actualFinish !== undefined) return 0;
  const r = a.remainingDuration ?? a.originalDuration ?? a.baselineDuration ?? 0;
  return Number.isFinite(r) && r > 0 ? r : 0;
}

function distributionOf(kind: DistributionKind, min: number, mostLikely: number, max: number): DurationDistribution {
  switch (kind) {
    case 'triangular':
      return { kind: 'triangular', min, mostLikely, max };
    case 'pert':
      return { kind: 'pert', min, mostLikely, max };
    case 'uniform':
      return { kind: 'uniform', min, max };
    case 'trigen':
      return { kind: 'trigen', low: min, mostLikely, high: max, lowPercentile: TRIGEN_PERCENTILES.low, highPercentile: TRIGEN_PERCENTILES.high };
    case 'lognormal':
      // By its P10 and P90 (the low and high a planner gives), so it reads like the others.
      return { kind: 'lognormal', by: 'p10-p90', p10: min, p90: max };
  }
}

/** Why a rule or override cannot be used, or null. Percentages must be in order and leave a duration ≥ 0. */
export function ruleProblem(r: Pick<UncertaintyRule, 'name' | 'minPct' | 'mostLikelyPct' | 'maxPct' | 'distribution'>): string | null {
  const { minPct, mostLikelyPct, maxPct } = r;
  if (![minPct, mostLikelyPct, maxPct].every(Number.isFinite)) return `${r.name}: enter three numbers (low, most likely and high percentages).`;
  if (minPct < -100) return `${r.name}: the low range ${minPct}% would make durations negative; use −100% or more.`;
  if (!(minPct <= mostLikelyPct && mostLikelyPct <= maxPct)) return `${r.name}: the low (${minPct}%), most likely (${mostLikelyPct}%) and high (${maxPct}%) must be in that order.`;
  if (maxPct > 1000) return `${r.name}: a high range of ${maxPct}% is beyond what a duration range means here; use 1000% or less.`;
  if (r.distribution === 'lognormal' && minPct <= -100) return `${r.name}: a lognormal range needs a low above −100% (its durations are never zero).`;
  return null;
}

export function overrideProblem(o: DurationOverride, code: string): string | null {
  if (![o.min, o.mostLikely, o.max].every(Number.isFinite)) return `${code}: enter three durations.`;
  if (o.min < 0) return `${code}: the low duration cannot be negative.`;
  if (!(o.min <= o.mostLikely && o.mostLikely <= o.max)) return `${code}: low, most likely and high must be in that order.`;
  if (o.distribution === 'lognormal' && o.min <= 0) return `${code}: a lognormal range needs a low above zero.`;
  return null;
}

/** The WBS ids under each element (itself included), for `wbs` targets. */
function wbsBelow(schedule: Schedule): Map<string, Set<string>> {
  const children = new Map<string, string[]>();
  for (const w of schedule.wbs) if (w.parentId !== null) (children.get(w.parentId) ?? children.set(w.parentId, []).get(w.parentId)!).push(w.id);
  const below = new Map<string, Set<string>>();
  const collect = (id: string): Set<string> => {
    const known = below.get(id);
    if (known) return known;
    const set = new Set<string>([id]);
    below.set(id, set); // before recursing: a (corrupt) cycle ends here
    for (const c of children.get(id) ?? []) for (const x of collect(c)) set.add(x);
    return set;
  };
  for (const w of schedule.wbs) collect(w.id);
  return below;
}

/** Whether an activity falls under a rule's target, for one schedule (correlation groups use it too). */
export function targetMatcher(schedule: Schedule): (t: RuleTarget, a: Activity) => boolean {
  const below = wbsBelow(schedule);
  return (t, a) => matches(t, a, below);
}

function matches(t: RuleTarget, a: Activity, below: Map<string, Set<string>>): boolean {
  switch (t.kind) {
    case 'all':
      return true;
    case 'wbs':
      return a.wbsId !== null && (below.get(t.wbsId)?.has(a.wbsId) ?? false);
    case 'code':
      return a.codes[t.codeTypeId] === t.value;
    case 'type':
      return a.type === t.type;
  }
}

/** Field names a file uses for a three-point duration, in the order low, most likely, high. */
const FILE_FIELDS: readonly (readonly [RegExp, RegExp, RegExp])[] = [
  // MS Project's PERT analysis (Duration1–3 hold optimistic, expected, pessimistic).
  [/^optimistic( duration)?$/i, /^(expected|most likely)( duration)?$/i, /^pessimistic( duration)?$/i],
  [/^(min|minimum)( duration)?( \(h\))?$/i, /^(most likely|ml)( duration)?( \(h\))?$/i, /^(max|maximum)( duration)?( \(h\))?$/i],
  [/^duration1$/i, /^duration2$/i, /^duration3$/i],
];

/**
 * A three-point duration the file carries for the activity (hours), with the fields it came from,
 * or null. MS Project duration fields arrive in hours (the MSPDI reader converts them); P6
 * user-defined numbers are taken as hours too, as P6 stores durations.
 */
export function fileThreePoint(a: Activity): { min: number; mostLikely: number; max: number; fields: string } | null {
  const udf = a.udf;
  if (!udf) return null;
  const keys = Object.keys(udf);
  for (const [lo, ml, hi] of FILE_FIELDS) {
    const k = [lo, ml, hi].map((re) => keys.find((key) => re.test(key.trim())));
    if (k.some((x) => x === undefined)) continue;
    const v = k.map((key) => udf[key as string]);
    if (!v.every((x): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0)) continue;
    const [min, mostLikely, max] = v;
    if (!(min <= mostLikely && mostLikely <= max) || max === 0) continue;
    return { min, mostLikely, max, fields: (k as string[]).join(', ') };
  }
  return null;
}

export interface ResolveOptions {
  rules: readonly UncertaintyRule[];
  overrides?: readonly DurationOverride[];
  /**
   * Each activity's remaining duration, working hours (default: remainingHours, from the file's
   * fields). The CPM's, when it derived durations the file lacks from the activity's dates.
   */
  remaining?: (a: Activity) => number;
}

/** Each activity's uncertainty and where it came from. */
export function resolveUncertainty(schedule: Schedule, opts: ResolveOptions): ActivityUncertainty[] {
  const below = wbsBelow(schedule);
  const overrides = new Map((opts.overrides ?? []).map((o) => [o.activityId, o]));
  const rules = opts.rules.length > 0 ? opts.rules : null;
  return schedule.activities.map((a): ActivityUncertainty => {
    const remaining = a.actualFinish !== undefined ? 0 : (opts.remaining ?? remainingHours)(a);
    const none = (reason: string): ActivityUncertainty => ({ activityId: a.id, remaining, distribution: null, source: { kind: 'none', reason } });
    if (a.type === 'level-of-effort' || a.type === 'summary') return none('spans other activities');
    if (a.actualFinish !== undefined) return none('finished');
    if (remaining === 0) return none(a.type === 'task' ? 'no remaining duration' : 'milestone');
    const o = overrides.get(a.id);
    if (o) return { activityId: a.id, remaining, distribution: distributionOf(o.distribution, o.min, o.mostLikely, o.max), source: { kind: 'override' } };
    const scale = (r: UncertaintyRule) => distributionOf(r.distribution, remaining * (1 + r.minPct / 100), remaining * (1 + r.mostLikelyPct / 100), remaining * (1 + r.maxPct / 100));
    if (rules) {
      for (let i = rules.length - 1; i >= 0; i--) {
        const r = rules[i];
        if (matches(r.target, a, below)) return { activityId: a.id, remaining, distribution: scale(r), source: { kind: 'rule', ruleId: r.id, ruleName: r.name } };
      }
    }
    const f = fileThreePoint(a);
    if (f) return { activityId: a.id, remaining, distribution: distributionOf('triangular', f.min, f.mostLikely, f.max), source: { kind: 'file', fields: f.fields } };
    if (rules) return none('no rule covers it');
    return { activityId: a.id, remaining, distribution: scale(DEFAULT_RULE), source: { kind: 'default' } };
  });
}
