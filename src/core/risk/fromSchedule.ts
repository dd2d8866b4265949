/**
 * A schedule as a Monte Carlo model (issue 15): the CPM engine compiles and schedules it once
 * (../cpm), and this turns the result into the kernel's calendar-free model (./model.ts) and back.
 *
 * The time axis is working hours of the project's default calendar from the data date. Each
 * unfinished activity's duration on that axis is the project-calendar working time between its
 * deterministic early start and early finish, so the deterministic run reproduces the CPM's
 * dates even for activities on other calendars (a 24-hour calendar's weekend work counts as the
 * project hours it spans); its uncertainty range scales with it. Lags keep their own working
 * hours: exact when every calendar is the project's, an approximation otherwise (stated in
 * `notes`). Finished work has no duration left; level-of-effort and WBS-summary activities span
 * others and never drive, so they carry no duration either.
 *
 * Nothing else is dropped silently: constraints and the data date become earliest starts where
 * the CPM found them driving, and every assumption is listed in `notes` for the screen to show.
 */
import type { CompiledCalendar } from '../calendar/compile';
import { addWorkingMinutes, cumulativeWorkingMinutes } from '../calendar/arithmetic';
import { compileNetwork, scheduleNetwork, type CpmNetwork, type CpmSchedule } from '../cpm';
import { CSTR_ALAP, KIND_LOE, KIND_SUMMARY } from '../cpm/codes';
import { linkDate } from '../cpm/links';
import type { NetworkArrays } from '../cpm/network';
import { fromMinutes, type LocalDateTime } from '../model/dates';
import type { Schedule } from '../model';
import type { DurationDistribution } from './distributions';
import type { CorrelationGroup, CostModel, RiskEvent, RiskModel, ThreePoint } from './model';
import { resolveUncertainty, targetMatcher, type ActivityUncertainty, type DurationOverride, type RuleTarget, type UncertaintyRule } from './uncertainty';

/**
 * A correlation group as the user sets it up: the activities a rule target covers ("all civils
 * activities move together, ρ 0.6"), and/or activities by id. Only activities that vary join it.
 * An activity two groups cover belongs to the later one (groups, like rules, read top to bottom).
 */
export interface CorrelationSetup {
  name: string;
  target?: RuleTarget;
  activityIds?: readonly string[];
  rho: number;
}

/** A risk event as the user sets it up: by activity id. */

export interface RiskEventSetup {
  id: string;
  name: string;
  probability: number;
  /** Each activity it hits, with the delay (working hours) and cost it adds there when it occurs. */
  hits: readonly { activityId: string; schedule?: ThreePoint; cost?: ThreePoint }[];
}

export interface RiskSetup {
  rules: readonly UncertaintyRule[];
  overrides?: readonly DurationOverride[];
  correlations?: readonly CorrelationSetup[];
  events?: readonly RiskEventSetup[];
  /** Milestones (activity ids) to report finish distributions for, besides the project's finish. */
  targets?: readonly string[];
  /** A three-point factor on the cost of remaining work (0.95 / 1 / 1.15), or none. */
  costUncertainty?: ThreePoint | null;
}

export interface ScheduleRiskModel {
  model: RiskModel;
  /** Per node (the model's order): activity code and name, for tables and messages. */
  codes: readonly string[];
  names: readonly string[];
  /** Per node: its range and where it came from. */
  uncertainty: readonly ActivityUncertainty[];
  /** Time zero of the hours axis, epoch minutes, and the calendar that counts them. */
  origin: number;
  calendar: CompiledCalendar;
  /** The CPM's deterministic project finish and each target's. */
  deterministicFinish: LocalDateTime;
  /** Actual cost to date (the simulated cost adds the remaining work to it: an EAC). */
  costToDate: number;
  /** Assumptions the results rest on, in words. */
  notes: string[];
}

/** A setup that cannot be simulated, with what and where. */
export class RiskSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RiskSetupError';
  }
}

