/** The Overview's risk line: the probabilistic finish and EAC beside the deterministic ones (RiskForecast.tsx). */
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RiskForecast, riskForecastParts } from '../../../src/app/project/overview/RiskForecast';
import type { DashboardResult } from '../../../src/local/contracts';
import { riverside } from '../dashboard/fixture';

const base = riverside().analysis;
const analysis = { ...base, measureBasis: 'cost' as const, project: { ...base.project, currency: 'GBP' } };
const risk: NonNullable<DashboardResult['risk']> = {
  id: 's1',
  name: 'Before mitigation',
  dataDate: base.dataDate ?? '2025-02-05T17:00',
  iterations: 2000,
  finishP50: '2025-11-14T17:00',
  finishP80: '2025-12-05T17:00',
  deterministicFinish: '2025-10-31T17:00',
  deterministicConfidence: 0.123,
  costP50: 241_000,
  costP80: 252_500,
  defaultRangesOnly: false,
};

describe('the Overview beside the risk run', () => {
  it('says nothing until a run exists', () => {
    expect(riskForecastParts({ analysis })).toBeNull();
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(RiskForecast, { data: { analysis }, projectPath: '/app/projects/p1' })));
    expect(html).toBe('');
  });

  it('puts the P80 and P50 finish and EAC beside the scheduled finish, its confidence and the reported EAC', () => {
    const parts = riskForecastParts({ analysis, risk })!;
    expect(parts.current).toBe(true);
    expect(parts.finish).toContain('P80 finish 5 Dec 2025 (P50 14 Nov 2025) · scheduled finish 31 Oct 2025, 12% likely');
    expect(parts.cost).toMatch(/^P80 EAC £252,500 \(P50 £241,000\)( · EAC £[\d,]+)?$/);
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(RiskForecast, { data: { analysis, risk }, projectPath: '/app/projects/p1' })));
    expect(html).toMatch(/<a [^>]*href="\/app\/projects\/p1\/risk"[^>]*>Before mitigation<\/a>/);
    expect(html).toContain('2,000 iterations');
  });

  it('names a run from an earlier status as out of date instead of quoting it', () => {
    const stale = { ...risk, dataDate: '2024-06-30T17:00' };
    expect(riskForecastParts({ analysis, risk: stale })!.current).toBe(false);
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(RiskForecast, { data: { analysis, risk: stale }, projectPath: '/app/projects/p1' })));
    expect(html).toContain('was run at the status date of 30 Jun 2024; run it again for this status.');
    expect(html).not.toContain('P80');
  });

  it('shows no cost when the schedule carries none', () => {
    expect(riskForecastParts({ analysis, risk: { ...risk, costP80: null, costP50: null } })!.cost).toBeNull();
  });
});
