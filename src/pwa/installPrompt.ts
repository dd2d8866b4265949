/**
 * Installing Earnest as an app. Chromium browsers fire `beforeinstallprompt` once per page load,
 * early and on whatever page is open, so it is captured at start-up (main.tsx calls
 * startInstallCapture) and kept here until /pwa-install offers it. Safari and Firefox never fire
 * it: there the page gives the browser's own steps instead.
 */
import { create } from 'zustand';

/** The non-standard event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The captured event while it can still be used (prompt() works once). */
  deferred: BeforeInstallPromptEvent | null;
  /** Running as the installed app (standalone window or iOS home-screen app). */
  standalone: boolean;
  /** The browser reported the install (`appinstalled`) during this visit. */
  installedNow: boolean;
  /** The answer to our prompt this visit; null before (or without) one. */
  outcome: 'accepted' | 'dismissed' | null;
}

export const useInstall = create<InstallState>()(() => ({ deferred: null, standalone: false, installedNow: false, outcome: null }));

/** The window properties the capture reads; a real window in the app, a stand-in in tests. */
export interface InstallWindow extends EventTarget {
  matchMedia?: (query: string) => { matches: boolean };
  /** iOS Safari's own flag (not in TypeScript's DOM types). */
  navigator?: object & { standalone?: boolean };
}

/** True when this page runs as the installed app: the standalone display mode, or iOS's own flag. */
export function isStandalone(win: InstallWindow): boolean {
  if (win.navigator?.standalone === true) return true;
  try {
    return !!win.matchMedia?.('(display-mode: standalone)').matches;
  } catch {
    return false;
  }
}

let stop: (() => void) | null = null;

/** Starts listening (once; later calls do nothing) and returns how to stop, for tests. */
export function startInstallCapture(win: InstallWindow = window): () => void {
  if (stop) return stop;
  useInstall.setState({ standalone: isStandalone(win) });
  const onPrompt = (event: Event) => {
    // Keep Chromium's mini-infobar away: the install button on /pwa-install asks instead.
    event.preventDefault();
    useInstall.setState({ deferred: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => useInstall.setState({ installedNow: true, deferred: null });
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  stop = () => {
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
    stop = null;
  };
  return stop;
}

/**
 * Shows the browser's install dialog. The event can be used once, so it is dropped whatever the
 * answer; Chromium fires a new one on a later visit if the app is still not installed.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = useInstall.getState().deferred;
  if (!event) return 'unavailable';
  useInstall.setState({ deferred: null });
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    useInstall.setState({ outcome });
    return outcome;
  } catch {
    // prompt() rejects when the browser will not show it now (already shown, or not after a click).
    return 'unavailable';
  }
}

/** The browsers the install page has steps for. */
export type InstallPlatform = 'ios' | 'android' | 'desktop-chromium' | 'mac-safari' | 'desktop-firefox' | 'other';

/**
 * Which steps to show first, from the user agent. iPadOS Safari says it is a Mac; a touch screen
 * gives it away (Macs have none).
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  const ua = userAgent;
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  if (/Firefox\//.test(ua)) return 'desktop-firefox';
  if (/Edg\/|Chrome\/|Chromium\//.test(ua)) return 'desktop-chromium';
  if (/Macintosh/.test(ua) && /Safari\//.test(ua)) return 'mac-safari';
  return 'other';
}
