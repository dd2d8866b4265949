/**
 * Realistic header sets for measuring the column mapper, written from the shapes real tools
 * export (column names as P6, MS Project, Cobra, Deltek Open Plan, Asta Powerproject and
 * home-made Excel templates write them), each with a few rows of plausible values.
 *
 * The expected field of each column is what a cost engineer would say the column holds, decided
 * from the tool's documentation of its columns, not from the mapper's output:
 * - P6 "Start"/"Finish" are the current dates; when "Planned Start" is also present (the
 *   project's plan before progress) the bare "Start" is the forecast/remaining start.
 * - P6 "Schedule % Complete" is the planned progress (PV ÷ BAC), "Performance % Complete" the
 *   earned progress (EV ÷ BAC); "Activity % Complete" is the activity's own % complete.
 * - MS Project's Cost table: "Total Cost" is the cost at completion, "Baseline" the budget,
 *   "Actual" and "Remaining" the actual and remaining cost. Its Earned Value table's SV, CV and
 *   VAC are derived figures (no field). "Work" is work at completion.
 * - Variances, floats, late dates, indices and commitments have no canonical field (null).
 */
import type { CellValue } from '../../../../src/core/import/table';
import type { MappingField, TableKind } from '../../../../src/core/import/table';

export interface HeaderSet {
  name: string;
  kind: TableKind;
  /** Rows above the header (titles, a data date, group headers). */
  above?: CellValue[][];
  columns: [header: string, expected: MappingField | null][];
  rows: CellValue[][];
  merges?: { s: { r: number; c: number }; e: { r: number; c: number } }[];
  /**
   * What the real reader must make of the rows, worked out by hand from them (the arithmetic is
   * in the comment above each). Activity lists: BAC = Σ budget, AC = Σ actual cost, EV = Σ
   * budget × the activity's own % complete (DESIGN.md: EV = % complete × budget), after summary
   * and total rows are left out. Period tables: the analysis's BAC (final cumulative PV), and EV
   * and AC at the status period (null when the table has no such column).
   */
  totals?: { bac: number; ev: number | null; ac: number | null };
  /** Period tables: whether the values are cumulative (default true). */
  cumulative?: boolean;
}

