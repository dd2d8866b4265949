/**
 * "Show the math": the pure substitution (mathView / substitute) and the popover's static markup.
 * Interaction (Enter opens, Escape closes) is the browser's button behaviour plus the disclosure
 * state in ShowMath.tsx; without jsdom it is exercised through MathPopover and the aria state.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MathPopover, ShowMath, formatContextOf, mathView, substitute, symbolKind } from '../../../src/app/dashboard/components';
import { computed } from '../../../src/core/evm/computed';
import { riverside } from './fixture';
import { all, hasClass, one, render, text, visibleText } from './html';

const { analysis } = riverside();
const ctx = formatContextOf(analysis);

describe('substitute', () => {
  it('writes values into the right-hand side only', () => {
    expect(substitute('CPI = EV / AC', { EV: '£80,000', AC: '£89,500' })).toBe('CPI = £80,000 / £89,500');
  });

  it('matches the longest symbol first, so EV(n) is not read as EV', () => {
    expect(substitute('CPI(n) = (EV − EV(n)) / (AC − AC(n))', { EV: 'a', 'EV(n)': 'b', AC: 'c', 'AC(n)': 'd' })).toBe('CPI(n) = (a − b) / (c − d)');
  });

  it('leaves the C inside PV[C] alone while substituting C itself', () => {
    expect(substitute('ES = C + (EV − PV[C]) / (PV[C+1] − PV[C])', { C: '3', EV: 'e', 'PV[C]': 'p', 'PV[C+1]': 'q' })).toBe('ES = 3 + (e − p) / (q − p)');
  });

  it('does not substitute inside words', () => {
    // "w" is the composite weight; the "w" of "with" must stay.
    expect(substitute('X = w with w', { w: '0.80' })).toBe('X = 0.80 with 0.80');
  });

  it('returns null when nothing was substituted', () => {
    expect(substitute('PV = planned value (BCWS)', { AC: '1' })).toBeNull();
  });
});

describe('mathView', () => {
  it('works CPI through with formatted inputs (README: 80,000 / 89,500 = 0.894)', () => {
    const m = mathView(analysis.cost.cpi, 'index', ctx);
    expect(m.formula).toBe('CPI = EV / AC');
    expect(m.inputs).toEqual([
      { symbol: 'EV', text: '£80,000' },
      { symbol: 'AC', text: '£89,500' },
    ]);
    expect(m.worked).toBe('CPI = £80,000 / £89,500 = 0.89');
    expect(m.result).toBe('0.89');
    expect(m.precise).toBe('0.8939');
    expect(m.reason).toBeNull();
  });

  it('formats earned schedule inputs as periods and amounts', () => {
    const m = mathView(analysis.schedule.es, 'periods', ctx);
    // README-derived weekly curve: C = 3, PV[C] = 53,000, PV[C+1] = 86,000.
    expect(m.worked).toBe('ES = 3 weeks + (£80,000 − £53,000) / (£86,000 − £53,000) = 3.8 weeks');
  });

  it('has no worked line for a given value', () => {
    const m = mathView(analysis.cost.pv, 'amount', ctx);
    expect(m.worked).toBeNull();
    expect(m.result).toBe('£121,000');
    expect(m.precise).toBe('£121,000.00');
  });

  it('explains a null result without inventing one', () => {
    const c = computed(null, 'CPI = EV / AC', { EV: 100, AC: 0 }, 'No actual cost has been recorded yet, so CPI is undefined.');
    const m = mathView(c, 'index', ctx);
    expect(m.result).toBe('n/a');
    expect(m.worked).toBe('CPI = £100 / £0');
    expect(m.precise).toBeNull();
    expect(m.reason).toMatch(/No actual cost/);
  });

  it('knows the kinds of the engine symbols', () => {
    expect(symbolKind('BAC')).toBe('amount');
    expect(symbolKind('SPI(t)')).toBe('index');
    expect(symbolKind('AT')).toBe('periods');
    expect(symbolKind('something else')).toBe('number');
  });
});

describe('the popover', () => {
  it('lists formula, inputs, the worked line, the result and a note', () => {
    const el = render(createElement(MathPopover, { id: 'p', title: 'How is CPI computed?', computed: analysis.cost.cpi, kind: 'index', ctx, note: 'A note.', onClose: () => {} }));
    const pop = one(el, hasClass('math-popover'));
    expect(pop.attrs['aria-label']).toBe('How is CPI computed?');
    const t = text(pop);
    expect(t).toContain('CPI = EV / AC');
    expect(t).toContain('EV = £80,000');
    expect(t).toContain('CPI = £80,000 / £89,500 = 0.89');
    expect(t).toContain('more precisely 0.8939');
    expect(t).toContain('A note.');
    expect(all(pop, (e) => e.tag === 'button' && text(e) === 'Close')).toHaveLength(1);
  });

  it('makes a table figure its own button, naming the figure and its node for screen readers', () => {
    const el = render(
      createElement(ShowMath, { label: 'CPI', subject: 'for Civils', computed: analysis.cost.cpi, kind: 'index', ctx, variant: 'value', children: '0.89' }),
    );
    const btn = one(el, hasClass('show-math__value'));
    expect(visibleText(btn)).toBe('0.89');
    expect(text(btn)).toContain('How is CPI for Civils computed?');
    expect(btn.attrs['aria-expanded']).toBe('false');
  });
});
