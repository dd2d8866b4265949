/**
 * Risk results as a snapshot stores them (src/core/risk/snapshot.ts): finishes as the dates the
 * project calendar gives for their hours, NaN as null, the top activities in criticality order and
 * capped, JSON that round-trips unchanged.
 */
import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model';
import { dateAtHours, finishResults, prepareRisk, riskModelFromSchedule, simulate } from '../../../src/core/risk';
import { snapshotResults, type RiskLabels } from '../../../src/core/risk/snapshot';

describe('snapshotResults', () => {
  it('labels finishes with dates, keeps the top activities, and survives JSON', () => {
    const s = syntheticSchedule({ activities: 500, seed: 3, statusAt: 0.3 });
    const m = riskModelFromSchedule(s, { rules: [] });
    const labels: RiskLabels = { ids: m.model.network.ids, codes: m.codes, names: m.names, origin: m.origin, calendar: m.calendar, deterministicFinish: m.deterministicFinish, costToDate: m.costToDate, notes: m.notes };
    const prep = prepareRisk(m.model);
    const r = finishResults(prep, simulate(prep, { seed: 5, iterations: 500 }));
    const snap = snapshotResults(r, labels, { activities: 30 });
    expect(snap.finish.dates.p80).toBe(dateAtHours(m, r.finish.p80));
    expect(snap.finish.dates.deterministic).toBe(dateAtHours(m, r.finish.deterministic));
    expect(snap.finish.percentileDates).toHaveLength(101);
    expect(snap.finish.edgeDates).toHaveLength(snap.finish.histogram.edges.length);
    expect(snap.finish.percentileDates[80]).toBe(snap.finish.dates.p80);
    expect(snap.activities).toHaveLength(30);
    expect(snap.activityCount).toBeGreaterThan(30);
    const ci = snap.activities.map((a) => a.criticality ?? -1);
    expect(ci).toEqual([...ci].sort((a, b) => b - a));
    const i0 = m.model.network.ids.indexOf(snap.activities[0].activityId);
    expect(snap.activities[0]).toMatchObject({ code: m.codes[i0], name: m.names[i0], criticality: r.activities.criticality[i0] });
    // No NaN anywhere: JSON round-trips to the same object.
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(snap.cost?.p80).toBe(r.cost?.p80);
  });
});
