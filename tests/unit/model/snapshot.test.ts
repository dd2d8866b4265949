import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import { matchActivities, mergeHistory, statusDateOf, statusSnapshotOf, withHistory } from '../../../src/core/model/snapshot';
import { analyseSchedule } from '../../../src/core/evm/analyseSchedule';
import type { Activity, Schedule } from '../../../src/core/model/schedule';

// Same seed, different status dates: synthetic.ts draws the same random numbers whatever the data
// date, so the activities (ids, codes, budgets) are the same and only their status moves on.
const at = (statusAt: number, activities = 400): Schedule => syntheticSchedule({ activities, seed: 21, statusAt });
const clone = <T>(x: T): T => structuredClone(x);

describe('statusSnapshotOf', () => {
  it("records each activity's own status at the schedule's data date", () => {
    const s = at(0.5);
    const snap = statusSnapshotOf(s, 'imp-1', 'period 1.xer');
    expect(snap).toMatchObject({ id: 'imp-1', label: 'period 1.xer', dataDate: s.project.dataDate });
    expect(snap.activities).toHaveLength(s.activities.length);
    s.activities.forEach((a, i) => {
      const st = snap.activities[i];
      expect(st.activityId).toBe(a.id);
      expect(st.actualStart).toBe(a.actualStart);
      expect(st.actualFinish).toBe(a.actualFinish);
      expect(st.forecastFinish).toBe(a.forecastFinish);
      expect(st.percentComplete).toEqual(a.percentComplete);
      expect(st.percentComplete).not.toBe(a.percentComplete); // a copy, so the snapshot is immutable
      expect(st.actualCost).toBe(a.actualCost);
      expect(st.actualUnits).toBe(a.actualUnits);
      expect(st.remainingCost).toBe(a.remainingCost);
      expect(st.remainingUnits).toBe(a.remainingUnits);
    });
    // The premise: there is progress to record.
    expect(snap.activities.some((x) => x.actualFinish) && snap.activities.some((x) => !x.actualStart)).toBe(true);
  });

  it('falls back to the latest actual date when the file has no data date, and refuses when it has neither', () => {
    const s = at(0.5, 50);
    delete s.project.dataDate;
    const latest = s.activities.flatMap((a) => [a.actualStart, a.actualFinish]).filter((d): d is string => !!d).sort().at(-1);
    expect(statusDateOf(s)).toBe(latest);
    expect(statusSnapshotOf(s, 'x').dataDate).toBe(latest);
    for (const a of s.activities) {
      delete a.actualStart;
      delete a.actualFinish;
    }
    expect(statusDateOf(s)).toBeUndefined();
    expect(() => statusSnapshotOf(s, 'x')).toThrow(/has no data date and no actual dates/);
  });

  it('lists weighted milestones achieved by the data date only', () => {
    const s = at(0.5, 10);
    const dd = s.project.dataDate!;
    s.activities[3].evTechnique = {
      kind: 'weighted-milestones',
      milestones: [
        { name: 'Design', weight: 0.3, achieved: '2025-01-10T17:00' },
        { name: 'Build', weight: 0.5, achieved: '2099-01-01' },
        { name: 'Test', weight: 0.2 },
      ],
    };
    expect(dd > '2025-01-10T17:00' && dd < '2099').toBe(true);
    expect(statusSnapshotOf(s, 'x').activities[3].milestonesAchieved).toEqual(['Design']);
  });
});

