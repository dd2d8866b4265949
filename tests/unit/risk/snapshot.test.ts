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

describe('a milestone in a snapshot', () => {
  it('keeps its own criticality table and drivers, ranked by criticality to it', () => {
    const s = syntheticSchedule({ activities: 400, seed: 8, statusAt: 0.2 });
    const m = riskModelFromSchedule(s, { rules: [] });
    const ids = m.model.network.ids;
    // A milestone half-way through the network, so some activities can reach it and some cannot.
    const mid = ids.findIndex((_, i) => i > ids.length / 2 && m.model.network.predStart[i + 1] > m.model.network.predStart[i]);
    m.model.targets = [mid];
    const labels: RiskLabels = { ids, codes: m.codes, names: m.names, origin: m.origin, calendar: m.calendar, deterministicFinish: m.deterministicFinish, costToDate: m.costToDate, notes: m.notes };
    const prep = prepareRisk(m.model);
    const r = finishResults(prep, simulate(prep, { seed: 2, iterations: 400 }));
    const t = snapshotResults(r, labels).targets[0];
    expect(t.activityId).toBe(ids[mid]);
    expect(t.activities!.length).toBeGreaterThan(0);
    const ci = t.activities!.map((a) => a.criticality ?? -1);
    expect(ci).toEqual([...ci].sort((a, b) => b - a));
    // The milestone is always critical to itself, and nothing that cannot reach it is listed.
    expect(t.activities!.find((a) => a.activityId === ids[mid])).toMatchObject({ criticality: 1 });
    for (const a of t.activities!) expect(prep.targetMember[0][ids.indexOf(a.activityId)]).toBe(1);
    for (const d of t.drivers!) expect(d.criticality).toBe(r.targets[0].activities.criticality[ids.indexOf(d.activityId)]);
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });
});
