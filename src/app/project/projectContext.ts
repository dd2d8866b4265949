/**
 * What every screen of one project (/app/projects/:id/*) shares, provided by ProjectLayout: the
 * project's row (name, team, the user's role), the analysis options chosen in the project toolbar,
 * the dashboard computed at them in the data worker, the status history, and the comment hooks.
 * A tab reads `useProject()`; it never computes figures itself and never loads the project again.
 */
import { createContext, useContext } from 'react';
import type { DashboardOptions, DashboardResult, ImportSummaryRow, ProjectSummaryRow } from '../../local/contracts';
import type { CommentHooks } from '../dashboard/components/types';

/** The analysis options the toolbar sets (the status date is among them when the user chose one). */
export interface ProjectOptions {
  breakdown: 'wbs' | 'control-account';
  periods: 'week' | 'month';
  eacMethod: NonNullable<DashboardOptions['eacMethod']>;
  /** A status date chosen to re-analyse at (never saved); absent: the saved import's own. */
  dataDate?: string;
}

export interface ProjectView {
  /** The project's id (from the route). */
  id: string;
  /** Its row in the project list: name, team, the user's role there; null until read or when missing. */
  row: ProjectSummaryRow | null;
  /** The project's name as it should be shown (its own name, else the schedule's). */
  name: string;
  /** The options the figures on screen were asked for. */
  options: ProjectOptions;
  setOptions(patch: Partial<ProjectOptions>): void;
  /** The dashboard at `options` (analysis, alerts, commentary); null while the first one is computed. */
  data: DashboardResult | null;
  /** Why the dashboard could not be computed (a project with no import yet, a broken schedule). */
  error: string | null;
  /** A re-analysis is running (the last figures stay on screen meanwhile). */
  busy: boolean;
  /** The project's imports, oldest first (each an immutable status). */
  imports: ImportSummaryRow[];
  /**
   * Bumps whenever the project changed, here, in another tab or from the team: a tab that reads
   * something of its own from the data worker (baselines, changes, thresholds) reads it again then.
   */
  changed: number;
  /** The user may change this project (an editor or above, in a tab that still saves). */
  canWrite: boolean;
  /** Comment buttons on breakdown rows and alerts open the project's comment thread. */
  comments: CommentHooks;
  /** Read the row, the dashboard and the history again (after a change the tab made itself). */
  reload(): void;
}

export const ProjectContext = createContext<ProjectView | null>(null);

/** The current project's shared state; only inside ProjectLayout. */
export function useProject(): ProjectView {
  const v = useContext(ProjectContext);
  if (!v) throw new Error('useProject is used outside a project screen (ProjectLayout provides it).');
  return v;
}
