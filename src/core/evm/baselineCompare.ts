/**
 * Comparing two baselines, or a baseline and the current status (issue 14): per activity, per WBS
 * element and per control account, the start and finish variance, the duration and budget change,
 * and the activities added and removed; with a summary (counts, total budget change, biggest slips).
 *
 * Side A is the reference (the older baseline), side B the one compared with it (a newer baseline
 * or the current status); every change is B − A, so a positive variance is a slip and a positive
 * budget change is growth.
 *
 * Variances are in WORKING DAYS, as P6's baseline variance columns count them: working time
 * between the two dates on the activity's calendar in B (the removed activities' in A), divided by
 * that calendar's hours per day. Durations are the working days from start to finish on the same
 * calendar. WBS and control-account rows count on the project's default calendar of B. Nothing is
 * rounded: the screen rounds for display.
 */
import { workingMinutesBetween, type CompiledCalendar } from '../calendar';
import { tryToMinutes, type LocalDateTime } from '../model/dates';
import { calendarLookup, matchPlan, type BaselinePlan, type BaselinePlanRow } from './baselines';

export type CompareStatus = 'added' | 'removed' | 'changed' | 'unchanged';

export interface ActivityDelta {
  /** The activity ID the user sees (else the internal id). */
  code: string;
  name: string;
  wbs?: string;
  wbsName?: string;
  controlAccount?: string;
  status: CompareStatus;
  startA?: LocalDateTime;
  startB?: LocalDateTime;
  finishA?: LocalDateTime;
  finishB?: LocalDateTime;
  /** Working days, B − A; null when either side has no date. */
  startVariance: number | null;
  finishVariance: number | null;
  /** Working days from start to finish; null without both dates. */
  durationA: number | null;
  durationB: number | null;
  durationChange: number | null;
  /** Budget (cost) on each side; null on the side the activity is not in. */
  budgetA: number | null;
  budgetB: number | null;
  /** B − A, an absent side counting as 0 (an added activity's whole budget is growth). */
  budgetChange: number;
}

export interface GroupDelta {
  kind: 'wbs' | 'control-account';
  code: string;
  name?: string;
  /** Activities in either side. */
  activities: number;
  added: number;
  removed: number;
  changed: number;
  budgetA: number;
  budgetB: number;
  budgetChange: number;
  /** Earliest start and latest finish of the group's activities on each side. */
  startA?: LocalDateTime;
  startB?: LocalDateTime;
  finishA?: LocalDateTime;
  finishB?: LocalDateTime;
  startVariance: number | null;
  finishVariance: number | null;
  /** The largest finish slip of one of its activities (working days), null when none slipped. */
  biggestSlip: number | null;
}

export interface ComparisonSummary {
  activitiesA: number;
  activitiesB: number;
  /** In both sides. */
  matched: number;
  added: number;
  removed: number;
  /** Matched activities whose dates, duration or budget differ. */
  changed: number;
  /** Matched activities that finish later in B, and earlier. */
  slipped: number;
  gained: number;
  budgetA: number;
  budgetB: number;
  budgetChange: number;
  /** The latest finish on each side and the variance between them (working days). */
  finishA?: LocalDateTime;
  finishB?: LocalDateTime;
  finishVariance: number | null;
  /** The matched activities that slipped most (finish variance), worst first, at most 10. */
  biggestSlips: ActivityDelta[];
}

export interface BaselineComparison {
  a: { name: string; date?: LocalDateTime };
  b: { name: string; date?: LocalDateTime };
  unit: 'working days';
  summary: ComparisonSummary;
  /** Every activity of either side: A's order, then the added ones in B's order. */
  activities: ActivityDelta[];
  wbs: GroupDelta[];
  controlAccounts: GroupDelta[];
}

const BIGGEST_SLIPS = 10;

/** Budgets are money: differences below a hundredth of a penny are float noise, not changes. */
const sameMoney = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function days(cc: CompiledCalendar, from: number | null, to: number | null): number | null {
  if (from === null || to === null) return null;
  return workingMinutesBetween(cc, from, to) / (cc.hoursPerDay * 60);
}

const minutes = (d: LocalDateTime | undefined): number | null => (d ? tryToMinutes(d) : null);

interface Acc {
  code: string;
  name?: string;
  activities: number;
  added: number;
  removed: number;
  changed: number;
  budgetA: number;
  budgetB: number;
  startA: number;
  startB: number;
  finishA: number;
  finishB: number;
  biggestSlip: number | null;
}

