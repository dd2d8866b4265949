import { useEffect, useState } from 'react';

/**
 * The time now (ms since the epoch), moved on every `everyMs` while that is not null, so relative
 * times ("5 minutes ago") stay true on a screen left open. Null: no timer, the value stays put.
 */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
