/**
 * Progressive delays for password guesses on one account (sign-in, and anything else that checks
 * a password by email). Instead of a hard lock, which let five anonymous failures shut the real
 * owner out for 15 minutes, each failure past the first few makes the next attempt for that
 * account wait longer: 1 s, 2 s, 4 s … up to 15 minutes after the latest failure. Once the wait
 * has passed, the right password works, whoever failed before; a guessing script gets about one
 * try per 15 minutes after a dozen failures.
 *
 * The account is keyed by the same normaliser accounts use (trim, NFC, lowercase), so another
 * Unicode spelling or case of the address is the same account and earns no extra guesses.
 * In memory per process, like the per-address limits (see rateLimits.ts).
 */
import type { Request, RequestHandler } from 'express';
import { normaliseEmail } from '../auth/users';

export interface SigninDelayRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond them; it doubles with each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;

export const DEFAULT_SIGNIN_DELAY: Readonly<SigninDelayRule> = Object.freeze({
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
});

/** Entries kept at most; beyond it the stalest go (a flood of made-up addresses cannot grow memory). */
const MAX_ENTRIES = 50_000;

/** The account an email in a JSON body names, normalised as accounts are keyed; null when absent or malformed. */
export function accountKeyOf(req: Request): string | null {
  const body = req.body as { email?: unknown } | undefined;
  if (typeof body?.email !== 'string') return null;
  try {
    return normaliseEmail(body.email);
  } catch {
    return null; // no account can have this address
  }
}

/** The wait after `failures` failures (0 while within the free ones). */
export function signinDelayMs(rule: SigninDelayRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(40, failures - rule.freeFailures));
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

interface Entry {
  failures: number;
  lastFailureAt: number;
}

/**
 * The middleware: answers 429 with Retry-After while the account's wait runs; otherwise counts the
 * attempt as a failure until its answer says otherwise (so parallel guesses cannot slip through
 * together), and takes it back when the answer is a success or not a password check at all.
 */
export function signinDelay(rule: SigninDelayRule, now: () => number = Date.now): RequestHandler {
  const entries = new Map<string, Entry>();

  function prune(t: number): void {
    for (const [key, e] of entries) {
      if (entries.size <= MAX_ENTRIES && t - e.lastFailureAt <= rule.forgetAfterMs) break;
      entries.delete(key);
    }
  }

  return (req, res, next) => {
    const key = accountKeyOf(req);
    if (key === null) return next();
    const t = now();
    let entry = entries.get(key);
    if (entry && t - entry.lastFailureAt > rule.forgetAfterMs) {
      entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      const readyAt = entry.lastFailureAt + signinDelayMs(rule, entry.failures);
      if (t < readyAt) {
        const seconds = Math.max(1, Math.ceil((readyAt - t) / 1000));
        res.setHeader('Retry-After', String(seconds));
        res.status(429).json({
          error: `Too many failed sign-ins for this account. Wait ${waitText(seconds)} and try again, or reset your password.`,
          retry_after_seconds: seconds,
        });
        return;
      }
    }
    const counted: Entry = entry ?? { failures: 0, lastFailureAt: t };
    counted.failures++;
    counted.lastFailureAt = t;
    // Re-inserted at the end, so the Map's order is oldest failure first for prune().
    entries.delete(key);
    entries.set(key, counted);
    if (entries.size > MAX_ENTRIES) prune(t);
    res.on('finish', () => {
      // 401/403: the password was checked and was wrong (or the account is closed); that counts.
      if (res.statusCode === 401 || res.statusCode === 403) return;
      if (entries.get(key) !== counted) return;
      counted.failures = Math.max(0, counted.failures - 1);
      if (counted.failures === 0) entries.delete(key);
    });
    next();
  };
}