/**
 * The date a simulated finish `hours` project working hours after the origin falls on, as a
 * finish: the end of the last working minute (17:00 on the day the work ends, not 08:00 the next
 * working day, which is the same working time).
 */
export function dateAtHours(m: Pick<ScheduleRiskModel, 'origin' | 'calendar'>, hours: number): LocalDateTime {
  const minutes = Math.round(hours * 60);
  return fromMinutes(minutes <= 0 ? m.origin : addWorkingMinutes(m.calendar, m.origin, minutes - 1) + 1);
}

function scaled(d: DurationDistribution, f: number): DurationDistribution {
  if (f === 1) return d;
  switch (d.kind) {
    case 'triangular':
    case 'pert':
      return { ...d, min: d.min * f, mostLikely: d.mostLikely * f, max: d.max * f };
    case 'uniform':
      return { ...d, min: d.min * f, max: d.max * f };
    case 'trigen':
      return { ...d, low: d.low * f, mostLikely: d.mostLikely * f, high: d.high * f };
    case 'lognormal':
      return d.by === 'mean-sd' ? { ...d, mean: d.mean * f, sd: d.sd * f } : { ...d, p10: d.p10 * f, p90: d.p90 * f };
  }
}

/**
 * The calendar the hours axis counts on: the one most of the unfinished work uses (a P6 project's
 * default calendar is often not the one its activities are on), else the project's default.
 */
function axisCalendar(net: CpmNetwork): number {
  const uses = new Map<number, number>();
  for (let i = 0; i < net.n; i++) if (Number.isNaN(net.actFinish[i]) && net.kind[i] !== KIND_LOE && net.kind[i] !== KIND_SUMMARY) uses.set(net.cal[i], (uses.get(net.cal[i]) ?? 0) + 1);
  let best = net.projectCal;
  let most = uses.get(best) ?? 0;
  for (const [c, k] of uses) if (k > most) [best, most] = [c, k];
  return best;
}

/** The origin of the hours axis: the data date, else the earliest early start of unfinished work. */
function originOf(net: CpmNetwork, run: CpmSchedule): number {
  if (Number.isFinite(run.options.dataDate)) return run.options.dataDate;
  let o = Infinity;
  for (let i = 0; i < net.n; i++) if (Number.isNaN(net.actFinish[i]) && run.es[i] < o) o = run.es[i];
  return Number.isFinite(o) ? o : run.finish;
}

