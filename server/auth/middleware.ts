import type { RequestHandler, Response } from 'express';
import { InvalidAccessTokenError, verifyAccessToken, type AccessTokenSettings, type VerifiedAccessToken } from './tokens';

/**
 * `requireUser`: lets a request through only with a valid bearer access token, and keeps the
 * verified claims on `res.locals.auth` (read them with {@link authOf}). Otherwise 401 with a
 * `WWW-Authenticate: Bearer` challenge (RFC 6750); `error="invalid_token"` tells the client to
 * refresh. The claims are a hint: routes that touch team data re-check membership in the store.
 */
export const BEARER_REALM = 'earnest';

export interface RequireUserOptions {
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
  /**
   * Checked after the token verifies: a reason to refuse this user's token (a closed account, or a
   * token issued before the account was created, the password changed or the user signed out), or
   * null. `issuedAtMs` is the token's issue time in milliseconds. Read from the store on every
   * request, so the cut-off holds at once on every instance, on /api/* and on /db/* alike.
   */
  checkAccount?: (userId: string, issuedAtMs: number) => Promise<AccountRefusal | null>;
}

export interface AccountRefusal {
  /** `account_closed`, or `invalid` for a token that predates the account. */
  reason: 'account_closed' | 'invalid';
  message: string;
}

export function requireUser(settings: AccessTokenSettings, options: RequireUserOptions = {}): RequestHandler {
  const now = options.now ?? Date.now;
  return (req, res, next) => {
    // Already verified by an earlier requireUser/optionalUser on this request: once is enough.
    if (res.locals.auth) return next();
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header) : null;
    if (!match) {
      res.setHeader('WWW-Authenticate', `Bearer realm="${BEARER_REALM}"`);
      res.status(401).json({ error: 'Sign in to continue.' });
      return;
    }
    const refuse = (message: string, reason: string, description?: string) => {
      res.setHeader(
        'WWW-Authenticate',
        `Bearer realm="${BEARER_REALM}", error="invalid_token"${description ? `, error_description="${description}"` : ''}`,
      );
      res.status(401).json({ error: message, reason });
    };
    (async () => {
      let claims: VerifiedAccessToken;
      try {
        claims = await verifyAccessToken(settings, match[1], new Date(now()));
      } catch (err) {
        if (!(err instanceof InvalidAccessTokenError)) throw err;
        return refuse(err.message, err.reason, err.message);
      }
      const refusal = options.checkAccount ? await options.checkAccount(claims.sub, claims.issuedAtMs) : null;
      if (refusal) return refuse(refusal.message, refusal.reason);
      res.locals.auth = claims;
      next();
    })().catch(next);
  };
}

/**
 * `optionalUser`: like {@link requireUser} when an Authorization header is present (a bad token is
 * still a 401, so the client refreshes and retries), but lets requests without one through
 * anonymously. For endpoints anyone may call that attribute the caller when signed in (analytics,
 * contact). Read the claims with {@link maybeAuthOf}.
 */
export function optionalUser(settings: AccessTokenSettings, options: RequireUserOptions = {}): RequestHandler {
  const strict = requireUser(settings, options);
  return (req, res, next) => {
    if (req.headers.authorization === undefined) return next();
    return strict(req, res, next);
  };
}

/** The verified claims when the request was signed in, else null. */
export function maybeAuthOf(res: Response): VerifiedAccessToken | null {
  return (res.locals.auth as VerifiedAccessToken | undefined) ?? null;
}

/** The claims `requireUser` verified for this request. Throws when used on a route without it. */
export function authOf(res: Response): VerifiedAccessToken {
  const auth = res.locals.auth as VerifiedAccessToken | undefined;
  if (!auth) throw new Error('authOf: the route is not behind requireUser.');
  return auth;
}
