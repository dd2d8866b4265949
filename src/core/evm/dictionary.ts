/**
 * The one dictionary of earned value measures and EAC methods: what each is called, how it is
 * computed and what it is measured in. Every surface that names a measure reads it from here — the
 * fallback reason of the selected EAC (measures.ts), the CLI's text report, the commentary, and the
 * dashboard's EAC selector, cards and breakdown columns — so a label can never differ between two
 * of them (issue 12: the selector said "BAC / CPI" while the card showed another method).
 *
 * Formulas are written as the engine writes them in `Computed.formula` (measures.ts,
 * earnedSchedule.ts), with "−" (U+2212) for minus and "×" for multiplication. Where the engine
 * writes a figure several ways (ES at its limits, PD as supplied), the formula here is the general one.
 */
import type { CostMeasures, EacMethod } from './types';

/**
 * What a measure is expressed in. 'amount' is the measure basis: money when EV is measured in cost,
 * otherwise hours or labour units (analysis.measureBasis).
 */
export type MeasureUnit = 'amount' | 'index' | 'percent' | 'periods';

export interface MeasureDefinition {
  /** Short label, as on a card or a report row: "CPI", "TCPI (BAC)", "SV(t)". */
  label: string;
  /** Full name: "Cost performance index". */
  name: string;
  /** The older DoD name, where one is in common use: "BCWS". */
  aka?: string;
  /** The definition, e.g. "CPI = EV / AC". */
  formula: string;
  unit: MeasureUnit;
  /** A variance, shown with an explicit sign (negative = behind / over). */
  signed: boolean;
}

