/**
 * P6 tables → canonical schedules. Reads through `P6Table`, so the same code serves XER files
 * (column offsets into the text) and table-per-sheet Excel exports (`RawTable`s).
 *
 * Mapping decisions (each also stated in a warning where the user should know):
 * - Ids: Activity.id = task_id, WbsNode.id = wbs_id, Resource.id = rsrc_id, Calendar.id = clndr_id,
 *   Assignment.id = taskrsrc_id, Project.id = proj_id (P6's internal keys, unique across the file,
 *   so cross-project relationships resolve); codes are what users see (task_code, WBS path…).
 * - Dates: baselineStart/Finish = target_start/end_date (P6's "planned" dates). P6 keeps the real
 *   baseline in a separate baseline project (PROJECT.sum_base_proj_id); when that project is in
 *   the file its activities (matched by task_code) supply the baseline dates and budgets instead,
 *   otherwise a warning says the planned dates stand in for the baseline.
 *   plannedStart/Finish = early_start/end_date (current schedule), falling back to actual, then
 *   planned dates; forecastStart/Finish = restart/reend_date (remaining early dates) for
 *   unfinished work; actualStart/Finish = act_start/end_date.
 * - Durations are P6 hours already: originalDuration = baselineDuration = target_drtn_hr_cnt,
 *   remainingDuration = remain_drtn_hr_cnt.
 * - Percent complete (0..1): physical = phys_complete_pct/100; duration = 1 − remaining/original;
 *   units = actual/(actual + remaining) labour+nonlabour units; the type from complete_pct_type
 *   (else the project's def_complete_pct_type).
 * - Money: budget = Σ TASKRSRC.target_cost + Σ PROJCOST.target_cost (expenses); actual =
 *   Σ (act_reg_cost + act_ot_cost) + Σ PROJCOST.act_cost; remaining = Σ remain_cost + expenses'.
 *   Units: the same sums of target_qty, act_reg_qty + act_ot_qty, remain_qty over labour and
 *   nonlabour assignments (material quantities are not hours); an activity without assignments
 *   takes TASK's own labour + nonlabour quantities.
 * - EV technique: percent complete, except level-of-effort activities, and WBS elements whose P6
 *   earned-value setting (ev_compute_type) is 0/100 or 50/50.
 * - Control account: when an activity code type is named like "Control Account"/"CA", its value
 *   (code) is the activity's control account; otherwise every WBS element is its own control
 *   account (WbsNode.controlAccount = its code), so an activity's control account is the WBS
 *   element it sits in.
 * - Cost accounts (ACCOUNT) become a code type "Cost account"; an activity gets the account that
 *   carries most of its budget.
 */
import {
  SCHEDULE_FORMAT_VERSION,
  type Activity,
  type Baseline,
  type Assignment,
  type Calendar,
  type CodeType,
  type Relationship,
  type Resource,
  type ImportWarning,
  type Schedule,
} from '../../model/schedule';
import type { LocalDateTime } from '../../model/dates';
import { ImportError, inFile, type ImportResult, type ProjectSummary } from '../types';
import { readCalendars } from './calendarTable';
import { readActivityCodes, readCostAccounts, readUdfs } from './codes';
import { resolveCurrency } from './currency';
import { IntIndex } from './intIndex';
import { Keys, LOE, PERCENT, building, clamp01, colsOf, lookup, noteProblems, nz, plural, type BuildContext, type BuildOptions, type P6Source, type ProjectInfo } from './kit';
import { CONSTRAINTS, FLOAT_TYPES, LAG_CALENDARS, PCT_TYPES, RELATION_TYPES, TASK_TYPES } from './p6codes';
import { readResources, roleResource } from './resources';
import type { P6Table } from './tables';
import { readWbs } from './wbs';

export type { BuildOptions, P6Source } from './kit';

