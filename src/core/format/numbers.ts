/**
 * Display formatting for the commentary, the CLI and the UI. This is the only place figures are
 * rounded (DESIGN.md: "Never round before display"). British English conventions (en-GB).
 *
 * The plain functions take a number; the `…OrNA` versions also take null/undefined and print
 * "n/a". Neither ever prints "NaN" or "Infinity": a non-finite number prints "n/a" too.
 */

export const NA = 'n/a';
export const LOCALE = 'en-GB';
export const DEFAULT_CURRENCY = 'GBP';

const cache = new Map<string, Intl.NumberFormat>();

function nf(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, f);
  }
  return f;
}

const clampDp = (dp: number): number => (Number.isFinite(dp) ? Math.min(20, Math.max(0, Math.trunc(dp))) : 0);

/** A plain number with thousands separators, e.g. 1234.5 → "1,234.5" (dp = maximum decimals). */
export function formatNumber(value: number, dp = 0, opts: { minDp?: number; grouping?: boolean } = {}): string {
  if (!Number.isFinite(value)) return NA;
  const max = clampDp(dp);
  const min = Math.min(max, clampDp(opts.minDp ?? max));
  return nf({ minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: opts.grouping ?? true, signDisplay: 'negative' }).format(value);
}

/** Normalises a currency code: trimmed, upper case; blank → GBP. */
export function currencyCode(currency: string | null | undefined): string {
  const c = (currency ?? '').trim().toUpperCase();
  return c === '' ? DEFAULT_CURRENCY : c;
}

export interface MoneyOptions {
  /** Decimal places (default 0: project-level money reads best in whole units). */
  decimals?: number;
  /**
   * Compact form for large amounts: "£1.2m", "£3.4bn", "£250k" (1 decimal at most, trailing
   * ".0" dropped). Amounts under 1,000 print normally.
   */
  compact?: boolean;
}

