/**
 * Teams, members and invitations over HTTP (issue #4 "Roles, teams, invitations"; spec §7 "GET
 * team_members by user_id → team owner_id (single or none)").
 *
 * - `GET /api/teams` → the caller's teams (their own home team is created on first call).
 * - `PATCH /api/teams/:teamId` `{ name }` (owner, admin; control characters stripped, names.ts).
 * - `GET /api/teams/:teamId/members` (any member; pending invitations for owners and admins).
 * - `PATCH /api/teams/:teamId/members/:userId` `{ role }` (owner; admins between editor and viewer
 *   only: the admin role is the owner's to give and take, permissions.ts).
 * - `DELETE /api/teams/:teamId/members/:userId` (owner; admins remove editors and viewers; anyone
 *   themselves; never the owner).
 * - `POST /api/teams/:teamId/leave` (anyone but the owner).
 * - `POST /api/teams/:teamId/transfer` `{ user_id }` (owner only; the former owner becomes admin).
 * - `POST /api/teams/:teamId/invitations` `{ email, role }`, `DELETE …/invitations/:email`
 *   (owner, admin; admins invite editors and viewers; held to the owner's user limit and to the
 *   invitation mail limits, 429 with Retry-After, mailQuota.ts).
 * - `GET /api/invitations/:token` (anyone with the link: team, role, address) and
 *   `POST /api/invitations/accept` `{ token }` (signed in as the invited address).
 * - `GET /api/team-members/me` → the team the caller has joined (not their own), with its owner.
 *
 * Roles are read from the member documents on every request, never from the token. Refusals are
 * thrown as HttpError (server/http/errors.ts): `code` (user_limit, wrong_account,
 * invitation_rate_limit) and invitations' `reason` ride beside `error`. Wire shapes:
 * src/core/api/teams.ts.
 */
import express, { type Request, type Response, type Router } from 'express';
import type {
  AcceptInvitationResponse,
  InvitationDetails,
  InviteResponse,
  LeaveTeamResponse,
  PendingInvitation,
  RemoveMemberResponse,
  RenameTeamResponse,
  RevokeInvitationResponse,
  SetRoleResponse,
  TeamDetails,
  TeamListResponse,
  TeamMember,
  TeamMemberMeResponse,
  TeamSummary,
  TransferResponse,
} from '../../src/core/api/teams';
import { authOf } from '../auth';
import { InvalidEmailError, normaliseEmail } from '../auth/users';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { isValidTeamId, upsert } from '../store';
import { emailOfUserId, teamDocId, userIdForEmail } from '../store/ids';
import { ensureHomeTeam } from './home';
import {
  invitationError,
  isOpen,
  listInvitations,
  loadInvitation,
  markAccepted,
  putInvitation,
  revokeInvitation,
  signInvitationToken,
  verifyInvitationToken,
  type InvitationDoc,
} from './invitations';
import { teamLimits, userLimitMessage } from './limits';
import { invitationQuotaMessage, takeInvitationMailSlot } from './mailQuota';
import {
  addMember,
  canManageMembers,
  getMembership,
  getTeam,
  listMembers,
  listMemberships,
  removeMember,
  setMemberRole,
  type Membership,
  type TeamDoc,
  type TeamRole,
} from './membership';
import { teamNameForMail } from './names';
import { inviteRefusal, NOT_A_MANAGER, removalRefusal, roleChangeRefusal, type Refusal } from './permissions';
import { InviteBody, parseBody, RenameBody, RoleBody, TransferBody } from './schemas';

export * from './membership';
export * from './home';
export * from './limits';
export * from './invitations';
export * from './mailQuota';
export * from './names';
export * from './permissions';

const NO_SUCH_TEAM = 'No such team, or you are not a member of it.';
const NOT_A_MEMBER = 'That person is not a member of this team.';

function refused(r: Refusal | null): void {
  if (r) throw new HttpError(r.status, r.message);
}

