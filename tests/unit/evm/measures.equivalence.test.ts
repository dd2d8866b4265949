/**
 * Differential safety net for the optimised `computeCostMeasures`: for random inputs — zeros (and
 * −0), negatives, null / NaN / ±∞, values large enough to overflow, EV > BAC, EV = BAC, AC = BAC, every
 * EAC method, with and without nPeriodsAgo, bottomUpEtc and compositeWeight — its result must be
 * deep-equal (values, formulas, inputs, reasons, and key order) to that of the frozen copy of the
 * implementation it replaced (measures.reference.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCostMeasures } from '../../../src/core/evm/measures';
import { EAC_METHODS, type CostInputs, type CostMeasures } from '../../../src/core/evm/types';
import { computeCostMeasuresReference } from './measures.reference';

/** Keys in insertion order, recursively: toStrictEqual ignores key order, a UI or JSON output does not. */
function keyOrder(x: unknown): unknown {
  if (x === null || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  return Object.keys(o).map((k) => [k, keyOrder(o[k])]);
}

function expectSame(inputs: CostInputs): void {
  const expected = computeCostMeasuresReference(inputs);
  const actual: CostMeasures = computeCostMeasures(inputs);
  // toStrictEqual compares numbers with Object.is (so 0 ≠ −0 and NaN = NaN) and treats a missing key
  // and an `undefined` one as different.
  expect(actual).toStrictEqual(expected);
  expect(keyOrder(actual)).toEqual(keyOrder(expected));
  // eacSelected is a copy, never an alias of one of the EACs (a consumer may annotate it).
  for (const m of EAC_METHODS) {
    expect(actual.eacSelected).not.toBe(actual.eac[m]);
    expect(actual.eacSelected.inputs).not.toBe(actual.eac[m].inputs);
  }
}

/** Small integers collide often, so EV = BAC, AC = BAC, EV = EV(n) and friends are all exercised. */
const small = fc.integer({ min: -5, max: 20 });
const special = fc.constantFrom(0, -0, 1, -1, NaN, Infinity, -Infinity, null, undefined, 1e308, -1e308, Number.MIN_VALUE, 0.1, 0.2, 0.3);
const num = fc.oneof(
  { arbitrary: small, weight: 4 },
  { arbitrary: fc.double({ min: -1e7, max: 1e7, noNaN: true }), weight: 3 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: special, weight: 2 },
);
/** Realistic roll-up figures: finite and non-negative, sometimes zero. */
const amount = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 2_000 }), weight: 3 },
  { arbitrary: fc.double({ min: 0, max: 1e9, noNaN: true }), weight: 3 },
  { arbitrary: fc.constant(0), weight: 1 },
);

const weight = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.constantFrom(0, 1, 0.5, 0.8, -0.1, 1.5, NaN, Infinity, null),
  num,
);

function costInputs(value: fc.Arbitrary<number | null | undefined>): fc.Arbitrary<CostInputs> {
  const history = fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.record({ ev: value, ac: value, n: fc.oneof(fc.integer({ min: 0, max: 12 }), value) }),
  );
  return fc.record(
    {
      pv: value,
      ev: value,
      ac: value,
      bac: value,
      bottomUpEtc: fc.oneof(fc.constant(null), fc.constant(undefined), value),
      nPeriodsAgo: history,
      compositeWeight: fc.oneof(fc.constant(undefined), weight),
      eacMethod: fc.oneof(fc.constant(undefined), fc.constantFrom(...EAC_METHODS)),
    },
    { requiredKeys: ['pv', 'ev', 'ac', 'bac'] },
    // Deliberately outside the declared types: the function must cope with null / NaN / undefined.
  ) as unknown as fc.Arbitrary<CostInputs>;
}

describe('computeCostMeasures — equivalence with the reference implementation', () => {
  it('deep-equals the reference for arbitrary inputs, including missing and non-finite ones', () => {
    fc.assert(
      fc.property(costInputs(num), (inputs) => expectSame(inputs)),
      { numRuns: 5_000 },
    );
  });

  it('deep-equals the reference for realistic roll-up inputs (all finite, non-negative)', () => {
    fc.assert(
      fc.property(costInputs(amount), (inputs) => expectSame(inputs)),
      { numRuns: 5_000 },
    );
  });

  it('deep-equals the reference on hand-picked edge cases', () => {
    const cases: CostInputs[] = [
      { pv: 100, ev: 90, ac: 95, bac: 1_000, bottomUpEtc: 900 },
      { pv: 100, ev: 90, ac: 95, bac: 1_000, bottomUpEtc: 900, nPeriodsAgo: { ev: 50, ac: 60, n: 3 } },
      { pv: 100, ev: 90, ac: 0, bac: 1_000, bottomUpEtc: 900 },
      { pv: 100, ev: 1_200, ac: 95, bac: 1_000, bottomUpEtc: 900 },
      { pv: 100, ev: 90, ac: 95, bac: 1_000, bottomUpEtc: 900, eacMethod: 'bottomUp' },
      { pv: 0, ev: 0, ac: 0, bac: 0 },
      { pv: 0, ev: 0, ac: 0, bac: 500 },
      { pv: 100, ev: 0, ac: 80, bac: 1_000 },
      { pv: 1_000, ev: 1_000, ac: 1_000, bac: 1_000 },
      { pv: 1_000, ev: 1_000, ac: 1_200, bac: 1_000 },
      { pv: 1_000, ev: 1_000, ac: 900, bac: 1_000, eacMethod: 'cpiSpi' },
      { pv: 0.3, ev: 0.1 + 0.2, ac: 0.7, bac: 0.3 },
      { pv: 1e308, ev: -1e308, ac: 1e308, bac: -1e308 },
      { pv: 1e308, ev: 1e308, ac: Number.MIN_VALUE, bac: 1e308, eacMethod: 'composite', compositeWeight: 0.5 },
      { pv: 100, ev: 50, ac: 60, bac: 1_000, compositeWeight: 1.5, eacMethod: 'composite' },
      { pv: 100, ev: 50, ac: 60, bac: 1_000, nPeriodsAgo: { ev: 50, ac: 60, n: 0 }, eacMethod: 'cpiLastN' },
      { pv: 100, ev: 50, ac: 60, bac: 1_000, nPeriodsAgo: { ev: 40, ac: 70, n: 2 }, eacMethod: 'cpiLastN' },
      { pv: 100, ev: 50, ac: 60, bac: 1_000, bottomUpEtc: -5, eacMethod: 'bottomUp' },
      { pv: 100, ev: 50, ac: 60, bac: 1_000, bottomUpEtc: NaN, eacMethod: 'bottomUp' },
      { pv: 100, ev: 50, ac: 2_000, bac: 1_000, bottomUpEtc: 0, eacMethod: 'planRate' },
      { pv: -0, ev: -0, ac: -0, bac: -0 },
      { pv: NaN, ev: NaN, ac: NaN, bac: NaN, eacMethod: 'planRate' },
      // Work complete (EV = BAC) with EAC − AC just above / below TCPI(EAC)'s snap-to-zero tolerance.
      { pv: 100, ev: 1_000, ac: 1e6, bac: 1_000, bottomUpEtc: 0.01, eacMethod: 'bottomUp' },
      { pv: 100, ev: 1_000, ac: 1e6, bac: 1_000, bottomUpEtc: 1e-4, eacMethod: 'bottomUp' },
      { pv: 100, ev: 1_000, ac: 1e6, bac: 1_000, bottomUpEtc: 1e-3, eacMethod: 'bottomUp' },
    ];
    for (const c of cases) expectSame(c);
  });
});