export const HEADER_SETS: HeaderSet[] = [
  {
    name: 'P6 activity table (Classic layout)',
    kind: 'activities',
    // No cost columns: nothing to total.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Original Duration(d)', 'originalDuration'],
      ['Remaining Duration(d)', 'remainingDuration'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Actual Start', 'actualStart'],
      ['Actual Finish', 'actualFinish'],
      ['Total Float(d)', null],
      ['Activity % Complete', 'percentComplete'],
      ['Activity Status', 'activityStatus'],
      ['WBS', 'wbsCode'],
      ['Calendar', 'calendar'],
      ['Primary Resource', 'resource'],
    ],
    rows: [
      ['A1000', 'Site mobilisation', 5, 0, '06-Jan-25 08:00 A', '10-Jan-25 17:00 A', '06-Jan-25 08:00', '10-Jan-25 17:00', 0, '100%', 'Completed', 'RPS.CIV.01', 'Standard 5 Day', 'Site Team'],
      ['A1010', 'Bulk excavation', 10, 4, '13-Jan-25 08:00 A', '24-Jan-25 17:00', '13-Jan-25 08:00', '', 2, '60%', 'In Progress', 'RPS.CIV.01', 'Standard 5 Day', 'Groundworks'],
      ['A1020', 'Base slab pour', 8, 8, '27-Jan-25 08:00', '05-Feb-25 17:00', '', '', 2, '0%', 'Not Started', 'RPS.CIV.02', 'Standard 5 Day', 'Concrete Gang'],
      ['A1030', 'Walls to level 1', 12, 12, '06-Feb-25 08:00', '21-Feb-25 17:00', '', '', 5, '0%', 'Not Started', 'RPS.CIV.02', '6 Day Week', 'Concrete Gang'],
    ],
  },
  {
    name: 'P6 earned value columns',
    kind: 'activities',
    // BAC 200,000 + 80,000 + 450,000 = 730,000; AC 118,500 + 76,000 + 15,000 = 209,500; no % complete column, so
    // progress is Performance % Complete: EV = 0.55 × 200,000 + 1 × 80,000 + 0.03 × 450,000 = 203,500.
    totals: { bac: 730_000, ev: 203_500, ac: 209_500 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['WBS Code', 'wbsCode'],
      ['Planned Value Cost', 'plannedValue'],
      ['Earned Value Cost', 'earnedValue'],
      ['Actual Total Cost', 'actualCost'],
      ['Budget at Completion', 'budgetCost'],
      ['Estimate at Completion Cost', 'atCompletionCost'],
      ['Estimate to Complete Cost', 'remainingCost'],
      ['Schedule % Complete', 'schedulePercentComplete'],
      ['Performance % Complete', 'performancePercentComplete'],
      ['Cost Variance', null],
      ['Schedule Variance', null],
      ['Cost Performance Index', null],
      ['Schedule Performance Index', null],
    ],
    rows: [
      ['EV-100', 'Foundations', 'HS2.C1.F', '$120,000.00', '$110,000.00', '$118,500.00', '$200,000.00', '$215,000.00', '$96,500.00', '60%', '55%', '-$8,500.00', '-$10,000.00', 0.93, 0.92],
      ['EV-110', 'Piling', 'HS2.C1.P', '$80,000.00', '$80,000.00', '$76,000.00', '$80,000.00', '$76,000.00', '$0.00', '100%', '100%', '$4,000.00', '$0.00', 1.05, 1],
      ['EV-120', 'Superstructure', 'HS2.C2.S', '$30,000.00', '$12,000.00', '$15,000.00', '$450,000.00', '$470,000.00', '$455,000.00', '7%', '3%', '-$3,000.00', '-$18,000.00', 0.8, 0.4],
    ],
  },
  {
    name: 'P6 cost and units columns with % complete types',
    kind: 'activities',
    // BAC 45,000 + 30,000 + 12,000 = 87,000; AC 20,000; each row's type picks its %: 0.45 (physical) × 45,000
    // + 0 (units) + 0 (duration) = 20,250.
    totals: { bac: 87_000, ev: 20_250, ac: 20_000 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Total Cost', 'actualCost'],
      ['Remaining Total Cost', 'remainingCost'],
      ['At Completion Total Cost', 'atCompletionCost'],
      ['Budgeted Labor Units', 'budgetUnits'],
      ['Actual Labor Units', 'actualUnits'],
      ['Remaining Labor Units', 'remainingUnits'],
      ['At Completion Labor Units', 'atCompletionUnits'],
      ['Physical % Complete', 'physicalPercentComplete'],
      ['Units % Complete', 'unitsPercentComplete'],
      ['Duration % Complete', 'durationPercentComplete'],
      ['Percent Complete Type', 'percentCompleteType'],
    ],
    rows: [
      ['M1000', 'Install pumps', 45000, 20000, 27000, 47000, 320, 150, 180, 330, 0.45, 0.47, 0.5, 'Physical'],
      ['M1010', 'Pipework', 30000, 0, 30000, 30000, 240, 0, 240, 240, 0, 0, 0, 'Units'],
      ['M1020', 'Commissioning', 12000, 0, 12000, 12000, 96, 0, 96, 96, 0, 0, 0, 'Duration'],
    ],
  },
  {
    name: 'P6 baseline comparison layout',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['BL Project Start', 'baselineStart'],
      ['BL Project Finish', 'baselineFinish'],
      ['Planned Start', 'plannedStart'],
      ['Planned Finish', 'plannedFinish'],
      ['Start', 'forecastStart'],
      ['Finish', 'forecastFinish'],
      ['Variance - BL Project Finish Date', null],
      ['BL Project Duration', 'baselineDuration'],
      ['Original Duration', 'originalDuration'],
    ],
    rows: [
      ['B100', 'Design review', '03-Mar-25', '14-Mar-25', '03-Mar-25', '14-Mar-25', '03-Mar-25 A', '19-Mar-25', -3, 10, 10],
      ['B110', 'Tender', '17-Mar-25', '11-Apr-25', '17-Mar-25', '11-Apr-25', '20-Mar-25', '16-Apr-25', -3, 20, 20],
      ['B120', 'Award', '14-Apr-25', '14-Apr-25', '14-Apr-25', '14-Apr-25', '17-Apr-25', '17-Apr-25', -3, 0, 0],
    ],
  },
  {
    name: 'P6 logic layout with predecessors and successors',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Activity Type', 'activityType'],
      ['Predecessors', 'predecessors'],
      ['Successors', 'successors'],
      ['Original Duration', 'originalDuration'],
      ['Early Start', 'plannedStart'],
      ['Early Finish', 'plannedFinish'],
      ['Late Start', null],
      ['Late Finish', null],
      ['Free Float', null],
      ['Total Float', null],
    ],
    rows: [
      ['K1000', 'Contract award', 'Start Milestone', '', 'K1010', 0, '01-Apr-25 08:00', '', '01-Apr-25 08:00', '', 0, 0],
      ['K1010', 'Mobilise', 'Task Dependent', 'K1000', 'K1020, K1030', 5, '01-Apr-25 08:00', '07-Apr-25 17:00', '01-Apr-25 08:00', '07-Apr-25 17:00', 0, 0],
      ['K1020', 'Survey', 'Task Dependent', 'K1010', 'K1040', 3, '08-Apr-25 08:00', '10-Apr-25 17:00', '09-Apr-25 08:00', '11-Apr-25 17:00', 1, 1],
      ['K1040', 'Practical completion', 'Finish Milestone', 'K1020, K1030', '', 0, '', '30-Jun-25 17:00', '', '30-Jun-25 17:00', 0, 0],
    ],
  },
  {
    name: 'MS Project Entry table',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['ID', 'activityId'],
      ['Task Mode', null],
      ['Task Name', 'activityName'],
      ['Duration', 'originalDuration'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Predecessors', 'predecessors'],
      ['Resource Names', 'resource'],
    ],
    rows: [
      [1, 'Auto Scheduled', 'Design', '10 days', 'Mon 3/3/25', 'Fri 3/14/25', '', 'Architect'],
      [2, 'Auto Scheduled', 'Procurement', '15 days', 'Mon 3/17/25', 'Fri 4/4/25', '1', 'Buyer'],
      [3, 'Auto Scheduled', 'Construction', '20 days', 'Mon 4/7/25', 'Fri 5/2/25', '2FS+2 days', 'Crew A[50%],Crane'],
      [4, 'Manually Scheduled', 'Handover', '0 days', 'Fri 5/2/25', 'Fri 5/2/25', '3', ''],
    ],
  },
  {
    name: 'MS Project Cost table',
    kind: 'activities',
    // BAC (Baseline) 12,000 + 45,000 + 150,000 = 207,000; AC 12,400 + 10,000 = 22,400; no progress column, so EV 0.
    totals: { bac: 207_000, ev: 0, ac: 22_400 },
    columns: [
      ['ID', 'activityId'],
      ['Task Name', 'activityName'],
      ['Fixed Cost', null],
      ['Fixed Cost Accrual', null],
      ['Total Cost', 'atCompletionCost'],
      ['Baseline', 'budgetCost'],
      ['Variance', null],
      ['Actual', 'actualCost'],
      ['Remaining', 'remainingCost'],
    ],
    rows: [
      [1, 'Design', '$0.00', 'Prorated', '$12,400.00', '$12,000.00', '$400.00', '$12,400.00', '$0.00'],
      [2, 'Procurement', '$5,000.00', 'End', '$48,000.00', '$45,000.00', '$3,000.00', '$10,000.00', '$38,000.00'],
      [3, 'Construction', '$0.00', 'Prorated', '$150,000.00', '$150,000.00', '$0.00', '$0.00', '$150,000.00'],
    ],
  },
  {
    name: 'MS Project Earned Value table',
    kind: 'activities',
    // BAC 12,000 + 45,000 + 150,000 = 207,000; AC 12,400 + 10,000 + 0 = 22,400; progress = EV ÷ BAC:
    // EV = 12,000 + 20,000 + 0 = 32,000.
    totals: { bac: 207_000, ev: 32_000, ac: 22_400 },
    columns: [
      ['ID', 'activityId'],
      ['Task Name', 'activityName'],
      ['Planned Value - PV (BCWS)', 'plannedValue'],
      ['Earned Value - EV (BCWP)', 'earnedValue'],
      ['AC (ACWP)', 'actualCost'],
      ['SV', null],
      ['CV', null],
      ['EAC', 'atCompletionCost'],
      ['BAC', 'budgetCost'],
      ['VAC', null],
    ],
    rows: [
      [1, 'Design', '$12,000.00', '$12,000.00', '$12,400.00', '$0.00', '($400.00)', '$12,400.00', '$12,000.00', '($400.00)'],
      [2, 'Procurement', '$45,000.00', '$20,000.00', '$10,000.00', '($25,000.00)', '$10,000.00', '$22,500.00', '$45,000.00', '$22,500.00'],
      [3, 'Construction', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$150,000.00', '$150,000.00', '$0.00'],
    ],
  },
  {
    name: 'MS Project Tracking table',
    kind: 'activities',
    // No budget; AC 12,400 + 10,000 + 0 = 22,400.
    totals: { bac: 0, ev: 0, ac: 22_400 },
    columns: [
      ['ID', 'activityId'],
      ['Task Name', 'activityName'],
      ['Act. Start', 'actualStart'],
      ['Act. Finish', 'actualFinish'],
      ['% Comp.', 'percentComplete'],
      ['Phys. % Comp.', 'physicalPercentComplete'],
      ['Act. Dur.', 'actualDuration'],
      ['Rem. Dur.', 'remainingDuration'],
      ['Act. Cost', 'actualCost'],
      ['Act. Work', 'actualUnits'],
    ],
    rows: [
      [1, 'Design', 'Mon 3/3/25', 'Wed 3/19/25', '100%', '100%', '13 days', '0 days', '$12,400.00', '96 hrs'],
      [2, 'Procurement', 'Thu 3/20/25', 'NA', '40%', '35%', '6 days', '9 days', '$10,000.00', '48 hrs'],
      [3, 'Construction', 'NA', 'NA', '0%', '0%', '0 days', '20 days', '$0.00', '0 hrs'],
    ],
  },
  {
    name: 'MS Project export with outline numbers and baselines',
    kind: 'activities',
    // Row 1 (Civils, outline 1) is the summary of 1.1–1.3 and is left out. BAC 25,000 + 75,000 + 0 = 100,000;
    // no actual cost column; EV = 1 × 25,000 + 0.3 × 75,000 = 47,500.
    totals: { bac: 100_000, ev: 47_500, ac: 0 },
    columns: [
      ['Unique ID', 'uniqueId'],
      ['ID', 'activityId'],
      ['Outline Number', 'wbsCode'],
      ['Outline Level', 'outlineLevel'],
      ['Name', 'activityName'],
      ['Duration', 'originalDuration'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
      ['Baseline Cost', 'budgetCost'],
      ['Cost', 'atCompletionCost'],
      ['% Complete', 'percentComplete'],
      ['Milestone', 'activityType'],
    ],
    rows: [
      [11, 1, '1', 1, 'Civils', '25 days', '06/01/2025 08:00', '07/02/2025 17:00', '06/01/2025 08:00', '07/02/2025 17:00', '£100,000.00', '£104,000.00', '45%', 'No'],
      [12, 2, '1.1', 2, 'Earthworks', '10 days', '06/01/2025 08:00', '17/01/2025 17:00', '06/01/2025 08:00', '17/01/2025 17:00', '£25,000.00', '£29,000.00', '100%', 'No'],
      [13, 3, '1.2', 2, 'Concrete', '15 days', '20/01/2025 08:00', '07/02/2025 17:00', '20/01/2025 08:00', '07/02/2025 17:00', '£75,000.00', '£75,000.00', '30%', 'No'],
      [14, 4, '1.3', 2, 'Civils complete', '0 days', '07/02/2025 17:00', '07/02/2025 17:00', '07/02/2025 17:00', '07/02/2025 17:00', '£0.00', '£0.00', '0%', 'Yes'],
    ],
  },
  {
    name: 'Cobra CSV export, one row per control account per period',
    kind: 'periods',
    // Cumulative (EAC = ACWP + ETC: 9,500 + 90,500 = 100,000). By period: PV 15,000 / 30,000, EV 14,000 / 26,000,
    // AC 14,700 / 28,800; status 2025-02: BAC 30,000, EV 26,000, AC 28,800.
    totals: { bac: 30_000, ev: 26_000, ac: 28_800 },
    columns: [
      ['Control Account', 'controlAccount'],
      ['Work Package', 'activityId'],
      ['Element of Cost', null],
      ['Period', 'period'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
      ['ACWP', 'actualCost'],
      ['ETC', 'remainingCost'],
      ['EAC', 'atCompletionCost'],
      ['BAC', 'budgetCost'],
    ],
    rows: [
      ['CA-100', 'WP-101', 'LAB', '2025-01', '10000', '9000', '9500', '90500', '100000', '100000'],
      ['CA-200', 'WP-201', 'MAT', '2025-01', '5000', '5000', '5200', '44800', '50000', '50000'],
      ['CA-100', 'WP-101', 'LAB', '2025-02', '20000', '17000', '19000', '80000', '99000', '100000'],
      ['CA-200', 'WP-201', 'MAT', '2025-02', '10000', '9000', '9800', '40200', '50000', '50000'],
    ],
  },
  {
    name: 'Cobra control account summary (cumulative to date)',
    kind: 'activities',
    // BAC 1,200,000 + 800,000 + 650,000 = 2,650,000; AC 410,000 + 95,000 + 0 = 505,000; progress = BCWP ÷ BAC:
    // EV = 380,000 + 90,000 + 0 = 470,000.
    totals: { bac: 2_650_000, ev: 470_000, ac: 505_000 },
    columns: [
      ['CA', 'controlAccount'],
      ['CA Description', 'activityName'],
      ['CAM', null],
      ['BAC', 'budgetCost'],
      ['BCWS Cum', 'plannedValue'],
      ['BCWP Cum', 'earnedValue'],
      ['ACWP Cum', 'actualCost'],
      ['EAC', 'atCompletionCost'],
      ['VAC', null],
    ],
    rows: [
      ['1.1.1', 'Civil works', 'J. Smith', 1200000, 400000, 380000, 410000, 1290000, -90000],
      ['1.1.2', 'Mechanical', 'A. Patel', 800000, 100000, 90000, 95000, 845000, -45000],
      ['1.2.1', 'Electrical', 'K. Jones', 650000, 0, 0, 0, 650000, 0],
    ],
  },
  {
    name: 'Deltek Open Plan activity export',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Description', 'activityName'],
      ['Early Start', 'plannedStart'],
      ['Early Finish', 'plannedFinish'],
      ['Late Start', null],
      ['Late Finish', null],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
      ['Actual Start', 'actualStart'],
      ['Actual Finish', 'actualFinish'],
      ['Original Duration', 'originalDuration'],
      ['Remaining Duration', 'remainingDuration'],
      ['Percent Complete', 'percentComplete'],
      ['Total Float', null],
      ['Calendar', 'calendar'],
      ['Resource', 'resource'],
    ],
    rows: [
      ['OP-001', 'Engineering package 1', '2025-02-03', '2025-02-28', '2025-02-05', '2025-03-04', '2025-02-03', '2025-02-28', '2025-02-03', '', '20d', '8d', 60, '2d', 'STD', 'ENG'],
      ['OP-002', 'Engineering package 2', '2025-03-03', '2025-03-28', '2025-03-05', '2025-04-01', '2025-03-03', '2025-03-28', '', '', '20d', '20d', 0, '2d', 'STD', 'ENG'],
      ['OP-003', 'Fabrication', '2025-03-31', '2025-05-23', '2025-04-02', '2025-05-27', '2025-03-31', '2025-05-23', '', '', '40d', '40d', 0, '2d', 'SHOP', 'FAB'],
    ],
  },
  {
    name: 'Deltek Open Plan earned value export',
    kind: 'activities',
    // BAC 60,000 + 60,000 + 80,000 = 200,000; AC 40,000 + 0 + 21,000 = 61,000;
    // EV = 0.6 × 60,000 + 0 + 0.25 × 80,000 = 56,000.
    totals: { bac: 200_000, ev: 56_000, ac: 61_000 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Description', 'activityName'],
      ['Earned Value Technique', 'evTechnique'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
      ['ACWP', 'actualCost'],
      ['BAC', 'budgetCost'],
      ['EAC', 'atCompletionCost'],
      ['ETC', 'remainingCost'],
      ['% Complete', 'percentComplete'],
    ],
    rows: [
      ['OP-001', 'Engineering package 1', 'Percent Complete', 48000, 36000, 40000, 60000, 64000, 24000, 60],
      ['OP-002', 'Engineering package 2', '0/100', 0, 0, 0, 60000, 60000, 60000, 0],
      ['OP-010', 'Project management', 'LOE', 20000, 20000, 21000, 80000, 84000, 63000, 25],
    ],
  },
  {
    name: 'Asta Powerproject task export',
    kind: 'activities',
    // BAC 8,000 + 22,000 + 18,000 = 48,000; no actual cost; EV = 8,000 + 0.25 × 22,000 = 13,500.
    totals: { bac: 48_000, ev: 13_500, ac: 0 },
    columns: [
      ['Name', 'activityName'],
      ['ID', 'activityId'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Duration', 'originalDuration'],
      ['Baseline start', 'baselineStart'],
      ['Baseline finish', 'baselineFinish'],
      ['% complete', 'percentComplete'],
      ['Actual start', 'actualStart'],
      ['Actual finish', 'actualFinish'],
      ['Cost', 'budgetCost'],
      ['Natural float', null],
      ['Total float', null],
      ['Calendar', 'calendar'],
    ],
    rows: [
      ['Strip out', 101, '03/02/2025', '14/02/2025', '2w', '03/02/2025', '14/02/2025', '100%', '03/02/2025', '13/02/2025', '£8,000', '0d', '0d', 'Standard'],
      ['First fix', 102, '17/02/2025', '14/03/2025', '4w', '17/02/2025', '14/03/2025', '25%', '17/02/2025', '', '£22,000', '0d', '3d', 'Standard'],
      ['Second fix', 103, '17/03/2025', '04/04/2025', '3w', '17/03/2025', '04/04/2025', '0%', '', '', '£18,000', '0d', '3d', 'Standard'],
    ],
  },
  {
    name: "Contractor's monthly EV template with title rows",
    kind: 'activities',
    // BAC 25,000 + 80,000 + 150,000 = 255,000; AC 27,500 + 52,000 + 16,000 = 95,500;
    // EV = 25,000 + 0.6 × 80,000 + 0.1 × 150,000 = 88,000.
    totals: { bac: 255_000, ev: 88_000, ac: 95_500 },
    above: [['ACME Construction Ltd'], ['Monthly Earned Value Report – Riverside Pumping Station'], ['Data Date:', '31/03/2025'], []],
    columns: [
      ['Ref', 'activityId'],
      ['Description', 'activityName'],
      ['WBS', 'wbsCode'],
      ['Budget (£)', 'budgetCost'],
      ['Planned %', 'schedulePercentComplete'],
      ['Planned Value (£)', 'plannedValue'],
      ['Progress %', 'percentComplete'],
      ['Earned Value (£)', 'earnedValue'],
      ['Actual Cost (£)', 'actualCost'],
      ['Forecast at Completion (£)', 'atCompletionCost'],
      ['Comments', null],
    ],
    rows: [
      ['1.1', 'Site set-up', '1.1', '£25,000', '100%', '£25,000', '100%', '£25,000', '£27,500', '£27,500', 'Complete'],
      ['1.2', 'Earthworks', '1.2', '£80,000', '75%', '£60,000', '60%', '£48,000', '£52,000', '£86,000', 'Rock encountered'],
      ['2.1', 'Pump house', '2.1', '£150,000', '20%', '£30,000', '10%', '£15,000', '£16,000', '£152,000', ''],
    ],
  },
  {
    name: 'QS cost report',
    kind: 'activities',
    // BAC (Current Budget) 130,000 + 340,000 + 535,000 = 1,005,000; AC 60,000 + 210,000 + 90,000 = 360,000;
    // no progress column (% Spent is spend, not progress), so EV 0.
    totals: { bac: 1_005_000, ev: 0, ac: 360_000 },
    columns: [
      ['Cost Code', 'activityId'],
      ['Description', 'activityName'],
      ['Original Budget', null],
      ['Approved Changes', null],
      ['Current Budget', 'budgetCost'],
      ['Committed', null],
      ['Actual to Date', 'actualCost'],
      ['Forecast Final Cost', 'atCompletionCost'],
      ['Variance', null],
      ['% Spent', null],
    ],
    rows: [
      ['01-100', 'Preliminaries', '£120,000', '£10,000', '£130,000', '£95,000', '£60,000', '£135,000', '-£5,000', '46%'],
      ['02-200', 'Substructure', '£340,000', '£0', '£340,000', '£320,000', '£210,000', '£332,000', '£8,000', '62%'],
      ['03-300', 'Frame', '£510,000', '£25,000', '£535,000', '£400,000', '£90,000', '£540,000', '-£5,000', '17%'],
    ],
  },
  {
    name: 'Period table, plain PV/EV/AC per period',
    kind: 'periods',
    // Per period: BAC 100 + 150 + 200 + 250 = 700; EV 80 + 120 + 180 = 380; AC 90 + 140 + 190 = 420.
    totals: { bac: 700, ev: 380, ac: 420 },
    cumulative: false,
    columns: [
      ['Period', 'period'],
      ['PV', 'plannedValue'],
      ['EV', 'earnedValue'],
      ['AC', 'actualCost'],
    ],
    rows: [
      [1, 100, 80, 90],
      [2, 150, 120, 140],
      [3, 200, 180, 190],
      [4, 250, null, null],
    ],
  },
  {
    name: 'Period table with month labels and BCWS/BCWP/ACWP',
    kind: 'periods',
    // Cumulative: BAC 52,000; EV 47,000; AC 51,500 (March).
    totals: { bac: 52_000, ev: 47_000, ac: 51_500 },
    columns: [
      ['Month', 'period'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
      ['ACWP', 'actualCost'],
    ],
    rows: [
      ['Jan-25', '12,500', '11,000', '11,800'],
      ['Feb-25', '30,000', '26,500', '29,000'],
      ['Mar-25', '52,000', '47,000', '51,500'],
    ],
  },
  {
    name: 'Period table with periodic and cumulative columns',
    kind: 'periods',
    // Cumulative columns: BAC 17,000; EV 16,000; AC 16,700 (= 4,000 + 5,500 + 6,500 and 4,500 + 6,000 + 6,200).
    totals: { bac: 17_000, ev: 16_000, ac: 16_700 },
    columns: [
      ['Week Ending', 'periodDate'],
      ['PV', 'plannedValue'],
      ['EV', 'earnedValue'],
      ['AC', 'actualCost'],
      ['Cum PV', 'plannedValueCum'],
      ['Cum EV', 'earnedValueCum'],
      ['Cum AC', 'actualCostCum'],
    ],
    rows: [
      ['07/03/2025', 5000, 4000, 4500, 5000, 4000, 4500],
      ['14/03/2025', 6000, 5500, 6000, 11000, 9500, 10500],
      ['21/03/2025', 6000, 6500, 6200, 17000, 16000, 16700],
    ],
  },
  {
    name: 'Period table, British headers with currency',
    kind: 'periods',
    // Cumulative: BAC 450,000; EV 380,000; AC 420,000.
    totals: { bac: 450_000, ev: 380_000, ac: 420_000 },
    columns: [
      ['Period ending', 'periodDate'],
      ['Planned Value (£)', 'plannedValue'],
      ['Earned Value (£)', 'earnedValue'],
      ['Actual Cost (£)', 'actualCost'],
      ['Variance (£)', null],
    ],
    rows: [
      ['31/01/2025', '£100,000', '£80,000', '£90,000', '-£10,000'],
      ['28/02/2025', '£250,000', '£200,000', '£230,000', '-£30,000'],
      ['31/03/2025', '£450,000', '£380,000', '£420,000', '-£40,000'],
    ],
  },
  {
    name: 'Period table with status date and one-word headers',
    kind: 'periods',
    // Cumulative: BAC 4,000; EV 3,600; AC 3,900.
    totals: { bac: 4_000, ev: 3_600, ac: 3_900 },
    columns: [
      ['Status Date', 'periodDate'],
      ['Planned', 'plannedValue'],
      ['Earned', 'earnedValue'],
      ['Actual', 'actualCost'],
    ],
    rows: [
      ['2025-01-31', 1000, 900, 950],
      ['2025-02-28', 2500, 2100, 2300],
      ['2025-03-31', 4000, 3600, 3900],
    ],
  },
  {
    name: 'Period table, American, reporting period in mm/dd/yyyy',
    kind: 'periods',
    // Cumulative: BAC 350,000; EV 330,000; AC 342,000.
    totals: { bac: 350_000, ev: 330_000, ac: 342_000 },
    columns: [
      ['Reporting Period', 'period'],
      ['BCWS ($)', 'plannedValue'],
      ['BCWP ($)', 'earnedValue'],
      ['ACWP ($)', 'actualCost'],
      ['SPI', null],
      ['CPI', null],
    ],
    rows: [
      ['01/31/2025', '$100,000', '$95,000', '$98,000', 0.95, 0.97],
      ['02/28/2025', '$220,000', '$200,000', '$210,000', 0.91, 0.95],
      ['03/31/2025', '$350,000', '$330,000', '$342,000', 0.94, 0.96],
    ],
  },
  {
    name: 'Typos',
    kind: 'activities',
    // BAC 12,000 + 18,000 + 26,000 = 56,000; AC 6,000; EV = 0.5 × 12,000 = 6,000.
    totals: { bac: 56_000, ev: 6_000, ac: 6_000 },
    columns: [
      ['Acitvity ID', 'activityId'],
      ['Activty Name', 'activityName'],
      ['Orignal Duration', 'originalDuration'],
      ['Baseilne Start', 'baselineStart'],
      ['Baseline Finsh', 'baselineFinish'],
      ['Budgetted Cost', 'budgetCost'],
      ['Actaul Cost', 'actualCost'],
      ['Percnt Complete', 'percentComplete'],
    ],
    rows: [
      ['T-01', 'Strip foundations', 10, '03/03/2025', '14/03/2025', 12000, 6000, 50],
      ['T-02', 'Blockwork', 15, '17/03/2025', '04/04/2025', 18000, 0, 0],
      ['T-03', 'Roof', 12, '07/04/2025', '22/04/2025', 26000, 0, 0],
    ],
  },
  {
    name: 'Abbreviations',
    kind: 'activities',
    // BAC 4,000 + 9,000 + 1,000 = 14,000; AC 4,200 + 3,500 = 7,700; EV = 4,000 + 0.4 × 9,000 = 7,600.
    totals: { bac: 14_000, ev: 7_600, ac: 7_700 },
    columns: [
      ['Act ID', 'activityId'],
      ['Act Name', 'activityName'],
      ['OD', 'originalDuration'],
      ['RD', 'remainingDuration'],
      ['ES', 'plannedStart'],
      ['EF', 'plannedFinish'],
      ['BL Start', 'baselineStart'],
      ['BL Finish', 'baselineFinish'],
      ['Act Start', 'actualStart'],
      ['Act Fin', 'actualFinish'],
      ['Bud Cost', 'budgetCost'],
      ['Act Cost', 'actualCost'],
      ['Rem Cost', 'remainingCost'],
      ['Pct Cmp', 'percentComplete'],
    ],
    rows: [
      ['X10', 'Survey', 5, 0, '2025-03-03', '2025-03-07', '2025-03-03', '2025-03-07', '2025-03-03', '2025-03-07', 4000, 4200, 0, 1],
      ['X20', 'Design', 10, 6, '2025-03-10', '2025-03-21', '2025-03-10', '2025-03-21', '2025-03-10', '', 9000, 3500, 5400, 0.4],
      ['X30', 'Approval', 5, 5, '2025-03-24', '2025-03-28', '2025-03-24', '2025-03-28', '', '', 1000, 0, 1000, 0],
    ],
  },
  {
    name: 'Odd column order with extra columns',
    kind: 'activities',
    // BAC 5,000 + 6,000 + 7,000 = 18,000; AC 0 + 2,500 + 7,000 = 9,500; EV = 0.4 × 6,000 + 7,000 = 9,400.
    totals: { bac: 18_000, ev: 9_400, ac: 9_500 },
    columns: [
      ['Notes', null],
      ['Actual Cost', 'actualCost'],
      ['Responsible', null],
      ['Finish', 'plannedFinish'],
      ['Activity ID', 'activityId'],
      ['Area', null],
      ['Start', 'plannedStart'],
      ['Name', 'activityName'],
      ['Budget', 'budgetCost'],
      ['Discipline', null],
      ['% Complete', 'percentComplete'],
    ],
    rows: [
      ['Waiting on drawings', 0, 'J. Smith', '28/03/2025', 'D-100', 'Zone A', '17/03/2025', 'Duct routing', 5000, 'Mechanical', 0],
      ['', 2500, 'A. Patel', '21/03/2025', 'D-110', 'Zone A', '10/03/2025', 'Cable tray', 6000, 'Electrical', 40],
      ['Weather delay', 7000, 'J. Smith', '14/03/2025', 'D-120', 'Zone B', '03/03/2025', 'Roof sheeting', 7000, 'Civils', 100],
    ],
  },
  {
    name: 'British spellings (programme, labour, centre)',
    kind: 'activities',
    // Hours only, no cost.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity Ref', 'activityId'],
      ['Activity Description', 'activityName'],
      ['Programme Start', 'plannedStart'],
      ['Programme Finish', 'plannedFinish'],
      ['Budgeted Labour Hours', 'budgetUnits'],
      ['Actual Labour Hours', 'actualUnits'],
      ['Remaining Labour Hours', 'remainingUnits'],
      ['Forecast Finish', 'forecastFinish'],
      ['Cost Centre', 'controlAccount'],
    ],
    rows: [
      ['P-001', 'Scaffold erection', '03/03/2025', '14/03/2025', 320, 300, 40, '18/03/2025', 'CC-10'],
      ['P-002', 'Brickwork', '17/03/2025', '25/04/2025', 1200, 200, 1000, '02/05/2025', 'CC-20'],
      ['P-003', 'Windows', '28/04/2025', '09/05/2025', 240, 0, 240, '16/05/2025', 'CC-20'],
    ],
  },
  {
    name: 'American spellings (program, labor, center)',
    kind: 'activities',
    // Hours only, no cost.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Task ID', 'activityId'],
      ['Task Description', 'activityName'],
      ['Program Start', 'plannedStart'],
      ['Program Finish', 'plannedFinish'],
      ['Labor Hours Budgeted', 'budgetUnits'],
      ['Labor Hours Actual', 'actualUnits'],
      ['Cost Center', 'controlAccount'],
      ['Percent Complete', 'percentComplete'],
    ],
    rows: [
      ['T100', 'Rough-in plumbing', '03/03/2025', '03/21/2025', 240, 180, 'CC-400', 75],
      ['T110', 'Drywall', '03/24/2025', '04/18/2025', 600, 0, 'CC-500', 0],
      ['T120', 'Paint', '04/21/2025', '05/02/2025', 160, 0, 'CC-500', 0],
    ],
  },
  {
    name: 'CamelCase system export',
    kind: 'activities',
    // BAC 25,000 + 75,000 + 120,000 = 220,000; AC 26,000 + 20,000 = 46,000; EV = 25,000 + 0.3 × 75,000 = 47,500.
    totals: { bac: 220_000, ev: 47_500, ac: 46_000 },
    columns: [
      ['ActivityId', 'activityId'],
      ['ActivityName', 'activityName'],
      ['WbsCode', 'wbsCode'],
      ['WbsName', 'wbsName'],
      ['BaselineStart', 'baselineStart'],
      ['BaselineFinish', 'baselineFinish'],
      ['ActualStart', 'actualStart'],
      ['ActualFinish', 'actualFinish'],
      ['PercentComplete', 'percentComplete'],
      ['BudgetCost', 'budgetCost'],
      ['ActualCost', 'actualCost'],
      ['RemainingCost', 'remainingCost'],
    ],
    rows: [
      ['C-1', 'Earthworks', '1.1', 'Site', '2025-01-06T08:00:00', '2025-01-17T17:00:00', '2025-01-06T08:00:00', '2025-01-17T17:00:00', 1, 25000, 26000, 0],
      ['C-2', 'Foundations', '1.2', 'Structure', '2025-01-20T08:00:00', '2025-02-07T17:00:00', '2025-01-20T08:00:00', '', 0.3, 75000, 20000, 55000],
      ['C-3', 'Frame', '1.2', 'Structure', '2025-02-10T08:00:00', '2025-03-21T17:00:00', '', '', 0, 120000, 0, 120000],
    ],
  },
  {
    name: 'snake_case database extract',
    kind: 'activities',
    // BAC 40,000 + 250,000 + 30,000 = 320,000; AC 35,000 + 30,000 = 65,000; EV = 0.8 × 40,000 + 0.1 × 250,000 = 57,000.
    totals: { bac: 320_000, ev: 57_000, ac: 65_000 },
    columns: [
      ['task_code', 'activityId'],
      ['task_name', 'activityName'],
      ['wbs_code', 'wbsCode'],
      ['control_account', 'controlAccount'],
      ['bl_start', 'baselineStart'],
      ['bl_finish', 'baselineFinish'],
      ['pct_complete', 'percentComplete'],
      ['budget_cost', 'budgetCost'],
      ['actual_cost', 'actualCost'],
    ],
    rows: [
      ['S100', 'Design', 'P1.D', 'CA01', '2025-02-03', '2025-02-28', 0.8, 40000, 35000],
      ['S110', 'Build', 'P1.B', 'CA02', '2025-03-03', '2025-05-30', 0.1, 250000, 30000],
      ['S120', 'Test', 'P1.T', 'CA03', '2025-06-02', '2025-06-27', 0, 30000, 0],
    ],
  },
  {
    name: 'Two-row group headers (Baseline / Forecast / Actual over Start | Finish)',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    above: [[null, null, 'Baseline', null, 'Forecast', null, 'Actual', null]],
    merges: [
      { s: { r: 0, c: 2 }, e: { r: 0, c: 3 } },
      { s: { r: 0, c: 4 }, e: { r: 0, c: 5 } },
      { s: { r: 0, c: 6 }, e: { r: 0, c: 7 } },
    ],
    columns: [
      ['ID', 'activityId'],
      ['Activity', 'activityName'],
      ['Start', 'baselineStart'],
      ['Finish', 'baselineFinish'],
      ['Start', 'forecastStart'],
      ['Finish', 'forecastFinish'],
      ['Start', 'actualStart'],
      ['Finish', 'actualFinish'],
    ],
    rows: [
      ['G1', 'Enabling works', '06/01/2025', '31/01/2025', '06/01/2025', '07/02/2025', '06/01/2025', ''],
      ['G2', 'Diversions', '03/02/2025', '28/03/2025', '10/02/2025', '04/04/2025', '', ''],
      ['G3', 'Main works', '31/03/2025', '26/09/2025', '07/04/2025', '03/10/2025', '', ''],
    ],
  },
  {
    name: 'P6 WBS-level cost export',
    kind: 'activities',
    // One activity per WBS element. BAC 100,000 + 125,000 = 225,000; AC 39,500 + 50,000 = 89,500;
    // progress = EV ÷ budget: EV = 34,000 + 46,000 = 80,000.
    totals: { bac: 225_000, ev: 80_000, ac: 89_500 },
    columns: [
      ['WBS Code', 'wbsCode'],
      ['WBS Name', 'wbsName'],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Total Cost', 'actualCost'],
      ['Earned Value Cost', 'earnedValue'],
      ['Planned Value Cost', 'plannedValue'],
      ['Estimate at Completion Cost', 'atCompletionCost'],
    ],
    rows: [
      ['RPS.CIV', 'Civils', 100000, 39500, 34000, 48000, 112000],
      ['RPS.MEC', 'Mechanical', 125000, 50000, 46000, 73000, 136000],
    ],
  },
  {
    name: 'Labour-hours tracker (units only)',
    kind: 'activities',
    // Hours only, no cost.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Task ID', 'activityId'],
      ['Task', 'activityName'],
      ['Start Date', 'plannedStart'],
      ['End Date', 'plannedFinish'],
      ['Budget Hours', 'budgetUnits'],
      ['Hours to Date', 'actualUnits'],
      ['Hours Remaining', 'remainingUnits'],
      ['% Done', 'percentComplete'],
    ],
    rows: [
      ['H-01', 'Cable pulling level 1', '2025-04-01', '2025-04-11', 160, 120, 40, '75%'],
      ['H-02', 'Terminations level 1', '2025-04-14', '2025-04-25', 200, 0, 200, '0%'],
      ['H-03', 'Testing level 1', '2025-04-28', '2025-05-02', 60, 0, 60, '0%'],
    ],
  },
  {
    name: 'Cobra-style long table with current and cumulative columns',
    kind: 'periods',
    // Cumulative columns, two control accounts a period: BAC 220 + 110 = 330; EV 190 + 105 = 295; AC 205 + 110 = 315.
    totals: { bac: 330, ev: 295, ac: 315 },
    columns: [
      ['CA', 'controlAccount'],
      ['Period End', 'periodDate'],
      ['BCWS Cur', 'plannedValue'],
      ['BCWP Cur', 'earnedValue'],
      ['ACWP Cur', 'actualCost'],
      ['BCWS Cum', 'plannedValueCum'],
      ['BCWP Cum', 'earnedValueCum'],
      ['ACWP Cum', 'actualCostCum'],
    ],
    rows: [
      ['CA-1', '2025-01-31', 100, 90, 95, 100, 90, 95],
      ['CA-2', '2025-01-31', 50, 50, 52, 50, 50, 52],
      ['CA-1', '2025-02-28', 120, 100, 110, 220, 190, 205],
      ['CA-2', '2025-02-28', 60, 55, 58, 110, 105, 110],
    ],
  },
  {
    name: 'Headers with units and £k amounts',
    kind: 'activities',
    // In £k: BAC (250 + 900 + 1,400) × 1,000 = 2,550,000; AC (262 + 430) × 1,000 = 692,000;
    // progress = Earned ÷ Value: EV = (250 + 400) × 1,000 = 650,000.
    totals: { bac: 2_550_000, ev: 650_000, ac: 692_000 },
    columns: [
      ['Activity No.', 'activityId'],
      ['Activity Title', 'activityName'],
      ['Dur (days)', 'originalDuration'],
      ['Start Date', 'plannedStart'],
      ['Completion Date', 'plannedFinish'],
      ['Value (£k)', 'budgetCost'],
      ['Earned (£k)', 'earnedValue'],
      ['Spent (£k)', 'actualCost'],
    ],
    rows: [
      ['100', 'Enabling works', 20, '06 Jan 2025', '31 Jan 2025', 250, 250, 262],
      ['200', 'Substructure', 45, '03 Feb 2025', '04 Apr 2025', 900, 400, 430],
      ['300', 'Superstructure', 60, '07 Apr 2025', '27 Jun 2025', 1400, 0, 0],
    ],
  },
  {
    name: 'EVMS work package register',
    kind: 'activities',
    // BAC 120,000 + 30,000 + 90,000 = 240,000; AC 70,000 + 12,000 + 31,000 = 113,000;
    // EV = 0.5 × 120,000 + 0.33 × 30,000 + 0.33 × 90,000 = 99,600.
    totals: { bac: 240_000, ev: 99_600, ac: 113_000 },
    columns: [
      ['Control Account', 'controlAccount'],
      ['Work Package', 'activityId'],
      ['WP Description', 'activityName'],
      ['EVT', 'evTechnique'],
      ['BAC', 'budgetCost'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
      ['ACWP', 'actualCost'],
      ['% Complete', 'percentComplete'],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
    ],
    rows: [
      ['CA-1100', 'WP-1101', 'Detailed design', '50/50', 120000, 120000, 60000, 70000, 50, '2025-01-06', '2025-02-28'],
      ['CA-1100', 'WP-1102', 'Design reviews', 'Weighted Milestones', 30000, 15000, 10000, 12000, 33, '2025-02-03', '2025-03-28'],
      ['CA-1200', 'WP-1201', 'Project management', 'LOE', 90000, 30000, 30000, 31000, 33, '2025-01-06', '2025-06-27'],
    ],
  },
  {
    name: 'Primavera Cloud style export with status and remaining dates',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Status', 'activityStatus'],
      ['Type', 'activityType'],
      ['Planned Start', 'plannedStart'],
      ['Planned Finish', 'plannedFinish'],
      ['Remaining Early Start', 'forecastStart'],
      ['Remaining Early Finish', 'forecastFinish'],
      ['Remaining Duration', 'remainingDuration'],
    ],
    rows: [
      ['PC-10', 'Foundations', 'In Progress', 'Task Dependent', '2025-03-03 08:00', '2025-03-28 17:00', '2025-03-17 08:00', '2025-04-04 17:00', '14d'],
      ['PC-20', 'Steel frame', 'Not Started', 'Resource Dependent', '2025-03-31 08:00', '2025-05-09 17:00', '2025-04-07 08:00', '2025-05-16 17:00', '30d'],
      ['PC-30', 'Frame complete', 'Not Started', 'Finish Milestone', '', '2025-05-09 17:00', '', '2025-05-16 17:00', '0d'],
    ],
  },
  {
    name: "Small contractor's tracker",
    kind: 'activities',
    // BAC 2,000 + 8,500 + 300 = 10,800; AC 2,100 + 4,000 = 6,100; EV = 2,000 + 0.5 × 8,500 = 6,250.
    totals: { bac: 10_800, ev: 6_250, ac: 6_100 },
    columns: [
      ['Task', 'activityName'],
      ['Owner', 'resource'],
      ['Start', 'plannedStart'],
      ['End', 'plannedFinish'],
      ['Cost', 'budgetCost'],
      ['Spent', 'actualCost'],
      ['Done %', 'percentComplete'],
    ],
    rows: [
      ['Order materials', 'Sam', '3/3/2025', '3/7/2025', '$2,000', '$2,100', '100%'],
      ['Frame walls', 'Lee', '3/10/2025', '3/21/2025', '$8,500', '$4,000', '50%'],
      ['Inspection', 'Sam', '3/24/2025', '3/24/2025', '$300', '$0', '0%'],
    ],
  },
  {
    name: 'Schedule with calendar, constraint and notes columns',
    kind: 'activities',
    // BAC 15,000 + 15,000 + 500 = 30,500; no actual cost, no progress: EV 0.
    totals: { bac: 30_500, ev: 0, ac: 0 },
    columns: [
      ['Activity Code', 'activityId'],
      ['Activity Description', 'activityName'],
      ['Calendar Name', 'calendar'],
      ['Constraint', null],
      ['Duration (hrs)', 'originalDuration'],
      ['Planned Start Date', 'plannedStart'],
      ['Planned Finish Date', 'plannedFinish'],
      ['Baseline Cost', 'budgetCost'],
      ['Notes', null],
    ],
    rows: [
      ['N-1', 'Night possession 1', '24 Hour', 'Start On', 8, '2025-05-03 23:00', '2025-05-04 07:00', 15000, 'Rail possession'],
      ['N-2', 'Night possession 2', '24 Hour', '', 8, '2025-05-10 23:00', '2025-05-11 07:00', 15000, ''],
      ['N-3', 'Handback', '24 Hour', 'Finish On', 1, '2025-05-11 07:00', '2025-05-11 08:00', 500, ''],
    ],
  },

  // ───────── Added for issue 12: budgets in EV words, renamed P6 titles, US PM templates, UK QS sheets,
  // decimal commas, day-first dates, currency and thousands separators, and distractor columns. ─────────
  {
    name: 'P6 layout with columns the user renamed',
    kind: 'activities',
    // BAC 12,000 + 48,000 + 9,500 = 69,500; AC 12,850 + 30,100 = 42,950; EV = 12,000 + 0.55 × 48,000 = 38,400.
    totals: { bac: 69_500, ev: 38_400, ac: 42_950 },
    columns: [
      ['Act ID', 'activityId'],
      ['Description', 'activityName'],
      ['Orig Dur', 'originalDuration'],
      ['Rem Dur', 'remainingDuration'],
      ['BL Start', 'baselineStart'],
      ['BL Finish', 'baselineFinish'],
      ['Fcst Finish', 'forecastFinish'],
      ['BL Cost', 'budgetCost'],
      ['Cost to Date', 'actualCost'],
      ['Phys %', 'physicalPercentComplete'],
      ['TF', null],
    ],
    rows: [
      ['CV1010', 'Site clearance', 10, 0, '06/01/2025', '17/01/2025', '17/01/2025', '£12,000.00', '£12,850.00', '100%', 0],
      ['CV1020', 'Bulk dig', 15, 6, '20/01/2025', '07/02/2025', '12/02/2025', '£48,000.00', '£30,100.00', '55%', -3],
      ['CV1030', 'Piling mat', 5, 5, '10/02/2025', '14/02/2025', '19/02/2025', '£9,500.00', '£0.00', '0%', -3],
    ],
  },
  {
    name: 'EVMS register with BCWS at Completion as the budget',
    kind: 'activities',
    // BAC 250,000 + 40,000 + 60,000 = 350,000; AC 172,000 + 21,000 + 14,500 = 207,500;
    // progress = BCWP ÷ BAC: EV = 165,000 + 18,000 + 15,000 = 198,000.
    totals: { bac: 350_000, ev: 198_000, ac: 207_500 },
    columns: [
      ['Control Account', 'controlAccount'],
      ['Work Package', 'activityId'],
      ['WP Title', 'activityName'],
      ['BCWS at Completion', 'budgetCost'],
      ['BCWS Cum', 'plannedValue'],
      ['BCWP Cum', 'earnedValue'],
      ['ACWP Cum', 'actualCost'],
      ['EAC', 'atCompletionCost'],
      ['VAC', null],
    ],
    rows: [
      ['CA-310', 'WP-3101', 'Structural design', 250000, 180000, 165000, 172000, 262000, -12000],
      ['CA-310', 'WP-3102', 'Design checks', 40000, 20000, 18000, 21000, 44000, -4000],
      ['CA-320', 'WP-3201', 'Procurement support', 60000, 15000, 15000, 14500, 59500, 500],
    ],
  },
  {
    name: 'Monthly cost report by WBS with Budget at Completion',
    kind: 'activities',
    // BAC 85,000 + 140,000 + 310,000 = 535,000; AC 91,000 + 82,000 + 30,000 = 203,000;
    // progress = EV ÷ BAC: EV = 85,000 + 70,000 + 31,000 = 186,000.
    totals: { bac: 535_000, ev: 186_000, ac: 203_000 },
    columns: [
      ['WBS', 'wbsCode'],
      ['Description', 'activityName'],
      ['Budget at Completion', 'budgetCost'],
      ['Planned Value', 'plannedValue'],
      ['Earned Value', 'earnedValue'],
      ['Actual Cost', 'actualCost'],
      ['Estimate at Completion', 'atCompletionCost'],
      ['Variance at Completion', null],
      ['CPI', null],
      ['SPI', null],
    ],
    rows: [
      ['1.1', 'Site establishment', 85000, 85000, 85000, 91000, 91000, -6000, 0.93, 1],
      ['1.2', 'Drainage', 140000, 90000, 70000, 82000, 164000, -24000, 0.85, 0.78],
      ['1.3', 'Roads and paving', 310000, 40000, 31000, 30000, 300000, 10000, 1.03, 0.78],
    ],
  },
  {
    name: 'American PM template (Phase, Owner, Planned Cost, End Date)',
    kind: 'activities',
    // BAC 4,500 + 18,000 + 120,000 = 142,500; AC 4,200 + 9,750 = 13,950; EV = 4,500 + 0.5 × 18,000 = 13,500.
    totals: { bac: 142_500, ev: 13_500, ac: 13_950 },
    columns: [
      ['Phase', 'wbsName'],
      ['Task', 'activityName'],
      ['Owner', 'resource'],
      ['Start Date', 'plannedStart'],
      ['End Date', 'plannedFinish'],
      ['Planned Cost', 'budgetCost'],
      ['Actual Cost', 'actualCost'],
      ['% Complete', 'percentComplete'],
      ['Status', 'activityStatus'],
      ['Notes', null],
    ],
    rows: [
      ['Initiation', 'Project charter', 'Dana', '01/06/2025', '01/10/2025', '$4,500', '$4,200', '100%', 'Complete', ''],
      ['Planning', 'Requirements workshops', 'Luis', '01/13/2025', '01/31/2025', '$18,000', '$9,750', '50%', 'In Progress', 'Client availability'],
      ['Execution', 'Build phase 1', 'Dana', '02/03/2025', '03/28/2025', '$120,000', '$0', '0%', 'Not Started', ''],
    ],
  },
  {
    name: 'British QS valuation sheet (bill of quantities)',
    kind: 'activities',
    // BAC (Amount) 10,625 + 23,800 + 7,875 = 42,300; AC 9,980 + 12,400 = 22,380;
    // progress = work done ÷ amount: EV = 10,625 + 11,900 + 0 = 22,525.
    totals: { bac: 42_300, ev: 22_525, ac: 22_380 },
    columns: [
      ['Item', 'activityId'],
      ['Description', 'activityName'],
      ['Qty', 'budgetUnits'],
      ['Unit', null],
      ['Rate (£)', null],
      ['Amount (£)', 'budgetCost'],
      ['Work Done to Date (£)', 'earnedValue'],
      ['Cost to Date (£)', 'actualCost'],
      ['Remarks', null],
    ],
    rows: [
      ['1.01', 'Excavate to reduce levels', 850, 'm3', '£12.50', '£10,625.00', '£10,625.00', '£9,980.00', ''],
      ['1.02', 'Disposal off site', 850, 'm3', '£28.00', '£23,800.00', '£11,900.00', '£12,400.00', 'Tip charges up'],
      ['1.03', 'Type 1 sub-base', 420, 'm2', '£18.75', '£7,875.00', '£0.00', '£0.00', ''],
    ],
  },
  {
    name: 'British QS cost report with forecast final account',
    kind: 'activities',
    // BAC 412,000 + 655,000 + 189,500 = 1,256,500; AC 305,250 + 118,000 = 423,250; no progress column: EV 0.
    totals: { bac: 1_256_500, ev: 0, ac: 423_250 },
    columns: [
      ['Cost Code', 'activityId'],
      ['Element', 'activityName'],
      ['Budget', 'budgetCost'],
      ['Committed Cost', null],
      ['Cost to Date', 'actualCost'],
      ['Cost to Complete', 'remainingCost'],
      ['Forecast Final Account', 'atCompletionCost'],
      ['Variance to Budget', null],
    ],
    rows: [
      ['A10', 'Substructure', '£412,000', '£398,500', '£305,250', '£96,000', '£401,250', '£10,750'],
      ['A20', 'Frame', '£655,000', '£640,000', '£118,000', '£552,000', '£670,000', '-£15,000'],
      ['A30', 'Roof', '£189,500', '£0', '£0', '£189,500', '£189,500', '£0'],
    ],
  },
  {
    name: 'European P6 export with decimal commas and dotted dates',
    kind: 'activities',
    // BAC 12,500 + 38,750 + 9,800 = 61,050; AC 6,125.50; EV = 0.455 × 12,500 = 5,687.50.
    totals: { bac: 61_050, ev: 5_687.5, ac: 6_125.5 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Total Cost', 'actualCost'],
      ['Activity % Complete', 'percentComplete'],
    ],
    rows: [
      ['EL-100', 'Cable trays level 1', '03.03.2025', '14.03.2025', '12.500,00', '6.125,50', '45,5%'],
      ['EL-110', 'Cable pulling level 1', '17.03.2025', '04.04.2025', '38.750,00', '0,00', '0%'],
      ['EL-120', 'Terminations level 1', '07.04.2025', '18.04.2025', '9.800,00', '0,00', '0%'],
    ],
  },
  {
    name: 'Period table with decimal commas',
    kind: 'periods',
    // Cumulative: BAC 410,000; EV 231,500; AC 247,250 (February).
    totals: { bac: 410_000, ev: 231_500, ac: 247_250 },
    columns: [
      ['Period', 'period'],
      ['PV', 'plannedValue'],
      ['EV', 'earnedValue'],
      ['AC', 'actualCost'],
    ],
    rows: [
      ['2025-01', '125.000,00', '110.000,00', '118.500,00'],
      ['2025-02', '260.000,00', '231.500,00', '247.250,00'],
      ['2025-03', '410.000,00', '', ''],
    ],
  },
  {
    name: "Owner's progress report in EUR with spaces as thousands separators",
    kind: 'activities',
    // BAC 1,250,000 + 2,400,000 + 1,100,000 = 4,750,000; AC 1,310,400 + 960,000 = 2,270,400;
    // EV = 1,250,000 + 0.35 × 2,400,000 = 2,090,000.
    totals: { bac: 4_750_000, ev: 2_090_000, ac: 2_270_400 },
    columns: [
      ['Task Code', 'activityId'],
      ['Task Name', 'activityName'],
      ['Budget (EUR)', 'budgetCost'],
      ['Actual (EUR)', 'actualCost'],
      ['Progress %', 'percentComplete'],
      ['Planned Finish', 'plannedFinish'],
    ],
    rows: [
      ['TC-01', 'Foundations', '1 250 000,00', '1 310 400,00', 100, '28/02/2025'],
      ['TC-02', 'Structure', '2 400 000,00', '960 000,00', 35, '30/06/2025'],
      ['TC-03', 'Envelope', '1 100 000,00', '0,00', 0, '30/09/2025'],
    ],
  },
  {
    name: 'P6 export with distractors: codes, floats, units of measure, notebook',
    kind: 'activities',
    // BAC 86,000 + 54,000 + 22,500 = 162,500; AC 41,500 + 12,150 = 53,650; EV = 0.5 × 86,000 + 0.25 × 54,000 = 56,500.
    totals: { bac: 162_500, ev: 56_500, ac: 53_650 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Area Code', null],
      ['Total Float', null],
      ['Free Float', null],
      ['Unit of Measure', null],
      ['Budgeted Labor Units', 'budgetUnits'],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Total Cost', 'actualCost'],
      ['Physical % Complete', 'physicalPercentComplete'],
      ['Notebook', null],
    ],
    rows: [
      ['ME-200', 'Install chillers', 'PLANT', '8d', '8d', 'ea', 320, '$86,000.00', '$41,500.00', '50%', 'Crane booked'],
      ['ME-210', 'Chilled water pipework', 'PLANT', '3d', '0d', 'm', 640, '$54,000.00', '$12,150.00', '25%', ''],
      ['ME-220', 'Controls', 'BMS', '12d', '12d', 'lot', 180, '$22,500.00', '$0.00', '0%', 'Awaiting submittal'],
    ],
  },
  {
    name: 'MS Project cost view renamed by the user (BL Cost, Act. Cost)',
    kind: 'activities',
    // BAC 64,000 + 64,000 + 8,000 = 136,000; AC 38,400 + 9,600 = 48,000; EV = 0.6 × 64,000 + 0.15 × 64,000 = 48,000.
    totals: { bac: 136_000, ev: 48_000, ac: 48_000 },
    columns: [
      ['Unique ID', 'activityId'],
      ['Task Name', 'activityName'],
      ['BL Cost', 'budgetCost'],
      ['Act. Cost', 'actualCost'],
      ['Rem. Cost', 'remainingCost'],
      ['% Complete', 'percentComplete'],
      ['BL Finish', 'baselineFinish'],
      ['Finish', 'plannedFinish'],
    ],
    rows: [
      [201, 'Fit-out level 2', '$64,000.00', '$38,400.00', '$25,600.00', '60%', 'Fri 5/30/25', 'Fri 6/6/25'],
      [202, 'Fit-out level 3', '$64,000.00', '$9,600.00', '$54,400.00', '15%', 'Fri 6/27/25', 'Fri 7/11/25'],
      [203, 'Snagging', '$8,000.00', '$0.00', '$8,000.00', '0%', 'Fri 7/18/25', 'Fri 7/25/25'],
    ],
  },
  {
    name: 'Cost-loaded Excel programme with Planned Cost and baseline dates',
    kind: 'activities',
    // BAC 35,000 + 52,500 + 140,000 = 227,500; AC 37,200 + 30,000 = 67,200; progress = Earned ÷ budget: EV = 35,000 + 26,250 = 61,250.
    totals: { bac: 227_500, ev: 61_250, ac: 67_200 },
    columns: [
      ['Ref', 'activityId'],
      ['Activity', 'activityName'],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
      ['Planned Cost (£)', 'budgetCost'],
      ['Actual Spend (£)', 'actualCost'],
      ['Earned (£)', 'earnedValue'],
      ['Comments', null],
    ],
    rows: [
      ['R-01', 'Demolition', '06/01/2025', '31/01/2025', '£35,000', '£37,200', '£35,000', 'Complete'],
      ['R-02', 'Asbestos removal', '13/01/2025', '21/02/2025', '£52,500', '£30,000', '£26,250', 'Additional areas found'],
      ['R-03', 'Structural alterations', '24/02/2025', '25/04/2025', '£140,000', '£0', '£0', ''],
    ],
  },
  {
    name: 'Monthly period report in £k with cumulative BCWS/BCWP/ACWP',
    kind: 'periods',
    // Cumulative, in £k: BAC 820 × 1,000 = 820,000; EV 498,000; AC 552,000 (March).
    totals: { bac: 820_000, ev: 498_000, ac: 552_000 },
    columns: [
      ['Period Ending', 'periodDate'],
      ['Cum BCWS (£k)', 'plannedValue'],
      ['Cum BCWP (£k)', 'earnedValue'],
      ['Cum ACWP (£k)', 'actualCost'],
      ['SV (£k)', null],
      ['CV (£k)', null],
    ],
    rows: [
      ['31/01/2025', 120, 105, 118, -15, -13],
      ['28/02/2025', 310, 270, 301, -40, -31],
      ['31/03/2025', 560, 498, 552, -62, -54],
      ['30/04/2025', 820, null, null, null, null],
    ],
  },
  {
    name: 'Weekly labour-hours period table',
    kind: 'periods',
    // Cumulative hours: BAC 1,600; EV 1,010; AC 1,150 (W03).
    totals: { bac: 1_600, ev: 1_010, ac: 1_150 },
    columns: [
      ['Week', 'period'],
      ['Planned Hrs', 'plannedValue'],
      ['Earned Hrs', 'earnedValue'],
      ['Actual Hrs', 'actualCost'],
    ],
    rows: [
      ['W01', 400, 360, 380],
      ['W02', 820, 700, 760],
      ['W03', 1240, 1010, 1150],
      ['W04', 1600, null, null],
    ],
  },
  {
    name: 'Period table with fiscal periods, dollar amounts and indices',
    kind: 'periods',
    // Cumulative: BAC 700,000; EV 640,000; AC 668,000 (P03).
    totals: { bac: 700_000, ev: 640_000, ac: 668_000 },
    columns: [
      ['Fiscal Period', 'period'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
      ['ACWP', 'actualCost'],
      ['SPI', null],
      ['CPI', null],
    ],
    rows: [
      ['FY25 P01', '$210,000', '$198,000', '$205,500', 0.94, 0.96],
      ['FY25 P02', '$455,000', '$420,000', '$437,000', 0.92, 0.96],
      ['FY25 P03', '$700,000', '$640,000', '$668,000', 0.91, 0.96],
    ],
  },
  {
    name: 'Smartsheet earned value sheet',
    kind: 'activities',
    // BAC 15,000 + 40,000 + 120,000 = 175,000; AC 16,200 + 14,000 = 30,200; EV = 15,000 + 0.4 × 40,000 = 31,000.
    totals: { bac: 175_000, ev: 31_000, ac: 30_200 },
    columns: [
      ['Task Name', 'activityName'],
      ['Assigned To', 'resource'],
      ['Start', 'plannedStart'],
      ['End', 'plannedFinish'],
      ['Duration', 'originalDuration'],
      ['% Complete', 'percentComplete'],
      ['Budget', 'budgetCost'],
      ['Actual', 'actualCost'],
      ['Planned Value', 'plannedValue'],
      ['Earned Value', 'earnedValue'],
    ],
    rows: [
      ['Discovery', 'ana@example.com', '02/03/25', '02/14/25', '10d', 1, '$15,000.00', '$16,200.00', '$15,000.00', '$15,000.00'],
      ['Design', 'ben@example.com', '02/17/25', '03/14/25', '20d', 0.4, '$40,000.00', '$14,000.00', '$30,000.00', '$16,000.00'],
      ['Build', 'ana@example.com', '03/17/25', '05/09/25', '40d', 0, '$120,000.00', '$0.00', '$0.00', '$0.00'],
    ],
  },
  {
    name: 'Owner cost sheet with revised budget and commitments',
    kind: 'activities',
    // BAC (Revised Budget) 515,000 + 1,230,000 + 890,000 = 2,635,000; AC 260,000 + 640,000 = 900,000; no progress: EV 0.
    totals: { bac: 2_635_000, ev: 0, ac: 900_000 },
    columns: [
      ['Cost Code', 'activityId'],
      ['Cost Code Name', 'activityName'],
      ['Original Budget', null],
      ['Approved Changes', null],
      ['Revised Budget', 'budgetCost'],
      ['Commitments', null],
      ['Actuals', 'actualCost'],
      ['Forecast at Completion', 'atCompletionCost'],
    ],
    rows: [
      ['01-000', 'General conditions', 480000, 35000, 515000, 420000, 260000, 530000],
      ['03-000', 'Concrete', 1250000, -20000, 1230000, 1180000, 640000, 1215000],
      ['05-000', 'Metals', 890000, 0, 890000, 870000, 0, 905000],
    ],
  },
  {
    name: 'Construction look-ahead with areas, trades and comments',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Area', null],
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Trade', 'resource'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['OD', 'originalDuration'],
      ['RD', 'remainingDuration'],
      ['Calendar', 'calendar'],
      ['Comments', null],
    ],
    rows: [
      ['L2 East', 'FT2100', 'Drylining L2 East', 'Drylining', '03/03/2025', '14/03/2025', 10, 4, '5 Day', ''],
      ['L2 East', 'FT2110', 'Ceilings L2 East', 'Ceilings', '17/03/2025', '28/03/2025', 10, 10, '5 Day', 'Grid delivery 14/03'],
      ['L2 West', 'FT2200', 'Drylining L2 West', 'Drylining', '17/03/2025', '28/03/2025', 10, 10, '5 Day', ''],
    ],
  },
  {
    name: 'Rail programme with forecast dates and durations in weeks',
    kind: 'activities',
    // No cost columns.
    totals: { bac: 0, ev: 0, ac: 0 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['BL Start', 'baselineStart'],
      ['BL Finish', 'baselineFinish'],
      ['Fcst Start', 'forecastStart'],
      ['Fcst Finish', 'forecastFinish'],
      ['Act Start', 'actualStart'],
      ['Act Finish', 'actualFinish'],
      ['Dur (wks)', 'originalDuration'],
      ['Float (wks)', null],
    ],
    rows: [
      ['GRIP4-010', 'Outline design', '06/01/2025', '28/03/2025', '06/01/2025', '11/04/2025', '06/01/2025', '', 12, 0],
      ['GRIP4-020', 'Form A submission', '31/03/2025', '11/04/2025', '14/04/2025', '25/04/2025', '', '', 2, -2],
      ['GRIP5-010', 'Detailed design', '14/04/2025', '26/09/2025', '28/04/2025', '10/10/2025', '', '', 24, -2],
    ],
  },
  {
    name: 'Cost report with the abbreviations in brackets',
    kind: 'activities',
    // BAC 60,000 + 150,000 + 320,000 = 530,000; AC 54,000 + 118,000 + 70,500 = 242,500; progress = EV ÷ BAC: EV = 60,000 + 105,000 + 64,000 = 229,000.
    totals: { bac: 530_000, ev: 229_000, ac: 242_500 },
    columns: [
      ['Code', 'activityId'],
      ['Scope Item', 'activityName'],
      ['Budget at Completion (BAC)', 'budgetCost'],
      ['Earned Value (EV)', 'earnedValue'],
      ['Actual Cost (AC)', 'actualCost'],
      ['Cost Variance (CV)', null],
      ['Cost Performance Index (CPI)', null],
    ],
    rows: [
      ['S-01', 'Survey and investigation', 60000, 60000, 54000, 6000, 1.11],
      ['S-02', 'Outline design', 150000, 105000, 118000, -13000, 0.89],
      ['S-03', 'Detailed design', 320000, 64000, 70500, -6500, 0.91],
    ],
  },
  {
    name: "Contractor's monthly valuations as a period table",
    kind: 'periods',
    // Cumulative: BAC 790,000; EV (gross valuation) 512,000; AC 549,300 (March).
    totals: { bac: 790_000, ev: 512_000, ac: 549_300 },
    columns: [
      ['Valuation Date', 'periodDate'],
      ['Planned Value', 'plannedValue'],
      ['Gross Valuation', 'earnedValue'],
      ['Cost to Date', 'actualCost'],
    ],
    rows: [
      ['25/01/2025', '£150,000.00', '£138,000.00', '£141,500.00'],
      ['25/02/2025', '£340,000.00', '£301,000.00', '£322,800.00'],
      ['25/03/2025', '£560,000.00', '£512,000.00', '£549,300.00'],
      ['25/04/2025', '£790,000.00', '', ''],
    ],
  },
  {
    name: 'Schedule-only period table (BCWS and BCWP, no AC)',
    kind: 'periods',
    // Cumulative: BAC 5,000; EV 2,300 (February); no AC column.
    totals: { bac: 5_000, ev: 2_300, ac: null },
    columns: [
      ['Month', 'period'],
      ['BCWS', 'plannedValue'],
      ['BCWP', 'earnedValue'],
    ],
    rows: [
      ['Jan-25', 1200, 1100],
      ['Feb-25', 2600, 2300],
      ['Mar-25', 4100, null],
      ['Apr-25', 5000, null],
    ],
  },
  {
    name: 'P6 resource-loaded export with labour and nonlabour cost',
    kind: 'activities',
    // BAC (total) 60,000 + 10,500 + 35,000 = 105,500; AC 61,800 + 4,000 = 65,800; EV = 60,000 + 0.4 × 10,500 = 64,200.
    totals: { bac: 105_500, ev: 64_200, ac: 65_800 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Budgeted Labor Cost', null],
      ['Budgeted Nonlabor Cost', null],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Total Cost', 'actualCost'],
      ['Activity % Complete', 'percentComplete'],
    ],
    rows: [
      ['PR-100', 'Pour level 3 slab', '$18,000', '$42,000', '$60,000', '$61,800', '100%'],
      ['PR-110', 'Strip and backprop', '$9,000', '$1,500', '$10,500', '$4,000', '40%'],
      ['PR-120', 'Level 4 columns', '$14,000', '$21,000', '$35,000', '$0', '0%'],
    ],
  },
  {
    name: 'Australian cost-loaded schedule in AUD, day-first',
    kind: 'activities',
    // BAC 220,000 + 95,000 + 410,000 = 725,000; AC 231,000 + 38,000 = 269,000; EV = 220,000 + 0.4 × 95,000 = 258,000.
    totals: { bac: 725_000, ev: 258_000, ac: 269_000 },
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Description', 'activityName'],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
      ['Budget (AUD)', 'budgetCost'],
      ['Actual Cost (AUD)', 'actualCost'],
      ['Physical % Complete', 'physicalPercentComplete'],
      ['Superintendent', null],
    ],
    rows: [
      ['WTP-1000', 'Inlet works', '03/02/2025', '28/03/2025', 'A$220,000', 'A$231,000', '100%', 'M. Nguyen'],
      ['WTP-1100', 'Clarifier base', '31/03/2025', '23/05/2025', 'A$95,000', 'A$38,000', '40%', 'M. Nguyen'],
      ['WTP-1200', 'Filter building', '26/05/2025', '19/09/2025', 'A$410,000', 'A$0', '0%', 'R. Singh'],
    ],
  },
  {
    name: 'Earned value tracker with Budgeted Total Cost and BL dates (MS Project export, day-first)',
    kind: 'activities',
    // BAC 18,000 + 27,000 + 9,000 = 54,000; AC 17,500 + 8,900 = 26,400; EV = 18,000 + 0.3 × 27,000 = 26,100.
    totals: { bac: 54_000, ev: 26_100, ac: 26_400 },
    columns: [
      ['ID', 'activityId'],
      ['Name', 'activityName'],
      ['Baseline Start', 'baselineStart'],
      ['Baseline Finish', 'baselineFinish'],
      ['Budgeted Total Cost', 'budgetCost'],
      ['Actual Cost', 'actualCost'],
      ['% Work Complete', 'unitsPercentComplete'],
      ['Work', 'atCompletionUnits'],
    ],
    rows: [
      [1, 'Strip out', '03/02/2025', '14/02/2025', '£18,000.00', '£17,500.00', '100%', '240 hrs'],
      [2, 'First fix electrics', '17/02/2025', '14/03/2025', '£27,000.00', '£8,900.00', '30%', '400 hrs'],
      [3, 'Second fix electrics', '17/03/2025', '04/04/2025', '£9,000.00', '£0.00', '0%', '160 hrs'],
    ],
  },
];
