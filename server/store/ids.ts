/**
 * Every document-id and database-name convention of the server's store, in one place. Features
 * read and write each other's documents (retention deletes what auth, billing, teams and
 * subscription wrote; billing writes the profile subscription reads), so the shape of an `_id` is a
 * contract between them: kept here, it is imported from here, and no feature imports another one
 * just to learn how to spell a key. Pure functions and constants only: no store access.
 *
 * The database each id lives in is named in the comment above it. A `…Prefix` function or
 * `…_PREFIX` constant is what a range read (`docsWithPrefix`, `deleteWhere({ prefix })`) of that
 * kind uses; changing one changes where existing documents are found, so never change one without
 * a migration.
 */
import { createHash } from 'node:crypto';

// ---- database names ----

/**
 * A team id: lowercase letters and digits, optionally with inner hyphens, 1–64 characters
 * (covers lowercased ULIDs and UUIDs). Strict on purpose: the id becomes part of a file path
 * (LevelDB) or a CouchDB database name, so nothing else may get through.
 */
const TEAM_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isValidTeamId(id: unknown): id is string {
  return typeof id === 'string' && TEAM_ID.test(id);
}

/** A team's synced database. */
export type TeamDbName = `team_${string}`;
export const TEAM_DB_PREFIX = 'team_';

/** A database name the store refuses (a programming error, never a caller's input: answered as 500). */
export class InvalidDbNameError extends Error {
  override name = 'InvalidDbNameError';
}

/** The database name for a team; throws {@link InvalidDbNameError} on an invalid id. */
export function teamDbName(teamId: string): TeamDbName {
  if (!isValidTeamId(teamId)) {
    throw new InvalidDbNameError(
      `Invalid team id ${JSON.stringify(teamId)}: use 1–64 lowercase letters, digits and inner hyphens.`,
    );
  }
  return `${TEAM_DB_PREFIX}${teamId}`;
}

// ---- accounts ----

/** A user's id and account document: `user:<normalised email>`. */
export const USER_PREFIX = 'user:';
export const userIdForEmail = (normalisedEmail: string): string => `${USER_PREFIX}${normalisedEmail}`;
export const isUserId = (id: string): boolean => id.startsWith(USER_PREFIX);
/** The email of a user id (`user:<email>`), for display; any other string as it is. */
export const emailOfUserId = (userId: string): string => (isUserId(userId) ? userId.slice(USER_PREFIX.length) : userId);

/** The subscription profile (spec §3 "profiles"). */
export const profileDocId = (userId: string): string => `profile:${userId}`;
/** The free-trial record. */
export const trialDocId = (userId: string): string => `trial:${userId}`;
/** The user's roles. */
export const roleDocId = (userId: string): string => `role:${userId}`;

/** Account closures: `closure:<userId>:<closedAt, 15 digits>`, so one user's sort by time. */
export const CLOSURE_PREFIX = 'closure:';
export const closurePrefixFor = (userId: string): string => `${CLOSURE_PREFIX}${userId}:`;
export const closureDocId = (userId: string, closedAt: number): string =>
  `${closurePrefixFor(userId)}${String(closedAt).padStart(15, '0')}`;

/** A refresh token, by the SHA-256 of its value. */
export const REFRESH_TOKEN_PREFIX = 'refresh:';
export const refreshTokenDocId = (hash: string): string => `${REFRESH_TOKEN_PREFIX}${hash}`;
/** A refresh-token family (one sign-in and its rotations). */
export const REFRESH_FAMILY_PREFIX = 'refreshfam:';
/** The ids of a user's refresh families start with this. */
export const refreshFamilyPrefix = (userId: string): string => `${REFRESH_FAMILY_PREFIX}${encodeURIComponent(userId)}:`;
export const refreshFamilyDocId = (userId: string, familyId: string): string => refreshFamilyPrefix(userId) + familyId;

/** A used one-time link (verify email, reset password), by its token id. */
export const ONE_TIME_LINK_PREFIX = 'onetime:';
export const oneTimeLinkDocId = (jti: string): string => `${ONE_TIME_LINK_PREFIX}${jti}`;

// ---- teams ----

export const TEAM_PREFIX = 'team:';
export const teamDocId = (teamId: string): string => `${TEAM_PREFIX}${teamId}`;
/** The members of one team: `member:<teamId>:<userId>`. */
export const memberPrefix = (teamId: string): string => `member:${teamId}:`;
export const memberDocId = (teamId: string, userId: string): string => `${memberPrefix(teamId)}${userId}`;
/** The index of a user's teams. */
export const userTeamsDocId = (userId: string): string => `user-teams:${userId}`;
/** Which team is the user's own (created on first use). */
export const homeTeamDocId = (userId: string): string => `home-team:${userId}`;
/** When a team's plan ended and its data's deletion was warned of / done. */
export const teamRetentionDocId = (teamId: string): string => `team-retention:${teamId}`;

// ---- invitations ----

export const INVITATION_PREFIX = 'invitation:';
/** The invitations of one team: `invitation:<teamId>:<email>`. */
export const invitationPrefix = (teamId: string): string => `${INVITATION_PREFIX}${teamId}:`;
export const invitationDocId = (teamId: string, email: string): string => `${invitationPrefix(teamId)}${email}`;
/** Invitation mails counted per team (server/teams/mailQuota.ts): `mail-quota:team:<teamId>`. */
export const teamMailQuotaDocId = (teamId: string): string => `mail-quota:team:${teamId}`;
/**
 * Invitation mails counted per invited address, across teams: keyed by a hash of the address as
 * accounts key it (normaliseEmail), so the counter holds no readable email.
 */
export const addressMailQuotaDocId = (normalisedEmail: string): string =>
  `mail-quota:address:${createHash('sha256').update(normalisedEmail).digest('hex').slice(0, 32)}`;

// ---- billing ----

/** user → Stripe customer. */
export const customerDocId = (userId: string): string => `stripe-customer:${userId}`;
/** Stripe customer → user (the prefix alone, `customerByIdDocId('')`, lists them all). */
export const customerByIdDocId = (customerId: string): string => `stripe-customer-id:${customerId}`;
/** A Stripe event handled once. */
export const stripeEventDocId = (eventId: string): string => `stripe-event:${eventId}`;
/** A completed local-provider checkout, by its token id. */
export const LOCAL_CHECKOUT_PREFIX = 'local-checkout:';
export const localCheckoutDocId = (jti: string): string => `${LOCAL_CHECKOUT_PREFIX}${jti}`;

// ---- analytics ----

/**
 * Client-chosen ids hold no ":", so they never collide with the server's own
 * `event:<time>:<uuid>` ids ({@link serverEventDocId}).
 */
export const EVENT_PREFIX = 'event:';
export const eventDocId = (id: string): string => `${EVENT_PREFIX}${id}`;
export const serverEventDocId = (createdAt: string, uuid: string): string => `${EVENT_PREFIX}${createdAt}:${uuid}`;
export const SESSION_PREFIX = 'session:';
export const sessionDocId = (id: string): string => `${SESSION_PREFIX}${id}`;
export const FUNNEL_PREFIX = 'funnel:';
export const funnelDocId = (id: string): string => `${FUNNEL_PREFIX}${id}`;

// ---- blog ----

export const POST_PREFIX = 'post:';
export const postDocId = (slug: string): string => `${POST_PREFIX}${slug}`;

// ---- contact ----

/** `contact:<time-sortable id>`, so a range read lists messages by age. */
export const CONTACT_PREFIX = 'contact:';
export const contactDocId = (id: string): string => `${CONTACT_PREFIX}${id}`;
