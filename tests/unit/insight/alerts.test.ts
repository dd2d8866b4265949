import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  evaluateAlerts,
  formatAgainst,
  judge,
  renderTemplate,
  statusOf,
  type Alert,
  type AlertTarget,
  type AlertRule,
} from '../../../src/core/insight';
import { buildAnalysis, earlyOverrun, lateBehind, midOnTrack, notStarted, type NodeSpec, type ScenarioSpec } from './fixtures';

/** Linear plan: PV 100 per period over 10 periods, so ES = EV / 100 exactly. */
const LINEAR = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000].map((x) => x * 1000);

/** Status at period 5 (PV 500,000) with the given cumulative EV and AC. */
function at5(ev: number, ac: number, extra: Partial<ScenarioSpec> = {}) {
  return buildAnalysis({
    name: 'Test Project',
    pv: LINEAR,
    ev: [ev * 0.2, ev * 0.4, ev * 0.6, ev * 0.8, ev],
    ac: [ac * 0.2, ac * 0.4, ac * 0.6, ac * 0.8, ac],
    ...extra,
  });
}

const ofMetric = (alerts: Alert[], metric: string, nodeId = 'P1') => alerts.filter((a) => a.metric === metric && a.nodeId === nodeId);

describe('CPI thresholds (0.95 warning, 0.90 critical)', () => {
  it.each([
    [500_000, 500_000, null],
    [475_000, 500_000, null], // CPI 0.95 exactly
    [474_999, 500_000, 'warning'],
    [450_000, 500_000, 'warning'], // CPI 0.90 exactly: warning, not critical
    [449_999, 500_000, 'critical'],
    [300_000, 500_000, 'critical'],
  ])('EV %i, AC %i → %s', (ev, ac, expected) => {
    const alerts = ofMetric(evaluateAlerts(at5(ev, ac)), 'cpi');
    if (expected === null) expect(alerts).toEqual([]);
    else {
      expect(alerts).toHaveLength(1); // the critical rule supersedes the warning
      expect(alerts[0].severity).toBe(expected);
      expect(alerts[0].ruleId).toBe(`cpi-${expected}`);
    }
  });

  it('writes plain English with the figures', () => {
    const a = buildAnalysis({
      name: 'Depot',
      pv: LINEAR,
      ev: [87_000],
      ac: [100_000],
      breakdown: [
        { id: 'CA-1', name: 'Civil works', pv: 60_000, ev: 52_200, ac: 60_000, bac: 600_000 },
        { id: 'CA-2', name: 'Drainage', pv: 40_000, ev: 34_800, ac: 40_000, bac: 400_000 },
      ],
    });
    const civil = evaluateAlerts(a).filter((x) => x.nodeId === 'CA-1' && x.metric === 'cpi');
    expect(civil).toHaveLength(1);
    expect(civil[0].message).toBe(
      'Civil works: CPI 0.87 is below the critical threshold 0.90 — every £1 spent is earning £0.87 of work.',
    );
    expect(civil[0]).toMatchObject({ severity: 'critical', nodeName: 'Civil works', nodeKind: 'control-account', threshold: 0.9 });
    expect(civil[0].value).toBeCloseTo(0.87, 12);
  });

  it('never shows a breach as equal to its threshold', () => {
    const alerts = ofMetric(evaluateAlerts(at5(449_800, 500_000)), 'cpi');
    expect(alerts[0].message).toContain('CPI 0.8996 is below the critical threshold 0.90');
    expect(formatAgainst('cpi', 0.949, 0.95)).toBe('0.949');
    expect(formatAgainst('cpi', 0.87, 0.9)).toBe('0.87');
  });
});

