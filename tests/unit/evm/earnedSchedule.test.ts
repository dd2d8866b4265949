import { describe, expect, it } from 'vitest';
import type { Computed } from '../../../src/core/evm/computed';
import { computeScheduleMeasures, earnedScheduleValue, plannedDuration } from '../../../src/core/evm/earnedSchedule';
import type { ScheduleMeasures } from '../../../src/core/evm/types';

function allComputed(s: ScheduleMeasures): [string, Computed][] {
  const out: [string, Computed][] = [];
  const walk = (prefix: string, o: object) => {
    for (const [k, v] of Object.entries(o)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && 'formula' in v) out.push([path, v as Computed]);
      else if (v && typeof v === 'object') walk(path, v as object);
    }
  };
  walk('', s);
  return out;
}

describe('earned schedule — published worked examples', () => {
  // Source: test-bank question with worked answer, "Use the information in the table regarding this
  // seven-month project ... The second plot should be the Earned Schedule ..." (sciemce.com,
  // https://sciemce.com/qa/CQRaMAKyIQ4v). Published table:
  //   PV ($)  125  275  500  875  1,485  2,325  2,670
  //   EV ($)  140  280  480  800  1,280  1,975  2,950
  //   C        1    2    2    3    4      5      7
  //   ES      1.12 3.03 2.91 3.80 4.66   5.58   8.81
  //   SV(t)   0.12 1.03 -0.09 -0.2 -0.34 -0.42  1.81
  //   SPI(t)  1.12 1.52 0.97 0.95 0.93   0.93   1.26
  // Months 3–6 follow Lipke's ES = C + (EV − PV_C)/(PV_C+1 − PV_C) and are asserted to the published two
  // decimals. Months 1, 2 and 7 of the published answer are wrong, and the test says why for each.
  const pv = [125, 275, 500, 875, 1_485, 2_325, 2_670];
  const ev = [140, 280, 480, 800, 1_280, 1_975, 2_950];
  const bac = 2_670;
  const at = (month: number) => computeScheduleMeasures({ pvCumulative: pv, ev: ev[month - 1], bac, at: month });

  it('seven-month project: PD is 7 months', () => {
    expect(plannedDuration(pv, bac)).toBe(7);
  });

  it.each([
    [3, 2, 2.91, -0.09, 0.97],
    [4, 3, 3.8, -0.2, 0.95],
    [5, 4, 4.66, -0.34, 0.93],
    [6, 5, 5.58, -0.42, 0.93],
  ])('month %i: C = %i, ES = %f, SV(t) = %f, SPI(t) = %f (published, 2 dp)', (month, c, es, svt, spit) => {
    const s = at(month);
    expect(s.es.inputs.C).toBe(c);
    expect(s.es.value).toBeCloseTo(es, 2);
    expect(s.svt.value).toBeCloseTo(svt, 2);
    expect(s.spit.value).toBeCloseTo(spit, 2);
  });

  it('month 1: the published ES (1.12) is the SPI, not ES; by the formula ES = 1 + 15/150 = 1.10', () => {
    const s = at(1);
    expect(s.es.inputs.C).toBe(1); // the published C
    expect(s.es.value).toBeCloseTo(1.1, 12);
  });

  it('month 2: with the published C = 2, ES = 2 + 5/225 = 2.02, not the published 3.03', () => {
    const s = at(2);
    expect(s.es.inputs.C).toBe(2);
    expect(s.es.value).toBeCloseTo(2 + 5 / 225, 12);
  });

  it('month 7: EV (2,950) exceeds BAC (2,670); ES is capped at PD = 7, not extrapolated to the published 8.81', () => {
    const s = at(7);
    expect(s.es.value).toBe(7);
    expect(s.es.reason).toMatch(/exceeds BAC.*capped at PD and not extrapolated/);
    expect(s.svt.value).toBe(0);
  });

  it('PM PrepCast forum: 5-month project, 3 months in, half the work done → SV(t) = −0.5 months, SPI(t) = 0.83', () => {
    // Source: https://www.project-management-prepcast.com/kunena/pmp-exam-discussion/9649-explanation —
    // "50% work <=> 2.5 months ... 2.5 months is the Earned Schedule. 3.0 months is the Actual Time ...
    // SV = ES − AT = −0.5 months, SPI = ES/AT = 0.83". The answer assumes a linear plan (20 % a month).
    const s = computeScheduleMeasures({ pvCumulative: [20, 40, 60, 80, 100], ev: 50, bac: 100, at: 3 });
    expect(s.pd.value).toBe(5);
    expect(s.es.value).toBe(2.5);
    expect(s.svt.value).toBe(-0.5);
    expect(s.spit.value).toBeCloseTo(0.83, 2);
  });

  it('CAPM practice question: ES = 16 weeks, AT = 12 weeks → SV(t) = +4 weeks, SPI(t) ≈ 1.3', () => {
    // Source: https://www.certsforce.com/discussions/pmi/view/exam-capm-topic-7-question-61-discussion —
    // "SV_t = ES − AT = 16 − 12 = 4 ... SPI_t = 16 / 12 = 1.33". A 20-week linear plan with EV at 16/20
    // of BAC gives ES = 16 weeks.
    const pv = Array.from({ length: 20 }, (_, i) => (i + 1) * 500);
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 8_000, bac: 10_000, at: 12 });
    expect(s.es.value).toBe(16);
    expect(s.svt.value).toBe(4);
    expect(s.spit.value).toBeCloseTo(1.33, 2);
  });

  it("Schwalbe, IT Project Management ch. 7: a 12-month project at SPI 0.8696 is estimated to take 12 / 0.8696 = 13.8 months (Anbari's PD / SPI)", () => {
    // Source: https://studylib.net/doc/9750501/team_11_ch7_number1_and_2 — PV 23,000, EV 20,000,
    // BAC 120,000: "SPI = 0.8695622 ... 12 / 86.95% = 13.8 months". The PV curve does not enter PD / SPI;
    // a linear 12-month plan is supplied so that PD = 12.
    const pv = Array.from({ length: 12 }, (_, i) => (i + 1) * 10_000);
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 20_000, bac: 120_000, at: 2.3, spi: 20_000 / 23_000, sv: -3_000 });
    expect(s.pd.value).toBe(12);
    expect(s.pvRate.eact.spi.value).toBeCloseTo(13.8, 1);
    expect(s.pvRate.eact.spi.formula).toBe('EAC(t) = PD / SPI');
  });
});

