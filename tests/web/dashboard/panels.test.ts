/**
 * Commentary, alerts, cash flow and the whole dashboard, rendered from the Riverside fixture.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ALERTS_SHOWN,
  AlertsList,
  CashFlowTable,
  CommentaryPanel,
  Dashboard,
  EMPTY_ALERTS_TEXT,
  TOPIC_TITLES,
  commentarySections,
  formatAmount,
  formatCompactNumber,
  formatSignedAmount,
} from '../../../src/app/dashboard/components';
import { riverside, riversideWithoutCosts } from './fixture';
import { all, hasClass, one, render, tag, text, visibleText } from './html';

const data = riverside();

describe('CommentaryPanel', () => {
  const el = render(createElement(CommentaryPanel, { commentary: data.commentary }));

  it('prints every paragraph, in order, under its topic heading', () => {
    const paragraphs = all(el, tag('p')).map(text);
    expect(paragraphs).toEqual(data.commentary.paragraphs.map((p) => p.text));
    // This analysis has a breakdown, so all five topics are written (commentary.ts).
    expect(all(el, tag('h3')).map(text)).toEqual(['Status', 'Trend', 'Forecast', 'Drivers', 'What to look at next']);
    // The status paragraph opens with the data date and the percentages of the README (80/225 = 35.6%, 121/225 = 53.8%).
    expect(paragraphs[0]).toMatch(/^As at 5 Feb 2025, Riverside Pumping Station is 35\.6% complete against 53\.8% scheduled/);
  });

  it('groups consecutive paragraphs of one topic', () => {
    const s = commentarySections({
      paragraphs: [
        { topic: 'status', text: 'a' },
        { topic: 'status', text: 'b' },
        { topic: 'next', text: 'c' },
      ],
    });
    expect(s.map((x) => [x.topic, x.paragraphs.length])).toEqual([
      ['status', 2],
      ['next', 1],
    ]);
    expect(TOPIC_TITLES.next).toBe('What to look at next');
  });
});

describe('AlertsList', () => {
  it('shows severity, node and message, most serious first, and a button for the rest', () => {
    const el = render(createElement(AlertsList, { alerts: data.alerts }));
    const items = all(el, hasClass('alert'));
    expect(data.alerts.length).toBeGreaterThan(ALERTS_SHOWN);
    expect(items).toHaveLength(ALERTS_SHOWN);
    const first = data.alerts[0];
    expect(visibleText(one(items[0], hasClass('status-badge')))).toBe(first.severity === 'critical' ? 'Critical' : 'Warning');
    expect(text(one(items[0], hasClass('alert__node')))).toContain(first.nodeName);
    expect(text(one(items[0], hasClass('alert__message')))).toBe(first.message);
    // Concrete: SV −15,000 against PV 24,000, SV% −62.5%: the largest breach (relative to ±10%).
    expect([first.nodeName, first.metric]).toEqual(['Concrete', 'svPct']);
    expect(text(el)).toContain(`Show all ${data.alerts.length} alerts`);
    const critical = data.alerts.filter((a) => a.severity === 'critical').length;
    expect(text(one(el, hasClass('alerts__count')))).toBe(`${data.alerts.length} alerts, ${critical} critical`);
  });

  it('can show every alert', () => {
    const el = render(createElement(AlertsList, { alerts: data.alerts, limit: Infinity }));
    expect(all(el, hasClass('alert'))).toHaveLength(data.alerts.length);
  });

  it('has an empty state', () => {
    const el = render(createElement(AlertsList, { alerts: [] }));
    expect(text(el)).toBe(EMPTY_ALERTS_TEXT);
    expect(EMPTY_ALERTS_TEXT).toBe('No figure breaches a threshold: no alerts.');
  });
});

describe('CashFlowTable', () => {
  it('lists each period and marks the status period', () => {
    const el = render(createElement(CashFlowTable, { analysis: data.analysis }));
    const all_ = all(one(el, tag('tbody')), tag('tr'));
    const rows = all_.filter((r) => r.attrs['data-period'] !== undefined);
    expect(rows).toHaveLength(data.analysis.cashFlow.length);
    // The spend before the first status (the 29 Jan snapshot) is one row, not spread over the weeks.
    const before = data.analysis.cashFlowInfo?.beforeFirstStatus;
    expect(all_.length - rows.length).toBe(before ? 1 : 0);
    if (before) expect(text(all_[0])).toContain('Before first status');
    const status = rows.filter((r) => r.attrs['aria-current'] === 'true');
    expect(status).toHaveLength(1);
    // Week 5: cumulative planned 121,000, earned 80,000, actual 89,500 (README).
    const cellsOf = all(status[0], tag('td')).map(text);
    expect(cellsOf.slice(4, 7)).toEqual(['£121,000', '£80,000', '£89,500']);
  });
});

describe('Dashboard', () => {
  it('renders every section from one DashboardData', () => {
    const el = render(createElement(Dashboard, { data }));
    expect(all(el, tag('h2')).map(text)).toEqual(['Key figures', 'S-curve', 'Commentary', 'Alerts', 'Breakdown', 'Cash flow']);
    expect(all(el, hasClass('metric-card')).length).toBeGreaterThan(15);
    expect(all(el, hasClass('chart-line'))).toHaveLength(4);
    expect(text(el)).toContain('Status at 5 Feb 2025');
  });

  it('says when figures are hours rather than money, and shows the input warnings', () => {
    const hours = riversideWithoutCosts();
    const el = render(createElement(Dashboard, { data: hours }));
    expect(text(el)).toContain("weighted by each activity's duration in working hours, not money");
    // The basis is a label, not an input warning to resolve.
    expect(hours.analysis.warnings.some((w) => /weighted by/.test(w))).toBe(false);
    for (const w of hours.analysis.warnings) expect(text(el)).toContain(w);
    expect(visibleText(el)).not.toContain('£');
  });
});

describe('amounts in the measure basis', () => {
  const cost = { basis: 'cost' as const, currency: 'GBP' };
  const hrs = { basis: 'duration' as const, currency: 'GBP' };
  it('writes money or hours', () => {
    expect(formatAmount(1_234_567, cost)).toBe('£1,234,567');
    expect(formatAmount(1_234_567, cost, { compact: true })).toBe('£1.2m');
    expect(formatAmount(1_234_567, hrs)).toBe('1,234,567 hours');
    expect(formatAmount(1, hrs)).toBe('1 hour');
    expect(formatAmount(1_234_567, hrs, { compact: true })).toBe('1.2m hours');
    expect(formatSignedAmount(-350, hrs)).toBe('-350 hours');
    expect(formatSignedAmount(1200, cost)).toBe('+£1,200');
    expect(formatAmount(Number.NaN, cost)).toBe('n/a');
  });

  it('compacts like formatMoney, promoting 999,950 to 1m', () => {
    expect(formatCompactNumber(950)).toBe('950');
    expect(formatCompactNumber(250_000)).toBe('250k');
    expect(formatCompactNumber(999_950)).toBe('1m');
    expect(formatCompactNumber(-3_400_000_000)).toBe('-3.4bn');
  });
});

describe('degenerate input', () => {
  it('renders an analysis with no periods, no cash flow, an empty breakdown and no commentary without inventing figures', () => {
    const a = data.analysis;
    const empty = {
      analysis: { ...a, series: [], cashFlow: [], breakdown: { ...a.breakdown!, children: [] }, dataDate: null, forecastFinish: { pf1: null, spit: null, scit: null } },
      alerts: [],
      commentary: { paragraphs: [] },
    };
    const el = render(createElement(Dashboard, { data: empty }));
    const t = visibleText(el);
    expect(t).toContain('No data date');
    expect(t).toContain(EMPTY_ALERTS_TEXT);
    expect(t).toContain('No commentary for this analysis.');
    expect(t).toContain('No breakdown: the schedule has no WBS elements');
    // No periods: no lines at all (not a line of zeros), and the summary says why.
    expect(all(el, hasClass('chart-line'))).toHaveLength(0);
    expect(text(el)).toContain('There are no reporting periods');
    expect(t).not.toMatch(/NaN|Infinity|undefined/);
    // The forecast finish card says n/a rather than a date.
    const finish = one(el, (e) => e.attrs['data-metric'] === 'forecastFinish');
    expect(visibleText(one(finish, hasClass('metric-card__value'))).startsWith('n/a')).toBe(true);
  });
});
