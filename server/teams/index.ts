/**
 * Teams, members and invitations over HTTP (issue #4 "Roles, teams, invitations"; spec §7 "GET
 * team_members by user_id → team owner_id (single or none)").
 *
 * - `GET /api/teams` → the caller's teams (their own home team is created on first call).
 * - `PATCH /api/teams/:teamId` `{ name }` (owner, admin).
 * - `GET /api/teams/:teamId/members` (any member; pending invitations for owners and admins).
 * - `PATCH /api/teams/:teamId/members/:userId` `{ role }` (owner, admin; never the owner's role).
 * - `DELETE /api/teams/:teamId/members/:userId` (owner, admin; never the owner).
 * - `POST /api/teams/:teamId/leave` (anyone but the owner).
 * - `POST /api/teams/:teamId/transfer` `{ user_id }` (owner only; the former owner becomes admin).
 * - `POST /api/teams/:teamId/invitations` `{ email, role }`, `DELETE …/invitations/:email`
 *   (owner, admin; held to the owner's user limit).
 * - `GET /api/invitations/:token` (anyone with the link: team, role, address) and
 *   `POST /api/invitations/accept` `{ token }` (signed in as the invited address).
 * - `GET /api/team-members/me` → the team the caller has joined (not their own), with its owner.
 *
 * Roles are read from the member documents on every request, never from the token.
 */
import express, { type Request, type Response, type Router } from 'express';
import { authOf } from '../auth';
import { InvalidEmailError, normaliseEmail } from '../auth/users';
import type { RouterDeps } from '../routerDeps';
import { isValidTeamId, upsert } from '../store';
import { emailOfUserId, teamDocId, userIdForEmail } from '../store/ids';
import { ensureHomeTeam } from './home';
import {
  InvitationError,
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

export * from './membership';
export * from './home';
export * from './limits';
export * from './invitations';

const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
const isAssignable = (v: unknown): v is AssignableRole => typeof v === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(v);
const ROLE_HELP = 'Use one of admin, editor or viewer (ownership moves only by a transfer).';
const TEAM_NAME_MAX = 80;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Wraps an async handler so HttpErrors become JSON answers and anything else reaches the error handler. */
function handle(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: (err?: unknown) => void) => {
    fn(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) {
        res.status(err.status).json({ error: err.message, ...(err.code ? { code: err.code } : {}) });
      } else if (err instanceof InvitationError) {
        res.status(err.status).json({ error: err.message, reason: err.reason });
      } else next(err);
    });
  };
}

function body(req: Request): Record<string, unknown> {
  const b: unknown = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** The caller's membership of the team in the URL, or 404 (unknown team and "not yours" look alike). */
async function membershipOrFail(deps: RouterDeps, req: Request, res: Response): Promise<Membership> {
  const teamId = String(req.params.teamId);
  const m = isValidTeamId(teamId) ? await getMembership(deps.store, teamId, authOf(res).sub) : null;
  if (!m) throw new HttpError(404, 'No such team, or you are not a member of it.');
  return m;
}

function requireManager(m: Membership): void {
  if (!canManageMembers(m.role)) {
    throw new HttpError(403, 'Only the team owner or a team admin can manage members and invitations.');
  }
}

function memberView(doc: { user_id: string; role: TeamRole; joined_at: string }) {
  return { user_id: doc.user_id, email: emailOfUserId(doc.user_id), role: doc.role, joined_at: doc.joined_at };
}

function invitationView(doc: InvitationDoc) {
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
    throw new HttpError(403, userLimitMessage(limits, callerIsOwner), 'user_limit');
  }
}

async function teamOrFail(deps: RouterDeps, teamId: string): Promise<TeamDoc> {
  const team = await getTeam(deps.store, teamId);
  if (!team) throw new HttpError(404, 'No such team, or you are not a member of it.');
  return team;
}

