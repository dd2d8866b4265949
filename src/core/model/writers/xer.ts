/**
 * Writes a canonical schedule as a Primavera P6 XER (version 20.12 layout), for benchmarks and
 * round-trip tests. The output has P6's full column sets (TASK's 61 fields, TASKRSRC's 47, … as P6 23.12 writes them)
 * filled with plausible values, so its size and shape match real exports: about 1.3 KB per
 * activity with one cost-loaded assignment, 1.7 relationships and two activity codes.
 *
 * Ids: P6 needs integer keys, so model ids are numbered in order (task_id 100001…, wbs_id 10001…,
 * rsrc_id 5001…, clndr_id 101…). Codes (task_code, WBS short names, resource short names) are the
 * model's codes, which is what a round trip compares.
 *
 * Mapping (the inverse of the reader, src/core/import/xer/build.ts): baseline dates → target_*,
 * planned dates → early_*, forecast → restart/reend, actuals → act_*; budget/actual/remaining
 * cost and units → TASKRSRC (an activity's cost not covered by its assignments → a PROJCOST
 * expense); percent complete of the activity's type → phys_complete_pct.
 */
import type { Activity, ActivityType, Calendar, PercentCompleteType, RelationshipType, ResourceType, Schedule, WorkInterval } from '../schedule';

const TASK_TYPE: Record<ActivityType, string> = {
  task: 'TT_Task',
  'start-milestone': 'TT_Mile',
  'finish-milestone': 'TT_FinMile',
  'level-of-effort': 'TT_LOE',
  summary: 'TT_WBS',
};
const PCT_TYPE: Record<PercentCompleteType, string> = { physical: 'CP_Phys', duration: 'CP_Drtn', units: 'CP_Units' };
const PRED_TYPE: Record<RelationshipType, string> = { FS: 'PR_FS', SS: 'PR_SS', FF: 'PR_FF', SF: 'PR_SF' };
const RSRC_TYPE: Record<ResourceType, string> = { labour: 'RT_Labor', nonlabour: 'RT_Equip', material: 'RT_Mat' };
const CONSTRAINT: Record<string, string> = {
  'start-on': 'CS_MSO',
  'start-on-or-after': 'CS_MSOA',
  'start-on-or-before': 'CS_MSOB',
  'finish-on': 'CS_MEO',
  'finish-on-or-after': 'CS_MEOA',
  'finish-on-or-before': 'CS_MEOB',
  'as-late-as-possible': 'CS_ALAP',
  'mandatory-start': 'CS_MANDSTART',
  'mandatory-finish': 'CS_MANDFIN',
};

