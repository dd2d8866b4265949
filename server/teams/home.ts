/**
 * Every user owns a team (their "home" team): created on first need, once, even when two requests
 * race. `home-team:<userId>` in `teams` is created with createIfAbsent and names the team id; the
 * team, owner membership and index writes after it are idempotent, so a request that dies half way
 * is finished by the next one.
 */
import { ulid } from 'ulid';
import { createIfAbsent, isNotFound, type Store } from '../store';
import { emailOfUserId, homeTeamDocId, teamDocId } from '../store/ids';
import { addMember, type TeamDoc } from './membership';

interface HomeTeamDoc {
  type: 'home_team';
  user_id: string;
  team_id: string;
}

/** A default team name from the owner's email: "ada's team". */
export function defaultTeamName(userId: string): string {
  const local = emailOfUserId(userId).split('@')[0] || 'My';
  return `${local}'s team`.slice(0, 80);
}

/** The user's home team id, creating the team (with them as owner) when it does not exist yet. */
export async function ensureHomeTeam(store: Store, userId: string, now: number): Promise<string> {
  const db = store.db<HomeTeamDoc>('teams');
  let teamId: string;
  try {
    teamId = (await db.get(homeTeamDocId(userId))).team_id;
  } catch (err) {
    if (!isNotFound(err)) throw err;
    const candidate = ulid(now).toLowerCase();
    const created = await createIfAbsent(db, { _id: homeTeamDocId(userId), type: 'home_team', user_id: userId, team_id: candidate });
    teamId = created ? candidate : (await db.get(homeTeamDocId(userId))).team_id;
  }
  const iso = new Date(now).toISOString();
  await createIfAbsent(store.db<TeamDoc>('teams'), {
    _id: teamDocId(teamId),
    type: 'team',
    id: teamId,
    name: defaultTeamName(userId),
    owner_id: userId,
    created_at: iso,
  });
  // Every caller (a racing one too) makes sure the owner's membership exists, but only while the
  // user still owns the team: after a transfer the former owner stays an admin.
  const team = await store.db<TeamDoc>('teams').get(teamDocId(teamId));
  if (team.owner_id === userId) await addMember(store, teamId, userId, 'owner', now);
  return teamId;
}
