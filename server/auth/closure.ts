/**
 * Closed accounts: what marks one, and the record that asks for its purge.
 *
 * - The account doc (`user:<email>` in `accounts`) gets `closedAt` (ms). From then on sign-in,
 *   refresh and every request with a bearer token are refused with {@link accountClosedMessage}.
 * - A closure record `closure:<userId>:<closedAt>` in `accounts` asks server/retention to purge the
 *   account's data. It is written *before* the account doc is marked, so a closed account always
 *   has one; a record whose account never got marked (the closing request died in between) is
 *   dropped by the sweep after a day.
 *
 * User ids are derived from the email, so a new account with the same address has the same id.
 * Everything here therefore carries the closure time, and the purge deletes only what existed at
 * that time (see server/retention/closedAccounts.ts).
 */
import { createIfAbsent, docsWithPrefix, isNotFound, upsert, type Store } from '../store';
import { CLOSURE_PREFIX, closureDocId, closurePrefixFor, isUserId } from '../store/ids';
import type { UserDoc } from './users';

export interface ClosureDoc {
  type: 'account_closure';
  user_id: string;
  /** When the account was closed (ms since the epoch); equal to the account doc's `closedAt`. */
  closed_at: number;
  /** Stage 1 done: the docs keyed by the user id (account, profile, teams…) are gone. */
  account_purged_at?: number;
  /** Stage 2 done: rows found by scanning (analytics, refresh tokens, invitations…) are gone. */
  scans_done_at?: number;
}

export type StoredClosure = ClosureDoc & { _id: string; _rev: string };

/** "1 March 2026" (UTC). */
export function closureDate(closedAt: number): string {
  return new Date(closedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** What a closed account is told when it tries to sign in, refresh or call the API. */
export function accountClosedMessage(closedAt: number): string {
  return `This account was closed on ${closureDate(closedAt)}. Its data is being deleted; to use Earnest again, create a new account.`;
}

/** When the account was closed (ms), or null: open, or no such account. */
export async function accountClosedAt(store: Store, userId: string): Promise<number | null> {
  if (!isUserId(userId)) return null;
  try {
    const doc = await store.db<UserDoc>('accounts').get(userId);
    return doc.type === 'user' && typeof doc.closedAt === 'number' ? doc.closedAt : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Writes the closure record (idempotent for the same closure time). */
export async function recordClosure(store: Store, userId: string, closedAt: number): Promise<void> {
  await createIfAbsent(store.db<ClosureDoc>('accounts'), {
    _id: closureDocId(userId, closedAt),
    type: 'account_closure',
    user_id: userId,
    closed_at: closedAt,
  });
}

/** Every closure record (oldest user id first), a page at a time. */
export async function* closureRecords(store: Store, userId?: string): AsyncGenerator<StoredClosure> {
  const prefix = userId ? closurePrefixFor(userId) : CLOSURE_PREFIX;
  for await (const doc of docsWithPrefix(store.db('accounts'), prefix)) {
    const c = doc as unknown as StoredClosure;
    if (c.type === 'account_closure' && typeof c.user_id === 'string' && typeof c.closed_at === 'number') yield c;
  }
}

/** Records a finished purge stage on the closure record (no-op when it is gone). */
export async function markClosure(
  store: Store,
  id: string,
  stage: 'account_purged_at' | 'scans_done_at',
  at: number,
): Promise<void> {
  await upsert(store.db<ClosureDoc>('accounts'), id, (doc) =>
    doc && doc.type === 'account_closure' && doc[stage] === undefined ? { ...doc, [stage]: at } : null,
  );
}
