/**
 * The history tab's rows (src/app/project/history/historyRows.ts): each status with the figures the
 * analysis holds for its period, read (never computed) from the series; blanks say why. The
 * fixture's status is 2025-02-05 17:00 with an earlier snapshot at 2025-01-29 17:00 (weekly periods
 * ending at the status date).
 */
import { describe, expect, it } from 'vitest';
import { historyRows } from '../../../src/app/project/history/historyRows';
import type { ImportSummaryRow } from '../../../src/local/contracts';
import { riverside } from '../dashboard/fixture';

const imp = (importId: string, dataDate: string | undefined): ImportSummaryRow => ({
  projectId: 'p1', importId, fileName: `${importId}.xer`, format: 'xer', fileSize: 1, activityCount: 12, importedAt: '2025-02-06T09:00:00Z', warningsCount: 0,
  sourceProjectName: 'Riverside', complete: true, ...(dataDate ? { dataDate } : {}),
});

describe('historyRows', () => {
  const { analysis } = riverside();
  const rows = historyRows([imp('early', '2025-01-27T17:00'), imp('week4', '2025-01-29T17:00'), imp('now', '2025-02-05T17:00'), imp('undated', undefined), imp('later', '2025-03-01')], analysis);
  const byId = Object.fromEntries(rows.map((r) => [r.imp.importId, r]));

  it('gives the latest status the figures of the status period: the cards\' PV, EV, AC, SPI and CPI', () => {
    const now = byId.now;
    const status = analysis.series[analysis.statusPeriod - 1];
    expect(now.period?.index).toBe(analysis.statusPeriod);
    expect(now.ev).toBe(analysis.cost.ev.value);
    expect(now.ac).toBe(analysis.cost.ac.value);
    expect(now.pv).toBe(status.period.pv);
    expect(now.spi).toBe(status.cost!.spi.value);
    expect(now.cpi).toBe(analysis.cost.cpi.value);
    expect(now.note).toBeNull();
  });

  it('gives an earlier status its own period\'s EV and AC from the snapshot', () => {
    const w = byId.week4;
    expect(w.period!.index).toBe(analysis.statusPeriod - 1);
    const s = analysis.series[w.period!.index - 1];
    expect(w.ev).toBe(s.period.ev);
    expect(w.ev).not.toBeNull();
    expect(w.ev).toBeLessThan(byId.now.ev!);
    expect(w.cpi).toBe(s.cost!.cpi.value);
  });

  it('leaves blanks with the reason: replaced in its period, undated, after the date analysed', () => {
    expect(byId.early).toMatchObject({ ev: null, pv: null, spi: null });
    expect(byId.early.note).toMatch(/later status in the same period/);
    expect(byId.undated.note).toMatch(/no date/);
    expect(byId.later.note).toMatch(/re-analyse at its date/);
    expect(historyRows([imp('now', '2025-02-05T17:00')], null)[0].note).toMatch(/not ready/);
  });
});