function newAcc(code: string, name?: string): Acc {
  return { code, ...(name ? { name } : {}), activities: 0, added: 0, removed: 0, changed: 0, budgetA: 0, budgetB: 0, startA: Infinity, startB: Infinity, finishA: -Infinity, finishB: -Infinity, biggestSlip: null };
}

function addTo(acc: Acc, d: ActivityDelta, sA: number | null, sB: number | null, fA: number | null, fB: number | null): void {
  acc.activities++;
  if (d.status === 'added') acc.added++;
  else if (d.status === 'removed') acc.removed++;
  else if (d.status === 'changed') acc.changed++;
  acc.budgetA += d.budgetA ?? 0;
  acc.budgetB += d.budgetB ?? 0;
  if (sA !== null) acc.startA = Math.min(acc.startA, sA);
  if (sB !== null) acc.startB = Math.min(acc.startB, sB);
  if (fA !== null) acc.finishA = Math.max(acc.finishA, fA);
  if (fB !== null) acc.finishB = Math.max(acc.finishB, fB);
  if (d.finishVariance !== null && d.finishVariance > 0 && (acc.biggestSlip === null || d.finishVariance > acc.biggestSlip)) acc.biggestSlip = d.finishVariance;
}

const finiteOrNull = (m: number): number | null => (Number.isFinite(m) ? m : null);