/** Every measure the engine reports, keyed as in CostMeasures / ScheduleMeasures where one exists there. */
export const MEASURES = {
  pv: { label: 'PV', aka: 'BCWS', name: 'Planned value (BCWS)', formula: 'PV = planned value (BCWS), cumulative to the status date', unit: 'amount', signed: false },
  ev: { label: 'EV', aka: 'BCWP', name: 'Earned value (BCWP)', formula: 'EV = earned value (BCWP), cumulative to the status date', unit: 'amount', signed: false },
  ac: { label: 'AC', aka: 'ACWP', name: 'Actual cost (ACWP)', formula: 'AC = actual cost (ACWP), cumulative to the status date', unit: 'amount', signed: false },
  bac: { label: 'BAC', name: 'Budget at completion', formula: 'BAC = budget at completion', unit: 'amount', signed: false },
  sv: { label: 'SV', name: 'Schedule variance', formula: 'SV = EV − PV', unit: 'amount', signed: true },
  cv: { label: 'CV', name: 'Cost variance', formula: 'CV = EV − AC', unit: 'amount', signed: true },
  svPct: { label: 'SV%', name: 'Schedule variance as a share of PV', formula: 'SV% = SV / PV', unit: 'percent', signed: true },
  cvPct: { label: 'CV%', name: 'Cost variance as a share of EV', formula: 'CV% = CV / EV', unit: 'percent', signed: true },
  spi: { label: 'SPI', name: 'Schedule performance index', formula: 'SPI = EV / PV', unit: 'index', signed: false },
  cpi: { label: 'CPI', name: 'Cost performance index', formula: 'CPI = EV / AC', unit: 'index', signed: false },
  csi: { label: 'CSI', name: 'Cost-schedule index (SCI)', formula: 'CSI = SPI × CPI', unit: 'index', signed: false },
  pctComplete: { label: '% complete', name: 'Share of the budget earned', formula: '% complete = EV / BAC', unit: 'percent', signed: false },
  pctSpent: { label: '% spent', name: 'Share of the budget spent', formula: '% spent = AC / BAC', unit: 'percent', signed: false },
  pctScheduled: { label: '% scheduled', name: 'Share of the budget planned to date', formula: '% scheduled = PV / BAC', unit: 'percent', signed: false },
  cpiLastN: { label: 'CPI(n)', name: 'CPI over the last n periods', formula: 'CPI(n) = (EV − EV(n)) / (AC − AC(n))', unit: 'index', signed: false },
  eac: { label: 'EAC', name: 'Estimate at completion', formula: 'EAC by the selected method (see the EAC methods)', unit: 'amount', signed: false },
  etc: { label: 'ETC', name: 'Estimate to complete', formula: 'ETC = EAC − AC', unit: 'amount', signed: false },
  vac: { label: 'VAC', name: 'Variance at completion', formula: 'VAC = BAC − EAC', unit: 'amount', signed: true },
  vacPct: { label: 'VAC%', name: 'Variance at completion as a share of BAC', formula: 'VAC% = VAC / BAC', unit: 'percent', signed: true },
  tcpiBac: { label: 'TCPI (BAC)', name: 'To-complete performance index to finish within budget', formula: 'TCPI = (BAC − EV) / (BAC − AC)', unit: 'index', signed: false },
  tcpiEac: { label: 'TCPI (EAC)', name: 'To-complete performance index to achieve the EAC', formula: 'TCPI = (BAC − EV) / (EAC − AC)', unit: 'index', signed: false },
  pd: { label: 'PD', name: 'Planned duration', formula: 'PD = first period k with PV_k ≥ BAC', unit: 'periods', signed: false },
  at: { label: 'AT', name: 'Actual time', formula: 'AT = periods elapsed at the status date', unit: 'periods', signed: false },
  es: { label: 'ES', name: 'Earned schedule', formula: 'ES = C + (EV − PV[C]) / (PV[C+1] − PV[C])', unit: 'periods', signed: false },
  svt: { label: 'SV(t)', name: 'Schedule variance (time)', formula: 'SV(t) = ES − AT', unit: 'periods', signed: true },
  spit: { label: 'SPI(t)', name: 'Schedule performance index (time)', formula: 'SPI(t) = ES / AT', unit: 'index', signed: false },
  tspi: { label: 'TSPI', name: 'To-complete schedule performance index', formula: 'TSPI = (PD − ES) / (PD − AT)', unit: 'index', signed: false },
  tspiEd: { label: 'TSPI(ed)', name: 'To-complete schedule performance index against an estimated duration', formula: 'TSPI(ed) = (PD − ES) / (ED − AT)', unit: 'index', signed: false },
  ieactPf1: { label: 'IEAC(t), PF = 1', name: 'Estimate of duration at completion if the rest goes to plan', formula: 'IEAC(t) = AT + (PD − ES) / PF', unit: 'periods', signed: false },
  ieact: { label: 'IEAC(t)', name: 'Independent estimate of duration at completion', formula: 'IEAC(t) = AT + (PD − ES) / SPI(t)', unit: 'periods', signed: false },
  ieactSci: { label: 'IEAC(t), PF = SCI(t)', name: 'Estimate of duration at completion at the cost and schedule pace', formula: 'IEAC(t) = AT + (PD − ES) / (SPI(t) × CPI)', unit: 'periods', signed: false },
} as const satisfies Record<string, MeasureDefinition>;

export type MeasureKey = keyof typeof MEASURES;

export const MEASURE_KEYS = Object.keys(MEASURES) as MeasureKey[];

/** The definition of a measure (typed as the general shape, for callers that index by key). */
export function measure(key: MeasureKey): MeasureDefinition {
  return MEASURES[key];
}

/** A report row's label: the label, with the older name where there is one ("PV (BCWS)"). */
export function rowLabel(key: MeasureKey): string {
  const m = measure(key);
  return m.aka ? `${m.label} (${m.aka})` : m.label;
}

// ---------------------------------------------------------------------------------------------
// EAC methods.

/** The actual options an EAC label depends on: the composite weight and the n of CPI(n). */
export interface EacLabelOptions {
  /** Weight of CPI in the composite EAC (0..1); unknown → written as w. */
  weight?: number | null;
  /** Periods in CPI(n); unknown → written as n. */
  n?: number | null;
}

export interface EacMethodDefinition {
  /** Plain-English name for sentences: "cumulative CPI", "the composite index". */
  name: string;
  /** The formula as the engine writes it in `Computed.formula`. */
  formula: string;
  unit: 'amount';
  /** The label shown wherever the method is chosen or named, with the actual weight and n. */
  label(opts?: EacLabelOptions): string;
}

/** Up to 3 decimals, no trailing zeros: 0.8 → "0.8", 1 − 0.7 → "0.3" (not 0.30000000000000004). */
function short(x: number): string {
  return String(Number(x.toFixed(3)));
}

