/**
 * Thresholds → rules → alerts (issue 14): the default thresholds are the default rules; amber and
 * red boundaries (strict, so a figure exactly at a level does not trip it); a control account's own
 * levels win over the project's there and nowhere else; the TCPI(EAC) − CPI gap; validation.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  DEFAULT_SOURCES,
  THRESHOLD_METRICS,
  ThresholdError,
  checkThresholds,
  defaultThresholds,
  evaluateAlerts,
  isDefaultThresholds,
  rulesOfThresholds,
  statusOf,
  thresholdOf,
  type Alert,
  type ProjectThresholds,
} from '../../../src/core/insight';
import { buildAnalysis, type NodeSpec } from './fixtures';

/** A project on plan (no project alert), with the control accounts given. */
function withAccounts(breakdown: NodeSpec[], eacMethod?: 'bottomUp') {
  return buildAnalysis({ name: 'Thresholds', months: '2025-01', pv: [100, 200, 300, 400], ev: [100, 200], ac: [100, 200], breakdown, ...(eacMethod ? { eacMethod } : {}) });
}

const on = (alerts: Alert[], nodeId: string, metric: string) => alerts.filter((a) => a.nodeId === nodeId && a.metric === metric).map((a) => a.severity);

function thresholds(patch: (t: ProjectThresholds) => void): ProjectThresholds {
  const t = defaultThresholds();
  patch(t);
  return checkThresholds(t);
}

describe('default thresholds', () => {
  it('give exactly the default rules, so an unconfigured project is judged as the CLI judges it', () => {
    expect(rulesOfThresholds(defaultThresholds())).toEqual(DEFAULT_RULES);
    expect(isDefaultThresholds(defaultThresholds())).toBe(true);
  });

  it('state a source for every metric, and say where a value is a rule of thumb', () => {
    for (const m of THRESHOLD_METRICS) expect(DEFAULT_SOURCES[m].length).toBeGreaterThan(40);
    expect(DEFAULT_SOURCES.cvPct).toContain('DI-MGMT-81861');
    expect(DEFAULT_SOURCES.cvPct).toContain('rule of thumb');
    expect(DEFAULT_SOURCES.tcpiEacMinusCpi).toContain('not verified against a primary text');
    expect(DEFAULT_SOURCES.tspi).toContain('Lipke');
  });
});

describe('amber and red boundaries', () => {
  // CPI = EV / AC on each account: exactly 0.95, just under, exactly 0.90, just under.
  const a = withAccounts([
    { id: 'A', name: 'At amber', pv: 100, ev: 95, ac: 100, bac: 1000 },
    { id: 'B', name: 'Under amber', pv: 100, ev: 94.9, ac: 100, bac: 1000 },
    { id: 'C', name: 'At red', pv: 100, ev: 90, ac: 100, bac: 1000 },
    { id: 'D', name: 'Under red', pv: 100, ev: 89.9, ac: 100, bac: 1000 },
  ]);

  it('a figure at a level does not trip it; just past it does', () => {
    const alerts = evaluateAlerts(a, rulesOfThresholds(defaultThresholds()));
    expect(on(alerts, 'A', 'cpi')).toEqual([]);
    expect(on(alerts, 'B', 'cpi')).toEqual(['warning']);
    expect(on(alerts, 'C', 'cpi')).toEqual(['warning']);
    expect(on(alerts, 'D', 'cpi')).toEqual(['critical']);
  });

  it('moving the project levels moves the alerts at once', () => {
    const loose = rulesOfThresholds(thresholds((t) => (t.project.cpi = { amber: 0.9, red: 0.85 })));
    const alerts = evaluateAlerts(a, loose);
    expect(['A', 'B', 'C', 'D'].map((id) => on(alerts, id, 'cpi'))).toEqual([[], [], [], ['warning']]);
    // A level turned off raises nothing at that level.
    const redOnly = rulesOfThresholds(thresholds((t) => (t.project.cpi = { amber: null, red: 0.9 })));
    expect(['A', 'B', 'C', 'D'].map((id) => on(evaluateAlerts(a, redOnly), id, 'cpi'))).toEqual([[], [], [], ['critical']]);
  });

  it('variances are judged both ways (beyond ±), and SV% and CV% follow their own levels', () => {
    const b = withAccounts([
      { id: 'Late', name: 'Late', pv: 100, ev: 92, ac: 92, bac: 1000 },
      { id: 'Early', name: 'Early', pv: 100, ev: 112, ac: 112, bac: 1000 },
    ]);
    const alerts = evaluateAlerts(b, rulesOfThresholds(defaultThresholds()));
    // SV% = SV / PV: −8% (amber), +12% (red).
    expect(on(alerts, 'Late', 'svPct')).toEqual(['warning']);
    expect(on(alerts, 'Early', 'svPct')).toEqual(['critical']);
    const wide = rulesOfThresholds(thresholds((t) => (t.project.svPct = { amber: 0.15, red: 0.2 })));
    expect(on(evaluateAlerts(b, wide), 'Early', 'svPct')).toEqual([]);
  });
});

