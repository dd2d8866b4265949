/**
 * Purging closed accounts (server/auth/closure.ts marks them; POST /api/auth/close-account closes
 * them). The Privacy Policy promises the account is deleted within 30 days of closing; this runs at
 * every sweep (hourly), so in practice it goes within the hour.
 *
 * A closure record moves through three stages, each idempotent, each safe when two instances run
 * it at once (deletes at a read revision; a conflict means someone else got there first):
 *
 * 1. **Account** (once the closed account's last access token has expired, {@link PURGE_GRACE_MS}):
 *    the docs keyed by the user id — the teams the user owns alone (team doc, members,
 *    invitations, and the team's synced database), memberships of other teams, the home-team and
 *    team-index docs, profile, trial, roles, refresh-token families — and last the account doc
 *    itself, so a sign-up with the same address then starts a fresh account.
 * 2. **Scans**, batched over every closure at that stage: rows that can only be found by reading a
 *    whole database a page at a time — refresh tokens and used mailed-link markers, invitations the
 *    user sent or accepted,
 *    local-checkout records, and analytics events, sessions and funnel steps carrying the user id
 *    (deleted, not anonymised: see the Privacy Policy's retention table).
 * 3. **Tail**: until {@link CLOSURE_RECORD_DAYS} after closing, a late write for the gone account (a
 *    retried payment-provider webhook recreating the profile) is deleted again; then the record
 *    itself goes.
 *
 * User ids come from the email, so a new account may reuse the id. Every deletion is bounded by the
 * closure time: stage 1 runs only while the account doc is still the closed one (checked before each
 * step), and the scans delete only rows created no later than the closure.
 *
 * **What is kept, and why.** Billing records the law requires us to keep (UK: six years after the
 * end of the financial year they relate to) are kept. Payments and invoices live at Stripe, which
 * keeps them for us; on our side the only billing record is the link between the account and its
 * Stripe customer (`stripe-customer-id:<customerId>` in `billing`), which is kept with
 * `retain_until` = closure + {@link BILLING_LINK_RETENTION_YEARS} years (six years after the end of
 * any financial year that can hold the account's last payment) and deleted by
 * {@link sweepExpiredBillingLinks}. Stripe event records (`stripe-event:*`) hold no personal data
 * (event id, type, time, outcome) and stay. The profile (the current plan and its limits) is the
 * service's working state, not an accounting record, and is deleted. The local provider's checkout records are test-mode
 * (no payment is taken), so they are not accounting records and are deleted with the account.
 */
