/**
 * Same seed ⇒ same results, however the iterations are split into ranges and merged (what lets a
 * worker pool share a run), on a synthetic schedule with every feature switched on: the §5.1
 * uncertainty mix, risk events, correlation groups, cost with uncertainty and milestone targets.
 */
import { describe, expect, it } from 'vitest';
import { syntheticSchedule } from '../../../src/core/model';
import { finishResults, iterationsOf, mergePartials, plainResults, prepareRisk, simulate, transferablesOf } from '../../../src/core/risk';
import { syntheticRiskModel } from './networks';

const model = syntheticRiskModel(syntheticSchedule({ activities: 400, seed: 3 }), 5);
const prep = prepareRisk(model);
const N = 1000;
const whole = simulate(prep, { seed: 42, iterations: N });
const wholeResults = finishResults(prep, whole);

describe('split-invariance', () => {
  it('the model exercises every feature', () => {
    expect(model.events!.length).toBeGreaterThan(5);
    expect(model.correlations!.length).toBeGreaterThan(5);
    expect(model.targets!.length).toBeGreaterThan(0);
    expect(wholeResults.cost).not.toBeNull();
    expect(wholeResults.events.some((e) => e.occurred > 0)).toBe(true);
  });

  it('one range and three ranges merged (given out of order, not on lane boundaries) give identical results', () => {
    const parts = [
      simulate(prep, { seed: 42, iterations: N, from: 601, to: N }),
      simulate(prep, { seed: 42, iterations: N, from: 0, to: 137 }),
      simulate(prep, { seed: 42, iterations: N, from: 137, to: 601 }),
    ];
    const merged = mergePartials(parts);
    expect(merged.ranges).toEqual([0, N]);
    // Bit for bit: every per-iteration value and every accumulator.
    expect(merged).toEqual(whole);
    expect(finishResults(prep, merged)).toEqual(wholeResults);
  });

  it('merging in stages is the same as merging at once', () => {
    const a = simulate(prep, { seed: 42, iterations: N, from: 0, to: 333 });
    const b = simulate(prep, { seed: 42, iterations: N, from: 333, to: 700 });
    const c = simulate(prep, { seed: 42, iterations: N, from: 700, to: N });
    expect(mergePartials([mergePartials([c, a]), b])).toEqual(whole);
  });

  it('early results from non-adjacent ranges hold exactly those iterations', () => {
    const early = mergePartials([simulate(prep, { seed: 42, iterations: N, from: 800, to: 900 }), simulate(prep, { seed: 42, iterations: N, from: 0, to: 100 })]);
    expect(early.ranges).toEqual([0, 100, 800, 900]);
    expect(iterationsOf(early)).toBe(200);
    expect(Array.from(early.finish)).toEqual([...whole.finish.subarray(0, 100), ...whole.finish.subarray(800, 900)]);
    const r = finishResults(prep, early);
    expect(r.iterations).toBe(200);
    expect(r.ranges).toEqual([0, 100, 800, 900]);
  });

  it('a range run twice is refused', () => {
    const a = simulate(prep, { seed: 42, iterations: N, from: 0, to: 500 });
    const b = simulate(prep, { seed: 42, iterations: N, from: 400, to: 600 });
    expect(() => mergePartials([a, b])).toThrow(/iterations 400–499 were run twice/);
  });

  it('another seed gives other results', () => {
    const other = finishResults(prep, simulate(prep, { seed: 43, iterations: N }));
    expect(other.finish.mean).not.toBe(wholeResults.finish.mean);
  });

  it('memory is flat in the iteration count apart from one value per iteration per finish, target and cost', () => {
    const small = simulate(prep, { seed: 42, iterations: 100 });
    const big = simulate(prep, { seed: 42, iterations: 3000 });
    const perNode = (p: typeof small) => p.critical.length + p.sumA.length + p.sumA2.length + p.sumAT.length + p.eventCount.length + p.eventSumT.length;
    expect(perNode(big)).toBe(perNode(small));
    const perIteration = (p: typeof small) => p.finish.length + p.cost.length + p.targetFinish.reduce((c, t) => c + t.length, 0);
    expect(perIteration(big) / 3000).toBe(perIteration(small) / 100);
    expect(perIteration(big) / 3000).toBe(2 + model.targets!.length);
  });

  it('a partial crosses a worker boundary by transfer and merges as before', () => {
    const a = simulate(prep, { seed: 42, iterations: N, from: 0, to: 500 });
    const b = simulate(prep, { seed: 42, iterations: N, from: 500, to: N });
    const moved = structuredClone(b, { transfer: transferablesOf(b) });
    expect(b.finish.length).toBe(0); // detached: it was moved, not copied
    expect(mergePartials([a, moved])).toEqual(whole);
  });

  it('results become plain JSON for a risk snapshot, undefined correlations as null', () => {
    const json = JSON.parse(JSON.stringify(plainResults(wholeResults)));
    expect(json.finish.percentiles).toHaveLength(101);
    expect(json.finish.p80).toBe(wholeResults.finish.p80);
    expect(json.activities.criticality).toHaveLength(prep.n);
    const fixed = Array.from(prep.kind).indexOf(0);
    expect(json.activities.cruciality[fixed]).toBeNull();
    expect(json.joint.finish.length).toBeLessThanOrEqual(2000);
  });
});