describe('control-account overrides', () => {
  const a = withAccounts([
    { id: 'CA-1', name: 'Civils', pv: 100, ev: 80, ac: 100, bac: 1000 },
    { id: 'CA-2', name: 'Design', pv: 100, ev: 96, ac: 100, bac: 1000 },
  ]);

  it("an account's own levels win there, stricter or looser, and nowhere else", () => {
    const base = evaluateAlerts(a, rulesOfThresholds(defaultThresholds()));
    expect(on(base, 'CA-1', 'cpi')).toEqual(['critical']);
    expect(on(base, 'CA-2', 'cpi')).toEqual([]);

    const t = thresholds((x) => {
      x.controlAccounts['CA-1'] = { code: 'CA-1', name: 'Civils', levels: { cpi: { amber: 0.75, red: 0.7 } } };
      x.controlAccounts['CA-2'] = { code: 'CA-2', levels: { cpi: { amber: 0.99, red: 0.97 } } };
    });
    const rules = rulesOfThresholds(t);
    const alerts = evaluateAlerts(a, rules);
    // CPI 0.80 passes Civils' looser levels although the project's red is 0.90.
    expect(on(alerts, 'CA-1', 'cpi')).toEqual([]);
    // CPI 0.96 breaches Design's stricter red 0.97.
    expect(on(alerts, 'CA-2', 'cpi')).toEqual(['critical']);
    // The cells read the same rules.
    expect(statusOf('cpi', a, { rules, nodeId: 'CA-2' })).toBe('critical');
    expect(statusOf('cpi', a, { rules, nodeId: 'CA-1' })).toBe('good');
    // Other metrics of the accounts, and the project, keep the project's levels.
    expect(on(alerts, 'CA-1', 'cvPct')).toEqual(on(base, 'CA-1', 'cvPct'));
    expect(thresholdOf(rules, 'cpi', 'critical')?.threshold).toBe(0.9);
  });

  it('a level the override leaves out follows the project, and null turns it off there', () => {
    const half = checkThresholds({ ...defaultThresholds(), controlAccounts: { 'CA-2': { levels: { cpi: { red: 0.93 } } } } });
    expect(half.controlAccounts['CA-2'].levels.cpi).toEqual({ amber: 0.95, red: 0.93 });
    expect(() => checkThresholds({ ...defaultThresholds(), controlAccounts: { 'CA-2': { levels: { cpi: { red: 0.96 } } } } })).toThrow(ThresholdError);
    const off = checkThresholds({ ...defaultThresholds(), controlAccounts: { 'CA-1': { levels: { cpi: { amber: null, red: null } } } } });
    expect(on(evaluateAlerts(a, rulesOfThresholds(off)), 'CA-1', 'cpi')).toEqual([]);
  });

  it('an override names a control account, never a WBS element that shares its id', () => {
    const w = withAccounts([{ id: 'CA-1', name: 'WBS 1', kind: 'wbs', pv: 100, ev: 80, ac: 100, bac: 1000 }]);
    const t = thresholds((x) => (x.controlAccounts['CA-1'] = { levels: { cpi: { amber: 0.75, red: 0.7 } } }));
    expect(on(evaluateAlerts(w, rulesOfThresholds(t)), 'CA-1', 'cpi')).toEqual(['critical']);
  });
});

