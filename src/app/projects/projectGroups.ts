/**
 * The projects list by space (issue 13 "Roles are visible in the UI"): the personal space (the
 * home team) first, then each team by name, with the user's role in it. A viewer's team is
 * read-only here: no import into, rename or delete.
 */
import type { TeamRole } from '../../core/api/teams';
import { canWrite, PERSONAL_SPACE, ROLE_NAMES } from '../../core/sync/labels';
import type { ProjectSummaryRow } from '../../local/contracts';

/** What the page knows of a team beyond the rows: the sync status's list (which says which is home). */
export interface KnownTeam {
  teamId: string;
  teamName: string;
  role: TeamRole;
  isHome: boolean;
}

export interface ProjectGroup {
  /** The team id; '' for rows that name no team (kept in the personal space before sync). */
  key: string;
  title: string;
  isHome: boolean;
  role: TeamRole | undefined;
  /** The badge beside the title: "View only" for a viewer, the role for an editor or admin, none for the owner. */
  badge: string | null;
  readOnly: boolean;
  rows: ProjectSummaryRow[];
}

export function roleBadge(role: TeamRole | undefined): string | null {
  if (!role || role === 'owner') return null;
  return role === 'viewer' ? 'View only' : ROLE_NAMES[role];
}

export function groupProjects(rows: readonly ProjectSummaryRow[], teams: readonly KnownTeam[] | null): ProjectGroup[] {
  const known = new Map((teams ?? []).map((t) => [t.teamId, t]));
  const homeId = (teams ?? []).find((t) => t.isHome)?.teamId ?? null;
  const groups = new Map<string, ProjectGroup>();
  for (const row of rows) {
    // A row with no team is from before team spaces: it lives in the personal space.
    const key = row.teamId && row.teamId !== homeId ? row.teamId : '';
    let g = groups.get(key);
    if (!g) {
      const team = key ? known.get(key) : homeId ? known.get(homeId) : undefined;
      const role = row.role ?? team?.role;
      const isHome = key === '';
      g = { key: key || (homeId ?? ''), title: isHome ? PERSONAL_SPACE : (row.teamName ?? team?.teamName ?? key), isHome, role, badge: roleBadge(role), readOnly: !canWrite(role), rows: [] };
      groups.set(key, g);
    }
    g.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => (a.isHome !== b.isHome ? (a.isHome ? -1 : 1) : a.title.localeCompare(b.title, 'en-GB')));
}
