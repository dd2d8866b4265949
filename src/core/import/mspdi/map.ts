/**
 * `MspdiDocument` → canonical `Schedule`. Every modelling decision for MS Project data is here,
 * each with its reason:
 *
 * Project
 * - name = Title, else the file name in <Name> without ".xml", else the UID-0 task's name;
 *   code = <Name> (MS Project's file name); id = <GUID>, else the code.
 * - currency = CurrencyCode when it is an ISO 4217 code; GBP (the model's default) only when
 *   the file has none, with a warning (CurrencySymbol alone is ambiguous: "$").
 * - dataDate = StatusDate; currentDate = CurrentDate, kept apart. MS Project measures progress
 *   at CurrentDate when no status date is set, but CurrentDate is often just the day the file was
 *   last worked on, so it is not taken silently: the data date stays empty, a warning names the
 *   date, and the import summary proposes it as the status date, saying so (model/statusDate.ts),
 *   for the user to keep or change.
 * - defaultCalendarId = CalendarUID; source.application from SaveVersion/BuildNumber.
 * - scheduling.progressFrom = 'actual-progress': MS Project resumes remaining work where the actual
 *   work stopped and keeps unfinished work before the status date (src/core/cpm reads it).
 *
 * Tasks
 * - UID 0 is the project summary: not an activity, not a WBS node. IsNull rows are skipped.
 * - A task is a summary when Summary = 1 or the next task is deeper in the outline; summaries
 *   become WbsNodes (id = UID, code = WBS, else OutlineNumber), leaf tasks activities whose
 *   wbsId is their nearest summary. The outline is rebuilt from OutlineLevel (falling back to
 *   the depth of OutlineNumber).
 * - Activity id = UID (stable across edits; ID is only the row number, kept as udf msp:ID);
 *   code = WBS, else ID. Milestone = 1 → finish-milestone.
 * - Dates: Start/Finish → planned; while unfinished they are also the forecast. Baseline 0
 *   Start/Finish/Duration → baseline fields. ActualStart/ActualFinish → actuals, except when
 *   they contradict the task's progress (an actual finish on a task under 100 %, an actual start
 *   on a task with no progress that differs from its Start: some tools write 2000-01-01 for
 *   "NA"); those are dropped with a warning.
 * - Durations (Duration, RemainingDuration, ActualDuration) are working hours as written.
 * - % complete: PercentComplete → duration, PhysicalPercentComplete → physical,
 *   PercentWorkComplete → units (÷ 100). EarnedValueMethod (else the project's
 *   DefaultTaskEVMethod) 0 = % complete → type 'duration', 1 = physical % complete → 'physical'.
 *   MS Project has no other EV techniques: evTechnique is always percent-complete.
 * - Budget (BAC) = Baseline 0 Cost, as MS Project's EV uses it (or Baseline n when the project's
 *   BaselineForEarnedValue says EV is measured against Baseline n; then the baseline fields and
 *   spreads below come from Baseline n too, and Baseline 0 joins Schedule.baselines). A task with
 *   no such baseline cost gets its current Cost, with one warning saying how many; budget units
 *   likewise from the baseline's Work, else Work. Actual/remaining cost = ActualCost /
 *   RemainingCost (which include fixed cost, as MS Project's Cost does); units = ActualWork /
 *   RemainingWork in hours.
 * - udf keeps what the model has no field for but a user may want to trace: msp:ID, msp:Cost,
 *   MS Project's own EV figures msp:BCWS, msp:BCWP, msp:ACWP,
 *   msp:CV, msp:SV (as in the file, ÷ 100), and custom fields under their alias (else their
 *   field name): Cost fields ÷ 100, Number fields as numbers, Duration fields in hours, the
 *   rest as text.
 * - FixedCost (when not 0) → fixedCost, with FixedCostAccrual 1 start, 2 end, 3 prorated →
 *   fixedCostAccrual (MS Project writes these numbers, as for a resource's AccrueAt; the
 *   Project 2003 schema page's "2 prorated, 3 end" is contradicted by MS Project's own files and
 *   by its .mpp twins). The fixed cost is already inside Cost, so budgets do not change.
 * - ConstraintType 1..7 → ALAP, MSO, MFO, SNET, SNLT, FNET, FNLT with ConstraintDate.
 * - The other baselines (1..10, or 0..10 but the EV one) → Schedule.baselines ("Baseline 1"…),
 *   from the tasks' Baseline n; a task without its own Baseline n but with assignment
 *   baselines n gets their sum (cost, work) and span (earliest start, latest finish), which is
 *   how MS Project rolls them up.
 *
 * Relationships (PredecessorLink on the successor)
 * - Type 0 FF, 1 FS (default), 2 SF, 3 SS. LinkLag is in tenths of a minute → hours (÷ 600);
 *   LagFormat only says how MS Project displays it, except that elapsed formats (em, eh, ed,
 *   ew, emo, e%) mean the lag runs on a 24-hour clock (lagCalendar '24h') and percentage formats
 *   (%, e%) hold a percentage of the predecessor's duration.
 * - Links to or from summary tasks, the project summary, missing tasks or other projects
 *   (CrossProject) are dropped with a warning: the model links activities only.
 *
 * Resources and assignments
 * - Resource UID 0 without a name is MS Project's placeholder, skipped. Type 1 work → labour,
 *   0 material → material, 2 cost (or IsCostResource) → nonlabour. rate = StandardRate (per
 *   hour, or per unit for material; never in hundredths): MS Project's Standard Rate, cost rate
 *   table A's entry in force at the current date when the file was saved. Rates/Rate (tables
 *   A–E with their dates, per hour, cost per use ÷ 100) → costRates (see mapCostRates);
 *   unit = MaterialLabel. An assignment's CostRateTable 1..4 (B..E) → costRateTable.
 * - Assignments to a missing resource (MS Project's "unassigned" -65535, Aspose's -1) or to a
 *   summary task are not kept (the task's own figures already hold their cost); a warning
 *   counts them. Budget cost/units = assignment Baseline 0 Cost/Work, else Cost/Work.
 * - TimephasedData: types 2 actual work, 4 baseline work, 5 baseline cost (or the EV baseline's
 *   pair), 6 actual cost become Assignment.timephased (hours and major units; a record without
 *   a Value is an empty period and is skipped). Other types (1 remaining work, 3 overtime, other
 *   baselines, task/resource records) are counted in one warning; see ./timephased.ts.
 */
