/**
 * Scalar earned value measures and cost forecasts at one status date.
 *
 * Conventions (reference/EVM_REFERENCE.md §1–§2 and §4, DESIGN.md "Decisions"):
 * - All of PV, EV, AC and BAC are cumulative to the status date.
 * - VAC = BAC − EAC (positive = underrun); CV% = CV / EV; SV% = SV / PV;
 *   TCPI(BAC) = (BAC − EV) / (BAC − AC); TCPI(EAC) = (BAC − EV) / (EAC − AC). The variants found in
 *   public code (`TCPI = (EAC − EV)/(EAC − AC)`, `tcpi = bac / eac`, `VAC = EAC − BAC`,
 *   `ETC = EAC − EV`) are bugs and are not reproduced.
 * - Nothing is rounded: published examples that round CPI to two decimals disagree with the exact
 *   answer by up to ~0.5 %; rounding is for display only.
 * - A ratio whose denominator is zero or negative is `null` with a plain-English reason, never 0,
 *   ∞ or NaN. Tools disagree here (with AC = 0, Micro Focus PPM reports CPI = 0 or 1, Workfront 1, and
 *   PRA throws); none of those is a number a cost engineer can trust, so the engine says why instead.
 * - A missing (null or non-finite) input propagates as null, and the reason names the input and
 *   why it is missing, so a chain such as VAC ← EAC ← CPI ← AC explains itself.
 *
 * Formula strings use the symbols that key `inputs`, with "−" (U+2212) for minus and "×" for
 * multiplication, so a UI can render "CPI = EV / AC = 450,000 / 500,000 = 0.90". Every key of `inputs`
 * occurs in `formula`; where one symbol contains another (EV and EV(n)), substitute the longest first.
 */
import { computed, finite, missingReason, val, type Computed, type Inputs, type Sources } from './computed';
import { eacMethodLabel, eacMethodPhrase } from './dictionary';
import type { CostInputs, CostMeasures, EacMethod } from './types';

/** Weight of CPI in the composite EAC when none is given (DoD IEAC practice; reference §2). */
export const DEFAULT_COMPOSITE_WEIGHT = 0.8;

/** The method used for `eacSelected` when none is requested: BAC / CPI, the "typical" EAC. */
export const DEFAULT_EAC_METHOD: EacMethod = 'cpi';

/*
 * Performance: computeCostMeasures runs once per roll-up node, thousands of times per roll-up, so it
 * allocates little beyond the figures it returns. Each figure's caller tests its inputs for null
 * directly (`missing`) and computes the value inline, rather than through closures and a scan of the
 * inputs; `missingReason` runs only when an input is missing; constant formulas are module constants;
 * reasons that embed a number are formatted only when they are returned; and the `sources` map is
 * created with all its keys at once. tests/unit/evm/measures.equivalence.test.ts checks the results
 * against the previous, simpler implementation (tests/unit/evm/measures.reference.ts).
 */

/** Formulas used in more than one place (constants, so they are not rebuilt on every call). */
const PV_FORMULA = 'PV = planned value (BCWS), cumulative to the status date';
const EV_FORMULA = 'EV = earned value (BCWP), cumulative to the status date';
const AC_FORMULA = 'AC = actual cost (ACWP), cumulative to the status date';
const BAC_FORMULA = 'BAC = budget at completion';
const CPI_LAST_N_FORMULA = 'CPI(n) = (EV − EV(n)) / (AC − AC(n))';
const COMPOSITE_FORMULA = 'EAC = AC + (BAC − EV) / (w × CPI + (1 − w) × SPI)';
const BOTTOM_UP_FORMULA = 'EAC = AC + ETC';

/**
 * `value`, or null with the reason of the first missing input when `missing`. The caller sets
 * `missing` when any value in `inputs` is null; `value` is then meaningless and ignored.
 */
function derive(formula: string, inputs: Inputs, sources: Sources, missing: boolean, value: number, caveat?: string): Computed {
  if (missing) return computed(null, formula, inputs, missingReason(inputs, sources));
  return computed(value, formula, inputs, caveat);
}

