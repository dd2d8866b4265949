/**
 * `POST /api/auth/close-account` (bearer token) `{ password }`: the user closes their own account.
 *
 * Refused, changing nothing, when:
 * - the password is missing or wrong (400 / 403), since closing cannot be undone;
 * - the user owns a team that still has other members or pending invitations (409, naming the
 *   teams): the team is theirs too, so ownership moves or they leave first;
 * - the billing provider cannot cancel the subscription (502 / 503): nobody is left paying for an
 *   account that no longer exists.
 *
 * Otherwise, in this order: the subscription is cancelled with the provider and ends now (no
 * refund); the closure record is written and the account marked closed (from then on sign-in,
 * refresh and every request with a token are refused: "This account was closed on …"); the user is
 * taken out of other people's teams; every refresh token is revoked. The data goes at the next
 * retention sweep (server/retention/closedAccounts.ts). 200 `{ closed: true, closed_at, subscription,
 * message }`.
 */
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { RouterDeps } from '../routerDeps';
import { isNotFound, upsert } from '../store';
import { closureDocId } from '../store/ids';
import { isOpen, listInvitations } from '../teams/invitations';
import { getTeam, listMembers, listMemberships, removeMember } from '../teams/membership';
import { accountClosedMessage, closureDate, recordClosure } from './closure';
import { cancelSubscriptionNow, type ClosureCancellation } from './closeSubscription';
import { authOf } from './middleware';
import { createRefreshTokens } from './refresh';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './routes';
import { createUsers, InvalidCredentialsError, type UserDoc } from './users';

export const PASSWORD_REQUIRED = 'Enter your password to confirm that you want to close your account.';
export const WRONG_PASSWORD = 'That password is not right. Enter the password you sign in with to close your account.';
const NO_ACCOUNT = 'There is no account for this session. Sign in again.';

const CloseAccountBody = z.object({ password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED) }, { error: PASSWORD_REQUIRED });

interface BlockingTeam {
  id: string;
  name: string;
  other_members: number;
  pending_invitations: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The refusal for an owner whose teams still have other people in them. */
export function blockingTeamsMessage(teams: readonly BlockingTeam[]): string {
  const what = (t: BlockingTeam) =>
    [t.other_members ? plural(t.other_members, 'other member') : null, t.pending_invitations ? plural(t.pending_invitations, 'pending invitation') : null]
      .filter(Boolean)
      .join(' and ');
  const list = teams.map((t) => `"${t.name}" (${what(t)})`).join(', ');
  const head = teams.length === 1 ? `You own the team ${list}.` : `You own teams that still have other people in them: ${list}.`;
  return (
    `${head} Before you close your account, make another member the owner (Make owner), or remove the members and withdraw ` +
    'the invitations, in the Team section of your account page (/app/account). Your account is still open.'
  );
}

/** Teams the user owns that still have other members or open invitations. */
async function blockingTeams(deps: RouterDeps, userId: string, now: number): Promise<BlockingTeam[]> {
  const out: BlockingTeam[] = [];
  for (const m of await listMemberships(deps.store, userId)) {
    if (m.role !== 'owner') continue;
    const team = await getTeam(deps.store, m.teamId);
    if (!team || team.owner_id !== userId) continue;
    const [members, invitations] = await Promise.all([listMembers(deps.store, team.id), listInvitations(deps.store, team.id)]);
    const others = members.filter((x) => x.user_id !== userId).length;
    const pending = invitations.filter((i) => isOpen(i, now)).length;
    if (others > 0 || pending > 0) out.push({ id: team.id, name: team.name, other_members: others, pending_invitations: pending });
  }
  return out;
}

function closedMessage(closedAt: number, cancelled: ClosureCancellation): string {
  const plan = cancelled.tier
    ? ` Your subscription was cancelled and ended on ${closureDate(closedAt)}; the rest of the period is not refunded.`
    : '';
  return `Your account is closed.${plan} Your account data and your own team's synced projects will be deleted from our server within 30 days. Projects stored on your devices are not affected.`;
}

export function createCloseAccountRouter(deps: RouterDeps): Router {
  const router = express.Router();
  const users = createUsers(deps.store, { now: deps.now });
  const refresh = createRefreshTokens(deps.store, { now: deps.now });
  const accounts = deps.store.db<UserDoc>('accounts');
  const secureCookie = deps.publicUrl.startsWith('https:');

  router.post('/', express.json({ limit: '16kb' }), deps.requireUser, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const userId = authOf(res).sub;
    const parsed = CloseAccountBody.safeParse(Array.isArray(req.body) ? null : req.body);
    if (!parsed.success) throw new HttpError(400, PASSWORD_REQUIRED);
    const { password } = parsed.data;

    let account: UserDoc & { _id: string };
    try {
      account = await accounts.get(userId);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      throw new HttpError(404, NO_ACCOUNT);
    }
    if (account.type !== 'user') throw new HttpError(404, NO_ACCOUNT);
    if (account.closedAt !== undefined) throw new HttpError(409, accountClosedMessage(account.closedAt), { reason: 'account_closed' });
    try {
      await users.verifyCredentials(account.email, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) throw new HttpError(403, WRONG_PASSWORD, { reason: 'wrong_password' });
      throw err;
    }

    const now = deps.now();
    const blocking = await blockingTeams(deps, userId, now);
    if (blocking.length > 0) {
      throw new HttpError(409, blockingTeamsMessage(blocking), { reason: 'owns_team_with_members', teams: blocking });
    }

    // Refused (502/503, reason 'billing') when the provider cannot cancel: nothing is changed then.
    const cancelled: ClosureCancellation = await cancelSubscriptionNow(deps, userId, now);

    // The record first, so a closed account always has one (see closure.ts); then the mark.
    await recordClosure(deps.store, userId, now);
    const marked = await upsert(accounts, userId, (doc) =>
      doc && doc.type === 'user' && doc.closedAt === undefined ? { ...doc, closedAt: now } : null,
    );
    const closedAt = marked.updated ? now : (marked.doc?.closedAt ?? now);
    if (closedAt !== now) {
      // A second request closed it first (a double submit): its record stands, ours goes.
      await accounts.get(closureDocId(userId, now)).then((d) => accounts.remove(d), () => undefined);
    }

    // Cut off at once; both are finished by the purge too, so a failure here is only logged.
    try {
      for (const m of await listMemberships(deps.store, userId)) {
        if (m.role !== 'owner') await removeMember(deps.store, m.teamId, userId, now);
      }
      await refresh.revokeAllForUser(userId, 'account-closed');
    } catch (err) {
      console.error(`close-account: ${userId} is closed, but leaving teams or revoking sessions failed (the purge finishes it):`, err);
    }

    res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookie, path: REFRESH_COOKIE_PATH });
    res.json({
      closed: true,
      closed_at: new Date(closedAt).toISOString(),
      subscription: cancelled.tier ? { cancelled: true, tier: cancelled.tier, ended_at: cancelled.endedAt } : null,
      message: closedMessage(closedAt, cancelled),
    });
  });
  return router;
}