import { SCHEDULE_FORMAT_VERSION, type Activity, type Assignment, type Baseline, type CostRate, type CostRateTableIndex, type FixedCostAccrual, type ImportWarning, type Relationship, type RelationshipType, type Resource, type Schedule, type TimephasedValue, type WbsNode } from '../../model/schedule';
import { mapCalendars } from './calendars';
import type { MspdiAssignment, MspdiBaseline, MspdiDocument, MspdiFieldDefinition, MspdiRate, MspdiTask } from './document';
import { timephasedKind, timephasedTypeName } from './timephased';

const LINK_TYPES: RelationshipType[] = ['FF', 'FS', 'SF', 'SS'];
const ELAPSED_LAG = new Set([4, 6, 8, 10, 12, 20, 36, 38, 40, 42, 44, 52]);
const PERCENT_LAG = new Set([19, 20, 51, 52]);
/** FixedCostAccrual as MS Project writes it: 1 start, 2 end, 3 prorated (see ./document.ts). */
const ACCRUALS: Record<number, FixedCostAccrual | undefined> = { 1: 'start', 2: 'end', 3: 'prorated' };
/** MS Project's "NA" dates, which bound the first and last entries of a cost rate table. */
const RATES_NA_FROM = '1984-01-01T00:00';
const RATES_NA_TO = '2049-12-31T23:59';
const CONSTRAINTS = ['ASAP', 'ALAP', 'MSO', 'MFO', 'SNET', 'SNLT', 'FNET', 'FNLT'];

export interface MapOptions {
  fileName?: string;
}

const finite = (v: number | undefined): v is number => v !== undefined && v === v && v !== Infinity && v !== -Infinity;
const fraction = (pct: number): number => Math.min(1, Math.max(0, pct / 100));

