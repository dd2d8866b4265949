import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './hooks';
import { HERO_PHRASES, HERO_PHRASE_MS } from './homeContent';

/**
 * The hero's rotating phrase: the next one every 2.2 s. All phrases sit in one grid cell, so the
 * line is as wide as the longest and nothing around it moves. With reduced motion the phrases
 * still change, without the slide-in. Screen readers get the whole list once instead.
 */
export function RotatingPhrase() {
  const [index, setIndex] = useState(0);
  const still = usePrefersReducedMotion();
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % HERO_PHRASES.length), HERO_PHRASE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <>
      <span className="sr-only">{HERO_PHRASES.join(', ')}</span>
      <span className={`rotator hero-rotator${still ? ' hero-rotator--still' : ''}`} aria-hidden="true" data-phrase={HERO_PHRASES[index]}>
        {HERO_PHRASES.map((p, i) => (
          // Only the phrase on show carries .rotator-word (the slide-in of the shared styles).
          <span key={p} className={`hero-rotator__word${i === index ? ' rotator-word is-active' : ''}`}>
            {p}
          </span>
        ))}
      </span>
    </>
  );
}