import { closureRecords, markClosure, recordClosure, type StoredClosure } from '../auth/closure';
import type { UserDoc } from '../auth/users';
import { DEFAULT_ACCESS_TTL_SECONDS } from '../auth/tokens';
import {
  deleteById,
  deleteWhere,
  isNotFound,
  removeDocs,
  upsert,
  type AnyDoc,
  type Store,
} from '../store';
import {
  customerByIdDocId,
  customerDocId,
  EVENT_PREFIX,
  FUNNEL_PREFIX,
  homeTeamDocId,
  INVITATION_PREFIX,
  invitationPrefix,
  LOCAL_CHECKOUT_PREFIX,
  memberDocId,
  memberPrefix,
  ONE_TIME_LINK_PREFIX,
  profileDocId,
  REFRESH_TOKEN_PREFIX,
  refreshFamilyPrefix,
  roleDocId,
  SESSION_PREFIX,
  teamDocId,
  teamRetentionDocId,
  trialDocId,
  userTeamsDocId,
} from '../store/ids';
import { listMembers, removeMember, type UserTeamsDoc } from '../teams/membership';
import { instantOf } from './age';
import { deleteTeamDatabase } from './teamDatabase';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Stage 1 waits this long after closing: every access token of the closed account has expired by
 * then (15 minutes, plus the verifier's clock tolerance), so none can act for a deleted account.
 */
export const PURGE_GRACE_MS = DEFAULT_ACCESS_TTL_SECONDS * 1000 + MINUTE;
/** A closure record is removed this many days after closing (inside the 30 days promised). */
export const CLOSURE_RECORD_DAYS = 28;
/** A record whose account was never marked closed (the request died half way) goes after a day. */
const INCOMPLETE_RECORD_MS = DAY;
export const BILLING_LINK_RETENTION_YEARS = 7;

export interface ClosedAccountsResult {
  /** Accounts whose keyed docs (stage 1) were deleted in this run. */
  accountsPurged: number;
  teamDatabasesDeleted: number;
  /** Rows found by scanning (stage 2). */
  analyticsRows: number;
  /** Refresh tokens and used single-use link markers. */
  authRecords: number;
  invitations: number;
  billingRecords: number;
  /** Closure records removed: finished, or left by a closing that never completed. */
  closureRecordsRemoved: number;
}

const emptyResult = (): ClosedAccountsResult => ({
  accountsPurged: 0,
  teamDatabasesDeleted: 0,
  analyticsRows: 0,
  authRecords: 0,
  invitations: 0,
  billingRecords: 0,
  closureRecordsRemoved: 0,
});

type AccountDoc = UserDoc & { _id: string; _rev: string };

async function getAccountDoc(store: Store, userId: string): Promise<AccountDoc | null> {
  try {
    const doc = await store.db<UserDoc>('accounts').get(userId);
    return doc.type === 'user' ? (doc as AccountDoc) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Where the closure stands against the account doc. */
type AccountState =
  | { kind: 'closed'; doc: AccountDoc } // still the closed account: purge it
  | { kind: 'gone' } // deleted (purged), or replaced by a new account created after the closure
  | { kind: 'incomplete' }; // an older account that was never marked with this closure

async function accountState(store: Store, closure: StoredClosure): Promise<AccountState> {
  const doc = await getAccountDoc(store, closure.user_id);
  if (!doc) return { kind: 'gone' };
  if (doc.closedAt === closure.closed_at) return { kind: 'closed', doc };
  if (doc.createdAt > closure.closed_at) return { kind: 'gone' };
  return { kind: 'incomplete' };
}

class AccountChanged extends Error {}

/**
 * Stage 1 for one closure. Returns false when the account is not (or no longer) this closed one,
 * in which case nothing is deleted.
 */
async function purgeAccountDocs(store: Store, closure: StoredClosure, now: number, result: ClosedAccountsResult): Promise<boolean> {
  const userId = closure.user_id;
  const first = await accountState(store, closure);
  if (first.kind !== 'closed') return first.kind === 'gone';
  // Before each step: is the account doc still the closed one? (A sign-up may have replaced it
  // since; then this run stops and leaves the new account alone.)
  const check = async () => {
    const s = await accountState(store, closure);
    if (s.kind !== 'closed') throw new AccountChanged();
  };

  try {
    const teams = store.db('teams');
    // Teams: the home team and every team the user's index names.
    const home = (await teams.get(homeTeamDocId(userId)).catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)))) as
      | (AnyDoc & { team_id?: string })
      | null;
    const index = (await teams.get(userTeamsDocId(userId)).catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)))) as
      | (UserTeamsDoc & AnyDoc)
      | null;
    const teamIds = new Set<string>([...(home?.team_id ? [home.team_id] : []), ...(Array.isArray(index?.team_ids) ? index.team_ids : [])]);
    for (const teamId of teamIds) {
      await check();
      const team = (await teams.get(teamDocId(teamId)).catch((err: unknown) => (isNotFound(err) ? null : Promise.reject(err)))) as
        | (AnyDoc & { owner_id?: string })
        | null;
      if (team && team.owner_id === userId) {
        const others = (await listMembers(store, teamId)).filter((m) => m.user_id !== userId);
        if (others.length > 0) {
          // Closing refuses an owner whose team has other members; one joined in between. The
          // team is theirs too: keep it and its data, take only the closed user out.
          console.warn(`Retention: team ${teamId} of closed account ${userId} has other members; only the closed member was removed.`);
          await removeMember(store, teamId, userId, now);
          continue;
        }
        await deleteTeamDatabase(store, teamId, { recreate: false });
        result.teamDatabasesDeleted++;
        await deleteWhere(store.db('invitations'), { prefix: invitationPrefix(teamId) }, () => true);
        await deleteWhere(teams, { prefix: memberPrefix(teamId) }, () => true);
        await deleteById(teams, teamRetentionDocId(teamId));
        await deleteById(teams, teamDocId(teamId));
      } else {
        // Someone else's team (or one already gone): only the membership.
        await deleteById(teams, memberDocId(teamId, userId));
      }
    }
    await check();
    await deleteById(teams, homeTeamDocId(userId));
    await deleteById(teams, userTeamsDocId(userId));

    const accounts = store.db('accounts');
    await deleteById(accounts, profileDocId(userId));
    await deleteById(accounts, trialDocId(userId));
    await deleteById(accounts, roleDocId(userId));
    await deleteWhere(accounts, { prefix: refreshFamilyPrefix(userId) }, (d) => typeof d.createdAt !== 'number' || d.createdAt <= closure.closed_at);
    await keepBillingLink(store, userId, closure.closed_at);

    // Last, the account itself, at the revision that was checked: a sign-up can now start afresh.
    await check();
    const latest = await accountState(store, closure);
    if (latest.kind === 'closed' && (await removeDocs(accounts, [latest.doc])) !== 1) throw new AccountChanged();
  } catch (err) {
    if (err instanceof AccountChanged) return (await accountState(store, closure)).kind === 'gone';
    throw err;
  }
  result.accountsPurged++;
  return true;
}

