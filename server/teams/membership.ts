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
import type { TeamRole } from '../../src/core/api/teams';
import { createIfAbsent, isConflict, isNotFound, isValidTeamId, upsert, type Store } from '../store';
import { memberDocId, memberPrefix, teamDocId, userTeamsDocId } from '../store/ids';

// The role names are part of the wire (src/core/api/teams.ts); this list must name each of them.
export const TEAM_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const satisfies readonly TeamRole[];
export type { TeamRole };

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

export type StoredMember = MemberDoc & { _id: string; _rev: string };

/** Every member of a team (the owner included), oldest first. */
export async function listMembers(store: Store, teamId: string): Promise<StoredMember[]> {
  if (!isValidTeamId(teamId)) return [];
  const prefix = memberPrefix(teamId);
  const res = await store.db<MemberDoc>('teams').allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
  const members: StoredMember[] = [];
  for (const row of res.rows) {
    const doc = row.doc as StoredMember | undefined;
    if (doc && doc.type === 'team_member' && isTeamRole(doc.role)) members.push(doc);
  }
  return members.sort((a, b) => a.joined_at.localeCompare(b.joined_at));
}

/** The teams a user belongs to, each verified against its member doc (the index may lag). */
export async function listMemberships(store: Store, userId: string): Promise<Membership[]> {
  let ids: string[] = [];
  try {
    const idx = await store.db<UserTeamsDoc>('teams').get(userTeamsDocId(userId));
    ids = Array.isArray(idx.team_ids) ? idx.team_ids.filter(isValidTeamId) : [];
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  const found = await Promise.all(ids.map((id) => getMembership(store, id, userId)));
  return found.filter((m): m is Membership => m !== null);
}

/** Adds or removes a team id in the user's index (idempotent, race-safe). */
export async function indexUserTeam(store: Store, userId: string, teamId: string, present: boolean, now: number): Promise<void> {
  await upsert(store.db<UserTeamsDoc>('teams'), userTeamsDocId(userId), (doc) => {
    const ids = doc && Array.isArray(doc.team_ids) ? doc.team_ids : [];
    const has = ids.includes(teamId);
    if (has === present) return null;
    return {
      type: 'user_teams' as const,
      user_id: userId,
      team_ids: present ? [...ids, teamId] : ids.filter((id) => id !== teamId),
      updated_at: new Date(now).toISOString(),
    };
  });
}

/**
 * Makes the user a member with this role. Returns false when they already were (their role is then
 * left alone: use {@link setMemberRole} to change it).
 */
export async function addMember(store: Store, teamId: string, userId: string, role: TeamRole, now: number): Promise<boolean> {
  const iso = new Date(now).toISOString();
  const created = await createIfAbsent(store.db<MemberDoc>('teams'), {
    _id: memberDocId(teamId, userId),
    type: 'team_member',
    team_id: teamId,
    user_id: userId,
    role,
    joined_at: iso,
  });
  // Indexed even when the member doc existed: a previous attempt may have failed in between.
  await indexUserTeam(store, userId, teamId, true, now);
  return created;
}

/** Changes a member's role; false when they are not a member. */
export async function setMemberRole(store: Store, teamId: string, userId: string, role: TeamRole, now: number): Promise<boolean> {
  let found = false;
  await upsert(store.db<MemberDoc>('teams'), memberDocId(teamId, userId), (doc) => {
    found = !!doc && doc.type === 'team_member';
    if (!doc || !found || doc.role === role) return null;
    return { ...doc, role, updated_at: new Date(now).toISOString() };
  });
  return found;
}

/** Removes a member: the member doc goes first, so access ends on the very next request. */
export async function removeMember(store: Store, teamId: string, userId: string, now: number): Promise<boolean> {
  const db = store.db<MemberDoc>('teams');
  let removed = false;
  for (let attempt = 0; attempt < 10 && !removed; attempt++) {
    let doc: StoredMember;
    try {
      doc = (await db.get(memberDocId(teamId, userId))) as StoredMember;
    } catch (err) {
      if (isNotFound(err)) break;
      throw err;
    }
    try {
      await db.remove(doc);
      removed = true;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  await indexUserTeam(store, userId, teamId, false, now);
  return removed;
}
