/**
 * PMXML `Activity` → model `Activity` (dates, durations, progress, type, codes). Costs and units
 * are added afterwards from the assignments and expenses (./buildSchedule.ts), because P6 does not
 * write an activity's material or expense costs on the activity itself.
 *
 * Which P6 field becomes which model field (the same choices as the XER reader, so one P6 project
 * gives one model whichever way it was exported):
 * - baselineStart/Finish ← PlannedStartDate/PlannedFinishDate. P6's "planned" dates are the
 *   project's own target dates (XER target_start/end_date); they stand in for the baseline
 *   unless P6's project baseline is in the file, which then replaces them (./baselines.ts).
 * - plannedStart/Finish ← P6's early dates (XER early_start/end_date). PMXML from P6
 *   Professional omits EarlyStartDate/EarlyFinishDate; for unfinished work they equal the
 *   remaining early dates, which it does write. Then, as in XER, actual dates, then planned.
 * - forecastStart/Finish ← RemainingEarlyStartDate/RemainingEarlyFinishDate (XER restart/reend):
 *   P6 leaves them empty once an activity is complete.
 * - durations are already hours in PMXML; originalDuration and baselineDuration ← PlannedDuration.
 * - EV technique: level of effort for LOE activities, else the WBS element's technique (0/100,
 *   50/50) or percent complete.
 * - constraints in the XER reader's words ("start-on-or-after").
 * - percent complete: PMXML stores fractions (0.25 = 25%), one per kind; the activity's
 *   PercentCompleteType says which one P6 uses for EV.
 */
import type { Activity, EvTechnique, PercentCompleteType } from '../../model/schedule';
import { inlineCodes, inlineUdfs, type CodeBook, type UdfBook } from './codes';
import { text, type XmlNode } from './xmlTree';
import { activityType, constraintType, fraction, parseDate, parseNumber, percentCompleteType, squash } from './values';
import type { WarningLog } from './warnings';

export interface ActivityContext {
  projectCode: string;
  defaultPctType: PercentCompleteType;
  wbsIds: Set<string>;
  rootWbsId: string;
  techniqueOf(wbsId: string): EvTechnique | undefined;
  codes: CodeBook;
  extraCodes: Map<string, Record<string, string>>;
  udfs: UdfBook;
  extraUdfs: Map<string, Record<string, string | number>>;
  calendarIds: Set<string>;
  log: WarningLog;
}

/** Activity names and ids longer than this are cut (P6 allows 120 characters). */
const MAX_TEXT = 2000;

function clip(s: string, what: string, where: string, log: WarningLog): string {
  if (s.length <= MAX_TEXT) return s;
  log.add(`An activity ${what} is ${s.length.toLocaleString('en-GB')} characters long; it was cut to ${MAX_TEXT}.`, where, `clip-${what}`);
  return s.slice(0, MAX_TEXT);
}

function hours(node: XmlNode, tag: string, where: string, log: WarningLog): number | undefined {
  const v = parseNumber(text(node, tag));
  if (v === undefined) return undefined;
  if (v < 0) {
    log.add(`${tag} is negative (${v} h); it was left out.`, where, `negative-${tag}`);
    return undefined;
  }
  return v;
}

function pct(node: XmlNode, tag: string, where: string, log: WarningLog): number | undefined {
  const raw = parseNumber(text(node, tag));
  const f = fraction(raw);
  if (raw !== undefined && f !== undefined && raw > 1 + 1e-9) {
    log.add(`${tag} is ${raw}, above 1: read as a percentage (${raw}% = ${f}).`, where, `pct-scale-${tag}`);
  }
  return f;
}