/** The caller's membership of the team in the URL, or 404 (unknown team and "not yours" look alike). */
async function membershipOrFail(deps: RouterDeps, req: Request, res: Response): Promise<Membership> {
  const teamId = String(req.params.teamId);
  const m = isValidTeamId(teamId) ? await getMembership(deps.store, teamId, authOf(res).sub) : null;
  if (!m) throw new HttpError(404, NO_SUCH_TEAM);
  return m;
}

function requireManager(m: Membership): void {
  if (!canManageMembers(m.role)) throw new HttpError(403, NOT_A_MANAGER);
}

function memberView(doc: { user_id: string; role: TeamRole; joined_at: string }): TeamMember {
  return { user_id: doc.user_id, email: emailOfUserId(doc.user_id), role: doc.role, joined_at: doc.joined_at };
}

function invitationView(doc: InvitationDoc): PendingInvitation {
  return { email: doc.email, role: doc.role, invited_by: emailOfUserId(doc.invited_by), created_at: doc.created_at, expires_at: doc.expires_at };
}

/** Members plus open invitations must stay within the owner's user limit. */
async function assertSeatAvailable(deps: RouterDeps, team: TeamDoc, callerIsOwner: boolean, exceptEmail?: string): Promise<void> {
  const now = deps.now();
  const [members, invitations, limits] = await Promise.all([
    listMembers(deps.store, team.id),
    listInvitations(deps.store, team.id),
    teamLimits(deps.store, team.owner_id, now, deps.catalogue),
  ]);
  const open = invitations.filter((i) => isOpen(i, now) && i.email !== exceptEmail).length;
  if (members.length + open >= limits.users) {
    throw new HttpError(403, userLimitMessage(limits, callerIsOwner), { code: 'user_limit' });
  }
}

async function teamOrFail(deps: RouterDeps, teamId: string): Promise<TeamDoc> {
  const team = await getTeam(deps.store, teamId);
  if (!team) throw new HttpError(404, NO_SUCH_TEAM);
  return team;
}

