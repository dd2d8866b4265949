/**
 * Whether the browser is online, kept current from its `online` and `offline` events. The browser
 * knows only whether there is a network at all (a captive portal or a dead server still reads as
 * online), which is what the offline indicator says and no more.
 */
import { useSyncExternalStore } from 'react';

export interface OnlineSource extends EventTarget {
  navigator: { onLine: boolean };
}

/** Calls `onChange` with the new value on every online/offline event; returns how to stop. */
export function watchOnline(source: OnlineSource, onChange: (online: boolean) => void): () => void {
  const update = () => onChange(source.navigator.onLine);
  source.addEventListener('online', update);
  source.addEventListener('offline', update);
  return () => {
    source.removeEventListener('online', update);
    source.removeEventListener('offline', update);
  };
}

const hasWindow = typeof window !== 'undefined';
const subscribe = (notify: () => void) => (hasWindow ? watchOnline(window, notify) : () => undefined);
const current = () => (hasWindow ? window.navigator.onLine : true);

/** navigator.onLine as React state (online when rendered without a window). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, current, () => true);
}