export function mapMspdiDocument(doc: MspdiDocument, options: MapOptions = {}): Schedule {
  const warnings: ImportWarning[] = [...doc.warnings];
  const warn = (w: ImportWarning) => warnings.push(w);
  const p = doc.project;

  // ---- project -------------------------------------------------------------------------------
  const code = p.name;
  const summaryTask = doc.tasks.find((t) => t.uid === 0);
  const name = p.title ?? (p.name ? p.name.replace(/\.xml$/i, '') : undefined) ?? summaryTask?.name ?? options.fileName ?? 'MS Project schedule';
  let currency = 'GBP';
  if (p.currencyCode && /^[A-Z]{3}$/.test(p.currencyCode)) currency = p.currencyCode;
  else if (p.currencyCode) warn({ message: `The currency code "${p.currencyCode}" is not an ISO 4217 code; amounts are shown in GBP. Check the project's currency.`, where: 'Project/CurrencyCode' });
  else warn({ message: `The file does not say its currency (no <CurrencyCode>${p.currencySymbol ? `; the symbol is "${p.currencySymbol}"` : ''}); amounts are taken to be GBP. Check the project's currency.`, where: 'Project/CurrencyCode' });
  if (!p.statusDate) {
    warn({
      message: `The file has no status date (Project ▸ Project Information ▸ Status Date)${p.currentDate ? `; MS Project would measure progress at its current date, ${p.currentDate.slice(0, 10)}` : ''}. Check the proposed status date before reading earned value: change it on the import screen, or with --data-date on the command line.`,
      where: 'Project/StatusDate',
    });
  }

  const calendars = mapCalendars(doc.calendars, p.minutesPerDay, warn);
  const calendarIds = new Set(calendars.map((c) => c.id));
  const calendarId = (uid: number | undefined): string | undefined => (uid !== undefined && uid >= 0 && calendarIds.has(String(uid)) ? String(uid) : undefined);

  // ---- outline: which tasks are summaries, who is whose parent --------------------------------
  const tasks: (MspdiTask & { uid: number })[] = [];
  const seen = new Set<number>();
  let skippedNoUid = 0;
  for (const t of doc.tasks) {
    if (t.isNull || t.uid === 0) continue;
    if (!finite(t.uid)) {
      skippedNoUid++;
      continue;
    }
    if (seen.has(t.uid)) {
      warn({ message: `Two tasks have UID ${t.uid}; the second ("${t.name ?? ''}") was skipped.`, where: `Task UID ${t.uid}` });
      continue;
    }
    seen.add(t.uid);
    tasks.push(t as MspdiTask & { uid: number });
  }
  if (skippedNoUid) warn({ message: `${skippedNoUid} task${skippedNoUid > 1 ? 's have' : ' has'} no UID and ${skippedNoUid > 1 ? 'were' : 'was'} skipped.`, where: 'Project/Tasks' });

  const level = tasks.map((t) => (finite(t.outlineLevel) && t.outlineLevel > 0 ? t.outlineLevel : t.outlineNumber ? t.outlineNumber.split('.').length : 1));
  const isSummary = tasks.map((t, i) => t.summary || (i + 1 < tasks.length && level[i + 1] > level[i]));
  const parentOf = new Array<number>(tasks.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < tasks.length; i++) {
    while (stack.length && level[stack[stack.length - 1]] >= level[i]) stack.pop();
    parentOf[i] = stack.length ? stack[stack.length - 1] : -1;
    if (isSummary[i]) stack.push(i);
  }

  const evDefault = finite(p.defaultTaskEvMethod) ? p.defaultTaskEvMethod : 0;
  const evBaseline = finite(p.baselineForEarnedValue) && p.baselineForEarnedValue >= 1 && p.baselineForEarnedValue <= 10 ? p.baselineForEarnedValue : 0;
  if (evBaseline) {
    warn({ message: `MS Project measures this project's earned value against Baseline ${evBaseline} (Project/BaselineForEarnedValue), so budgets, baseline dates and baseline spreads come from Baseline ${evBaseline}.`, where: 'Project/BaselineForEarnedValue' });
  }
  const fields = fieldDefinitions(doc.fields);
  const wbs: WbsNode[] = [];
  const activities: Activity[] = [];
  const leafIndex = new Map<number, Activity>();
  const summaryUids = new Set<number>();
  const siblingCount = new Map<number, number>();
  let noBaseline = 0;
  let contradictedActuals = 0;
  let summaryFixedCost = 0;

  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    const parent = parentOf[i] >= 0 ? String(tasks[parentOf[i]].uid) : null;
    const seq = siblingCount.get(parentOf[i]) ?? 0;
    siblingCount.set(parentOf[i], seq + 1);
    if (isSummary[i]) {
      summaryUids.add(t.uid);
      wbs.push({ id: String(t.uid), parentId: parent, code: t.wbs ?? t.outlineNumber ?? String(t.id ?? t.uid), name: t.name ?? '', sequence: seq });
      if (finite(t.fixedCost) && t.fixedCost !== 0) summaryFixedCost += t.fixedCost;
      continue;
    }
    const b0 = baselineNumber(t.baselines, evBaseline);
    const hasBaselineCost = b0 !== undefined && finite(b0.cost);
    if (!hasBaselineCost) noBaseline++;
    const cost = finite(t.cost) ? t.cost : 0;
    const actualCost = finite(t.actualCost) ? t.actualCost : 0;
    const work = finite(t.work) ? t.work : 0;
    const evMethod = finite(t.earnedValueMethod) ? t.earnedValueMethod : evDefault;

    const a: Activity = {
      id: String(t.uid),
      code: t.wbs ?? (finite(t.id) ? String(t.id) : String(t.uid)),
      name: t.name ?? '',
      wbsId: parent,
      type: t.milestone ? 'finish-milestone' : 'task',
      percentCompleteType: evMethod === 1 ? 'physical' : 'duration',
      percentComplete: {},
      evTechnique: { kind: 'percent-complete' },
      budgetCost: hasBaselineCost ? ((b0 as MspdiBaseline).cost as number) : cost,
      actualCost,
      remainingCost: finite(t.remainingCost) ? t.remainingCost : Math.max(0, cost - actualCost),
      budgetUnits: b0 !== undefined && finite(b0.work) ? b0.work : work,
      actualUnits: finite(t.actualWork) ? t.actualWork : 0,
      remainingUnits: finite(t.remainingWork) ? t.remainingWork : Math.max(0, work - (finite(t.actualWork) ? t.actualWork : 0)),
      codes: {},
    };
    const cal = calendarId(t.calendarUid);
    if (cal) a.calendarId = cal;
    if (b0?.start) a.baselineStart = b0.start;
    if (b0?.finish) a.baselineFinish = b0.finish;
    if (t.start) a.plannedStart = t.start;
    if (t.finish) a.plannedFinish = t.finish;

    // Actual dates, unless they contradict the task's own progress (see the header).
    const pc = t.percentComplete;
    const progressed = (finite(pc) && pc > 0) || (t.actualDuration ?? 0) > 0 || (t.actualWork ?? 0) > 0 || actualCost > 0;
    if (t.actualStart) {
      if (!finite(pc) || progressed || t.actualStart === t.start) a.actualStart = t.actualStart;
      else contradictedActuals++;
    }
    if (t.actualFinish) {
      if (!finite(pc) || pc >= 100) a.actualFinish = t.actualFinish;
      else contradictedActuals++;
    }
    if (!a.actualFinish) {
      if (t.start) a.forecastStart = t.start;
      if (t.finish) a.forecastFinish = t.finish;
    }
    if (b0 && finite(b0.duration)) a.baselineDuration = b0.duration;
    if (finite(t.duration)) a.originalDuration = t.duration;
    if (finite(t.remainingDuration)) a.remainingDuration = t.remainingDuration;
    if (finite(t.actualDuration)) a.actualDuration = t.actualDuration;
    if (finite(t.totalSlack)) a.totalFloat = t.totalSlack;
    if (finite(pc)) a.percentComplete.duration = fraction(pc);
    if (finite(t.physicalPercentComplete)) a.percentComplete.physical = fraction(t.physicalPercentComplete);
    if (finite(t.percentWorkComplete)) a.percentComplete.units = fraction(t.percentWorkComplete);
    if (finite(t.fixedCost) && t.fixedCost !== 0) {
      a.fixedCost = t.fixedCost;
      const accrual = ACCRUALS[t.fixedCostAccrual ?? -1];
      if (accrual) a.fixedCostAccrual = accrual;
    }
    const ct = t.constraintType ?? 0;
    if (ct >= 1 && ct <= 7) a.constraint = t.constraintDate ? { type: CONSTRAINTS[ct], date: t.constraintDate } : { type: CONSTRAINTS[ct] };

    const udf: Record<string, string | number> = {};
    if (finite(t.id)) udf['msp:ID'] = t.id;
    if (finite(t.cost)) udf['msp:Cost'] = t.cost;
    if (finite(t.bcws)) udf['msp:BCWS'] = t.bcws;
    if (finite(t.bcwp)) udf['msp:BCWP'] = t.bcwp;
    if (finite(t.acwp)) udf['msp:ACWP'] = t.acwp;
    if (finite(t.cv)) udf['msp:CV'] = t.cv;
    if (finite(t.sv)) udf['msp:SV'] = t.sv;
    for (const c of t.custom) setCustomValue(udf, c.fieldId === undefined ? undefined : fields.get(c.fieldId), c.fieldId, c.value);
    a.udf = udf;
    activities.push(a);
    leafIndex.set(t.uid, a);
  }
  if (noBaseline > 0 && activities.length > 0) {
    warn({
      message:
        noBaseline === activities.length
          ? 'The file has no baseline (MS Project Baseline 0): each activity\u2019s budget is its current Cost, and planned value follows the current dates. Set a baseline in MS Project for true earned value.'
          : `${noBaseline} of ${activities.length} activities have no baseline cost (MS Project Baseline 0); their current Cost was used as their budget.`,
      where: 'Project/Tasks',
    });
  }
  if (contradictedActuals) {
    warn({
      message: `${contradictedActuals} actual start/finish date${contradictedActuals > 1 ? 's' : ''} contradicted the task's % complete (for example an actual finish on a task under 100 %, or a placeholder date such as 2000-01-01 written by some tools) and ${contradictedActuals > 1 ? 'were' : 'was'} ignored.`,
      where: 'Project/Tasks',
    });
  }
  if (summaryFixedCost) {
    warn({ message: `Summary tasks carry ${summaryFixedCost.toFixed(2)} ${currency} of fixed cost of their own, which belongs to no activity and is not in any budget here.`, where: 'Project/Tasks' });
  }

  // ---- relationships ---------------------------------------------------------------------------
  const relationships: Relationship[] = [];
  const dropped = { summary: 0, missing: 0, external: 0 };
  for (const t of tasks) {
    if (!t.predecessors.length) continue;
    const succ = leafIndex.get(t.uid);
    for (const l of t.predecessors) {
      if (l.crossProject) {
        dropped.external++;
        continue;
      }
      const pu = l.predecessorUid ?? -1;
      const pred = leafIndex.get(pu);
      if (!succ || !pred) {
        if (summaryUids.has(pu) || summaryUids.has(t.uid) || pu === 0) dropped.summary++;
        else dropped.missing++;
        continue;
      }
      let lagHours: number;
      if (PERCENT_LAG.has(l.lagFormat)) lagHours = (l.linkLag / 100) * (pred.originalDuration ?? 0);
      else lagHours = l.linkLag / 600;
      const r: Relationship = { predecessorId: pred.id, successorId: succ.id, type: LINK_TYPES[l.type] ?? 'FS', lagHours: finite(lagHours) ? lagHours : 0 };
      if (ELAPSED_LAG.has(l.lagFormat)) r.lagCalendar = '24h';
      relationships.push(r);
    }
  }
  if (dropped.summary) warn({ message: `${dropped.summary} link${dropped.summary > 1 ? 's' : ''} to or from summary tasks ${dropped.summary > 1 ? 'were' : 'was'} not kept: the model links activities only. Link the summary's first or last activity instead if the logic matters.`, where: 'PredecessorLink' });
  if (dropped.missing) warn({ message: `${dropped.missing} link${dropped.missing > 1 ? 's name' : ' names'} a predecessor UID that is not in the file; ${dropped.missing > 1 ? 'they were' : 'it was'} not kept.`, where: 'PredecessorLink' });
  if (dropped.external) warn({ message: `${dropped.external} link${dropped.external > 1 ? 's' : ''} to tasks in other projects (CrossProject) ${dropped.external > 1 ? 'were' : 'was'} not kept.`, where: 'PredecessorLink' });

  // ---- resources -------------------------------------------------------------------------------
  const resources: Resource[] = [];
  const resourceIds = new Set<number>();
  for (const r of doc.resources) {
    if (!finite(r.uid) || (r.uid === 0 && !r.name) || resourceIds.has(r.uid)) continue;
    resourceIds.add(r.uid);
    const type = r.isCostResource || r.type === 2 ? 'nonlabour' : r.type === 0 ? 'material' : 'labour';
    const res: Resource = { id: String(r.uid), code: r.code ?? r.initials ?? (finite(r.id) ? String(r.id) : String(r.uid)), name: r.name ?? `Resource ${r.uid}`, type };
    if (finite(r.standardRate)) res.rate = r.standardRate;
    // No Rates element (MS Project writes none for a resource with one rate): table A is the resource's own fields.
    const costRates = mapCostRates(r.rates.length ? r.rates : [{ table: 0, standardRate: r.standardRate, overtimeRate: r.overtimeRate, costPerUse: r.costPerUse }]);
    if (costRates) res.costRates = costRates;
    if (type === 'material' && r.materialLabel) res.unit = r.materialLabel;
    const cal = calendarId(r.calendarUid);
    if (cal) res.calendarId = cal;
    resources.push(res);
  }

  // ---- assignments -----------------------------------------------------------------------------
  const assignments: Assignment[] = [];
  const skippedAsg = { unassigned: 0, summary: 0, missingTask: 0 };
  const otherTypes = new Map<number, number>();
  const assignmentBaselines = new Map<string, MspdiBaseline[]>();
  for (const as of doc.assignments) {
    const taskUid = as.taskUid ?? -1;
    const act = leafIndex.get(taskUid);
    if (!act) {
      if (taskUid === 0 || summaryUids.has(taskUid)) skippedAsg.summary++;
      else skippedAsg.missingTask++;
      continue;
    }
    const extra = as.baselines.filter((b) => b.number !== undefined && b.number >= 0 && b.number <= 10 && b.number !== evBaseline);
    if (extra.length) assignmentBaselines.set(act.id, [...(assignmentBaselines.get(act.id) ?? []), ...extra]);
    if (as.resourceUid === undefined || !resourceIds.has(as.resourceUid)) {
      skippedAsg.unassigned++;
      continue;
    }
    assignments.push(mapAssignment(as, act.id, evBaseline, otherTypes));
  }
  if (skippedAsg.summary) warn({ message: `${skippedAsg.summary} assignment${skippedAsg.summary > 1 ? 's' : ''} on summary tasks or the project summary (such as budget resources) ${skippedAsg.summary > 1 ? 'were' : 'was'} not kept; activity budgets come from the activities.`, where: 'Project/Assignments' });
  if (skippedAsg.missingTask) warn({ message: `${skippedAsg.missingTask} assignment${skippedAsg.missingTask > 1 ? 's name' : ' names'} a task UID that is not in the file; ${skippedAsg.missingTask > 1 ? 'they were' : 'it was'} not kept.`, where: 'Project/Assignments' });
  if (otherTypes.size) {
    const list = [...otherTypes.entries()].sort((x, y) => x[0] - y[0]).map(([type, n]) => `${n} ${timephasedTypeName(type)}`);
    warn({ message: `Time-phased records the model does not hold were not kept: ${list.join(', ')}. Baseline and actual work and cost spreads were kept.`, where: 'TimephasedData' });
  }

  const baselines = mapBaselines(tasks, leafIndex, assignmentBaselines, evBaseline);

  const schedule: Schedule = {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: { id: p.guid ?? code ?? options.fileName ?? 'mspdi', name, currency },
    wbs,
    activities,
    relationships,
    calendars,
    resources,
    assignments,
    codeTypes: [],
    snapshots: [],
    baselines,
    changeOrders: [],
    source: { format: 'mspdi', application: applicationOf(p.saveVersion, p.buildNumber), warnings },
  };
  if (code) schedule.project.code = code;
  if (p.statusDate) schedule.project.dataDate = p.statusDate;
  if (p.currentDate) schedule.project.currentDate = p.currentDate;
  if (p.startDate) schedule.project.plannedStart = p.startDate;
  if (p.finishDate) schedule.project.plannedFinish = p.finishDate;
  // MS Project schedules progressed work where its actuals left it, not from the status date.
  schedule.project.scheduling = { progressFrom: 'actual-progress' };
  const defaultCal = calendarId(p.calendarUid);
  if (defaultCal) schedule.project.defaultCalendarId = defaultCal;
  else if (calendars.length) schedule.project.defaultCalendarId = calendars[0].id;
  if (options.fileName && schedule.source) schedule.source.fileName = options.fileName;
  return schedule;
}