/**
 * The Stripe customer link is the billing record we keep (see the module comment): the
 * customer → account doc stays, marked with when it may go; the account → customer doc goes, so a
 * new account with the same address gets its own Stripe customer.
 */
async function keepBillingLink(store: Store, userId: string, closedAt: number): Promise<void> {
  const billing = store.db<Record<string, unknown>>('billing');
  let link: AnyDoc | null = null;
  try {
    link = (await billing.get(customerDocId(userId))) as unknown as AnyDoc;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!link) return;
  const customerId = typeof link.customer_id === 'string' ? link.customer_id : null;
  if (customerId) {
    const until = new Date(closedAt);
    until.setUTCFullYear(until.getUTCFullYear() + BILLING_LINK_RETENTION_YEARS);
    await upsert(billing, customerByIdDocId(customerId), (doc) => ({
      ...(doc ?? { type: 'stripe-customer', user_id: userId, customer_id: customerId, created_at: link.created_at ?? null }),
      account_closed_at: new Date(closedAt).toISOString(),
      retain_until: until.toISOString(),
    }));
  }
  await removeDocs(billing as unknown as PouchDB.Database, [link]);
}

/**
 * Stage 2 for a set of closures: one paged pass over each database that holds rows found only by
 * scanning. `closedAt` per user bounds what is deleted (rows created after it belong to a new
 * account with the same address).
 */
