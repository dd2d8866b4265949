import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Short-lived access tokens: JWT, HS256 with a server secret, `iss`/`aud` set, ~15 minutes.
 * The secret is shared by every server instance (stateless; see DESIGN "Scale beyond one machine").
 * Claims are an optimisation: team membership is re-checked against the store on each request.
 */
export const ACCESS_TOKEN_ALG = 'HS256';
export const DEFAULT_ACCESS_TTL_SECONDS = 15 * 60;
/** Seconds of clock difference between instances that `iat`/`exp` checks forgive. */
export const CLOCK_TOLERANCE_SECONDS = 5;
/** HS256 needs a key at least as long as the hash output. */
export const MIN_SECRET_BYTES = 32;

export interface AccessTokenSettings {
  readonly key: Uint8Array;
  readonly issuer: string;
  readonly audience: string;
  readonly ttlSeconds: number;
}

export interface AccessTokenOptions {
  /** At least 32 bytes (UTF-8) of random secret, e.g. `openssl rand -base64 48`. */
  secret: string | Uint8Array;
  issuer: string;
  audience: string;
  ttlSeconds?: number;
}

/** Validates and prepares the settings once (at start-up), so a bad secret fails early. */
export function accessTokenSettings(options: AccessTokenOptions): AccessTokenSettings {
  const key = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < MIN_SECRET_BYTES) {
    throw new Error(
      `The access-token secret is too short (${key.length} bytes): use at least ${MIN_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\`.`,
    );
  }
  if (!options.issuer || !options.audience) throw new Error('Access tokens need an issuer and an audience.');
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_ACCESS_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > 60 * 60) {
    throw new Error(`The access-token lifetime must be 1–3600 seconds; got ${ttlSeconds}.`);
  }
  return Object.freeze({ key: new Uint8Array(key), issuer: options.issuer, audience: options.audience, ttlSeconds });
}

export interface AccessClaims {
  /** The user id (`user:<normalised email>`). */
  sub: string;
  /** Team roles as a hint for the client; the server re-checks membership. */
  teams?: Record<string, string>;
}

export interface VerifiedAccessToken extends AccessClaims {
  iat: number;
  exp: number;
  /**
   * When it was issued, in milliseconds (the `iat_ms` claim): sign-out and password changes are
   * stored in milliseconds, and `iat` alone could not tell a token from just before a sign-out
   * from one just after it in the same second. A token without the claim counts from the start of
   * its `iat` second (the safe side).
   */
  issuedAtMs: number;
  jti?: string;
}

export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
  readonly status = 401;
  constructor(
    readonly reason: 'expired' | 'invalid',
    options?: { cause?: unknown },
  ) {
    super(reason === 'expired' ? 'The access token has expired.' : 'The access token is not valid.', options);
  }
}

/** Signs an access token. `now` is for tests. */
export async function signAccessToken(
  settings: AccessTokenSettings,
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<string> {
  if (!claims.sub) throw new Error('An access token needs a subject (user id).');
  const iat = Math.floor(now.getTime() / 1000);
  const payload: JWTPayload = { iat_ms: now.getTime() };
  if (claims.teams) payload.teams = claims.teams;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .sign(settings.key);
}

/**
 * Verifies an access token: HS256 only (pinned), issuer and audience checked, `sub`/`exp`/`iat`
 * required. Throws {@link InvalidAccessTokenError} (`reason` "expired" lets the client refresh).
 */
export async function verifyAccessToken(
  settings: AccessTokenSettings,
  token: string,
  now: Date = new Date(),
): Promise<VerifiedAccessToken> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192) {
    throw new InvalidAccessTokenError('invalid');
  }
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidAccessTokenError('invalid');
    // This server never signs a token that lives longer than the configured lifetime or that is
    // dated in the future: one that does was made with a leaked key (or by a misconfigured
    // instance), and a 10-year `exp` must not outlive a key rotation's grace or a sign-out.
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const iat = payload.iat!;
    const exp = payload.exp!;
    if (exp - iat > settings.ttlSeconds + CLOCK_TOLERANCE_SECONDS || iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) {
      throw new InvalidAccessTokenError('invalid');
    }
    const ms = payload.iat_ms;
    const issuedAtMs = typeof ms === 'number' && Number.isInteger(ms) && Math.floor(ms / 1000) === iat ? ms : iat * 1000;
    const result: VerifiedAccessToken = { sub: payload.sub, iat, exp, issuedAtMs };
    if (payload.teams && typeof payload.teams === 'object') result.teams = payload.teams as Record<string, string>;
    if (typeof payload.jti === 'string') result.jti = payload.jti;
    return result;
  } catch (err) {
    if (err instanceof InvalidAccessTokenError) throw err;
    if (err instanceof errors.JWTExpired) throw new InvalidAccessTokenError('expired', { cause: err });
    throw new InvalidAccessTokenError('invalid', { cause: err });
  }
}