describe('plannedDuration', () => {
  it('is the first period whose cumulative PV reaches BAC, ignoring the flat tail after it', () => {
    expect(plannedDuration([25, 50, 75, 100, 100, 100], 100)).toBe(4);
  });
  it('allows a relative tolerance of 1e-9·BAC for sums that miss BAC by rounding', () => {
    const bac = 0.1 + 0.2; // 0.30000000000000004
    expect(plannedDuration([0.1, 0.3, 0.3], bac)).toBe(2);
    expect(plannedDuration([1, 2, 3 * (1 - 1e-12)], 3)).toBe(3);
    expect(plannedDuration([1, 2, 2.99, 3], 3)).toBe(4);
  });
  it('is the last period when PV never reaches BAC', () => {
    expect(plannedDuration([10, 20, 30], 50)).toBe(3);
  });
  it('handles a single period and an empty curve', () => {
    expect(plannedDuration([100], 100)).toBe(1);
    expect(plannedDuration([], 100)).toBe(0);
  });
  it('accepts typed arrays', () => {
    expect(plannedDuration(new Float64Array([1, 2, 3]), 3)).toBe(3);
  });
});

describe('earnedScheduleValue', () => {
  const pv = [25, 50, 75, 100, 100, 100];
  const pd = 4;
  it('interpolates inside the incomplete period', () => {
    expect(earnedScheduleValue(pv, 60, pd, 100)).toBeCloseTo(2.4, 12);
    expect(earnedScheduleValue(pv, 25, pd, 100)).toBe(1);
    expect(earnedScheduleValue(pv, 10, pd, 100)).toBeCloseTo(0.4, 12);
  });
  it('is 0 for EV ≤ 0 and PD for EV ≥ BAC (never beyond PD, even with a flat tail after PD)', () => {
    expect(earnedScheduleValue(pv, 0, pd, 100)).toBe(0);
    expect(earnedScheduleValue(pv, -5, pd, 100)).toBe(0);
    expect(earnedScheduleValue(pv, 100, pd, 100)).toBe(4);
    expect(earnedScheduleValue(pv, 130, pd, 100)).toBe(4);
    expect(earnedScheduleValue(pv, 99.99, pd, 100)).toBeLessThanOrEqual(4);
  });
  it('takes the last period at or below EV on flat PV segments (no division by zero)', () => {
    const flat = [10, 10, 10, 30, 30, 50];
    expect(earnedScheduleValue(flat, 10, 6, 50)).toBe(3);
    expect(earnedScheduleValue(flat, 20, 6, 50)).toBe(3.5);
    expect(earnedScheduleValue(flat, 30, 6, 50)).toBe(5);
    expect(earnedScheduleValue(flat, 40, 6, 50)).toBe(5.5);
    expect(earnedScheduleValue([0, 0, 10], 5, 3, 10)).toBe(2.5);
  });
  it('stops at the end of a plan whose PV never reaches BAC', () => {
    expect(earnedScheduleValue([10, 20, 30], 25, 3, 50)).toBe(2.5);
    expect(earnedScheduleValue([10, 20, 30], 35, 3, 50)).toBe(3);
  });
  it('caps at PD when EV is within the PD tolerance of BAC', () => {
    const tail = [50, 100 * (1 - 1e-12), 100 * (1 - 1e-12)];
    expect(plannedDuration(tail, 100)).toBe(2);
    expect(earnedScheduleValue(tail, 100 * (1 - 1e-13), 2, 100)).toBe(2);
  });
  it('works for a single period and an empty curve', () => {
    expect(earnedScheduleValue([100], 40, 1, 100)).toBe(0.4);
    expect(earnedScheduleValue([100], 100, 1, 100)).toBe(1);
    expect(earnedScheduleValue([], 40, 0, 100)).toBe(0);
  });
  it('accepts typed arrays', () => {
    expect(earnedScheduleValue(new Float64Array(pv), 60, pd, 100)).toBeCloseTo(2.4, 12);
  });
});

