import { useCallback, useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useSwStatus } from './swStatus';
import { runBeforeUpdate } from './updateHooks';

/** Whether a service worker served this page, read before registering (as workbox-window does). */
const CONTROLLED_AT_START = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/** How often an open tab asks for a new service worker (only while online). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (registerType "prompt") and asks before switching to a new
 * version, so a reload never interrupts work. Also says once when the app is ready offline.
 * What it learns (the registration, a failure, a waiting version and how to apply it) goes to
 * swStatus.ts for the /pwa page, which offers the same Reload rather than an update path of its own.
 */
export function UpdatePrompt() {
  const registrationRef = useRef<ServiceWorkerRegistration | null>(null);
  // "Later" holds for the waiting worker it was said to: workbox-window can report the same waiting
  // worker more than once (seen under load), which must not bring the prompt straight back. A new
  // page load asks again.
  const [dismissed, setDismissed] = useState<ServiceWorker | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      registrationRef.current = registration;
      useSwStatus.setState({ registration, registrationError: null });
      window.setInterval(async () => {
        if (!navigator.onLine || registration.installing) return;
        try {
          // Only ask for an update when the server really answers (not a captive portal).
          const response = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
          if (response.status === 200) await registration.update();
        } catch {
          // Offline or the server is unreachable: try again next hour.
        }
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed; the app will not work offline.', error);
      useSwStatus.setState({ registrationError: error instanceof Error ? error.message : String(error) });
    },
  });

  // The one update action, shared with /pwa: finish pending writes, activate the waiting worker, reload.
  // (updateServiceWorker is the same function for the life of the component.)
  const applyUpdate = useCallback(async () => {
    await runBeforeUpdate();
    // workbox-window reloads on the switch only if a worker already controlled this page when it
    // registered. In the visit that first installed Earnest there was none, so the new worker would
    // take over and the page would keep running the old code with the prompt still up: reload here.
    if (!CONTROLLED_AT_START) navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    await updateServiceWorker(true);
  }, [updateServiceWorker]);
  useEffect(() => {
    // "Later" clears needRefresh but the new version still waits, so this flag is only ever raised.
    if (needRefresh) useSwStatus.setState({ updateAvailable: true, applyUpdate });
  }, [needRefresh, applyUpdate]);

  const waiting = registrationRef.current?.waiting ?? null;
  if (needRefresh && !(dismissed !== null && waiting === dismissed)) {
    return (
      <div className="toast" role="region" aria-label="App update" aria-live="polite">
        <p className="toast-text">A new version is available</p>
        <div className="toast-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void applyUpdate()}
          >
            Reload
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setDismissed(registrationRef.current?.waiting ?? null);
              setNeedRefresh(false);
            }}
          >
            Later
          </button>
        </div>
      </div>
    );
  }

  if (offlineReady) {
    return (
      <div className="toast" role="status" aria-live="polite">
        <p className="toast-text">Earnest is ready to work offline.</p>
        <div className="toast-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOfflineReady(false)}>
            OK
          </button>
        </div>
      </div>
    );
  }

  return null;
}
