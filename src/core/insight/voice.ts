/**
 * How figures are written in alerts and commentary for one analysis: money in the project's
 * currency (or units / hours when EV is not measured in cost), periods named after the reporting
 * cycle when it can be told from the dates (weeks, months, …).
 */
import type { Analysis } from '../evm/types';
import {
  currencyCode,
  daysBetween,
  formatIndex,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPeriods,
} from '../format';

export interface Voice {
  currency: string;
  basis: Analysis['measureBasis'];
  /** Singular / plural name of a reporting period. */
  unit: string;
  units: string;
  /** An amount in the measure basis: "£1,234,567" (or compact, "£12.3m", when asked), "1,234 hours". */
  amount(v: number): string;
  /** An amount per unit of the basis, 2 decimals: "£0.87", "0.87 hours". */
  perOne(v: number): string;
  /** One unit of the basis, as in "every £1 spent": "£1", "hour", "unit". */
  one: string;
  /** How the basis is named in "in money terms": "money", "hours", "units". */
  terms: string;
  /**
   * How schedule figures are weighted when EV is not measured in cost: "duration-weighted",
   * "units-weighted"; null for cost.
   */
  weighting: string | null;
  /** A duration in periods: "2.5 weeks". */
  periods(v: number): string;
  index(v: number): string;
  pct(v: number, dp?: number): string;
}

export interface VoiceOptions {
  currency?: string;
  /** Money from this size upwards is written compactly ("£12.3m"); default never (full figures are traceable). */
  compactFrom?: number;
}

const UNIT_BY_DAYS: readonly { min: number; max: number; unit: string }[] = [
  { min: 1, max: 1, unit: 'day' },
  { min: 7, max: 7, unit: 'week' },
  { min: 14, max: 14, unit: 'fortnight' },
  { min: 28, max: 31, unit: 'month' },
  { min: 89, max: 92, unit: 'quarter' },
];

/** "week", "month", … from the spacing of the series' period ends; "period" when it cannot be told. */
export function periodUnitOf(analysis: Pick<Analysis, 'series'>): string {
  const ends = analysis.series.map((s) => s.period.end);
  const gaps: number[] = [];
  for (let i = 1; i < ends.length; i++) {
    const d = daysBetween(ends[i - 1], ends[i]);
    if (d === null) return 'period';
    gaps.push(d);
  }
  if (gaps.length === 0) return 'period';
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const hit = UNIT_BY_DAYS.find((u) => median >= u.min && median <= u.max);
  if (!hit) return 'period';
  // Every gap must agree with the unit (months vary 28–31 days; others are exact).
  return gaps.every((g) => g >= hit.min && g <= hit.max) ? hit.unit : 'period';
}

export function voiceFor(analysis: Pick<Analysis, 'project' | 'measureBasis' | 'series'>, opts: VoiceOptions = {}): Voice {
  const currency = currencyCode(opts.currency ?? analysis.project.currency);
  const basis = analysis.measureBasis;
  const compactFrom = opts.compactFrom ?? Number.POSITIVE_INFINITY;
  const unit = periodUnitOf(analysis);
  const units = `${unit}s`;
  const basisWord = basis === 'units' ? ['unit', 'units'] : ['hour', 'hours'];
  const amount = (v: number): string => {
    if (basis === 'cost') return formatMoney(v, currency, { compact: Math.abs(v) >= compactFrom });
    const n = formatNumber(v);
    return `${n} ${n === '1' || n === '-1' ? basisWord[0] : basisWord[1]}`;
  };
  return {
    currency,
    basis,
    unit,
    units,
    amount,
    perOne: (v) => (basis === 'cost' ? formatMoney(v, currency, { decimals: 2 }) : `${formatIndex(v)} ${basisWord[1]}`),
    one: basis === 'cost' ? formatMoney(1, currency) : basisWord[0],
    terms: basis === 'cost' ? 'money' : basisWord[1],
    weighting: basis === 'cost' ? null : `${basis}-weighted`,
    periods: (v) => formatPeriods(v, { unit, plural: units }),
    index: (v) => formatIndex(v),
    pct: (v, dp = 1) => formatPercent(v, dp),
  };
}
