/**
 * One PMXML `Project` (or `BaselineProject`) element → one model `Schedule`, without its
 * relationships and baselines, which can cross projects and are attached afterwards by
 * ./relationships.ts and ./baselines.ts.
 *
 * Money and units follow the XER reader (../xer/build.ts) so one P6 project gives one model:
 * - budget = Σ assignment PlannedCost + Σ activity expense PlannedCost (P6's budgeted total cost);
 * - actual = Σ assignment ActualCost (regular + overtime) + Σ expense ActualCost;
 * - remaining = Σ assignment RemainingCost + Σ expense RemainingCost;
 * - units = the same sums over labour and non-labour assignments (material quantities are
 *   tonnes or m³, not hours; expense units are items). An activity without assignments keeps the
 *   labour + non-labour units P6 stores on it.
 * The activity's own cost fields are not used: P6 writes labour and non-labour cost there but not
 * material or expense cost (MPXJ's reader notes the same and rolls up as here).
 *
 * Control accounts: when the project has an activity code named like "Control Account"/"CA", its
 * values are the activities' control accounts; otherwise every WBS element is a control account.
 * Cost accounts become the code type "Cost account" (the account carrying most of an activity's
 * budget).
 */
import { ImportCancelled } from '../types';
import type { LocalDateTime } from '../../model/dates';
import {
  SCHEDULE_FORMAT_VERSION,
  type Activity,
  type Assignment,
  type Calendar,
  type CodeType,
  type PercentCompleteType,
  type Relationship,
  type Resource,
  type Schedule,
} from '../../model/schedule';
import { toActivity } from './activities';
import { p6DefaultWeek, toCalendar } from './calendars';
import { COST_ACCOUNT_TYPE_ID, codeAssignments, codeBook, costAccountType, udfBook, udfValues } from './codes';
import type { PmxmlFile } from './fileIndex';
import { roleResourceId, UNASSIGNED_RESOURCE, type ResourceBook } from './resources';
import { count, kids, text, type XmlNode } from './xmlTree';
import { lagCalendar, parseDate, parseFlag, parseNumber, percentCompleteType, resourceType } from './values';
import { WarningLog } from './warnings';
import { buildWbs } from './wbs';

export interface BuildContext {
  file: PmxmlFile;
  resources: ResourceBook;
  fileName?: string;
  /** Warnings about the whole file, repeated in every schedule built from it. */
  fileNotes: { message: string; where?: string }[];
  isCancelled?: () => boolean;
  /** Called every few hundred activities, for progress reports. */
  onActivities?: (n: number) => void;
}

export interface BuiltProject {
  node: XmlNode;
  schedule: Schedule;
  log: WarningLog;
  activityIds: Set<string>;
  /** The project's relationship lag calendar, when it is not the model's default (predecessor). */
  lagCalendar?: Relationship['lagCalendar'];
  /** ObjectId of P6's current project baseline, when the project names one. */
  currentBaselineId?: string;
}

/** The project's id, code and name, also used for the "which project?" list. */
export function projectIdentity(node: XmlNode, index: number): { id: string; code?: string; name: string } {
  const id = text(node, 'ObjectId') ?? text(node, 'Id') ?? `project-${index + 1}`;
  const code = text(node, 'Id');
  const name = text(node, 'Name') ?? code ?? `Project ${id}`;
  return code ? { id, code, name } : { id, name };
}

function calendarsFor(projectId: string, project: XmlNode, file: PmxmlFile, log: WarningLog): Calendar[] {
  const out = new Map<string, Calendar>();
  for (const node of [...file.calendars, ...kids(project, 'Calendar')]) {
    // A project calendar of another project has no business in this schedule.
    const owner = text(node, 'ProjectObjectId');
    if (owner && owner !== projectId) continue;
    const cal = toCalendar(node, log);
    if (cal && !out.has(cal.id)) out.set(cal.id, cal);
  }
  for (const cal of out.values()) {
    if (cal.baseCalendarId && !out.has(cal.baseCalendarId)) {
      log.add(`Calendar "${cal.name}" is based on calendar ${cal.baseCalendarId}, which is not in the file; it keeps only its own hours.`, `Calendar ${cal.id}`, 'calendar-base-missing');
      delete cal.baseCalendarId;
      if (cal.workWeek.length === 0) cal.workWeek = p6DefaultWeek();
    }
  }
  return [...out.values()];
}

