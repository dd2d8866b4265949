/**
 * Team membership: the data every other part of the server checks (the sync gateway on every
 * request, the subscription resolution's step 3, team endpoints). Kept small and stable on purpose.
 *
 * Documents in the `teams` database:
 * - `team:<teamId>`            {@link TeamDoc}: name and current owner.
 * - `member:<teamId>:<userId>` {@link MemberDoc}: one per member, the owner included (role `owner`).
 *   This is the authority: a get by `_id` answers "is this user in this team, with which role"
 *   in one read, and removing the doc cuts the member off at once.
 * - `user-teams:<userId>`      {@link UserTeamsDoc}: an index of the team ids a user belongs to, for
 *   listing. It may lag behind a failed write; readers verify each id against the member doc.
 *
 * Team ids are lowercase `[a-z0-9-]` (see `isValidTeamId` in server/store): they become database
 * names (`team_<id>`).
 */
import { isNotFound, isValidTeamId, type Store } from '../store';

export const TEAM_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export function isTeamRole(v: unknown): v is TeamRole {
  return typeof v === 'string' && (TEAM_ROLES as readonly string[]).includes(v);
}

/** Owners, admins and editors change team data; viewers only read. */
export function canWrite(role: TeamRole): boolean {
  return role !== 'viewer';
}

/** Owners and admins manage members and invitations. */
export function canManageMembers(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}

export interface TeamDoc {
  type: 'team';
  id: string;
  name: string;
  owner_id: string;
  /** ISO date-time text. */
  created_at: string;
  updated_at?: string;
}

export interface MemberDoc {
  type: 'team_member';
  team_id: string;
  user_id: string;
  role: TeamRole;
  /** ISO date-time text. */
  joined_at: string;
  updated_at?: string;
}

export interface UserTeamsDoc {
  type: 'user_teams';
  user_id: string;
  team_ids: string[];
  updated_at: string;
}

export const teamDocId = (teamId: string): string => `team:${teamId}`;
export const memberDocId = (teamId: string, userId: string): string => `member:${teamId}:${userId}`;
export const userTeamsDocId = (userId: string): string => `user-teams:${userId}`;

export interface Membership {
  teamId: string;
  userId: string;
  role: TeamRole;
}

/** The user's membership of the team, or null (unknown team, not a member, invalid id). One read. */
export async function getMembership(store: Store, teamId: string, userId: string): Promise<Membership | null> {
  if (!isValidTeamId(teamId)) return null;
  try {
    const doc = await store.db<MemberDoc>('teams').get(memberDocId(teamId, userId));
    if (doc.type !== 'team_member' || !isTeamRole(doc.role)) return null;
    return { teamId, userId, role: doc.role };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** The team document, or null. */
export async function getTeam(store: Store, teamId: string): Promise<(TeamDoc & { _id: string; _rev: string }) | null> {
  if (!isValidTeamId(teamId)) return null;
  try {
    const doc = await store.db<TeamDoc>('teams').get(teamDocId(teamId));
    return doc.type === 'team' ? doc : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}
