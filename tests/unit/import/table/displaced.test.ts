import { describe, expect, it } from 'vitest';
import { applyCorrections, proposeMapping, readCsv } from '../../../../src/core/import/table';

describe('a column displaced by a correction', () => {
  it('does not slide into the twin of the field it lost (actual cost → cumulative actual cost)', () => {
    const sheet = readCsv('Period end,Planned,Earned,Actual,Actual incl. accruals\n31/01/2025,100,80,90,95\n28/02/2025,250,200,230,240\n');
    const corrected = applyCorrections(proposeMapping(sheet), { 'Actual incl. accruals': 'actualCost' });
    const field = (h: string) => corrected.columns.find((c) => c.header === h)?.field;
    expect(field('Actual incl. accruals')).toBe('actualCost');
    expect(field('Actual')).toBeNull();
    expect(corrected.columns.find((c) => c.header === 'Actual')?.reason).toBe('left unmapped: you gave actual cost (AC, ACWP) to another column');
  });
});