/**
 * As `derive`, for a `value` computed by dividing by `denominator`: null with `zeroReason` /
 * `negativeReason` when the denominator is zero / negative, because in EVM a ratio over a
 * non-positive denominator is undefined, never 0 or ∞.
 */
function guarded(
  formula: string,
  inputs: Inputs,
  sources: Sources,
  missing: boolean,
  denominator: number,
  value: number,
  zeroReason: string,
  negativeReason: string,
  caveat?: string,
): Computed {
  if (missing) return computed(null, formula, inputs, missingReason(inputs, sources));
  if (denominator === 0) return computed(null, formula, inputs, zeroReason);
  if (!(denominator > 0)) return computed(null, formula, inputs, negativeReason);
  return computed(value, formula, inputs, caveat);
}

/** An input taken as given (`v` = finite(`raw`)); non-finite values become null with a reason. */
function givenInput(v: number | null, raw: unknown, symbol: string, formula: string, inputs: Inputs, caveat?: string): Computed {
  if (v === null) {
    return computed(null, formula, inputs, `${symbol} was not supplied as a finite number (got ${String(raw)}).`);
  }
  return computed(v, formula, inputs, caveat);
}

/** A copy of `c` that shares no object with it. */
function copyComputed(c: Computed): Computed {
  const out: Computed = { value: c.value, formula: c.formula, inputs: { ...c.inputs } };
  if (c.reason !== undefined) out.reason = c.reason;
  return out;
}

/**
 * Computes every scalar cost measure and forecast of EVM_REFERENCE.md §1–§2 from cumulative PV, EV,
 * AC and BAC at one status date.
 *
 * `eacSelected` is the requested method (default `'cpi'`); when that EAC is null (for example CPI = 0
 * because nothing has been earned, or AC = 0 so CPI is undefined) it falls back to AC + (BAC − EV), as
 * the reference sheet recommends (§4, "CPI = 0 (EV = 0)"), and says so in its reason. ETC, VAC, VAC%
 * and TCPI(EAC) are computed from `eacSelected`.
 *
 * EV > BAC is invalid in an EVMS (§4): the values are reported as computed, never clipped or
 * extrapolated, and EV, % complete and the forecasts that use BAC − EV carry a caveat.
 */