const FIELDS = {
  CURRTYPE: 'curr_id decimal_digit_cnt curr_symbol decimal_symbol digit_group_symbol pos_curr_fmt_type neg_curr_fmt_type curr_type curr_short_name group_digit_cnt base_exch_rate',
  PROJECT:
    'proj_id fy_start_month_num rsrc_self_add_flag allow_complete_flag rsrc_multi_assign_flag checkout_flag project_flag step_complete_flag cost_qty_recalc_flag batch_sum_flag name_sep_char def_complete_pct_type proj_short_name acct_id orig_proj_id source_proj_id base_type_id clndr_id sum_base_proj_id task_code_base task_code_step priority_num wbs_max_sum_level strgy_priority_num last_checksum critical_drtn_hr_cnt def_cost_per_qty last_recalc_date plan_start_date plan_end_date scd_end_date add_date last_tasksum_date fcst_start_date def_duration_type task_code_prefix guid def_qty_type add_by_name web_local_root_path proj_url def_rate_type add_act_remain_flag act_this_per_link_flag def_task_type act_pct_link_flag critical_path_type task_code_prefix_flag def_rollup_dates_flag use_project_baseline_flag rem_target_link_flag reset_planned_flag allow_neg_act_flag sum_assign_level last_fin_dates_id last_baseline_update_date cr_external_key apply_actuals_date fintmpl_id last_schedule_date location_id loaded_scope_level export_flag new_fin_dates_id baselines_to_export baseline_names_to_export next_data_date close_period_flag sum_refresh_date trsrcsum_loaded sumtask_loaded',
  CALENDAR: 'clndr_id default_flag clndr_name proj_id base_clndr_id last_chng_date clndr_type day_hr_cnt week_hr_cnt month_hr_cnt year_hr_cnt rsrc_private clndr_data',
  SCHEDOPTIONS:
    'schedoptions_id proj_id sched_outer_depend_type sched_open_critical_flag sched_lag_early_start_flag sched_retained_logic sched_setplantoforecast sched_float_type sched_calendar_on_relationship_lag sched_use_expect_end_flag sched_progress_override level_float_thrs_cnt level_outer_assign_flag level_outer_assign_priority level_over_alloc_pct level_within_float_flag level_keep_sched_date_flag level_all_rsrc_flag sched_use_project_end_date_for_float enable_multiple_longest_path_calc limit_multiple_longest_path_calc max_multiple_longest_path use_total_float_multiple_longest_paths key_activity_for_multiple_longest_paths LevelPriorityList',
  PROJWBS:
    'wbs_id proj_id obs_id seq_num est_wt proj_node_flag sum_data_flag status_code wbs_short_name wbs_name phase_id parent_wbs_id ev_user_pct ev_etc_user_value orig_cost indep_remain_total_cost ann_dscnt_rate_pct dscnt_period_type indep_remain_work_qty anticip_start_date anticip_end_date ev_compute_type ev_etc_compute_type guid tmpl_guid plan_open_state',
  RSRC: 'rsrc_id parent_rsrc_id clndr_id role_id shift_id user_id pobs_id guid rsrc_seq_num email_addr employee_code office_phone other_phone rsrc_name rsrc_short_name rsrc_title_name def_qty_per_hr cost_qty_type ot_factor active_flag auto_compute_act_flag def_cost_qty_link_flag ot_flag curr_id unit_id rsrc_type location_id rsrc_notes load_tasks_flag level_flag last_checksum',
  ACTVTYPE: 'actv_code_type_id actv_short_len seq_num actv_code_type proj_id wbs_id actv_code_type_scope export_flag',
  RSRCRATE: 'rsrc_rate_id rsrc_id max_qty_per_hr cost_per_qty start_date shift_period_id cost_per_qty2 cost_per_qty3 cost_per_qty4 cost_per_qty5',
  TASK:
    'task_id proj_id wbs_id clndr_id phys_complete_pct rev_fdbk_flag est_wt lock_plan_flag auto_compute_act_flag complete_pct_type task_type duration_type status_code task_code task_name rsrc_id total_float_hr_cnt free_float_hr_cnt remain_drtn_hr_cnt act_work_qty remain_work_qty target_work_qty target_drtn_hr_cnt target_equip_qty act_equip_qty remain_equip_qty cstr_date act_start_date act_end_date late_start_date late_end_date expect_end_date early_start_date early_end_date restart_date reend_date target_start_date target_end_date rem_late_start_date rem_late_end_date cstr_type priority_type suspend_date resume_date float_path float_path_order guid tmpl_guid cstr_date2 cstr_type2 driving_path_flag act_this_per_work_qty act_this_per_equip_qty external_early_start_date external_late_end_date create_date update_date create_user update_user location_id crt_path_num',
  ACTVCODE: 'actv_code_id parent_actv_code_id actv_code_type_id actv_code_name short_name seq_num color total_assignments',
  PROJCOST: 'cost_item_id acct_id pobs_id cost_type_id proj_id task_id cost_name po_number vendor_name act_cost cost_per_qty remain_cost target_cost cost_load_type auto_compute_act_flag target_qty qty_name cost_descr contract_manager_import',
  TASKPRED: 'task_pred_id task_id pred_task_id proj_id pred_proj_id pred_type lag_hr_cnt comments float_path aref arls',
  TASKRSRC:
    'taskrsrc_id task_id proj_id cost_qty_link_flag role_id acct_id rsrc_id pobs_id skill_level remain_qty target_qty remain_qty_per_hr target_lag_drtn_hr_cnt target_qty_per_hr act_ot_qty act_reg_qty relag_drtn_hr_cnt ot_factor cost_per_qty target_cost act_reg_cost act_ot_cost remain_cost act_start_date act_end_date restart_date reend_date target_start_date target_end_date rem_late_start_date rem_late_end_date rollup_dates_flag target_crv remain_crv actual_crv ts_pend_act_end_flag guid rate_type act_this_per_cost act_this_per_qty curv_id rsrc_type cost_per_qty_source_type create_user create_date has_rsrchours taskrsrc_sum_id',
  TASKACTV: 'task_id actv_code_type_id actv_code_id proj_id',
  UDFTYPE: 'udf_type_id table_name udf_type_name udf_type_label logical_data_type super_flag indicator_expression summary_indicator_expression export_flag',
  UDFVALUE: 'udf_type_id fk_id proj_id udf_date udf_number udf_text udf_code_id',
} as const;

