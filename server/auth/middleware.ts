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
    verifyAccessToken(settings, match[1], new Date(now())).then(
      (claims) => {
        res.locals.auth = claims;
        next();
      },
      (err: unknown) => {
        if (!(err instanceof InvalidAccessTokenError)) return next(err);
        res.setHeader(
          'WWW-Authenticate',
          `Bearer realm="${BEARER_REALM}", error="invalid_token", error_description="${err.message}"`,
        );
        res.status(401).json({ error: err.message, reason: err.reason });
      },
    );
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
