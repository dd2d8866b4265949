import { describe, expect, it } from 'vitest';
import { repairImplausibleDates } from '../../../src/core/model/sanity';
import { syntheticSchedule } from '../../../src/core/model';

describe('repairImplausibleDates', () => {
  it('replaces a year-4637 baseline finish (seen in a real P6 export) by the planned finish, with a warning', () => {
    const s = syntheticSchedule({ activities: 20, seed: 5 });
    s.source = { format: 'xer', warnings: [] };
    const a = s.activities[3];
    a.baselineFinish = '4637-11-26T00:00';
    a.plannedFinish = '2025-03-14T17:00';
    expect(repairImplausibleDates(s)).toBe(1);
    expect(a.baselineFinish).toBe('2025-03-14T17:00');
    expect(s.source.warnings).toHaveLength(1);
    expect(s.source.warnings[0].message).toBe(
      `Activity ${a.code} (${a.name}) has a baseline finish of 4637-11-26T00:00, which no real project has; its planned finish (2025-03-14T17:00) is used instead. Correct it in the source schedule.`,
    );
  });

  it('drops an implausible actual date (nothing can stand in for an actual)', () => {
    const s = syntheticSchedule({ activities: 5, seed: 2 });
    s.activities[0].actualStart = '1899-12-30T00:00';
    expect(repairImplausibleDates(s)).toBe(1);
    expect(s.activities[0].actualStart).toBeUndefined();
  });

  it('leaves a sound schedule alone', () => {
    const s = syntheticSchedule({ activities: 200, seed: 9 });
    const before = JSON.stringify(s);
    expect(repairImplausibleDates(s)).toBe(0);
    expect(JSON.stringify(s)).toBe(before);
  });
});
