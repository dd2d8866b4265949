/**
 * Analysis of a canonical schedule at its data date: time-phase the baseline, earn value by
 * technique, read EV/AC history from the status snapshots, then measure the curve, roll up and
 * build the cash flow.
 */
import { AnalysisInputError } from '../model/errors';
import { fromMinutes, tryToMinutes, type LocalDateTime } from '../model/dates';
import { toColumnar, type ColumnarActivities } from '../model/columnar';
import type { MeasureBasis, Schedule, StatusDateSource, StatusSnapshot } from '../model/schedule';
import { defaultStatusDate, statusDateFromFile } from '../model/statusDate';
import { analyseCurve } from './curve';
import { buildCashFlow, type FilePhasedActuals } from './cashflow';
import { periodGrid, periodsElapsed, type PeriodGrid, type PeriodSpec } from './periods';
import { rollUp, type BreakdownBy } from './rollup';
import { actualsAfterDataDateWarning, inferActualStarts, inferredStartsWarning } from './actualDates';
import { basisColumns, chooseBasis, earnedValues } from './techniques';
import { activitySpans, compileCalendars, lowerBound, plannedValuesAt, timePhase, type Spans, type SpreadProfile } from './timephase';
import { fixedCostAccrualNote, remainingFixedAccrual, withFixedCostAccrual } from './fixedCostAccrual';
import { reviseBreakdown, reviseCurve, revisionExtent, revisionPlannedBy, revisionTotal, type BudgetRevision } from './revisions';
import type { Analysis, BreakdownNode, EacMethod, PeriodPoint } from './types';

export interface ScheduleAnalysisOptions {
  /** Status date; default the schedule's default status date (model/statusDate.ts). */
  dataDate?: LocalDateTime;
  /**
   * The caller's local date (`localToday(new Date())`): the status date of last resort, when the
   * schedule has no status date, current date or actual date. The core reads no clock.
   */
  today?: LocalDateTime;
  /** Default: weeks ending at the data date. */
  periods?: PeriodSpec | 'week' | 'month';
  profile?: SpreadProfile;
  basis?: MeasureBasis;
  /** Default 'wbs'. */
  breakdown?: BreakdownBy | 'none';
  eacMethod?: EacMethod;
  compositeWeight?: number;
  lastN?: number;
  /** Approved budget changes to the PMB (revisions.ts): added to PV and BAC, never to EV or AC. Cost basis only. */
  budgetRevisions?: readonly BudgetRevision[];
}

/** Input the analysis cannot work with; the message says what and what to do. */
export { AnalysisInputError };