export function riskModelFromSchedule(schedule: Schedule, setup: RiskSetup): ScheduleRiskModel {
  const net = compileNetwork(schedule);
  const run = scheduleNetwork(net);
  const n = net.n;
  const axis = axisCalendar(net);
  const cal = net.calendars[axis];
  const origin = originOf(net, run);
  const c0 = cumulativeWorkingMinutes(cal, origin);
  const hoursAt = (t: number) => Math.max(0, (cumulativeWorkingMinutes(cal, t) - c0) / 60);

  const byId = new Map(schedule.activities.map((a) => [a.id, a]));
  // The CPM's remaining durations: the file's, or derived from dates where the file gives none.
  const remainingOf = (a: { id: string }) => {
    const i = net.indexOf.get(a.id);
    return i === undefined ? 0 : net.remMin[i] / 60;
  };
  const resolved = new Map(resolveUncertainty(schedule, { rules: setup.rules, overrides: setup.overrides, remaining: remainingOf }).map((u) => [u.activityId, u]));
  const duration = new Float64Array(n);
  const earliestStart = new Float64Array(n);
  const distributions: (DurationDistribution | null)[] = new Array(n).fill(null);
  const uncertainty: ActivityUncertainty[] = [];
  const fixed = new Float64Array(n);
  const ratePerHour = new Float64Array(n);
  let costToDate = 0;
  let otherCalendars = 0;

  // Time-dependent cost: labour and equipment assignments cost by the hour; materials do not.
  const timeCost = new Map<string, number>();
  const resourceType = new Map(schedule.resources.map((r) => [r.id, r.type]));
  for (const as of schedule.assignments) if (resourceType.get(as.resourceId) !== 'material') timeCost.set(as.activityId, (timeCost.get(as.activityId) ?? 0) + Math.max(0, as.remainingCost));

  for (let i = 0; i < n; i++) {
    const id = net.ids[i];
    const a = byId.get(id);
    const u = resolved.get(id) ?? { activityId: id, remaining: 0, distribution: null, source: { kind: 'none' as const, reason: 'not in the schedule' } };
    uncertainty.push(u);
    if (a) costToDate += Number.isFinite(a.actualCost) ? a.actualCost : 0;
    const finished = !Number.isNaN(net.actFinish[i]);
    if (finished || net.kind[i] === KIND_LOE || net.kind[i] === KIND_SUMMARY) continue;
    const d = hoursAt(run.ef[i]) - hoursAt(run.es[i]);
    duration[i] = d;
    if (net.cal[i] !== axis) otherCalendars++;
    // Started or constrained where logic did not put it: the kernel must not start it earlier.
    // (Not "as late as possible" work: it sits late by choice and never drives the finish.)
    if (run.driving[i] === -1 && net.cstrType[i] !== CSTR_ALAP) earliestStart[i] = hoursAt(run.es[i]);
    if (u.distribution && u.remaining > 0 && d > 0) distributions[i] = scaled(u.distribution, d / u.remaining);
    if (a) {
      const remainingCost = Math.max(0, Number.isFinite(a.remainingCost) ? a.remainingCost : 0);
      const byTime = Math.min(remainingCost, timeCost.get(id) ?? 0);
      if (d > 0 && byTime > 0) {
        ratePerHour[i] = byTime / d;
        fixed[i] = remainingCost - byTime;
      } else fixed[i] = remainingCost;
    }
  }

  // Links as the kernel reads them. Finished work sits at the origin with no duration, so a link
  // out of it carries, as its lag, the date the CPM found it asks (the lag from the actual finish,
  // never before the data date). What asks nothing in the CPM (an LOE or summary predecessor, a
  // start-type link between started activities under retained logic, finished work under
  // progress override) asks nothing here; nothing moves finished, LOE or summary activities.
  const NEVER = -1e12;
  const predLag = new Float64Array(net.predLag.length);
  for (let i = 0; i < n; i++) {
    const inert = !Number.isNaN(net.actFinish[i]) || net.kind[i] === KIND_LOE || net.kind[i] === KIND_SUMMARY;
    const started = !Number.isNaN(net.actStart[i]);
    for (let k = net.predStart[i]; k < net.predStart[i + 1]; k++) {
      const date = inert ? -Infinity : linkDate(net, run.options, run.es, run.ef, started, k);
      if (date === -Infinity) predLag[k] = NEVER;
      else if (!Number.isNaN(net.actFinish[net.predIdx[k]])) predLag[k] = (cumulativeWorkingMinutes(cal, date) - c0) / 60;
      else predLag[k] = net.lagMin[k] / 60;
    }
  }
  const network: NetworkArrays = {
    n,
    ids: net.ids,
    predStart: net.predStart,
    predIdx: net.predIdx,
    predType: net.predType,
    predLag,
    succStart: net.succStart,
    succIdx: net.succIdx,
    succLink: net.succLink,
  };

  const nodeOf = (activityId: string, what: string): number => {
    const i = net.indexOf.get(activityId);
    if (i === undefined) throw new RiskSetupError(`${what} names an activity that is not in this schedule (${activityId}). Remove it from the risk setup, or import the schedule that holds it.`);
    return i;
  };
  const groupNotes: string[] = [];
  const correlations = correlationGroups(schedule, setup.correlations ?? [], distributions, net.indexOf, nodeOf, groupNotes);
  const events: RiskEvent[] = (setup.events ?? []).map((e) => ({
    id: e.id,
    name: e.name,
    probability: e.probability,
    hits: e.hits.map((h) => ({ node: nodeOf(h.activityId, `The risk "${e.name}"`), ...(h.schedule ? { schedule: h.schedule } : {}), ...(h.cost ? { cost: h.cost } : {}) })),
  }));
  const targets = (setup.targets ?? []).map((id) => nodeOf(id, 'A milestone to report on'));
  const cost: CostModel = { fixed, ratePerHour, costToDate, ...(setup.costUncertainty ? { uncertainty: new Array<ThreePoint>(n).fill(setup.costUncertainty) } : {}) };

  const notes: string[] = [];
  const counts = { rule: 0, override: 0, file: 0, default: 0 };
  for (const u of uncertainty) if (u.source.kind !== 'none') counts[u.source.kind]++;
  if (counts.default > 0) notes.push(`${counts.default.toLocaleString('en-GB')} activities use the default range (−10% / +25% of the remaining duration, triangular): set rules for an assessment of your own.`);
  if (counts.file > 0) notes.push(`${counts.file.toLocaleString('en-GB')} activities use the three-point durations in the file.`);
  if (otherCalendars > 0) notes.push(`${otherCalendars.toLocaleString('en-GB')} activities are on calendars other than the one most of the work uses: their durations are simulated as the project working time they span, and lags in their own working hours.`);
  notes.push(...groupNotes);
  for (const w of net.warnings) notes.push(w.where ? `${w.message} (${w.where})` : w.message);

  return {
    model: { network, duration, distributions, earliestStart, correlations, events, cost, targets },
    codes: net.codes,
    names: net.names,
    uncertainty,
    origin,
    calendar: cal,
    deterministicFinish: fromMinutes(run.finish),
    costToDate,
    notes,
  };
}

