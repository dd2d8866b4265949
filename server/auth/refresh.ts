import { createHash, randomBytes } from 'node:crypto';
import { createIfAbsent, isConflict, isNotFound, upsert, type Store } from '../store';
import { refreshFamilyDocId as familyDocId, refreshFamilyPrefix as familyPrefix, refreshTokenDocId as tokenId } from '../store/ids';

/**
 * Opaque, rotating refresh tokens kept in the `accounts` database.
 *
 * - The token is 32 random bytes (base64url). Only its SHA-256 is stored: `refresh:<hex>`.
 * - Each login starts a family (`refreshfam:<userId, URI-encoded>:<familyId>`); every rotation
 *   marks the presented token used and issues a new one in the same family.
 * - Presenting a token that was already rotated usually means it leaked: the whole family is
 *   revoked, so the newer token stops working too. Two exceptions return a fresh token in the
 *   same family instead, because there the replay is the client's own and revoking would sign the
 *   user out for nothing:
 *   - **Grace window** ({@link REFRESH_GRACE_MS}, 30 s after the token's first use): parallel
 *     refreshes (several tabs or requests at once, a retried request) all succeed. Exactly one
 *     wins the `_rev` compare-and-set; the others take this path.
 *   - **Lost answer**: the token is the newest one the family has ever seen presented
 *     (`lastClaimed`), so its successor never came back; the browser did not receive it or did
 *     not keep it (Chromium writes cookies to disk in batches about every 30 s, so a browser
 *     killed a few seconds after a refresh relaunches with the previous cookie). The successors
 *     that were handed out from it are then superseded (`reissued`): presenting one of those later
 *     than the grace window is reuse, so a thief who replays a stolen token before its owner's
 *     next refresh still gets the family revoked at that refresh.
 */
export const DEFAULT_REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long after its first use a rotated token still returns a fresh pair (parallel refreshes). */
export const REFRESH_GRACE_MS = 30_000;

export interface RefreshTokenDoc {
  type: 'refresh';
  userId: string;
  familyId: string;
  issuedAt: number;
  expiresAt: number;
  usedAt?: number;
  /** SHA-256 of the token that replaced this one. */
  replacedBy?: string;
  /** SHA-256 of the token this one replaced. */
  parent?: string;
}

export interface RefreshFamilyDoc {
  type: 'refresh-family';
  userId: string;
  familyId: string;
  createdAt: number;
  revokedAt?: number;
  revokedReason?: 'reuse' | 'logout' | 'revoke-all' | 'account-closed';
  /** SHA-256 of the newest token of the family that was presented (claimed). */
  lastClaimed?: string;
  /** The last lost-answer reissue: successors of `parent` issued before `at` are superseded. */
  reissued?: { parent: string; at: number };
}

export interface IssuedRefreshToken {
  /** Give this to the client (httpOnly cookie); it is never stored. */
  token: string;
  userId: string;
  familyId: string;
  expiresAt: number;
}

export type RefreshFailure = 'unknown' | 'expired' | 'revoked' | 'reused';

export class RefreshTokenError extends Error {
  override name = 'RefreshTokenError';
  readonly status = 401;
  /** `userId`: whose token it was, when known (a closed account is told so instead). */
  constructor(
    readonly reason: RefreshFailure,
    readonly userId?: string,
  ) {
    super(
      reason === 'expired'
        ? 'The session has expired: sign in again.'
        : 'The session is no longer valid: sign in again.',
    );
  }
}

export interface RefreshTokenOptions {
  ttlSeconds?: number;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
}

export interface RefreshTokens {
  issue(userId: string): Promise<IssuedRefreshToken>;
  rotate(token: string): Promise<IssuedRefreshToken>;
  revokeFamily(familyId: string, userId: string, reason?: RefreshFamilyDoc['revokedReason']): Promise<void>;
  /** Revokes the family a token belongs to (logout); resolves to its user, or null for an unknown token. */
  revokeToken(token: string): Promise<string | null>;
  revokeAllForUser(userId: string, reason?: RefreshFamilyDoc['revokedReason']): Promise<number>;
}