/** P6 date text from a model date (`YYYY-MM-DDTHH:mm` → `YYYY-MM-DD HH:mm`). */
function d(v: string | undefined): string {
  if (!v) return '';
  return v.length >= 16 ? `${v.slice(0, 10)} ${v.slice(11, 16)}` : `${v.slice(0, 10)} 00:00`;
}

/** Text safe inside one XER field: no tabs or line breaks. */
const clean = (s: string) => (/[\t\r\n]/.test(s) ? s.replace(/[\t\r\n]+/g, ' ') : s);

const num = (v: number | undefined, digits = 4) => (v === undefined || !Number.isFinite(v) ? '' : Number.isInteger(v) ? String(v) : v.toFixed(digits).replace(/0+$/, '').replace(/\.$/, ''));
const money = (v: number) => v.toFixed(4);

/** A 22-character P6-style GUID (base64 of 16 bytes), deterministic from a number. */
function guid(n: number): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = (n * 2654435761) >>> 0;
  let s = '';
  for (let i = 0; i < 22; i++) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) >>> 0;
    s += A[x & 63];
  }
  return s;
}

const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);
const serial = (date: string) => Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - EPOCH_1899_12_30) / 86400000);
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function hoursRecords(intervals: readonly WorkInterval[]): string {
  return intervals.map(([s, f], k) => `(0||${k}(s|${hhmm(s)}|f|${hhmm(f)})())`).join('');
}

/** CALENDAR.clndr_data for a model calendar (days 1 = Sunday … 7 = Saturday). */
export function calendarData(cal: Calendar): string {
  const days = cal.workWeek.map((iv, i) => `(0||${i + 1}()(${hoursRecords(iv)}))`).join('');
  const ex = cal.exceptions.map((e, k) => `(0||${k}(d|${serial(e.date)})(${hoursRecords(e.intervals)}))`).join('');
  return `(0||CalendarData()((0||DaysOfWeek()(${days}))(0||VIEW(ShowTotal|Y)())(0||Exceptions()(${ex}))))`;
}

