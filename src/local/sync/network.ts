/**
 * Whether the device has a network connection, as the browser reports it (`navigator.onLine` and
 * the `online`/`offline` events, which dedicated workers receive too). "Online" only means a
 * network is there; whether the server answers is the replication's business.
 */
export interface NetworkWatch {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The browser's (or worker's) view; null where there is none (Node), so callers use setOnline. */
export function browserNetwork(): NetworkWatch | null {
  const g = globalThis as { navigator?: { onLine?: boolean } } & Partial<EventTargetLike>;
  if (typeof g.navigator?.onLine !== 'boolean' || typeof g.addEventListener !== 'function' || typeof g.removeEventListener !== 'function') return null;
  const target = g as EventTargetLike;
  return {
    isOnline: () => g.navigator?.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      target.addEventListener('online', on);
      target.addEventListener('offline', off);
      return () => {
        target.removeEventListener('online', on);
        target.removeEventListener('offline', off);
      };
    },
  };
}
