/**
 * Rate limits on the endpoints people (or scripts) can hammer without an account: sign-in, sign-up,
 * password reset, contact and anonymous analytics (which counts records, not requests). In memory per server process: with several instances behind a load
 * balancer each counts on its own, which still bounds abuse; set TRUST_PROXY so the client's address
 * (not the balancer's) is what is counted.
 *
 * Sign-in also has progressive per-account delays (signinDelay.ts): failed attempts for one email
 * (from any address) make the next attempt wait 1 s, 2 s, 4 s … up to 15 minutes; successful ones
 * are not counted, so a guessing attack on one account slows to a crawl while its owner, who knows
 * the password, gets in once the wait has passed.
 */
import express, { type Request, type RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { MAX_BATCH } from '../analytics/schemas';
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
  /** Analytics records (a batch of 50 counts 50) per address, on the analytics write endpoints. */
  analyticsRecordsPerIp: RateLimitRule;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: Readonly<RateLimitSettings> = Object.freeze({
  signinPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signinDelay: DEFAULT_SIGNIN_DELAY,
  signupPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  contactPerIp: { limit: 5, windowMs: 60 * MINUTE },
  // A real browser's outbox flush after a long offline spell is at most 500 records (10 batches);
  // twice that leaves room for the live traffic around it.
  analyticsRecordsPerIp: { limit: 1000, windowMs: 10 * MINUTE },
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

/** How many analytics records a request carries: the length of a batch (at most MAX_BATCH), else 1. */
export function analyticsRecordCount(req: Request): number {
  const body = req.body as { items?: unknown; events?: unknown } | undefined;
  const list = Array.isArray(body?.items) ? body.items : Array.isArray(body?.events) ? body.events : null;
  return list ? Math.min(MAX_BATCH, Math.max(1, list.length)) : 1;
}

/**
 * express-rate-limit counts one hit per request; analytics should count records. The limiter's key
 * carries the request's weight ("<weight>|<address key>"), and this store counts that many hits
 * under the address key, so a batch of 50 uses 50 of the allowance.
 */
export class WeightedMemoryStore implements Store {
  readonly localKeys = true;
  readonly #inner = new MemoryStore();

  static key(weight: number, key: string): string {
    return `${weight}|${key}`;
  }

  static #split(key: string): { weight: number; key: string } {
    const bar = key.indexOf('|');
    const weight = Number(key.slice(0, bar));
    return { weight: Number.isInteger(weight) && weight > 0 ? weight : 1, key: key.slice(bar + 1) };
  }

  init(options: Options): void {
    this.#inner.init(options);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.#inner.get(WeightedMemoryStore.#split(key).key);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { weight, key: k } = WeightedMemoryStore.#split(key);
    let info = await this.#inner.increment(k);
    for (let i = 1; i < weight; i++) info = await this.#inner.increment(k);
    return info;
  }

  async decrement(key: string): Promise<void> {
    const { weight, key: k } = WeightedMemoryStore.#split(key);
    for (let i = 0; i < weight; i++) await this.#inner.decrement(k);
  }

  async resetKey(key: string): Promise<void> {
    await this.#inner.resetKey(WeightedMemoryStore.#split(key).key);
  }

  shutdown(): void {
    this.#inner.shutdown();
  }
}

export interface RateLimiters {
  signin: RequestHandler[];
  signup: RequestHandler[];
  resetRequest: RequestHandler[];
  contact: RequestHandler[];
  /**
   * For `/api/analytics`, mounted after the API's JSON parser (the record count is read from the
   * parsed body); reads (the admin summary) are not counted.
   */
  analytics: RequestHandler[];
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
    analytics: [
      limiter(
        s.analyticsRecordsPerIp,
        `Too many analytics records from this network: at most ${s.analyticsRecordsPerIp.limit} every ${minutes(s.analyticsRecordsPerIp.windowMs)}. ` +
          'Send them later (the app keeps unsent records and retries by itself).',
        {
          store: new WeightedMemoryStore(),
          keyGenerator: (req) => WeightedMemoryStore.key(analyticsRecordCount(req), ipKeyGenerator(req.ip ?? '')),
          skip: (req) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS',
        },
      ),
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
    analyticsRecordsPerIp: scale(d.analyticsRecordsPerIp),
  };
}
