import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeScheduleMeasures, earnedScheduleValue, plannedDuration } from '../../../src/core/evm/earnedSchedule';
import { computeCostMeasures } from '../../../src/core/evm/measures';

/** |a − b| ≤ tol · max(1, |a|, |b|). */
function close(a: number | null, b: number | null, tol = 1e-9): boolean {
  if (a === null || b === null) return false;
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * The reference algorithm written out naively (EVM_REFERENCE.md §3): PV_0 = 0; EV ≤ 0 → 0; EV ≥ BAC → PD;
 * else C = the last k in 0..PD with PV_k ≤ EV, found by a linear scan, and ES = C + (EV − PV_C) /
 * (PV_{C+1} − PV_C), capped at PD (with no period after C, ES = C).
 */
function naiveEarnedSchedule(pv: readonly number[], ev: number, pd: number, bac: number): number {
  if (ev <= 0) return 0;
  if (ev >= bac) return pd;
  const at = (k: number) => (k === 0 ? 0 : pv[k - 1]);
  let c = 0;
  for (let k = 0; k <= Math.min(pd, pv.length); k++) if (at(k) <= ev) c = k;
  if (c >= pv.length) return Math.min(c, pd);
  if (at(c + 1) <= ev) return pd;
  return Math.min(c + (ev - at(c)) / (at(c + 1) - at(c)), pd);
}

/** A cumulative PV curve: non-negative increments (zeros give flat segments), optionally a flat tail. */
const pvCurve = fc
  .record({
    increments: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 1e6, noNaN: true })), {
      minLength: 1,
      maxLength: 60,
    }),
    tail: fc.integer({ min: 0, max: 5 }),
    bacMode: fc.constantFrom('reached', 'neverReached'),
  })
  .filter(({ increments }) => increments.some((x) => x > 0))
  .map(({ increments, tail, bacMode }) => {
    const pv: number[] = [];
    let sum = 0;
    for (const x of increments) pv.push((sum += x));
    for (let i = 0; i < tail; i++) pv.push(sum);
    const bac = bacMode === 'reached' ? sum : sum * 1.25;
    return { pv, bac };
  });

/** A curve plus an EV anywhere from below 0 to above BAC, hitting the PV points often. */
const curveAndEv = pvCurve.chain(({ pv, bac }) =>
  fc.record({
    pv: fc.constant(pv),
    bac: fc.constant(bac),
    ev: fc.oneof(
      fc.double({ min: -0.1 * bac, max: 1.2 * bac, noNaN: true }),
      fc.constantFrom(0, bac, ...pv),
    ),
  }),
);

/** Cost inputs where every ratio is defined: PV, EV, AC > 0 and EV < BAC < … */
const healthyCost = fc
  .record({
    bac: fc.double({ min: 1_000, max: 1e9, noNaN: true }),
    evShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    pvShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
    cpi: fc.double({ min: 0.2, max: 3, noNaN: true }),
  })
  .map(({ bac, evShare, pvShare, cpi }) => ({ bac, ev: bac * evShare, pv: bac * pvShare, ac: (bac * evShare) / cpi }));

