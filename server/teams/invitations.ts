/**
 * Invitations to a team, in the `invitations` database.
 *
 * - One document per team and address: `invitation:<teamId>:<email>`. Inviting the same address
 *   again renews it (new role, new expiry, new nonce) instead of piling up duplicates, and the
 *   pending ones of a team are one range read.
 * - The mailed token is a JWT (HS256) under a key derived from the auth secret for invitations
 *   only, carrying the team, the address and the document's nonce. Renewing or revoking changes the
 *   nonce or the status, so older links stop working; accepting flips the status from pending to
 *   accepted in one conditional write, so a token is used once even when two tabs race.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { InvitationFailure } from '../../src/core/api/teams';
import { HttpError, isHttpError } from '../http/errors';
import { isNotFound, upsert, type Store } from '../store';
import { invitationDocId, invitationPrefix } from '../store/ids';
import type { TeamRole } from './membership';

export const INVITATION_TTL_DAYS = 7;
const AUDIENCE = 'earnest:invitation';
const ISSUER = 'earnest';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface InvitationDoc {
  type: 'invitation';
  team_id: string;
  email: string;
  role: Exclude<TeamRole, 'owner'>;
  invited_by: string;
  nonce: string;
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
  accepted_by?: string;
  accepted_at?: string;
  revoked_at?: string;
}

export type StoredInvitation = InvitationDoc & { _id: string; _rev: string };

export type { InvitationFailure };

const FAILURE_MESSAGES: Record<InvitationFailure, string> = {
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  used: 'This invitation has already been accepted. Sign in to open the team.',
  revoked: 'This invitation was withdrawn by the team. Ask the person who invited you if you still need access.',
  invalid: 'This invitation link is not valid. Check that it was copied in full, or ask for a new invitation.',
};

/** Why a link does not work, as the answer the invitation page reads: 400 or 410 with `reason`. */
export function invitationError(reason: InvitationFailure): HttpError {
  return new HttpError(reason === 'invalid' ? 400 : 410, FAILURE_MESSAGES[reason], { reason });
}

/** Is this the refusal {@link invitationError} made for `reason`? */
export const isInvitationFailure = (err: unknown, reason?: InvitationFailure): err is HttpError =>
  isHttpError(err) && typeof err.details.reason === 'string' && (reason === undefined || err.details.reason === reason);

function invitationKey(secret: string | Uint8Array): Uint8Array {
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return new Uint8Array(createHmac('sha256', raw).update('earnest invitation key v1').digest());
}

export interface InvitationClaims {
  teamId: string;
  email: string;
  nonce: string;
}

export async function signInvitationToken(secret: string | Uint8Array, doc: InvitationDoc): Promise<string> {
  const exp = Math.floor(Date.parse(doc.expires_at) / 1000);
  return new SignJWT({ team: doc.team_id, email: doc.email, nonce: doc.nonce })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(Date.parse(doc.created_at) / 1000))
    .setExpirationTime(exp)
    .sign(invitationKey(secret));
}

/** Checks the token's signature and expiry (not yet the document: see {@link loadInvitation}). */
export async function verifyInvitationToken(secret: string | Uint8Array, token: unknown, now: number): Promise<InvitationClaims> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw invitationError('invalid');
  try {
    const { payload } = await jwtVerify(token, invitationKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    const { team, email, nonce } = payload as Record<string, unknown>;
    if (typeof team !== 'string' || typeof email !== 'string' || typeof nonce !== 'string') throw invitationError('invalid');
    return { teamId: team, email, nonce };
  } catch (err) {
    if (isInvitationFailure(err)) throw err;
    if (err instanceof errors.JWTExpired) throw invitationError('expired');
    throw invitationError('invalid');
  }
}

/** The invitation a valid token names, still pending and unexpired; else the {@link invitationError}. */
export async function loadInvitation(store: Store, claims: InvitationClaims, now: number): Promise<StoredInvitation> {
  let doc: StoredInvitation;
  try {
    doc = (await store.db<InvitationDoc>('invitations').get(invitationDocId(claims.teamId, claims.email))) as StoredInvitation;
  } catch (err) {
    if (isNotFound(err)) throw invitationError('invalid');
    throw err;
  }
  if (doc.status === 'accepted') throw invitationError('used');
  if (doc.status === 'revoked') throw invitationError('revoked');
  // A renewed invitation has a new nonce: the older link is superseded.
  if (doc.nonce !== claims.nonce) throw invitationError('revoked');
  if (Date.parse(doc.expires_at) <= now) throw invitationError('expired');
  return doc;
}

/** Creates or renews the invitation of `email` to a team; returns the stored document. */
export async function putInvitation(
  store: Store,
  input: { teamId: string; email: string; role: InvitationDoc['role']; invitedBy: string },
  now: number,
): Promise<InvitationDoc> {
  const created = new Date(now).toISOString();
  const res = await upsert(store.db<InvitationDoc>('invitations'), invitationDocId(input.teamId, input.email), () => ({
    type: 'invitation' as const,
    team_id: input.teamId,
    email: input.email,
    role: input.role,
    invited_by: input.invitedBy,
    nonce: randomBytes(12).toString('base64url'),
    status: 'pending' as const,
    created_at: created,
    expires_at: new Date(now + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
  }));
  return res.doc!;
}

/** Every invitation document of a team (any status). */
export async function listInvitations(store: Store, teamId: string): Promise<StoredInvitation[]> {
  const prefix = invitationPrefix(teamId);
  const res = await store.db<InvitationDoc>('invitations').allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` });
  return res.rows.map((r) => r.doc as StoredInvitation).filter((d) => d && d.type === 'invitation');
}

/** Pending and unexpired: these hold a seat against the team's user limit. */
export function isOpen(doc: InvitationDoc, now: number): boolean {
  return doc.status === 'pending' && Date.parse(doc.expires_at) > now;
}

/**
 * Marks the invitation accepted by `userId`, only if it is still pending with this nonce. Returns
 * false when another request changed it first (then reload it for the reason).
 */
export async function markAccepted(store: Store, doc: StoredInvitation, userId: string, now: number): Promise<boolean> {
  const res = await upsert(store.db<InvitationDoc>('invitations'), doc._id, (cur) => {
    if (!cur || cur.status !== 'pending' || cur.nonce !== doc.nonce) return null;
    return { ...cur, status: 'accepted' as const, accepted_by: userId, accepted_at: new Date(now).toISOString() };
  });
  return res.updated;
}

/** Withdraws a pending invitation; false when there was none pending. */
export async function revokeInvitation(store: Store, teamId: string, email: string, now: number): Promise<boolean> {
  const res = await upsert(store.db<InvitationDoc>('invitations'), invitationDocId(teamId, email), (cur) => {
    if (!cur || cur.status !== 'pending') return null;
    return { ...cur, status: 'revoked' as const, revoked_at: new Date(now).toISOString() };
  });
  return res.updated;
}
