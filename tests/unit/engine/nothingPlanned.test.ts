/**
 * Issue 12, item 5: a project that has not started showed SPI(t) 0.00 "Critical" although ES and AT
 * were both in the first period and nothing was planned yet. With PV = 0 at the status date, SPI(t)
 * is null with its reason, as SPI is.
 */
import { describe, expect, it } from 'vitest';
import { analysePeriodTable, computeScheduleMeasures } from '../../../src/core/evm';

describe('nothing planned by the status date', () => {
  it('SPI(t) and SV(t) are null with the reason when PV and EV are both 0', () => {
    const m = computeScheduleMeasures({ pvCumulative: [0, 100, 300], ev: 0, bac: 300, at: 0.4, pv: 0 });
    expect(m.spit.value).toBeNull();
    expect(m.spit.reason).toBe('No work was planned by the status date (PV = 0), so SPI(t) is undefined.');
    expect(m.svt.value).toBeNull();
    expect(m.svt.reason).toMatch(/^No work was planned by the status date \(PV = 0\), so SV\(t\) is undefined/);
    // The PF = SPI(t) forecast follows; the PF = 1 forecast still stands.
    expect(m.ieact.spi.value).toBeNull();
    expect(m.ieact.pf1.value).toBeCloseTo(0.4 + 3, 12);
  });

  it('work started early (EV > 0, PV = 0): SV(t) says how far ahead, SPI(t) stays undefined', () => {
    const m = computeScheduleMeasures({ pvCumulative: [0, 100, 300], ev: 50, bac: 300, at: 0.4, pv: 0 });
    expect(m.spit.value).toBeNull();
    expect(m.svt.value).toBeCloseTo(1.5 - 0.4, 12);
  });

  it('without the status PV the measures are as before (a caller that does not know it)', () => {
    const m = computeScheduleMeasures({ pvCumulative: [0, 100, 300], ev: 0, bac: 300, at: 0.4 });
    expect(m.spit.value).toBe(0);
  });

  it('a period table whose first status row has PV 0 has no SPI(t)', () => {
    const a = analysePeriodTable({
      valuesAre: 'cumulative',
      rows: [
        { label: '1', end: null, pv: 0, ev: 0, ac: 0 },
        { label: '2', end: null, pv: 100, ev: null, ac: null },
      ],
    });
    expect(a.cost.spi.value).toBeNull();
    expect(a.schedule.spit.value).toBeNull();
    expect(a.schedule.spit.reason).toBe(a.cost.spi.reason?.replace('SPI', 'SPI(t)'));
  });
});
