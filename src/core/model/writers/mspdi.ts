/**
 * Writes a canonical `Schedule` as MS Project XML (MSPDI), the way MS Project 2010+ writes it:
 * tab-indented, one element per line, every money value in hundredths, work and durations as
 * ISO 8601 `PT8H0M0S`, link lags in tenths of a minute.
 *
 * What it is for: benchmarks and round-trip tests of the MSPDI reader on large, realistic files
 * made from the seeded synthetic generator (`syntheticSchedule`), so nobody needs a copy of MS
 * Project or a customer's file to measure the reader. It is not an export feature: it writes
 * what the reader needs plus the common elements MS Project writes around them (IDs, outline,
 * early dates, slack, fixed cost and its accrual, resource cost rate tables, EV figures, custom
 * fields, baselines), leaving out the many
 * flags and overtime fields MS Project also writes, so a task with its assignment comes to about
 * 4 KB and a 10,000-task file to about 40 MB (the benchmark's "~35 MB" class).
 *
 * Layout decisions (the reader's mapping is the inverse; see src/core/import/mspdi):
 * - Task UID 0 is the project summary. Each WBS node is a summary task, each activity a leaf
 *   task under its WBS node, in WBS order. Row IDs follow the outline; UIDs do not (leaf tasks
 *   get UIDs first, summaries after them), as in a real file whose tasks were added over time,
 *   so a reader that confuses ID with UID fails the round trip.
 * - WBS holds the WBS node's code / the activity's code (MS Project allows custom WBS codes).
 * - Baseline 0 = the activity's baseline fields; `Schedule.baselines` become Baseline 1..10.
 * - Cost = actual + remaining; Work likewise. BCWS/BCWP/ACWP are MS Project's own EV figures at
 *   the status date: BCWS = baseline cost × share of baseline working time elapsed, BCWP =
 *   baseline cost × physical % complete, ACWP = actual cost.
 * - Each assignment carries a few TimephasedData records: baseline work and cost (types 4, 5)
 *   in up to two slices of the baseline span, actual work (2) up to the status date and the
 *   remaining work (1) after it.
 * - Calendars: the work week as WeekDays 1..7 and holidays in the 2007+ `Exceptions` form.
 */
import { compileCalendar, workingMinutesBetween, type CompiledCalendar } from '../../calendar';
import { toMinutes, tryToMinutes, fromMinutes } from '../dates';
import type { Activity, Assignment, Calendar, FixedCostAccrual, Schedule, WorkInterval } from '../schedule';
import { costRateAt } from '../costRates';

const NS = 'http://schemas.microsoft.com/project';
const LINK_TYPE: Record<string, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };
/** FixedCostAccrual as MS Project writes it (see src/core/import/mspdi/map.ts). */
const ACCRUAL_CODE: Record<FixedCostAccrual, number> = { start: 1, end: 2, prorated: 3 };

