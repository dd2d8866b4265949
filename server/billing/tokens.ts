/**
 * Short-lived signed links for the local billing pages: a JWT (HS256) under a key derived from the
 * auth secret for this purpose only — HMAC-SHA256(secret, 'earnest local billing key v1') — so a
 * billing token can never pass as an access token and vice versa. The token names the user and,
 * for checkout, what is being bought. It lives 30 minutes and is also the pages' CSRF token: every
 * form posts it back in a hidden field.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ulid } from 'ulid';
import type { BillingInterval, PaidTierId } from '../../src/core/plans';
import { normaliseAddonLines, type AddonLine } from './subscriptionState';

export const BILLING_TOKEN_TTL_SECONDS = 30 * 60;
const ISSUER = 'earnest';
const AUDIENCE = 'earnest-local-billing';

export type BillingTokenPurpose = 'checkout' | 'portal';

export interface CheckoutClaims {
  purpose: 'checkout';
  userId: string;
  tier: PaidTierId;
  billing: BillingInterval;
  addons: AddonLine[];
  jti: string;
}

export interface PortalClaims {
  purpose: 'portal';
  userId: string;
  jti: string;
}

export type BillingClaims = CheckoutClaims | PortalClaims;

/** Why a token was refused, with a message for the page. */
export class BillingTokenError extends Error {
  override name = 'BillingTokenError';
  constructor(
    readonly reason: 'missing' | 'expired' | 'invalid' | 'wrong-purpose',
    message: string,
  ) {
    super(message);
  }
}

export const TOKEN_MISSING = 'This billing link is incomplete: it has no token. Start again from Earnest.';
export const TOKEN_EXPIRED = 'This billing link has expired (links last 30 minutes). Go back to Earnest and start again.';
export const TOKEN_INVALID = 'This billing link is not valid (it may have been altered). Go back to Earnest and start again.';

export function billingKey(secret: string | Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update('earnest local billing key v1').digest());
}

export async function signBillingToken(
  secret: string | Uint8Array,
  claims: Omit<CheckoutClaims, 'jti'> | Omit<PortalClaims, 'jti'>,
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const payload: Record<string, unknown> = { purpose: claims.purpose };
  if (claims.purpose === 'checkout') {
    payload.tier = claims.tier;
    payload.billing = claims.billing;
    payload.addons = claims.addons.map((a) => ({ id: a.id, quantity: a.quantity }));
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + BILLING_TOKEN_TTL_SECONDS)
    .setJti(ulid(now))
    .sign(billingKey(secret));
}

/** Verifies a token for a purpose at `now`; throws {@link BillingTokenError}. */
export async function verifyBillingToken(
  secret: string | Uint8Array,
  token: unknown,
  purpose: BillingTokenPurpose,
  now: number,
): Promise<BillingClaims> {
  if (typeof token !== 'string' || token.trim() === '') throw new BillingTokenError('missing', TOKEN_MISSING);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token.trim(), billingKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'jti'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new BillingTokenError('expired', TOKEN_EXPIRED);
    throw new BillingTokenError('invalid', TOKEN_INVALID);
  }
  const userId = payload.sub;
  const jti = payload.jti;
  if (typeof userId !== 'string' || typeof jti !== 'string') throw new BillingTokenError('invalid', TOKEN_INVALID);
  if (payload.purpose !== purpose) {
    throw new BillingTokenError('wrong-purpose', `This link is for the ${String(payload.purpose)} page, not the ${purpose} page.`);
  }
  if (purpose === 'portal') return { purpose, userId, jti };
  const { tier, billing } = payload;
  if ((tier !== 'starter' && tier !== 'professional') || (billing !== 'monthly' && billing !== 'annual')) {
    throw new BillingTokenError('invalid', TOKEN_INVALID);
  }
  const rawAddons = Array.isArray(payload.addons) ? (payload.addons as { id: string; quantity: number }[]) : [];
  return { purpose, userId, tier, billing, addons: normaliseAddonLines(rawAddons), jti };
}
