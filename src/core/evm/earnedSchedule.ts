/**
 * Earned schedule (Lipke) and the duration forecasts built on it, plus the two older duration
 * methods kept as comparison columns: planned-value rate (Anbari) and earned duration (Jacob).
 *
 * Conventions (reference/EVM_REFERENCE.md §3–§4, DESIGN.md "Decisions"):
 * - Time is in periods. `pvCumulative[k − 1]` is PV_k, the cumulative PV at the end of period k, and
 *   PV_0 = 0. PV is non-decreasing (it is a cumulative sum of non-negative budgets); the search below
 *   relies on that and does not re-check it on every call.
 * - ES = C + (EV − PV_C) / (PV_{C+1} − PV_C), C = max{k ∈ 0..PD : PV_k ≤ EV}. Taking the *last* such k
 *   means PV_{C+1} > EV ≥ PV_C, so a flat stretch of PV never divides by zero; bounding k by PD
 *   stops the flat tail after PD (PV = BAC) from inflating ES past PD. EV ≥ BAC gives ES = PD and EV
 *   ≤ 0 gives ES = 0: earned schedule is never extrapolated beyond the plan.
 * - SV(t) = ES − AT, SPI(t) = ES / AT, TSPI = (PD − ES) / (PD − AT), IEAC(t) = AT + (PD − ES) / PF with
 *   PF = 1, SPI(t) or SCI(t) = SPI(t) × CPI (Lipke & Henderson 2006 slide 24; Vandevoorde & Vanhoucke
 *   2006). PF = SPI(t) is algebraically PD / SPI(t).
 * - Anbari: PVrate = BAC / PD (not PV_final / AC_final, a bug in a public spreadsheet),
 *   TV = SV / PVrate, EAC(t) = PD − TV, PD / SPI, PD / (SPI × CPI).
 * - Jacob: ED = AT × SPI, EAC(t) = AT + (max(PD, AT) − ED) / PF (V&V 2006: after PD the elapsed time,
 *   not PD, is the reference).
 *
 * Symbols: in TSPI(ed) "ED" is Lipke's *estimated* duration; in the earned-duration method "ED" is
 * Jacob's *earned* duration. Each figure's formula and inputs are self-contained, so the two never
 * meet in one formula.
 */
import { computed, finite, missingReason, val, type Computed, type Inputs, type Sources } from './computed';
import type { DurationForecasts, ScheduleInputs, ScheduleMeasures } from './types';

/** Relative tolerance for "PV has reached BAC" (sums of many budgets rarely hit BAC exactly). */
const PD_RELATIVE_TOLERANCE = 1e-9;

/**
 * Planned duration: the first period k (1-based) with PV_k ≥ BAC (within 1e-9·|BAC|); the last period
 * when PV never reaches BAC; 0 for an empty curve. Binary search: PV is non-decreasing.
 */
export function plannedDuration(pvCumulative: ArrayLike<number>, bac: number): number {
  const n = pvCumulative.length;
  if (n === 0) return 0;
  const target = bac - Math.abs(bac) * PD_RELATIVE_TOLERANCE;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pvCumulative[mid] >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo < n ? lo + 1 : n;
}

/**
 * C = max{k ∈ 0..kmax : PV_k ≤ EV}, PV_0 = 0, by binary search (PV non-decreasing). kmax ≤ length.
 */