function defaultCalendarOf(project: XmlNode, file: PmxmlFile, calendars: Calendar[], log: WarningLog, where: string): string | undefined {
  const stated = text(project, 'ActivityDefaultCalendarObjectId');
  if (stated && calendars.some((c) => c.id === stated)) return stated;
  if (stated) log.add(`The project's default calendar (${stated}) is not in the file; the global default calendar is used.`, where);
  const flagged = file.calendars.find((c) => parseFlag(text(c, 'IsDefault')) === true);
  const id = text(flagged, 'ObjectId');
  return id && calendars.some((c) => c.id === id) ? id : undefined;
}

const num0 = (raw: string | undefined) => parseNumber(raw) ?? 0;

export function buildSchedule(project: XmlNode, index: number, ctx: BuildContext): BuiltProject {
  const { file } = ctx;
  const ident = projectIdentity(project, index);
  const code = ident.code ?? ident.id;
  const log = new WarningLog();
  for (const n of ctx.fileNotes) log.add(n.message, n.where);
  const where = `Project ${code}`;

  const dataDate = parseDate(text(project, 'DataDate'));
  const calendars = calendarsFor(ident.id, project, file, log);
  const calendarIds = new Set(calendars.map((c) => c.id));
  const defaultCalendarId = defaultCalendarOf(project, file, calendars, log, where);

  const wbs = buildWbs(project, code, ident.name, log);
  const codes = codeBook(file.codeTypes, file.codeValues, project);
  const udfs = udfBook(file.udfTypes);
  const defaultPctType: PercentCompleteType = percentCompleteType(text(project, 'ActivityDefaultPercentCompleteType')) ?? 'duration';

  // ---- Activities
  const activities: Activity[] = [];
  const byId = new Map<string, Activity>();
  const nodesById = new Map<string, XmlNode>();
  const actx = {
    projectCode: code,
    defaultPctType,
    wbsIds: wbs.ids,
    rootWbsId: wbs.rootId,
    techniqueOf: wbs.techniqueOf,
    codes,
    extraCodes: codeAssignments(project, codes),
    udfs,
    extraUdfs: udfValues([...kids(file.root, 'UDFValue'), ...kids(project, 'UDFValue')], udfs),
    calendarIds,
    log,
  };
  for (const node of kids(project, 'Activity')) {
    const a = toActivity(node, actx);
    if (!a) continue;
    if (byId.has(a.id)) {
      log.add(`Two activities share ObjectId ${a.id}; the second (${a.code}) was skipped.`, `${where}, Activity ${a.code}`, 'activity-duplicate');
      continue;
    }
    byId.set(a.id, a);
    nodesById.set(a.id, node);
    activities.push(a);
    if (activities.length % 500 === 0) {
      if (ctx.isCancelled?.()) throw new ImportCancelled();
      ctx.onActivities?.(500);
    }
  }
  ctx.onActivities?.(activities.length % 500);

  // ---- Assignments: money and hours onto their activities
  const resourceTypes = new Map<string, string | undefined>(file.resources.map((r) => [text(r, 'ObjectId') ?? '', text(r, 'ResourceType')]));
  const extraResources = new Map<string, Resource>();
  const assignments: Assignment[] = [];
  const withAssignments = new Set<string>();
  const units = new Map<string, [number, number, number]>();
  /** Cost account carrying the largest budget of each activity (first wins a tie, as in XER). */
  const account = new Map<string, { id: string; budget: number }>();
  const noteAccount = (activityId: string, accountId: string | undefined, budget: number) => {
    if (!accountId) return;
    const cur = account.get(activityId);
    if (!cur || budget > cur.budget) account.set(activityId, { id: accountId, budget });
  };
  for (const node of kids(project, 'ResourceAssignment')) {
    const id = text(node, 'ObjectId') ?? `${ident.id}:assignment-${assignments.length + 1}`;
    const activityId = text(node, 'ActivityObjectId');
    const activity = activityId ? byId.get(activityId) : undefined;
    const aw = `${where}, ResourceAssignment ${id}`;
    if (!activity) {
      log.add(`A resource assignment belongs to activity ${activityId ?? '(none)'}, which is not in this project; its costs were left out.`, aw, 'assignment-orphan');
      continue;
    }
    const budgetCost = num0(text(node, 'PlannedCost'));
    const actualCost = parseNumber(text(node, 'ActualCost')) ?? num0(text(node, 'ActualRegularCost')) + num0(text(node, 'ActualOvertimeCost'));
    const remainingCost = num0(text(node, 'RemainingCost'));
    const budgetUnits = num0(text(node, 'PlannedUnits'));
    const actualUnits = parseNumber(text(node, 'ActualUnits')) ?? num0(text(node, 'ActualRegularUnits')) + num0(text(node, 'ActualOvertimeUnits'));
    const remainingUnits = num0(text(node, 'RemainingUnits'));
    activity.budgetCost += budgetCost;
    activity.actualCost += actualCost;
    activity.remainingCost += remainingCost;
    withAssignments.add(activity.id);

    let resourceId = text(node, 'ResourceObjectId');
    const roleId = text(node, 'RoleObjectId');
    if (!resourceId && roleId) {
      resourceId = roleResourceId(roleId);
      if (!extraResources.has(resourceId)) extraResources.set(resourceId, ctx.resources.roleResource(roleId, dataDate));
    } else if (!resourceId) {
      resourceId = UNASSIGNED_RESOURCE.id;
      extraResources.set(resourceId, { ...UNASSIGNED_RESOURCE });
    } else if (!resourceTypes.has(resourceId)) {
      log.once(`resource-missing-${resourceId}`, `Resource ${resourceId} is assigned to activities but is not in the file; its assignments are kept with their costs.`, aw);
    }

    const type = resourceType(text(node, 'ResourceType') ?? resourceTypes.get(resourceId));
    if (type !== 'material') {
      const u = units.get(activity.id) ?? [0, 0, 0];
      u[0] += budgetUnits;
      u[1] += actualUnits;
      u[2] += remainingUnits;
      units.set(activity.id, u);
    }
    noteAccount(activity.id, text(node, 'CostAccountObjectId'), budgetCost);
    assignments.push({ id, activityId: activity.id, resourceId, budgetUnits, actualUnits, remainingUnits, budgetCost, actualCost, remainingCost });
  }

  // ---- Expenses: money only
  for (const node of kids(project, 'ActivityExpense')) {
    const activityId = text(node, 'ActivityObjectId');
    const activity = activityId ? byId.get(activityId) : undefined;
    if (!activity) {
      log.add(`An expense belongs to activity ${activityId ?? '(none)'}, which is not in this project; it was left out.`, `${where}, ActivityExpense ${text(node, 'ObjectId') ?? '?'}`, 'expense-orphan');
      continue;
    }
    const budget = num0(text(node, 'PlannedCost'));
    activity.budgetCost += budget;
    activity.actualCost += num0(text(node, 'ActualCost'));
    activity.remainingCost += num0(text(node, 'RemainingCost'));
    noteAccount(activity.id, text(node, 'CostAccountObjectId'), budget);
  }

  // ---- Units: from labour/non-labour assignments, else what P6 stores on the activity
  for (const a of activities) {
    const n = nodesById.get(a.id);
    const u = withAssignments.has(a.id) ? (units.get(a.id) ?? [0, 0, 0]) : undefined;
    a.budgetUnits = u ? u[0] : num0(text(n, 'PlannedLaborUnits')) + num0(text(n, 'PlannedNonLaborUnits'));
    a.actualUnits = u ? u[1] : num0(text(n, 'ActualLaborUnits')) + num0(text(n, 'ActualNonLaborUnits'));
    a.remainingUnits = u ? u[2] : num0(text(n, 'RemainingLaborUnits')) + num0(text(n, 'RemainingNonLaborUnits'));
  }

  if (codes.unknownValues) {
    log.add(`${codes.unknownValues} activity code assignment${codes.unknownValues === 1 ? ' names a code value' : 's name code values'} missing from the file's code dictionaries and ${codes.unknownValues === 1 ? 'was' : 'were'} ignored.`, where);
  }

  // ---- Code types: those the activities use, and the project's own
  const used = new Set(activities.flatMap((a) => Object.keys(a.codes)));
  const projectTypes = new Set(kids(project, 'ActivityCodeType').map((t) => text(t, 'ObjectId')));
  const codeTypes: CodeType[] = codes.types.filter((t) => used.has(t.id) || projectTypes.has(t.id));
  const accounts = costAccountType(file.costAccounts);
  if (accounts) {
    let any = false;
    for (const [activityId, acc] of account) {
      if (!accounts.values[acc.id]) continue;
      const a = byId.get(activityId);
      if (a) {
        a.codes[COST_ACCOUNT_TYPE_ID] = acc.id;
        any = true;
      }
    }
    if (any) codeTypes.push(accounts);
  }

  // ---- Control accounts
  const caTypeId = codes.controlAccountTypeId;
  if (caTypeId) {
    const caType = codes.types.find((t) => t.id === caTypeId);
    for (const a of activities) {
      const v = a.codes[caTypeId];
      const caCode = v === undefined ? undefined : caType?.values[v]?.code;
      if (caCode) a.controlAccount = caCode;
    }
    log.add(`Control accounts come from the activity code "${caType?.name ?? caTypeId}"; activities without that code have no control account.`, where);
  } else {
    for (const w of wbs.nodes) w.controlAccount = w.code;
  }

  const resources = [...ctx.resources.resources(dataDate, log), ...extraResources.values()];

  if (activities.length === 0) {
    log.add(`Project ${code} has no activities in this file, so there is nothing to measure. If that is unexpected, check the project's filter in P6's export dialog and export again.`, where, 'no-activities');
  } else if (!text(project, 'Name') && !dataDate && activities.every((a) => !a.plannedStart && !a.baselineStart)) {
    log.add(
      `Project ${code} holds only activity ids and names: P6 exported it because another project in the file links to it (an "external" project). Its dates, progress and costs are not in this file.`,
      where,
    );
  }

  // The schedule options' setting wins over the project's copy (as in P6's own XML reader, MPXJ).
  const scheduleOptions = kids(project, 'ScheduleOptions')[0];
  const lag = lagCalendar(text(scheduleOptions, 'RelationshipLagCalendar') ?? text(project, 'RelationshipLagCalendar'));

  const plannedStart = parseDate(text(project, 'PlannedStartDate'));
  // XER's plan_end_date is P6's "Must finish by"; without it, the scheduled finish (as in XER).
  const plannedFinish = parseDate(text(project, 'MustFinishByDate')) ?? parseDate(text(project, 'ScheduledFinishDate'));
  if (!file.currency) log.once('no-currency', 'The file does not name its base currency; amounts are shown as GBP. Check the project currency.');
  const schedule: Schedule = {
    formatVersion: SCHEDULE_FORMAT_VERSION,
    project: {
      id: ident.id,
      ...(ident.code ? { code: ident.code } : {}),
      name: ident.name,
      currency: file.currency ?? 'GBP',
      ...(dataDate ? { dataDate } : {}),
      ...(plannedStart ? { plannedStart } : {}),
      ...(plannedFinish ? { plannedFinish } : {}),
      ...(defaultCalendarId ? { defaultCalendarId } : {}),
    },
    wbs: wbs.nodes,
    activities,
    relationships: [],
    calendars,
    resources,
    assignments,
    codeTypes,
    snapshots: [],
    baselines: [],
    changeOrders: [],
    // Warnings are filled in once relationships and baselines are attached (see ./index.ts).
    source: { format: 'pmxml', ...(ctx.fileName ? { fileName: ctx.fileName } : {}), application: file.application, warnings: [] },
  };

  const built: BuiltProject = { node: project, schedule, log, activityIds: new Set(byId.keys()) };
  // "Predecessor" is the model's default, so it is left implicit (as the XER reader does).
  if (lag && lag !== 'predecessor') built.lagCalendar = lag;
  const base = text(project, 'CurrentBaselineProjectObjectId');
  if (base) built.currentBaselineId = base;
  return built;
}

/** Number of Activity elements of a Project element (for the project list). */
export const activityCount = (project: XmlNode) => count(project, 'Activity');

/** The data date of a Project element (for the project list). */
export const dataDateOf = (project: XmlNode): LocalDateTime | undefined => parseDate(text(project, 'DataDate'));