/** Builds the schedules of the chosen project(s). Throws ImportError when there is nothing to build. */
export function buildSchedules(src: P6Source, options: BuildOptions = {}): ImportResult {
  const where = inFile(options.fileName);
  const keys = new Keys();
  // Shared with the source: the XER reader adds row-shape warnings as it reads each table.
  const fileWarnings: ImportWarning[] = src.warnings;
  const ticker = src.ticker;
  const tick = () => ticker.tick('building', ticker.totalBytes);
  const header = src.header;
  const application = options.application ?? (header[0] ? `Primavera P6 ${header[0]}` : 'Primavera P6');
  const ctx: BuildContext = { src, keys, warnings: fileWarnings, tick };

  // ---- Projects ---------------------------------------------------------------------------
  const task = src.get('TASK');
  if (!task) {
    throw new ImportError(
      `${where}The file has no TASK table, so there are no activities to import. Export the project itself from P6 (File > Export > Primavera PM - (XER), choosing the project), not only resources or codes.`,
      'TASK',
    );
  }
  const T = {
    task_id: task.col('task_id'),
    proj_id: task.col('proj_id'),
  };
  if (T.task_id < 0 || T.proj_id < 0) {
    throw new ImportError(`${where}The TASK table has no ${T.task_id < 0 ? 'task_id' : 'proj_id'} field, so its activities cannot be identified. Export the project from P6 again.`, 'TASK');
  }
  const projects: ProjectInfo[] = [];
  const projectByKey = new Map<number, ProjectInfo>();
  const newProject = (key: number, id: string): ProjectInfo => ({
    key, id, code: id, name: id, calendarKey: -1, baseKey: -1, baseIdText: '', origKey: -1, pctType: 'duration', activityRows: 0, build: 0,
    warnings: [], wbs: [], rootWbsId: '', activities: [], relationships: [], assignments: [], scheduling: {},
  });
  const projT = src.get('PROJECT');
  if (projT) {
    const c = colsOf(projT, ['proj_id', 'proj_short_name', 'clndr_id', 'sum_base_proj_id', 'orig_proj_id', 'last_recalc_date', 'plan_start_date', 'plan_end_date', 'scd_end_date', 'def_complete_pct_type', 'critical_drtn_hr_cnt', 'critical_path_type']);
    for (let r = 0; r < projT.rowCount; r++) {
      const key = keys.of(projT, r, c.proj_id);
      if (key === -1 || projectByKey.has(key)) continue;
      const p = newProject(key, projT.str(r, c.proj_id).trim());
      p.code = projT.str(r, c.proj_short_name) || p.id;
      p.name = p.code;
      p.dataDate = projT.date(r, c.last_recalc_date);
      p.plannedStart = projT.date(r, c.plan_start_date);
      p.plannedFinish = projT.date(r, c.plan_end_date) ?? projT.date(r, c.scd_end_date);
      p.calendarKey = keys.of(projT, r, c.clndr_id);
      p.baseKey = keys.of(projT, r, c.sum_base_proj_id);
      p.baseIdText = projT.str(r, c.sum_base_proj_id).trim();
      p.origKey = keys.of(projT, r, c.orig_proj_id);
      p.pctType = PCT_TYPES[projT.str(r, c.def_complete_pct_type)] ?? 'duration';
      // Scheduling options held on PROJECT: the critical-float limit, the critical-path rule, and
      // the must-finish-by date (plan_end_date; scd_end_date is the scheduler's own result).
      const critical = projT.num(r, c.critical_drtn_hr_cnt);
      if (critical === critical) p.scheduling.criticalFloatHours = critical;
      const pathType = projT.str(r, c.critical_path_type);
      if (pathType === 'CT_DrivPath') p.scheduling.criticalPath = 'longest-path';
      else if (pathType === 'CT_TotFloat') p.scheduling.criticalPath = 'total-float';
      const mustFinish = projT.date(r, c.plan_end_date);
      if (mustFinish) p.scheduling.mustFinishBy = mustFinish;
      projects.push(p);
      projectByKey.set(key, p);
    }
    noteProblems(projT, fileWarnings);
    src.release('PROJECT');
  }
  // Count activities per project; TASK rows of projects missing from PROJECT make a project too.
  let orphanProjects = 0;
  for (let r = 0; r < task.rowCount; r++) {
    const pk = keys.of(task, r, T.proj_id);
    let p = projectByKey.get(pk);
    if (!p) {
      if (pk === -1) continue;
      p = newProject(pk, task.str(r, T.proj_id).trim());
      projects.push(p);
      projectByKey.set(pk, p);
      orphanProjects++;
    }
    p.activityRows++;
  }
  if (!projT) {
    fileWarnings.push({ message: `The file has no PROJECT table: ${plural(projects.length, 'project')} were made from the activities' proj_id, without names, data dates or planned dates.`, where: 'PROJECT' });
  } else if (orphanProjects) {
    fileWarnings.push({ message: `${plural(orphanProjects, 'project')} named by TASK rows are missing from the PROJECT table; they were imported without names or data dates.`, where: 'TASK' });
  }
  if (projects.length === 0) {
    throw new ImportError(`${where}The file holds no projects: the PROJECT and TASK tables are empty. Export the project from P6 again.`, 'PROJECT');
  }

  // Baseline projects that are in the file serve their project; by default they are not built.
  const isBaselineOf = new Map<ProjectInfo, ProjectInfo>();
  for (const p of projects) {
    const b = p.baseKey === -1 ? undefined : projectByKey.get(p.baseKey);
    if (b && b !== p) isBaselineOf.set(b, p);
  }

  // ---- Which projects to build --------------------------------------------------------------
  const choice = options.project?.trim();
  if (!choice || choice.toLowerCase() === 'all') {
    for (const p of projects) p.build = isBaselineOf.has(p) ? 0 : 1;
  } else {
    const chosen =
      projects.find((p) => p.id === choice) ??
      projects.find((p) => p.code === choice) ??
      projects.find((p) => p.code.toLowerCase() === choice.toLowerCase());
    if (!chosen) {
      const list = projects.map((p) => `${p.code} (id ${p.id})`).join(', ');
      throw new ImportError(`${where}There is no project "${choice}" in this file. It holds ${plural(projects.length, 'project')}: ${list}. Choose one of those, or all.`);
    }
    chosen.build = 1;
  }
  for (const [base, owner] of isBaselineOf) {
    if (owner.build === 1 && base.build === 0) base.build = 2;
    if (base.build !== 1) fileWarnings.push({ message: `Project ${base.code} is the baseline of project ${owner.code}: it supplies ${owner.code}'s baseline dates and budgets and is not imported on its own (choose it explicitly to import it as a project).`, where: `PROJECT ${base.id}` });
  }
  tick();

  // ---- Header: currency ---------------------------------------------------------------------
  const currency = resolveCurrency(header[7], src.get('CURRTYPE'), fileWarnings);
  src.release('CURRTYPE');

  // ---- Scheduling options: relationship lag calendar, out-of-sequence mode, lags, float ------
  const sched = src.get('SCHEDOPTIONS');
  if (sched) {
    const c = colsOf(sched, ['proj_id', 'sched_calendar_on_relationship_lag', 'sched_progress_override', 'sched_retained_logic', 'sched_lag_early_start_flag', 'sched_float_type', 'sched_use_expect_end_flag']);
    for (let r = 0; r < sched.rowCount; r++) {
      const p = projectByKey.get(keys.of(sched, r, c.proj_id));
      if (!p) continue;
      const lag = LAG_CALENDARS[sched.str(r, c.sched_calendar_on_relationship_lag)];
      if (lag && lag !== 'predecessor') p.lagCalendar = lag;
      // P6 offers three mutually exclusive modes; "actual dates" is scheduled here as retained logic.
      if (sched.is(r, c.sched_progress_override, 'Y')) p.scheduling.progressOverride = true;
      else if (sched.is(r, c.sched_retained_logic, 'Y') || sched.is(r, c.sched_progress_override, 'N')) p.scheduling.progressOverride = false;
      if (!sched.empty(r, c.sched_lag_early_start_flag)) p.scheduling.ssLagFromActualStart = !sched.is(r, c.sched_lag_early_start_flag, 'Y');
      if (!sched.empty(r, c.sched_use_expect_end_flag)) p.scheduling.useExpectedFinish = sched.is(r, c.sched_use_expect_end_flag, 'Y');
      const ft = FLOAT_TYPES[sched.str(r, c.sched_float_type)];
      if (ft) p.scheduling.floatType = ft;
    }
    src.release('SCHEDOPTIONS');
  }

  // ---- WBS ----------------------------------------------------------------------------------
  const wbsByKey = readWbs(ctx, projects, projectByKey);
  tick();

  // ---- Calendars ----------------------------------------------------------------------------
  const calendars = readCalendars(ctx);
  const calendarId = (key: number) => calendars.get(key)?.cal.id;
  tick();

  // ---- Activities, first pass: which TASK rows are built, and their ids ---------------------
  const tc = colsOf(task, [
    'task_id', 'proj_id', 'wbs_id', 'clndr_id', 'task_code', 'task_name', 'task_type', 'status_code', 'complete_pct_type', 'phys_complete_pct',
    'target_drtn_hr_cnt', 'remain_drtn_hr_cnt', 'total_float_hr_cnt', 'act_work_qty', 'remain_work_qty', 'target_work_qty', 'act_equip_qty', 'remain_equip_qty', 'target_equip_qty',
    'cstr_type', 'cstr_date', 'cstr_type2', 'cstr_date2', 'act_start_date', 'act_end_date', 'early_start_date', 'early_end_date', 'restart_date', 'reend_date', 'target_start_date', 'target_end_date', 'expect_end_date',
  ]);
  // Two passes over TASK: first the index (which rows become activities), then, once the
  // assignments' and expenses' sums are known, the Activity objects with their final figures
  // (writing costs into finished objects would change V8's field representation per object).
  const projOfActivity: ProjectInfo[] = [];
  const rowOfActivity: number[] = [];
  const idOfActivity: string[] = [];
  /** task key → index of the activity (built projects only). */
  const activityIndex = new IntIndex(task.rowCount);
  /** task key → index in `projects` of its project, for every TASK row (to explain dropped links). */
  const taskProject = new IntIndex(task.rowCount);
  const projectOrdinal = new Map(projects.map((p, i) => [p, i]));
  let duplicateTasks = 0;
  for (let r = 0; r < task.rowCount; r++) {
    if ((r & 16383) === 0) tick();
    const key = keys.of(task, r, tc.task_id);
    const pk = keys.of(task, r, tc.proj_id);
    if (key === -1) continue;
    if (taskProject.has(key) || activityIndex.has(key)) {
      duplicateTasks++;
      continue;
    }
    const p = projectByKey.get(pk);
    if (p) taskProject.set(key, projectOrdinal.get(p) as number);
    if (!building(p)) continue;
    activityIndex.set(key, idOfActivity.length);
    rowOfActivity.push(r);
    projOfActivity.push(p);
    // A non-negative key means the id is all digits: no need to trim.
    idOfActivity.push(key >= 0 ? task.str(r, tc.task_id) : task.str(r, tc.task_id).trim());
  }
  if (duplicateTasks) fileWarnings.push({ message: `${plural(duplicateTasks, 'TASK row')} repeated a task_id already read and ${duplicateTasks === 1 ? 'was' : 'were'} ignored.`, where: 'TASK' });
  const n = idOfActivity.length;
  tick();


  // ---- Resources ----------------------------------------------------------------------------
  const { resources, resourceByKey } = readResources(ctx, projects.find((p) => p.build === 1)?.dataDate ?? '9999', calendarId);
  tick();

  // ---- Assignments and expenses -------------------------------------------------------------
  const asgCost = new Float64Array(n * 3);
  const asgUnits = new Float64Array(n * 3);
  const hasAsg = new Uint8Array(n);
  /** Cost account carrying most of each activity's budget. */
  const acctOf = new Float64Array(n).fill(-1);
  const acctBudget = new Float64Array(n).fill(-Infinity);
  const assignmentByKey = new IntIndex();
  const assignmentList: Assignment[] = [];
  const roleResources = new Map<number, Resource>();
  const asgT = src.get('TASKRSRC');
  if (asgT) {
    const c = colsOf(asgT, ['taskrsrc_id', 'task_id', 'rsrc_id', 'role_id', 'acct_id', 'rsrc_type', 'target_qty', 'act_reg_qty', 'act_ot_qty', 'remain_qty', 'target_cost', 'act_reg_cost', 'act_ot_cost', 'remain_cost']);
    let roles: P6Table | undefined;
    let unknownTask = 0;
    for (let r = 0; r < asgT.rowCount; r++) {
      if ((r & 16383) === 0) tick();
      const tk = keys.of(asgT, r, c.task_id);
      const i = activityIndex.get(tk);
      if (i === -1) {
        if (!taskProject.has(tk)) unknownTask++;
        continue;
      }
      const rk = keys.of(asgT, r, c.rsrc_id);
      let res = rk === -1 ? undefined : resourceByKey.get(rk);
      let resourceId: string;
      if (res) resourceId = res.id;
      else if (rk !== -1) resourceId = asgT.str(r, c.rsrc_id).trim();
      else {
        // A role (or nothing) stands in for the resource: make a placeholder resource for it.
        const rolek = keys.of(asgT, r, c.role_id);
        res = roleResources.get(rolek);
        if (!res) {
          roles ??= src.get('ROLES');
          res = roleResource(rolek, asgT.str(r, c.role_id).trim(), roles, keys);
          roleResources.set(rolek, res);
        }
        resourceId = res.id;
      }
      const budgetCost = nz(asgT.num(r, c.target_cost));
      const actualCost = nz(asgT.num(r, c.act_reg_cost)) + nz(asgT.num(r, c.act_ot_cost));
      const remainingCost = nz(asgT.num(r, c.remain_cost));
      const budgetUnits = nz(asgT.num(r, c.target_qty));
      const actualUnits = nz(asgT.num(r, c.act_reg_qty)) + nz(asgT.num(r, c.act_ot_qty));
      const remainingUnits = nz(asgT.num(r, c.remain_qty));
      const asg: Assignment = { id: asgT.str(r, c.taskrsrc_id).trim(), activityId: idOfActivity[i], resourceId, budgetUnits, actualUnits, remainingUnits, budgetCost, actualCost, remainingCost };
      projOfActivity[i].assignments.push(asg);
      const ak = keys.of(asgT, r, c.taskrsrc_id);
      if (ak !== -1) {
        assignmentByKey.set(ak, assignmentList.length);
        assignmentList.push(asg);
      }
      hasAsg[i] = 1;
      asgCost[i * 3] += budgetCost;
      asgCost[i * 3 + 1] += actualCost;
      asgCost[i * 3 + 2] += remainingCost;
      const material = c.rsrc_type >= 0 && !asgT.empty(r, c.rsrc_type) ? asgT.is(r, c.rsrc_type, 'RT_Mat') : res?.type === 'material';
      if (!material) {
        asgUnits[i * 3] += budgetUnits;
        asgUnits[i * 3 + 1] += actualUnits;
        asgUnits[i * 3 + 2] += remainingUnits;
      }
      const acct = keys.of(asgT, r, c.acct_id);
      if (acct !== -1 && budgetCost > acctBudget[i]) {
        acctBudget[i] = budgetCost;
        acctOf[i] = acct;
      }
    }
    if (roles) src.release('ROLES');
    noteProblems(asgT, fileWarnings);
    src.release('TASKRSRC');
    if (unknownTask) fileWarnings.push({ message: `${plural(unknownTask, 'resource assignment')} name an activity that is not in the file and ${unknownTask === 1 ? 'was' : 'were'} ignored.`, where: 'TASKRSRC.task_id' });
  }
  const expT = src.get('PROJCOST');
  const expCost = new Float64Array(n * 3);
  if (expT) {
    const c = colsOf(expT, ['task_id', 'acct_id', 'target_cost', 'act_cost', 'remain_cost']);
    for (let r = 0; r < expT.rowCount; r++) {
      const i = activityIndex.get(keys.of(expT, r, c.task_id));
      if (i === -1) continue;
      const budget = nz(expT.num(r, c.target_cost));
      expCost[i * 3] += budget;
      expCost[i * 3 + 1] += nz(expT.num(r, c.act_cost));
      expCost[i * 3 + 2] += nz(expT.num(r, c.remain_cost));
      const acct = keys.of(expT, r, c.acct_id);
      if (acct !== -1 && budget > acctBudget[i]) {
        acctBudget[i] = budget;
        acctOf[i] = acct;
      }
    }
    noteProblems(expT, fileWarnings);
    src.release('PROJCOST');
  }
  for (const res of roleResources.values()) resources.push(res);
  tick();

  // ---- Activities, second pass: the objects, with their final costs ------------------------
  const activities: Activity[] = new Array(n);
  let badTypes = 0;
  let unknownWbs = 0;
  let unknownCalendar = 0;
  const missingCalendars = new Set<string>();
  for (let i = 0; i < n; i++) {
    if ((i & 16383) === 0) tick();
    const r = rowOfActivity[i];
    const p = projOfActivity[i];
    let type = lookup(task, r, tc.task_type, TASK_TYPES);
    if (!type) {
      type = 'task';
      if (!task.empty(r, tc.task_type)) badTypes++;
    }
    const wk = keys.of(task, r, tc.wbs_id);
    const w = wk === -1 ? undefined : wbsByKey.get(wk);
    let wbsId = p.rootWbsId;
    if (w && w.project === p) wbsId = w.node.id;
    else if (wk !== -1) unknownWbs++;

    const complete = task.is(r, tc.status_code, 'TK_Complete');
    const notStarted = task.is(r, tc.status_code, 'TK_NotStart');
    let calendarIdOf: string | undefined;
    const ck = keys.of(task, r, tc.clndr_id);
    if (ck !== -1) {
      calendarIdOf = calendarId(ck);
      if (calendarIdOf === undefined) {
        unknownCalendar++;
        if (missingCalendars.size < 5) missingCalendars.add(task.str(r, tc.clndr_id));
      }
    }
    const ts = task.date(r, tc.target_start_date);
    const tf = task.date(r, tc.target_end_date);
    const as = task.date(r, tc.act_start_date);
    const af = task.date(r, tc.act_end_date);
    const original = task.num(r, tc.target_drtn_hr_cnt);
    const remaining = task.num(r, tc.remain_drtn_hr_cnt);
    const totalFloat = task.num(r, tc.total_float_hr_cnt);
    const phys = task.num(r, tc.phys_complete_pct);
    const actU = nz(task.num(r, tc.act_work_qty)) + nz(task.num(r, tc.act_equip_qty));
    const remU = nz(task.num(r, tc.remain_work_qty)) + nz(task.num(r, tc.remain_equip_qty));
    const cstr = task.str(r, tc.cstr_type);
    const cstr2 = task.str(r, tc.cstr_type2);
    // One literal with every field (absent ones undefined): every activity gets the same hidden
    // class in one allocation, which is several times faster than adding fields one by one.
    const a: Activity = {
      id: idOfActivity[i],
      code: task.str(r, tc.task_code),
      name: task.str(r, tc.task_name),
      wbsId,
      type,
      calendarId: calendarIdOf,
      controlAccount: undefined,
      baselineStart: ts,
      baselineFinish: tf,
      plannedStart: task.date(r, tc.early_start_date) ?? as ?? ts,
      plannedFinish: task.date(r, tc.early_end_date) ?? af ?? tf,
      actualStart: as,
      actualFinish: af,
      forecastStart: complete ? undefined : task.date(r, tc.restart_date),
      forecastFinish: complete ? undefined : task.date(r, tc.reend_date),
      baselineDuration: original === original ? original : undefined,
      originalDuration: original === original ? original : undefined,
      remainingDuration: remaining === remaining ? remaining : undefined,
      actualDuration: undefined,
      totalFloat: totalFloat === totalFloat ? totalFloat : undefined,
      percentCompleteType: lookup(task, r, tc.complete_pct_type, PCT_TYPES) ?? p.pctType,
      percentComplete: {
        physical: phys === phys ? clamp01(phys / 100) : undefined,
        duration: complete ? 1 : notStarted ? 0 : original > 0 && remaining === remaining ? clamp01(1 - remaining / original) : undefined,
        units: actU + remU > 0 ? clamp01(actU / (actU + remU)) : complete ? 1 : notStarted ? 0 : undefined,
      },
      evTechnique: type === 'level-of-effort' ? LOE : (w?.technique ?? PERCENT),
      budgetCost: asgCost[i * 3] + expCost[i * 3],
      actualCost: asgCost[i * 3 + 1] + expCost[i * 3 + 1],
      remainingCost: asgCost[i * 3 + 2] + expCost[i * 3 + 2],
      // Units of the assignments; an activity without any has TASK's own labour + nonlabour units.
      budgetUnits: hasAsg[i] ? asgUnits[i * 3] : nz(task.num(r, tc.target_work_qty)) + nz(task.num(r, tc.target_equip_qty)),
      actualUnits: hasAsg[i] ? asgUnits[i * 3 + 1] : actU,
      remainingUnits: hasAsg[i] ? asgUnits[i * 3 + 2] : remU,
      codes: {},
      udf: undefined,
      constraint: cstr ? { type: CONSTRAINTS[cstr] ?? cstr, date: task.date(r, tc.cstr_date) } : undefined,
      expectedFinish: complete ? undefined : task.date(r, tc.expect_end_date),
      secondaryConstraint: cstr2 ? { type: CONSTRAINTS[cstr2] ?? cstr2, date: task.date(r, tc.cstr_date2) } : undefined,
    };
    activities[i] = a;
    p.activities.push(a);
  }
  noteProblems(task, fileWarnings);
  src.release('TASK');
  if (badTypes) fileWarnings.push({ message: `${plural(badTypes, 'activity', 'activities')} had an unknown task_type and ${badTypes === 1 ? 'was' : 'were'} read as ordinary tasks.`, where: 'TASK.task_type' });
  if (unknownWbs) fileWarnings.push({ message: `${plural(unknownWbs, 'activity', 'activities')} named a WBS element that is not in their project and ${unknownWbs === 1 ? 'was' : 'were'} placed under the project itself.`, where: 'TASK.wbs_id' });
  if (unknownCalendar) fileWarnings.push({ message: `${plural(unknownCalendar, 'activity', 'activities')} named a calendar that is not in the file (clndr_id ${[...missingCalendars].join(', ')}); they use the project's default calendar.`, where: 'TASK.clndr_id' });
  tick();

  // ---- Relationships ------------------------------------------------------------------------
  const predT = src.get('TASKPRED');
  if (predT) {
    const c = colsOf(predT, ['task_id', 'pred_task_id', 'pred_type', 'lag_hr_cnt']);
    let crossKept = 0;
    let crossDropped = 0;
    let missing = 0;
    let badType = 0;
    const droppedFrom = new Set<string>();
    for (let r = 0; r < predT.rowCount; r++) {
      if ((r & 16383) === 0) tick();
      const si = activityIndex.get(keys.of(predT, r, c.task_id));
      if (si === -1) continue; // successor not in a built project: not ours
      const pk = keys.of(predT, r, c.pred_task_id);
      const pi = activityIndex.get(pk);
      const succProject = projOfActivity[si];
      if (pi === -1) {
        const predProject = taskProject.get(pk);
        if (predProject === -1) missing++;
        else {
          crossDropped++;
          droppedFrom.add(projects[predProject].code);
        }
        continue;
      }
      const predProject = projOfActivity[pi];
      if (predProject !== succProject) {
        if (succProject.build === 1 && predProject.build !== 1) {
          crossDropped++;
          droppedFrom.add(predProject.code);
          continue;
        }
        crossKept++;
      }
      let type = lookup(predT, r, c.pred_type, RELATION_TYPES);
      if (!type) {
        type = 'FS';
        badType++;
      }
      const rel: Relationship = { predecessorId: activities[pi].id, successorId: activities[si].id, type, lagHours: nz(predT.num(r, c.lag_hr_cnt)), lagCalendar: succProject.lagCalendar };
      succProject.relationships.push(rel);
    }
    noteProblems(predT, fileWarnings);
    src.release('TASKPRED');
    if (crossKept) fileWarnings.push({ message: `${plural(crossKept, 'relationship')} link activities of different projects; they are kept in the successor's project and name the predecessor by its task_id.`, where: 'TASKPRED' });
    if (crossDropped) fileWarnings.push({ message: `${plural(crossDropped, 'relationship')} to predecessors in project${droppedFrom.size > 1 ? 's' : ''} ${[...droppedFrom].join(', ')}, which ${droppedFrom.size > 1 ? 'are' : 'is'} not being imported, ${crossDropped === 1 ? 'was' : 'were'} dropped. Import all projects to keep them.`, where: 'TASKPRED' });
    if (missing) fileWarnings.push({ message: `${plural(missing, 'relationship')} name a predecessor that is not in the file and ${missing === 1 ? 'was' : 'were'} dropped (an external project not exported with this one).`, where: 'TASKPRED' });
    if (badType) fileWarnings.push({ message: `${plural(badType, 'relationship')} had an unknown pred_type and ${badType === 1 ? 'was' : 'were'} read as finish-to-start.`, where: 'TASKPRED.pred_type' });
  }
  tick();

  // ---- Period actuals -----------------------------------------------------------------------
  const trsrcfin = src.get('TRSRCFIN');
  if (trsrcfin) {
    const periods = new Map<number, { start: LocalDateTime; finish: LocalDateTime }>();
    const fd = src.get('FINDATES');
    if (fd) {
      const c = colsOf(fd, ['fin_dates_id', 'start_date', 'end_date']);
      for (let r = 0; r < fd.rowCount; r++) {
        const s = fd.date(r, c.start_date);
        const f = fd.date(r, c.end_date);
        if (s && f) periods.set(keys.of(fd, r, c.fin_dates_id), { start: s, finish: f });
      }
      src.release('FINDATES');
    }
    const c = colsOf(trsrcfin, ['fin_dates_id', 'taskrsrc_id', 'act_qty', 'act_cost']);
    let used = 0;
    let noPeriod = 0;
    for (let r = 0; r < trsrcfin.rowCount; r++) {
      const ai = assignmentByKey.get(keys.of(trsrcfin, r, c.taskrsrc_id));
      if (ai === -1) continue;
      const asg = assignmentList[ai];
      const period = periods.get(keys.of(trsrcfin, r, c.fin_dates_id));
      if (!period) {
        noPeriod++;
        continue;
      }
      asg.timephased ??= [];
      const cost = trsrcfin.num(r, c.act_cost);
      const qty = trsrcfin.num(r, c.act_qty);
      if (cost === cost) asg.timephased.push({ kind: 'actual-cost', start: period.start, finish: period.finish, value: cost });
      if (qty === qty) asg.timephased.push({ kind: 'actual-units', start: period.start, finish: period.finish, value: qty });
      used++;
    }
    src.release('TRSRCFIN');
    if (used) fileWarnings.push({ message: `Past-period actuals (TRSRCFIN, ${plural(used, 'row')}) were attached to their assignments as per-period actual cost and units.`, where: 'TRSRCFIN' });
    if (noPeriod) fileWarnings.push({ message: `${plural(noPeriod, 'past-period actual')} name a financial period missing from FINDATES and ${noPeriod === 1 ? 'was' : 'were'} not imported.`, where: 'TRSRCFIN.fin_dates_id' });
  }
  const taskfin = src.get('TASKFIN');
  if (taskfin && taskfin.rowCount) {
    fileWarnings.push({ message: `The file holds ${plural(taskfin.rowCount, 'activity past-period row')} (TASKFIN: P6's stored per-period BCWS/BCWP and actuals). They were not imported: Earnest computes PV and EV itself, and per-period actuals come from TRSRCFIN.`, where: 'TASKFIN' });
    src.release('TASKFIN');
  }
  tick();

  // ---- Activity codes, cost accounts, user-defined fields -----------------------------------
  const codes = readActivityCodes(ctx, activities, activityIndex, projects);
  const costAccountType = readCostAccounts(ctx, activities, acctOf);
  tick();
  readUdfs(ctx, activities, activityIndex);
  tick();

  // ---- Baselines ----------------------------------------------------------------------------
  for (const p of projects) {
    if (p.build !== 1) continue;
    // A project with no activities has no dates or budgets to take a baseline from: a note about
    // them would only puzzle (the import summary already says "(no activities)").
    if (p.activities.length === 0) continue;
    const base = p.baseKey === -1 ? undefined : projectByKey.get(p.baseKey);
    if (base && base !== p && base.build !== 0) {
      const byCode = new Map<string, Activity>();
      for (const b of base.activities) byCode.set(b.code, b);
      let matched = 0;
      // Both plans stay available as named baselines (the Baselines tab can make either the PMB):
      // the P6 planned (target) dates and budgets this replaces, and the baseline project itself.
      const planned: Baseline = { id: 'p6-planned', name: `P6 planned dates of ${p.code}`, activities: [] };
      const fromBase: Baseline = { id: `p6-baseline:${base.id}`, name: `P6 baseline project ${base.code}`, activities: [] };
      if (p.dataDate) planned.date = p.dataDate;
      if (base.dataDate) fromBase.date = base.dataDate;
      for (const a of p.activities) {
        planned.activities.push(definedOnly({ activityId: a.id, start: a.baselineStart, finish: a.baselineFinish, budgetCost: a.budgetCost, budgetUnits: a.budgetUnits }));
        const b = byCode.get(a.code);
        if (!b) {
          delete a.baselineStart;
          delete a.baselineFinish;
          a.budgetCost = 0;
          a.budgetUnits = 0;
          continue;
        }
        matched++;
        const bs = b.actualStart ?? b.plannedStart ?? b.baselineStart;
        const bf = b.actualFinish ?? b.plannedFinish ?? b.baselineFinish;
        if (bs) a.baselineStart = bs;
        else delete a.baselineStart;
        if (bf) a.baselineFinish = bf;
        else delete a.baselineFinish;
        if (b.originalDuration !== undefined) a.baselineDuration = b.originalDuration;
        a.budgetCost = b.budgetCost;
        a.budgetUnits = b.budgetUnits;
        fromBase.activities.push(definedOnly({ activityId: a.id, start: a.baselineStart, finish: a.baselineFinish, budgetCost: a.budgetCost, budgetUnits: a.budgetUnits }));
      }
      p.baselines = [fromBase, planned];
      p.warnings.push({ message: `Baseline dates and budgets come from baseline project ${base.code} (matched ${plural(matched, 'activity', 'activities')} of ${p.activities.length} by activity ID; unmatched activities have no baseline).`, where: `PROJECT ${p.id}` });
    } else if (p.baseKey !== -1 && base !== p) {
      p.warnings.push({
        message: `Project ${p.code} names baseline project ${p.baseIdText} (sum_base_proj_id), which is not in this file, so the activities' P6 planned dates (target_start_date/target_end_date) and budgeted costs act as the baseline. To use the real baseline, export it from P6 together with the project.`,
        where: `PROJECT ${p.id}`,
      });
    } else {
      p.warnings.push({ message: `Project ${p.code} has no baseline project in P6, so the activities' planned dates (target_start_date/target_end_date) and budgeted costs act as the baseline.`, where: `PROJECT ${p.id}` });
    }
  }

  // ---- Assemble -----------------------------------------------------------------------------
  const summaries: ProjectSummary[] = projects.map((p) => {
    const s: ProjectSummary = { id: p.id, code: p.code, name: p.name, activities: p.activityRows };
    if (p.dataDate) s.dataDate = p.dataDate;
    return s;
  });
  const schedules: Schedule[] = [];
  for (const p of projects) {
    if (p.build !== 1) continue;
    const projCalendars: Calendar[] = [];
    for (const { cal, projKey } of calendars.values()) if (projKey === -1 || projKey === p.key) projCalendars.push(cal);
    let defaultCalendarId = calendarId(p.calendarKey);
    if (p.calendarKey !== -1 && defaultCalendarId === undefined) p.warnings.push({ message: `Project ${p.code}'s calendar (clndr_id ${p.calendarKey}) is not in the file; the global default calendar is used.`, where: `PROJECT ${p.id}` });
    defaultCalendarId ??= [...calendars.values()].find((c) => c.isDefault)?.cal.id;
    const types: CodeType[] = [];
    for (const [key, t] of codes.codeTypes) if (codes.usedTypes.has(key) || t.projKey === p.key) types.push(t.type);
    if (costAccountType && p.activities.some((a) => a.codes[costAccountType.id] !== undefined)) types.push(costAccountType);
    const schedule: Schedule = {
      formatVersion: SCHEDULE_FORMAT_VERSION,
      project: { id: p.id, code: p.code, name: p.name, currency },
      wbs: p.wbs,
      activities: p.activities,
      relationships: p.relationships,
      calendars: projCalendars,
      resources,
      assignments: p.assignments,
      codeTypes: types,
      snapshots: [],
      baselines: p.baselines ?? [],
      changeOrders: [],
      source: { format: src.format, application, warnings: [...fileWarnings, ...p.warnings] },
    };
    if (options.fileName) schedule.source!.fileName = options.fileName;
    if (p.dataDate) schedule.project.dataDate = p.dataDate;
    if (p.plannedStart) schedule.project.plannedStart = p.plannedStart;
    if (p.plannedFinish) schedule.project.plannedFinish = p.plannedFinish;
    if (defaultCalendarId) schedule.project.defaultCalendarId = defaultCalendarId;
    if (Object.keys(p.scheduling).length) schedule.project.scheduling = p.scheduling;
    schedules.push(schedule);
  }
  return { projects: summaries, schedules };
}

/** The object without its undefined fields (a baseline row holds only the values it has). */
function definedOnly<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
