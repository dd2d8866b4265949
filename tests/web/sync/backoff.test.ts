/**
 * The engine's waits (src/local/sync/backoff.ts): exponential, capped, jittered between half the
 * step and the step, reproducible with a seed, never shorter than the server's Retry-After.
 */
import { describe, expect, it } from 'vitest';
import { Backoff, MAX_RETRY_AFTER_MS, parseRetryAfter, seededRandom } from '../../../src/local/sync/backoff';

describe('Backoff', () => {
  it('doubles its step up to the cap, each wait between half the step and the step', () => {
    const b = new Backoff({ baseMs: 1_000, capMs: 16_000, random: seededRandom(42) });
    const steps = [1_000, 2_000, 4_000, 8_000, 16_000, 16_000, 16_000];
    const waits = steps.map(() => b.next());
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(steps[i] / 2);
      expect(w).toBeLessThanOrEqual(steps[i]);
    });
    expect(b.attempts).toBe(7);
  });

  it('gives the same waits for the same seed and different ones for another', () => {
    const run = (seed: number) => {
      const b = new Backoff({ baseMs: 500, capMs: 60_000, random: seededRandom(seed) });
      return Array.from({ length: 8 }, () => b.next());
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it('spreads devices that failed together: the first waits of 100 devices are not all alike', () => {
    const firsts = Array.from({ length: 100 }, (_, i) => new Backoff({ baseMs: 10_000, random: seededRandom(i) }).next());
    expect(new Set(firsts).size).toBeGreaterThan(50);
    expect(Math.min(...firsts)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...firsts)).toBeLessThanOrEqual(10_000);
  });

  it('waits at least what the server asked, and starts again from the base after reset', () => {
    const b = new Backoff({ baseMs: 1_000, capMs: 60_000, random: () => 0.999 });
    expect(b.next(5_000)).toBe(5_000);
    expect(b.next(1_000)).toBeGreaterThanOrEqual(1_000); // the doubled step (≤ 2 s) wins over a smaller Retry-After
    expect(b.next(10 * MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS); // an absurd Retry-After is capped
    b.reset();
    expect(b.next()).toBeLessThanOrEqual(1_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 5, 9, 0, 0);
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now - 30_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