function groupOf(kind: GroupDelta['kind'], acc: Acc, cc: CompiledCalendar, toText: (m: number | null) => LocalDateTime | undefined): GroupDelta {
  const sA = finiteOrNull(acc.startA);
  const sB = finiteOrNull(acc.startB);
  const fA = finiteOrNull(acc.finishA);
  const fB = finiteOrNull(acc.finishB);
  return {
    kind,
    code: acc.code,
    ...(acc.name ? { name: acc.name } : {}),
    activities: acc.activities,
    added: acc.added,
    removed: acc.removed,
    changed: acc.changed,
    budgetA: acc.budgetA,
    budgetB: acc.budgetB,
    budgetChange: acc.budgetB - acc.budgetA,
    ...defined({ startA: toText(sA), startB: toText(sB), finishA: toText(fA), finishB: toText(fB) }),
    startVariance: days(cc, sA, sB),
    finishVariance: days(cc, fA, fB),
    biggestSlip: acc.biggestSlip,
  };
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Compares plan `b` with plan `a` (B − A). Activities are matched by id, else by the activity ID
 * the user sees (baselines.ts matchPlan).
 */
export function compareBaselines(a: BaselinePlan, b: BaselinePlan): BaselineComparison {
  const { rowOf, unmatched } = matchPlan(b, a.rows.map((r) => ({ id: r.activityId, code: r.code ?? '' })));
  // rowOf[i]: the row of B matching A's row i. B's rows left over are the added activities.
  const calB = calendarLookup(b.calendars, b.defaultCalendarId);
  const calA = calendarLookup(a.calendars, a.defaultCalendarId);
  const projectCal = calB(undefined);
  const dateText = new Map<number, LocalDateTime>();
  const remember = (text: LocalDateTime | undefined, m: number | null) => {
    if (text && m !== null && !dateText.has(m)) dateText.set(m, text);
  };
  const toText = (m: number | null): LocalDateTime | undefined => (m === null ? undefined : dateText.get(m));

  const activities: ActivityDelta[] = [];
  const wbs = new Map<string, Acc>();
  const cas = new Map<string, Acc>();
  let matched = 0;
  let changed = 0;
  let slipped = 0;
  let gained = 0;
  let budgetA = 0;
  let budgetB = 0;
  let finishA = -Infinity;
  let finishB = -Infinity;

  const visit = (ra: BaselinePlanRow | undefined, rb: BaselinePlanRow | undefined) => {
    const described = (rb ?? ra) as BaselinePlanRow;
    // Counted on B's calendar for the activity (A's for a removed one).
    const cc = rb ? calB(rb.calendarId) : calA(ra?.calendarId);
    const sA = minutes(ra?.start);
    const fA = minutes(ra?.finish);
    const sB = minutes(rb?.start);
    const fB = minutes(rb?.finish);
    remember(ra?.start, sA);
    remember(ra?.finish, fA);
    remember(rb?.start, sB);
    remember(rb?.finish, fB);
    const durationA = ra ? days(cc, sA, fA) : null;
    const durationB = rb ? days(cc, sB, fB) : null;
    const bA = ra ? (ra.budgetCost ?? 0) : null;
    const bB = rb ? (rb.budgetCost ?? 0) : null;
    const startVariance = ra && rb ? days(cc, sA, sB) : null;
    const finishVariance = ra && rb ? days(cc, fA, fB) : null;
    let status: CompareStatus;
    if (!ra) status = 'added';
    else if (!rb) status = 'removed';
    else {
      matched++;
      const same = sA === sB && fA === fB && sameMoney(bA ?? 0, bB ?? 0) && sameMoney(ra.budgetUnits ?? 0, rb.budgetUnits ?? 0);
      status = same ? 'unchanged' : 'changed';
      if (!same) changed++;
      if (finishVariance !== null && finishVariance > 0) slipped++;
      if (finishVariance !== null && finishVariance < 0) gained++;
    }
    if (fA !== null && ra) finishA = Math.max(finishA, fA);
    if (fB !== null && rb) finishB = Math.max(finishB, fB);
    budgetA += bA ?? 0;
    budgetB += bB ?? 0;
    // Built field by field: 100k of these must not cost a spread or Object.fromEntries each.
    const d: ActivityDelta = {
      code: described.code || described.activityId,
      name: described.name ?? '',
      status,
      startVariance,
      finishVariance,
      durationA,
      durationB,
      durationChange: durationA !== null && durationB !== null ? durationB - durationA : null,
      budgetA: bA,
      budgetB: bB,
      budgetChange: (bB ?? 0) - (bA ?? 0),
    };
    if (described.wbs !== undefined) d.wbs = described.wbs;
    if (described.wbsName !== undefined) d.wbsName = described.wbsName;
    if (described.controlAccount !== undefined) d.controlAccount = described.controlAccount;
    if (ra?.start !== undefined) d.startA = ra.start;
    if (rb?.start !== undefined) d.startB = rb.start;
    if (ra?.finish !== undefined) d.finishA = ra.finish;
    if (rb?.finish !== undefined) d.finishB = rb.finish;
    activities.push(d);
    const wbsCode = described.wbs ?? '';
    let w = wbs.get(wbsCode);
    if (!w) wbs.set(wbsCode, (w = newAcc(wbsCode || '(no WBS)', described.wbsName)));
    addTo(w, d, ra ? sA : null, rb ? sB : null, ra ? fA : null, rb ? fB : null);
    if (described.controlAccount) {
      let c = cas.get(described.controlAccount);
      if (!c) cas.set(described.controlAccount, (c = newAcc(described.controlAccount)));
      addTo(c, d, ra ? sA : null, rb ? sB : null, ra ? fA : null, rb ? fB : null);
    }
  };

  a.rows.forEach((ra, i) => visit(ra, rowOf[i]));
  for (const rb of unmatched) visit(undefined, rb);

  const fAm = finiteOrNull(finishA);
  const fBm = finiteOrNull(finishB);
  const biggestSlips = activities
    .filter((d) => d.finishVariance !== null && d.finishVariance > 0)
    .sort((x, y) => (y.finishVariance as number) - (x.finishVariance as number))
    .slice(0, BIGGEST_SLIPS);
  const byCode = (x: GroupDelta, y: GroupDelta) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0);
  return {
    a: { name: a.name, ...(a.date ? { date: a.date } : {}) },
    b: { name: b.name, ...(b.date ? { date: b.date } : {}) },
    unit: 'working days',
    summary: {
      activitiesA: a.rows.length,
      activitiesB: b.rows.length,
      matched,
      added: unmatched.length,
      removed: a.rows.length - matched,
      changed,
      slipped,
      gained,
      budgetA,
      budgetB,
      budgetChange: budgetB - budgetA,
      ...defined({ finishA: toText(fAm), finishB: toText(fBm) }),
      finishVariance: days(projectCal, fAm, fBm),
      biggestSlips,
    },
    activities,
    wbs: [...wbs.values()].map((acc) => groupOf('wbs', acc, projectCal, toText)).sort(byCode),
    controlAccounts: [...cas.values()].map((acc) => groupOf('control-account', acc, projectCal, toText)).sort(byCode),
  };
}
