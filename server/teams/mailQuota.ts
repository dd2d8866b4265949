/**
 * How many invitation mails may go out (issue 11 item 7: inviting, revoking and re-inviting sent 25
 * mails in under a second). Two stored counters, both of which a send must fit:
 *
 * - per team: {@link INVITATION_MAIL_LIMITS}.perTeam mails an hour, whoever of its managers sends;
 * - per invited address: .perAddress mails a day across all teams, so one inbox cannot be flooded
 *   by many teams either. Renewals count: every mail counts, whatever happened to the invitation.
 *
 * The counters live in the `invitations` database (not in memory), so revoking the invitation,
 * restarting the server or running several instances does not reset them. Each is one document
 * holding the times of the sends still inside its window; a send is recorded with a conditional
 * write (upsert), so parallel requests cannot all slip under the limit. The address document is
 * keyed by a hash of the address: the counter needs no readable email, and it is not personal data
 * for closed-account purges to find.
 */
import { randomBytes } from 'node:crypto';
import { upsert, type Store } from '../store';
import { addressMailQuotaDocId, teamMailQuotaDocId } from '../store/ids';

export interface MailQuotaRule {
  limit: number;
  windowMs: number;
}

const HOUR = 3_600_000;

export const INVITATION_MAIL_LIMITS: Readonly<{ perTeam: MailQuotaRule; perAddress: MailQuotaRule }> = Object.freeze({
  perTeam: { limit: 20, windowMs: HOUR },
  perAddress: { limit: 3, windowMs: 24 * HOUR },
});

interface MailQuotaDoc {
  type: 'mail_quota';
  /** One entry per mail still inside the window: when it was counted, and a tag to take it back. */
  sends: { at: number; tag: string }[];
}

export type QuotaAnswer = { ok: true; release: () => Promise<void> } | { ok: false; retryAfterMs: number };

/**
 * Counts one send against the counter `id` if it fits the rule; otherwise answers how long until
 * the oldest counted send leaves the window. `release` takes the count back (when a later check
 * refuses the send).
 */
export async function takeMailSlot(store: Store, id: string, rule: MailQuotaRule, now: number): Promise<QuotaAnswer> {
  const db = store.db<MailQuotaDoc>('invitations');
  const tag = randomBytes(6).toString('base64url');
  let retryAfterMs = 0;
  const res = await upsert(db, id, (cur) => {
    const recent = (cur?.type === 'mail_quota' && Array.isArray(cur.sends) ? cur.sends : []).filter((s) => s.at > now - rule.windowMs);
    if (recent.length >= rule.limit) {
      const oldest = Math.min(...recent.map((s) => s.at));
      retryAfterMs = Math.max(1000, oldest + rule.windowMs - now);
      return null;
    }
    return { type: 'mail_quota' as const, sends: [...recent, { at: now, tag }] };
  });
  if (!res.updated) return { ok: false, retryAfterMs };
  return {
    ok: true,
    release: async () => {
      await upsert(db, id, (cur) =>
        cur && Array.isArray(cur.sends) && cur.sends.some((s) => s.tag === tag) ? { ...cur, sends: cur.sends.filter((s) => s.tag !== tag) } : null,
      );
    },
  };
}

export type InvitationQuotaAnswer = { ok: true } | { ok: false; which: 'team' | 'address'; retryAfterMs: number };

/** Counts one invitation mail to `email` (normalised, as accounts key it) from `teamId`, if both counters allow it. */
export async function takeInvitationMailSlot(
  store: Store,
  teamId: string,
  email: string,
  now: number,
  limits = INVITATION_MAIL_LIMITS,
): Promise<InvitationQuotaAnswer> {
  const team = await takeMailSlot(store, teamMailQuotaDocId(teamId), limits.perTeam, now);
  if (!team.ok) return { ok: false, which: 'team', retryAfterMs: team.retryAfterMs };
  const address = await takeMailSlot(store, addressMailQuotaDocId(email), limits.perAddress, now);
  if (!address.ok) {
    // No mail goes out, so the team's count is given back.
    await team.release();
    return { ok: false, which: 'address', retryAfterMs: address.retryAfterMs };
  }
  return { ok: true };
}

/** "42 minutes", "1 hour", "5 hours" (rounded up). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The 429 message for a refused invitation mail: which limit, and when to try again. */
export function invitationQuotaMessage(which: 'team' | 'address', email: string, retryAfterMs: number, limits = INVITATION_MAIL_LIMITS): string {
  return which === 'team'
    ? `This team has sent ${limits.perTeam.limit} invitation emails in the last hour, the most allowed. ` +
        `Try again in ${waitText(retryAfterMs)}; invitations already sent stay valid for 7 days.`
    : `${email} has been sent ${limits.perAddress.limit} invitation emails in the last 24 hours, the most allowed (renewals count). ` +
        `Ask them to check their inbox and spam folder for the last one, or try again in ${waitText(retryAfterMs)}.`;
}