describe('earned schedule properties', () => {
  it('ES equals a naive linear-scan implementation', () => {
    fc.assert(
      fc.property(curveAndEv, ({ pv, bac, ev }) => {
        const pd = plannedDuration(pv, bac);
        expect(earnedScheduleValue(pv, ev, pd, bac)).toBe(naiveEarnedSchedule(pv, ev, pd, bac));
      }),
      { numRuns: 500 },
    );
  });

  it('0 ≤ ES ≤ PD', () => {
    fc.assert(
      fc.property(curveAndEv, ({ pv, bac, ev }) => {
        const pd = plannedDuration(pv, bac);
        const es = earnedScheduleValue(pv, ev, pd, bac);
        expect(es).toBeGreaterThanOrEqual(0);
        expect(es).toBeLessThanOrEqual(pd);
      }),
      { numRuns: 500 },
    );
  });

  it('ES = PD when EV ≥ BAC', () => {
    fc.assert(
      fc.property(pvCurve, fc.double({ min: 1, max: 3, noNaN: true }), ({ pv, bac }, factor) => {
        const pd = plannedDuration(pv, bac);
        expect(earnedScheduleValue(pv, bac * factor, pd, bac)).toBe(pd);
      }),
    );
  });

  it('ES is monotone non-decreasing in EV', () => {
    fc.assert(
      fc.property(
        pvCurve,
        fc.array(fc.double({ min: -0.1, max: 1.2, noNaN: true }), { minLength: 2, maxLength: 40 }),
        ({ pv, bac }, shares) => {
          const pd = plannedDuration(pv, bac);
          const evs = [...shares, ...pv.map((p) => p / bac)].map((s) => s * bac).sort((a, b) => a - b);
          let prev = -Infinity;
          for (const ev of evs) {
            const es = earnedScheduleValue(pv, ev, pd, bac);
            expect(es).toBeGreaterThanOrEqual(prev);
            prev = es;
          }
        },
      ),
    );
  });

  it('PD is the first period with PV ≥ BAC (or the last period), never inside a flat tail', () => {
    fc.assert(
      fc.property(pvCurve, ({ pv, bac }) => {
        const pd = plannedDuration(pv, bac);
        const first = pv.findIndex((p) => p >= bac - 1e-9 * bac);
        expect(pd).toBe(first === -1 ? pv.length : first + 1);
      }),
    );
  });

  it('SV(t) = ES − AT, and IEAC(t) with PF = SPI(t) equals PD / SPI(t)', () => {
    fc.assert(
      fc.property(curveAndEv, fc.double({ min: 0.01, max: 200, noNaN: true }), ({ pv, bac, ev }, at) => {
        const s = computeScheduleMeasures({ pvCumulative: pv, ev, bac, at });
        expect(s.svt.value).toBe(s.es.value! - at);
        const spit = s.spit.value!;
        const pdOverSpit = s.pd.value! / spit;
        if (spit > 0 && Number.isFinite(pdOverSpit)) expect(close(s.ieact.spi.value, pdOverSpit)).toBe(true);
        else {
          // SPI(t) = 0, or so tiny (a denormal EV) that the forecast overflows: null with a reason, never ∞.
          expect(s.ieact.spi.value).toBeNull();
          expect(s.ieact.spi.reason).toBeTruthy();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("computeScheduleMeasures' ES is earnedScheduleValue", () => {
    fc.assert(
      fc.property(curveAndEv, fc.double({ min: 0, max: 100, noNaN: true }), ({ pv, bac, ev }, at) => {
        const s = computeScheduleMeasures({ pvCumulative: pv, ev, bac, at });
        expect(s.es.value).toBe(earnedScheduleValue(pv, ev, plannedDuration(pv, bac), bac));
      }),
    );
  });
});

describe('cost measure properties', () => {
  it('TCPI(EAC) = CPI when EAC = BAC / CPI (Frailey)', () => {
    fc.assert(
      fc.property(healthyCost, (x) => {
        const m = computeCostMeasures({ ...x, eacMethod: 'cpi' });
        expect(close(m.tcpiEac.value, m.cpi.value, 1e-7)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('EAC(cpi) = BAC / CPI = AC + (BAC − EV) / CPI', () => {
    fc.assert(
      fc.property(healthyCost, (x) => {
        const m = computeCostMeasures(x);
        const cpi = m.cpi.value!;
        expect(close(m.eac.cpi.value, x.ac + (x.bac - x.ev) / cpi)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('VAC = BAC − EAC and ETC = EAC − AC, for every selected method', () => {
    fc.assert(
      fc.property(
        healthyCost,
        fc.constantFrom('cpi', 'cpiSpi', 'composite', 'planRate', 'cpiLastN', 'bottomUp') as fc.Arbitrary<
          'cpi' | 'cpiSpi' | 'composite' | 'planRate' | 'cpiLastN' | 'bottomUp'
        >,
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (x, eacMethod, bottomUpEtc) => {
          const m = computeCostMeasures({ ...x, eacMethod, bottomUpEtc, nPeriodsAgo: { ev: x.ev * 0.5, ac: x.ac * 0.6, n: 3 } });
          expect(m.eacMethod).toBe(eacMethod);
          expect(m.vac.value).toBe(x.bac - m.eacSelected.value!);
          expect(m.etc.value).toBe(m.eacSelected.value! - x.ac);
          expect(m.vacPct.value).toBe(m.vac.value! / x.bac);
        },
      ),
    );
  });

  it('indices and variances agree: SV = EV − PV, CV = EV − AC, CSI = SPI × CPI', () => {
    fc.assert(
      fc.property(healthyCost, (x) => {
        const m = computeCostMeasures(x);
        expect(m.sv.value).toBe(x.ev - x.pv);
        expect(m.cv.value).toBe(x.ev - x.ac);
        expect(m.csi.value).toBe(m.spi.value! * m.cpi.value!);
        expect(m.pctComplete.value).toBe(x.ev / x.bac);
      }),
    );
  });

  it('never NaN or ±∞; a null always has a reason (arbitrary finite inputs, including zeros and negatives)', () => {
    const n = fc.oneof(fc.constant(0), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    fc.assert(
      fc.property(fc.record({ pv: n, ev: n, ac: n, bac: n }), (x) => {
        const m = computeCostMeasures(x);
        const figures = [m.pv, m.ev, m.ac, m.bac, m.sv, m.cv, m.svPct, m.cvPct, m.spi, m.cpi, m.csi, m.pctComplete, m.pctSpent, m.pctScheduled, m.cpiLastN, ...Object.values(m.eac), m.eacSelected, m.etc, m.vac, m.vacPct, m.tcpiBac, m.tcpiEac];
        for (const c of figures) {
          if (c.value === null) expect(c.reason).toBeTruthy();
          else expect(Number.isFinite(c.value)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