describe('SPI(t) and TSPI thresholds', () => {
  it.each([
    [475_000, null, null], // ES 4.75, AT 5: SPI(t) 0.95, TSPI 1.05
    [474_000, 'warning', null], // SPI(t) 0.948
    [450_000, 'warning', null], // SPI(t) 0.90 exactly; TSPI = 5.5 / 5 = 1.10 exactly: no TSPI alert
    [449_000, 'critical', 'critical'], // SPI(t) 0.898; TSPI 1.102
    [300_000, 'critical', 'critical'],
  ])('EV %i → SPI(t) %s, TSPI %s', (ev, spit, tspi) => {
    const alerts = evaluateAlerts(at5(ev, ev));
    const s = ofMetric(alerts, 'spit');
    const t = ofMetric(alerts, 'tspi');
    expect(s.map((x) => x.severity)).toEqual(spit ? [spit] : []);
    expect(t.map((x) => x.severity)).toEqual(tspi ? [tspi] : []);
  });

  it('TSPI message says how much faster the remaining work must go', () => {
    const t = ofMetric(evaluateAlerts(at5(400_000, 400_000)), 'tspi')[0];
    expect(t.message).toBe(
      'Test Project: TSPI 1.20 is above 1.10 — the remaining work would have to go 20% faster than planned to finish on time, so recovery is very unlikely.',
    );
  });

  it('SPI(t) message gives the rate and the slip in periods', () => {
    const s = ofMetric(evaluateAlerts(at5(400_000, 400_000)), 'spit')[0];
    expect(s.message).toBe(
      'Test Project: SPI(t) 0.80 is below the critical threshold 0.90 — work is being earned at 80% of the planned rate (1 period behind).',
    );
  });
});

describe('VAC% thresholds (|VAC| > 5% warning, > 10% critical)', () => {
  // BAC 1,000,000, AC 500,000, bottom-up EAC = AC + ETC.
  const withEtc = (etc: number) => at5(500_000, 500_000, { eacMethod: 'bottomUp', bottomUpEtc: etc });
  it.each([
    [550_000, null], // VAC -5% exactly
    [550_001, 'warning'],
    [600_000, 'warning'], // -10% exactly
    [600_001, 'critical'],
    [450_000, null], // +5% underrun exactly
    [449_999, 'warning'],
    [399_999, 'critical'],
  ])('ETC %i → %s', (etc, expected) => {
    const alerts = ofMetric(evaluateAlerts(withEtc(etc)), 'vacPct');
    expect(alerts.map((x) => x.severity)).toEqual(expected ? [expected] : []);
  });

  it('names overrun and underrun', () => {
    expect(ofMetric(evaluateAlerts(withEtc(620_000)), 'vacPct')[0].message).toBe(
      'Test Project: the forecast overrun of £120,000 is 12.0% of the budget, beyond the critical threshold of ±10% (EAC £1,120,000 against BAC £1,000,000).',
    );
    expect(ofMetric(evaluateAlerts(withEtc(420_000)), 'vacPct')[0].message).toContain('the forecast underrun of £80,000 is 8.0% of the budget');
  });
});

describe('TCPI(EAC) − CPI thresholds (0.05 warning, 0.10 critical)', () => {
  // EV 400,000, AC 500,000: CPI 0.80; remaining work 600,000; TCPI(EAC) = 600,000 / ETC.
  const gapOf = (tcpi: number) => at5(400_000, 500_000, { eacMethod: 'bottomUp', bottomUpEtc: 600_000 / tcpi });
  it.each([
    [0.85, null], // gap 0.05 (0.04999999999999993 in binary)
    [0.8501, 'warning'],
    [0.9, 'warning'], // gap 0.10 exactly
    [0.9001, 'critical'],
    [1.0, 'critical'],
  ])('TCPI %s → %s', (tcpi, expected) => {
    const alerts = ofMetric(evaluateAlerts(gapOf(tcpi)), 'tcpiEacMinusCpi');
    expect(alerts.map((x) => x.severity)).toEqual(expected ? [expected] : []);
  });

  it('a CPI-based EAC never trips the gap rule (TCPI(EAC) = CPI identity)', () => {
    expect(ofMetric(evaluateAlerts(at5(300_000, 500_000)), 'tcpiEacMinusCpi')).toEqual([]);
  });

  it('message quotes TCPI and CPI', () => {
    expect(ofMetric(evaluateAlerts(gapOf(1)), 'tcpiEacMinusCpi')[0].message).toBe(
      'Test Project: the EAC needs a TCPI of 1.00 on the remaining work against a CPI of 0.80 so far — a gap of 0.20, above the critical threshold 0.10; the EAC assumes an unproven recovery.',
    );
  });
});