/** XML text/attribute escaping (the five predefined entities). */
export function escapeXml(s: string): string {
  return /[&<>"']/.test(s)
    ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    : s;
}

/** `2025-01-06T08:00` → `2025-01-06T08:00:00` (MSPDI dates carry seconds). */
const xmlDate = (d: string): string => (d.length === 10 ? `${d}T00:00:00` : d.length === 16 ? `${d}:00` : d.slice(0, 19));

/** Hours → `PT8H0M0S` (whole seconds; negative durations get a leading minus). */
export function isoDuration(hours: number): string {
  const neg = hours < 0;
  let secs = Math.round(Math.abs(hours) * 3600);
  const h = Math.floor(secs / 3600);
  secs -= h * 3600;
  const m = Math.floor(secs / 60);
  secs -= m * 60;
  return `${neg ? '-' : ''}PT${h}H${m}M${secs}S`;
}

/** Money → MSPDI hundredths (integer: MS Project stores whole hundredths). */
const cents = (v: number): string => String(Math.round(v * 100));
const pct = (f: number | undefined): number => Math.round((f ?? 0) * 100);
const time = (min: number): string => `${String(Math.floor(min / 60) % 24).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;

export interface WriteMspdiOptions {
  /** `SaveVersion` (12 = Project 2007, 14 = 2010+). Default 14. */
  saveVersion?: number;
}

export function writeMspdi(schedule: Schedule, options: WriteMspdiOptions = {}): string {
  const out: string[] = [];
  const p = schedule.project;
  const w = (line: string) => out.push(line);
  const el = (indent: string, name: string, value: string | number) => out.push(`${indent}<${name}>${typeof value === 'string' ? value : String(value)}</${name}>`);

  // ---- identifiers -------------------------------------------------------------------------
  const calUid = new Map<string, number>();
  schedule.calendars.forEach((c, i) => calUid.set(c.id, i + 1));
  const resUid = new Map<string, number>();
  schedule.resources.forEach((r, i) => resUid.set(r.id, i + 1));
  const actUid = new Map<string, number>();
  schedule.activities.forEach((a, i) => actUid.set(a.id, i + 1));
  const wbsUid = new Map<string, number>();
  schedule.wbs.forEach((n, i) => wbsUid.set(n.id, schedule.activities.length + i + 1));

  const compiled = new Map<string, CompiledCalendar>();
  const byId = new Map(schedule.calendars.map((c) => [c.id, c] as const));
  for (const c of schedule.calendars) compiled.set(c.id, compileCalendar(c, { calendarsById: byId }));
  const defaultCal = compiled.get(p.defaultCalendarId ?? '') ?? compiled.values().next().value;
  const dataDate = p.dataDate ? toMinutes(p.dataDate) : undefined;
  const minutesPerDay = Math.round((byId.get(p.defaultCalendarId ?? '')?.hoursPerDay ?? 8) * 60);

  // ---- header ------------------------------------------------------------------------------
  w('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
  w(`<Project xmlns="${NS}">`);
  const t1 = '\t';
  el(t1, 'SaveVersion', options.saveVersion ?? 14);
  el(t1, 'BuildNumber', '16.0.10730.20102');
  el(t1, 'Name', escapeXml(`${p.code ?? p.id}.xml`));
  el(t1, 'Title', escapeXml(p.name));
  el(t1, 'Author', 'Earnest synthetic writer');
  el(t1, 'CreationDate', xmlDate(p.plannedStart ?? '2025-01-01'));
  el(t1, 'LastSaved', xmlDate(p.dataDate ?? p.plannedStart ?? '2025-01-01'));
  el(t1, 'ScheduleFromStart', 1);
  if (p.plannedStart) el(t1, 'StartDate', xmlDate(p.plannedStart));
  if (p.plannedFinish) el(t1, 'FinishDate', xmlDate(p.plannedFinish));
  el(t1, 'FYStartDate', 1);
  el(t1, 'CriticalSlackLimit', 0);
  el(t1, 'CurrencyDigits', 2);
  el(t1, 'CurrencySymbol', p.currency === 'GBP' ? '£' : p.currency === 'EUR' ? '€' : '$');
  el(t1, 'CurrencyCode', p.currency);
  el(t1, 'CurrencySymbolPosition', 0);
  if (p.defaultCalendarId && calUid.has(p.defaultCalendarId)) el(t1, 'CalendarUID', calUid.get(p.defaultCalendarId) as number);
  el(t1, 'DefaultStartTime', '08:00:00');
  el(t1, 'DefaultFinishTime', '17:00:00');
  el(t1, 'MinutesPerDay', minutesPerDay);
  el(t1, 'MinutesPerWeek', minutesPerDay * 5);
  el(t1, 'DaysPerMonth', 20);
  el(t1, 'DefaultTaskType', 0);
  el(t1, 'DefaultFixedCostAccrual', 3);
  el(t1, 'DefaultStandardRate', 0);
  el(t1, 'DefaultOvertimeRate', 0);
  el(t1, 'DurationFormat', 7);
  el(t1, 'WorkFormat', 2);
  el(t1, 'EditableActualCosts', 0);
  el(t1, 'HonorConstraints', 0);
  el(t1, 'InsertedProjectsLikeSummary', 1);
  el(t1, 'MultipleCriticalPaths', 0);
  el(t1, 'NewTasksEffortDriven', 0);
  el(t1, 'NewTasksEstimated', 1);
  el(t1, 'SplitsInProgressTasks', 1);
  el(t1, 'SpreadActualCost', 0);
  el(t1, 'SpreadPercentComplete', 0);
  el(t1, 'TaskUpdatesResource', 1);
  el(t1, 'FiscalYearStart', 0);
  el(t1, 'WeekStartDay', 1);
  el(t1, 'MoveCompletedEndsBack', 0);
  el(t1, 'MoveRemainingStartsBack', 0);
  el(t1, 'MoveRemainingStartsForward', 0);
  el(t1, 'MoveCompletedEndsForward', 0);
  el(t1, 'BaselineForEarnedValue', 0);
  el(t1, 'AutoAddNewResourcesAndTasks', 1);
  if (p.dataDate) el(t1, 'StatusDate', xmlDate(p.dataDate));
  el(t1, 'CurrentDate', xmlDate(p.dataDate ?? p.plannedStart ?? '2025-01-01'));
  el(t1, 'MicrosoftProjectServerURL', 1);
  el(t1, 'Autolink', 1);
  el(t1, 'NewTaskStartDate', 0);
  el(t1, 'DefaultTaskEVMethod', 1);
  el(t1, 'ProjectExternallyEdited', 0);
  el(t1, 'ActualsInSync', 0);
  el(t1, 'RemoveFileProperties', 0);
  el(t1, 'AdminProject', 0);

  // Activity codes travel as Text1..TextN custom fields with the code type's name as alias.
  const codeFields = schedule.codeTypes.slice(0, TEXT_FIELD_IDS.length).map((ct, i) => ({ id: ct.id, name: ct.name, fieldId: TEXT_FIELD_IDS[i], fieldName: `Text${i + 1}` }));
  if (codeFields.length) {
    w('\t<ExtendedAttributes>');
    for (const f of codeFields) {
      w('\t\t<ExtendedAttribute>');
      el('\t\t\t', 'FieldID', f.fieldId);
      el('\t\t\t', 'FieldName', f.fieldName);
      el('\t\t\t', 'Alias', escapeXml(f.name));
      w('\t\t</ExtendedAttribute>');
    }
    w('\t</ExtendedAttributes>');
  }

  writeCalendars(schedule.calendars, calUid, out);

  // ---- tasks -------------------------------------------------------------------------------
  w('\t<Tasks>');
  const t2 = '\t\t';
  const t3 = '\t\t\t';
  const t4 = '\t\t\t\t';
  const t5 = '\t\t\t\t\t';
  // The header's CurrentDate: the resources' own overtime rate and cost per use are table A's entry in force then.
  const nowForRates = p.dataDate ?? p.plannedStart ?? '2025-01-01';
  // Project summary task (UID 0).
  w(`${t2}<Task>`);
  el(t3, 'UID', 0);
  el(t3, 'ID', 0);
  el(t3, 'Name', escapeXml(p.name));
  el(t3, 'Type', 1);
  el(t3, 'IsNull', 0);
  el(t3, 'WBS', 0);
  el(t3, 'OutlineNumber', 0);
  el(t3, 'OutlineLevel', 0);
  if (p.plannedStart) el(t3, 'Start', xmlDate(p.plannedStart));
  if (p.plannedFinish) el(t3, 'Finish', xmlDate(p.plannedFinish));
  el(t3, 'Summary', 1);
  el(t3, 'Milestone', 0);
  w(`${t2}</Task>`);

  // Outline: WBS children by sequence, then the activities of each node.
  const kids = new Map<string | null, typeof schedule.wbs>();
  for (const n of schedule.wbs) {
    const list = kids.get(n.parentId) ?? [];
    list.push(n);
    kids.set(n.parentId, list);
  }
  for (const list of kids.values()) list.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  const actsOf = new Map<string | null, Activity[]>();
  for (const a of schedule.activities) {
    const key = a.wbsId !== null && wbsUid.has(a.wbsId) ? a.wbsId : null;
    const list = actsOf.get(key) ?? [];
    list.push(a);
    actsOf.set(key, list);
  }
  const preds = new Map<string, typeof schedule.relationships>();
  for (const r of schedule.relationships) {
    const list = preds.get(r.successorId) ?? [];
    list.push(r);
    preds.set(r.successorId, list);
  }
  const baselineOf = schedule.baselines.slice(0, 10).map((b) => new Map(b.activities.map((x) => [x.activityId, x] as const)));

  let rowId = 0;
  const writeSummary = (n: (typeof schedule.wbs)[number], level: number, outline: string) => {
    w(`${t2}<Task>`);
    el(t3, 'UID', wbsUid.get(n.id) as number);
    el(t3, 'ID', ++rowId);
    el(t3, 'Name', escapeXml(n.name));
    el(t3, 'Type', 1);
    el(t3, 'IsNull', 0);
    el(t3, 'WBS', escapeXml(n.code));
    el(t3, 'OutlineNumber', outline);
    el(t3, 'OutlineLevel', level);
    el(t3, 'Priority', 500);
    el(t3, 'Summary', 1);
    el(t3, 'Milestone', 0);
    el(t3, 'EarnedValueMethod', 0);
    w(`${t2}</Task>`);
  };

  const writeLeaf = (a: Activity, level: number, outline: string) => {
    const cal = compiled.get(a.calendarId ?? '') ?? defaultCal;
    const dur = a.originalDuration ?? 0;
    const rem = a.remainingDuration ?? dur;
    const cost = a.actualCost + a.remainingCost;
    const work = a.actualUnits + a.remainingUnits;
    const physical = a.percentComplete.physical ?? 0;
    const milestone = a.type === 'start-milestone' || a.type === 'finish-milestone';
    // MS Project's own earned value at the status date (see the header comment).
    let bcws = 0;
    if (dataDate !== undefined && a.baselineStart && a.baselineFinish && cal) {
      const bs = toMinutes(a.baselineStart);
      const bf = toMinutes(a.baselineFinish);
      const span = workingMinutesBetween(cal, bs, bf);
      const done = dataDate <= bs ? 0 : dataDate >= bf ? 1 : span > 0 ? workingMinutesBetween(cal, bs, dataDate) / span : 1;
      bcws = a.budgetCost * Math.min(1, Math.max(0, done));
    }
    const bcwp = a.budgetCost * physical;
    const start = a.actualStart ?? a.plannedStart;
    const finish = a.actualFinish ?? a.plannedFinish;

    w(`${t2}<Task>`);
    el(t3, 'UID', actUid.get(a.id) as number);
    el(t3, 'ID', ++rowId);
    el(t3, 'Name', escapeXml(a.name));
    el(t3, 'Type', 0);
    el(t3, 'WBS', escapeXml(a.code));
    el(t3, 'OutlineNumber', outline);
    el(t3, 'OutlineLevel', level);
    el(t3, 'Priority', 500);
    if (start) el(t3, 'Start', xmlDate(start));
    if (finish) el(t3, 'Finish', xmlDate(finish));
    el(t3, 'Duration', isoDuration(dur));
    el(t3, 'DurationFormat', 7);
    el(t3, 'Work', isoDuration(work));
      el(t3, 'EffortDriven', 0);
    el(t3, 'Milestone', milestone ? 1 : 0);
    el(t3, 'Summary', 0);
    el(t3, 'Critical', 0);
    if (start) el(t3, 'EarlyStart', xmlDate(start));
    if (finish) el(t3, 'EarlyFinish', xmlDate(finish));
    el(t3, 'FreeSlack', 0);
    el(t3, 'TotalSlack', 0);
    el(t3, 'FixedCost', cents(a.fixedCost ?? 0));
    el(t3, 'FixedCostAccrual', ACCRUAL_CODE[a.fixedCostAccrual ?? 'prorated']);
    el(t3, 'PercentComplete', dur > 0 ? Math.round(((dur - rem) / dur) * 100) : pct(physical));
    el(t3, 'PercentWorkComplete', work > 0 ? Math.round((a.actualUnits / work) * 100) : 0);
    el(t3, 'Cost', cents(cost));
    if (a.actualStart) el(t3, 'ActualStart', xmlDate(a.actualStart));
    if (a.actualFinish) el(t3, 'ActualFinish', xmlDate(a.actualFinish));
    el(t3, 'ActualDuration', isoDuration(Math.max(0, dur - rem)));
    el(t3, 'ActualCost', cents(a.actualCost));
    el(t3, 'ActualWork', isoDuration(a.actualUnits));
    el(t3, 'RegularWork', isoDuration(work));
    el(t3, 'RemainingDuration', isoDuration(rem));
    el(t3, 'RemainingCost', cents(a.remainingCost));
    el(t3, 'RemainingWork', isoDuration(a.remainingUnits));
    el(t3, 'ACWP', `${cents(a.actualCost)}.00`);
    el(t3, 'CV', (Math.round(bcwp * 100) - Math.round(a.actualCost * 100)).toFixed(2));
    el(t3, 'ConstraintType', 0);
    el(t3, 'CalendarUID', a.calendarId !== undefined && calUid.has(a.calendarId) ? (calUid.get(a.calendarId) as number) : -1);
    el(t3, 'BCWS', (Math.round(bcws * 100)).toFixed(2));
    el(t3, 'BCWP', (Math.round(bcwp * 100)).toFixed(2));
    el(t3, 'PhysicalPercentComplete', pct(physical));
    el(t3, 'EarnedValueMethod', a.percentCompleteType === 'physical' ? 1 : 0);
    for (const r of preds.get(a.id) ?? []) {
      const predUid = actUid.get(r.predecessorId);
      if (predUid === undefined) continue;
      w(`${t3}<PredecessorLink>`);
      el(t4, 'PredecessorUID', predUid);
      el(t4, 'Type', LINK_TYPE[r.type]);
      el(t4, 'CrossProject', 0);
      // Tenths of a minute; lags in whole days are shown in days (format 7), others in hours (5).
      el(t4, 'LinkLag', Math.round(r.lagHours * 600));
      el(t4, 'LagFormat', r.lagCalendar === '24h' ? 8 : r.lagHours % 8 === 0 ? 7 : 5);
      w(`${t3}</PredecessorLink>`);
    }
    for (const f of codeFields) {
      const v = a.codes[f.id];
      if (v === undefined) continue;
      w(`${t3}<ExtendedAttribute>`);
      el(t4, 'FieldID', f.fieldId);
      el(t4, 'Value', escapeXml(v));
      w(`${t3}</ExtendedAttribute>`);
    }
    if (a.baselineStart || a.baselineFinish || a.budgetCost) {
      w(`${t3}<Baseline>`);
      el(t4, 'Number', 0);
      if (a.baselineStart) el(t4, 'Start', xmlDate(a.baselineStart));
      if (a.baselineFinish) el(t4, 'Finish', xmlDate(a.baselineFinish));
      el(t4, 'Duration', isoDuration(a.baselineDuration ?? dur));
      el(t4, 'DurationFormat', 7);
      el(t4, 'Work', isoDuration(a.budgetUnits));
      el(t4, 'Cost', cents(a.budgetCost));
      el(t4, 'BCWS', (Math.round(bcws * 100)).toFixed(2));
      el(t4, 'BCWP', (Math.round(bcwp * 100)).toFixed(2));
      w(`${t3}</Baseline>`);
    }
    baselineOf.forEach((map, i) => {
      const b = map.get(a.id);
      if (!b) return;
      w(`${t3}<Baseline>`);
      el(t4, 'Number', i + 1);
      if (b.start) el(t4, 'Start', xmlDate(b.start));
      if (b.finish) el(t4, 'Finish', xmlDate(b.finish));
      if (b.budgetUnits !== undefined) el(t4, 'Work', isoDuration(b.budgetUnits));
      if (b.budgetCost !== undefined) el(t4, 'Cost', cents(b.budgetCost));
      w(`${t3}</Baseline>`);
    });
    w(`${t2}</Task>`);
  };

  const walk = (parent: string | null, level: number, prefix: string) => {
    let k = 0;
    for (const n of kids.get(parent) ?? []) {
      const outline = prefix ? `${prefix}.${++k}` : String(++k);
      writeSummary(n, level, outline);
      walk(n.id, level + 1, outline);
    }
    for (const a of actsOf.get(parent) ?? []) {
      if (parent === null) continue; // written after the tree
      writeLeaf(a, level, prefix ? `${prefix}.${++k}` : String(++k));
    }
  };
  walk(null, 1, '');
  let top = kids.get(null)?.length ?? 0;
  for (const a of actsOf.get(null) ?? []) writeLeaf(a, 1, String(++top));
  w('\t</Tasks>');

  // ---- resources ---------------------------------------------------------------------------
  w('\t<Resources>');
  w(`${t2}<Resource>`);
  el(t3, 'UID', 0);
  el(t3, 'ID', 0);
  el(t3, 'Type', 1);
  el(t3, 'IsNull', 0);
  w(`${t2}</Resource>`);
  schedule.resources.forEach((r, i) => {
    w(`${t2}<Resource>`);
    el(t3, 'UID', i + 1);
    el(t3, 'ID', i + 1);
    el(t3, 'Name', escapeXml(r.name));
    el(t3, 'Type', r.type === 'material' ? 0 : 1);
    el(t3, 'IsNull', 0);
    el(t3, 'Initials', escapeXml(r.code));
    el(t3, 'Code', escapeXml(r.code));
    el(t3, 'MaxUnits', '1.00');
    el(t3, 'AccrueAt', 3);
    // StandardRate is NOT in hundredths (unlike every other money field).
    el(t3, 'StandardRate', r.rate ?? 0);
    el(t3, 'StandardRateFormat', 2);
    // The resource's own overtime rate and cost per use are table A's entry in force now, as MS Project writes them.
    const now = costRateAt(r, nowForRates, 0);
    el(t3, 'OvertimeRate', now.overtimeRate ?? 0);
    el(t3, 'OvertimeRateFormat', 2);
    el(t3, 'CostPerUse', cents(now.costPerUse ?? 0));
    if (r.calendarId && calUid.has(r.calendarId)) el(t3, 'CalendarUID', calUid.get(r.calendarId) as number);
    el(t3, 'IsGeneric', 0);
    el(t3, 'IsInactive', 0);
    el(t3, 'IsEnterprise', 0);
    el(t3, 'IsCostResource', 0);
    el(t3, 'IsBudget', 0);
    if (r.costRates?.length) {
      // Every entry, per hour (not in hundredths); open ends as MS Project's "NA" dates.
      w(`${t3}<Rates>`);
      for (const e of r.costRates) {
        w(`${t4}<Rate>`);
        el(t5, 'RatesFrom', xmlDate(e.from ?? '1984-01-01T00:00'));
        el(t5, 'RatesTo', xmlDate(e.to ?? '2049-12-31T23:59'));
        el(t5, 'RateTable', e.table);
        el(t5, 'StandardRate', e.standardRate);
        el(t5, 'StandardRateFormat', 2);
        el(t5, 'OvertimeRate', e.overtimeRate ?? 0);
        el(t5, 'OvertimeRateFormat', 2);
        el(t5, 'CostPerUse', cents(e.costPerUse ?? 0));
        w(`${t4}</Rate>`);
      }
      w(`${t3}</Rates>`);
    }
    w(`${t2}</Resource>`);
  });
  w('\t</Resources>');

  // ---- assignments -------------------------------------------------------------------------
  const actById = new Map(schedule.activities.map((a) => [a.id, a] as const));
  w('\t<Assignments>');
  schedule.assignments.forEach((as, i) => {
    const a = actById.get(as.activityId);
    const taskUid = actUid.get(as.activityId);
    const rUid = resUid.get(as.resourceId);
    if (!a || taskUid === undefined || rUid === undefined) return;
    writeAssignment(as, a, i + 1, taskUid, rUid, compiled.get(a.calendarId ?? '') ?? defaultCal, dataDate, out);
  });
  w('\t</Assignments>');
  w('</Project>');
  out.push('');
  return out.join('\n');
}

function writeCalendars(calendars: Calendar[], calUid: Map<string, number>, out: string[]): void {
  const el = (indent: string, name: string, value: string | number) => out.push(`${indent}<${name}>${typeof value === 'string' ? value : String(value)}</${name}>`);
  const times = (indent: string, intervals: readonly WorkInterval[]) => {
    out.push(`${indent}<WorkingTimes>`);
    for (const [s, e] of intervals) {
      out.push(`${indent}\t<WorkingTime>`);
      el(`${indent}\t\t`, 'FromTime', time(s));
      el(`${indent}\t\t`, 'ToTime', time(e));
      out.push(`${indent}\t</WorkingTime>`);
    }
    out.push(`${indent}</WorkingTimes>`);
  };
  out.push('\t<Calendars>');
  for (const c of calendars) {
    out.push('\t\t<Calendar>');
    el('\t\t\t', 'UID', calUid.get(c.id) as number);
    el('\t\t\t', 'Name', escapeXml(c.name));
    const base = c.baseCalendarId !== undefined ? calUid.get(c.baseCalendarId) : undefined;
    el('\t\t\t', 'IsBaseCalendar', base === undefined ? 1 : 0);
    el('\t\t\t', 'BaseCalendarUID', base ?? -1);
    if (c.workWeek.length === 7) {
      out.push('\t\t\t<WeekDays>');
      c.workWeek.forEach((day, i) => {
        out.push('\t\t\t\t<WeekDay>');
        el('\t\t\t\t\t', 'DayType', i + 1);
        el('\t\t\t\t\t', 'DayWorking', day.length ? 1 : 0);
        if (day.length) times('\t\t\t\t\t', day);
        out.push('\t\t\t\t</WeekDay>');
      });
      out.push('\t\t\t</WeekDays>');
    }
    if (c.exceptions.length) {
      out.push('\t\t\t<Exceptions>');
      for (const x of c.exceptions) {
        out.push('\t\t\t\t<Exception>');
        el('\t\t\t\t\t', 'EnteredByOccurrences', 0);
        out.push('\t\t\t\t\t<TimePeriod>');
        el('\t\t\t\t\t\t', 'FromDate', `${x.date}T00:00:00`);
        el('\t\t\t\t\t\t', 'ToDate', `${x.date}T23:59:00`);
        out.push('\t\t\t\t\t</TimePeriod>');
        el('\t\t\t\t\t', 'Occurrences', 1);
        if (x.name) el('\t\t\t\t\t', 'Name', escapeXml(x.name));
        el('\t\t\t\t\t', 'Type', 1);
        el('\t\t\t\t\t', 'DayWorking', x.intervals.length ? 1 : 0);
        if (x.intervals.length) times('\t\t\t\t\t', x.intervals);
        out.push('\t\t\t\t</Exception>');
      }
      out.push('\t\t\t</Exceptions>');
    }
    out.push('\t\t</Calendar>');
  }
  out.push('\t</Calendars>');
}

function writeAssignment(
  as: Assignment,
  a: Activity,
  uid: number,
  taskUid: number,
  resourceUid: number,
  cal: CompiledCalendar | undefined,
  dataDate: number | undefined,
  out: string[],
): void {
  const t2 = '\t\t';
  const t3 = '\t\t\t';
  const t4 = '\t\t\t\t';
  const el = (indent: string, name: string, value: string | number) => out.push(`${indent}<${name}>${typeof value === 'string' ? value : String(value)}</${name}>`);
  const work = as.actualUnits + as.remainingUnits;
  const cost = as.actualCost + as.remainingCost;
  const start = a.actualStart ?? a.plannedStart;
  const finish = a.actualFinish ?? a.plannedFinish;
  out.push(`${t2}<Assignment>`);
  el(t3, 'UID', uid);
  el(t3, 'TaskUID', taskUid);
  el(t3, 'ResourceUID', resourceUid);
  el(t3, 'PercentWorkComplete', work > 0 ? Math.round((as.actualUnits / work) * 100) : 0);
  el(t3, 'ActualCost', cents(as.actualCost));
  if (a.actualFinish) el(t3, 'ActualFinish', xmlDate(a.actualFinish));
  if (a.actualStart) el(t3, 'ActualStart', xmlDate(a.actualStart));
  el(t3, 'ActualWork', isoDuration(as.actualUnits));
  el(t3, 'ACWP', `${cents(as.actualCost)}.00`);
  el(t3, 'Cost', cents(cost));
  if (finish) el(t3, 'Finish', xmlDate(finish));
  el(t3, 'RegularWork', isoDuration(work));
  el(t3, 'RemainingCost', cents(as.remainingCost));
  el(t3, 'RemainingWork', isoDuration(as.remainingUnits));
  if (start) el(t3, 'Start', xmlDate(start));
  el(t3, 'Units', 1);
  if (as.costRateTable) el(t3, 'CostRateTable', as.costRateTable);
  el(t3, 'Work', isoDuration(work));
  el(t3, 'WorkContour', 0);
  el(t3, 'BCWS', '0.00');
  el(t3, 'BCWP', '0.00');
  if (a.baselineStart || as.budgetCost) {
    out.push(`${t3}<Baseline>`);
    el(t4, 'Number', 0);
    if (a.baselineStart) el(t4, 'Start', xmlDate(a.baselineStart));
    if (a.baselineFinish) el(t4, 'Finish', xmlDate(a.baselineFinish));
    el(t4, 'Work', isoDuration(as.budgetUnits));
    el(t4, 'Cost', cents(as.budgetCost));
    out.push(`${t3}</Baseline>`);
  }

  const tp = (type: number, from: number, to: number, value: string) => {
    out.push(`${t3}<TimephasedData>`);
    el(t4, 'Type', type);
    el(t4, 'UID', uid);
    el(t4, 'Start', xmlDate(fromMinutes(from)));
    el(t4, 'Finish', xmlDate(fromMinutes(to)));
    el(t4, 'Unit', 2);
    el(t4, 'Value', value);
    out.push(`${t3}</TimephasedData>`);
  };
  // Baseline spread in up to two slices of equal working time (MS Project writes one record
  // per day or per change in rate; three keeps the file near MS Project's size per task).
  if (cal && a.baselineStart && a.baselineFinish) {
    const bs = toMinutes(a.baselineStart);
    const bf = toMinutes(a.baselineFinish);
    const span = workingMinutesBetween(cal, bs, bf);
    const slices = span <= 0 ? 1 : Math.min(2, Math.max(1, Math.round(span / (5 * 480))));
    let from = bs;
    for (let k = 1; k <= slices; k++) {
      const to = k === slices ? bf : bs + Math.round(((bf - bs) * k) / slices);
      const share = span > 0 ? workingMinutesBetween(cal, from, to) / span : 1 / slices;
      tp(4, from, to, isoDuration(as.budgetUnits * share));
      tp(5, from, to, cents(as.budgetCost * share));
      from = to;
    }
  }
  if (a.actualStart && dataDate !== undefined) {
    const as0 = toMinutes(a.actualStart);
    const end = a.actualFinish ? Math.min(toMinutes(a.actualFinish), dataDate) : dataDate;
    if (end > as0) tp(2, as0, end, isoDuration(as.actualUnits));
  }
  if (as.remainingUnits > 0 && finish) {
    const from = Math.max(dataDate ?? 0, tryToMinutes(start ?? finish) ?? 0);
    const to = toMinutes(finish);
    if (to > from) tp(1, from, to, isoDuration(as.remainingUnits));
  }
  out.push(`${t2}</Assignment>`);
}

/** FieldIDs of the task custom fields Text1..Text10 (MS Project's field numbering). */
const TEXT_FIELD_IDS = [188743731, 188743734, 188743737, 188743740, 188743743, 188743746, 188743747, 188743748, 188743749, 188743750];
