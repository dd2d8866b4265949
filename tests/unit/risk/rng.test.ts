/**
 * The counter-based generator: uniform, no correlation between neighbouring iterations, slots,
 * streams or seeds, and a pure function of its counters (what makes split-invariance possible).
 */
import { describe, expect, it } from 'vitest';
import { kernelUniform } from '../../../src/core/risk/kernel';
import { drawUniform, iterationKeys, mix32, slotKey, STREAM_COST, STREAM_DURATION, uniform } from '../../../src/core/risk/rng';

const N = 100_000;

function corr(x: Float64Array, y: Float64Array): number {
  let sx = 0, sy = 0, sxy = 0, sx2 = 0, sy2 = 0;
  for (let k = 0; k < x.length; k++) {
    sx += x[k];
    sy += y[k];
    sxy += x[k] * y[k];
    sx2 += x[k] * x[k];
    sy2 += y[k] * y[k];
  }
  const n = x.length;
  return (sxy / n - (sx / n) * (sy / n)) / Math.sqrt((sx2 / n - (sx / n) ** 2) * (sy2 / n - (sy / n) ** 2));
}

describe('counter-based uniforms', () => {
  it('fill 100 equal bins evenly (χ² with 99 df below its 0.001 critical value, 148.2)', () => {
    const bins = new Float64Array(100);
    for (let k = 0; k < N; k++) bins[Math.floor(drawUniform(3, k % 1000, STREAM_DURATION, Math.floor(k / 1000)) * 100)]++;
    const e = N / 100;
    const chi2 = bins.reduce((c, o) => c + ((o - e) * (o - e)) / e, 0);
    expect(chi2).toBeLessThan(148.2);
  });

  it('stay strictly inside (0, 1)', () => {
    for (let k = 0; k < 10_000; k++) {
      const u = drawUniform(0, k, 0, 0);
      expect(u > 0 && u < 1).toBe(true);
    }
  });

  it('are uncorrelated between neighbouring iterations, activities, streams and seeds (|r| < 4/√N)', () => {
    const base = new Float64Array(N);
    const nextIter = new Float64Array(N);
    const nextSlot = new Float64Array(N);
    const otherStream = new Float64Array(N);
    const otherSeed = new Float64Array(N);
    for (let k = 0; k < N; k++) {
      const it = k >> 4;
      const slot = k & 15;
      base[k] = drawUniform(5, it, STREAM_DURATION, slot);
      nextIter[k] = drawUniform(5, it + 1, STREAM_DURATION, slot);
      nextSlot[k] = drawUniform(5, it, STREAM_DURATION, slot + 1);
      otherStream[k] = drawUniform(5, it, STREAM_COST, slot);
      otherSeed[k] = drawUniform(6, it, STREAM_DURATION, slot);
    }
    const tol = 4 / Math.sqrt(N);
    for (const other of [nextIter, nextSlot, otherStream, otherSeed]) expect(Math.abs(corr(base, other))).toBeLessThan(tol);
  });

  it('give the same number for the same counters, whenever asked', () => {
    const first = [drawUniform(9, 123456, STREAM_DURATION, 42), drawUniform(9, 7, STREAM_COST, 0)];
    drawUniform(9, 1, 1, 1);
    expect([drawUniform(9, 123456, STREAM_DURATION, 42), drawUniform(9, 7, STREAM_COST, 0)]).toEqual(first);
    expect(drawUniform(10, 123456, STREAM_DURATION, 42)).not.toBe(first[0]);
  });

  it('the kernel’s inlined copy of the hash is the same function', () => {
    for (let k = 0; k < 20_000; k++) {
      const a = mix32(k);
      const b = mix32(a ^ 77);
      const slot = mix32(k * 3 + 1);
      expect(kernelUniform(a, b, slot)).toBe(uniform(a, b, slot));
    }
  });

  it('never gives two activities (or streams) of one iteration the same draw, even at 100k activities', () => {
    const keys = new Set<number>();
    for (let stream = 0; stream < 5; stream++) for (let i = 0; i < 100_000; i++) keys.add(slotKey(stream, i));
    expect(keys.size).toBe(500_000);
    const k = new Uint32Array(2);
    iterationKeys(1, 12345, k, 0);
    const draws = new Set<number>();
    for (const s of keys) draws.add(uniform(k[0], k[1], s));
    expect(draws.size).toBe(500_000);
  });
});