export function analyseSchedule(schedule: Schedule, opts: ScheduleAnalysisOptions = {}): Analysis {
  const warnings: string[] = [];
  const given = toColumnar(schedule);
  if (given.count === 0) throw new AnalysisInputError("The schedule has no activities, so there is nothing to measure: check that the export includes the project's activities.");
  const cals = compileCalendars(given, schedule.project.defaultCalendarId);
  const sp = activitySpans(given, cals);
  const { at: dd, source: dataDateSource } = resolveDataDate(schedule, opts);
  const profile = opts.profile ?? 'linear';
  const { columns: c, inferred } = inferActualStarts(given, sp, dd);
  const inferredNote = inferredStartsWarning(c, inferred);
  if (inferredNote) warnings.push(inferredNote);
  const lateActuals = actualsAfterDataDateWarning(c, dd);
  if (lateActuals) warnings.push(lateActuals);

  const basis = chooseBasis(c, opts.basis ?? schedule.project.measureBasis);
  // The basis is not a warning (nothing needs fixing): every surface labels it (dictionary.ts MEASURE_BASES).
  const cols = basisColumns(c, basis, sp, dd);

  let undatedBudget = 0;
  for (const i of sp.undated) undatedBudget += cols.budget[i];
  if (undatedBudget > 0)
    warnings.push(`${sp.undated.length} activit${sp.undated.length === 1 ? 'y has' : 'ies have'} a budget but no dates, so their budget is never planned (PV excludes it).`);

  // The grid covers the plan, the data date and the forecast.
  let from = Infinity;
  let to = dd;
  for (let i = 0; i < c.count; i++) {
    if (sp.start[i] < from) from = sp.start[i];
    if (sp.finish[i] > to) to = sp.finish[i];
    if (c.forecastFinish[i] > to) to = c.forecastFinish[i];
  }
  if (!Number.isFinite(from)) throw new AnalysisInputError('No activity has any dates, so no planned value can be computed: give the activities baseline (or planned) start and finish dates.');
  from = Math.min(from, dd);
  // Budget changes (issue 14) count only where budgets are money; the grid covers their spans.
  const revs = basis === 'cost' ? (opts.budgetRevisions ?? []) : [];
  if (basis !== 'cost' && opts.budgetRevisions?.length)
    warnings.push(`This schedule is measured in ${basis === 'units' ? 'units' : 'hours'}, not cost, so the approved budget changes (in money) are not applied to its figures.`);
  const extent = revisionExtent(revs);
  if (extent) {
    from = Math.min(from, extent.from);
    to = Math.max(to, extent.to);
  }

  // PV and EV at the data date. PV honours MS Project's fixed cost accrual when it is money
  // (fixedCostAccrual.ts); `sp` stays the plain spans for the steps that only need dates.
  const pvSp = withFixedCostAccrual(sp, c, basis);
  const pvAt = plannedValuesAt(pvSp, cols.budget, dd, profile);
  const earned = earnedValues(c, cols.budget, dd, pvAt);
  if (earned.clipped.length)
    warnings.push(`${earned.clipped.length} activit${earned.clipped.length === 1 ? 'y reports' : 'ies report'} progress above 100%; EV was capped at the budget (${c.code[earned.clipped[0]]}${earned.clipped.length > 1 ? ' and others' : ''}).`);
  const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
  const replanned = earnedBeforeBaseline(c, sp, earned.ev, dd);
  if (replanned) {
    const unit = basis === 'cost' ? '' : basis === 'units' ? ' (in units)' : ' (in hours)';
    warnings.push(
      `${Math.round(100 * replanned.evShare)}% of the earned value${unit} comes from ${replanned.activities} activit${replanned.activities === 1 ? 'y' : 'ies'} whose baseline start is after the data date. The baseline dates look re-planned rather than a true baseline, so SV and SPI overstate progress: import the schedule with its baseline project (P6) or baseline (MS Project).`,
    );
  }
  const revised = revisionTotal(revs);
  const bac = sum(cols.budget) + revised;
  // Budget added by a change is work not yet done.
  const bottomUpEtc = sum(cols.remaining) + revised;
  if (!(sum(cols.budget) > 0)) throw new AnalysisInputError(`The schedule's budget at completion is zero in ${basis}: add budgets or baseline durations.`);
  const noActualsReason = noActualsIn(basis, cols.actual, sum(earned.ev));
  if (noActualsReason && basis === 'cost') warnings.push(noActualsReason);
  const history = historyFromSnapshots(schedule, c, sp, pvSp, cols.budget, basis, dd, profile, noActualsReason !== undefined);
  const firstActual = earliestActual(c);

  // The PV curve and the measures over a grid that ends at `gridEnd`.
  const measureOver = (gridEnd: number) => {
    const grid = periodGrid(periodSpec(opts.periods, dd), from, gridEnd);
    const curve = timePhase(pvSp, cols.budget, grid.ends, profile);
    if (revs.length) curve.total = reviseCurve(curve.total, grid.ends, revs);
    const status = { pv: sum(pvAt) + revisionPlannedBy(revs, dd), ev: sum(earned.ev), ac: noActualsReason ? null : sum(cols.actual), at: periodsElapsed(grid, dd) };
    const statusPeriod = Math.max(1, Math.ceil(status.at - 1e-9));
    const points = buildPoints(grid, curve.total, statusPeriod, status, history, firstActual);
    const result = analyseCurve({
      points,
      statusPeriod,
      status,
      bac,
      bottomUpEtc,
      noActualsReason,
      eacMethod: opts.eacMethod,
      compositeWeight: opts.compositeWeight,
      lastN: opts.lastN,
      grid,
    });
    return { grid, status, statusPeriod, points, result };
  };
  let m = measureOver(to);
  // A job still working past every planned and forecast date leaves no period after the status
  // period for the cash flow to spread the estimate to complete over. Extend the grid to the
  // IEAC(t) finish (at least one period): the measures at the data date are unchanged, since PV is
  // flat at BAC after the plan ends.
  const gridEnd = m.grid.ends[m.grid.ends.length - 1];
  if ((m.result.cost.etc.value ?? 0) > 0 && m.statusPeriod === m.grid.ends.length) {
    const forecastEnd = m.result.forecastFinish.spit ?? m.result.forecastFinish.pf1;
    const lateFinish = forecastEnd === null ? null : tryToMinutes(forecastEnd);
    const periodLength = gridEnd - (m.grid.ends.length > 1 ? m.grid.ends[m.grid.ends.length - 2] : m.grid.start);
    m = measureOver(Math.max(lateFinish ?? 0, gridEnd + periodLength));
  }
  const { grid, status, statusPeriod, points, result } = m;
  // Where PV is explained ("show the math"), say which fixed costs it plans at one instant.
  const accrualNote = pvSp === sp ? null : fixedCostAccrualNote(c, schedule.project.currency || 'GBP');
  if (accrualNote) result.cost.pv.reason = result.cost.pv.reason ? `${result.cost.pv.reason} ${accrualNote}` : accrualNote;

  const by = opts.breakdown ?? 'wbs';
  const rolled =
    by === 'none'
      ? null
      : rollUp(c, { pv: pvAt, ev: earned.ev, ac: cols.actual, bac: cols.budget, etc: cols.remaining }, by, {
          project: schedule.project,
          noActualsReason,
          eacMethod: opts.eacMethod,
          compositeWeight: opts.compositeWeight,
          activityCodes: schedule.activities.map((a) => a.codes),
          codeTypes: schedule.codeTypes,
        });
  const breakdown = rolled && revs.length ? reviseBreakdownWithNote(rolled, revs, dd, { noActualsReason, eacMethod: opts.eacMethod, compositeWeight: opts.compositeWeight }, warnings) : rolled;

  const shape = remainingShape(c, sp, cols.remaining, dd, grid, profile, basis);
  const flow = buildCashFlow({
    points,
    statusPeriod,
    status,
    etc: etcOf(result.cost.etc.value),
    remainingShape: shape,
    fileActuals: basis === 'duration' ? null : fileActuals(schedule, basis, grid, dd, statusPeriod),
  });
  return {
    project: { id: schedule.project.id, name: schedule.project.name, currency: schedule.project.currency || 'GBP' },
    dataDate: fromMinutes(dd),
    dataDateSource,
    measureBasis: basis,
    statusPeriod,
    cost: result.cost,
    schedule: result.schedule,
    forecastFinish: result.forecastFinish,
    series: result.series,
    breakdown,
    cashFlow: flow.rows,
    cashFlowInfo: flow.info,
    warnings,
    ...(noActualsReason ? { noActualsReason } : {}),
    ...(replanned ? { replannedBaseline: replanned } : {}),
  };
}

