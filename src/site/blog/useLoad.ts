import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type Load<T> =
  | { state: 'loading'; data: null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'error'; data: null; error: unknown };

/**
 * Runs `load` when `deps` change and tracks its outcome. An answer that arrives after the inputs
 * changed again (a quick click on "Next") is dropped, so a slow older page never replaces a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Load<T> & { reload: () => void } {
  const [result, setResult] = useState<Load<T>>({ state: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const run = useCallback(load, deps);

  useEffect(() => {
    let current = true;
    setResult({ state: 'loading', data: null, error: null });
    run().then(
      (data) => current && setResult({ state: 'ready', data, error: null }),
      (error: unknown) => current && setResult({ state: 'error', data: null, error }),
    );
    return () => {
      current = false;
    };
  }, [run, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, reload };
}
