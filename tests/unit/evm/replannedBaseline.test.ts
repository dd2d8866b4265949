/**
 * A "baseline" that was re-planned with the schedule (P6 planned dates exported without the
 * baseline project) makes SV and SPI report the re-plan. The analysis says so when most of the EV
 * comes from work whose baseline start is after the data date. Fixture: tests/fixtures/riverside-pumping-station.json.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseSchedule } from '../../../src/core/evm';
import { parseSchedule } from '../../../src/core/model';
import { dashboardOf } from '../../../src/core/insight';

const schedule = parseSchedule(JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/riverside-pumping-station.json'), 'utf8')));

describe('earned value on work the baseline has not started', () => {
  it('is called out when it is most of the EV (a re-planned "baseline")', () => {
    const replanned = structuredClone(schedule);
    // Move every progressed activity's baseline to after the data date, as a re-plan would.
    for (const a of replanned.activities)
      if (a.actualStart) {
        a.baselineStart = '2025-03-03T08:00';
        a.baselineFinish = '2025-03-14T17:00';
      }
    const w = analyseSchedule(replanned).warnings.find((x) => x.includes('baseline start is after the data date'));
    expect(w).toMatch(/^100% of the earned value comes from \d+ activities whose baseline start is after the data date\./);
  });

  it('is silent for an honest baseline', () => {
    expect(analyseSchedule(schedule).warnings.some((x) => x.includes('baseline start is after the data date'))).toBe(false);
  });
});

describe('the commentary on a re-planned baseline', () => {
  it('carries the share and tells the user not to rely on SV and SPI', () => {
    const replanned = structuredClone(schedule);
    for (const a of replanned.activities)
      if (a.actualStart) {
        a.baselineStart = '2025-03-03T08:00';
        a.baselineFinish = '2025-03-14T17:00';
      }
    const analysis = analyseSchedule(replanned);
    expect(analysis.replannedBaseline?.evShare).toBe(1);
    const status = dashboardOf(analysis).commentary.paragraphs.find((p) => p.topic === 'status')?.text ?? '';
    expect(status).toContain('Treat the schedule figures with caution: 100% of the earned value comes from work whose baseline start is still in the future');
    expect(dashboardOf(analyseSchedule(schedule)).commentary.paragraphs[0].text).not.toContain('Treat the schedule figures with caution');
  });
});
