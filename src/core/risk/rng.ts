/**
 * Counter-based random numbers for the Monte Carlo kernel (PERFORMANCE_NOTES.md §4.5).
 *
 * Every draw is a pure function of (seed, iteration, slot): nothing is carried from one draw to the
 * next, so an iteration gives the same numbers whichever worker runs it, in whatever batch, and a
 * draw can be regenerated later instead of stored (the Spearman pass in ./sensitivity.ts does).
 *
 * The function is two rounds of Wellons' "lowbias32" integer hash (bias ≈ 0.17 of the best
 * possible), keyed twice per iteration: h = mix(mix(iterKeyA ⊕ slotKey) ⊕ iterKeyB). One round
 * would let two (iteration, slot) pairs whose keys happen to XOR equal share a draw; the second,
 * independent iteration key breaks such coincidences. Philox4x32-10 would be the textbook choice
 * but needs 32×32→64-bit multiplies, which cost four `Math.imul`s each in JS; this is ~2 ns a draw.
 */

/** Wellons' lowbias32: a 32-bit integer bijection with good avalanche. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** 2^-32: turns a 32-bit hash into a uniform. */
export const TWO_NEG_32 = 1 / 4294967296;

/** The two per-iteration keys; `key[0]` is XORed before the first round, `key[1]` before the second. */
export function iterationKeys(seed: number, iteration: number, out: Uint32Array, at: number): void {
  const s = mix32((seed >>> 0) ^ 0x5bd1e995);
  // Iterations beyond 2^32 are not expected (memory holds one double per iteration).
  const k = mix32(s ^ mix32(iteration >>> 0));
  out[at] = k;
  out[at + 1] = mix32(k ^ 0x27d4eb2f ^ s);
}

/**
 * The key of a slot: a (stream, index) pair, e.g. (duration, activity 17). Streams keep the
 * different uses of one activity's randomness (its duration, its cost factor) independent.
 * (index, stream) → index·8 + stream is one-to-one and mix32 is a bijection, so two slots never
 * share a key, and within an iteration two slots never share a draw: hashing (stream, index) to a
 * random 32-bit key instead would, by the birthday bound, give some pair of 50k activities
 * identical, perfectly correlated draws.
 */
export function slotKey(stream: number, index: number): number {
  if (!(index >= 0 && index < 2 ** 29 && stream >= 0 && stream < 8)) throw new Error(`slotKey: index ${index} or stream ${stream} out of range.`);
  return mix32((index * 8 + stream) ^ 0x9e3779b9);
}

/**
 * A uniform in (0, 1), never 0 or 1, so inverse CDFs stay finite. The two rounds are written out
 * in 32-bit integer arithmetic with one unsigned conversion at the end: calling mix32 twice
 * (unsigned, i.e. double, in between) measured 4–5× slower in the kernel's loops.
 */
export function uniform(keyA: number, keyB: number, slot: number): number {
  let x = keyA ^ slot;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  x ^= keyB;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return ((x >>> 0) + 0.5) * TWO_NEG_32;
}

/** Stream ids. */
export const STREAM_DURATION = 0;
export const STREAM_GROUP = 1;
export const STREAM_EVENT_OCCURS = 2;
export const STREAM_EVENT_SEVERITY = 3;
export const STREAM_COST = 4;

/** The uniform of one (seed, iteration, stream, index): a convenience for tests and second passes. */
export function drawUniform(seed: number, iteration: number, stream: number, index: number): number {
  const k = new Uint32Array(2);
  iterationKeys(seed, iteration, k, 0);
  return uniform(k[0], k[1], slotKey(stream, index));
}