function lastPeriodAtOrBelow(pv: ArrayLike<number>, ev: number, kmax: number): number {
  let lo = 0;
  let hi = kmax;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (pv[mid - 1] <= ev) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Earned schedule in periods, as a raw number (no allocation; O(log PD)). This is the hot path for
 * series: it is called once per period.
 *
 * EV ≤ 0 → 0; EV ≥ BAC → PD; otherwise C + (EV − PV_C) / (PV_{C+1} − PV_C) with C the last period
 * k ≤ PD whose PV_k ≤ EV, capped at PD. If there is no period after C (PV never reaches BAC and EV is
 * past the last PV) the result is C: ES is never extrapolated beyond the plan. `pd` should come from
 * {@link plannedDuration} (or be a non-negative planned duration in the same periods).
 */
export function earnedScheduleValue(pvCumulative: ArrayLike<number>, ev: number, pd: number, bac: number): number {
  if (ev <= 0) return 0;
  if (ev >= bac) return pd;
  const n = pvCumulative.length;
  const kmax = Math.min(Math.floor(pd), n);
  const c = lastPeriodAtOrBelow(pvCumulative, ev, kmax);
  if (c >= n) return c;
  const next = pvCumulative[c];
  // Only when c = floor(PD): the whole next period is earned, so ES ≥ c + 1 > PD.
  if (next <= ev) return pd;
  const pvC = c === 0 ? 0 : pvCumulative[c - 1];
  const es = c + (ev - pvC) / (next - pvC);
  return es < pd ? es : pd;
}


function derive(formula: string, inputs: Inputs, sources: Sources, value: () => number, caveat?: string): Computed {
  const missing = missingReason(inputs, sources);
  if (missing) return computed(null, formula, inputs, missing);
  return computed(value(), formula, inputs, caveat);
}

/** `compute(d)` with d = `denominator()`, or null with a reason when d is zero or negative. */
function guarded(
  formula: string,
  inputs: Inputs,
  sources: Sources,
  denominator: () => number,
  compute: (d: number) => number,
  zeroReason: string,
  negativeReason: string,
): Computed {
  const missing = missingReason(inputs, sources);
  if (missing) return computed(null, formula, inputs, missing);
  const d = denominator();
  if (d === 0) return computed(null, formula, inputs, zeroReason);
  if (!(d > 0)) return computed(null, formula, inputs, negativeReason);
  return computed(compute(d), formula, inputs);
}

/**
 * Earned schedule, the time-based indicators and the duration forecasts at one status date.
 *
 * Throws a RangeError for AT < 0 (or a non-finite AT) and for a negative or non-finite `pd`: those are
 * caller errors, not project states. AT = 0 is a valid state (nothing has elapsed): the ratios over AT
 * are null with a reason. When AT ≥ PD, TSPI against PD is null and TSPI(ed) is the usable index.
 */
export function computeScheduleMeasures(inputs: ScheduleInputs): ScheduleMeasures {
  const { pvCumulative } = inputs;
  const atIn = inputs.at;
  if (typeof atIn !== 'number' || !Number.isFinite(atIn)) {
    throw new RangeError(`Actual time (AT) must be a finite number of periods elapsed at the status date; got ${String(atIn)}.`);
  }
  if (atIn < 0) {
    throw new RangeError(`Actual time (AT) cannot be negative; got ${atIn}. AT is the number of periods elapsed at the status date.`);
  }
  if (inputs.pd !== undefined && (typeof inputs.pd !== 'number' || !Number.isFinite(inputs.pd) || inputs.pd < 0)) {
    throw new RangeError(`Planned duration (PD) must be a non-negative number of periods; got ${String(inputs.pd)}.`);
  }
  const at = atIn;
  const evV = finite(inputs.ev);
  const bacV = finite(inputs.bac);
  const cpiV = finite(inputs.cpi);
  const spiV = finite(inputs.spi);
  const svV = finite(inputs.sv);
  const n = pvCumulative.length;

  // PD.
  let pd: Computed;
  if (inputs.pd !== undefined) {
    pd = computed(inputs.pd, 'PD = planned duration as supplied', { PD: inputs.pd });
  } else if (n === 0) {
    pd = computed(null, 'PD = first period k with PV_k ≥ BAC', { BAC: bacV }, 'No planned value curve was supplied, so the planned duration is unknown.');
  } else if (bacV === null) {
    pd = computed(null, 'PD = first period k with PV_k ≥ BAC', { BAC: null }, `BAC was not supplied as a finite number (got ${String(inputs.bac)}), so the planned duration is unknown.`);
  } else {
    const k = plannedDuration(pvCumulative, bacV);
    const last = pvCumulative[n - 1];
    const reached = last >= bacV - Math.abs(bacV) * PD_RELATIVE_TOLERANCE;
    pd = computed(
      k,
      'PD = first period k with PV_k ≥ BAC',
      { BAC: bacV, PV_k: pvCumulative[k - 1] },
      reached
        ? undefined
        : `Cumulative PV never reaches BAC (last PV = ${last}, BAC = ${bacV}), so the last period (${n}) is taken as the planned duration; check the baseline.`,
    );
  }
  const pdV = val(pd);

  const atC = computed(at, 'AT = periods elapsed at the status date', { AT: at });
  const es = earnedScheduleComputed(pvCumulative, evV, bacV, pdV, pd, inputs);
  const esV = val(es);
  // Symbol → figure, filled in as figures are computed, for upstream reasons (one map, never copied).
  const src: Sources = { PD: pd, AT: atC, ES: es };

  // Nothing planned by the status date: like SPI (EV / PV with PV = 0), SPI(t) has nothing to
  // measure against, and ES = 0 against a positive AT would read as "behind" when no work was due.
  const nothingPlanned = inputs.pv !== undefined && inputs.pv <= 0;
  const NOTHING_PLANNED = 'No work was planned by the status date (PV = 0), so';
  const svt =
    nothingPlanned && !(evV !== null && evV > 0)
      ? computed(null, 'SV(t) = ES − AT', { ES: esV, AT: at }, `${NOTHING_PLANNED} SV(t) is undefined: the schedule has not started yet.`)
      : derive('SV(t) = ES − AT', { ES: esV, AT: at }, src, () => esV! - at);
  const spit = nothingPlanned
    ? computed(null, 'SPI(t) = ES / AT', { ES: esV, AT: at }, `${NOTHING_PLANNED} SPI(t) is undefined.`)
    : guarded(
    'SPI(t) = ES / AT',
    { ES: esV, AT: at },
    src,
    () => at,
    (d) => esV! / d,
    'No time has elapsed yet (AT = 0), so SPI(t) is undefined.',
    'AT is negative, so SPI(t) is undefined.',
  );
  const spitV = val(spit);
  src['SPI(t)'] = spit;

  const tspi = guarded(
    'TSPI = (PD − ES) / (PD − AT)',
    { PD: pdV, ES: esV, AT: at },
    src,
    () => pdV! - at,
    (d) => (pdV! - esV!) / d,
    'The planned duration has been reached (AT = PD), so TSPI against PD is undefined; use TSPI against an estimate (TSPI(ed)).',
    'The planned duration has passed (AT > PD), so TSPI against PD is undefined; use TSPI against an estimate (TSPI(ed)).',
  );

  const edIn = inputs.ed;
  const edV = finite(edIn);
  const tspiEd =
    edIn === null || edIn === undefined
      ? computed(null, 'TSPI(ed) = (PD − ES) / (ED − AT)', { PD: pdV, ES: esV, ED: null, AT: at }, 'No estimated duration (ED) was supplied, so TSPI against an estimate cannot be computed.')
      : edV === null
        ? computed(null, 'TSPI(ed) = (PD − ES) / (ED − AT)', { PD: pdV, ES: esV, ED: null, AT: at }, `The estimated duration (ED) is not a finite number (got ${String(edIn)}).`)
        : guarded(
            'TSPI(ed) = (PD − ES) / (ED − AT)',
            { PD: pdV, ES: esV, ED: edV, AT: at },
            src,
            () => edV - at,
            (d) => (pdV! - esV!) / d,
            'The estimated duration has been reached (AT = ED), so TSPI against the estimate is undefined; the estimate needs revising.',
            'The estimated duration has passed (AT > ED), so TSPI against the estimate is undefined; the estimate needs revising.',
          );

  // IEAC(t) = AT + (PD − ES) / PF.
  src.CPI = cpiMissing(inputs.cpi);
  src.SPI = indexMissing('SPI', inputs.spi);
  src.SV = indexMissing('SV', inputs.sv);
  src.BAC = indexMissing('BAC', inputs.bac);
  const ieact: DurationForecasts = {
    pf1: derive('IEAC(t) = AT + (PD − ES) / PF', { AT: at, PD: pdV, ES: esV, PF: 1 }, src, () => at + (pdV! - esV!)),
    spi: guarded(
      'IEAC(t) = AT + (PD − ES) / SPI(t)',
      { AT: at, PD: pdV, ES: esV, 'SPI(t)': spitV },
      src,
      () => spitV!,
      (pf) => at + (pdV! - esV!) / pf,
      'SPI(t) is 0 because no schedule has been earned yet (ES = 0), so IEAC(t) with PF = SPI(t) is undefined.',
      'SPI(t) is negative, so IEAC(t) with PF = SPI(t) is undefined.',
    ),
    sci: guarded(
      'IEAC(t) = AT + (PD − ES) / (SPI(t) × CPI)',
      { AT: at, PD: pdV, ES: esV, 'SPI(t)': spitV, CPI: cpiV },
      src,
      () => spitV! * cpiV!,
      (pf) => at + (pdV! - esV!) / pf,
      'SCI(t) = SPI(t) × CPI is 0 (nothing earned yet), so IEAC(t) with PF = SCI(t) is undefined.',
      'SCI(t) = SPI(t) × CPI is negative, so IEAC(t) with PF = SCI(t) is undefined.',
    ),
  };

  // Planned-value rate method (Anbari 2003).
  const rate = guarded(
    'PVrate = BAC / PD',
    { BAC: bacV, PD: pdV },
    src,
    () => pdV!,
    (d) => bacV! / d,
    'The planned duration is 0, so the planned value rate BAC / PD is undefined.',
    'The planned duration is negative, so the planned value rate is undefined.',
  );
  const rateV = val(rate);
  src.PVrate = rate;
  const tv = guarded(
    'TV = SV / PVrate',
    { SV: svV, PVrate: rateV },
    src,
    () => rateV!,
    (d) => svV! / d,
    'The planned value rate is 0 (BAC = 0), so the time variance TV is undefined.',
    'The planned value rate is negative, so the time variance TV is undefined.',
  );
  const tvV = val(tv);
  src.TV = tv;
  const pvRateEact: DurationForecasts = {
    pf1: derive('EAC(t) = PD − TV', { PD: pdV, TV: tvV }, src, () => pdV! - tvV!),
    spi: guarded(
      'EAC(t) = PD / SPI',
      { PD: pdV, SPI: spiV },
      src,
      () => spiV!,
      (pf) => pdV! / pf,
      'SPI is 0 (nothing earned yet), so PD / SPI is undefined.',
      'SPI is negative, so PD / SPI is undefined.',
    ),
    sci: guarded(
      'EAC(t) = PD / (SPI × CPI)',
      { PD: pdV, SPI: spiV, CPI: cpiV },
      src,
      () => spiV! * cpiV!,
      (pf) => pdV! / pf,
      'SPI × CPI is 0 (nothing earned yet), so PD / (SPI × CPI) is undefined.',
      'SPI × CPI is negative, so PD / (SPI × CPI) is undefined.',
    ),
  };

  // Earned duration method (Jacob 2003).
  const ed = derive('ED = AT × SPI', { AT: at, SPI: spiV }, src, () => at * spiV!);
  const edurV = val(ed);
  src.ED = ed;
  const edEact: DurationForecasts = {
    pf1: derive(
      'EAC(t) = AT + (max(PD, AT) − ED) / PF',
      { AT: at, PD: pdV, ED: edurV, PF: 1 },
      src,
      () => at + (Math.max(pdV!, at) - edurV!),
    ),
    spi: guarded(
      'EAC(t) = AT + (max(PD, AT) − ED) / SPI',
      { AT: at, PD: pdV, ED: edurV, SPI: spiV },
      src,
      () => spiV!,
      (pf) => at + (Math.max(pdV!, at) - edurV!) / pf,
      'SPI is 0 (nothing earned yet), so this duration forecast is undefined.',
      'SPI is negative, so this duration forecast is undefined.',
    ),
    sci: guarded(
      'EAC(t) = AT + (max(PD, AT) − ED) / (SPI × CPI)',
      { AT: at, PD: pdV, ED: edurV, SPI: spiV, CPI: cpiV },
      src,
      () => spiV! * cpiV!,
      (pf) => at + (Math.max(pdV!, at) - edurV!) / pf,
      'SPI × CPI is 0 (nothing earned yet), so this duration forecast is undefined.',
      'SPI × CPI is negative, so this duration forecast is undefined.',
    ),
  };

  return {
    pd,
    at: atC,
    es,
    svt,
    spit,
    tspi,
    tspiEd,
    ieact,
    pvRate: { rate, tv, eact: pvRateEact },
    earnedDuration: { ed, eact: edEact },
  };
}

/** A stand-in source that explains why an optional CPI is missing. */
function cpiMissing(cpi: number | null | undefined): Computed | undefined {
  if (finite(cpi) !== null) return undefined;
  return computed(
    null,
    'CPI',
    { CPI: null },
    cpi === null || cpi === undefined
      ? 'CPI was not supplied, so SCI = SPI × CPI cannot be computed.'
      : `CPI is not a finite number (got ${String(cpi)}).`,
  );
}

function indexMissing(symbol: string, x: number | null | undefined): Computed | undefined {
  if (finite(x) !== null) return undefined;
  return computed(
    null,
    symbol,
    { [symbol]: null },
    x === null || x === undefined ? `${symbol} was not supplied.` : `${symbol} is not a finite number (got ${String(x)}).`,
  );
}

/** ES with its working: which case applied, and C, PV_C, PV_{C+1} for the interpolation. */
function earnedScheduleComputed(
  pv: ArrayLike<number>,
  evV: number | null,
  bacV: number | null,
  pdV: number | null,
  pd: Computed,
  inputs: ScheduleInputs,
): Computed {
  const formula = 'ES = C + (EV − PV[C]) / (PV[C+1] − PV[C])';
  if (pv.length === 0) {
    return computed(null, formula, { EV: evV }, 'No planned value curve was supplied, so earned schedule cannot be computed.');
  }
  if (evV === null) {
    return computed(null, formula, { EV: null }, `EV was not supplied as a finite number (got ${String(inputs.ev)}), so earned schedule cannot be computed.`);
  }
  if (bacV === null) {
    return computed(null, formula, { EV: evV }, `BAC was not supplied as a finite number (got ${String(inputs.bac)}), so earned schedule cannot be computed.`);
  }
  if (pdV === null) {
    return computed(null, formula, { EV: evV }, pd.reason ? `PD is not available: ${pd.reason}` : 'PD is not available.');
  }
  if (evV <= 0) {
    return computed(
      0,
      'ES = 0 when EV ≤ 0',
      { EV: evV },
      evV < 0 ? 'EV is negative, which is not valid cumulative earned value; ES is taken as 0.' : undefined,
    );
  }
  if (evV >= bacV) {
    return computed(
      pdV,
      'ES = PD when EV ≥ BAC',
      { EV: evV, BAC: bacV, PD: pdV },
      evV > bacV
        ? `EV (${evV}) exceeds BAC (${bacV}), which is invalid in an EVMS; ES is capped at PD and not extrapolated.`
        : undefined,
    );
  }
  const es = earnedScheduleValue(pv, evV, pdV, bacV);
  const n = pv.length;
  const kmax = Math.min(Math.floor(pdV), n);
  const c = lastPeriodAtOrBelow(pv, evV, kmax);
  const pvC = c === 0 ? 0 : pv[c - 1];
  if (c >= n) {
    return computed(
      es,
      'ES = C',
      { C: c },
      `EV is beyond the last planned value (PV = ${pvC}) but below BAC; ES stops at the end of the plan (period ${c}) and is not extrapolated.`,
    );
  }
  const next = pv[c];
  if (es === pdV && (next <= evV || c + (evV - pvC) / (next - pvC) > pdV)) {
    return computed(
      es,
      'ES = min(C + (EV − PV[C]) / (PV[C+1] − PV[C]), PD)',
      { C: c, EV: evV, 'PV[C]': pvC, 'PV[C+1]': next, PD: pdV },
      'ES reached the planned duration and is capped there, not extrapolated.',
    );
  }
  return computed(es, formula, { C: c, EV: evV, 'PV[C]': pvC, 'PV[C+1]': next });
}