describe('withHistory', () => {
  it('adds earlier imports as snapshots, oldest first, whatever order they are given in', () => {
    const p1 = at(0.2);
    const p2 = at(0.35);
    const latest = at(0.5);
    const input = clone(latest);
    const merged = withHistory(latest, [{ schedule: p2, id: 'b' }, { schedule: p1, id: 'a' }]);
    expect(merged.snapshots.map((s) => s.id)).toEqual(['a', 'b']);
    expect(merged.snapshots.map((s) => s.dataDate)).toEqual([p1.project.dataDate, p2.project.dataDate]);
    expect(merged.snapshots[1].activities).toEqual(statusSnapshotOf(p2, 'b').activities);
    // Everything else is the latest schedule, untouched.
    expect({ ...merged, snapshots: [] }).toEqual(latest);
    expect(latest).toEqual(input);
  });

  it('ignores schedules not earlier than the latest; of two with one date the later given wins', () => {
    const latest = at(0.5);
    const same = at(0.5);
    const later = at(0.7);
    const old1 = at(0.3);
    const old2 = at(0.3);
    old2.activities[0].actualCost = 12345.67; // a corrected re-import of the same period
    const { schedule, report } = mergeHistory(latest, [
      { schedule: old1, id: 'old1' },
      { schedule: same, id: 'same' },
      { schedule: later, id: 'later' },
      { schedule: old2, id: 'old2' },
    ]);
    expect(schedule.snapshots.map((s) => s.id)).toEqual(['old2']);
    expect(schedule.snapshots[0].activities[0].actualCost).toBe(12345.67);
    const reason = (id: string) => report.entries.find((e) => e.snapshotId === id)?.reason ?? '';
    expect(reason('same')).toMatch(/not earlier than the latest data date/);
    expect(reason('later')).toMatch(/not earlier than the latest data date/);
    expect(reason('old1')).toMatch(/later import .* has the same data date/);
  });

  it('matches by activity code when the ids differ between exports, and counts what is dropped', () => {
    const latest = at(0.5, 300);
    const earlier = at(0.3, 300);
    // A re-export from another database: new internal ids, same activity codes…
    earlier.activities.forEach((a, i) => (a.id = `X${i}`));
    // …and 7 activities the latest schedule no longer has.
    for (let i = 0; i < 7; i++) earlier.activities.push({ ...clone(earlier.activities[i]), id: `GONE${i}`, code: `GONE-${i}`, actualCost: 1 });
    const { schedule, report } = mergeHistory(latest, [{ schedule: earlier, id: 'e', label: 'march.xer' }]);
    const [entry] = report.entries;
    expect(entry).toMatchObject({ used: true, matchedById: 0, matchedByCode: 300, ignored: 7 });
    expect(report.ignoredActivities).toBe(7);
    expect(report.warnings.map((w) => w.message)).toEqual([
      'The status of 7 activities in march.xer (data date ' + earlier.project.dataDate + ') was left out of the history: they are not in the latest schedule (matched neither by id nor by activity code).',
    ]);
    // The warning reaches the schedule's own warnings too.
    expect(schedule.source?.warnings.at(-1)?.message).toContain('7 activities in march.xer');
    // Statuses land on the latest ids: X5 carried A6's status.
    const snap = schedule.snapshots[0];
    expect(snap.activities).toHaveLength(300);
    const byId = new Map(snap.activities.map((s) => [s.activityId, s]));
    expect(byId.get('A6')?.actualCost).toBe(earlier.activities[5].actualCost);
    expect(byId.has('X5')).toBe(false);
  });

  it('does not trust ids that another database reused for different activities', () => {
    const mk = (id: string, code: string, name: string): Activity => ({ ...at(0.5, 1).activities[0], id, code, name });
    const latest = [mk('1', 'FDN-010', 'Pour foundations'), mk('2', 'STL-020', 'Erect steel'), mk('3', 'ROF-030', 'Roof')];
    // Ids 1 and 2 exist in both, but name other activities (codes and names disagree).
    const earlier = [mk('1', 'STL-020', 'Erect steel'), mk('2', 'FDN-010', 'Pour foundations'), mk('9', 'ROF-030', 'Roof')];
    const m = matchActivities(latest, earlier);
    expect([...m.map.entries()].sort()).toEqual([
      [0, '2'],
      [1, '1'],
      [2, '3'],
    ]);
    expect(m).toMatchObject({ byId: 0, byCode: 3 });
  });

  it('keeps ids when codes were renumbered but most ids still agree', () => {
    const mk = (id: string, code: string, name: string): Activity => ({ ...at(0.5, 1).activities[0], id, code, name });
    const latest = [mk('1', 'A100', 'One'), mk('2', 'A200', 'Two'), mk('3', 'B300', 'Three (renumbered)')];
    const earlier = [mk('1', 'A100', 'One'), mk('2', 'A200', 'Two'), mk('3', 'A300', 'Three')];
    const m = matchActivities(latest, earlier);
    expect(m.map.get(2)).toBe('3');
    expect(m).toMatchObject({ byId: 3, byCode: 0 });
  });

  it('gives the EVM engine the earlier status as history: AC at that period is the earlier actual cost', () => {
    const earlier = at(0.3, 600);
    const latest = at(0.6, 600);
    const plain = analyseSchedule(latest, { periods: 'month', breakdown: 'none' });
    const withH = analyseSchedule(withHistory(latest, [earlier]), { periods: 'month', breakdown: 'none' });
    const known = (a: typeof plain) => a.series.filter((p) => p.period.ac !== null).length;
    expect(known(withH)).toBe(known(plain) + 1);
    // Expected: the earlier file's total actual cost (sum of its activities' actualCost).
    const acEarlier = earlier.activities.reduce((t, a) => t + a.actualCost, 0);
    const hits = withH.series.filter((p) => p.period.ac !== null && Math.abs(p.period.ac - acEarlier) < 1e-6);
    expect(hits).toHaveLength(1);
    expect(hits[0].period.index).toBeLessThan(withH.statusPeriod);
  });
});
