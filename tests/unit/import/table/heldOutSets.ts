/**
 * Held-out header sets: written after the mapper was tuned on ./headerSets.ts and measured
 * before any further tuning, so their accuracy is an honest estimate for layouts it has not
 * seen. Expected fields follow the same conventions as ./headerSets.ts.
 */
import type { HeaderSet } from './headerSets';

export const HELD_OUT_SETS: HeaderSet[] = [
  {
    name: 'Excel "project tracker" template',
    kind: 'activities',
    columns: [
      ['Task', 'activityName'],
      ['Assigned To', 'resource'],
      ['Start', 'plannedStart'],
      ['Due Date', 'plannedFinish'],
      ['Status', 'activityStatus'],
      ['% Complete', 'percentComplete'],
      ['Priority', null],
      ['Notes', null],
    ],
    rows: [
      ['Kick-off meeting', 'Priya', '02/06/2025', '02/06/2025', 'Completed', '100%', 'High', ''],
      ['Requirements', 'Tom', '03/06/2025', '13/06/2025', 'In Progress', '50%', 'High', 'Waiting for client'],
      ['Design', 'Priya', '16/06/2025', '27/06/2025', 'Not Started', '0%', 'Medium', ''],
    ],
  },
  {
    name: 'Smartsheet-style export',
    kind: 'activities',
    columns: [
      ['Task Name', 'activityName'],
      ['Start Date', 'plannedStart'],
      ['End Date', 'plannedFinish'],
      ['Duration', 'originalDuration'],
      ['Predecessors', 'predecessors'],
      ['% Complete', 'percentComplete'],
      ['Assigned To', 'resource'],
      ['Status', 'activityStatus'],
      ['Comments', null],
    ],
    rows: [
      ['Site survey', '04/01/25', '04/04/25', '4d', '', 1, 'alex@example.com', 'Complete', ''],
      ['Permit application', '04/07/25', '04/18/25', '10d', '1', 0.5, 'sam@example.com', 'In Progress', 'Council slow'],
      ['Groundbreaking', '04/21/25', '04/21/25', '0', '2', 0, 'alex@example.com', 'Not Started', ''],
    ],
  },
  {
    name: 'P6 labour cost columns',
    kind: 'activities',
    columns: [
      ['Activity ID', 'activityId'],
      ['Activity Name', 'activityName'],
      ['Start', 'plannedStart'],
      ['Finish', 'plannedFinish'],
      ['Budgeted Labor Cost', 'budgetCost'],
      ['Actual Labor Cost', 'actualCost'],
      ['Remaining Labor Cost', 'remainingCost'],
      ['Activity % Complete', 'percentComplete'],
    ],
    rows: [
      ['L100', 'Install cable tray', '03-Mar-25', '21-Mar-25', 12000, 6000, 6000, '50%'],
      ['L110', 'Pull cables', '24-Mar-25', '11-Apr-25', 18000, 0, 18000, '0%'],
      ['L120', 'Terminate', '14-Apr-25', '25-Apr-25', 9000, 0, 9000, '0%'],
    ],
  },
  {
    name: 'NEC activity schedule valuation',
    kind: 'activities',
    columns: [
      ['Activity No', 'activityId'],
      ['Activity Description', 'activityName'],
      ['Price (£)', 'budgetCost'],
      ['Work Done to Date (£)', 'earnedValue'],
      ['% Complete', 'percentComplete'],
      ['Planned Completion', 'plannedFinish'],
      ['Forecast Completion', 'forecastFinish'],
    ],
    rows: [
      ['AS-01', 'Site establishment', '£45,000', '£45,000', '100%', '31/01/2025', '31/01/2025'],
      ['AS-02', 'Drainage', '£120,000', '£60,000', '50%', '28/03/2025', '11/04/2025'],
      ['AS-03', 'Surfacing', '£200,000', '£0', '0%', '30/05/2025', '13/06/2025'],
    ],
  },
  {
    name: 'Oil and gas progress measurement sheet',
    kind: 'activities',
    columns: [
      ['Tag No', 'activityId'],
      ['Description', 'activityName'],
      ['Discipline', null],
      ['Weight %', null],
      ['Planned Progress %', 'schedulePercentComplete'],
      ['Actual Progress %', 'percentComplete'],
      ['Earned Hours', null],
      ['Budget Hours', 'budgetUnits'],
      ['Spent Hours', 'actualUnits'],
    ],
    rows: [
      ['P-1001', 'Pump P-1001 setting', 'Mechanical', 2.5, 80, 70, 56, 80, 75],
      ['V-2001', 'Vessel V-2001 dressing', 'Mechanical', 4, 50, 40, 48, 120, 60],
      ['E-3001', 'MCC cabling', 'Electrical', 6, 20, 10, 30, 300, 45],
    ],
  },
  {
    name: 'Finance period table (budget, actuals, earned)',
    kind: 'periods',
    columns: [
      ['Fiscal Month', 'period'],
      ['Budget', 'plannedValue'],
      ['Actuals', 'actualCost'],
      ['Earned', 'earnedValue'],
    ],
    rows: [
      ['FY25 P01', 50000, 48000, 45000],
      ['FY25 P02', 75000, 80000, 70000],
      ['FY25 P03', 90000, 85000, 88000],
    ],
  },
  {
    name: 'S-curve data (cumulative only)',
    kind: 'periods',
    columns: [
      ['Date', 'periodDate'],
      ['Planned Cumulative', 'plannedValue'],
      ['Actual Cumulative', 'actualCost'],
      ['Earned Cumulative', 'earnedValue'],
    ],
    rows: [
      ['2025-01-31', 100000, 95000, 90000],
      ['2025-02-28', 250000, 240000, 230000],
      ['2025-03-31', 420000, 410000, 395000],
    ],
  },
  {
    name: 'MS Project work columns',
    kind: 'activities',
    columns: [
      ['ID', 'activityId'],
      ['Task Name', 'activityName'],
      ['Resource Initials', 'resource'],
      ['Work', 'atCompletionUnits'],
      ['Baseline Work', 'budgetUnits'],
      ['Actual Work', 'actualUnits'],
      ['Remaining Work', 'remainingUnits'],
    ],
    rows: [
      [1, 'Design', 'AR', '96 hrs', '80 hrs', '96 hrs', '0 hrs'],
      [2, 'Build', 'CR', '320 hrs', '320 hrs', '100 hrs', '220 hrs'],
      [3, 'Test', 'QA', '40 hrs', '40 hrs', '0 hrs', '40 hrs'],
    ],
  },
  {
    name: 'Asta export with progress and baseline cost',
    kind: 'activities',
    columns: [
      ['Task ID', 'activityId'],
      ['Task name', 'activityName'],
      ['Planned start', 'plannedStart'],
      ['Planned finish', 'plannedFinish'],
      ['Actual duration', 'actualDuration'],
      ['Remaining duration', 'remainingDuration'],
      ['Progress (%)', 'percentComplete'],
      ['Baseline cost', 'budgetCost'],
    ],
    rows: [
      [2001, 'Foundations', '03/03/2025', '28/03/2025', '10d', '10d', 50, '£40,000'],
      [2002, 'Ground floor slab', '31/03/2025', '11/04/2025', '0d', '10d', 0, '£25,000'],
      [2003, 'Frame', '14/04/2025', '23/05/2025', '0d', '30d', 0, '£90,000'],
    ],
  },
  {
    name: 'WBS-level EVM summary in USD',
    kind: 'activities',
    columns: [
      ['WBS Element', 'wbsCode'],
      ['Element Name', 'wbsName'],
      ['BAC (USD)', 'budgetCost'],
      ['EV (USD)', 'earnedValue'],
      ['AC (USD)', 'actualCost'],
      ['ETC (USD)', 'remainingCost'],
      ['EAC (USD)', 'atCompletionCost'],
      ['CPI', null],
      ['SPI', null],
    ],
    rows: [
      ['1.1', 'Systems engineering', 500000, 250000, 270000, 270000, 540000, 0.93, 0.96],
      ['1.2', 'Hardware', 1200000, 300000, 290000, 910000, 1200000, 1.03, 0.88],
      ['1.3', 'Software', 800000, 100000, 150000, 750000, 900000, 0.67, 0.71],
    ],
  },
  {
    name: "Builder's job list",
    kind: 'activities',
    columns: [
      ['Job No', 'activityId'],
      ['Job Description', 'activityName'],
      ['Start', 'plannedStart'],
      ['Complete', 'plannedFinish'],
      ['Contract Value', 'budgetCost'],
      ['Invoiced to Date', null],
      ['Cost to Date', 'actualCost'],
      ['% Complete', 'percentComplete'],
    ],
    rows: [
      ['J-101', 'Kitchen extension', '06/01/2025', '28/02/2025', '£38,000', '£20,000', '£18,500', '60%'],
      ['J-102', 'Loft conversion', '03/03/2025', '25/04/2025', '£45,000', '£5,000', '£4,200', '10%'],
      ['J-103', 'Garage', '28/04/2025', '23/05/2025', '£15,000', '£0', '£0', '0%'],
    ],
  },
  {
    name: 'Weekly hours period table',
    kind: 'periods',
    columns: [
      ['Wk', 'period'],
      ['Planned Hrs', 'plannedValue'],
      ['Earned Hrs', 'earnedValue'],
      ['Actual Hrs', 'actualCost'],
    ],
    rows: [
      [1, 400, 380, 410],
      [2, 420, 400, 430],
      [3, 450, 430, 440],
    ],
  },
];
