import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  METRICS,
  breachSize,
  breaches,
  comparisonWords,
  isMetricId,
  thresholdOf,
  type AlertRule,
} from '../../../src/core/insight';

const rule = (id: string): AlertRule => {
  const r = DEFAULT_RULES.find((x) => x.id === id);
  if (!r) throw new Error(`no rule ${id}`);
  return r;
};

describe('DEFAULT_RULES', () => {
  it.each([
    ['cpi-warning', 'cpi', '<', 0.95, 'warning'],
    ['cpi-critical', 'cpi', '<', 0.9, 'critical'],
    ['spit-warning', 'spit', '<', 0.95, 'warning'],
    ['spit-critical', 'spit', '<', 0.9, 'critical'],
    ['vac-warning', 'vacPct', 'abs>', 0.05, 'warning'],
    ['vac-critical', 'vacPct', 'abs>', 0.1, 'critical'],
    ['tcpi-gap-warning', 'tcpiEacMinusCpi', '>', 0.05, 'warning'],
    ['tcpi-gap-critical', 'tcpiEacMinusCpi', '>', 0.1, 'critical'],
    ['spi-warning', 'spi', '<', 0.95, 'warning'],
    ['spi-critical', 'spi', '<', 0.9, 'critical'],
    ['sv-warning', 'svPct', 'abs>', 0.05, 'warning'],
    ['sv-critical', 'svPct', 'abs>', 0.1, 'critical'],
    ['cv-warning', 'cvPct', 'abs>', 0.05, 'warning'],
    ['cv-critical', 'cvPct', 'abs>', 0.1, 'critical'],
    ['tspi-critical', 'tspi', '>', 1.1, 'critical'],
  ] as const)('%s: %s %s %s (%s)', (id, metric, comparison, threshold, severity) => {
    const r = rule(id);
    expect(r.metric).toBe(metric);
    expect(r.comparison).toBe(comparison);
    expect(r.threshold).toBe(threshold);
    expect(r.severity).toBe(severity);
    expect(r.message).toContain('{node}');
  });

  it('has exactly these fifteen rules with unique ids and known metrics', () => {
    expect(DEFAULT_RULES).toHaveLength(15);
    expect(new Set(DEFAULT_RULES.map((r) => r.id)).size).toBe(15);
    for (const r of DEFAULT_RULES) expect(isMetricId(r.metric)).toBe(true);
  });

  it('schedule rules are project-scoped, cost rules apply to any node', () => {
    for (const r of DEFAULT_RULES) {
      expect(r.scope).toBe(METRICS[r.metric].source === 'schedule' ? 'project' : 'any');
    }
  });

  it('thresholdOf finds the rule for a metric and severity', () => {
    expect(thresholdOf(DEFAULT_RULES, 'cpi', 'critical')?.threshold).toBe(0.9);
    expect(thresholdOf(DEFAULT_RULES, 'tspi', 'warning')).toBeNull();
  });
});

describe('breaches', () => {
  it('strict comparisons do not fire at the threshold', () => {
    expect(breaches(0.95, '<', 0.95)).toBe(false);
    expect(breaches(0.9499, '<', 0.95)).toBe(true);
    expect(breaches(1.1, '>', 1.1)).toBe(false);
    expect(breaches(1.1001, '>', 1.1)).toBe(true);
    expect(breaches(0.05, 'abs>', 0.05)).toBe(false);
    expect(breaches(-0.05, 'abs>', 0.05)).toBe(false);
    expect(breaches(-0.0501, 'abs>', 0.05)).toBe(true);
    expect(breaches(0.0501, 'abs>', 0.05)).toBe(true);
  });

  it('inclusive comparisons fire at the threshold', () => {
    expect(breaches(0.95, '<=', 0.95)).toBe(true);
    expect(breaches(0.9501, '<=', 0.95)).toBe(false);
    expect(breaches(1.1, '>=', 1.1)).toBe(true);
    expect(breaches(1.0999, '>=', 1.1)).toBe(false);
  });

  it('float noise at the threshold is not a breach', () => {
    // 0.85 − 0.8 = 0.04999999999999993 and 0.63 / 0.7 = 0.8999999999999999 in binary.
    expect(breaches(0.85 - 0.8, '>', 0.05)).toBe(false);
    expect(breaches(0.63 / 0.7, '<', 0.9)).toBe(false);
    expect(breaches(0.1 + 0.2, '>', 0.3)).toBe(false);
  });

  it('breach size is relative to the threshold', () => {
    expect(breachSize(0.81, '<', 0.9)).toBeCloseTo(0.1, 12);
    expect(breachSize(1.21, '>', 1.1)).toBeCloseTo(0.1, 12);
    expect(breachSize(-0.2, 'abs>', 0.1)).toBeCloseTo(1, 12);
    expect(breachSize(0.5, '>', 0)).toBeCloseTo(0.5, 12);
  });

  it('comparison words', () => {
    expect(comparisonWords('<')).toBe('below');
    expect(comparisonWords('<=')).toBe('at or below');
    expect(comparisonWords('>')).toBe('above');
    expect(comparisonWords('>=')).toBe('at or above');
    expect(comparisonWords('abs>')).toBe('beyond ±');
  });
});