function mapAssignment(as: MspdiAssignment, activityId: string, evBaseline: number, otherTypes: Map<number, number>): Assignment {
  const b0 = baselineNumber(as.baselines, evBaseline);
  const cost = finite(as.cost) ? as.cost : 0;
  const work = finite(as.work) ? as.work : 0;
  const actualCost = finite(as.actualCost) ? as.actualCost : 0;
  const actualUnits = finite(as.actualWork) ? as.actualWork : 0;
  const out: Assignment = {
    id: String(as.uid),
    activityId,
    resourceId: String(as.resourceUid),
    budgetUnits: b0 && finite(b0.work) ? b0.work : work,
    actualUnits,
    remainingUnits: finite(as.remainingWork) ? as.remainingWork : Math.max(0, work - actualUnits),
    budgetCost: b0 && finite(b0.cost) ? b0.cost : cost,
    actualCost,
    remainingCost: finite(as.remainingCost) ? as.remainingCost : Math.max(0, cost - actualCost),
  };
  const table = as.costRateTable;
  if (table === 1 || table === 2 || table === 3 || table === 4) out.costRateTable = table;
  let tp: TimephasedValue[] | undefined;
  // An assignment's records come in runs of one type (an .mpp's daily actual work: hundreds of
  // type 2 in a row), so the kind is looked up once per run, not once per record.
  let lastType = NaN;
  let kind: TimephasedValue['kind'] | null = null;
  for (const r of as.timephased) {
    const type = r.type ?? -1;
    if (type !== lastType) {
      lastType = type;
      kind = timephasedKind(type, evBaseline);
    }
    if (kind === null) {
      otherTypes.set(type, (otherTypes.get(type) ?? 0) + 1);
      continue;
    }
    // A record without a value is a period with nothing in it (a weekend, a split).
    if (!finite(r.value) || !r.start || !r.finish) continue;
    (tp ??= []).push({ kind, start: r.start, finish: r.finish, value: r.value });
  }
  if (tp) out.timephased = tp;
  return out;
}