describe('computeScheduleMeasures — formulas', () => {
  // PD = 10 months, linear plan of 100 a month, BAC = 1,000. At AT = 6, EV = 450: ES = 4.5.
  const pv = Array.from({ length: 10 }, (_, i) => (i + 1) * 100);
  const s = computeScheduleMeasures({ pvCumulative: pv, ev: 450, bac: 1_000, at: 6, cpi: 0.9, spi: 450 / 600, sv: -150, ed: 12 });

  it('ES, SV(t), SPI(t), TSPI and TSPI(ed)', () => {
    expect(s.pd.value).toBe(10);
    expect(s.at.value).toBe(6);
    expect(s.es.value).toBe(4.5);
    expect(s.es.inputs).toEqual({ C: 4, EV: 450, 'PV[C]': 400, 'PV[C+1]': 500 });
    expect(s.svt.value).toBe(-1.5);
    expect(s.spit.value).toBe(0.75);
    expect(s.tspi.value).toBe((10 - 4.5) / (10 - 6));
    expect(s.tspiEd.value).toBe((10 - 4.5) / (12 - 6));
  });

  it('IEAC(t) = AT + (PD − ES) / PF for PF = 1, SPI(t), SCI(t)', () => {
    expect(s.ieact.pf1.value).toBe(6 + 5.5);
    expect(s.ieact.spi.value).toBeCloseTo(6 + 5.5 / 0.75, 12);
    expect(s.ieact.spi.value).toBeCloseTo(10 / 0.75, 12); // ≡ PD / SPI(t)
    expect(s.ieact.sci.value).toBeCloseTo(6 + 5.5 / (0.75 * 0.9), 12);
  });

  it("Anbari's planned value rate: PVrate = BAC / PD, TV = SV / PVrate, EAC(t) = PD − TV, PD / SPI, PD / (SPI × CPI)", () => {
    expect(s.pvRate.rate.value).toBe(100);
    expect(s.pvRate.tv.value).toBe(-1.5);
    expect(s.pvRate.eact.pf1.value).toBe(11.5);
    expect(s.pvRate.eact.spi.value).toBeCloseTo(10 / 0.75, 12);
    expect(s.pvRate.eact.sci.value).toBeCloseTo(10 / (0.75 * 0.9), 12);
  });

  it("Jacob's earned duration: ED = AT × SPI, EAC(t) = AT + (max(PD, AT) − ED) / PF", () => {
    expect(s.earnedDuration.ed.value).toBe(4.5);
    expect(s.earnedDuration.eact.pf1.value).toBe(6 + (10 - 4.5));
    expect(s.earnedDuration.eact.spi.value).toBeCloseTo(6 + 5.5 / 0.75, 12);
    expect(s.earnedDuration.eact.sci.value).toBeCloseTo(6 + 5.5 / (0.75 * 0.9), 12);
    // After PD the elapsed time is the reference (V&V 2006): AT = 12 > PD = 10.
    const late = computeScheduleMeasures({ pvCumulative: pv, ev: 900, bac: 1_000, at: 12, spi: 0.9 });
    expect(late.earnedDuration.ed.value).toBeCloseTo(10.8, 12);
    expect(late.earnedDuration.eact.pf1.value).toBeCloseTo(12 + (12 - 10.8), 12);
  });

  it('every input symbol occurs in its formula, for every figure', () => {
    for (const [path, c] of allComputed(s)) {
      for (const symbol of Object.keys(c.inputs)) expect(c.formula, `${path}: ${symbol}`).toContain(symbol);
    }
  });

  it('uses a supplied PD instead of deriving it', () => {
    const given = computeScheduleMeasures({ pvCumulative: pv, ev: 450, bac: 1_000, at: 6, pd: 8 });
    expect(given.pd.value).toBe(8);
    expect(given.pd.formula).toBe('PD = planned duration as supplied');
    expect(given.tspi.value).toBe((8 - 4.5) / (8 - 6));
  });
});