type AccountsDoc = RefreshTokenDoc | RefreshFamilyDoc;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createRefreshTokens(store: Store, options: RefreshTokenOptions = {}): RefreshTokens {
  const db = store.db<AccountsDoc>('accounts');
  const ttlMs = (options.ttlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS) * 1000;
  const now = options.now ?? Date.now;

  async function issueInFamily(
    userId: string,
    familyId: string,
    parent?: string,
  ): Promise<IssuedRefreshToken & { hash: string }> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashRefreshToken(token);
    const issuedAt = now();
    const doc: RefreshTokenDoc & { _id: string } = {
      _id: tokenId(hash),
      type: 'refresh',
      userId,
      familyId,
      issuedAt,
      expiresAt: issuedAt + ttlMs,
      ...(parent ? { parent } : {}),
    };
    if (!(await createIfAbsent<AccountsDoc>(db, doc))) throw new Error('Refresh token collision.');
    return { token, hash, userId, familyId, expiresAt: doc.expiresAt };
  }

  async function getDoc<T extends AccountsDoc>(id: string): Promise<(T & PouchDB.Core.GetMeta & { _id: string }) | null> {
    try {
      return (await db.get(id)) as T & PouchDB.Core.GetMeta & { _id: string };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async function revokeFamily(
    familyId: string,
    userId: string,
    reason: RefreshFamilyDoc['revokedReason'] = 'logout',
  ): Promise<void> {
    const at = now();
    await upsert<AccountsDoc>(db, familyDocId(userId, familyId), (doc) => {
      if (!doc || doc.type !== 'refresh-family' || doc.revokedAt) return null;
      return { ...doc, revokedAt: at, revokedReason: reason };
    });
  }

  return {
    async issue(userId) {
      if (!userId) throw new Error('A refresh token needs a user id.');
      const familyId = randomBytes(16).toString('base64url');
      const family: RefreshFamilyDoc & { _id: string } = {
        _id: familyDocId(userId, familyId),
        type: 'refresh-family',
        userId,
        familyId,
        createdAt: now(),
      };
      if (!(await createIfAbsent<AccountsDoc>(db, family))) throw new Error('Refresh family collision.');
      const { hash: _hash, ...issued } = await issueInFamily(userId, familyId);
      return issued;
    },

    async rotate(token) {
      if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new RefreshTokenError('unknown');
      const hash = hashRefreshToken(token);
      let current = await getDoc<RefreshTokenDoc>(tokenId(hash));
      if (!current || current.type !== 'refresh') throw new RefreshTokenError('unknown');
      const famId = familyDocId(current.userId, current.familyId);
      const family = await getDoc<RefreshFamilyDoc>(famId);
      if (!family || family.revokedAt) throw new RefreshTokenError('revoked', current.userId);
      const at = now();
      if (current.expiresAt <= at) throw new RefreshTokenError('expired', current.userId);
      const reuse = async (): Promise<never> => {
        await revokeFamily(current!.familyId, current!.userId, 'reuse');
        throw new RefreshTokenError('reused', current!.userId);
      };

      let lostAnswer = false;
      let claimed = false;
      if (current.usedAt === undefined) {
        // A successor superseded by a lost-answer reissue: whoever holds it is not the client that
        // came back with the older token, so once the grace window is over this is reuse.
        const re = family.reissued;
        if (re && current.parent === re.parent && current.issuedAt < re.at && at - re.at > REFRESH_GRACE_MS) await reuse();
        // Claim the token: the _rev makes this a compare-and-set, so only one rotation wins.
        try {
          await db.put({ ...current, usedAt: at });
          claimed = true;
        } catch (err) {
          if (!isConflict(err)) throw err;
          // A parallel rotation won: this one is a replay inside the grace window (checked below).
          current = await getDoc<RefreshTokenDoc>(tokenId(hash));
          if (!current || current.type !== 'refresh' || current.usedAt === undefined) throw new RefreshTokenError('unknown');
        }
      }
      if (!claimed) {
        const inGrace = at - (current.usedAt ?? at) <= REFRESH_GRACE_MS;
        lostAnswer = !inGrace && family.lastClaimed === hash;
        if (!inGrace && !lostAnswer) await reuse();
      }

      const next = await issueInFamily(current.userId, current.familyId, hash);
      await upsert<AccountsDoc>(db, tokenId(hash), (doc) =>
        doc && doc.type === 'refresh' ? { ...doc, replacedBy: next.hash } : null,
      );
      await upsert<AccountsDoc>(db, famId, (doc) => {
        if (!doc || doc.type !== 'refresh-family' || doc.revokedAt) return null;
        if (lostAnswer) return { ...doc, reissued: { parent: hash, at } };
        // Only a first use moves the family on; a replay in the grace window leaves it where it is.
        return claimed && doc.lastClaimed !== hash ? { ...doc, lastClaimed: hash } : null;
      });
      // A reuse detected meanwhile revoked the family: do not hand out a token from it.
      const after = await getDoc<RefreshFamilyDoc>(famId);
      if (!after || after.revokedAt) throw new RefreshTokenError('revoked');
      const { hash: _hash, ...issued } = next;
      return issued;
    },

    revokeFamily,

    async revokeToken(token) {
      if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
      const doc = await getDoc<RefreshTokenDoc>(tokenId(hashRefreshToken(token)));
      if (!doc || doc.type !== 'refresh') return null;
      await revokeFamily(doc.familyId, doc.userId, 'logout');
      return doc.userId;
    },

    async revokeAllForUser(userId, reason = 'revoke-all') {
      const prefix = familyPrefix(userId);
      const res = await db.allDocs<AccountsDoc>({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true });
      let revoked = 0;
      for (const row of res.rows) {
        const doc = row.doc;
        if (!doc || doc.type !== 'refresh-family' || doc.userId !== userId || doc.revokedAt) continue;
        await revokeFamily(doc.familyId, userId, reason);
        revoked++;
      }
      return revoked;
    },
  };
}
