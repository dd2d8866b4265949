/**
 * The Thresholds form's text and the thresholds it stands for (src/app/project/alerts/thresholdForm.ts):
 * percentages typed as percent, indices as written, empty project levels off, empty account levels
 * following the project's, and a round trip that changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { checkThresholds, defaultThresholds } from '../../../src/core/insight/thresholds';
import { formOf, levelText, parseLevel, thresholdsOf } from '../../../src/app/project/alerts/thresholdForm';

describe('threshold form', () => {
  it('reads percent as percent and indices as written; empty is off; anything else is not a number', () => {
    expect(parseLevel('cvPct', '5')).toBe(0.05);
    expect(parseLevel('cvPct', ' 12.5 % ')).toBe(0.125);
    expect(parseLevel('cpi', '0,95')).toBe(0.95);
    expect(parseLevel('cpi', '')).toBeNull();
    expect(parseLevel('cpi', 'ninety')).toBeNaN();
    expect(levelText('vacPct', 0.1)).toBe('10');
    expect(levelText('tspi', null)).toBe('');
  });

  it('round-trips the defaults, and an account field left empty takes the project level', () => {
    expect(thresholdsOf(formOf(defaultThresholds()))).toEqual(defaultThresholds());
    const form = formOf(defaultThresholds());
    form.project.cpi = { amber: '0.97', red: '0.92' };
    form.overrides.push({ id: 'CA-1', code: 'CA-1', name: 'Civils', levels: { cpi: { amber: '', red: '0.8' }, spi: { amber: '', red: '' } } });
    const t = checkThresholds(thresholdsOf(form));
    expect(t.controlAccounts).toEqual({ 'CA-1': { code: 'CA-1', name: 'Civils', levels: { cpi: { amber: 0.97, red: 0.8 } } } });
    expect(formOf(t).overrides[0].levels.cpi).toEqual({ amber: '0.97', red: '0.8' });
  });
});