function reviseBreakdownWithNote(root: BreakdownNode, revs: readonly BudgetRevision[], dd: number, o: Parameters<typeof reviseBreakdown>[3], warnings: string[]): BreakdownNode {
  const { root: revisedRoot, unplaced } = reviseBreakdown(root, revs, dd, o);
  if (unplaced.length) {
    const codes = [...new Set(unplaced.map((r) => r.accountCode || r.accountId))];
    warnings.push(
      `Approved budget changes to ${codes.slice(0, 3).join(', ')}${codes.length > 3 ? ` and ${codes.length - 3} more` : ''} are in the project's totals but not on a row of this breakdown, which does not show ${codes.length === 1 ? 'that account' : 'those accounts'}: switch the breakdown to the one the change was written against to see ${codes.length === 1 ? 'it' : 'them'}.`,
    );
  }
  return revisedRoot;
}

const etcOf = (v: number | null): number | null => (v === null ? null : Math.max(0, v));

/**
 * The actual spend the file itself time-phases (P6 TRSRCFIN past-period actuals, MS Project
 * time-phased actual cost or work, from its XML or its .mpp), summed per period of the grid. A
 * record belongs to the period holding its last instant: a P6 financial period or an MS Project
 * day longer than a grid period is not split by guess, it lands where it closes. Records after
 * the data date are left out (an actual after the data date is a data error the analysis
 * already warns about). Null when the file holds no such records.
 */
