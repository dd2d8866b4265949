import { describe, expect, it } from 'vitest';
import { applyCorrections, periodTableFromSheet, proposeMapping, readCsv } from '../../../../src/core/import/table';

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

describe('a period sheet in £k', () => {
  it('is read in pounds, with a note the analysis shows', () => {
    const sheet = readCsv('Period end,PV (£k),EV (£k),AC (£k)\n31/01/2025,100,80,90\n28/02/2025,250,200,230\n31/03/2025,450,,\n');
    const t = periodTableFromSheet(sheet, proposeMapping(sheet), { cumulative: true });
    expect(t.rows[1]).toMatchObject({ pv: 250_000, ev: 200_000, ac: 230_000 });
    expect(t.notes).toContain('Column "AC (£k)" is in thousands: its values were multiplied by 1,000.');
  });
});