export function createTeamsRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.use(deps.requireUser);
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(
    '/',
    handle(async (_req, res) => {
      const userId = authOf(res).sub;
      const homeTeamId = await ensureHomeTeam(deps.store, userId, deps.now());
      const memberships = await listMemberships(deps.store, userId);
      const teams = await Promise.all(
        memberships.map(async (m) => {
          const team = await getTeam(deps.store, m.teamId);
          return team ? { id: team.id, name: team.name, owner_id: team.owner_id, role: m.role, is_home: team.id === homeTeamId } : null;
        }),
      );
      res.json({ teams: teams.filter((t) => t !== null) });
    }),
  );

  router.patch(
    '/:teamId',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      requireManager(m);
      const name = body(req).name;
      if (typeof name !== 'string' || name.trim() === '' || name.trim().length > TEAM_NAME_MAX) {
        throw new HttpError(400, `Give the team a name of 1 to ${TEAM_NAME_MAX} characters.`);
      }
      const result = await upsert(deps.store.db<TeamDoc>('teams'), teamDocId(m.teamId), (doc) =>
        doc ? { ...doc, name: name.trim(), updated_at: new Date(deps.now()).toISOString() } : null,
      );
      if (!result.doc) throw new HttpError(404, 'No such team, or you are not a member of it.');
      res.json({ id: m.teamId, name: name.trim() });
    }),
  );

  router.get(
    '/:teamId/members',
    handle(async (req, res) => {
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
      });
    }),
  );

  router.patch(
    '/:teamId/members/:userId',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      requireManager(m);
      const role = body(req).role;
      if (!isAssignable(role)) throw new HttpError(400, `"${String(role)}" is not a role you can give. ${ROLE_HELP}`);
      const target = await getMembership(deps.store, m.teamId, String(req.params.userId));
      if (!target) throw new HttpError(404, 'That person is not a member of this team.');
      if (target.role === 'owner') throw new HttpError(403, "The owner's role cannot be changed. The owner can transfer ownership instead.");
      await setMemberRole(deps.store, m.teamId, target.userId, role, deps.now());
      res.json({ user_id: target.userId, role });
    }),
  );

  router.delete(
    '/:teamId/members/:userId',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      const targetId = String(req.params.userId);
      if (targetId !== m.userId) requireManager(m);
      const target = await getMembership(deps.store, m.teamId, targetId);
      if (!target) throw new HttpError(404, 'That person is not a member of this team.');
      if (target.role === 'owner') {
        throw new HttpError(403, 'The team owner cannot be removed. Transfer ownership to another member first.');
      }
      await removeMember(deps.store, m.teamId, targetId, deps.now());
      res.json({ removed: targetId });
    }),
  );

  router.post(
    '/:teamId/leave',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      if (m.role === 'owner') {
        throw new HttpError(403, 'You own this team, so you cannot leave it. Transfer ownership to another member first.');
      }
      await removeMember(deps.store, m.teamId, m.userId, deps.now());
      res.json({ left: m.teamId });
    }),
  );

  router.post(
    '/:teamId/transfer',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      if (m.role !== 'owner') throw new HttpError(403, 'Only the team owner can transfer ownership.');
      const to = body(req).user_id;
      if (typeof to !== 'string' || to === '') throw new HttpError(400, 'Say who becomes the owner: { "user_id": "…" } of a current member.');
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
      res.json({ team_id: m.teamId, owner_id: to, previous_owner_role: 'admin' });
    }),
  );

  router.post(
    '/:teamId/invitations',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      requireManager(m);
      const b = body(req);
      let email: string;
      try {
        email = normaliseEmail(b.email);
      } catch (err) {
        if (err instanceof InvalidEmailError) throw new HttpError(400, err.message);
        throw err;
      }
      const role = b.role ?? 'editor';
      if (!isAssignable(role)) throw new HttpError(400, `"${String(role)}" is not a role you can invite with. ${ROLE_HELP}`);
      if (role === 'admin' && m.role !== 'owner') throw new HttpError(403, 'Only the team owner can invite admins.');
      const team = await teamOrFail(deps, m.teamId);
      if (await getMembership(deps.store, m.teamId, userIdForEmail(email))) {
        throw new HttpError(409, `${email} is already a member of this team.`);
      }
      // Renewing an invitation to the same address reuses its seat.
      await assertSeatAvailable(deps, team, m.role === 'owner', email);
      const doc = await putInvitation(deps.store, { teamId: m.teamId, email, role, invitedBy: m.userId }, deps.now());
      const token = await signInvitationToken(deps.secret, doc);
      const link = `${deps.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
      const inviter = emailOfUserId(m.userId);
      await deps.mailer.send({
        to: email,
        subject: `${inviter} invited you to ${team.name} on Earnest`,
        text:
          `${inviter} invited you to join the team "${team.name}" on Earnest as ${role === 'admin' ? 'an admin' : `an ${role}`}.\n\n` +
          `Accept the invitation: ${link}\n\n` +
          `The link works once and expires on ${new Date(doc.expires_at).toUTCString()}. ` +
          'If you did not expect this, ignore this email.',
      });
      res.status(201).json({ invitation: invitationView(doc) });
    }),
  );

  router.delete(
    '/:teamId/invitations/:email',
    handle(async (req, res) => {
      const m = await membershipOrFail(deps, req, res);
      requireManager(m);
      let email: string;
      try {
        email = normaliseEmail(req.params.email);
      } catch {
        throw new HttpError(404, 'There is no pending invitation for that address.');
      }
      if (!(await revokeInvitation(deps.store, m.teamId, email, deps.now()))) {
        throw new HttpError(404, 'There is no pending invitation for that address.');
      }
      res.json({ revoked: email });
    }),
  );

  return router;
}

export function createInvitationsRouter(deps: RouterDeps): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // What the acceptance page shows before the visitor signs in: the team, role and address.
  router.get(
    '/:token',
    handle(async (req, res) => {
      const now = deps.now();
      const claims = await verifyInvitationToken(deps.secret, req.params.token, now);
      const doc = await loadInvitation(deps.store, claims, now);
      const team = await getTeam(deps.store, doc.team_id);
      if (!team) throw new InvitationError('revoked');
      res.json({
        team: { id: team.id, name: team.name },
        role: doc.role,
        email: doc.email,
        invited_by: emailOfUserId(doc.invited_by),
        expires_at: doc.expires_at,
      });
    }),
  );

  router.post(
    '/accept',
    deps.requireUser,
    handle(async (req, res) => {
      const now = deps.now();
      const userId = authOf(res).sub;
      const claims = await verifyInvitationToken(deps.secret, body(req).token, now);
      const doc = await loadInvitation(deps.store, claims, now);
      if (userIdForEmail(doc.email) !== userId) {
        throw new HttpError(
          403,
          `This invitation was sent to ${doc.email}, but you are signed in as ${emailOfUserId(userId)}. Sign in with the invited address to accept it.`,
          'wrong_account',
        );
      }
      const team = await getTeam(deps.store, doc.team_id);
      if (!team) throw new InvitationError('revoked');
      const existing = await getMembership(deps.store, doc.team_id, userId);
      if (!existing) {
        // The invitation held a seat; it still must fit if the plan shrank since it was sent.
        const [members, limits] = await Promise.all([
          listMembers(deps.store, team.id),
          teamLimits(deps.store, team.owner_id, now, deps.catalogue),
        ]);
        if (members.length >= limits.users) throw new HttpError(403, userLimitMessage(limits, false), 'user_limit');
      }
      if (!(await markAccepted(deps.store, doc, userId, now))) {
        // Someone (another tab) changed it first: report why.
        await loadInvitation(deps.store, claims, now);
        throw new InvitationError('used');
      }
      if (!existing) await addMember(deps.store, doc.team_id, userId, doc.role, now);
      const m = await getMembership(deps.store, doc.team_id, userId);
      res.json({ team: { id: team.id, name: team.name }, role: m?.role ?? doc.role, already_member: !!existing });
    }),
  );
  return router;
}

export function createTeamMembersRouter(deps: RouterDeps): Router {
  const router = express.Router();
  // §7 "GET team_members by user_id → team owner_id (single or none)": the team the caller joined
  // (not one they own), earliest first, with its owner, for the resolution's step 3.
  router.get(
    '/me',
    deps.requireUser,
    handle(async (_req, res) => {
      const userId = authOf(res).sub;
      res.setHeader('Cache-Control', 'no-store');
      const memberships = (await listMemberships(deps.store, userId)).filter((m) => m.role !== 'owner');
      for (const m of memberships) {
        const team = await getTeam(deps.store, m.teamId);
        if (team && team.owner_id !== userId) {
          res.json({ team_member: { user_id: userId, team_id: team.id, role: m.role, team: { name: team.name, owner_id: team.owner_id } } });
          return;
        }
      }
      res.json({ team_member: null });
    }),
  );
  return router;
}