/**
 * Rates/Rate → `Resource.costRates`: MS Project's "NA" bounds (1984-01-01, 2049-12-31 23:59) become
 * open ends; entries are sorted by table, then date. Tables B–E that are one entry of zeros (what
 * MS Project shows for an unused table) are left out, and when only table A's single entry is left,
 * with no overtime rate or cost per use, the resource has one rate and `rate` says it all: undefined.
 */
function mapCostRates(rates: MspdiRate[]): CostRate[] | undefined {
  if (rates.length === 0) return undefined;
  const out: CostRate[] = [];
  for (const r of rates) {
    const table = r.table ?? 0;
    if (!(table === 0 || table === 1 || table === 2 || table === 3 || table === 4) || !finite(r.standardRate)) continue;
    const e: CostRate = { table: table as CostRateTableIndex, standardRate: r.standardRate };
    if (r.from && r.from > RATES_NA_FROM) e.from = r.from;
    if (r.to && r.to < RATES_NA_TO) e.to = r.to;
    // An absent OvertimeRate/CostPerUse (MS Project omits them for material resources) is 0, as the .mpp stores it.
    e.overtimeRate = finite(r.overtimeRate) ? r.overtimeRate : 0;
    e.costPerUse = finite(r.costPerUse) ? r.costPerUse : 0;
    out.push(e);
  }
  out.sort((x, y) => x.table - y.table || (x.from ?? '').localeCompare(y.from ?? ''));
  const single = (t: number) => out.filter((e) => e.table === t).length === 1;
  const kept = out.filter((e) => e.table === 0 || !single(e.table) || e.from || e.to || e.standardRate !== 0 || (e.overtimeRate ?? 0) !== 0 || (e.costPerUse ?? 0) !== 0);
  const only = kept.length === 1 ? kept[0] : undefined;
  if (kept.length === 0 || (only && only.table === 0 && !only.from && !only.to && !only.overtimeRate && !only.costPerUse)) return undefined;
  return kept;
}

