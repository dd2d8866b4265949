/** Small hand-made XER files for the edge-case tests. */
export interface TableSpec {
  name: string;
  fields: string[];
  rows: (string | number)[][];
}

export const HEADER = 'ERMHDR\t20.12\t2024-06-12\tProject\tADMIN\tuser\tdbxDatabaseNoName\tProject Management\tUSD';

export function xer(tables: TableSpec[], opts: { header?: string | null; eol?: string; end?: boolean } = {}): string {
  const eol = opts.eol ?? '\n';
  const lines: string[] = [];
  if (opts.header !== null) lines.push(opts.header ?? HEADER);
  for (const t of tables) {
    lines.push(`%T\t${t.name}`);
    lines.push(`%F\t${t.fields.join('\t')}`);
    for (const r of t.rows) lines.push(`%R\t${r.join('\t')}`);
  }
  if (opts.end !== false) lines.push('%E');
  return lines.join(eol) + eol;
}

export const bytes = (text: string) => new TextEncoder().encode(text);

export const PROJECT: TableSpec = {
  name: 'PROJECT',
  fields: ['proj_id', 'proj_short_name', 'clndr_id', 'sum_base_proj_id', 'last_recalc_date', 'plan_start_date', 'plan_end_date', 'def_complete_pct_type'],
  rows: [[1, 'P1', 10, '', '2024-03-01 08:00', '2024-01-02 08:00', '2024-12-20 17:00', 'CP_Phys']],
};

export const PROJWBS: TableSpec = {
  name: 'PROJWBS',
  fields: ['wbs_id', 'proj_id', 'seq_num', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'parent_wbs_id', 'ev_compute_type'],
  rows: [
    [100, 1, 0, 'Y', 'P1', 'Project One', 9, 'EC_Cmp_pct'],
    [101, 1, 2, 'N', 'CIV', 'Civils', 100, 'EC_Cmp_pct'],
    [102, 1, 1, 'N', 'MEP', 'M&E', 100, 'EC_50_50'],
    [103, 1, 1, 'N', 'FND', 'Foundations', 101, 'EC_0_100'],
  ],
};

export const CALENDAR: TableSpec = {
  name: 'CALENDAR',
  fields: ['clndr_id', 'default_flag', 'clndr_name', 'proj_id', 'base_clndr_id', 'clndr_type', 'day_hr_cnt', 'clndr_data'],
  rows: [[10, 'Y', 'Standard', '', '', 'CA_Base', 8, '(0||CalendarData()((0||DaysOfWeek()((0||1()())(0||2()((0||0(s|08:00|f|16:00)())))(0||3()((0||0(s|08:00|f|16:00)())))(0||4()((0||0(s|08:00|f|16:00)())))(0||5()((0||0(s|08:00|f|16:00)())))(0||6()((0||0(s|08:00|f|16:00)())))(0||7()())))(0||Exceptions()((0||0(d|45292)())))))']],
};

export const TASK_FIELDS = [
  'task_id', 'proj_id', 'wbs_id', 'clndr_id', 'phys_complete_pct', 'complete_pct_type', 'task_type', 'status_code', 'task_code', 'task_name',
  'remain_drtn_hr_cnt', 'target_drtn_hr_cnt', 'act_start_date', 'act_end_date', 'early_start_date', 'early_end_date', 'restart_date', 'reend_date',
  'target_start_date', 'target_end_date', 'cstr_type', 'cstr_date',
];

export const TASK: TableSpec = {
  name: 'TASK',
  fields: TASK_FIELDS,
  rows: [
    [1001, 1, 103, 10, 100, 'CP_Phys', 'TT_Task', 'TK_Complete', 'A1000', 'Excavate', 0, 40, '2024-01-02 08:00', '2024-01-08 16:00', '2024-01-02 08:00', '2024-01-08 16:00', '', '', '2024-01-02 08:00', '2024-01-08 16:00', '', ''],
    [1002, 1, 103, 10, 40, 'CP_Drtn', 'TT_Task', 'TK_Active', 'A1010', 'Pour footings', 48, 80, '2024-01-09 08:00', '', '2024-01-09 08:00', '2024-03-08 16:00', '2024-03-01 08:00', '2024-03-08 16:00', '2024-01-09 08:00', '2024-01-22 16:00', 'CS_MSOA', '2024-01-09 08:00'],
    [1003, 1, 102, 10, 0, 'CP_Units', 'TT_FinMile', 'TK_NotStart', 'M1', 'Energised', 0, 0, '', '', '2024-03-08 16:00', '2024-03-08 16:00', '2024-03-08 16:00', '2024-03-08 16:00', '2024-02-01 16:00', '2024-02-01 16:00', '', ''],
    [1004, 1, 100, 10, 0, '', 'TT_LOE', 'TK_Active', 'LOE1', 'Site management', 100, 200, '2024-01-02 08:00', '', '2024-01-02 08:00', '2024-03-08 16:00', '2024-03-01 08:00', '2024-03-08 16:00', '2024-01-02 08:00', '2024-02-01 16:00', '', ''],
  ],
};

export const TASKPRED: TableSpec = {
  name: 'TASKPRED',
  fields: ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
  rows: [
    [1, 1002, 1001, 1, 1, 'PR_FS', 0],
    [2, 1003, 1002, 1, 1, 'PR_FF', 8],
    [3, 1003, 1001, 1, 1, 'PR_SS', -4],
  ],
};

export const RSRC: TableSpec = {
  name: 'RSRC',
  fields: ['rsrc_id', 'rsrc_short_name', 'rsrc_name', 'rsrc_type', 'unit_id', 'clndr_id'],
  rows: [
    [501, 'LAB', 'Labourer', 'RT_Labor', '', 10],
    [502, 'CONC', 'Concrete', 'RT_Mat', 7, ''],
  ],
};

export const TASKRSRC: TableSpec = {
  name: 'TASKRSRC',
  fields: ['taskrsrc_id', 'task_id', 'proj_id', 'rsrc_id', 'role_id', 'acct_id', 'target_qty', 'act_reg_qty', 'act_ot_qty', 'remain_qty', 'target_cost', 'act_reg_cost', 'act_ot_cost', 'remain_cost', 'rsrc_type'],
  rows: [
    [9001, 1001, 1, 501, '', '', 40, 38, 2, 0, 2000, 1900, 150, 0, 'RT_Labor'],
    [9002, 1002, 1, 501, '', '', 80, 30, 0, 50, 4000, 1500, 0, 2500, 'RT_Labor'],
    [9003, 1002, 1, 502, '', '', 12, 5, 0, 7, 1200, 500, 0, 700, 'RT_Mat'],
  ],
};
