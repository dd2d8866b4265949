/**
 * The tabs of a project, in the order a planner works through a status (issue 14 "The app shell"):
 * the overview first, the detail tables next, then what changes the plan and what leaves the tool.
 * `path` is relative to /app/projects/:id ('' is the overview). The Risk tab joins when issue 15's
 * simulation exists.
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
  { path: 'history', label: 'History' },
  { path: 'alerts', label: 'Alerts' },
  { path: 'changes', label: 'Changes' },
  { path: 'baselines', label: 'Baselines' },
  { path: 'reports', label: 'Reports' },
];