describe('nulls never trigger an alert', () => {
  it('no actual cost: no CPI, VAC or TCPI alerts (the EAC is only the budget fallback)', () => {
    const a = at5(200_000, 0);
    expect(a.cost.cpi.value).toBeNull();
    const alerts = evaluateAlerts(a);
    expect(alerts.filter((x) => ['cpi', 'vacPct', 'tcpiEacMinusCpi'].includes(x.metric))).toEqual([]);
    // The schedule is still measurable and well behind.
    expect(ofMetric(alerts, 'spit')[0].severity).toBe('critical');
  });

  it('nothing planned and nothing earned: no schedule alerts', () => {
    expect(evaluateAlerts(notStarted(false))).toEqual([]);
  });

  it('work planned but not started: schedule alerts only', () => {
    const alerts = evaluateAlerts(notStarted(true));
    expect(alerts.map((x) => x.metric).sort()).toEqual(['spi', 'spit', 'svPct', 'tspi']);
  });

  it('AT ≥ PD makes TSPI null: no TSPI alert however late', () => {
    const a = lateBehind();
    expect(a.schedule.tspi.value).toBeNull();
    expect(ofMetric(evaluateAlerts(a), 'tspi')).toEqual([]);
  });

  it('schedule metrics on breakdown nodes are null and never fire', () => {
    const alerts = evaluateAlerts(earlyOverrun(), [
      { id: 'spit-any', metric: 'spit', comparison: '<', threshold: 2, scope: 'any', severity: 'warning', message: '{node}' },
    ]);
    expect(alerts.map((x) => x.nodeId)).toEqual(['P1']);
  });
});

describe('scope', () => {
  const tree: NodeSpec[] = [
    {
      id: 'W1',
      name: 'Civils',
      kind: 'wbs',
      children: [
        { id: 'CA1', name: 'Earthworks', kind: 'control-account', pv: 100, ev: 80, ac: 100, bac: 500 },
        { id: 'CA2', name: 'Drainage', kind: 'control-account', pv: 100, ev: 100, ac: 100, bac: 500 },
      ],
    },
    { id: 'W2', name: 'Buildings', kind: 'wbs', children: [{ id: 'CA3', name: 'Frame', kind: 'control-account', pv: 100, ev: 70, ac: 100, bac: 1000 }] },
  ];
  const a = buildAnalysis({ name: 'Scoped', pv: [300, 1000, 2000], ev: [250], ac: [300], bac: 2000, breakdown: tree });
  const rule = (scope: AlertRule['scope']): AlertRule[] => [
    { id: `cpi-${scope}`, metric: 'cpi', comparison: '<', threshold: 0.95, scope, severity: 'warning', message: '{node} {value}' },
  ];
  const ids = (scope: AlertRule['scope']) => evaluateAlerts(a, rule(scope)).map((x) => x.nodeId).sort();

  it('project: the project only', () => {
    expect(ids('project')).toEqual(['P1']);
  });
  it('control-account: control accounts only', () => {
    expect(ids('control-account')).toEqual(['CA1', 'CA3']);
  });
  it('wbs: WBS elements only', () => {
    expect(ids('wbs')).toEqual(['W1', 'W2']);
  });
  it('any: the project and every node, the breakdown root not counted twice', () => {
    expect(ids('any')).toEqual(['CA1', 'CA3', 'P1', 'W1', 'W2']);
  });
});