async function scanAndDelete(store: Store, closedAtByUser: Map<string, number>, result: ClosedAccountsResult): Promise<void> {
  const closedBy = (userId: unknown, at: number | null) => {
    if (typeof userId !== 'string' || at === null) return false;
    const closedAt = closedAtByUser.get(userId);
    return closedAt !== undefined && at <= closedAt;
  };
  const ms = instantOf;

  result.authRecords += await deleteWhere(
    store.db('accounts'),
    { prefix: REFRESH_TOKEN_PREFIX },
    (d) => d.type === 'refresh' && closedBy(d.userId, ms(d.issuedAt)),
  );
  result.authRecords += await deleteWhere(
    store.db('accounts'),
    { prefix: ONE_TIME_LINK_PREFIX },
    (d) => d.type === 'onetime' && closedBy(d.userId, ms(d.usedAt)),
  );
  result.invitations += await deleteWhere(
    store.db('invitations'),
    { prefix: INVITATION_PREFIX },
    (d) => d.type === 'invitation' && (closedBy(d.invited_by, ms(d.created_at)) || closedBy(d.accepted_by, ms(d.accepted_at))),
  );
  result.billingRecords += await deleteWhere(
    store.db('billing'),
    { prefix: LOCAL_CHECKOUT_PREFIX },
    (d) => d.type === 'local-checkout' && closedBy(d.user_id, ms(d.completed_at)),
  );
  for (const prefix of [EVENT_PREFIX, SESSION_PREFIX, FUNNEL_PREFIX]) {
    result.analyticsRows += await deleteWhere(store.db('analytics'), { prefix }, (d) => closedBy(d.user_id, ms(d.created_at)));
  }
}

/**
 * Purges one closed account's keyed docs now, whatever the grace period: a sign-up with the same
 * address does this before creating the new account. Its access tokens are then refused because
 * they were issued before the new account was created. The scans (stage 2) follow at the next sweep.
 */
export async function purgeClosedAccountNow(store: Store, userId: string, closedAt: number, now: number): Promise<boolean> {
  await recordClosure(store, userId, closedAt);
  const result = emptyResult();
  for await (const closure of closureRecords(store, userId)) {
    if (closure.closed_at !== closedAt) continue;
    const done = await purgeAccountDocs(store, closure, now, result);
    if (done) await markClosure(store, closure._id, 'account_purged_at', now);
    return done;
  }
  return false;
}

/** The closed-accounts sweep: every stage that is due at `now`. */
export async function sweepClosedAccounts(store: Store, now: number): Promise<ClosedAccountsResult> {
  const result = emptyResult();
  const accounts = store.db('accounts');
  const toScan: StoredClosure[] = [];

  for await (const closure of closureRecords(store)) {
    if (closure.account_purged_at === undefined) {
      const state = await accountState(store, closure);
      if (state.kind === 'incomplete') {
        if (now - closure.closed_at >= INCOMPLETE_RECORD_MS) result.closureRecordsRemoved += await removeDocs(accounts, [closure]);
        continue;
      }
      if (now < closure.closed_at + PURGE_GRACE_MS) continue;
      if (!(await purgeAccountDocs(store, closure, now, result))) continue;
      await markClosure(store, closure._id, 'account_purged_at', now);
      toScan.push(closure);
    } else if (closure.scans_done_at === undefined) {
      toScan.push(closure);
    } else {
      // Stage 3: a late write for the gone account (never for a new one with the same address).
      if (!(await getAccountDoc(store, closure.user_id))) {
        await deleteById(accounts, profileDocId(closure.user_id));
        await deleteById(accounts, trialDocId(closure.user_id));
      }
      if (now >= closure.closed_at + CLOSURE_RECORD_DAYS * DAY) result.closureRecordsRemoved += await removeDocs(accounts, [closure]);
    }
  }

  if (toScan.length > 0) {
    const closedAtByUser = new Map<string, number>();
    for (const c of toScan) closedAtByUser.set(c.user_id, Math.max(c.closed_at, closedAtByUser.get(c.user_id) ?? 0));
    await scanAndDelete(store, closedAtByUser, result);
    for (const c of toScan) await markClosure(store, c._id, 'scans_done_at', now);
  }
  result.billingRecords += await sweepExpiredBillingLinks(store, now);
  return result;
}

/** Deletes kept Stripe customer links whose retention period is over. */
export async function sweepExpiredBillingLinks(store: Store, now: number): Promise<number> {
  return deleteWhere(store.db('billing'), { prefix: customerByIdDocId('') }, (d) => {
    const until = typeof d.retain_until === 'string' ? Date.parse(d.retain_until) : NaN;
    return Number.isFinite(until) && until <= now;
  });
}
