/**
 * Formatting the Risk tab shares: finish hours as the dates the run computed for them (never an
 * interpolation on the page), percentages and correlations.
 */
import { formatDate, formatMoney } from '../../../core/format';
import type { FinishView } from '../../../core/risk/snapshot';

/** A formatter of finish hours by the exact dates the run gave (histogram edges and percentiles); "" for a value it has no date for. */
export function finishDates(...views: FinishView[]): { format: (hours: number) => string; values: number[] } {
  const known = new Map<number, string>();
  for (const v of views) {
    v.histogram.edges.forEach((h, i) => known.set(h, v.edgeDates[i]));
    v.percentiles.forEach((h, i) => known.set(h, v.percentileDates[i]));
    known.set(v.deterministic, v.dates.deterministic);
  }
  return { format: (h) => formatDate(known.get(h)), values: views.flatMap((v) => v.histogram.edges) };
}

export const pct = (x: number | null | undefined, dp = 0): string => (x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : `${(x * 100).toFixed(dp)}%`);
export const corr = (x: number | null | undefined): string => (x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(2));
export const money = (x: number | null | undefined, currency: string, compact = false): string => (x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : formatMoney(x, currency, { compact }));

/** A local date-time as a day number (days since 1970-01-01, fraction for the time): an axis two runs with different data dates share. */
export function dayNumber(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text);
  if (!m) return NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 + (Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0)) / 1440;
}

/** The date a day number falls on ("14 Mar 2025"); an end at 00:00 is the previous day's end. */
export function formatDayNumber(d: number): string {
  const whole = Math.floor(d);
  const day = d - whole < 1e-9 ? whole - 1 : whole;
  const t = new Date(day * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatDate(`${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`);
}
