import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion, useSeenOnce } from './hooks';
import { COUNTERS, type CounterFact } from './homeContent';

/** How long a counter takes to run up, in ms. */
export const COUNT_UP_MS = 1200;

const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * The figure runs from 0 to its value once the row scrolls into view. The final value is always
 * in the accessible text (a visually hidden copy), so a screen reader never hears a count in
 * progress; the moving digits are hidden from it.
 */
function Counter({ fact, run }: { fact: CounterFact; run: boolean }) {
  const still = usePrefersReducedMotion();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!run) return;
    if (still || fact.value === 0) {
      setShown(fact.value);
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / COUNT_UP_MS);
      setShown(Math.round(easeOut(t) * fact.value));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [run, still, fact.value]);
  const final = `${fact.value}${fact.suffix ?? ''}`;
  return (
    <div className="counter">
      <dt className="counter__label">{fact.label}</dt>
      <dd className="counter__value">
        <span aria-hidden="true" data-final={final}>
          {shown}
          {fact.suffix ?? ''}
        </span>
        <span className="sr-only">{final}</span>
      </dd>
    </div>
  );
}

export function Counters() {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref, '0px', 0.35);
  return (
    <dl ref={ref} className="counters">
      {COUNTERS.map((c) => (
        <Counter key={c.label} fact={c} run={seen} />
      ))}
    </dl>
  );
}
