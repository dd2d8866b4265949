/**
 * Card colours and alerts come from one rule evaluation (issue 12, item 5): statusOf(metric,
 * analysis) is 'critical' / 'warning' exactly when evaluateAlerts raises an alert of that severity on
 * the project for that metric, and a null or unmeasurable figure is never coloured.
 */
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../src/core/evm/types';
import { DEFAULT_RULES, METRIC_IDS, evaluateAlerts, statusOf, type AlertRule } from '../../../src/core/insight';
import { SCENARIOS as BASE_SCENARIOS, buildAnalysis, earlyOverrun, notStarted, scheduleOnly, sCurve } from './fixtures';

const SCENARIOS: Record<string, () => Analysis> = {
  ...BASE_SCENARIOS,
  scheduleOnly: () => scheduleOnly(),
  noCostYet: () => buildAnalysis({ name: 'No Cost Yet', months: '2025-01', pv: sCurve(1_000_000, 10), ev: [20_000, 60_000, 120_000], ac: [0, 0, 0] }),
};

const STRICT: AlertRule[] = DEFAULT_RULES.map((r) => ({ ...r, threshold: r.comparison === '<' ? r.threshold + 0.2 : r.threshold / 4 }));

describe('statusOf agrees with evaluateAlerts', () => {
  for (const [rulesName, rules] of [['default rules', DEFAULT_RULES], ['strict rules', STRICT]] as const) {
    it.each(Object.keys(SCENARIOS))(`%s (${rulesName}): every metric's status is the severity of its project alert, if any`, (name) => {
      const a = SCENARIOS[name]();
      const alerts = evaluateAlerts(a, rules).filter((x) => x.nodeKind === 'project');
      for (const metric of METRIC_IDS) {
        const alert = alerts.find((x) => x.metric === metric);
        const status = statusOf(metric, a, { rules });
        if (alert) expect([metric, status]).toEqual([metric, alert.severity]);
        else expect([metric, ['good', 'neutral'].includes(status)]).toEqual([metric, true]);
      }
    });
  }
});

describe('a null or unmeasurable figure is never coloured', () => {
  it('nothing planned yet: SPI(t) and TSPI are neutral, and there are no alerts', () => {
    const a = notStarted(false);
    expect(evaluateAlerts(a)).toEqual([]);
    expect(statusOf('spit', a)).toBe('neutral');
    expect(statusOf('tspi', a)).toBe('neutral');
  });

  it('no actuals: every cost metric is neutral', () => {
    const a = scheduleOnly();
    for (const m of ['cpi', 'csi', 'cvPct', 'vacPct', 'tcpiBac', 'tcpiEac', 'tcpiEacMinusCpi', 'cpiLastN'] as const) expect([m, statusOf(m, a)]).toEqual([m, 'neutral']);
    // The schedule is still judged: SPI(t) 0.85 is below the 0.90 critical threshold.
    expect(statusOf('spit', a)).toBe('critical');
  });

  it('a metric no rule watches is neutral', () => {
    expect(statusOf('csi', earlyOverrun())).toBe('neutral');
  });

  it('a breakdown node is judged on its own figures with the rules in scope for it', () => {
    const a = earlyOverrun();
    // Civil works: CPI 75,000 / 99,000 = 0.76 (critical); Design: 40,000 / 42,000 = 0.95 (good).
    expect(statusOf('cpi', a, { nodeId: 'CA-100' })).toBe('critical');
    expect(statusOf('cpi', a, { nodeId: 'CA-300' })).toBe('good');
    // SPI(t) rules are project-scoped and a node has no schedule measures.
    expect(statusOf('spit', a, { nodeId: 'CA-100' })).toBe('neutral');
  });
});