describe('TCPI(EAC) − CPI', () => {
  // CPI 1.00 on each; TCPI(EAC) = (BAC − EV) / ETC with a bottom-up ETC: gaps 0, 0.0638, 0.111.
  const a = withAccounts(
    [
      { id: 'G0', name: 'No gap', pv: 500, ev: 500, ac: 500, bac: 1000, etc: 500 },
      { id: 'G1', name: 'Small gap', pv: 500, ev: 500, ac: 500, bac: 1000, etc: 470 },
      { id: 'G2', name: 'Large gap', pv: 500, ev: 500, ac: 500, bac: 1000, etc: 450 },
    ],
    'bottomUp',
  );

  it('amber above 0.05, red above 0.10, and an override of the gap wins on its account', () => {
    const alerts = evaluateAlerts(a, rulesOfThresholds(defaultThresholds()));
    expect(['G0', 'G1', 'G2'].map((id) => on(alerts, id, 'tcpiEacMinusCpi'))).toEqual([[], ['warning'], ['critical']]);
    const gap = alerts.find((x) => x.nodeId === 'G2' && x.metric === 'tcpiEacMinusCpi');
    expect(gap?.value).toBeCloseTo(500 / 450 - 1, 12);
    const t = thresholds((x) => (x.controlAccounts.G2 = { levels: { tcpiEacMinusCpi: { amber: 0.07, red: 0.2 } } }));
    expect(on(evaluateAlerts(a, rulesOfThresholds(t)), 'G2', 'tcpiEacMinusCpi')).toEqual(['warning']);
  });
});

describe('validation', () => {
  it('refuses amber as severe as red, on the right side for each direction, naming where', () => {
    expect(() => thresholds((t) => (t.project.cpi = { amber: 0.9, red: 0.95 }))).toThrow(
      'Project: the amber level of CPI (0.9) must be less severe than the red level (0.95), so above it: amber warns before red. Change one of them.',
    );
    expect(() => thresholds((t) => (t.project.vacPct = { amber: 0.1, red: 0.1 }))).toThrow('Project: the amber level of VAC% (10%) must be less severe than the red level (10%), so below it');
    expect(() => thresholds((t) => (t.controlAccounts['CA-9'] = { code: 'CA-9', name: 'Piling', levels: { tcpiEacMinusCpi: { amber: 0.2, red: 0.1 } } }))).toThrow(
      /^Control account CA-9 \(Piling\): the amber level of TCPI \(EAC\) − CPI \(0\.2\) must be less severe than the red level \(0\.1\), so below it/,
    );
  });

  it('refuses numbers out of range or not numbers, listing every problem', () => {
    let message = '';
    try {
      thresholds((t) => {
        t.project.spi = { amber: 3, red: 0.9 };
        t.project.cvPct = { amber: Number.NaN, red: 0.1 };
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Project: the amber level of SPI is 3; it must be between 0.01 and 2.',
      'Project: the amber level of CV% is not a number. Enter a number, or leave it empty to turn that level off.',
    ]);
  });

  it('drops overrides of schedule metrics (measured on the project only) and of nothing', () => {
    const t = checkThresholds({ ...defaultThresholds(), controlAccounts: { X: { levels: { spit: { amber: 0.99, red: 0.98 } } }, Y: { levels: {} } } });
    expect(t.controlAccounts).toEqual({});
  });
});
