/**
 * Synced team data after the team's plan ends (Privacy Policy, "Team project data synced to our
 * server"; Terms, "Your data"): when the owner's trial or paid subscription has ended
 * ({@link planEndedAt}), the team's synced database is deleted {@link TEAM_DATA_GRACE_DAYS} days
 * after the end date. Only the synced project data goes: the account, the team and its members
 * stay, so the owner can renew and sync again.
 *
 * With a mailer available (not the production stand-in that only logs), the owner is emailed once,
 * {@link WARNING_DAYS} days before the deletion. The deletion never comes sooner than that many days
 * after the email actually went, so an owner is always warned in time even if the sweep was not
 * running on the day the warning was due.
 *
 * Bookkeeping per team: `team-retention:<teamId>` in `teams` (the end date it applies to, the
 * warning's claim and sending, the deletion). A new end date (the owner renewed and it ended again)
 * starts afresh; a plan that is running again removes the record.
 *
 * Concurrency: the warning is claimed with a conditional write before it is sent, so two instances
 * never both send it; a claim left by an instance that died while sending is taken over after
 * {@link STALE_CLAIM_MS}. Deleting a database twice is harmless.
 */
import { accountClosedAt, closureDate } from '../auth/closure';
import { UnconfiguredMailer, type Mailer } from '../mail';
import { docsWithPrefix, isNotFound, removeDocs, upsert, type Store } from '../store';
import { emailOfUserId, TEAM_PREFIX, teamRetentionDocId } from '../store/ids';
import type { TeamDoc } from '../teams/membership';
import { planEndedAt } from './planEnd';
import { deleteTeamDatabase, teamDocCount } from './teamDatabase';

export const TEAM_DATA_GRACE_DAYS = 90;
export const WARNING_DAYS = 14;
const DAY = 86_400_000;
const STALE_CLAIM_MS = 60 * 60 * 1000;

export interface TeamRetentionDoc {
  type: 'team_retention';
  team_id: string;
  /** The plan end (ms) this record is about. */
  ended_at: number;
  /** An instance is sending the warning (ms). */
  warning_claimed_at?: number;
  /** The warning went to the owner (ms). */
  warning_sent_at?: number;
  /** The synced database was deleted (ms; the latest time). */
  deleted_at?: number;
}

export interface TeamDataOptions {
  store: Store;
  now: number;
  /** Null or the production stand-in (UnconfiguredMailer): no warning can be sent. */
  mailer: Mailer | null;
  /** For the link in the warning, no trailing slash. */
  publicUrl: string;
}

export interface TeamDataResult {
  teamsChecked: number;
  warningsSent: number;
  databasesDeleted: number;
}

export function mailerAvailable(mailer: Mailer | null): mailer is Mailer {
  return mailer !== null && !(mailer instanceof UnconfiguredMailer);
}

type StoredRetention = TeamRetentionDoc & { _id: string; _rev: string };