const validWeight = (w: number | null | undefined): w is number => typeof w === 'number' && Number.isFinite(w) && w >= 0 && w <= 1;
const validN = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export const EAC_METHOD_DEFINITIONS: Readonly<Record<EacMethod, EacMethodDefinition>> = {
  cpi: { name: 'cumulative CPI', formula: 'EAC = BAC / CPI', unit: 'amount', label: () => 'BAC / CPI' },
  cpiSpi: { name: 'CPI × SPI', formula: 'EAC = AC + (BAC − EV) / (CPI × SPI)', unit: 'amount', label: () => 'AC + (BAC − EV) / (CPI × SPI)' },
  composite: {
    name: 'the composite index',
    formula: 'EAC = AC + (BAC − EV) / (w × CPI + (1 − w) × SPI)',
    unit: 'amount',
    label: (o) => (validWeight(o?.weight) ? `AC + (BAC − EV) / (${short(o.weight)} CPI + ${short(1 - o.weight)} SPI)` : 'AC + (BAC − EV) / (w CPI + (1 − w) SPI)'),
  },
  planRate: { name: 'remaining work at budget rates', formula: 'EAC = AC + (BAC − EV)', unit: 'amount', label: () => 'AC + (BAC − EV)' },
  cpiLastN: {
    name: 'the CPI of the last n periods',
    formula: 'EAC = AC + (BAC − EV) / CPI(n)',
    unit: 'amount',
    label: (o) => (validN(o?.n) ? `AC + (BAC − EV) / CPI of the last ${short(o.n)} ${o.n === 1 ? 'period' : 'periods'}` : 'AC + (BAC − EV) / CPI of the last n periods'),
  },
  bottomUp: { name: 'the bottom-up estimate to complete', formula: 'EAC = AC + ETC', unit: 'amount', label: () => 'AC + bottom-up ETC' },
};

/** The label of an EAC method with the actual weight and n: what the selector, the cards and the reports show. */
export function eacMethodLabel(method: EacMethod, opts: EacLabelOptions = {}): string {
  return EAC_METHOD_DEFINITIONS[method].label(opts);
}

/**
 * How a reason names a method: its name and its formula, "cumulative CPI (BAC / CPI)". Independent
 * of the options, because the reason sits beside the figure's inputs, which carry w and n.
 */
export function eacMethodPhrase(method: EacMethod): string {
  const d = EAC_METHOD_DEFINITIONS[method];
  return `${d.name} (${d.formula.replace(/^EAC = /, '')})`;
}

/** The weight and n an analysis was computed with, read from the inputs of its composite EAC and CPI(n). */
export function eacLabelOptionsOf(cost: Pick<CostMeasures, 'eac' | 'cpiLastN'>): EacLabelOptions {
  const w = cost.eac.composite.inputs.w;
  const n = cost.cpiLastN.inputs.n;
  return { weight: typeof w === 'number' ? w : null, n: typeof n === 'number' ? n : null };
}

/**
 * The innermost reason of a null figure: "CPI is not available: No actual cost has been recorded
 * yet, so CPI is undefined." → "No actual cost has been recorded yet, so CPI is undefined.", for
 * short lines that already name the figure.
 */
export function rootReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  const parts = reason.split(' is not available: ');
  return parts[parts.length - 1];
}

/** A sentence as it reads after a colon or inside brackets: "No actual cost…" → "no actual cost…", "CPI is 0…" unchanged. */
export function midSentence(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? `${s[0].toLowerCase()}${s.slice(1)}` : s;
}

/**
 * What the amounts are weighted by, in the words every surface uses for it (dashboard header and
 * note, CLI header). A schedule without costs is measured on a duration- or units-weighted basis
 * and must say so wherever its PV and EV are shown, or a planner reads hours as money.
 */
export const MEASURE_BASES: Readonly<Record<'cost' | 'units' | 'duration', { short: string; note: string | null }>> = {
  cost: { short: 'cost', note: null },
  units: {
    short: 'units-weighted (labour units)',
    note: 'No activity carries a budgeted cost, so PV, EV and the schedule measures are weighted by budgeted labour units, not money.',
  },
  duration: {
    short: 'duration-weighted (working hours)',
    note: "No costs or units in this schedule, so PV, EV and the schedule measures are weighted by each activity's duration in working hours, not money.",
  },
};
