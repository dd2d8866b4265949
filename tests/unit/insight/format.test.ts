import { describe, expect, it } from 'vitest';
import {
  NA,
  formatEndDate,
  currencyCode,
  daysBetween,
  formatDate,
  formatIndex,
  formatIndexOrNA,
  formatMoney,
  formatMoneyOrNA,
  formatNumber,
  formatNumberOrNA,
  formatPercent,
  formatPercentOrNA,
  formatPeriods,
  formatPeriodsOrNA,
  formatSigned,
  formatSignedOrNA,
} from '../../../src/core/format';

describe('formatMoney', () => {
  it('GBP by default, whole units, grouped', () => {
    expect(formatMoney(1234567)).toBe('£1,234,567');
    expect(formatMoney(1234567.6)).toBe('£1,234,568');
    expect(formatMoney(0)).toBe('£0');
    expect(formatMoney(-5000)).toBe('-£5,000');
  });

  it('never prints a negative zero', () => {
    expect(formatMoney(-0.4)).toBe('£0');
    expect(formatMoney(-0)).toBe('£0');
  });

  it('decimals on request', () => {
    expect(formatMoney(0.87, 'GBP', { decimals: 2 })).toBe('£0.87');
    expect(formatMoney(1, 'GBP', { decimals: 2 })).toBe('£1.00');
  });

  it('other currencies', () => {
    expect(formatMoney(1234, 'EUR')).toBe('€1,234');
    expect(formatMoney(-1234, 'eur')).toBe('-€1,234');
    expect(formatMoney(1234, 'USD')).toBe('US$1,234');
    expect(formatMoney(1234, '')).toBe('£1,234');
    expect(currencyCode(' usd ')).toBe('USD');
  });

  it('an invalid currency code does not throw', () => {
    expect(formatMoney(1234, 'pounds')).toBe('1,234 POUNDS');
  });

  it('compact form', () => {
    expect(formatMoney(1_234_567, 'GBP', { compact: true })).toBe('£1.2m');
    expect(formatMoney(3_000_000, 'GBP', { compact: true })).toBe('£3m');
    expect(formatMoney(-12_550_000, 'GBP', { compact: true })).toBe('-£12.6m');
    expect(formatMoney(2_400_000_000, 'GBP', { compact: true })).toBe('£2.4bn');
    expect(formatMoney(250_000, 'GBP', { compact: true })).toBe('£250k');
    expect(formatMoney(999_960, 'GBP', { compact: true })).toBe('£1m');
    expect(formatMoney(950, 'GBP', { compact: true })).toBe('£950');
    expect(formatMoney(1_500_000, 'EUR', { compact: true })).toBe('€1.5m');
  });

  it('non-finite → n/a', () => {
    expect(formatMoney(Number.NaN)).toBe(NA);
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe(NA);
  });
});

describe('formatIndex / formatPercent / formatNumber', () => {
  it('index to 2 dp', () => {
    expect(formatIndex(0.9271)).toBe('0.93');
    expect(formatIndex(1)).toBe('1.00');
    expect(formatIndex(1.105)).toBe('1.11'); // Intl rounds the shortest decimal form half away from zero
    expect(formatIndex(0.925)).toBe('0.93');
    expect(formatIndex(12345.678)).toBe('12345.68');
    expect(formatIndex(-0.001)).toBe('0.00');
  });

  it('percent', () => {
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(0.05)).toBe('5.0%');
    expect(formatPercent(-0.0834)).toBe('-8.3%');
    expect(formatPercent(0.4444, 0)).toBe('44%');
    expect(formatPercent(-0.00001)).toBe('0.0%');
  });

  it('number', () => {
    expect(formatNumber(1234.56)).toBe('1,235');
    expect(formatNumber(1234.56, 1)).toBe('1,234.6');
  });
});

describe('formatPeriods', () => {
  it('singular, plural, trailing .0 dropped', () => {
    expect(formatPeriods(2.46)).toBe('2.5 periods');
    expect(formatPeriods(1)).toBe('1 period');
    expect(formatPeriods(0.96)).toBe('1 period');
    expect(formatPeriods(3.04)).toBe('3 periods');
    expect(formatPeriods(0)).toBe('0 periods');
    expect(formatPeriods(-1)).toBe('-1 period');
    expect(formatPeriods(2, { unit: 'week' })).toBe('2 weeks');
    expect(formatPeriods(1, { unit: 'month' })).toBe('1 month');
  });
});

describe('formatSigned', () => {
  it('explicit signs, no sign on zero', () => {
    expect(formatSigned(1200, 'money')).toBe('+£1,200');
    expect(formatSigned(-350, 'money', { currency: 'EUR' })).toBe('-€350');
    expect(formatSigned(0.05, 'index')).toBe('+0.05');
    expect(formatSigned(-0.125, 'percent')).toBe('-12.5%');
    expect(formatSigned(1.5, 'periods')).toBe('+1.5 periods');
    expect(formatSigned(0.001, 'index')).toBe('0.00');
    expect(formatSigned(-0.2, 'money')).toBe('£0');
    expect(formatSigned(42)).toBe('+42');
    expect(formatSigned(-2_500_000, 'money', { compact: true })).toBe('-£2.5m');
  });
});

describe('null-safe versions print n/a', () => {
  it.each([null, undefined, Number.NaN])('%s', (v) => {
    expect(formatMoneyOrNA(v)).toBe('n/a');
    expect(formatIndexOrNA(v)).toBe('n/a');
    expect(formatPercentOrNA(v)).toBe('n/a');
    expect(formatPeriodsOrNA(v)).toBe('n/a');
    expect(formatSignedOrNA(v, 'money')).toBe('n/a');
    expect(formatNumberOrNA(v)).toBe('n/a');
  });

  it('and format numbers like the plain versions', () => {
    expect(formatMoneyOrNA(1500, 'EUR')).toBe('€1,500');
    expect(formatIndexOrNA(0.874)).toBe('0.87');
    expect(formatPercentOrNA(0.2)).toBe('20.0%');
    expect(formatPeriodsOrNA(2)).toBe('2 periods');
    expect(formatSignedOrNA(-0.1, 'index')).toBe('-0.10');
    expect(formatNumberOrNA(7)).toBe('7');
  });
});

describe('formatDate / daysBetween', () => {
  it('formats model dates from their digits', () => {
    expect(formatDate('2025-03-14')).toBe('14 Mar 2025');
    expect(formatDate('2025-12-01T17:00')).toBe('1 Dec 2025');
    expect(formatDate('2025-02-30')).toBe('n/a');
    expect(formatDate('soon')).toBe('n/a');
    expect(formatDate(null)).toBe('n/a');
  });

  it('an end instant at midnight is the end of the previous day', () => {
    expect(formatEndDate('2025-07-01T00:00')).toBe('30 Jun 2025');
    expect(formatEndDate('2025-01-01T00:00')).toBe('31 Dec 2024');
    expect(formatEndDate('2025-07-01T12:30')).toBe('1 Jul 2025');
    expect(formatEndDate('2025-06-30')).toBe('30 Jun 2025');
    expect(formatEndDate('2025-02-30T00:00')).toBe('n/a');
    expect(formatEndDate(undefined)).toBe('n/a');
  });

  it('counts calendar days', () => {
    expect(daysBetween('2025-03-01', '2025-03-31T08:00')).toBe(30);
    expect(daysBetween('2025-03-31', '2025-03-01')).toBe(-30);
    expect(daysBetween('x', '2025-03-01')).toBeNull();
  });
});