function mapBaselines(tasks: MspdiTask[], leafIndex: Map<number, Activity>, fromAssignments: Map<string, MspdiBaseline[]>, evBaseline: number): Baseline[] {
  const byNumber = new Map<number, Baseline['activities']>();
  const add = (n: number, entry: Baseline['activities'][number]) => {
    const list = byNumber.get(n) ?? [];
    list.push(entry);
    byNumber.set(n, list);
  };
  for (const t of tasks) {
    if (t.baselines.length === 0 && !fromAssignments.size) continue;
    const act = leafIndex.get(t.uid ?? -1);
    if (!act) continue;
    let own = 0; // bit n set: the task has its own Baseline n
    for (const b of t.baselines) {
      const n = b.number;
      if (n === undefined || !(n >= 0 && n <= 10) || n === evBaseline) continue;
      own |= 1 << n;
      const e: Baseline['activities'][number] = { activityId: act.id };
      if (b.start) e.start = b.start;
      if (b.finish) e.finish = b.finish;
      if (finite(b.cost)) e.budgetCost = b.cost;
      if (finite(b.work)) e.budgetUnits = b.work;
      add(n, e);
    }
    // Roll assignment baselines up to tasks that have none of their own for that number.
    const fromAsg = fromAssignments.get(act.id);
    if (!fromAsg) continue;
    const rolled = new Map<number, Baseline['activities'][number]>();
    for (const b of fromAsg) {
      const n = b.number ?? -1; // the list holds numbers 0..10 only (see the assignments loop)
      if (own & (1 << n)) continue;
      const e = rolled.get(n) ?? { activityId: act.id };
      if (finite(b.cost)) e.budgetCost = (e.budgetCost ?? 0) + b.cost;
      if (finite(b.work)) e.budgetUnits = (e.budgetUnits ?? 0) + b.work;
      if (b.start && (!e.start || b.start < e.start)) e.start = b.start;
      if (b.finish && (!e.finish || b.finish > e.finish)) e.finish = b.finish;
      rolled.set(n, e);
    }
    for (const [n, e] of rolled) add(n, e);
  }
  return [...byNumber.keys()].sort((a, b) => a - b).map((n) => ({ id: `baseline-${n}`, name: n === 0 ? 'Baseline' : `Baseline ${n}`, activities: byNumber.get(n) ?? [] }));
}