export function createTeamsRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.use(deps.requireUser);
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (_req, res) => {
    const userId = authOf(res).sub;
    const homeTeamId = await ensureHomeTeam(deps.store, userId, deps.now());
    const memberships = await listMemberships(deps.store, userId);
    const teams = await Promise.all(
      memberships.map(async (m): Promise<TeamSummary | null> => {
        const team = await getTeam(deps.store, m.teamId);
        return team ? { id: team.id, name: team.name, owner_id: team.owner_id, role: m.role, is_home: team.id === homeTeamId } : null;
      }),
    );
    res.json({ teams: teams.filter((t) => t !== null) } satisfies TeamListResponse);
  });

  router.patch('/:teamId', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    requireManager(m);
    const { name } = parseBody(RenameBody, req);
    const result = await upsert(deps.store.db<TeamDoc>('teams'), teamDocId(m.teamId), (doc) =>
      doc ? { ...doc, name, updated_at: new Date(deps.now()).toISOString() } : null,
    );
    if (!result.doc) throw new HttpError(404, NO_SUCH_TEAM);
    res.json({ id: m.teamId, name } satisfies RenameTeamResponse);
  });

  router.get('/:teamId/members', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    const [team, members] = await Promise.all([teamOrFail(deps, m.teamId), listMembers(deps.store, m.teamId)]);
    const now = deps.now();
    const limits = await teamLimits(deps.store, team.owner_id, now, deps.catalogue);
    const invitations = canManageMembers(m.role)
      ? (await listInvitations(deps.store, m.teamId)).filter((i) => isOpen(i, now)).map(invitationView)
      : [];
    res.json({
      team: { id: team.id, name: team.name, owner_id: team.owner_id },
      your_role: m.role,
      members: members.map(memberView),
      invitations,
      limits: { users: limits.users, projects: limits.projects, plan: limits.planName },
    } satisfies TeamDetails);
  });

  router.patch('/:teamId/members/:userId', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    requireManager(m);
    const { role } = parseBody(RoleBody, req);
    const target = await getMembership(deps.store, m.teamId, String(req.params.userId));
    if (!target) throw new HttpError(404, NOT_A_MEMBER);
    refused(roleChangeRefusal(m.role, target.role, role));
    await setMemberRole(deps.store, m.teamId, target.userId, role, deps.now());
    res.json({ user_id: target.userId, role } satisfies SetRoleResponse);
  });

  router.delete('/:teamId/members/:userId', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    const targetId = String(req.params.userId);
    const self = targetId === m.userId;
    if (!self) requireManager(m);
    const target = await getMembership(deps.store, m.teamId, targetId);
    if (!target) throw new HttpError(404, NOT_A_MEMBER);
    refused(removalRefusal(m.role, target.role, self));
    await removeMember(deps.store, m.teamId, targetId, deps.now());
    res.json({ removed: targetId } satisfies RemoveMemberResponse);
  });

  router.post('/:teamId/leave', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    if (m.role === 'owner') {
      throw new HttpError(403, 'You own this team, so you cannot leave it. Transfer ownership to another member first.');
    }
    await removeMember(deps.store, m.teamId, m.userId, deps.now());
    res.json({ left: m.teamId } satisfies LeaveTeamResponse);
  });

  router.post('/:teamId/transfer', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    if (m.role !== 'owner') throw new HttpError(403, 'Only the team owner can transfer ownership.');
    const { user_id: to } = parseBody(TransferBody, req);
    if (to === m.userId) throw new HttpError(400, 'You already own this team.');
    const target = await getMembership(deps.store, m.teamId, to);
    if (!target) throw new HttpError(404, 'The new owner must already be a member of this team. Invite them first.');
    const now = deps.now();
    // The team document names the owner; the member roles follow it. The new owner is promoted
    // before the old one steps down, so the team never has no owner.
    await upsert(deps.store.db<TeamDoc>('teams'), teamDocId(m.teamId), (doc) =>
      doc ? { ...doc, owner_id: to, updated_at: new Date(now).toISOString() } : null,
    );
    await setMemberRole(deps.store, m.teamId, to, 'owner', now);
    await setMemberRole(deps.store, m.teamId, m.userId, 'admin', now);
    res.json({ team_id: m.teamId, owner_id: to, previous_owner_role: 'admin' } satisfies TransferResponse);
  });

  router.post('/:teamId/invitations', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    requireManager(m);
    const body = parseBody(InviteBody, req);
    let email: string;
    try {
      email = normaliseEmail(body.email);
    } catch (err) {
      if (err instanceof InvalidEmailError) throw new HttpError(400, err.message);
      throw err;
    }
    const { role } = body;
    refused(inviteRefusal(m.role, role));
    const team = await teamOrFail(deps, m.teamId);
    if (await getMembership(deps.store, m.teamId, userIdForEmail(email))) {
      throw new HttpError(409, `${email} is already a member of this team.`);
    }
    // Renewing an invitation to the same address reuses its seat.
    await assertSeatAvailable(deps, team, m.role === 'owner', email);
    // Last, so that refused requests count nothing: every mail sent counts, renewals too.
    const quota = await takeInvitationMailSlot(deps.store, m.teamId, email, deps.now());
    if (!quota.ok) {
      throw new HttpError(
        429,
        invitationQuotaMessage(quota.which, email, quota.retryAfterMs),
        { code: 'invitation_rate_limit', limit: quota.which },
        { 'Retry-After': String(Math.ceil(quota.retryAfterMs / 1000)) },
      );
    }
    const doc = await putInvitation(deps.store, { teamId: m.teamId, email, role, invitedBy: m.userId }, deps.now());
    const token = await signInvitationToken(deps.secret, doc);
    const link = `${deps.linkBase(req)}/accept-invitation?token=${encodeURIComponent(token)}`;
    const inviter = emailOfUserId(m.userId);
    // Names stored before control characters were stripped on write are cleaned here as well.
    const teamName = teamNameForMail(team.name);
    await deps.mailer.send({
      to: email,
      subject: `${inviter} invited you to ${teamName} on Earnest`,
      text:
        `${inviter} invited you to join the team "${teamName}" on Earnest as ${role === 'admin' ? 'an admin' : `an ${role}`}.\n\n` +
        `Accept the invitation: ${link}\n\n` +
        `The link works once and expires on ${new Date(doc.expires_at).toUTCString()}. ` +
        'If you did not expect this, ignore this email.',
    });
    res.status(201).json({ invitation: invitationView(doc) } satisfies InviteResponse);
  });

  router.delete('/:teamId/invitations/:email', async (req, res) => {
    const m = await membershipOrFail(deps, req, res);
    requireManager(m);
    const none = () => new HttpError(404, 'There is no pending invitation for that address.');
    let email: string;
    try {
      email = normaliseEmail(req.params.email);
    } catch {
      throw none();
    }
    if (!(await revokeInvitation(deps.store, m.teamId, email, deps.now()))) throw none();
    res.json({ revoked: email } satisfies RevokeInvitationResponse);
  });

  return router;
}