const COMPACT_UNITS: readonly { size: number; suffix: string }[] = [
  { size: 1e9, suffix: 'bn' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
];

function currencyFormat(currency: string, min: number, max: number): Intl.NumberFormat | null {
  try {
    return nf({ style: 'currency', currency, minimumFractionDigits: min, maximumFractionDigits: max, signDisplay: 'negative' });
  } catch {
    return null; // not an ISO 4217 code
  }
}

/** Inserts `suffix` straight after the last digit of a formatted amount. */
function withSuffix(parts: Intl.NumberFormatPart[], suffix: string): string {
  let last = -1;
  parts.forEach((p, i) => {
    if (p.type === 'integer' || p.type === 'fraction' || p.type === 'decimal') last = i;
  });
  return parts.map((p, i) => (i === last ? p.value + suffix : p.value)).join('');
}

/**
 * Money in a currency, en-GB style: formatMoney(1234567) → "£1,234,567";
 * formatMoney(1234567, 'GBP', { compact: true }) → "£1.2m"; formatMoney(0.87, 'GBP', { decimals: 2 }) → "£0.87";
 * formatMoney(-5000, 'EUR') → "-€5,000". An unknown currency code is written after the number.
 */
export function formatMoney(value: number, currency: string = DEFAULT_CURRENCY, opts: MoneyOptions = {}): string {
  if (!Number.isFinite(value)) return NA;
  const code = currencyCode(currency);
  const dp = clampDp(opts.decimals ?? 0);
  if (opts.compact) {
    const abs = Math.abs(value);
    for (let u = 0; u < COMPACT_UNITS.length; u++) {
      const { size, suffix } = COMPACT_UNITS[u];
      if (abs < size) continue;
      const round1 = (x: number): number => (Math.sign(x) * Math.round(Math.abs(x) * 10)) / 10;
      let scaled = round1(value / size);
      let sfx = suffix;
      // 999,950 rounds to 1,000.0k: promote it to the next unit up.
      if (Math.abs(scaled) >= 1000 && u > 0) {
        scaled = round1(value / COMPACT_UNITS[u - 1].size);
        sfx = COMPACT_UNITS[u - 1].suffix;
      }
      const f = currencyFormat(code, 0, 1);
      return f ? withSuffix(f.formatToParts(scaled), sfx) : `${formatNumber(scaled, 1)}${sfx} ${code}`;
    }
  }
  const f = currencyFormat(code, dp, dp);
  return f ? f.format(value) : `${formatNumber(value, dp, { minDp: dp })} ${code}`;
}

/** A performance index to 2 decimals: 0.9271 → "0.93". */
export function formatIndex(value: number, dp = 2): string {
  if (!Number.isFinite(value)) return NA;
  return formatNumber(value, dp, { minDp: dp, grouping: false });
}

/** A fraction as a percentage: 0.125 → "12.5%" (dp decimals, default 1). */
export function formatPercent(fraction: number, dp = 1): string {
  if (!Number.isFinite(fraction)) return NA;
  const d = clampDp(dp);
  return nf({ style: 'percent', minimumFractionDigits: d, maximumFractionDigits: d, signDisplay: 'negative' }).format(fraction);
}

export interface PeriodOptions {
  /** Maximum decimals (default 1; a trailing ".0" is dropped). */
  dp?: number;
  /** The unit's singular name (default "period"). */
  unit?: string;
  /** Plural name (default unit + "s"). */
  plural?: string;
}

/** A duration in periods: 2.46 → "2.5 periods", 1 → "1 period", 3.04 → "3 periods". */
export function formatPeriods(n: number, opts: PeriodOptions = {}): string {
  if (!Number.isFinite(n)) return NA;
  const unit = opts.unit ?? 'period';
  const text = formatNumber(n, opts.dp ?? 1, { minDp: 0 });
  const singular = text === '1' || text === '-1';
  return `${text} ${singular ? unit : (opts.plural ?? `${unit}s`)}`;
}

export type FormatKind = 'money' | 'index' | 'percent' | 'periods' | 'number';

export interface SignedOptions extends MoneyOptions, PeriodOptions {
  currency?: string;
}

function formatKind(value: number, kind: FormatKind, opts: SignedOptions): string {
  switch (kind) {
    case 'money':
      return formatMoney(value, opts.currency, opts);
    case 'index':
      return formatIndex(value, opts.dp ?? 2);
    case 'percent':
      return formatPercent(value, opts.dp ?? 1);
    case 'periods':
      return formatPeriods(value, opts);
    case 'number':
      return formatNumber(value, opts.dp ?? 0);
  }
}

/**
 * A value with an explicit sign: "+£1,200", "-£350", "+0.05", "-12.5%", "+1.5 periods". A value
 * that displays as zero has no sign.
 */
export function formatSigned(value: number, kind: FormatKind = 'number', opts: SignedOptions = {}): string {
  if (!Number.isFinite(value)) return NA;
  const abs = formatKind(Math.abs(value), kind, opts);
  if (abs === formatKind(0, kind, opts)) return abs;
  return `${value < 0 ? '-' : '+'}${abs}`;
}

const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function formatNumberOrNA(value: number | null | undefined, dp = 0): string {
  return ok(value) ? formatNumber(value, dp) : NA;
}

export function formatMoneyOrNA(value: number | null | undefined, currency: string = DEFAULT_CURRENCY, opts: MoneyOptions = {}): string {
  return ok(value) ? formatMoney(value, currency, opts) : NA;
}

export function formatIndexOrNA(value: number | null | undefined, dp = 2): string {
  return ok(value) ? formatIndex(value, dp) : NA;
}

export function formatPercentOrNA(fraction: number | null | undefined, dp = 1): string {
  return ok(fraction) ? formatPercent(fraction, dp) : NA;
}

export function formatPeriodsOrNA(n: number | null | undefined, opts: PeriodOptions = {}): string {
  return ok(n) ? formatPeriods(n, opts) : NA;
}

export function formatSignedOrNA(value: number | null | undefined, kind: FormatKind = 'number', opts: SignedOptions = {}): string {
  return ok(value) ? formatSigned(value, kind, opts) : NA;
}