/**
 * The correlation groups as node lists. A group takes the varying activities its target covers
 * plus those it names; an activity in two groups stays in the later one; a group left with fewer
 * than two varying activities correlates nothing and is dropped. Each group is described in the
 * run's notes, so the user sees how many activities it moved.
 */
function correlationGroups(
  schedule: Schedule,
  groups: readonly CorrelationSetup[],
  distributions: ReadonlyArray<DurationDistribution | null>,
  indexOf: ReadonlyMap<string, number>,
  nodeOf: (id: string, what: string) => number,
  notes: string[],
): CorrelationGroup[] {
  const match = targetMatcher(schedule);
  const owner = new Map<number, number>();
  const members: number[][] = groups.map((g, gi) => {
    const nodes = new Set<number>();
    for (const id of g.activityIds ?? []) nodes.add(nodeOf(id, `The correlation group "${g.name}"`));
    if (g.target) {
      for (const a of schedule.activities) {
        if (!match(g.target, a)) continue;
        const i = indexOf.get(a.id);
        if (i !== undefined) nodes.add(i);
      }
    }
    const varying = [...nodes].filter((i) => distributions[i]);
    for (const i of varying) owner.set(i, gi);
    return varying;
  });
  const out: CorrelationGroup[] = [];
  groups.forEach((g, gi) => {
    const nodes = members[gi].filter((i) => owner.get(i) === gi);
    const lost = members[gi].length - nodes.length;
    const later = lost > 0 ? ` (${lost.toLocaleString('en-GB')} more are in a later group, which applies to them)` : '';
    if (nodes.length < 2) {
      notes.push(`Correlation group "${g.name}" has ${nodes.length === 0 ? 'no activity' : 'one activity'} that varies${later}, so it correlates nothing.`);
      return;
    }
    notes.push(`Correlation group "${g.name}": ${nodes.length.toLocaleString('en-GB')} activities move together, rank correlation ${g.rho}${later}.`);
    out.push({ name: g.name, rho: g.rho, nodes: nodes.sort((a, b) => a - b) });
  });
  return out;
}