export function computeCostMeasures(inputs: CostInputs): CostMeasures {
  const pvV = finite(inputs.pv);
  const evV = finite(inputs.ev);
  const acV = finite(inputs.ac);
  const bacV = finite(inputs.bac);

  const evOverBac = evV !== null && bacV !== null && evV > bacV;
  const overBacCaveat = evOverBac
    ? `EV (${evV}) exceeds BAC (${bacV}). Earned value cannot exceed the budget in a valid EVMS, so this figure is reported as computed, not extrapolated; check the progress or the baseline.`
    : undefined;
  const remainingCaveat = evOverBac
    ? `EV (${evV}) exceeds BAC (${bacV}), so the remaining work BAC − EV is negative and this forecast is not meaningful; check the progress or the baseline.`
    : undefined;

  const pv = givenInput(pvV, inputs.pv, 'PV', PV_FORMULA, { PV: pvV });
  const ev = givenInput(evV, inputs.ev, 'EV', EV_FORMULA, { EV: evV }, overBacCaveat);
  const ac =
    inputs.ac === null && inputs.acMissingReason
      ? computed(null, AC_FORMULA, { AC: null }, inputs.acMissingReason)
      : givenInput(acV, inputs.ac, 'AC', AC_FORMULA, { AC: acV });
  const bac = givenInput(bacV, inputs.bac, 'BAC', BAC_FORMULA, { BAC: bacV });
  // One map from symbol to figure, filled in as figures are computed, so a null input's reason can name
  // the upstream reason. Every key is declared up front so the map keeps one shape.
  const src: Sources = {
    PV: pv,
    EV: ev,
    AC: ac,
    BAC: bac,
    SV: undefined,
    CV: undefined,
    SPI: undefined,
    CPI: undefined,
    'CPI(n)': undefined,
    EAC: undefined,
    VAC: undefined,
  };

  // Below, `x!` is safe wherever the figure's `missing` test covers x: the value is ignored when missing.

  // Variances.
  const sv = derive('SV = EV − PV', { EV: evV, PV: pvV }, src, evV === null || pvV === null, evV! - pvV!);
  const cv = derive('CV = EV − AC', { EV: evV, AC: acV }, src, evV === null || acV === null, evV! - acV!);
  const svV = val(sv);
  const cvV = val(cv);
  src.SV = sv;
  src.CV = cv;

  const svPct = guarded(
    'SV% = SV / PV',
    { SV: svV, PV: pvV },
    src,
    svV === null || pvV === null,
    pvV!,
    svV! / pvV!,
    'No work was planned by the status date (PV = 0), so SV% is undefined.',
    'PV is negative; cumulative planned value cannot be negative, so SV% is undefined.',
  );
  const cvPct = guarded(
    'CV% = CV / EV',
    { CV: cvV, EV: evV },
    src,
    cvV === null || evV === null,
    evV!,
    cvV! / evV!,
    'No work has been earned yet (EV = 0), so CV% is undefined.',
    'EV is negative; cumulative earned value cannot be negative, so CV% is undefined.',
  );

  // Indices.
  const spi = guarded(
    'SPI = EV / PV',
    { EV: evV, PV: pvV },
    src,
    evV === null || pvV === null,
    pvV!,
    evV! / pvV!,
    'No work was planned by the status date (PV = 0), so SPI is undefined.',
    'PV is negative; cumulative planned value cannot be negative, so SPI is undefined.',
  );
  const cpi = guarded(
    'CPI = EV / AC',
    { EV: evV, AC: acV },
    src,
    evV === null || acV === null,
    acV!,
    evV! / acV!,
    'No actual cost has been recorded yet, so CPI is undefined.',
    'AC is negative; cumulative actual cost cannot be negative (is a credit posted, or is AC periodic rather than cumulative?), so CPI is undefined.',
  );
  const spiV = val(spi);
  const cpiV = val(cpi);
  src.SPI = spi;
  src.CPI = cpi;
  const csi = derive('CSI = SPI × CPI', { SPI: spiV, CPI: cpiV }, src, spiV === null || cpiV === null, spiV! * cpiV!);

  // Shares of the budget.
  const pctComplete = guarded(
    '% complete = EV / BAC',
    { EV: evV, BAC: bacV },
    src,
    evV === null || bacV === null,
    bacV!,
    evV! / bacV!,
    'BAC is zero, so % complete is undefined.',
    'BAC is negative, so % complete is undefined.',
    evOverBac
      ? `% complete is above 100% because EV (${evV}) exceeds BAC (${bacV}), which is invalid in an EVMS; the figure is not extrapolated or clipped. Check the progress or the baseline.`
      : undefined,
  );
  const pctSpent = guarded(
    '% spent = AC / BAC',
    { AC: acV, BAC: bacV },
    src,
    acV === null || bacV === null,
    bacV!,
    acV! / bacV!,
    'BAC is zero, so % spent is undefined.',
    'BAC is negative, so % spent is undefined.',
  );
  const pctScheduled = guarded(
    '% scheduled = PV / BAC',
    { PV: pvV, BAC: bacV },
    src,
    pvV === null || bacV === null,
    bacV!,
    pvV! / bacV!,
    'BAC is zero, so % scheduled is undefined.',
    'BAC is negative, so % scheduled is undefined.',
  );

  // CPI over the last n periods (wInsight "EAC Realism": CPI(3), CPI(6)).
  const cpiLastN = computeCpiLastN(inputs, evV, acV, src);
  const cpiNV = val(cpiLastN);
  src['CPI(n)'] = cpiLastN;

  // EAC by every method. Those of the form AC + (BAC − EV) / PF share the test on AC, BAC and EV.
  const w = inputs.compositeWeight === undefined ? DEFAULT_COMPOSITE_WEIGHT : finite(inputs.compositeWeight);
  const noRemaining = acV === null || bacV === null || evV === null;
  const remaining = bacV! - evV!;
  const cpiSpiPf = cpiV! * spiV!;
  const eac: Record<EacMethod, Computed> = {
    cpi: guarded(
      'EAC = BAC / CPI',
      { BAC: bacV, CPI: cpiV },
      src,
      bacV === null || cpiV === null,
      cpiV!,
      bacV! / cpiV!,
      'CPI is 0 because nothing has been earned yet (EV = 0) although cost has been incurred, so BAC / CPI is undefined.',
      'CPI is negative, so BAC / CPI is undefined.',
      remainingCaveat,
    ),
    cpiSpi: guarded(
      'EAC = AC + (BAC − EV) / (CPI × SPI)',
      { AC: acV, BAC: bacV, EV: evV, CPI: cpiV, SPI: spiV },
      src,
      noRemaining || cpiV === null || spiV === null,
      cpiSpiPf,
      acV! + remaining / cpiSpiPf,
      'CPI × SPI is 0 because nothing has been earned yet (EV = 0), so this EAC is undefined.',
      'CPI × SPI is negative, so this EAC is undefined.',
      remainingCaveat,
    ),
    composite: compositeEac(acV, bacV, evV, w, inputs.compositeWeight, cpiV, spiV, src, remainingCaveat),
    planRate: derive('EAC = AC + (BAC − EV)', { AC: acV, BAC: bacV, EV: evV }, src, noRemaining, acV! + remaining, remainingCaveat),
    cpiLastN: guarded(
      'EAC = AC + (BAC − EV) / CPI(n)',
      { AC: acV, BAC: bacV, EV: evV, 'CPI(n)': cpiNV },
      src,
      noRemaining || cpiNV === null,
      cpiNV!,
      acV! + remaining / cpiNV!,
      'CPI(n) is 0 because nothing was earned in the last n periods, so this EAC is undefined.',
      'CPI(n) is negative (EV fell over the last n periods), so this EAC is undefined.',
      remainingCaveat,
    ),
    bottomUp: bottomUpEac(inputs.bottomUpEtc, acV, src),
  };

  // The selected EAC, falling back to the plan-rate EAC when the requested one is undefined.
  const requested: EacMethod = inputs.eacMethod ?? DEFAULT_EAC_METHOD;
  let eacMethod: EacMethod = requested;
  let eacSelected: Computed = copyComputed(eac[requested]);
  // Without AC no EAC exists, so falling back would only repeat the same reason.
  if (eacSelected.value === null && requested !== 'planRate' && !(acV === null && inputs.acMissingReason)) {
    eacMethod = 'planRate';
    const fallback = eac.planRate;
    const why = eac[requested].reason ?? 'it could not be computed.';
    const note = `EAC by ${eacMethodPhrase(requested)} is not available (${stripPeriod(why)}), so ${eacMethodLabel('planRate')} is used instead: it assumes the remaining work is done at budget rates.`;
    eacSelected = computed(
      fallback.value,
      fallback.formula,
      { ...fallback.inputs },
      fallback.reason ? `${note} ${fallback.reason}` : note,
    );
  }
  const eacV = val(eacSelected);
  src.EAC = eacSelected;

  const etc = derive('ETC = EAC − AC', { EAC: eacV, AC: acV }, src, eacV === null || acV === null, eacV! - acV!);
  if (etc.value !== null && etc.value < 0 && !etc.reason) {
    etc.reason = 'ETC is negative: the estimate at completion is below the cost already incurred.';
  }
  const vac = derive('VAC = BAC − EAC', { BAC: bacV, EAC: eacV }, src, bacV === null || eacV === null, bacV! - eacV!);
  const vacV = val(vac);
  src.VAC = vac;
  const vacPct = guarded(
    'VAC% = VAC / BAC',
    { VAC: vacV, BAC: bacV },
    src,
    vacV === null || bacV === null,
    bacV!,
    vacV! / bacV!,
    'BAC is zero, so VAC% is undefined.',
    'BAC is negative, so VAC% is undefined.',
  );

  const workComplete = evV !== null && bacV !== null && evV === bacV;
  const budgetLeft = bacV! - acV!;
  const tcpiBac = guarded(
    'TCPI = (BAC − EV) / (BAC − AC)',
    { BAC: bacV, EV: evV, AC: acV },
    src,
    noRemaining,
    budgetLeft,
    remaining / budgetLeft,
    workComplete
      ? 'The work is complete (EV = BAC) and the budget is exactly spent (AC = BAC), so there is nothing left to perform and TCPI to BAC is undefined.'
      : 'The budget is already spent (AC ≥ BAC), so TCPI to BAC is undefined: AC equals BAC, so no funds remain for the remaining work.',
    // Formatting a number is costly, so this reason is built only when it is the one returned.
    !noRemaining && budgetLeft < 0
      ? `The budget is already spent (AC ≥ BAC), so TCPI to BAC is undefined: AC exceeds BAC by ${acV! - bacV!}, so no efficiency can finish within BAC.`
      : '',
    remainingCaveat,
  );
  // At completion (EV = BAC) every index-based EAC equals AC algebraically, but BAC / CPI can differ
  // from AC by an ulp; snap that to 0 so the result does not depend on rounding noise.
  const estimateLeft =
    workComplete && Math.abs(eacV! - acV!) <= 1e-9 * Math.max(Math.abs(eacV!), Math.abs(acV!)) ? 0 : eacV! - acV!;
  const tcpiEac = guarded(
    'TCPI = (BAC − EV) / (EAC − AC)',
    { BAC: bacV, EV: evV, EAC: eacV, AC: acV },
    src,
    noRemaining || eacV === null,
    estimateLeft,
    remaining / estimateLeft,
    workComplete
      ? 'The work is complete (EV = BAC) and the estimate at completion equals the cost incurred (EAC = AC), so there is nothing left to perform and TCPI to EAC is undefined.'
      : 'The estimate at completion has already been reached (AC ≥ EAC), so TCPI to EAC is undefined: EAC equals AC, so no funds remain in the estimate.',
    'The estimate at completion has already been exceeded (AC ≥ EAC), so TCPI to EAC is undefined; the EAC needs revising.',
    remainingCaveat,
  );

  const out: CostMeasures = {
    pv,
    ev,
    ac,
    bac,
    sv,
    cv,
    svPct,
    cvPct,
    spi,
    cpi,
    csi,
    pctComplete,
    pctSpent,
    pctScheduled,
    cpiLastN,
    eac,
    eacMethod,
    eacSelected,
    etc,
    vac,
    vacPct,
    tcpiBac,
    tcpiEac,
  };
  if (acV === null && inputs.acMissingReason) sayWhyWithoutActuals(out, inputs.acMissingReason);
  return out;
}