describe('wrapper nodes', () => {
  it("a WBS element that only wraps one WBS element (P6's project-level node) is not alerted twice", () => {
    const a = buildAnalysis({
      name: 'Wrapped',
      pv: [300, 1000],
      ev: [200],
      ac: [300],
      bac: 1000,
      breakdown: [{ id: 'ROOT', name: 'Project node', kind: 'wbs', children: [{ id: 'PH1', name: 'Phase 1', kind: 'wbs', children: [{ id: 'A', name: 'Works', kind: 'wbs', pv: 300, ev: 200, ac: 300, bac: 1000 }] }] }],
    });
    const rule: AlertRule[] = [{ id: 'cpi-wbs', metric: 'cpi', comparison: '<', threshold: 0.95, scope: 'wbs', severity: 'warning', message: '{node}' }];
    expect(evaluateAlerts(a, rule).map((x) => x.nodeId)).toEqual(['A']);
  });
});

describe('ordering', () => {
  it('critical first, then by size of breach', () => {
    const alerts = evaluateAlerts(earlyOverrun());
    const sev = alerts.map((x) => x.severity);
    expect(sev).toEqual([...sev].sort((x, y) => (x === y ? 0 : x === 'critical' ? -1 : 1)));
    for (let i = 1; i < alerts.length; i++) {
      if (alerts[i].severity === alerts[i - 1].severity) expect(alerts[i].breach).toBeLessThanOrEqual(alerts[i - 1].breach);
    }
    const mixed = evaluateAlerts(lateBehind());
    expect(mixed[0].severity).toBe('critical');
    expect(mixed[mixed.length - 1].severity).toBe('warning');
  });

  it('one alert per node and metric', () => {
    const alerts = evaluateAlerts(earlyOverrun());
    const keys = alerts.map((x) => `${x.nodeId}/${x.metric}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is deterministic', () => {
    expect(evaluateAlerts(earlyOverrun())).toEqual(evaluateAlerts(earlyOverrun()));
  });

  it('an on-track project raises nothing', () => {
    expect(evaluateAlerts(midOnTrack())).toEqual([]);
  });
});

describe('currency', () => {
  it('messages use the project currency', () => {
    const a = at5(300_000, 500_000, { currency: 'EUR' });
    const cpi = ofMetric(evaluateAlerts(a), 'cpi')[0];
    expect(cpi.message).toContain('every €1 spent is earning €0.60 of work');
    const vac = ofMetric(evaluateAlerts(a), 'vacPct')[0];
    expect(vac.message).toContain('€666,667');
    expect(vac.message).not.toContain('£');
  });
});

describe('renderTemplate', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(renderTemplate('{a} and {b} but not {c}', { a: 'x', b: 'y' })).toBe('x and y but not {c}');
  });
});

describe('judge: the one evaluation behind alerts and colours', () => {
  /** A target whose one metric reads `value`: CPI on a node with the given EV and AC = 100. */
  const node = (ev: number, ac = 100): AlertTarget => {
    const a = buildAnalysis({ pv: [100, 200], ev: [ev], ac: [ac], breakdown: [{ id: 'N', name: 'Node', pv: 100, ev, ac, bac: 200 }] });
    const n = a.breakdown!.children[0];
    return { id: n.id, name: n.name, kind: n.kind, cost: n.cost, schedule: null };
  };
  it.each([
    [102, 'good'],
    [95, 'good'],
    [94.9, 'warning'],
    [90, 'warning'],
    [89.9, 'critical'],
  ] as const)('CPI from EV %s against AC 100 → %s', (ev, colour) => {
    const j = judge(node(ev), 'cpi', DEFAULT_RULES, true);
    expect(j.status).toBe(colour);
    expect(j.rule?.severity ?? 'good').toBe(colour);
  });

  it('null, unwatched and cost metrics without actual cost are neutral', () => {
    expect(judge(node(80, 0), 'cpi', DEFAULT_RULES, true)).toEqual({ status: 'neutral', rule: null, value: null });
    expect(judge(node(50), 'csi', DEFAULT_RULES, true).status).toBe('neutral');
  });

  it('respects scope: schedule rules do not colour a control account', () => {
    const strictSpit: AlertRule[] = [{ id: 's', metric: 'spit', comparison: '<', threshold: 2, scope: 'project', severity: 'critical', message: '' }];
    expect(judge(node(50), 'spit', strictSpit, true).status).toBe('neutral');
    expect(judge(node(50), 'cpi', DEFAULT_RULES, true).status).toBe('critical');
  });

  it('statusOf reads the project by default, a node by id', () => {
    const a = earlyOverrun();
    expect(statusOf('cpi', a)).toBe('critical');
    expect(statusOf('cpi', a, { nodeId: 'NOPE' })).toBe('neutral');
  });
});

describe('a single WBS root under the project (issue 12, item 8)', () => {
  // The WBS root holds every activity, so its figures are the project's own: EV 400,000 against AC
  // 490,000 (CPI 0.82, critical) both for the project and for the root.
  const oneRoot = (): ReturnType<typeof buildAnalysis> =>
    buildAnalysis({
      name: 'One Root',
      pv: LINEAR,
      ev: [100_000, 200_000, 300_000, 350_000, 400_000],
      ac: [110_000, 230_000, 350_000, 420_000, 490_000],
      breakdown: [
        {
          id: 'ROOT',
          name: 'One Root (WBS)',
          kind: 'wbs',
          children: [
            { id: 'W1', name: 'Earthworks', kind: 'wbs', pv: 300_000, ev: 200_000, ac: 300_000, bac: 500_000 },
            { id: 'W2', name: 'Drainage', kind: 'wbs', pv: 200_000, ev: 200_000, ac: 190_000, bac: 500_000 },
          ],
        },
      ],
    });

  it('raises the project alert once, not again for the root', () => {
    const alerts = evaluateAlerts(oneRoot());
    const cpi = alerts.filter((x) => x.metric === 'cpi');
    expect(cpi.map((x) => x.nodeId)).toEqual(['W1', 'P1']);
    expect(alerts.filter((x) => x.nodeId === 'ROOT')).toEqual([]);
    // Every message is said once.
    const keys = alerts.map((x) => `${x.metric}|${x.message.replace(/^[^:]+:/, '')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the root still carries a rule the project is out of scope for', () => {
    const wbsOnly: AlertRule[] = [{ id: 'cpi-wbs', metric: 'cpi', comparison: '<', threshold: 0.95, scope: 'wbs', severity: 'warning', message: '{node}' }];
    expect(evaluateAlerts(oneRoot(), wbsOnly).map((x) => x.nodeId)).toEqual(['W1', 'ROOT']);
  });

  it('a node that carries all of the project\'s figures (the one cost-loaded WBS element) does not repeat its alerts either', () => {
    const a = buildAnalysis({
      name: 'One Budgeted Element',
      pv: LINEAR,
      ev: [100_000, 200_000, 300_000, 350_000, 400_000],
      ac: [110_000, 230_000, 350_000, 420_000, 490_000],
      breakdown: [
        { id: 'COST', name: 'Cost Loaded Activities', kind: 'wbs', pv: 500_000, ev: 400_000, ac: 490_000, bac: 1_000_000 },
        { id: 'STAFF', name: 'Staff', kind: 'wbs', pv: 0, ev: 0, ac: 0, bac: 0 },
      ],
    });
    const alerts = evaluateAlerts(a);
    expect(alerts.some((x) => x.nodeId === 'P1' && x.metric === 'cpi')).toBe(true);
    expect(alerts.filter((x) => x.nodeId !== 'P1')).toEqual([]);
  });

  it('a root that does not hold every activity is a breakdown node of its own', () => {
    const a = oneRoot();
    const tree = a.breakdown!;
    // Another activity sits directly under the project, outside the WBS root, with its own progress:
    // the root is no longer the project.
    const withLoose = { ...a, cost: buildAnalysis({ pv: LINEAR, ev: [410_000], ac: [495_000] }).cost, breakdown: { ...tree, activityCount: tree.activityCount + 1 } };
    expect(evaluateAlerts(withLoose).some((x) => x.nodeId === 'ROOT' && x.metric === 'cpi')).toBe(true);
  });
});
