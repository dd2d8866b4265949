/**
 * The width of a chart's container, following its resizes: every chart is drawn at its real pixel
 * width (labels keep their size on a phone) rather than scaled. `initial` is used until measured
 * (and where ResizeObserver is missing, as in server rendering).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useWidth(initial: number): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}
