/**
 * The P6 tables and fields the model builder reads. The XER column reader extracts exactly these
 * (every other table is skipped without being split, every other field without being cut out).
 */
export const P6_FIELDS = {
  CURRTYPE: ['curr_id', 'curr_short_name', 'curr_symbol', 'curr_type'],
  PROJECT: ['proj_id', 'proj_short_name', 'clndr_id', 'sum_base_proj_id', 'orig_proj_id', 'last_recalc_date', 'plan_start_date', 'plan_end_date', 'scd_end_date', 'def_complete_pct_type', 'critical_drtn_hr_cnt', 'critical_path_type'],
  SCHEDOPTIONS: ['proj_id', 'sched_calendar_on_relationship_lag', 'sched_progress_override', 'sched_retained_logic', 'sched_lag_early_start_flag', 'sched_float_type', 'sched_use_expect_end_flag'],
  PROJWBS: ['wbs_id', 'proj_id', 'parent_wbs_id', 'seq_num', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'ev_compute_type'],
  CALENDAR: ['clndr_id', 'clndr_name', 'proj_id', 'base_clndr_id', 'default_flag', 'day_hr_cnt', 'clndr_data'],
  TASK: [
    'task_id', 'proj_id', 'wbs_id', 'clndr_id', 'task_code', 'task_name', 'task_type', 'status_code', 'complete_pct_type', 'phys_complete_pct',
    'target_drtn_hr_cnt', 'remain_drtn_hr_cnt', 'total_float_hr_cnt', 'act_work_qty', 'remain_work_qty', 'target_work_qty', 'act_equip_qty', 'remain_equip_qty', 'target_equip_qty',
    'cstr_type', 'cstr_date', 'cstr_type2', 'cstr_date2', 'act_start_date', 'act_end_date', 'early_start_date', 'early_end_date', 'restart_date', 'reend_date', 'target_start_date', 'target_end_date', 'expect_end_date',
  ],
  TASKPRED: ['task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
  RSRC: ['rsrc_id', 'rsrc_short_name', 'rsrc_name', 'rsrc_type', 'unit_id', 'clndr_id'],
  RSRCRATE: ['rsrc_id', 'cost_per_qty', 'start_date'],
  ROLES: ['role_id', 'role_short_name', 'role_name'],
  UMEASURE: ['unit_id', 'unit_abbrev'],
  TASKRSRC: ['taskrsrc_id', 'task_id', 'proj_id', 'rsrc_id', 'role_id', 'acct_id', 'rsrc_type', 'target_qty', 'act_reg_qty', 'act_ot_qty', 'remain_qty', 'target_cost', 'act_reg_cost', 'act_ot_cost', 'remain_cost'],
  PROJCOST: ['cost_item_id', 'task_id', 'proj_id', 'acct_id', 'target_cost', 'act_cost', 'remain_cost'],
  ACCOUNT: ['acct_id', 'parent_acct_id', 'acct_short_name', 'acct_name'],
  ACTVTYPE: ['actv_code_type_id', 'actv_code_type', 'proj_id'],
  ACTVCODE: ['actv_code_id', 'parent_actv_code_id', 'actv_code_type_id', 'short_name', 'actv_code_name'],
  TASKACTV: ['task_id', 'actv_code_type_id', 'actv_code_id'],
  UDFTYPE: ['udf_type_id', 'table_name', 'udf_type_label', 'logical_data_type'],
  UDFCODE: ['udf_code_id', 'short_name', 'udf_code_name'],
  UDFVALUE: ['udf_type_id', 'fk_id', 'udf_date', 'udf_number', 'udf_text', 'udf_code_id'],
  FINDATES: ['fin_dates_id', 'start_date', 'end_date'],
  TRSRCFIN: ['fin_dates_id', 'taskrsrc_id', 'act_qty', 'act_cost'],
  TASKFIN: ['fin_dates_id', 'task_id'],
} as const satisfies Record<string, readonly string[]>;

export type P6TableName = keyof typeof P6_FIELDS;
