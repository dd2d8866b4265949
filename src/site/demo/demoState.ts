/**
 * The demo dialog's state as a pure reducer (product spec §4 "Demo dialog"): the step index,
 * playing or paused, and the step's progress 0–100. Progress ticks every 50 ms; at 100 the demo
 * moves to the next step, or stops at the last one (playing false, progress 100).
 *
 * Progress is derived from the whole milliseconds played in the step, never accumulated as a
 * fraction, so a 12 s step reaches 100 on exactly its 240th tick.
 */
import { DEMO_STEPS, DEMO_TICK_MS, type DemoStep } from './demoSteps';

export interface DemoState {
  /** Index into the steps, 0-based. */
  step: number;
  playing: boolean;
  /** Progress through the current step, 0–100. */
  progress: number;
  /** Milliseconds played in the current step. */
  elapsedMs: number;
}

export type DemoAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; step: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  | { type: 'reset' };

export const INITIAL_DEMO_STATE: DemoState = { step: 0, playing: true, progress: 0, elapsedMs: 0 };

const progressOf = (elapsedMs: number, step: DemoStep): number => Math.min(100, (elapsedMs / step.durationMs) * 100);

/** The start of a step, keeping play or pause as it was. */
function atStep(state: DemoState, step: number, steps: readonly DemoStep[]): DemoState {
  const clamped = Math.min(steps.length - 1, Math.max(0, Math.trunc(step)));
  return { ...state, step: clamped, progress: 0, elapsedMs: 0 };
}

/** True when the demo has played to the end of its last step. */
export function isFinished(state: DemoState, steps: readonly DemoStep[] = DEMO_STEPS): boolean {
  return state.step === steps.length - 1 && state.progress >= 100;
}

export function demoReducer(state: DemoState, action: DemoAction, steps: readonly DemoStep[] = DEMO_STEPS): DemoState {
  const last = steps.length - 1;
  switch (action.type) {
    case 'tick': {
      if (!state.playing) return state;
      const elapsedMs = state.elapsedMs + DEMO_TICK_MS;
      const progress = progressOf(elapsedMs, steps[state.step]);
      if (progress < 100) return { ...state, elapsedMs, progress };
      if (state.step < last) return { ...state, step: state.step + 1, progress: 0, elapsedMs: 0 };
      // The last step stays on screen, finished.
      return { ...state, elapsedMs: steps[last].durationMs, progress: 100, playing: false };
    }
    case 'next':
      return state.step < last ? atStep(state, state.step + 1, steps) : state;
    case 'previous':
      return state.step > 0 ? atStep(state, state.step - 1, steps) : atStep(state, 0, steps);
    case 'goTo':
      return atStep(state, action.step, steps);
    case 'play':
      // Playing again after the end starts the demo over.
      return isFinished(state, steps) ? { ...INITIAL_DEMO_STATE } : { ...state, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'togglePlay':
      return demoReducer(state, { type: state.playing ? 'pause' : 'play' }, steps);
    case 'reset':
      return { ...INITIAL_DEMO_STATE };
  }
}
