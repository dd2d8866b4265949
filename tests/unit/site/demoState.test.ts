/**
 * The demo dialog's reducer (product spec §4 "Demo dialog"): six steps of 10, 12, 15, 15, 12 and
 * 10 seconds (74 s), a tick every 50 ms, next step at 100, stop at the last step.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_STEPS, DEMO_TICK_MS, DEMO_TOTAL_MS } from '../../../src/site/demo/demoSteps';
import { INITIAL_DEMO_STATE, demoReducer, isFinished, type DemoAction, type DemoState } from '../../../src/site/demo/demoState';

const run = (state: DemoState, ...actions: DemoAction[]) => actions.reduce((s, a) => demoReducer(s, a), state);
const ticks = (state: DemoState, n: number) => {
  let s = state;
  for (let i = 0; i < n; i++) s = demoReducer(s, { type: 'tick' });
  return s;
};
const ticksFor = (ms: number) => ms / DEMO_TICK_MS;

describe('demo steps', () => {
  it('are the spec’s six steps with their durations, 74 s in all', () => {
    expect(DEMO_STEPS.map((s) => [s.name, s.durationMs / 1000])).toEqual([
      ['Upload', 10],
      ['Column Mapping', 12],
      ['Metrics Dashboard', 15],
      ['AI Commentary', 15],
      ['Control Account Breakdown', 12],
      ['Export', 10],
    ]);
    expect(DEMO_TOTAL_MS).toBe(74_000);
    expect(DEMO_TICK_MS).toBe(50);
  });
});

describe('demoReducer', () => {
  it('starts at step 0, playing, progress 0', () => {
    expect(INITIAL_DEMO_STATE).toMatchObject({ step: 0, playing: true, progress: 0 });
  });

  it('ticks progress up by 50 ms of the step each time', () => {
    const s = ticks(INITIAL_DEMO_STATE, 1);
    expect(s.progress).toBeCloseTo(0.5, 10); // 50 ms of 10 s
    expect(ticks(INITIAL_DEMO_STATE, 100).progress).toBeCloseTo(50, 10);
  });

  it('moves to each next step exactly when its duration has played, not a tick before', () => {
    let s = INITIAL_DEMO_STATE;
    for (let i = 0; i < DEMO_STEPS.length - 1; i++) {
      const n = ticksFor(DEMO_STEPS[i].durationMs);
      s = ticks(s, n - 1);
      expect(s.step, `step ${i} one tick early`).toBe(i);
      expect(s.progress).toBeLessThan(100);
      s = ticks(s, 1);
      expect(s.step, `after step ${i}`).toBe(i + 1);
      expect(s.progress).toBe(0);
      expect(s.playing).toBe(true);
    }
  });

  it('stops at the last step after 74 s: playing false, progress 100, and stays there', () => {
    let s = ticks(INITIAL_DEMO_STATE, ticksFor(DEMO_TOTAL_MS) - 1);
    expect(s.step).toBe(5);
    expect(s.playing).toBe(true);
    s = ticks(s, 1);
    expect(s).toMatchObject({ step: 5, playing: false, progress: 100 });
    expect(isFinished(s)).toBe(true);
    expect(ticks(s, 500)).toEqual(s);
  });

  it('pause stops ticks; play resumes where it was', () => {
    const paused = run(ticks(INITIAL_DEMO_STATE, 40), { type: 'pause' });
    expect(paused.playing).toBe(false);
    expect(ticks(paused, 100)).toEqual(paused);
    const resumed = run(paused, { type: 'togglePlay' }, { type: 'tick' });
    expect(resumed.playing).toBe(true);
    expect(resumed.progress).toBeCloseTo(20.5, 10);
  });

  it('play after the end starts over', () => {
    const end = ticks(INITIAL_DEMO_STATE, ticksFor(DEMO_TOTAL_MS));
    expect(run(end, { type: 'play' })).toEqual(INITIAL_DEMO_STATE);
    expect(run(end, { type: 'togglePlay' })).toEqual(INITIAL_DEMO_STATE);
  });

  it('next and previous change step and restart its progress, within the bounds', () => {
    const s = ticks(INITIAL_DEMO_STATE, 30);
    const n = run(s, { type: 'next' });
    expect(n).toMatchObject({ step: 1, progress: 0, playing: true });
    expect(run(n, { type: 'previous' })).toMatchObject({ step: 0, progress: 0 });
    expect(run(s, { type: 'previous' })).toMatchObject({ step: 0, progress: 0 });
    const last = run(INITIAL_DEMO_STATE, { type: 'goTo', step: 5 });
    expect(run(last, { type: 'next' })).toEqual(last);
  });

  it('goTo jumps to a step (clamped) and keeps play or pause', () => {
    expect(run(INITIAL_DEMO_STATE, { type: 'goTo', step: 3 })).toMatchObject({ step: 3, progress: 0, playing: true });
    expect(run(INITIAL_DEMO_STATE, { type: 'pause' }, { type: 'goTo', step: 2 })).toMatchObject({ step: 2, playing: false });
    expect(run(INITIAL_DEMO_STATE, { type: 'goTo', step: 99 }).step).toBe(5);
    expect(run(INITIAL_DEMO_STATE, { type: 'goTo', step: -4 }).step).toBe(0);
  });

  it('reset returns to step 0, progress 0, playing', () => {
    const s = run(ticks(INITIAL_DEMO_STATE, 500), { type: 'pause' });
    expect(run(s, { type: 'reset' })).toEqual(INITIAL_DEMO_STATE);
  });
});
