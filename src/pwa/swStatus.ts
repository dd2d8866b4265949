/**
 * The service worker as the /pwa page shows it. UpdatePrompt owns the registration (one
 * registration, one update path) and publishes here what it learns: the registration, a failure,
 * and whether a new version waits, with the very action its Reload button runs.
 */
import { create } from 'zustand';

export interface SwStatusState {
  registration: ServiceWorkerRegistration | null;
  /** Why registration failed, when it did. */
  registrationError: string | null;
  /**
   * A new version is installed and waiting. Unlike the prompt's own flag, "Later" does not clear
   * it: the worker still waits, and /pwa keeps offering it.
   */
  updateAvailable: boolean;
  /** Runs the update prompt's Reload: finish pending writes, activate the waiting worker, reload. */
  applyUpdate: (() => Promise<void>) | null;
}

export const useSwStatus = create<SwStatusState>()(() => ({
  registration: null,
  registrationError: null,
  updateAvailable: false,
  applyUpdate: null,
}));

/** The build this page runs (vite.config.ts `define`); the service worker serving it is the same build. */
export const BUILD_ID: string = typeof __EARNEST_BUILD__ === 'string' ? __EARNEST_BUILD__ : 'dev';

/**
 * The build id is `Date.now().toString(36)` at build time, so it also says when the build was
 * made. Returns null for ids that are not such a timestamp (a development server's "dev").
 */
export function buildTime(id: string): Date | null {
  if (!/^[0-9a-z]{6,10}$/.test(id)) return null;
  const ms = parseInt(id, 36);
  // Builds of this project are from 2024 onwards and never in the far future.
  if (!(ms >= Date.UTC(2024, 0, 1)) || ms > Date.UTC(2100, 0, 1)) return null;
  return new Date(ms);
}

/** "27 Nov 2025, 02:59" in the device's time zone. */
export function formatBuildTime(d: Date): string {
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** What the browser says about the worker, without its objects (so it can be described and tested). */
export interface WorkerSnapshot {
  supported: boolean;
  registrationError: string | null;
  registered: boolean;
  /** State of the active worker, if any. */
  active: ServiceWorkerState | null;
  installing: boolean;
  waiting: boolean;
  /** A service worker controls this page (it answers its requests, so a reload works offline). */
  controlled: boolean;
}

export interface WorkerDescription {
  label: string;
  detail: string;
  /** True when this page will reload and run with no connection. */
  worksOffline: boolean;
}

export function describeWorker(s: WorkerSnapshot): WorkerDescription {
  if (!s.supported) {
    return {
      label: 'Not available',
      detail: 'This browser (or a private window) does not run service workers, so Earnest opens here only while online.',
      worksOffline: false,
    };
  }
  if (s.registrationError) {
    return {
      label: 'Not installed',
      detail: `The service worker could not be installed (${s.registrationError}). Earnest opens here only while online; reload the page to try again.`,
      worksOffline: false,
    };
  }
  if (!s.registered) {
    return { label: 'Starting', detail: 'The service worker is being set up.', worksOffline: false };
  }
  if (!s.active || s.active === 'redundant') {
    return { label: 'Downloading', detail: 'Earnest is saving itself to this device for offline use. Keep this page open for a moment.', worksOffline: false };
  }
  if (s.active !== 'activated') {
    return { label: 'Activating', detail: 'The service worker is taking over this page.', worksOffline: false };
  }
  if (!s.controlled) {
    return {
      label: 'Installed',
      detail: 'The service worker is installed but does not serve this page (a forced reload bypasses it). Reload normally to work offline.',
      worksOffline: false,
    };
  }
  return { label: 'Active', detail: 'Earnest is saved on this device: it opens and works with no connection.', worksOffline: true };
}

/** Reads the snapshot from the browser objects. */
export function workerSnapshot(
  container: Pick<ServiceWorkerContainer, 'controller'> | undefined,
  registration: ServiceWorkerRegistration | null,
  registrationError: string | null,
): WorkerSnapshot {
  return {
    supported: container !== undefined,
    registrationError,
    registered: registration !== null,
    active: registration?.active?.state ?? null,
    installing: !!registration?.installing,
    waiting: !!registration?.waiting,
    controlled: !!container?.controller,
  };
}
