/**
 * The Cash flow tab rendered from the Riverside fixture inside a project context: the chart is an
 * image with a text summary, axis titles in the currency and a legend; its bars carry the table's
 * values; cells that cannot exist are blank (never "n/a"); a schedule without costs shows hours.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import CashFlowPage from '../../../src/app/project/cashflow/CashFlowPage';
import { ProjectContext, type ProjectView } from '../../../src/app/project/projectContext';
import type { DashboardResult } from '../../../src/local/contracts';
import { riverside, riversideWithoutCosts } from './fixture';
import { all, one, render, tag, text, type El } from './html';

function page(data: DashboardResult) {
  const view = { id: 'p1', row: null, name: 'Riverside', options: { breakdown: 'wbs', periods: 'week', eacMethod: 'cpi' }, data, error: null, busy: false, imports: [], changed: 0, canWrite: true } as unknown as ProjectView;
  return render(createElement(ProjectContext.Provider, { value: view }, createElement(CashFlowPage)));
}
const attr = (name: string, value?: string) => (e: El) => (value === undefined ? e.attrs[name] !== undefined : e.attrs[name] === value);

describe('CashFlowPage', () => {
  const data = { ...riverside(), importWarnings: [] } as DashboardResult;
  const a = data.analysis;
  const el = page(data);

  it('draws the chart as an image described by its summary, with both axes titled in the currency', () => {
    const svg = one(el, attr('data-chart', 'cash-flow'));
    expect(svg.attrs.role).toBe('img');
    const summary = one(el, attr('id', svg.attrs['aria-labelledby']));
    expect(text(summary)).toMatch(/^Cash flow over \d+ weeks/);
    expect(text(summary)).toContain('£89,500'); // AC at the data date
    expect(all(svg, tag('text')).map(text)).toEqual(expect.arrayContaining(['Per period (GBP)', 'Cumulative (GBP)', 'Data date']));
    expect(text(one(el, attr('aria-label', 'Legend')))).toContain('Forecast (to EAC)');
  });

  it('has one planned bar per period with the table value, and forecast bars only after the status', () => {
    const bars = all(el, (e) => e.tag === 'rect' && e.attrs['data-series'] !== undefined);
    const planned = bars.filter((b) => b.attrs['data-series'] === 'planned');
    expect(planned.map((b) => Number(b.attrs['data-value']))).toEqual(a.cashFlow.map((r) => r.planned));
    const forecast = bars.filter((b) => b.attrs['data-series'] === 'forecast').map((b) => Number(b.attrs['data-period']));
    expect(forecast.length).toBeGreaterThan(0);
    expect(Math.min(...forecast)).toBe(a.statusPeriod + 1);
  });

  it('leaves impossible cells blank and never writes n/a', () => {
    const rows = all(el, (e) => e.tag === 'tr' && e.attrs['data-period'] !== undefined);
    for (const r of rows) {
      const k = Number(r.attrs['data-period']);
      const cell = (c: string) => one(r, attr('data-col', c));
      if (k > a.statusPeriod) for (const c of ['p-earned', 'p-actual', 'c-earned', 'c-actual']) expect(text(cell(c))).toBe('');
      if (k <= a.statusPeriod) expect(text(cell('p-forecast'))).toBe('');
    }
    expect(text(one(el, tag('table')))).not.toContain('n/a');
  });

  it('says hours when the schedule is measured in labour units or duration', () => {
    const hours = page({ ...riversideWithoutCosts(), importWarnings: [] } as DashboardResult);
    const svg = one(hours, attr('data-chart', 'cash-flow'));
    expect(all(svg, tag('text')).map(text)).toEqual(expect.arrayContaining(['Per period (hours)', 'Cumulative (hours)']));
  });
});
