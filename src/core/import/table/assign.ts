/**
 * One-to-one assignment of columns to fields maximising the total score (the Hungarian method,
 * O(n²m) with potentials). Greedy "best column first" fails on tables such as
 * "Start | Baseline Start": the bare Start scores well for both start fields, and only the
 * whole-table optimum gives Baseline Start its own.
 */

/**
 * `score[i][j]` is how well row i (a column of the table) fits column j (a field). Returns for
 * each row the chosen field index, or -1 when the row is better left unmapped (every pairing
 * scoring below `minScore` is treated as no pairing).
 */
export function assignMax(score: readonly (readonly number[])[], minScore: number): number[] {
  const n = score.length;
  if (n === 0) return [];
  const m = score[0].length;
  // Each row may also take a private "none" column worth minScore, so a weak pairing loses to none.
  const cols = m + n;
  const cost = (i: number, j: number): number => {
    if (j >= m) return j - m === i ? -minScore : 0;
    const s = score[i][j];
    return s >= minScore ? -s : 0;
  };
  // Hungarian algorithm for an n × cols matrix (n ≤ cols), 1-based internally.
  const INF = Number.POSITIVE_INFINITY;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(cols + 1);
  const p = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(INF);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const result = new Array<number>(n).fill(-1);
  for (let j = 1; j <= cols; j++) {
    const i = p[j];
    if (i > 0 && j <= m && score[i - 1][j - 1] >= minScore) result[i - 1] = j - 1;
  }
  return result;
}
