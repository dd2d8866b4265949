/**
 * "Show the math" as data: a Computed (formula, inputs, value, reason) turned into the lines a
 * popover prints, e.g. "CPI = EV / AC", "EV = £80,000", "CPI = £80,000 / £89,500 = 0.89".
 * Pure, so the substitution can be tested without rendering.
 */
import type { Computed } from '../../../core/evm/computed';
import { NA } from '../../../core/format';
import { formatPrecise, formatValue, type FormatContext, type ValueKind } from './valueFormat';

export interface MathInput {
  symbol: string;
  /** The input formatted in its own kind (money, index, periods…), or "n/a". */
  text: string;
}

export interface MathView {
  /** The formula as the engine wrote it. */
  formula: string;
  inputs: MathInput[];
  /**
   * The formula with the inputs written in ("CPI = £80,000 / £89,500 = 0.89"); null when the
   * formula is a definition with nothing to substitute ("PV = planned value … to the status date").
   */
  worked: string | null;
  /** The result as the card shows it, or "n/a". */
  result: string;
  /** The result with more precision, when that differs from `result`. */
  precise: string | null;
  /** Why the value is n/a, or a caveat about it. */
  reason: string | null;
}

/** Money-like symbols (in the measure basis), as keyed in src/core/evm's `inputs`. */
const AMOUNT_SYMBOLS = new Set(['PV', 'EV', 'AC', 'BAC', 'EAC', 'ETC', 'SV', 'CV', 'VAC', 'EV(n)', 'AC(n)', 'PV[C]', 'PV[C+1]', 'PV_k']);
/** Durations in reporting periods. */
const PERIOD_SYMBOLS = new Set(['AT', 'PD', 'ES', 'C', 'ED', 'TV', 'EAC(t)', 'IEAC(t)']);
/** Dimensionless ratios. */
const INDEX_SYMBOLS = new Set(['CPI', 'SPI', 'SPI(t)', 'CPI(n)', 'SCI(t)', 'CSI', 'PF', 'TCPI', 'TSPI', 'w']);

/** The kind of an input symbol, for formatting it. Unknown symbols print as plain numbers. */
export function symbolKind(symbol: string): ValueKind {
  if (AMOUNT_SYMBOLS.has(symbol)) return 'amount';
  if (PERIOD_SYMBOLS.has(symbol)) return 'periods';
  if (INDEX_SYMBOLS.has(symbol)) return 'index';
  if (symbol === 'n') return 'periods';
  return 'number';
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Writes the values into a formula's right-hand side. Symbols are matched whole (not inside a
 * longer word) and longest first, so "EV(n)" is not read as "EV" followed by "(n)" and the "C" in
 * "PV[C]" is left alone (src/core/evm/measures.ts documents this contract). Returns null when
 * nothing was substituted.
 */
export function substitute(formula: string, values: Readonly<Record<string, string>>): string | null {
  const eq = formula.indexOf(' = ');
  const lhs = eq >= 0 ? formula.slice(0, eq) : '';
  const rhs = eq >= 0 ? formula.slice(eq + 3) : formula;
  const symbols = Object.keys(values)
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
  if (symbols.length === 0) return null;
  const re = new RegExp(`(?<![A-Za-z0-9_])(?:${symbols.map(escapeRe).join('|')})(?![A-Za-z0-9_])`, 'g');
  let hits = 0;
  const out = rhs.replace(re, (m) => {
    hits++;
    return values[m];
  });
  if (hits === 0) return null;
  return lhs ? `${lhs} = ${out}` : out;
}

/** Whether a formula is only a definition ("EV = earned value (BCWP), …") rather than arithmetic. */
function isDefinition(formula: string, inputs: Readonly<Record<string, number | null>>): boolean {
  const eq = formula.indexOf(' = ');
  const lhs = eq >= 0 ? formula.slice(0, eq) : '';
  const keys = Object.keys(inputs);
  return keys.length === 1 && keys[0] === lhs;
}

export function mathView(c: Computed, kind: ValueKind, ctx: FormatContext): MathView {
  const inputs: MathInput[] = Object.entries(c.inputs).map(([symbol, v]) => ({ symbol, text: formatValue(v, symbolKind(symbol), ctx) }));
  const result = formatValue(c.value, kind, ctx);
  const precise = formatPrecise(c.value, kind, ctx);
  let worked: string | null = null;
  if (!isDefinition(c.formula, c.inputs)) {
    const values: Record<string, string> = {};
    for (const i of inputs) values[i.symbol] = i.text;
    const sub = substitute(c.formula, values);
    if (sub !== null) worked = c.value === null ? sub : `${sub} = ${result}`;
  }
  return {
    formula: c.formula,
    inputs,
    worked,
    result,
    precise: precise !== NA && precise !== result ? precise : null,
    reason: c.reason ?? null,
  };
}