export function createInvitationsRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // What the acceptance page shows before the visitor signs in: the team, role and address.
  router.get('/:token', async (req, res) => {
    const now = deps.now();
    const claims = await verifyInvitationToken(deps.secret, req.params.token, now);
    const doc = await loadInvitation(deps.store, claims, now);
    const team = await getTeam(deps.store, doc.team_id);
    if (!team) throw invitationError('revoked');
    res.json({
      team: { id: team.id, name: team.name },
      role: doc.role,
      email: doc.email,
      invited_by: emailOfUserId(doc.invited_by),
      expires_at: doc.expires_at,
    } satisfies InvitationDetails);
  });

  router.post('/accept', deps.requireUser, async (req, res) => {
    const now = deps.now();
    const userId = authOf(res).sub;
    // The token is checked by verifyInvitationToken (anything but a valid one is `invalid`).
    const token: unknown = (req.body as { token?: unknown } | undefined)?.token;
    const claims = await verifyInvitationToken(deps.secret, token, now);
    const doc = await loadInvitation(deps.store, claims, now);
    if (userIdForEmail(doc.email) !== userId) {
      throw new HttpError(
        403,
        `This invitation was sent to ${doc.email}, but you are signed in as ${emailOfUserId(userId)}. Sign in with the invited address to accept it.`,
        { code: 'wrong_account' },
      );
    }
    const team = await getTeam(deps.store, doc.team_id);
    if (!team) throw invitationError('revoked');
    const existing = await getMembership(deps.store, doc.team_id, userId);
    if (!existing) {
      // The invitation held a seat; it still must fit if the plan shrank since it was sent.
      const [members, limits] = await Promise.all([
        listMembers(deps.store, team.id),
        teamLimits(deps.store, team.owner_id, now, deps.catalogue),
      ]);
      if (members.length >= limits.users) throw new HttpError(403, userLimitMessage(limits, false), { code: 'user_limit' });
    }
    if (!(await markAccepted(deps.store, doc, userId, now))) {
      // Someone (another tab) changed it first: report why.
      await loadInvitation(deps.store, claims, now);
      throw invitationError('used');
    }
    if (!existing) await addMember(deps.store, doc.team_id, userId, doc.role, now);
    const m = await getMembership(deps.store, doc.team_id, userId);
    res.json({ team: { id: team.id, name: team.name }, role: m?.role ?? doc.role, already_member: !!existing } satisfies AcceptInvitationResponse);
  });
  return router;
}

export function createTeamMembersRouter(deps: RouterDeps): Router {
  const router = express.Router();
  // §7 "GET team_members by user_id → team owner_id (single or none)": the team the caller joined
  // (not one they own), earliest first, with its owner, for the resolution's step 3.
  router.get('/me', deps.requireUser, async (_req, res) => {
    const userId = authOf(res).sub;
    res.setHeader('Cache-Control', 'no-store');
    const memberships = (await listMemberships(deps.store, userId)).filter((m) => m.role !== 'owner');
    for (const m of memberships) {
      const team = await getTeam(deps.store, m.teamId);
      if (team && team.owner_id !== userId) {
        res.json({
          team_member: { user_id: userId, team_id: team.id, role: m.role, team: { name: team.name, owner_id: team.owner_id } },
        } satisfies TeamMemberMeResponse);
        return;
      }
    }
    res.json({ team_member: null } satisfies TeamMemberMeResponse);
  });
  return router;
}
