/**
 * dashboardOf: the one place that turns an analysis into what every surface shows (the dashboard,
 * the CLI, the import preview, the product tour): its alerts, and the commentary on those alerts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, dashboardOf, evaluateAlerts, writeCommentary, type AlertRule } from '../../../src/core/insight';
import { analyseSample } from '../../../src/core/sample/riversideViaduct';
import { earlyOverrun, midOnTrack } from './fixtures';

describe('dashboardOf', () => {
  it('bundles the analysis with its alerts and the commentary written on those same alerts', () => {
    const a = earlyOverrun();
    const d = dashboardOf(a);
    expect(d.analysis).toBe(a);
    expect(d.alerts).toEqual(evaluateAlerts(a));
    expect(d.commentary).toEqual(writeCommentary(a, d.alerts));
    expect(d.commentary.paragraphs.find((p) => p.topic === 'next')?.text).toMatch(new RegExp(`^There are ${d.alerts.length} alerts`));
  });

  it('uses the rules it is given for both the alerts and the commentary', () => {
    const a = midOnTrack();
    // CPI ≈ 1.01 breaches nothing by default; with a 1.05 warning line it does, and the commentary says so.
    expect(dashboardOf(a).alerts).toEqual([]);
    const strict: AlertRule[] = DEFAULT_RULES.map((r) => (r.id === 'cpi-warning' ? { ...r, threshold: 1.05 } : r));
    const d = dashboardOf(a, { rules: strict });
    expect(d.alerts.map((x) => `${x.nodeId}/${x.ruleId}`)).toContain('P1/cpi-warning');
    expect(d.commentary.paragraphs.find((p) => p.topic === 'next')?.text).toMatch(/^There (is one alert|are \d+ alerts)/);
  });

  it('records the EAC method asked for: the method used unless told otherwise', () => {
    const a = earlyOverrun();
    expect(dashboardOf(a).eacRequested).toBe(a.cost.eacMethod);
    expect(dashboardOf(a, { eacMethod: 'composite' }).eacRequested).toBe('composite');
  });

  it('the product tour sample is assembled by it', () => {
    const s = analyseSample();
    expect(s).toEqual(dashboardOf(s.analysis, { compactMoney: true }));
  });
});