describe('computeScheduleMeasures — edge cases', () => {
  const pv = [100, 200, 300, 400];
  it('AT < 0 is rejected with a RangeError, as is a non-finite AT or a negative PD', () => {
    expect(() => computeScheduleMeasures({ pvCumulative: pv, ev: 100, bac: 400, at: -1 })).toThrow(RangeError);
    expect(() => computeScheduleMeasures({ pvCumulative: pv, ev: 100, bac: 400, at: -1 })).toThrow(/cannot be negative; got -1/);
    expect(() => computeScheduleMeasures({ pvCumulative: pv, ev: 100, bac: 400, at: Number.NaN })).toThrow(RangeError);
    expect(() => computeScheduleMeasures({ pvCumulative: pv, ev: 100, bac: 400, at: 1, pd: -2 })).toThrow(RangeError);
  });

  it('AT = 0: SPI(t) is null with a reason; IEAC(t) with PF = SPI(t) propagates it', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 0, bac: 400, at: 0, cpi: 1 });
    expect(s.es.value).toBe(0);
    expect(s.svt.value).toBe(0);
    expect(s.spit.value).toBeNull();
    expect(s.spit.reason).toBe('No time has elapsed yet (AT = 0), so SPI(t) is undefined.');
    expect(s.ieact.pf1.value).toBe(4);
    expect(s.ieact.spi.value).toBeNull();
    expect(s.ieact.spi.reason).toMatch(/^SPI\(t\) is not available: No time has elapsed yet/);
    expect(s.tspi.value).toBe(1);
  });

  it('ES = 0 after time has passed: SPI(t) = 0 and IEAC(t) by SPI(t) is null', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 0, bac: 400, at: 2 });
    expect(s.spit.value).toBe(0);
    expect(s.ieact.spi.value).toBeNull();
    expect(s.ieact.spi.reason).toMatch(/no schedule has been earned yet \(ES = 0\)/);
  });

  it('AT past PD: TSPI is null ("use TSPI against an estimate"); TSPI(ed) works while AT < ED', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 350, bac: 400, at: 5, ed: 6 });
    expect(s.tspi.value).toBeNull();
    expect(s.tspi.reason).toMatch(/planned duration has passed \(AT > PD\).*use TSPI against an estimate/);
    expect(s.tspiEd.value).toBeCloseTo((4 - 3.5) / (6 - 5), 12);
    const atPd = computeScheduleMeasures({ pvCumulative: pv, ev: 350, bac: 400, at: 4 });
    expect(atPd.tspi.value).toBeNull();
    expect(atPd.tspi.reason).toMatch(/has been reached \(AT = PD\)/);
    const pastEd = computeScheduleMeasures({ pvCumulative: pv, ev: 350, bac: 400, at: 7, ed: 6 });
    expect(pastEd.tspiEd.value).toBeNull();
    expect(pastEd.tspiEd.reason).toMatch(/estimated duration has passed/);
  });

  it('no ED, CPI, SPI or SV supplied: those figures are null with reasons naming what is missing', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 150, bac: 400, at: 2 });
    expect(s.tspiEd.reason).toBe('No estimated duration (ED) was supplied, so TSPI against an estimate cannot be computed.');
    expect(s.ieact.sci.value).toBeNull();
    expect(s.ieact.sci.reason).toBe('CPI is not available: CPI was not supplied, so SCI = SPI × CPI cannot be computed.');
    expect(s.pvRate.rate.value).toBe(100);
    expect(s.pvRate.tv.value).toBeNull();
    expect(s.pvRate.tv.reason).toBe('SV is not available: SV was not supplied.');
    expect(s.earnedDuration.ed.value).toBeNull();
    expect(s.earnedDuration.eact.pf1.reason).toMatch(/^ED is not available: SPI is not available/);
  });

  it('EV = BAC: ES = PD; a late finish shows SPI(t) = PD / AT < 1 where SPI would show 1.00', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 400, bac: 400, at: 6, spi: 1 });
    expect(s.es.value).toBe(4);
    expect(s.es.formula).toBe('ES = PD when EV ≥ BAC');
    expect(s.spit.value).toBeCloseTo(4 / 6, 12);
    expect(s.ieact.pf1.value).toBe(6);
    expect(s.ieact.spi.value).toBeCloseTo(6, 12);
  });

  it('EV > BAC: ES is capped at PD with a caveat', () => {
    const s = computeScheduleMeasures({ pvCumulative: pv, ev: 450, bac: 400, at: 4 });
    expect(s.es.value).toBe(4);
    expect(s.es.reason).toMatch(/EV \(450\) exceeds BAC \(400\)/);
  });

  it('flat PV segments inside the baseline', () => {
    const s = computeScheduleMeasures({ pvCumulative: [100, 100, 100, 200, 300], ev: 100, bac: 300, at: 4 });
    expect(s.es.value).toBe(3);
    expect(s.es.inputs).toEqual({ C: 3, EV: 100, 'PV[C]': 100, 'PV[C+1]': 200 });
  });

  it('PV that never reaches BAC: PD is the last period with a caveat; ES stops at the end of the plan', () => {
    const s = computeScheduleMeasures({ pvCumulative: [10, 20, 30], ev: 35, bac: 50, at: 3 });
    expect(s.pd.value).toBe(3);
    expect(s.pd.reason).toMatch(/never reaches BAC \(last PV = 30, BAC = 50\)/);
    expect(s.es.value).toBe(3);
    expect(s.es.reason).toMatch(/beyond the last planned value/);
  });

  it('a single period', () => {
    const s = computeScheduleMeasures({ pvCumulative: [1_000], ev: 250, bac: 1_000, at: 1 });
    expect(s.pd.value).toBe(1);
    expect(s.es.value).toBe(0.25);
    expect(s.spit.value).toBe(0.25);
    expect(s.ieact.spi.value).toBeCloseTo(4, 12);
  });

  it('an empty PV array: PD and ES are null with reasons that propagate', () => {
    const s = computeScheduleMeasures({ pvCumulative: [], ev: 250, bac: 1_000, at: 1 });
    expect(s.pd.value).toBeNull();
    expect(s.pd.reason).toBe('No planned value curve was supplied, so the planned duration is unknown.');
    expect(s.es.value).toBeNull();
    expect(s.es.reason).toBe('No planned value curve was supplied, so earned schedule cannot be computed.');
    expect(s.svt.value).toBeNull();
    expect(s.svt.reason).toBe('ES is not available: No planned value curve was supplied, so earned schedule cannot be computed.');
    expect(s.pvRate.rate.reason).toMatch(/^PD is not available/);
    for (const [path, c] of allComputed(s)) {
      if (c.value === null) expect(c.reason, path).toBeTruthy();
    }
  });

  it('never returns NaN or ±∞ and always explains a null', () => {
    const cases = [
      { pvCumulative: [], ev: 0, bac: 0, at: 0 },
      { pvCumulative: [0, 0, 0], ev: 0, bac: 0, at: 2, cpi: 0, spi: 0, sv: 0, ed: 2 },
      { pvCumulative: [5], ev: Number.NaN, bac: 5, at: 1 },
      { pvCumulative: [5, 10], ev: 5, bac: Number.POSITIVE_INFINITY, at: 1 },
    ];
    for (const input of cases) {
      const s = computeScheduleMeasures(input);
      for (const [path, c] of allComputed(s)) {
        if (c.value === null) expect(c.reason, `${path} ${JSON.stringify(input)}`).toBeTruthy();
        else expect(Number.isFinite(c.value), path).toBe(true);
      }
    }
  });
});
