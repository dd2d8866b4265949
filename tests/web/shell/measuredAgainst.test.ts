/** The overview's trace line: the PMB in use and the approved changes applied (MeasuredAgainst.tsx). */
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MeasuredAgainst, measuredAgainstParts } from '../../../src/app/project/overview/MeasuredAgainst';
import { riverside } from '../dashboard/fixture';

const analysis = riverside().analysis;

describe('what the overview says the figures are measured against', () => {
  it('names the PMB and says when no approved change is applied', () => {
    const parts = measuredAgainstParts({ analysis, pmb: { name: 'Baseline in the latest import', builtIn: true } });
    expect(parts).toEqual({ pmb: 'PMB: Baseline in the latest import', changes: 'No approved changes', later: null });
  });

  it('lists the approved changes, what they add to BAC in the project’s currency, and those approved after the status date', () => {
    const parts = measuredAgainstParts({ analysis: { ...analysis, measureBasis: 'cost', project: { ...analysis.project, currency: 'GBP' } }, pmb: { name: 'Re-plan March', builtIn: false }, changeControl: { numbers: ['CR-001', 'CR-002'], bacChange: 12500, later: 1 } });
    expect(parts).toEqual({ pmb: 'PMB: Re-plan March', changes: '2 approved changes (CR-001, CR-002), BAC +£12,500', later: '1 approved after the status date, not included' });
  });

  it('counts rather than lists beyond three numbers, and signs a reduction', () => {
    const parts = measuredAgainstParts({ analysis: { ...analysis, measureBasis: 'cost', project: { ...analysis.project, currency: 'GBP' } }, pmb: { name: 'Contract', builtIn: false }, changeControl: { numbers: ['C1', 'C2', 'C3', 'C4', 'C5'], bacChange: -3000, later: 0 } });
    expect(parts.changes).toBe('5 approved changes (C1, C2, C3 and 2 more), BAC −£3,000');
    expect(parts.later).toBeNull();
  });

  it('links the PMB to the Baselines tab and the changes to the Changes tab', () => {
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(MeasuredAgainst, { data: { analysis, pmb: { name: 'Contract', builtIn: false }, changeControl: { numbers: ['CR-7'], bacChange: 100, later: 0 } }, projectPath: '/app/projects/p1' })),
    );
    expect(html).toMatch(/<a [^>]*href="\/app\/projects\/p1\/baselines"[^>]*>PMB: Contract<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/app\/projects\/p1\/changes"[^>]*>1 approved change \(CR-7\), BAC \+/);
  });

  it('says a period table has no baseline to name', () => {
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MeasuredAgainst, { data: { analysis }, projectPath: '/app/projects/p1' })));
    expect(html).toContain('Measured against the period table’s planned values');
    expect(html).not.toContain('/baselines');
  });
});
