/**
 * The one-to-one assignment of columns to fields: checked against brute force on small random
 * score matrices (the optimum total, nothing assigned twice, nothing below the threshold).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignMax } from '../../../../src/core/import/table/assign';

/** The best total over every partial one-to-one assignment (pairs below `min` count as unassigned). */
function bruteForce(score: number[][], min: number): number {
  const n = score.length;
  const m = score[0]?.length ?? 0;
  let best = 0;
  const used = new Array<boolean>(m).fill(false);
  const go = (i: number, total: number) => {
    if (i === n) {
      best = Math.max(best, total);
      return;
    }
    go(i + 1, total);
    for (let j = 0; j < m; j++) {
      if (used[j] || score[i][j] < min) continue;
      used[j] = true;
      go(i + 1, total + score[i][j]);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

const total = (score: number[][], choice: number[]) => choice.reduce((s, j, i) => s + (j >= 0 ? score[i][j] : 0), 0);

describe('assignMax', () => {
  it('finds the whole-table optimum where greedy fails', () => {
    // Rows "Start" and "Baseline Start"; fields plannedStart (0) and baselineStart (1). Greedy
    // takes the best single pair first ("Start" → baselineStart, 0.95) and is left with
    // "Baseline Start" → plannedStart (0.6): 1.55. The optimum is 0.9 + 1.0 = 1.9.
    const score = [
      [0.9, 0.95],
      [0.6, 1.0],
    ];
    const choice = assignMax(score, 0.5);
    expect(choice).toEqual([0, 1]);
    expect(total(score, choice)).toBeCloseTo(1.9, 12);
  });

  it('leaves a row unassigned rather than pair it below the threshold', () => {
    expect(assignMax([[0.4, 0.3]], 0.5)).toEqual([-1]);
    expect(assignMax([[0.9], [0.8]], 0.5)).toEqual([0, -1]);
    expect(assignMax([], 0.5)).toEqual([]);
  });

  it('matches brute force on random matrices and never assigns a field twice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((n) =>
          fc.integer({ min: 1, max: 6 }).chain((m) => fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: m, maxLength: m }), { minLength: n, maxLength: n })),
        ),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (score, min) => {
          const choice = assignMax(score, min);
          const fields = choice.filter((j) => j >= 0);
          expect(new Set(fields).size).toBe(fields.length);
          for (let i = 0; i < choice.length; i++) if (choice[i] >= 0) expect(score[i][choice[i]]).toBeGreaterThanOrEqual(min);
          expect(total(score, choice)).toBeCloseTo(bruteForce(score, min), 9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
