/**
 * Pure geometry for the SVG charts: linear scales, "nice" axis ticks, gap-aware line paths and
 * the nearest data point to a pointer. Kept free of React and the DOM so it can be unit-tested
 * without a browser. In src/core so the PDF and Excel builders draw the same pictures as the screen.
 */

export interface LinearScale {
  (value: number): number;
  /** Pixel → domain value. */
  invert(pixel: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

/**
 * Maps [d0, d1] linearly onto [r0, r1]. A zero-width domain maps everything to the middle of the
 * range rather than dividing by zero (a series with a single period still draws).
 */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const f = ((v: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((v - d0) / span) * (r1 - r0))) as LinearScale;
  f.invert = (p: number) => (r1 === r0 || span === 0 ? d0 : d0 + ((p - r0) / (r1 - r0)) * span);
  f.domain = [d0, d1];
  f.range = [r0, r1];
  return f;
}

/**
 * A "nice" step (1, 2 or 5 × a power of ten) near span / count. The cut-offs are the geometric
 * means of neighbouring steps (√2, √10, √50), as in d3's ticks, so the step chosen is the nearest
 * on a log scale and the tick count stays close to `count`.
 */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  const nice = m >= Math.sqrt(50) ? 10 : m >= Math.sqrt(10) ? 5 : m >= Math.SQRT2 ? 2 : 1;
  return nice * power;
}

/**
 * Axis ticks covering [min, max] with about `count` intervals, starting and ending on a multiple
 * of a nice step: niceTicks(0, 251_719, 5) → 0, 50k, …, 300k. The first and last ticks are the
 * axis' domain. A degenerate range (min = max) is widened so the axis still has a scale.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let lo = Number.isFinite(min) ? min : 0;
  let hi = Number.isFinite(max) ? max : 0;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) {
    // Flat data: give it room above (and below when not zero).
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    hi += pad;
    if (lo !== 0) lo -= pad;
  }
  const step = niceStep(hi - lo, Math.max(1, count));
  const start = Math.floor(lo / step + 1e-9) * step;
  const end = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  // Multiply rather than accumulate, so 0.1 steps do not drift (0.30000000000000004).
  for (let i = 0; start + i * step <= end + step * 1e-9; i++) ticks.push(Number((start + i * step).toPrecision(12)));
  return ticks;
}

/**
 * An SVG path through the points, with a gap wherever a value is null: every run of known
 * values starts a new subpath ("M … L … M … L …"). A run of one point is a zero-length subpath,
 * which draws nothing with a plain stroke: the chart marks known points with dots so a lone
 * value is still visible. Returns '' when no value is known.
 */
export function linePath(xs: readonly number[], ys: readonly (number | null)[]): string {
  const parts: string[] = [];
  let pen = false;
  const n = Math.min(xs.length, ys.length);
  for (let i = 0; i < n; i++) {
    const y = ys[i];
    if (y === null || !Number.isFinite(y) || !Number.isFinite(xs[i])) {
      pen = false;
      continue;
    }
    parts.push(`${pen ? 'L' : 'M'}${round2(xs[i])},${round2(y)}`);
    pen = true;
  }
  return parts.join(' ');
}

/** Two decimals are plenty for pixels and keep the markup small. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Index of the x closest to `px` (xs ascending); -1 when there are none. Ties go to the left. */
export function nearestIndex(xs: readonly number[], px: number): number {
  if (xs.length === 0 || !Number.isFinite(px)) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= px) lo = mid;
    else hi = mid;
  }
  return Math.abs(px - xs[lo]) <= Math.abs(xs[hi] - px) ? lo : hi;
}

/**
 * Which of `count` category labels to print when each needs about `minGap` pixels and the axis
 * is `width` wide: every k-th, always including the last one (usually the finish).
 */
export function labelIndices(count: number, width: number, minGap: number): number[] {
  if (count <= 0) return [];
  const fit = Math.max(1, Math.floor(width / Math.max(1, minGap)));
  const every = Math.max(1, Math.ceil(count / fit));
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  const last = count - 1;
  if (out[out.length - 1] !== last) {
    // Replace the previous label when it would collide with the last one.
    if (out.length > 1 && last - out[out.length - 1] < every) out.pop();
    out.push(last);
  }
  return out;
}

export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

/** The plot area inside the margins. */
export function plotArea(box: ChartBox): { left: number; right: number; top: number; bottom: number; width: number; height: number } {
  const left = box.margin.left;
  const right = Math.max(left + 1, box.width - box.margin.right);
  const top = box.margin.top;
  const bottom = Math.max(top + 1, box.height - box.margin.bottom);
  return { left, right, top, bottom, width: right - left, height: bottom - top };
}
