/**
 * The tabs of a project, in the order a planner works through a status (issue 14 "The app shell"):
 * the overview first, the detail tables next, then what changes the plan and what leaves the tool.
 * `path` is relative to /app/projects/:id ('' is the overview). Risk (issue 15) sits after the
 * cash flow, as the issue lists it.
 */
export interface ProjectTab {
  path: string;
  label: string;
}

export const PROJECT_TABS: readonly ProjectTab[] = [
  { path: '', label: 'Overview' },
  { path: 'breakdown', label: 'Breakdown' },
  { path: 'activities', label: 'Activities' },
  { path: 'cash-flow', label: 'Cash flow' },
  { path: 'risk', label: 'Risk' },
  { path: 'history', label: 'History' },
  { path: 'alerts', label: 'Alerts' },
  { path: 'changes', label: 'Changes' },
  { path: 'baselines', label: 'Baselines' },
  { path: 'reports', label: 'Reports' },
];
