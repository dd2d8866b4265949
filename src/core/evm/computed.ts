/**
 * Every figure the engine produces is a `Computed`: the value plus how it was computed, so the UI
 * can "show the math" and a user can trace any number back to its inputs.
 *
 * Rules (DESIGN.md, EVM conventions):
 * - Values are never rounded here; rounding is for display only.
 * - A ratio whose denominator is zero or negative is `null` with a `reason`, never 0, ∞ or NaN.
 */
export interface Computed {
  /** The unrounded value, or null when it cannot be computed (see `reason`). */
  value: number | null;
  /** The formula in symbols, e.g. `CPI = EV / AC`. */
  formula: string;
  /** The values substituted into the formula, keyed by the symbols it uses. */
  inputs: Record<string, number | null>;
  /** Why `value` is null, or a caveat about a value that is present. */
  reason?: string;
}

export function computed(
  value: number | null,
  formula: string,
  inputs: Record<string, number | null>,
  reason?: string,
): Computed {
  const ok = value !== null && Number.isFinite(value);
  const out: Computed = { value: ok ? value : null, formula, inputs };
  if (reason) out.reason = reason;
  else if (!ok && value !== null) out.reason = 'The result is not a finite number.';
  return out;
}

/** A value taken as given (an input such as PV or BAC). */
export function given(value: number | null, symbol: string, source: string): Computed {
  return computed(value, `${symbol} = ${source}`, { [symbol]: value });
}

/**
 * numerator / denominator, or null with `reasonIfNotPositive` when the denominator is zero or
 * negative, or with a reason naming the missing input when either is null.
 */
export function ratio(
  numerator: number | null,
  denominator: number | null,
  formula: string,
  inputs: Record<string, number | null>,
  reasonIfNotPositive: string,
): Computed {
  const missing = Object.entries(inputs).find(([, v]) => v === null);
  if (numerator === null || denominator === null) {
    return computed(null, formula, inputs, `${missing ? missing[0] : 'An input'} is not available.`);
  }
  if (!(denominator > 0)) return computed(null, formula, inputs, reasonIfNotPositive);
  return computed(numerator / denominator, formula, inputs);
}

/** The value of a Computed, or null. Shorthand for chaining formulas. */
export const val = (c: Computed | null | undefined): number | null => (c ? c.value : null);

/** Values substituted into a formula, by symbol. */
export type Inputs = Record<string, number | null>;
/** The computed figures some of those inputs came from, for their reasons. */
export type Sources = Partial<Record<string, Computed>>;

/** A finite number, or null (null, undefined, NaN and ±∞ are all "not available"). */
export function finite(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/**
 * The reason for the first null input, carrying the upstream reason when the input is itself a
 * computed figure: "CPI is not available: No actual cost has been recorded yet, so CPI is undefined."
 */
export function missingReason(inputs: Inputs, sources: Sources): string | undefined {
  // for…in rather than Object.entries: this runs for every figure, and allocating here dominated the cost.
  for (const symbol in inputs) {
    if (inputs[symbol] !== null) continue;
    const why = sources[symbol]?.reason;
    return why ? `${symbol} is not available: ${why}` : `${symbol} is not available.`;
  }
  return undefined;
}
