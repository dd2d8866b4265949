/**
 * Properties every CPM result must have, checked on seeded synthetic schedules (all four link
 * types, positive and negative lags, three calendars): with progress removed and no constraints,
 * every link is honoured by the early dates and by the late dates, float is never negative,
 * total float is late − early finish on the activity's calendar, and the longest path runs at
 * zero float from the data date to the project finish.
 */
import { describe, expect, it } from 'vitest';
import { addWorkingMinutes, workingMinutesBetween } from '../../../src/core/calendar';
import { compileNetwork, scheduleNetwork } from '../../../src/core/cpm';
import { syntheticSchedule } from '../../../src/core/model';

function unprogressed(n: number, seed: number) {
  const s = syntheticSchedule({ activities: n, seed });
  for (const a of s.activities) {
    delete a.actualStart;
    delete a.actualFinish;
    a.remainingDuration = a.originalDuration;
    delete a.constraint;
  }
  return s;
}

describe.each([1, 2, 3])('synthetic schedule, seed %i', (seed) => {
  const net = compileNetwork(unprogressed(2000, seed));
  const run = scheduleNetwork(net);
  const { es, ef, ls, lf } = run;

  it('honours every link in the early and in the late dates', () => {
    let checked = 0;
    for (let s = 0; s < net.n; s++) {
      const cs = net.calendars[net.cal[s]];
      for (let e = net.predStart[s]; e < net.predStart[s + 1]; e++) {
        const p = net.predIdx[e];
        const cp = net.calendars[net.cal[p]];
        const lc = net.calendars[net.lagCal[e]];
        const t = net.predType[e];
        const fromPred = t === 0 || t === 2 ? ef[p] : es[p]; // FS, FF from the finish
        const intoSucc = t === 0 || t === 1 ? es[s] : ef[s]; // FS, SS into the start
        // Early: the successor's date is no earlier (in its working time) than the link asks.
        const asks = net.lagMin[e] === 0 ? fromPred : addWorkingMinutes(lc, fromPred, net.lagMin[e]);
        expect(workingMinutesBetween(cs, asks, intoSucc), `early ${net.ids[p]} → ${net.ids[s]}`).toBeGreaterThanOrEqual(-1e-6);
        // Late: the predecessor's late date is no later than the successor's late date allows.
        const lateInto = t === 0 || t === 1 ? ls[s] : lf[s];
        const allows = net.lagMin[e] === 0 ? lateInto : addWorkingMinutes(lc, lateInto, -net.lagMin[e]);
        const lateFrom = t === 0 || t === 2 ? lf[p] : ls[p];
        expect(workingMinutesBetween(cp, lateFrom, allows), `late ${net.ids[p]} → ${net.ids[s]}`).toBeGreaterThanOrEqual(-1e-6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('keeps float non-negative, equal to late − early finish, and finishes on the project finish', () => {
    let zero = 0;
    for (let i = 0; i < net.n; i++) {
      const c = net.calendars[net.cal[i]];
      expect(run.totalFloat[i]).toBeGreaterThanOrEqual(-1e-9);
      expect(run.totalFloat[i]).toBeCloseTo(workingMinutesBetween(c, ef[i], lf[i]) / 60, 9);
      expect(lf[i]).toBeLessThanOrEqual(run.finish);
      if (run.critical[i]) zero++;
    }
    expect(zero).toBeGreaterThan(0);
  });

  it('runs the longest path from the project finish back to the data date', () => {
    // (Its activities need not all have zero float: one that drives a successor through an SS link
    // can have float on its own finish, as in P6.)
    const longest = scheduleNetwork(net, { criticalPath: 'longest-path' });
    const onPath = [...longest.critical.keys()].filter((i) => longest.critical[i] === 1);
    expect(onPath.length).toBeGreaterThan(1);
    expect(onPath.some((i) => ef[i] === run.finish)).toBe(true);
    const firstStart = Math.min(...Array.from(es));
    expect(onPath.some((i) => es[i] === firstStart)).toBe(true);
    // Finish-driving activities on it (those whose FS link drives an on-path successor) have no float.
    for (let s = 0; s < net.n; s++) {
      if (!longest.critical[s]) continue;
      const c = net.calendars[net.cal[s]];
      for (let e = net.predStart[s]; e < net.predStart[s + 1]; e++) {
        const p = net.predIdx[e];
        if (net.predType[e] !== 0 || net.lagMin[e] !== 0 || !longest.critical[p] || net.cal[p] !== net.cal[s]) continue;
        if (workingMinutesBetween(c, ef[p], es[s]) === 0 && run.totalFloat[s] === 0) expect(run.totalFloat[p]).toBeCloseTo(0, 6);
      }
    }
  });
});
