/**
 * Rate limits on the endpoints people (or scripts) can hammer without an account: sign-in, sign-up,
 * password reset and contact. In memory per server process: with several instances behind a load
 * balancer each counts on its own, which still bounds abuse; set TRUST_PROXY so the client's address
 * (not the balancer's) is what is counted.
 *
 * Sign-in also has progressive per-account delays (signinDelay.ts): failed attempts for one email
 * (from any address) make the next attempt wait 1 s, 2 s, 4 s … up to 15 minutes; successful ones
 * are not counted, so a guessing attack on one account slows to a crawl while its owner, who knows
 * the password, gets in once the wait has passed.
 */
import express, { type Request, type RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { accountKeyOf, DEFAULT_SIGNIN_DELAY, signinDelay, type SigninDelayRule } from './signinDelay';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitSettings {
  signinPerIp: RateLimitRule;
  /** Progressive delays after failed sign-ins per account. */
  signinDelay: SigninDelayRule;
  signupPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerAccount: RateLimitRule;
  contactPerIp: RateLimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: Readonly<RateLimitSettings> = Object.freeze({
  signinPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signinDelay: DEFAULT_SIGNIN_DELAY,
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  contactPerIp: { limit: 5, windowMs: 60 * MINUTE },
});

/** "1 minute", "15 minutes". */
function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / MINUTE));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

/** The email in a JSON body, normalised the way accounts are keyed (one normaliser); '' when absent or malformed. */
function bodyEmail(req: Request): string {
  return accountKeyOf(req) ?? '';
}

function limiter(rule: RateLimitRule, message: string, extra: Partial<Options> = {}): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: message });
    },
    ...extra,
  });
}

export interface RateLimiters {
  signin: RequestHandler[];
  signup: RequestHandler[];
  resetRequest: RequestHandler[];
  contact: RequestHandler[];
}

/**
 * The limiters, each preceded by a small JSON parser so per-account keys can read the email (the
 * routes' own parsers then see the body already parsed and skip).
 */
export function createRateLimiters(overrides: Partial<RateLimitSettings> = {}, now: () => number = Date.now): RateLimiters {
  const s: RateLimitSettings = { ...DEFAULT_RATE_LIMITS, ...overrides };
  const json = express.json({ limit: '16kb' });
  const byAccount = (req: Request) => `account:${bodyEmail(req)}`;
  const skipWithoutEmail = (req: Request) => bodyEmail(req) === '';
  return {
    signin: [
      json,
      limiter(s.signinPerIp, `Too many sign-in attempts from this network. Wait ${minutes(s.signinPerIp.windowMs)} and try again.`),
      signinDelay(s.signinDelay, now),
    ],
    signup: [
      json,
      limiter(s.signupPerIp, `Too many sign-ups from this network. Wait ${minutes(s.signupPerIp.windowMs)} and try again.`),
    ],
    resetRequest: [
      json,
      limiter(s.resetPerIp, `Too many password reset requests from this network. Wait ${minutes(s.resetPerIp.windowMs)} and try again.`),
      limiter(
        s.resetPerAccount,
        `Too many password reset emails for this address. Check your inbox (and spam folder) for the last one, or wait ${minutes(s.resetPerAccount.windowMs)}.`,
        { keyGenerator: byAccount, skip: skipWithoutEmail },
      ),
    ],
    contact: [
      json,
      limiter(s.contactPerIp, `Too many messages from this network. Wait ${minutes(s.contactPerIp.windowMs)} and try again.`),
    ],
  };
}

/**
 * RATE_LIMIT_IP_FACTOR multiplies the per-address limits (not the per-account delays): a site
 * office where fifty people share one public address needs more sign-ins per address than a home.
 * Unset or 1: the defaults. Anything but a positive number is refused at start-up.
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<RateLimitSettings> {
  const raw = env.RATE_LIMIT_IP_FACTOR?.trim();
  if (!raw) return {};
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor <= 0) {
    throw new Error(`RATE_LIMIT_IP_FACTOR must be a positive number (e.g. 5); got "${raw}".`);
  }
  const scale = (r: RateLimitRule): RateLimitRule => ({ limit: Math.max(1, Math.round(r.limit * factor)), windowMs: r.windowMs });
  const d = DEFAULT_RATE_LIMITS;
  return {
    signinPerIp: scale(d.signinPerIp),
    signupPerIp: scale(d.signupPerIp),
    resetPerIp: scale(d.resetPerIp),
    contactPerIp: scale(d.contactPerIp),
  };
}
