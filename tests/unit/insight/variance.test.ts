/**
 * Which control accounts need a variance narrative (src/core/insight/variance.ts): exactly those
 * the breakdown colours warning or critical on some watched metric (the same `judge`), and a
 * draft whose cause carries the alert list's words and whose impact carries the account's forecast.
 */
import { describe, expect, it } from 'vitest';
import { dashboardOf } from '../../../src/core/insight/dashboard';
import { DEFAULT_RULES, METRIC_IDS, type AlertRule } from '../../../src/core/insight/rules';
import { nodeStatusOf } from '../../../src/core/insight/status';
import { controlAccountsOf, draftVarianceNarrative, varianceCandidates } from '../../../src/core/insight/variance';
import { SCENARIOS, earlyOverrun } from './fixtures';

describe('varianceCandidates', () => {
  it('lists a control account exactly when the breakdown colours one of its figures warning or critical', () => {
    for (const [name, make] of Object.entries(SCENARIOS)) {
      const analysis = make();
      const listed = new Map(varianceCandidates(analysis).map((c) => [c.nodeId, c]));
      for (const node of controlAccountsOf(analysis)) {
        const statuses = METRIC_IDS.map((m) => nodeStatusOf(m, node, DEFAULT_RULES));
        const breaching = statuses.some((s) => s === 'warning' || s === 'critical');
        expect(listed.has(node.id), `${name}: ${node.id}`).toBe(breaching);
        if (breaching) expect(listed.get(node.id)!.severity, `${name}: ${node.id}`).toBe(statuses.includes('critical') ? 'critical' : 'warning');
      }
    }
  });

  it('names each breach with its figure and threshold, most serious first (Riverside Depot, month 2)', () => {
    const rows = varianceCandidates(earlyOverrun());
    const civil = rows.find((r) => r.nodeId === 'CA-100')!;
    // CPI 75,000 / 99,000 = 0.758: critical.
    expect(civil.severity).toBe('critical');
    const cpi = civil.breaches.find((b) => b.metric === 'cpi')!;
    expect(cpi).toMatchObject({ severity: 'critical', threshold: 0.9, text: 'CPI 0.76 below 0.90' });
    expect(cpi.value).toBeCloseTo(75_000 / 99_000, 12);
    // VAC% -32% is 220% beyond its ±10% threshold, CPI 16% below its 0.90: the VAC breach leads.
    expect(civil.breaches[0]).toMatchObject({ metric: 'vacPct', severity: 'critical', text: 'VAC% -32.0% beyond ±10%' });
    // Design: CPI 40,000 / 42,000 = 0.952, above both CPI thresholds: not for its CPI.
    const design = rows.find((r) => r.nodeId === 'CA-300');
    expect(design?.breaches.some((b) => b.metric === 'cpi') ?? false).toBe(false);
  });

  it('follows the rules it is given (a threshold raised above every CPI lists every account with cost)', () => {
    const strict: AlertRule[] = [{ id: 'cpi-strict', metric: 'cpi', comparison: '<', threshold: 2, scope: 'any', severity: 'warning', message: '{node}' }];
    const rows = varianceCandidates(earlyOverrun(), strict);
    expect(rows.map((r) => r.nodeId).sort()).toEqual(['CA-100', 'CA-200', 'CA-300']);
    expect(varianceCandidates(earlyOverrun(), [])).toEqual([]);
  });
});

describe('draftVarianceNarrative', () => {
  it("drafts the cause from the node's alerts and the impact from its forecast", () => {
    const data = dashboardOf(earlyOverrun());
    const draft = draftVarianceNarrative(data, 'CA-100')!;
    const alerts = data.alerts.filter((a) => a.nodeId === 'CA-100');
    expect(alerts.length).toBeGreaterThan(0);
    for (const a of alerts) expect(draft.cause).toContain(a.message);
    const node = data.analysis.breakdown!.children.find((n) => n.id === 'CA-100')!;
    const eac = node.cost.eacSelected.value!;
    // EAC = BAC / CPI = 1,200,000 × 99,000 / 75,000 = 1,584,000.
    expect(eac).toBeCloseTo(1_584_000, 6);
    expect(draft.impact).toContain('At the current performance Civil works is forecast to cost £1,584,000 against a budget of £1,200,000: an overrun of £384,000 (32.0% of its budget).');
  });

  it('is null for a node the analysis does not have', () => {
    expect(draftVarianceNarrative(dashboardOf(earlyOverrun()), 'nope')).toBeNull();
  });
});