async function getRetention(db: PouchDB.Database<TeamRetentionDoc>, teamId: string): Promise<StoredRetention | null> {
  try {
    const doc = await db.get(teamRetentionDocId(teamId));
    return doc.type === 'team_retention' ? (doc as StoredRetention) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

export function warningMail(team: { name: string; owner_id: string }, endedAt: number, deleteAt: number, publicUrl: string) {
  const deleteOn = closureDate(deleteAt);
  return {
    to: emailOfUserId(team.owner_id),
    subject: `Your team's synced projects will be deleted on ${deleteOn}`,
    text:
      `The plan of your Earnest team "${team.name}" ended on ${closureDate(endedAt)}.\n\n` +
      `We keep a team's synced projects for ${TEAM_DATA_GRACE_DAYS} days after its plan ends, so you can renew. ` +
      `The projects synced to "${team.name}" will be deleted from our server on ${deleteOn}.\n\n` +
      `To keep them, choose a plan before then: ${publicUrl}/pricing\n\n` +
      'Your account, your team and its members stay either way, and projects stored on your and your members’ devices are not affected.\n',
  };
}

/** The team-data sweep: warnings and deletions due at `now`, for every team, a page at a time. */
export async function sweepEndedTeamData(options: TeamDataOptions): Promise<TeamDataResult> {
  const { store, now } = options;
  const result: TeamDataResult = { teamsChecked: 0, warningsSent: 0, databasesDeleted: 0 };
  const db = store.db<TeamRetentionDoc>('teams');
  const canWarn = mailerAvailable(options.mailer);
  const endedAtOf = new Map<string, number | null>(); // per owner, within this run

  for await (const raw of docsWithPrefix(store.db('teams'), TEAM_PREFIX)) {
    const team = raw as unknown as TeamDoc & { _id: string };
    if (team.type !== 'team' || typeof team.owner_id !== 'string') continue;
    result.teamsChecked++;
    // A closed owner's teams go with the account (closedAccounts.ts), not here.
    if ((await accountClosedAt(store, team.owner_id)) !== null) continue;
    if (!endedAtOf.has(team.owner_id)) endedAtOf.set(team.owner_id, await planEndedAt(store, team.owner_id, now));
    const endedAt = endedAtOf.get(team.owner_id) ?? null;

    let record = await getRetention(db, team.id);
    if (endedAt === null) {
      // Running again (or never ended): nothing is due.
      if (record) await removeDocs(db as unknown as PouchDB.Database, [record]);
      continue;
    }
    const deleteAt = endedAt + TEAM_DATA_GRACE_DAYS * DAY;
    if (now < deleteAt - WARNING_DAYS * DAY) continue;

    if (!record || record.ended_at !== endedAt) {
      const fresh = await upsert(db, teamRetentionDocId(team.id), (doc) =>
        doc && doc.ended_at === endedAt ? null : { type: 'team_retention' as const, team_id: team.id, ended_at: endedAt },
      );
      record = (fresh.doc as StoredRetention | null) ?? (await getRetention(db, team.id));
      if (!record) continue;
    }

    if (canWarn && record.warning_sent_at === undefined) {
      if (await sendWarning(options, db, team, endedAt, Math.max(deleteAt, now + WARNING_DAYS * DAY))) result.warningsSent++;
      continue; // deletion waits at least WARNING_DAYS from now
    }
    const dueAt = canWarn ? Math.max(deleteAt, record.warning_sent_at! + WARNING_DAYS * DAY) : deleteAt;
    if (now < dueAt) continue;
    // Deleted already and nothing synced since: done. (A member's device can push its local copy
    // again after the deletion; that is deleted again, since the plan is still over.)
    if (record.deleted_at !== undefined && (await teamDocCount(store, team.id)) === 0) continue;
    await deleteTeamDatabase(store, team.id, { recreate: true });
    result.databasesDeleted++;
    await upsert(db, teamRetentionDocId(team.id), (doc) => (doc && doc.ended_at === endedAt ? { ...doc, deleted_at: now } : null));
  }
  return result;
}

/** Claims, sends and records the warning; false when another instance has it or sending failed. */
async function sendWarning(
  options: TeamDataOptions,
  db: PouchDB.Database<TeamRetentionDoc>,
  team: TeamDoc,
  endedAt: number,
  deleteAt: number,
): Promise<boolean> {
  const { now } = options;
  const id = teamRetentionDocId(team.id);
  const claim = await upsert(db, id, (doc) => {
    if (!doc || doc.ended_at !== endedAt || doc.warning_sent_at !== undefined) return null;
    if (doc.warning_claimed_at !== undefined && now - doc.warning_claimed_at < STALE_CLAIM_MS) return null;
    return { ...doc, warning_claimed_at: now };
  });
  if (!claim.updated) return false;
  try {
    await options.mailer!.send(warningMail(team, endedAt, deleteAt, options.publicUrl));
  } catch (err) {
    console.error(`Retention: could not email the owner of team ${team.id} about the coming deletion (will retry):`, err);
    await upsert(db, id, (doc) => {
      if (!doc || doc.warning_claimed_at !== now) return null;
      const { warning_claimed_at: _claimed, ...rest } = doc;
      return rest;
    });
    return false;
  }
  await upsert(db, id, (doc) => (doc && doc.ended_at === endedAt ? { ...doc, warning_sent_at: now } : null));
  return true;
}
