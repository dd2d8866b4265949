/**
 * How long to wait before trying the server again: exponential, capped, with jitter so that the
 * devices of a team that all lost the server at once do not all come back in the same second
 * (AWS "Exponential Backoff and Jitter": "equal jitter", which never waits less than half the
 * step). The random source is injected: seeded in tests, Math.random in the app.
 *
 * A server that says how long to wait (429 or 503 with Retry-After, server/sync/limits.ts) is
 * obeyed: the wait is never shorter than what it asked for.
 */

export interface BackoffOptions {
  /** First wait, before jitter (default 1 s). */
  baseMs?: number;
  /** Longest wait, before jitter (default 5 minutes). */
  capMs?: number;
  /** Uniform in [0, 1); default Math.random. */
  random?: () => number;
}

export const DEFAULT_BACKOFF_BASE_MS = 1_000;
export const DEFAULT_BACKOFF_CAP_MS = 5 * 60_000;
/** The longest Retry-After honoured; a bigger one (or a date far ahead) is read as this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

export class Backoff {
  private failures = 0;
  private readonly baseMs: number;
  private readonly capMs: number;
  private readonly random: () => number;

  constructor(opts: BackoffOptions = {}) {
    this.baseMs = Math.max(1, opts.baseMs ?? DEFAULT_BACKOFF_BASE_MS);
    this.capMs = Math.max(this.baseMs, opts.capMs ?? DEFAULT_BACKOFF_CAP_MS);
    this.random = opts.random ?? Math.random;
  }

  /** Failures in a row since the last success. */
  get attempts(): number {
    return this.failures;
  }

  /**
   * The wait after one more failure: half the step plus a random share of the other half, where
   * the step doubles per failure up to the cap; at least `retryAfterMs` when the server gave one.
   */
  next(retryAfterMs?: number | null): number {
    const step = Math.min(this.capMs, this.baseMs * 2 ** Math.min(this.failures, 40));
    this.failures++;
    const jittered = Math.round(step / 2 + this.random() * (step / 2));
    const asked = retryAfterMs && retryAfterMs > 0 ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : 0;
    return Math.max(jittered, asked);
  }

  /** After a success: the next failure waits the base step again. */
  reset(): void {
    this.failures = 0;
  }
}

/**
 * A Retry-After header as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110
 * §10.2.3). Null when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date names its day and month ("Mon, 05 Jan 2026 09:00:00 GMT"); "-5" is not one.
  if (!/[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

/** A small seeded generator (mulberry32), uniform in [0, 1): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
