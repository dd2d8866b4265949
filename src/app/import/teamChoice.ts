/**
 * Which space a new project goes into, and whether that space has room for it (issue 13 "Plan
 * limits are shown where they bite"). The import summary offers the teams where the user may
 * write (owner, admin, editor; the personal space first and by default), and refuses a new
 * project in a team at its plan's project limit, saying the limit and how to raise it, while the
 * next status of an existing project is still allowed (it adds no project).
 */
import { projectAllowance, type ProjectAllowance } from '../../core/plans';
import { canWrite, PERSONAL_SPACE, ROLE_NAMES } from '../../core/sync/labels';
import type { ProjectSummaryRow } from '../../local/contracts';
import type { KnownTeam } from '../projects/projectGroups';

/** A team's project limit as its plan sets it, and whether the user can raise it themselves. */
export interface TeamLimit {
  totalProjects: number;
  who: 'owner' | 'member';
}

/** The teams a new project may go into: the personal space first, then by name. */
export function writableTeams(teams: readonly KnownTeam[] | null): KnownTeam[] {
  return (teams ?? []).filter((t) => canWrite(t.role)).sort((a, b) => (a.isHome !== b.isHome ? (a.isHome ? -1 : 1) : a.teamName.localeCompare(b.teamName, 'en-GB')));
}

/** The personal space's team id, or '' when sync has not said which it is. */
export const homeTeamId = (teams: readonly KnownTeam[] | null): string => (teams ?? []).find((t) => t.isHome)?.teamId ?? '';

export const teamOptionLabel = (t: KnownTeam): string => (t.isHome ? PERSONAL_SPACE : `${t.teamName} (${ROLE_NAMES[t.role]})`);

/**
 * Projects a team holds now. Rows that name no team are the personal space's; with the personal
 * space unknown, every project counts against it (as the account page counts them).
 */
export function projectsInTeam(rows: readonly ProjectSummaryRow[], teamId: string, homeId: string): number {
  if (teamId === homeId && homeId === '') return rows.length;
  return rows.filter((r) => (r.teamId && r.teamId !== homeId ? r.teamId : homeId) === teamId).length;
}

export interface TargetChoice {
  chosen: boolean;
  /** The existing project it is the next status of; null: a new project. */
  projectId: string | null;
  /** The team a new project goes into ('' : the personal space, not known by id). */
  teamId: string;
}

/**
 * For each schedule saved as a new project: the allowance of its team counting the new projects
 * before it in the same file, or null when it is not a new project or the team's limit is unknown
 * (offline, say: the sync gateway still refuses a project beyond it, and the app says so then).
 */
export function newProjectAllowances(
  targets: readonly TargetChoice[],
  rows: readonly ProjectSummaryRow[],
  homeId: string,
  limits: Readonly<Record<string, TeamLimit>>,
): (ProjectAllowance | null)[] {
  const added = new Map<string, number>();
  return targets.map((t) => {
    if (!t.chosen || t.projectId !== null) return null;
    const limit = limits[t.teamId];
    const before = added.get(t.teamId) ?? 0;
    added.set(t.teamId, before + 1);
    if (!limit) return null;
    return projectAllowance(projectsInTeam(rows, t.teamId, homeId) + before, limit.totalProjects, limit.who);
  });
}

/** The refusal shown beside a new project that does not fit: the limit, then what to do. */
export function limitRefusal(teamTitle: string, a: ProjectAllowance): string {
  return `${teamTitle} is at its limit of ${a.limit} ${a.limit === 1 ? 'project' : 'projects'}, so this cannot be saved as a new project there. ${a.advice ?? ''}`.trim();
}
