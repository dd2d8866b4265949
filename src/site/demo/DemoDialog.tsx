/**
 * "Watch a Short Demo": six auto-advancing steps in a modal dialog (product spec §2, §4). A native
 * <dialog> opened with showModal(): the rest of the page is inert, Tab stays inside, Escape closes
 * it, and focus goes back to the button that opened it. Closing (X, Escape, a click on the
 * backdrop, or Start Free Trial) resets the demo to its first step.
 */
import { useEffect, useReducer, useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../ui/Icons';
import { DemoPicture } from './DemoPanels';
import { DEMO_STEPS, DEMO_TICK_MS, DEMO_TOTAL_MS } from './demoSteps';
import { INITIAL_DEMO_STATE, demoReducer, isFinished, type DemoAction, type DemoState } from './demoState';
import './demo.css';

export interface DemoDialogProps {
  open: boolean;
  onClose: () => void;
}

const reducer = (s: DemoState, a: DemoAction) => demoReducer(s, a);

const PlayIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M7 4.5v15l13-7.5z" />
  </svg>
);
const PauseIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);
const ChevronIcon = ({ back = false }: { back?: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={back ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
  </svg>
);

export function DemoDialog({ open, onClose }: DemoDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [state, dispatch] = useReducer(reducer, INITIAL_DEMO_STATE);

  // Open and close the native dialog with the prop; reset on every close.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dispatch({ type: 'reset' });
      dialog.showModal();
      document.documentElement.classList.add('demo-open');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // When the dialog closes for any reason: reset, unlock scrolling and return focus.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClosed = () => {
      dispatch({ type: 'reset' });
      document.documentElement.classList.remove('demo-open');
      const back = opener.current;
      opener.current = null;
      if (back && back.isConnected) back.focus();
      onClose();
    };
    dialog.addEventListener('close', onClosed);
    return () => dialog.removeEventListener('close', onClosed);
  }, [onClose]);

  // The progress bar's tick, every 50 ms while the dialog is open and playing.
  useEffect(() => {
    if (!open || !state.playing) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), DEMO_TICK_MS);
    return () => window.clearInterval(timer);
  }, [open, state.playing]);

  useEffect(() => () => document.documentElement.classList.remove('demo-open'), []);

  const close = () => ref.current?.close();
  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onDialogClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  const step = DEMO_STEPS[state.step];
  const finished = isFinished(state);
  // One decimal: a 15 s step moves a third of a percent per tick, and every tick should show.
  const progress = Math.round(state.progress * 10) / 10;
  const playLabel = state.playing ? 'Pause' : finished ? 'Replay' : 'Play';

  return (
    <dialog ref={ref} className="demo-dialog" aria-labelledby="demo-title" onClick={onDialogClick}>
      <div className="demo">
        <header className="demo__head">
          <div>
            <p className="demo__kicker">Earnest in {Math.round(DEMO_TOTAL_MS / 1000)} seconds</p>
            <h2 id="demo-title" className="demo__title">
              From schedule file to decisions
            </h2>
          </div>
          <button type="button" className="icon-btn demo__close" aria-label="Close demo" onClick={close}>
            <CloseIcon />
          </button>
        </header>

        {open ? (
          <>
            <div className="demo__stage" data-step={step.id}>
              <DemoPicture step={step} />
            </div>
            <div className="demo__caption" aria-live="polite">
              <h3 className="demo__step-title">
                <span className="demo__step-count">
                  Step {state.step + 1} of {DEMO_STEPS.length}
                </span>{' '}
                {step.name}
              </h3>
              <p className="demo__step-text">{step.caption}</p>
            </div>
          </>
        ) : null}

        <div
          className="demo__progress"
          role="progressbar"
          aria-label={`Progress through step ${state.step + 1}: ${step.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`Step ${state.step + 1} of ${DEMO_STEPS.length}, ${Math.floor(progress)}% played`}
        >
          <span className="demo__progress-fill" style={{ transform: `scaleX(${state.progress / 100})` }} />
        </div>

        <div className="demo__controls">
          <div className="demo__buttons">
            <button type="button" className="icon-btn demo__ctrl" aria-label="Previous step" onClick={() => dispatch({ type: 'previous' })}>
              <ChevronIcon back />
            </button>
            <button type="button" className="icon-btn demo__ctrl demo__ctrl--play" aria-label={playLabel} onClick={() => dispatch({ type: 'togglePlay' })}>
              {state.playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <button
              type="button"
              className="icon-btn demo__ctrl"
              aria-label="Next step"
              onClick={() => dispatch({ type: 'next' })}
              aria-disabled={state.step === DEMO_STEPS.length - 1 ? true : undefined}
            >
              <ChevronIcon />
            </button>
          </div>
          <ol className="demo__dots">
            {DEMO_STEPS.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`demo__dot${i === state.step ? ' is-active' : ''}${i < state.step ? ' is-done' : ''}`}
                  aria-label={`Go to step ${i + 1}: ${s.name}`}
                  aria-current={i === state.step ? 'step' : undefined}
                  onClick={() => dispatch({ type: 'goTo', step: i })}
                />
              </li>
            ))}
          </ol>
          <Link to="/pricing" className="btn btn-primary demo__cta" onClick={close}>
            Start Free Trial
          </Link>
        </div>
      </div>
    </dialog>
  );
}
