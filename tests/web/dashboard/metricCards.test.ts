/**
 * MetricCards rendered to static markup from a real analysis of tests/fixtures/riverside-pumping-station.json.
 * Expected figures are the hand-worked ones of tests/fixtures/README.md (cited per assertion);
 * statuses follow the default thresholds of src/core/insight/rules.ts.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MetricCards, eacMethodOptions, metricCards, formatContextOf } from '../../../src/app/dashboard/components';
import { analyseSchedule } from '../../../src/core/evm';
import { MEASURES, eacLabelOptionsOf, eacMethodLabel, type MeasureKey } from '../../../src/core/evm/dictionary';
import { EAC_METHODS } from '../../../src/core/evm/types';
import { parseSchedule } from '../../../src/core/model';
import { formatIndex } from '../../../src/core/format';
import type { Analysis } from '../../../src/core/evm/types';
import { dashboardOf, evaluateAlerts, statusOf as ruleStatusOf } from '../../../src/core/insight';
import { buildAnalysis, earlyOverrun, lateBehind, notStarted, scheduleOnly } from '../../unit/insight/fixtures';
import { FIXTURE, riverside, riversideWithoutActualCost, riversideWithoutCosts } from './fixture';
import { all, attr, hasClass, one, render, text, visibleText, type El } from './html';

const data = riverside();
const page = render(createElement(MetricCards, { data }));

function card(root: El, id: string): El {
  return one(root, attr('data-metric', id), `card ${id}`);
}
const valueOf = (c: El) => visibleText(one(c, hasClass('metric-card__value'))).trim();
const statusOf = (c: El) => visibleText(one(c, hasClass('status-badge'))).trim();

describe('MetricCards on the Riverside fixture', () => {
  it('shows CPI = 80,000 / 89,500 = 0.894 as "0.89", critical (below the 0.90 threshold), with a written status', () => {
    const cpi = card(page, 'cpi');
    // README: CPI = 80,000/89,500 = 0.894.
    expect(valueOf(cpi)).toBe('0.89');
    expect(valueOf(cpi)).toBe(formatIndex(data.analysis.cost.cpi.value!));
    // rules.ts: cpi-critical fires below 0.90.
    expect(ruleStatusOf('cpi', data.analysis)).toBe('critical');
    expect(cpi.attrs.class).toContain('metric-card--critical');
    expect(statusOf(cpi)).toBe('Critical');
    // The status is also in words for screen readers.
    expect(text(one(cpi, hasClass('status-badge')))).toBe('Status: Critical');
  });

  it('shows PV, EV, AC and BAC from the README table, in pounds', () => {
    // README totals: PV 121,000; EV 80,000; AC 89,500; BAC 225,000.
    expect(valueOf(card(page, 'pv'))).toBe('£121,000');
    expect(valueOf(card(page, 'ev'))).toBe('£80,000');
    expect(valueOf(card(page, 'ac'))).toBe('£89,500');
    expect(valueOf(card(page, 'bac'))).toBe('£225,000');
  });

  it('shows the variances with their signs and percentages', () => {
    // SV = 80,000 − 121,000 = −41,000; SV% = −41,000/121,000 = −33.9%.
    const sv = card(page, 'sv');
    expect(valueOf(sv)).toBe('-£41,000');
    expect(visibleText(one(sv, hasClass('metric-card__extra')))).toContain('-33.9%');
    // CV = 80,000 − 89,500 = −9,500; CV% = −9,500/80,000 = −11.9%.
    const cv = card(page, 'cv');
    expect(valueOf(cv)).toBe('-£9,500');
    expect(visibleText(one(cv, hasClass('metric-card__extra')))).toContain('-11.9%');
  });

  it('shows the forecast: EAC = BAC / CPI, ETC, VAC (critical beyond ±10%), TCPI', () => {
    // EAC = 225,000 / (80,000/89,500) = 251,718.75; ETC = 251,718.75 − 89,500 = 162,218.75.
    expect(valueOf(card(page, 'eac'))).toBe('£251,719');
    expect(valueOf(card(page, 'etc'))).toBe('£162,219');
    // VAC = 225,000 − 251,718.75 = −26,718.75, VAC% = −11.9%: beyond the ±10% critical rule.
    const vac = card(page, 'vac');
    expect(valueOf(vac)).toBe('-£26,719');
    expect(visibleText(one(vac, hasClass('metric-card__extra')))).toContain('-11.9%');
    expect(vac.attrs['data-status']).toBe('critical');
    // TCPI(BAC) = (225,000 − 80,000)/(225,000 − 89,500) = 1.070.
    expect(valueOf(card(page, 'tcpiBac'))).toBe('1.07');
    // TCPI(EAC) equals CPI when EAC = BAC/CPI (DESIGN.md identity): no gap, so the gap rule is "good".
    const tcpiEac = card(page, 'tcpiEac');
    expect(valueOf(tcpiEac)).toBe('0.89');
    expect(tcpiEac.attrs['data-status']).toBe('good');
  });

  it('shows earned schedule in weeks, with the period unit of the weekly grid', () => {
    // Weekly PV (hand-checked from the README baseline): PV3 = 53,000, PV4 = 86,000, EV = 80,000, so
    // ES = 3 + (80,000 − 53,000)/(86,000 − 53,000) = 3.82 weeks; AT = 5 (5 Feb is the end of week 5).
    expect(valueOf(card(page, 'es'))).toBe('3.8 weeks');
    // SPI(t) = 3.818/5 = 0.764: below the 0.90 critical threshold.
    const spit = card(page, 'spit');
    expect(valueOf(spit)).toBe('0.76');
    expect(spit.attrs['data-status']).toBe('critical');
    // SV(t) = 3.818 − 5 = −1.18 weeks.
    expect(valueOf(card(page, 'svt'))).toBe('-1.2 weeks');
    // IEAC(t) = 5 + (10 − 3.818)/0.764 = 13.1 weeks against PD = 10.
    expect(valueOf(card(page, 'ieact'))).toBe('13.1 weeks');
    expect(visibleText(card(page, 'ieact'))).toContain('Against 10 weeks planned');
  });

  it('shows the forecast finish date from forecastFinish.spit', () => {
    const finish = card(page, 'forecastFinish');
    expect(data.analysis.forecastFinish.spit).not.toBeNull();
    // The engine's SPI(t) finish, 2025-04-03T09:00, falls on 3 Apr 2025; the plan ends with week 10 (12 Mar).
    expect(data.analysis.forecastFinish.spit!.slice(0, 10)).toBe('2025-04-03');
    expect(valueOf(finish)).toBe('3 Apr 2025');
    expect(visibleText(finish)).toContain('Planned 12 Mar 2025');
  });

  it('offers "show the math" on every card, named after the metric and closed at first', () => {
    const cards = all(page, hasClass('metric-card'));
    expect(cards.length).toBe(metricCards(data.analysis, formatContextOf(data.analysis)).length);
    for (const c of cards) {
      const label = visibleText(one(c, hasClass('metric-card__label'))).trim();
      const btn = all(c, hasClass('show-math__icon'))[0];
      expect(btn.attrs['aria-label']).toBe(`How is ${label} computed?`);
      expect(btn.attrs['aria-expanded']).toBe('false');
      // aria-controls points at the popover only while it exists.
      expect(btn.attrs['aria-controls']).toBeUndefined();
    }
    expect(all(page, hasClass('math-popover'))).toHaveLength(0);
  });

  it('marks every judged card with a status word as well as a colour, and a card no rule watches with neither', () => {
    const words: Record<string, string> = { good: 'Good', warning: 'Warning', critical: 'Critical' };
    let judged = 0;
    for (const c of all(page, hasClass('metric-card'))) {
      const status = c.attrs['data-status'];
      expect(c.attrs.class).toContain(`metric-card--${status}`);
      if (status === 'neutral') {
        expect(all(c, hasClass('status-badge'))).toHaveLength(0);
      } else {
        judged++;
        expect(statusOf(c)).toBe(words[status]);
      }
    }
    // BAC, PV, EV, AC and ETC have no rule: no "No threshold" badge on them (issue 14).
    for (const id of ['bac', 'pv', 'ev', 'ac', 'etc']) expect(all(card(page, id), hasClass('status-badge'))).toHaveLength(0);
    expect(judged).toBeGreaterThan(3);
    expect(text(page)).not.toContain('No threshold');
  });

  it('shows a status only for a metric the given rules watch', () => {
    // Only a CPI rule: SPI (0.66, far below any default threshold) carries no status at all.
    const onlyCpi = [{ id: 'cpi-w', metric: 'cpi' as const, comparison: '<' as const, threshold: 0.95, scope: 'any' as const, severity: 'warning' as const, message: '{node}' }];
    const view = render(createElement(MetricCards, { data, rules: onlyCpi }));
    expect(statusOf(card(view, 'cpi'))).toBe('Warning');
    expect(all(card(view, 'spi'), hasClass('status-badge'))).toHaveLength(0);
    expect(card(view, 'spi').attrs['data-status']).toBe('neutral');
  });
});

describe('a metric that cannot be computed', () => {
  const noCost = riversideWithoutActualCost();
  const view = render(createElement(MetricCards, { data: noCost }));

  it('shows CPI as n/a with the reason (AC = 0 leaves CPI without a denominator) and no colour', () => {
    expect(noCost.analysis.cost.cpi.value).toBeNull();
    const cpi = card(view, 'cpi');
    const na = one(cpi, hasClass('na'));
    expect(visibleText(na).startsWith('n/a')).toBe(true);
    const reason = one(na, attr('role', 'tooltip'));
    expect(text(reason)).toBe(noCost.analysis.cost.cpi.reason);
    expect(text(reason)).toMatch(/^CPI needs actual cost \(AC\): no actual cost is recorded in this schedule/);
    // The reason is reachable by keyboard (focusable) and tied to the value for screen readers.
    expect(na.attrs.tabindex).toBe('0');
    expect(na.attrs['aria-describedby']).toBe(reason.attrs.id);
    expect(cpi.attrs['data-status']).toBe('neutral');
    expect(all(cpi, hasClass('status-badge'))).toHaveLength(0);
  });
});

describe('a schedule without costs', () => {
  const hours = riversideWithoutCosts();
  const view = render(createElement(MetricCards, { data: hours }));

  it('writes amounts in hours, never with a currency symbol', () => {
    expect(hours.analysis.measureBasis).not.toBe('cost');
    // BAC in hours = Σ baseline working hours: 5+10+10+15+30+10+20 days × 8 h = 800 (the milestone has none).
    expect(valueOf(card(view, 'bac'))).toBe('800 hours');
    expect(visibleText(view)).not.toMatch(/£/);
  });
});

describe('card colours and the alert list come from the same rules (issue 12, item 5)', () => {
  const CASES: Record<string, () => Analysis> = {
    riverside: () => riverside().analysis,
    riversideWithoutActualCost: () => riversideWithoutActualCost().analysis,
    riversideWithoutCosts: () => riversideWithoutCosts().analysis,
    nothingPlannedYet: () => notStarted(false),
    plannedNotStarted: () => notStarted(true),
    earlyOverrun,
    lateBehind,
    scheduleOnly: () => scheduleOnly(),
  };

  it.each(Object.keys(CASES))('%s: a card is red or amber exactly when the project has that alert', (name) => {
    const a = CASES[name]();
    const alerts = evaluateAlerts(a).filter((x) => x.nodeKind === 'project');
    for (const c of metricCards(a, formatContextOf(a))) {
      const alert = c.statusMetric ? alerts.find((x) => x.metric === c.statusMetric) : undefined;
      if (alert) expect([c.id, c.status]).toEqual([c.id, alert.severity]);
      else expect([c.id, ['good', 'neutral'].includes(c.status)]).toEqual([c.id, true]);
    }
  });

  it('a project with nothing planned yet shows no critical card while the alert list is empty', () => {
    const a = notStarted(false);
    expect(evaluateAlerts(a)).toEqual([]);
    const view = render(createElement(MetricCards, { data: { analysis: a, alerts: [], commentary: { paragraphs: [] } } }));
    for (const c of all(view, hasClass('metric-card'))) expect([c.attrs['data-metric'], c.attrs['data-status']]).not.toContainEqual('critical');
    expect(card(view, 'spit').attrs['data-status']).toBe('neutral');
    expect(card(view, 'tspi').attrs['data-status']).toBe('neutral');
  });
});

describe('EAC labels come from the measure dictionary (issue 12, item 6)', () => {
  const detailOf = (c: El) => visibleText(one(c, hasClass('metric-card__detail'))).trim();

  it('the selector offers every method by its dictionary label, with the weight and n the analysis was asked for', () => {
    const options = eacMethodOptions(data);
    expect(options.map((o) => o.value)).toEqual([...EAC_METHODS]);
    // Riverside has no snapshot 3 weeks before its status date, so CPI(n) cannot say its n: the
    // dashboard says what it asked the engine for (the defaults).
    expect(data.analysis.cost.cpiLastN.inputs.n).toBeNull();
    for (const o of options) expect(o.label).toBe(eacMethodLabel(o.value, { weight: 0.8, n: 3 }));
    expect(options.find((o) => o.value === 'composite')?.label).toBe('AC + (BAC − EV) / (0.8 CPI + 0.2 SPI)');
    expect(options.find((o) => o.value === 'cpiLastN')?.label).toBe('AC + (BAC − EV) / CPI of the last 3 periods');
  });

  it('a composite weight of 0.7 and CPI over 2 periods show in the selector and the card alike', () => {
    const json = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
    const options = { compositeWeight: 0.7, lastN: 2, eacMethod: 'composite' as const };
    const d = dashboardOf(analyseSchedule(parseSchedule(json), options), options);
    const label = eacMethodLabel('composite', { weight: 0.7 });
    expect(label).toBe('AC + (BAC − EV) / (0.7 CPI + 0.3 SPI)');
    // The engine's own record of the weight agrees.
    expect(eacLabelOptionsOf(d.analysis.cost).weight).toBe(0.7);
    expect(eacMethodOptions(d).find((o) => o.value === 'composite')?.label).toBe(label);
    expect(eacMethodOptions(d).find((o) => o.value === 'cpiLastN')?.label).toBe('AC + (BAC − EV) / CPI of the last 2 periods');
    const view = render(createElement(MetricCards, { data: d }));
    expect(detailOf(card(view, 'eac'))).toBe(`By ${label}`);
  });

  it('the card names the selected method by the same label as the selector', () => {
    expect(data.analysis.cost.eacMethod).toBe('cpi');
    expect(detailOf(card(page, 'eac'))).toBe(`By ${eacMethodOptions(data).find((o) => o.value === 'cpi')?.label}`);
    expect(detailOf(card(page, 'eac'))).toBe('By BAC / CPI');
  });

  it('when BAC / CPI is asked for but CPI is 0, the card names both methods and why', () => {
    // £12,000 spent, nothing earned: CPI = 0, so BAC / CPI is undefined and the engine uses AC + (BAC − EV).
    const a = buildAnalysis({ name: 'Mobilising', months: '2025-01', pv: [100_000, 300_000, 600_000], ev: [0, 0], ac: [5_000, 12_000], eacMethod: 'cpi' });
    const d = dashboardOf(a, { eacMethod: 'cpi' });
    expect(d.analysis.cost.eacMethod).toBe('planRate');
    const eac = card(render(createElement(MetricCards, { data: d })), 'eac');
    expect(detailOf(eac)).toBe(
      `By ${eacMethodLabel('planRate')} — ${eacMethodLabel('cpi')} not available: CPI is 0 because nothing has been earned yet (EV = 0) although cost has been incurred, so BAC / CPI is undefined.`,
    );
    expect(detailOf(eac)).toMatch(/^By AC \+ \(BAC − EV\) — BAC \/ CPI not available: /);
  });

  it('when CPI over the last 3 periods has no history, the card says so beside the method used', () => {
    const json = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
    const d = dashboardOf(analyseSchedule(parseSchedule(json), { eacMethod: 'cpiLastN' }), { eacMethod: 'cpiLastN' });
    expect(d.analysis.cost.eacMethod).toBe('planRate');
    const eac = card(render(createElement(MetricCards, { data: d })), 'eac');
    expect(detailOf(eac)).toBe(
      'By AC + (BAC − EV) — AC + (BAC − EV) / CPI of the last 3 periods not available: no cumulative EV and AC from n periods before the status date were supplied, so CPI(n) cannot be computed.',
    );
  });

  it('without actuals there is no EAC and no fallback to name: the card is n/a with the reason', () => {
    const d = riversideWithoutActualCost();
    expect(d.analysis.noActualsReason).toBeDefined();
    const eac = card(render(createElement(MetricCards, { data: d })), 'eac');
    expect(d.analysis.cost.eacSelected.value).toBeNull();
    expect(text(one(one(eac, hasClass('na')), attr('role', 'tooltip')))).toBe(d.analysis.cost.eacSelected.reason);
    expect(eac.attrs['data-status']).toBe('neutral');
  });

  it('card labels and names are the dictionary entries', () => {
    for (const c of metricCards(data.analysis, formatContextOf(data.analysis))) {
      if (c.id === 'forecastFinish') continue;
      const m = MEASURES[c.id as MeasureKey];
      expect([c.id, c.label, c.name]).toEqual([c.id, m.label, m.name]);
    }
  });
});
