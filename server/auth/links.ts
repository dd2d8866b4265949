import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { createIfAbsent, type Store } from '../store';
import { oneTimeLinkDocId } from '../store/ids';

/**
 * Signed, expiring, single-use tokens for mailed links (email verification, password reset).
 *
 * - A JWT (HS256) under a key derived from the auth secret for this use only, with the purpose as
 *   the audience, so an access token can never pass as a link token or the other way round.
 * - Single use: consuming a token creates `onetime:<jti>` in `accounts`; a second create conflicts.
 * - Reset tokens also carry a fingerprint of the password hash they were issued against, so a reset
 *   link stops working once the password changes by any route.
 */
export type LinkPurpose = 'verify-email' | 'password-reset';

export const DEFAULT_LINK_TTL_SECONDS: Readonly<Record<LinkPurpose, number>> = Object.freeze({
  'verify-email': 48 * 60 * 60,
  'password-reset': 60 * 60,
});

const ISSUER = 'earnest';
const audience = (purpose: LinkPurpose) => `earnest:${purpose}`;

export type LinkFailure = 'invalid' | 'expired' | 'used';

export class LinkTokenError extends Error {
  override name = 'LinkTokenError';
  readonly status = 400;
  constructor(readonly reason: LinkFailure) {
    super(
      reason === 'expired'
        ? 'This link has expired. Ask for a new one.'
        : reason === 'used'
          ? 'This link has already been used. Ask for a new one if you still need it.'
          : 'This link is not valid. Check that it was copied in full, or ask for a new one.',
    );
  }
}

export interface LinkClaims {
  userId: string;
  jti: string;
  /** Password-hash fingerprint (reset links only). */
  pwh?: string;
}

export interface LinkTokens {
  sign(purpose: LinkPurpose, userId: string, extra?: { pwh?: string }): Promise<string>;
  /** Checks signature, purpose and expiry; does not consume. */
  verify(purpose: LinkPurpose, token: unknown): Promise<LinkClaims>;
  /** Marks the token used; throws {@link LinkTokenError} "used" if it already was. */
  consume(purpose: LinkPurpose, claims: LinkClaims): Promise<void>;
}

export interface LinkTokenOptions {
  secret: string | Uint8Array;
  store: Store;
  now?: () => number;
  ttlSeconds?: Partial<Record<LinkPurpose, number>>;
}

/** A short, non-reversible fingerprint of a password hash. */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('base64url').slice(0, 22);
}

export function createLinkTokens(options: LinkTokenOptions): LinkTokens {
  const secret = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  const key = new Uint8Array(createHmac('sha256', secret).update('earnest mailed-link key v1').digest());
  const now = options.now ?? Date.now;
  const db = options.store.db<{ type: 'onetime'; purpose: LinkPurpose; userId: string; usedAt: number }>('accounts');
  const ttl = (purpose: LinkPurpose) => options.ttlSeconds?.[purpose] ?? DEFAULT_LINK_TTL_SECONDS[purpose];

  return {
    async sign(purpose, userId, extra = {}) {
      const iat = Math.floor(now() / 1000);
      const jwt = new SignJWT(extra.pwh ? { pwh: extra.pwh } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(audience(purpose))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl(purpose));
      return jwt.sign(key);
    },

    async verify(purpose, token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new LinkTokenError('invalid');
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audience(purpose),
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') throw new LinkTokenError('invalid');
        const claims: LinkClaims = { userId: payload.sub, jti: payload.jti };
        if (typeof payload.pwh === 'string') claims.pwh = payload.pwh;
        return claims;
      } catch (err) {
        if (err instanceof LinkTokenError) throw err;
        if (err instanceof errors.JWTExpired) throw new LinkTokenError('expired');
        throw new LinkTokenError('invalid');
      }
    },

    async consume(purpose, claims) {
      const created = await createIfAbsent(db, {
        _id: oneTimeLinkDocId(claims.jti),
        type: 'onetime',
        purpose,
        userId: claims.userId,
        usedAt: now(),
      });
      if (!created) throw new LinkTokenError('used');
    },
  };
}