/** Writes the schedule as XER text (LF line endings, ASCII unless the schedule's names are not). */
export function writeXer(schedule: Schedule, opts: { exportDate?: string; user?: string } = {}): string {
  const out: string[] = [];
  const p = schedule.project;
  const exportDate = opts.exportDate ?? (p.dataDate ?? '2025-01-01').slice(0, 10);
  const user = opts.user ?? 'planner';
  const stamp = `${exportDate} 09:00`;
  const projId = 1000;
  const table = (name: keyof typeof FIELDS) => {
    out.push(`%T\t${name}`);
    out.push(`%F\t${FIELDS[name].split(' ').join('\t')}`);
  };
  const row = (values: (string | number)[]) => out.push(`%R\t${values.join('\t')}`);

  out.push(`ERMHDR\t20.12\t${exportDate}\tProject\t${user}\t${user}\tdbxDatabaseNoName\tProject Management\t${p.currency}`);
  table('CURRTYPE');
  row([1, 2, p.currency === 'GBP' ? '£' : p.currency === 'EUR' ? '€' : '$', '.', ',', '#1.1', '(#1.1)', p.currency, p.currency, 3, 1]);

  // Calendars.
  const calId = new Map<string, number>();
  schedule.calendars.forEach((c, i) => calId.set(c.id, 101 + i));
  const projCal = (p.defaultCalendarId && calId.get(p.defaultCalendarId)) || (schedule.calendars.length ? 101 : '');

  const wbsId = new Map<string, number>();
  schedule.wbs.forEach((w, i) => wbsId.set(w.id, 10001 + i));
  const root = schedule.wbs.find((w) => w.parentId === null);
  const rootId = root ? (wbsId.get(root.id) as number) : 10000;

  table('PROJECT');
  const def = schedule.activities[0]?.percentCompleteType ?? 'physical';
  row([projId, 1, 'Y', 'Y', 'Y', 'N', 'Y', 'N', 'N', 'Y', '.', PCT_TYPE[def], clean(p.code ?? p.id), '', '', '', '', projCal, '', 1000, 10, 10, 2, 500, '', 0, '0.0000',
    d(p.dataDate), d(p.plannedStart), d(p.plannedFinish), d(p.plannedFinish), stamp, stamp, '', 'DT_FixedDUR2', 'A', guid(projId), 'QT_Hour', user, '', '', 'COST_PER_QTY', 'N', 'Y', 'TT_Task', 'Y', 'CT_TotFloat', 'Y', 'Y', 'Y', 'Y', 'N', 'N', 'SL_Taskrsrc', '', '', '', '', '', stamp, '', '', 'Y', '', '', '', '', 'N', stamp, 'Y', 'Y']);

  table('CALENDAR');
  for (const c of schedule.calendars) {
    const weekH = c.workWeek.reduce((s, iv) => s + iv.reduce((t, [a, b]) => t + (b - a) / 60, 0), 0);
    row([calId.get(c.id) as number, c.id === p.defaultCalendarId ? 'Y' : 'N', clean(c.name), '', c.baseCalendarId ? (calId.get(c.baseCalendarId) ?? '') : '', stamp, 'CA_Base', num(c.hoursPerDay), num(weekH), num(weekH * 4.3), num(weekH * 52), 'N', calendarData(c)]);
  }
  table('SCHEDOPTIONS');
  const lag = schedule.relationships.find((r) => r.lagCalendar)?.lagCalendar;
  const lagCode = lag === 'successor' ? 'rcal_Successor' : lag === '24h' ? 'rcal_24Hour' : lag === 'project' ? 'rcal_ProjDefault' : 'rcal_Predecessor';
  row([1, projId, 'SD_Both', 'N', 'N', 'N', 'N', 'FT_FF', lagCode, 'Y', 'N', 0, 'N', 5, 25, 'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 10, 'N', '', 'priority_type,ASC']);

  table('PROJWBS');
  if (!root) row([rootId, projId, 1, 0, 1, 'Y', 'N', 'WS_Open', clean(p.code ?? p.id), clean(p.name), '', '', 6, 0.88, '0.0000', '0.0000', '', '', 0, '', '', 'EC_Cmp_pct', 'EE_Rem_hr', guid(rootId), '', '']);
  schedule.wbs.forEach((w, i) => {
    const id = 10001 + i;
    const isRoot = w === root;
    const short = isRoot ? (p.code ?? w.code) : w.code.slice(w.code.lastIndexOf('.') + 1) || w.code;
    const parent = w.parentId === null ? '' : (wbsId.get(w.parentId) ?? rootId);
    row([id, projId, 1, w.sequence ?? i, 1, isRoot ? 'Y' : 'N', 'N', 'WS_Open', clean(short), clean(isRoot ? p.name : w.name), '', parent, 6, 0.88, '0.0000', '0.0000', '', '', 0, '', '', 'EC_Cmp_pct', 'EE_Rem_hr', guid(id), '', '']);
  });

  // Resources.
  const rsrcId = new Map<string, number>();
  schedule.resources.forEach((r, i) => rsrcId.set(r.id, 5001 + i));
  table('RSRC');
  schedule.resources.forEach((r, i) => {
    const id = 5001 + i;
    row([id, '', r.calendarId ? (calId.get(r.calendarId) ?? projCal) : projCal, '', '', '', '', guid(id), i + 1, '', clean(r.code), '', '', clean(r.name), clean(r.code), '', 1, 'QT_Hour', '', 'Y', 'N', 'Y', 'N', 1, '', RSRC_TYPE[r.type], '', '', '', 'Y', '']);
  });
  table('ACTVTYPE');
  const typeId = new Map<string, number>();
  schedule.codeTypes.forEach((t, i) => {
    typeId.set(t.id, 301 + i);
    row([301 + i, 10, (i + 1) * 100, clean(t.name), '', '', 'AS_Global', '']);
  });
  table('RSRCRATE');
  // One row per dated entry of cost rate table A (P6 has no tables B–E), else the resource's one rate.
  let nextRate = 7001;
  schedule.resources.forEach((r, i) => {
    const dated = (r.costRates ?? []).filter((e) => e.table === 0);
    const rows = dated.length > 1 ? dated.map((e) => ({ rate: e.standardRate, from: e.from })) : [{ rate: r.rate ?? 0, from: undefined }];
    for (const e of rows) row([nextRate++, 5001 + i, 1, money(e.rate), e.from ? e.from.replace('T', ' ').slice(0, 16) : '2000-01-01 00:00', '', '0.0000', '0.0000', '0.0000', '0.0000']);
  });

  // Activities.
  const taskId = new Map<string, number>();
  schedule.activities.forEach((a, i) => taskId.set(a.id, 100001 + i));
  table('TASK');
  schedule.activities.forEach((a, i) => writeTask(a, 100001 + i));

  table('ACTVCODE');
  const codeId = new Map<string, number>();
  let nextCode = 401;
  schedule.codeTypes.forEach((t) => {
    let seq = 0;
    for (const [vid, v] of Object.entries(t.values)) {
      codeId.set(`${t.id}\u0000${vid}`, nextCode);
      row([nextCode++, '', typeId.get(t.id) as number, clean(v.description ?? v.code), clean(v.code), (seq += 10), '', '']);
    }
  });

  // Expenses for cost an activity carries beyond its assignments.
  const asgCost = new Map<string, [number, number, number]>();
  for (const s of schedule.assignments) {
    const c = asgCost.get(s.activityId) ?? [0, 0, 0];
    c[0] += s.budgetCost;
    c[1] += s.actualCost;
    c[2] += s.remainingCost;
    asgCost.set(s.activityId, c);
  }
  table('PROJCOST');
  let nextCost = 8001;
  for (const a of schedule.activities) {
    const c = asgCost.get(a.id) ?? [0, 0, 0];
    const extra = [a.budgetCost - c[0], a.actualCost - c[1], a.remainingCost - c[2]];
    if (extra.every((x) => Math.abs(x) < 0.005)) continue;
    row([nextCost++, '', '', '', projId, taskId.get(a.id) as number, 'Expense', '', '', money(extra[1]), '0.0000', money(extra[2]), money(extra[0]), 'CL_Uniform', 'N', 0, '', '', '']);
  }

  table('TASKPRED');
  schedule.relationships.forEach((r, i) => {
    const s = taskId.get(r.successorId);
    const pr = taskId.get(r.predecessorId);
    if (s === undefined || pr === undefined) return;
    row([200001 + i, s, pr, projId, projId, PRED_TYPE[r.type], num(r.lagHours), '', '', '', '']);
  });

  table('TASKRSRC');
  const resourceById = new Map(schedule.resources.map((r) => [r.id, r]));
  schedule.assignments.forEach((s, i) => {
    const t = taskId.get(s.activityId);
    if (t === undefined) return;
    const a = schedule.activities[t - 100001];
    const id = 300001 + i;
    const hours = a.originalDuration || 1;
    const rate = s.budgetUnits ? s.budgetCost / s.budgetUnits : 0;
    const res = resourceById.get(s.resourceId);
    row([id, t, projId, 'Y', '', '', rsrcId.get(s.resourceId) ?? '', '', '', num(s.remainingUnits), num(s.budgetUnits), num(s.remainingUnits / hours, 6), 0, num(s.budgetUnits / hours, 6), 0, num(s.actualUnits), 0, '', money(rate),
      money(s.budgetCost), money(s.actualCost), '0.0000', money(s.remainingCost), d(a.actualStart), d(a.actualFinish), d(a.forecastStart), d(a.forecastFinish), d(a.baselineStart), d(a.baselineFinish), d(a.forecastStart), d(a.forecastFinish),
      'Y', '', '', '', 'N', guid(id), 'COST_PER_QTY', '0.0000', 0, '', RSRC_TYPE[res?.type ?? 'labour'], 'ST_Rsrc', user, stamp, 'N', '']);
  });

  table('TASKACTV');
  schedule.activities.forEach((a, i) => {
    for (const [t, v] of Object.entries(a.codes)) {
      const type = typeId.get(t);
      const code = codeId.get(`${t}\u0000${v}`);
      if (type !== undefined && code !== undefined) row([100001 + i, type, code, projId]);
    }
  });

  // User-defined fields the activities carry.
  const udfLabels = new Map<string, { id: number; numeric: boolean }>();
  for (const a of schedule.activities) for (const [k, v] of Object.entries(a.udf ?? {})) if (!udfLabels.has(k)) udfLabels.set(k, { id: 901 + udfLabels.size, numeric: typeof v === 'number' });
  if (udfLabels.size) {
    table('UDFTYPE');
    for (const [label, u] of udfLabels) row([u.id, 'TASK', `user_field_${u.id}`, clean(label), u.numeric ? 'FT_FLOAT_2_DECIMAL' : 'FT_TEXT', 'N', '', '', '']);
    table('UDFVALUE');
    schedule.activities.forEach((a, i) => {
      for (const [k, v] of Object.entries(a.udf ?? {})) {
        const u = udfLabels.get(k) as { id: number };
        row([u.id, 100001 + i, projId, '', typeof v === 'number' ? num(v) : '', typeof v === 'number' ? '' : clean(v), '']);
      }
    });
  }
  out.push('%E');
  return out.join('\n') + '\n';

  function writeTask(a: Activity, id: number): void {
    const status = a.actualFinish ? 'TK_Complete' : a.actualStart ? 'TK_Active' : 'TK_NotStart';
    const pct = a.percentComplete[a.percentCompleteType] ?? a.percentComplete.physical ?? 0;
    const cal = a.calendarId ? (calId.get(a.calendarId) ?? projCal) : projCal;
    const wbs = a.wbsId ? (wbsId.get(a.wbsId) ?? rootId) : rootId;
    const cstr = a.constraint ? (CONSTRAINT[a.constraint.type] ?? a.constraint.type) : '';
    const remaining = a.remainingDuration ?? 0;
    const float = (((id * 7919) % 400) - 40).toString();
    row([id, projId, wbs, cal, num(pct * 100, 6), 'N', 1, 'N', 'N', PCT_TYPE[a.percentCompleteType], TASK_TYPE[a.type], 'DT_FixedDUR2', status, clean(a.code), clean(a.name), '', float, float, num(remaining),
      num(a.actualUnits), num(a.remainingUnits), num(a.budgetUnits), num(a.originalDuration ?? 0), 0, 0, 0, d(a.constraint?.date), d(a.actualStart), d(a.actualFinish), d(a.forecastStart ?? a.plannedStart), d(a.forecastFinish ?? a.plannedFinish), '',
      d(a.plannedStart), d(a.plannedFinish), d(a.forecastStart), d(a.forecastFinish), d(a.baselineStart), d(a.baselineFinish), d(a.forecastStart), d(a.forecastFinish), cstr, 'PT_Normal', '', '', '', '', guid(id), '', '', '', 'N', 0, 0, '', '', stamp, stamp, user, user, '', '']);
  }
}
