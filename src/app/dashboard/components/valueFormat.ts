/**
 * How the dashboard writes a figure, on top of src/core/format (the only place figures are
 * rounded). The one local addition: when EV is measured in labour units or duration rather than
 * cost, "money" is hours, so amounts print as "1,234 hours", never with a currency symbol.
 */
import type { Analysis } from '../../../core/evm/types';
import {
  formatDate,
  formatEndDate,
  formatIndex,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPeriods,
  formatSigned,
  NA,
} from '../../../core/format';
import { periodUnitOf } from '../../../core/insight/voice';
import type { MeasureBasis } from './types';

/** Everything needed to write any figure of one analysis. */
export interface FormatContext {
  basis: MeasureBasis;
  currency: string;
  /** Singular name of a reporting period: "week", "month", or "period". */
  periodUnit: string;
}

export function formatContextOf(analysis: Pick<Analysis, 'measureBasis' | 'project' | 'series'>): FormatContext {
  return { basis: analysis.measureBasis, currency: analysis.project.currency, periodUnit: periodUnitOf(analysis) };
}

/** The kinds of figure the dashboard shows. */
export type ValueKind =
  | 'amount'
  | 'signedAmount'
  | 'index'
  | 'percent'
  | 'signedPercent'
  | 'periods'
  | 'signedPeriods'
  | 'number';

const HOURS = ['hour', 'hours'] as const;

const isCost = (basis: MeasureBasis): boolean => basis === 'cost';

/** "hours" after a plain number, singular for exactly one. */
function withHours(text: string): string {
  return `${text} ${text === '1' || text === '-1' || text === '+1' ? HOURS[0] : HOURS[1]}`;
}

const COMPACT: readonly { size: number; suffix: string }[] = [
  { size: 1e9, suffix: 'bn' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
];

/** 1,234,567 → "1.2m", 950 → "950": the compact form formatMoney uses, without a currency. */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return NA;
  const abs = Math.abs(value);
  for (let u = 0; u < COMPACT.length; u++) {
    if (abs < COMPACT[u].size) continue;
    let scaled = value / COMPACT[u].size;
    let suffix = COMPACT[u].suffix;
    // 999,950 would print as "1,000k": say "1m" instead.
    if (Math.abs(Math.round(scaled * 10) / 10) >= 1000 && u > 0) {
      scaled = value / COMPACT[u - 1].size;
      suffix = COMPACT[u - 1].suffix;
    }
    return `${formatNumber(scaled, 1, { minDp: 0 })}${suffix}`;
  }
  return formatNumber(value, 0);
}

/** An amount in the measure basis: "£80,000" or "80,000 hours"; compact: "£1.2m" / "1.2m hours". */
export function formatAmount(value: number, ctx: Pick<FormatContext, 'basis' | 'currency'>, opts: { compact?: boolean; decimals?: number } = {}): string {
  if (!Number.isFinite(value)) return NA;
  if (isCost(ctx.basis)) return formatMoney(value, ctx.currency, opts);
  return withHours(opts.compact ? formatCompactNumber(value) : formatNumber(value, opts.decimals ?? 0, { minDp: opts.decimals ?? 0 }));
}

/** A variance with its sign: "+£1,200", "-£41,000", "-350 hours". */
export function formatSignedAmount(value: number, ctx: Pick<FormatContext, 'basis' | 'currency'>): string {
  if (!Number.isFinite(value)) return NA;
  if (isCost(ctx.basis)) return formatSigned(value, 'money', { currency: ctx.currency });
  return withHours(formatSigned(value, 'number'));
}

const periodOpts = (ctx: FormatContext, dp?: number) => ({ unit: ctx.periodUnit, plural: `${ctx.periodUnit}s`, ...(dp === undefined ? {} : { dp }) });

/** A value of a kind as the dashboard shows it; null or non-finite → "n/a". */
export function formatValue(value: number | null | undefined, kind: ValueKind, ctx: FormatContext): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NA;
  switch (kind) {
    case 'amount':
      return formatAmount(value, ctx);
    case 'signedAmount':
      return formatSignedAmount(value, ctx);
    case 'index':
      return formatIndex(value);
    case 'percent':
      return formatPercent(value);
    case 'signedPercent':
      return formatSigned(value, 'percent');
    case 'periods':
      return formatPeriods(value, periodOpts(ctx));
    case 'signedPeriods':
      return formatSigned(value, 'periods', periodOpts(ctx));
    case 'number':
      return formatNumber(value, 2);
  }
}

/**
 * The same value with more precision, for "show the math" (the card rounds; the popover shows
 * what was rounded): 4 decimals for indices, pence for money, 2 decimals for percentages and periods.
 */
export function formatPrecise(value: number | null | undefined, kind: ValueKind, ctx: FormatContext): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NA;
  switch (kind) {
    case 'amount':
    case 'signedAmount':
      return formatAmount(value, ctx, { decimals: 2 });
    case 'index':
      return formatIndex(value, 4);
    case 'percent':
    case 'signedPercent':
      return formatPercent(value, 2);
    case 'periods':
    case 'signedPeriods':
      return formatPeriods(value, periodOpts(ctx, 3));
    case 'number':
      return formatNumber(value, 4);
  }
}

/**
 * An engine date for display. Period ends and forecast finishes are exclusive end instants, so a
 * midnight end reads as the day before (formatEndDate); a bare status date reads as itself.
 */
export function formatDateText(text: string | null | undefined, asEnd = true): string {
  return asEnd ? formatEndDate(text) : formatDate(text);
}