function fileActuals(schedule: Schedule, basis: 'cost' | 'units', grid: PeriodGrid, dd: number, statusPeriod: number): FilePhasedActuals | null {
  const kind = basis === 'cost' ? 'actual-cost' : 'actual-units';
  const perPeriod = new Float64Array(grid.ends.length);
  const spanFrom = new Int32Array(grid.ends.length);
  let through = 0;
  let records = 0;
  for (const asg of schedule.assignments ?? []) {
    if (!asg.timephased) continue;
    for (const r of asg.timephased) {
      if (r.kind !== kind || !(r.value !== 0)) continue;
      const s = tryToMinutes(r.start);
      const f = tryToMinutes(r.finish);
      if (s === null || f === null || s >= dd) continue;
      const last = Math.min(Math.max(s, f - 1), dd - 1);
      // Period k (1-based) holds (end[k−2], end[k−1]]: the first end at or after the instant's end.
      // (Spend before the grid's start, on work begun before any planned date, counts in period 1.)
      const k = Math.min(lowerBound(grid.ends, last + 1), statusPeriod - 1) + 1;
      perPeriod[k - 1] += r.value;
      const first = Math.min(lowerBound(grid.ends, Math.max(s, grid.start) + 1), k - 1) + 1;
      if (first < k && (spanFrom[k - 1] === 0 || first < spanFrom[k - 1])) spanFrom[k - 1] = first;
      if (k > through) through = k;
      records++;
    }
  }
  if (records === 0) return null;
  const source = schedule.source?.format === 'mspdi' || schedule.source?.format === 'mpp' ? 'time-phased actual ' + (basis === 'cost' ? 'cost' : 'work') : schedule.source?.format === 'xer' || schedule.source?.format === 'xlsx' ? 'P6 past-period actuals (TRSRCFIN)' : 'period actuals';
  return { perPeriod, spanFrom, through, source };
}

function periodSpec(p: ScheduleAnalysisOptions['periods'], dd: number): PeriodSpec {
  if (p === undefined || p === 'week') return { kind: 'week', anchor: dd };
  if (p === 'month') return { kind: 'month' };
  return p;
}

/**
 * The status date: the one given, else the schedule's default (model/statusDate.ts: its status
 * date, MS Project's current date, the latest actual or snapshot date, else the caller's today),
 * with where it came from, which the Analysis reports.
 */
export function resolveDataDate(schedule: Schedule, opts: ScheduleAnalysisOptions): { at: number; source: StatusDateSource } {
  const choice =
    opts.dataDate !== undefined
      ? { date: opts.dataDate, source: 'given' as const }
      : opts.today !== undefined
        ? defaultStatusDate(schedule, opts.today)
        : statusDateFromFile(schedule);
  if (choice === undefined)
    throw new AnalysisInputError('The schedule has no status date, no current date and no actual dates, so there is no date to measure at: give the date to measure at (the data date).');
  const at = tryToMinutes(choice.date);
  if (at === null) throw new AnalysisInputError(`The data date "${choice.date}" is not a date (expected YYYY-MM-DD).`);
  return { at, source: choice.source };
}

/** What the schedule says when it is not measured in cost: it carries neither costs nor actual units. */
export const NO_COSTS_OR_ACTUAL_UNITS = 'This schedule carries no costs or actual units.';

/**
 * Why there is no AC, or undefined when there is one. AC comes only from actual cost, or from
 * actual work units where the schedule is measured in units: elapsed duration is never AC (a
 * schedule-only P6 update would otherwise show "CPI 0.34, critical" on a job with no costs). A
 * schedule whose actuals are all zero while value has been earned records no actuals at all; its
 * "AC = 0" would make every EAC equal the remaining budget, so it is reported as missing too.
 */