/**
 * When the input records no actuals, every figure that needs AC is null, and the chain of reasons
 * ("EAC … CPI is not available: AC is not available: …") would bury the one cause a planner needs:
 * each such figure says directly that it needs actual cost, and why there is none.
 */
function sayWhyWithoutActuals(m: CostMeasures, why: string): void {
  const restate = (c: Computed): void => {
    if (c.value !== null || !(c.inputs.AC === null || c.reason?.includes(why))) return;
    c.reason = `${c.formula.split(' = ')[0]} needs actual cost (AC): ${lowerFirst(why)}`;
  };
  for (const c of [m.cv, m.cvPct, m.cpi, m.csi, m.pctSpent, m.cpiLastN, m.eacSelected, m.etc, m.vac, m.vacPct, m.tcpiBac, m.tcpiEac]) restate(c);
  for (const k in m.eac) restate(m.eac[k as EacMethod]);
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

function stripPeriod(s: string): string {
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

/** CPI(n) = (EV − EV(n)) / (AC − AC(n)): the cost efficiency of the last n periods only. */
function computeCpiLastN(inputs: CostInputs, evV: number | null, acV: number | null, src: Sources): Computed {
  const h = inputs.nPeriodsAgo;
  if (!h) {
    return computed(
      null,
      CPI_LAST_N_FORMULA,
      { EV: evV, 'EV(n)': null, AC: acV, 'AC(n)': null, n: null },
      'No cumulative EV and AC from n periods before the status date were supplied, so CPI(n) cannot be computed.',
    );
  }
  const evN = finite(h.ev);
  const acN = finite(h.ac);
  const n = finite(h.n);
  const inputsN: Inputs = { EV: evV, 'EV(n)': evN, AC: acV, 'AC(n)': acN, n };
  if (evV === null || evN === null || acV === null || acN === null || n === null) {
    return computed(null, CPI_LAST_N_FORMULA, inputsN, missingReason(inputsN, src));
  }
  // The reasons embed n, so they are built only when returned.
  const d = acV - acN;
  if (d === 0) {
    return computed(null, CPI_LAST_N_FORMULA, inputsN, `No actual cost was recorded in the last ${n} period(s) (AC − AC(n) = 0), so CPI(n) is undefined.`);
  }
  if (!(d > 0)) {
    return computed(
      null,
      CPI_LAST_N_FORMULA,
      inputsN,
      `Cumulative AC fell over the last ${n} period(s) (AC − AC(n) < 0), so CPI(n) is undefined; check for credits, or for a periodic rather than cumulative AC series.`,
    );
  }
  return computed((evV - evN) / d, CPI_LAST_N_FORMULA, inputsN);
}

/** AC + (BAC − EV) / (w·CPI + (1 − w)·SPI), w ∈ [0, 1]. */
function compositeEac(
  acV: number | null,
  bacV: number | null,
  evV: number | null,
  w: number | null,
  wIn: number | undefined,
  cpiV: number | null,
  spiV: number | null,
  sources: Sources,
  caveat: string | undefined,
): Computed {
  const inputs: Inputs = { AC: acV, BAC: bacV, EV: evV, w, CPI: cpiV, SPI: spiV };
  if (w === null || w < 0 || w > 1) {
    return computed(
      null,
      COMPOSITE_FORMULA,
      inputs,
      `The composite weight w must be a number from 0 to 1 (got ${String(wIn)}), so the composite EAC cannot be computed.`,
    );
  }
  const pf = w * cpiV! + (1 - w) * spiV!;
  return guarded(
    COMPOSITE_FORMULA,
    inputs,
    sources,
    acV === null || bacV === null || evV === null || cpiV === null || spiV === null,
    pf,
    acV! + (bacV! - evV!) / pf,
    'The composite index w × CPI + (1 − w) × SPI is 0 because nothing has been earned yet (EV = 0), so this EAC is undefined.',
    'The composite index w × CPI + (1 − w) × SPI is negative, so this EAC is undefined.',
    caveat,
  );
}

/** AC + ETC(bottom-up): the management (latest revised) estimate. */
function bottomUpEac(etcIn: number | null | undefined, acV: number | null, src: Sources): Computed {
  if (etcIn === null || etcIn === undefined) {
    return computed(
      null,
      BOTTOM_UP_FORMULA,
      { AC: acV, ETC: null },
      'No bottom-up estimate to complete (ETC) was supplied, so the bottom-up EAC cannot be computed.',
    );
  }
  const etc = finite(etcIn);
  if (etc === null) {
    return computed(null, BOTTOM_UP_FORMULA, { AC: acV, ETC: null }, `The bottom-up ETC is not a finite number (got ${String(etcIn)}).`);
  }
  if (etc < 0) {
    return computed(null, BOTTOM_UP_FORMULA, { AC: acV, ETC: etc }, 'The bottom-up ETC is negative; an estimate to complete cannot be below zero.');
  }
  return derive(BOTTOM_UP_FORMULA, { AC: acV, ETC: etc }, src, acV === null, acV! + etc);
}