interface FieldInfo {
  key: string;
  kind: 'cost' | 'number' | 'duration' | 'text';
}

function fieldDefinitions(defs: MspdiFieldDefinition[]): Map<number, FieldInfo> {
  const out = new Map<number, FieldInfo>();
  for (const d of defs) {
    if (!finite(d.fieldId)) continue;
    const fieldName = d.fieldName ?? `Field ${d.fieldId}`;
    const kind: FieldInfo['kind'] = /^Cost\d+$/.test(fieldName) ? 'cost' : /^Number\d+$/.test(fieldName) ? 'number' : /^Duration\d+$/.test(fieldName) ? 'duration' : 'text';
    out.set(d.fieldId, { key: d.alias ?? fieldName, kind });
  }
  return out;
}

/** Puts a custom field's value on `udf` under its alias (else its field name), typed by field kind. */
function setCustomValue(udf: Record<string, string | number>, def: FieldInfo | undefined, fieldId: number | undefined, raw: string): void {
  if (!def) {
    udf[`Field ${fieldId}`] = raw;
    return;
  }
  if (def.kind === 'cost' || def.kind === 'number') {
    const v = Number(raw);
    udf[def.key] = raw.trim() !== '' && finite(v) ? (def.kind === 'cost' ? v / 100 : v) : raw;
    return;
  }
  if (def.kind === 'duration') {
    const m = /^(-)?PT(\d+(?:\.\d+)?)H(\d+(?:\.\d+)?)M(\d+(?:\.\d+)?)S$/.exec(raw.trim());
    if (m) {
      udf[def.key] = (m[1] ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60 + Number(m[4]) / 3600);
      return;
    }
  }
  udf[def.key] = raw;
}

/** The baseline with number `n` (a loop, not find(): no closure per task). */
function baselineNumber(list: MspdiBaseline[], n: number): MspdiBaseline | undefined {
  for (let i = 0; i < list.length; i++) if (list[i].number === n) return list[i];
  return undefined;
}

function applicationOf(saveVersion: number | undefined, build: string | undefined): string {
  // SaveVersion as MS Project writes it (absent before Project 2007; the corpus README agrees).
  const product: Record<number, string> = { 12: 'Project 2007', 14: 'Project 2010 or later' };
  const v = finite(saveVersion) ? `SaveVersion ${saveVersion}${product[saveVersion] ? ` (${product[saveVersion]})` : ''}` : 'no SaveVersion (Project 2002/2003 era or another tool)';
  return `Microsoft Project XML, ${v}${build ? `, build ${build}` : ''}`;
}