export function toActivity(node: XmlNode, ctx: ActivityContext): Activity | undefined {
  const { log } = ctx;
  const id = text(node, 'ObjectId');
  const code0 = text(node, 'Id');
  const where = `Project ${ctx.projectCode}, Activity ${code0 ?? id ?? '?'}`;
  if (!id) {
    log.add('An activity has no ObjectId, so its assignments and relationships cannot be matched; it was skipped.', where, 'activity-no-id');
    return undefined;
  }
  const code = clip(code0 ?? id, 'id', where, log);

  const rawType = text(node, 'Type');
  let type = activityType(rawType);
  if (!type) {
    if (rawType) log.add(`Activity type "${rawType}" is not a P6 type; the activity was read as a task.`, where, 'activity-type');
    type = 'task';
  }

  let wbsId = text(node, 'WBSObjectId') ?? ctx.rootWbsId;
  if (!ctx.wbsIds.has(wbsId)) {
    log.add(`The activity's WBS element ${wbsId} is not in the file; it was placed under the project.`, where, 'activity-wbs-missing');
    wbsId = ctx.rootWbsId;
  }

  const rawPct = text(node, 'PercentCompleteType');
  const pctType = percentCompleteType(rawPct);
  if (rawPct && !pctType) log.add(`Percent complete type "${rawPct}" is not a P6 type; the project default was used.`, where, 'pct-type');

  const codes = { ...inlineCodes(node, ctx.codes), ...ctx.extraCodes.get(id) };
  const a: Activity = {
    id,
    code,
    name: clip(text(node, 'Name') ?? '', 'name', where, log),
    wbsId,
    type,
    percentCompleteType: pctType ?? ctx.defaultPctType,
    percentComplete: {},
    evTechnique: type === 'level-of-effort' ? { kind: 'level-of-effort' } : (ctx.techniqueOf(wbsId) ?? { kind: 'percent-complete' }),
    budgetCost: 0,
    actualCost: 0,
    remainingCost: 0,
    budgetUnits: 0,
    actualUnits: 0,
    remainingUnits: 0,
    codes,
  };

  const cal = text(node, 'CalendarObjectId');
  if (cal && ctx.calendarIds.has(cal)) a.calendarId = cal;
  else if (cal) log.add(`The activity's calendar ${cal} is not in the file; it uses the project's default calendar.`, where, 'activity-calendar-missing');

  const warned = new Set<string>();
  const set = (key: 'baselineStart' | 'baselineFinish' | 'plannedStart' | 'plannedFinish' | 'actualStart' | 'actualFinish' | 'forecastStart' | 'forecastFinish', ...tags: string[]) => {
    for (const tag of tags) {
      const raw = text(node, tag);
      if (raw === undefined) continue;
      const d = parseDate(raw);
      if (d) {
        a[key] = d;
        return;
      }
      if (!warned.has(tag)) log.add(`${tag} "${raw}" is not a date; it was left out.`, where, `bad-date-${tag}`);
      warned.add(tag);
    }
  };
  set('baselineStart', 'PlannedStartDate');
  set('baselineFinish', 'PlannedFinishDate');
  set('plannedStart', 'EarlyStartDate', 'RemainingEarlyStartDate', 'ActualStartDate', 'PlannedStartDate');
  set('plannedFinish', 'EarlyFinishDate', 'RemainingEarlyFinishDate', 'ActualFinishDate', 'PlannedFinishDate');
  set('actualStart', 'ActualStartDate');
  set('actualFinish', 'ActualFinishDate');
  if (!a.actualFinish) {
    set('forecastStart', 'RemainingEarlyStartDate');
    set('forecastFinish', 'RemainingEarlyFinishDate');
  }

  const planned = hours(node, 'PlannedDuration', where, log);
  if (planned !== undefined) {
    a.originalDuration = planned;
    a.baselineDuration = planned;
  }
  const remaining = hours(node, 'RemainingDuration', where, log);
  if (remaining !== undefined) a.remainingDuration = remaining;
  const actual = hours(node, 'ActualDuration', where, log);
  if (actual !== undefined) a.actualDuration = actual;
  // P6's own total float, in hours (negative when late, so not read through hours()).
  const totalFloat = parseNumber(text(node, 'TotalFloat'));
  if (totalFloat !== undefined) a.totalFloat = totalFloat;

  const physical = pct(node, 'PhysicalPercentComplete', where, log);
  const duration = pct(node, 'DurationPercentComplete', where, log);
  const units = pct(node, 'UnitsPercentComplete', where, log);
  if (physical !== undefined) a.percentComplete.physical = physical;
  if (duration !== undefined) a.percentComplete.duration = duration;
  if (units !== undefined) a.percentComplete.units = units;
  // Files that carry only the EV percentage (PercentComplete) give it to the activity's type.
  if (physical === undefined && duration === undefined && units === undefined) {
    const overall = pct(node, 'PercentComplete', where, log);
    if (overall !== undefined) a.percentComplete[a.percentCompleteType] = overall;
  }

  const cstr = text(node, 'PrimaryConstraintType');
  if (cstr && squash(cstr) !== 'none') {
    const date = parseDate(text(node, 'PrimaryConstraintDate'));
    a.constraint = date ? { type: constraintType(cstr), date } : { type: constraintType(cstr) };
  }

  const udf = { ...inlineUdfs(node, ctx.udfs), ...ctx.extraUdfs.get(id) };
  if (Object.keys(udf).length) a.udf = udf;
  return a;
}