export function noActualsIn(basis: MeasureBasis, actual: Float64Array, ev: number): string | undefined {
  if (basis === 'duration') return NO_COSTS_OR_ACTUAL_UNITS;
  if (!(ev > 0)) return undefined;
  for (let i = 0; i < actual.length; i++) if (actual[i] !== 0) return undefined;
  return basis === 'units'
    ? NO_COSTS_OR_ACTUAL_UNITS
    : 'No actual cost is recorded in this schedule although work has been earned, so the cost measures are not available: export the schedule with its actual costs.';
}

function earliestActual(c: ColumnarActivities): number {
  let t = Infinity;
  for (let i = 0; i < c.count; i++) if (c.actualStart[i] < t) t = c.actualStart[i];
  return t;
}

interface HistoryPoint {
  at: number;
  ev: number;
  ac: number | null;
}

/** EV and AC at each earlier snapshot's data date. */
function historyFromSnapshots(
  schedule: Schedule,
  c: ColumnarActivities,
  sp: Spans,
  /** `sp` with the fixed cost accrual PV honours. */
  pvSp: Spans,
  budget: Float64Array,
  basis: MeasureBasis,
  dd: number,
  profile: SpreadProfile,
  noActuals: boolean,
): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  const index = new Map(c.id.map((id, i) => [id, i]));
  for (const snap of schedule.snapshots) {
    const t = tryToMinutes(snap.dataDate);
    if (t === null || t >= dd) continue;
    const sc = inferActualStarts(withSnapshot(c, snap), sp, t).columns;
    const cols = basisColumns(sc, basis, sp, t);
    const pvAt = plannedValuesAt(pvSp, budget, t, profile);
    const milestones = new Map<number, ReadonlySet<string>>();
    for (const s of snap.activities) if (s.milestonesAchieved) milestones.set(index.get(s.activityId) ?? -1, new Set(s.milestonesAchieved));
    const ev = earnedValues(sc, budget, t, pvAt, milestones).ev.reduce((a, b) => a + b, 0);
    out.push({ at: t, ev, ac: noActuals ? null : cols.actual.reduce((a, b) => a + b, 0) });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** A copy of the columns with one snapshot's status in place of the latest. */
export function withSnapshot(c: ColumnarActivities, snap: StatusSnapshot): ColumnarActivities {
  const n = c.count;
  const nan = () => new Float64Array(n).fill(NaN);
  const s: ColumnarActivities = {
    ...c,
    actualStart: nan(), actualFinish: nan(), forecastFinish: Float64Array.from(c.forecastFinish),
    pctPhysical: nan(), pctDuration: nan(), pctUnits: nan(),
    actualCost: new Float64Array(n), actualUnits: new Float64Array(n),
    remainingCost: Float64Array.from(c.budgetCost), remainingUnits: Float64Array.from(c.budgetUnits),
    remainingDuration: nan(), actualDuration: nan(),
  };
  const index = new Map(c.id.map((id, i) => [id, i]));
  for (const a of snap.activities) {
    const i = index.get(a.activityId);
    if (i === undefined) continue;
    s.actualStart[i] = a.actualStart ? (tryToMinutes(a.actualStart) ?? NaN) : NaN;
    s.actualFinish[i] = a.actualFinish ? (tryToMinutes(a.actualFinish) ?? NaN) : NaN;
    if (a.forecastFinish) s.forecastFinish[i] = tryToMinutes(a.forecastFinish) ?? NaN;
    s.pctPhysical[i] = a.percentComplete.physical ?? NaN;
    s.pctDuration[i] = a.percentComplete.duration ?? NaN;
    s.pctUnits[i] = a.percentComplete.units ?? NaN;
    s.actualCost[i] = a.actualCost;
    s.actualUnits[i] = a.actualUnits;
    s.remainingCost[i] = a.remainingCost ?? Math.max(0, c.budgetCost[i] - a.actualCost);
    s.remainingUnits[i] = a.remainingUnits ?? Math.max(0, c.budgetUnits[i] - a.actualUnits);
  }
  return s;
}

/**
 * The cumulative curve per period. PV comes from the baseline at every period end. EV/AC are
 * known: at the status period (the data date's values), in periods holding an earlier snapshot
 * (its values), and as zero in periods that end before any work started. Elsewhere they are
 * null: Earnest never invents history it was not given.
 */
function buildPoints(
  grid: PeriodGrid,
  pv: Float64Array,
  statusPeriod: number,
  status: { ev: number; ac: number | null },
  history: HistoryPoint[],
  firstActual: number,
): PeriodPoint[] {
  const points: PeriodPoint[] = Array.from(grid.ends, (end, idx) => ({
    index: idx + 1,
    end: fromMinutes(end),
    label: grid.labels[idx],
    pv: pv[idx],
    ev: end <= firstActual && idx + 1 < statusPeriod ? 0 : null,
    ac: end <= firstActual && idx + 1 < statusPeriod ? 0 : null,
  }));
  for (const h of history) {
    const k = Math.max(1, Math.ceil(periodsElapsed(grid, h.at) - 1e-9));
    if (k < statusPeriod) {
      points[k - 1].ev = h.ev;
      points[k - 1].ac = h.ac;
    }
  }
  points[statusPeriod - 1].ev = status.ev;
  points[statusPeriod - 1].ac = status.ac;
  return points;
}

/**
 * Incremental remaining work per period: each unfinished activity's remaining amount spread over
 * [max(data date, forecast start), forecast finish] (planned dates when no forecast). Null when
 * no activity has forecast or planned dates for its remaining work.
 */
/**
 * Value earned on work whose baseline says it has not started yet. A little is normal (work
 * started early); when it is most of the EV, the baseline dates were almost certainly re-planned
 * (P6 planned dates moved with the schedule, no baseline project in the export), and SV and SPI
 * then report the re-plan, not performance. Reported above a third of EV.
 */
function earnedBeforeBaseline(c: ColumnarActivities, sp: Spans, ev: Float64Array, dd: number): { evShare: number; activities: number } | null {
  let early = 0;
  let total = 0;
  let count = 0;
  for (let i = 0; i < c.count; i++) {
    total += ev[i];
    if (ev[i] > 0 && sp.start[i] > dd) {
      early += ev[i];
      count++;
    }
  }
  if (!(total > 0) || early / total <= 1 / 3) return null;
  return { evShare: early / total, activities: count };
}

const firstDate = (...xs: number[]): number => {
  for (const x of xs) if (!Number.isNaN(x)) return x;
  return NaN;
};

function remainingShape(c: ColumnarActivities, sp: Spans, remaining: Float64Array, dd: number, grid: PeriodGrid, profile: SpreadProfile, basis: MeasureBasis): Float64Array | null {
  const n = c.count;
  const start = new Float64Array(n);
  const finish = new Float64Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    // Remaining work runs over the forecast dates, else the current plan, else the baseline (a
    // schedule that carries only baseline dates still has a shape for what is left). Work already
    // under way continues from the data date.
    const started = !Number.isNaN(c.actualStart[i]);
    let s = firstDate(c.forecastStart[i], c.plannedStart[i], started ? dd : sp.start[i]);
    let f = firstDate(c.forecastFinish[i], c.plannedFinish[i], sp.finish[i]);
    if (Number.isNaN(f)) f = s;
    if (remaining[i] > 0 && !Number.isNaN(f)) any = true;
    if (Number.isNaN(s)) s = f;
    s = Math.max(s, dd);
    f = Math.max(f, s);
    start[i] = s;
    finish[i] = f;
  }
  if (!any) return null;
  const fsp: Spans = { ...sp, start, finish, startCum: new Float64Array(n), finishCum: new Float64Array(n) };
  // A fixed cost still to be spent falls due when MS Project accrues it (the forecast start or
  // finish), not with the remaining work: remainingFixedAccrual explains which part remains.
  const accrual = remainingFixedAccrual(c, remaining, basis);
  if (accrual) fsp.accrual = accrual;
  // Working-time fractions are not needed for the shape's purpose; elapsed time is a fair spread
  // for remaining work, and avoids a second pass over the calendars.
  fsp.startCum.fill(0);
  fsp.finishCum.fill(0);
  const cum = timePhase(fsp, remaining, grid.ends, profile).total;
  const inc = new Float64Array(cum.length);
  for (let k = 0; k < cum.length; k++) inc[k] = cum[k] - (k > 0 ? cum[k - 1] : 0);
  return inc;
}

